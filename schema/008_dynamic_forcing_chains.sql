-- Schema 008: ratings with Sudoku Explainer's dynamic forcing chains (no column changes).
--
-- The rater finds SE's dynamic forcing chains (8.5 and up; docs/rating.md), which rate almost
-- every puzzle that needed a guess (10.0) before, so the rating, level, hardest technique,
-- guesses and technique uses that earlier versions stored differ from what this version
-- computes. Before this file, the store rates every stored puzzle again, in batches of their own
-- transactions (storage/backfill.cc), and rewrites the rows that changed; it keeps its progress
-- in schema_backfill, so that a killed migration resumes after its last batch. A corpus older
-- than schema 7 is rated once, here (the re-rates of schemas 5, 6 and 7 are left to this one).
-- This file ends the step: a corpus of version 8 holds only this rater's ratings.

DROP TABLE IF EXISTS schema_backfill;
