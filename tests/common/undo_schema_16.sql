-- Undoes schema 16 (schema/015_lean_row_table.sql, schema/016_lean_row.sql) on a current corpus,
-- for the tests that age a new corpus into an older schema: the puzzles table of schema 14 again,
-- column for column, with its indexes, technique_codes and the view puzzle_techniques gone,
-- version 14.
--
-- The lean row does not store the canonical forms, and SQLite alone cannot compute them: the
-- caller first fills table undo_forms(id, canonical, solution_canonical) with each row's forms
-- (tests/cli/common.sh from `sudoku-corpus export`, tests/common/sqlite_query.h through the
-- tool's SQL functions). As in schema 14, a collision row keeps its stored form and a schema-1
-- duplicate (neither key nor collision form) gets canonical NULL. This file drops undo_forms.

DROP INDEX puzzles_level_clues;
DROP INDEX puzzles_freedom;
DROP INDEX puzzles_rating;
DROP INDEX puzzles_canonical_key;
DROP INDEX puzzles_canonical_collision;
ALTER TABLE puzzles RENAME TO puzzles_lean;

-- The table as schemas 001 to 014 left it (ALTER TABLE ADD COLUMN appends to the last line).
CREATE TABLE puzzles (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES runs(id),
  item_index  INTEGER NOT NULL,  -- 0-based position of the item within its run
  givens      TEXT    NOT NULL CHECK (length(givens) = 81),
  solution    TEXT    NOT NULL CHECK (length(solution) = 81),
  clues       INTEGER NOT NULL,  -- number of givens
  freedom     INTEGER NOT NULL,  -- total freedom of the empty cells (SPEC "freedom")
  level       TEXT    NOT NULL,
  symmetry    TEXT    NOT NULL,  -- symmetry used when digging, 'none' if any
  grid_method TEXT    NOT NULL, canonical TEXT CHECK (length(canonical) = 81), solution_canonical TEXT CHECK (length(solution_canonical) = 81), dig_order TEXT NOT NULL DEFAULT 'random', clue_level TEXT, rating_tenths INTEGER, hardest TEXT, guesses INTEGER, techniques TEXT CHECK (techniques IS NULL OR json_valid(techniques)), canonical_key INTEGER, ep_tenths INTEGER, ed_tenths INTEGER, rating REAL GENERATED ALWAYS AS (rating_tenths / 10.0) VIRTUAL, ep REAL GENERATED ALWAYS AS (ep_tenths / 10.0) VIRTUAL, ed REAL GENERATED ALWAYS AS (ed_tenths / 10.0) VIRTUAL,  -- how the finished grid was made, e.g. 'search'
  UNIQUE (run_id, item_index)
);
INSERT INTO puzzles (id, run_id, item_index, givens, solution, clues, freedom, level, symmetry,
                     grid_method, canonical, solution_canonical, dig_order, clue_level,
                     rating_tenths, hardest, guesses, techniques, canonical_key, ep_tenths,
                     ed_tenths)
SELECT l.id, l.run_id, l.item_index, l.givens, l.solution, l.clues, l.freedom, l.level,
       l.symmetry, l.grid_method,
       CASE WHEN l.canonical_key IS NULL THEN l.collision_canonical ELSE f.canonical END,
       f.solution_canonical, l.dig_order, l.clue_level, l.rating_tenths, l.hardest, l.guesses,
       t.techniques, l.canonical_key, l.ep_tenths, l.ed_tenths
FROM puzzles_lean AS l LEFT JOIN undo_forms AS f ON f.id = l.id
  JOIN puzzle_techniques AS t ON t.id = l.id
ORDER BY l.id;
DROP VIEW puzzle_techniques;
DROP TABLE puzzles_lean;
DROP TABLE undo_forms;
DROP TABLE technique_codes;

CREATE INDEX puzzles_level_clues ON puzzles(level, clues);
CREATE INDEX puzzles_clues ON puzzles(clues);
CREATE INDEX puzzles_freedom ON puzzles(freedom);
CREATE UNIQUE INDEX puzzles_canonical_key ON puzzles(canonical_key);
CREATE UNIQUE INDEX puzzles_canonical_collision ON puzzles(canonical)
  WHERE canonical_key IS NULL AND canonical IS NOT NULL;
CREATE INDEX puzzles_rating ON puzzles(rating);
PRAGMA user_version = 14;
