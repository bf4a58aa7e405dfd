-- Schema 010: ratings with Sudoku Explainer's aligned pair and triple exclusions (no column
-- changes).
--
-- The rater takes SE's aligned pair exclusion (6.2) where nothing up to the BUG applies, and the
-- aligned triple exclusion (7.5) where no chain or cycle of SE's first chaining level applies
-- (docs/rating.md): such a puzzle may now rate lower, by another path, and name
-- `aligned-pair-exclusion` or `aligned-triple-exclusion`. Before this file, the store rates stored
-- puzzles again in batches of their own transactions (storage/backfill.cc): from schemas 8 and 9
-- only the rows rated 6.5 or more or with a guess (no other row ever got past the BUG, so they
-- rate as they did), from older schemas every row (table schema_rerate_every_row marks it); it
-- keeps its progress in schema_backfill, so that a killed migration resumes after its last batch.
-- This file ends the step: a corpus of version 10 holds only this rater's ratings.

DROP TABLE IF EXISTS schema_backfill;
DROP TABLE IF EXISTS schema_rerate_every_row;
