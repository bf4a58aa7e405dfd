-- Schema 006: ratings with Sudoku Explainer's forcing chains (no column changes).
--
-- The rater finds SE's forcing chains (mixed chains 7.0 and up, Nishio forcing chains 7.5 and
-- up; docs/rating.md), which rate many puzzles that needed a guess (10.0) before, so the rating,
-- level, hardest technique and technique uses that earlier versions stored differ from what this
-- version computes. Before this file, the store rates every stored puzzle again, in batches of
-- their own transactions (storage/backfill.cc), and rewrites the rows that changed; it keeps its
-- progress in schema_backfill, so that a killed migration resumes after its last batch. A corpus
-- older than schema 5 is rated once, here (schema 5's own re-rate is left to this one). This
-- file ends the step: a corpus of version 6 holds only this rater's ratings.

DROP TABLE IF EXISTS schema_backfill;
