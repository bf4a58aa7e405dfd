-- Schema 016: the lean row (schema/015_lean_row_table.sql) in place of the schema-14 table.
--
-- Applied once the schema 016 backfill has copied every row into puzzles_lean. The indexes are
-- those of schema 14 but the one on clues alone, with the collision forms' index on their new
-- column. The old table's pages go to the file's free list; the migration then runs VACUUM to
-- give them back (src/storage/migrate.cc), which a kill only postpones (`sqlite3 x.db VACUUM`).

DROP VIEW lean_row_source;
DROP TABLE puzzles;
ALTER TABLE puzzles_lean RENAME TO puzzles;
CREATE INDEX puzzles_level_clues ON puzzles(level, clues);
CREATE INDEX puzzles_freedom ON puzzles(freedom);
CREATE INDEX puzzles_rating ON puzzles(rating);
CREATE UNIQUE INDEX puzzles_canonical_key ON puzzles(canonical_key);
CREATE UNIQUE INDEX puzzles_canonical_collision ON puzzles(collision_canonical)
  WHERE collision_canonical IS NOT NULL;
DROP TABLE IF EXISTS schema_backfill;
