-- Schema 016: the lean row (schema/015_lean_row_table.sql) in place of the schema-14 table.
--
-- Applied once the schema 016 backfill has copied every row into puzzles_lean. The indexes are
-- those of schema 14 but the one on clues alone, with the collision forms' index on its new
-- column; the view puzzle_techniques shows the technique uses as JSON. The old table's pages go
-- to the file's free list; the migration then runs VACUUM to give them back
-- (src/storage/migrate.cc), which a kill only postpones (`sqlite3 x.db VACUUM` does it too).

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

-- The technique uses as the JSON object of schema 14 (TechniqueUsesJson), one term a technique in
-- the rater's order; a CAST of text to INTEGER reads the digits after a code and stops at the
-- next code. `SELECT givens FROM puzzles JOIN puzzle_techniques USING (id) WHERE
-- json_extract(techniques, '$."x-wing"') > 0`; the tool's own filters read `uses` directly.
CREATE VIEW puzzle_techniques AS
SELECT id,
    '{' || substr(''
      || iif(instr(uses, 'A'), ',"none":' || CAST(substr(uses, instr(uses, 'A') + 1) AS INTEGER), '')
      || iif(instr(uses, 'B'), ',"full-house":' || CAST(substr(uses, instr(uses, 'B') + 1) AS INTEGER), '')
      || iif(instr(uses, 'C'), ',"hidden-single-box":' || CAST(substr(uses, instr(uses, 'C') + 1) AS INTEGER), '')
      || iif(instr(uses, 'D'), ',"hidden-single-line":' || CAST(substr(uses, instr(uses, 'D') + 1) AS INTEGER), '')
      || iif(instr(uses, 'E'), ',"direct-pointing":' || CAST(substr(uses, instr(uses, 'E') + 1) AS INTEGER), '')
      || iif(instr(uses, 'F'), ',"direct-claiming":' || CAST(substr(uses, instr(uses, 'F') + 1) AS INTEGER), '')
      || iif(instr(uses, 'G'), ',"direct-hidden-pair":' || CAST(substr(uses, instr(uses, 'G') + 1) AS INTEGER), '')
      || iif(instr(uses, 'H'), ',"naked-single":' || CAST(substr(uses, instr(uses, 'H') + 1) AS INTEGER), '')
      || iif(instr(uses, 'I'), ',"direct-hidden-triple":' || CAST(substr(uses, instr(uses, 'I') + 1) AS INTEGER), '')
      || iif(instr(uses, 'J'), ',"pointing":' || CAST(substr(uses, instr(uses, 'J') + 1) AS INTEGER), '')
      || iif(instr(uses, 'K'), ',"claiming":' || CAST(substr(uses, instr(uses, 'K') + 1) AS INTEGER), '')
      || iif(instr(uses, 'L'), ',"naked-pair":' || CAST(substr(uses, instr(uses, 'L') + 1) AS INTEGER), '')
      || iif(instr(uses, 'M'), ',"x-wing":' || CAST(substr(uses, instr(uses, 'M') + 1) AS INTEGER), '')
      || iif(instr(uses, 'N'), ',"hidden-pair":' || CAST(substr(uses, instr(uses, 'N') + 1) AS INTEGER), '')
      || iif(instr(uses, 'O'), ',"naked-triple":' || CAST(substr(uses, instr(uses, 'O') + 1) AS INTEGER), '')
      || iif(instr(uses, 'P'), ',"swordfish":' || CAST(substr(uses, instr(uses, 'P') + 1) AS INTEGER), '')
      || iif(instr(uses, 'Q'), ',"hidden-triple":' || CAST(substr(uses, instr(uses, 'Q') + 1) AS INTEGER), '')
      || iif(instr(uses, 'R'), ',"xy-wing":' || CAST(substr(uses, instr(uses, 'R') + 1) AS INTEGER), '')
      || iif(instr(uses, 'S'), ',"xyz-wing":' || CAST(substr(uses, instr(uses, 'S') + 1) AS INTEGER), '')
      || iif(instr(uses, 'T'), ',"unique-rectangle-1":' || CAST(substr(uses, instr(uses, 'T') + 1) AS INTEGER), '')
      || iif(instr(uses, 'U'), ',"unique-rectangle-2":' || CAST(substr(uses, instr(uses, 'U') + 1) AS INTEGER), '')
      || iif(instr(uses, 'V'), ',"unique-rectangle-3":' || CAST(substr(uses, instr(uses, 'V') + 1) AS INTEGER), '')
      || iif(instr(uses, 'W'), ',"unique-rectangle-4":' || CAST(substr(uses, instr(uses, 'W') + 1) AS INTEGER), '')
      || iif(instr(uses, 'X'), ',"unique-loop":' || CAST(substr(uses, instr(uses, 'X') + 1) AS INTEGER), '')
      || iif(instr(uses, 'Y'), ',"naked-quad":' || CAST(substr(uses, instr(uses, 'Y') + 1) AS INTEGER), '')
      || iif(instr(uses, 'Z'), ',"jellyfish":' || CAST(substr(uses, instr(uses, 'Z') + 1) AS INTEGER), '')
      || iif(instr(uses, '!'), ',"hidden-quad":' || CAST(substr(uses, instr(uses, '!') + 1) AS INTEGER), '')
      || iif(instr(uses, '#'), ',"bug-plus-one":' || CAST(substr(uses, instr(uses, '#') + 1) AS INTEGER), '')
      || iif(instr(uses, '$'), ',"bug-type-2":' || CAST(substr(uses, instr(uses, '$') + 1) AS INTEGER), '')
      || iif(instr(uses, '%'), ',"bug-type-4":' || CAST(substr(uses, instr(uses, '%') + 1) AS INTEGER), '')
      || iif(instr(uses, '&'), ',"bug-type-3":' || CAST(substr(uses, instr(uses, '&') + 1) AS INTEGER), '')
      || iif(instr(uses, '('), ',"aligned-pair-exclusion":' || CAST(substr(uses, instr(uses, '(') + 1) AS INTEGER), '')
      || iif(instr(uses, ')'), ',"y-cycle":' || CAST(substr(uses, instr(uses, ')') + 1) AS INTEGER), '')
      || iif(instr(uses, '*'), ',"x-cycle":' || CAST(substr(uses, instr(uses, '*') + 1) AS INTEGER), '')
      || iif(instr(uses, '+'), ',"skyscraper":' || CAST(substr(uses, instr(uses, '+') + 1) AS INTEGER), '')
      || iif(instr(uses, '.'), ',"two-string-kite":' || CAST(substr(uses, instr(uses, '.') + 1) AS INTEGER), '')
      || iif(instr(uses, '/'), ',"x-chain":' || CAST(substr(uses, instr(uses, '/') + 1) AS INTEGER), '')
      || iif(instr(uses, ';'), ',"xy-cycle":' || CAST(substr(uses, instr(uses, ';') + 1) AS INTEGER), '')
      || iif(instr(uses, '<'), ',"xy-chain":' || CAST(substr(uses, instr(uses, '<') + 1) AS INTEGER), '')
      || iif(instr(uses, '='), ',"forcing-chain":' || CAST(substr(uses, instr(uses, '=') + 1) AS INTEGER), '')
      || iif(instr(uses, '>'), ',"w-wing":' || CAST(substr(uses, instr(uses, '>') + 1) AS INTEGER), '')
      || iif(instr(uses, '?'), ',"aligned-triple-exclusion":' || CAST(substr(uses, instr(uses, '?') + 1) AS INTEGER), '')
      || iif(instr(uses, '@'), ',"nishio-forcing-chain":' || CAST(substr(uses, instr(uses, '@') + 1) AS INTEGER), '')
      || iif(instr(uses, '['), ',"cell-forcing-chain":' || CAST(substr(uses, instr(uses, '[') + 1) AS INTEGER), '')
      || iif(instr(uses, ']'), ',"region-forcing-chain":' || CAST(substr(uses, instr(uses, ']') + 1) AS INTEGER), '')
      || iif(instr(uses, '^'), ',"dynamic-forcing-chain":' || CAST(substr(uses, instr(uses, '^') + 1) AS INTEGER), '')
      || iif(instr(uses, '_'), ',"dynamic-forcing-chain-plus":' || CAST(substr(uses, instr(uses, '_') + 1) AS INTEGER), '')
      || iif(instr(uses, '|'), ',"nested-forcing-chain":' || CAST(substr(uses, instr(uses, '|') + 1) AS INTEGER), '')
      || iif(instr(uses, '~'), ',"guess":' || CAST(substr(uses, instr(uses, '~') + 1) AS INTEGER), ''),
      2) || '}' AS techniques
FROM puzzles;
