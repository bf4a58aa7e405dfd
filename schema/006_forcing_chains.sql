-- Schema 006: ratings with Sudoku Explainer's forcing chains (no column changes).
--
-- The rater finds SE's forcing chains (mixed chains 7.0 and up, Nishio forcing chains 7.5 and
-- up; docs/rating.md), which rate many puzzles that needed a guess (10.0) before, so the rating,
-- level, hardest technique and technique uses that earlier versions stored differ from what this
-- version computes. The versions that made this file rated every stored puzzle again before it;
-- since schema 7 rates them again, that one re-rate is left to schema 7 (its file says how), and
-- this file only drops the progress a killed re-rate of an older version may have left.

DROP TABLE IF EXISTS schema_backfill;
