-- Schema 002: canonical forms, duplicates and the dig order (issue 5).
--
-- puzzles.canonical is the puzzle's canonical form (src/core/canonical.cc: the lexicographically
-- smallest text form among all equivalent puzzles, '.' before digits). Its UNIQUE index is what
-- keeps a corpus free of equivalent puzzles: the store inserts with ON CONFLICT(canonical) DO
-- NOTHING and counts a conflict as a duplicate. solution_canonical is the canonical form of the
-- solution grid (not unique: many puzzles share a grid), so statistics can count distinct grids.
-- Rows written under schema 001 get both forms when the store migrates the file (a step in C++
-- after this script, storage/migrate.cc); such a row equivalent to an earlier one keeps
-- canonical NULL (UNIQUE allows many NULLs), and `verify` reports it.
--
-- runs.duplicates counts the items not stored because they were duplicates; runs.next_item is
-- one past the last item accounted for (stored or duplicate), where `generate --resume`
-- continues. Before this schema every item was stored, so next_item starts as written.
-- puzzles.dig_order is the order cells were tried in: 'random' or 'per-row'.

ALTER TABLE runs ADD COLUMN duplicates INTEGER NOT NULL DEFAULT 0;
ALTER TABLE runs ADD COLUMN next_item INTEGER NOT NULL DEFAULT 0;
UPDATE runs SET next_item = written;

ALTER TABLE puzzles ADD COLUMN canonical TEXT CHECK (length(canonical) = 81);
ALTER TABLE puzzles ADD COLUMN solution_canonical TEXT CHECK (length(solution_canonical) = 81);
ALTER TABLE puzzles ADD COLUMN dig_order TEXT NOT NULL DEFAULT 'random';

CREATE UNIQUE INDEX puzzles_canonical ON puzzles(canonical);
-- No index for per-method statistics: every index costs each insert (the writer is the one
-- serial stage of the pipeline), and `stats` can afford one scan.
