-- Schema 008: ratings with Sudoku Explainer's dynamic forcing chains (no column changes).
--
-- The rater finds SE's dynamic forcing chains (8.5 and up; docs/rating.md), which rate almost
-- every puzzle that needed a guess (10.0) before, so the rating, level, hardest technique,
-- guesses and technique uses that earlier versions stored differ from what this version
-- computes. The versions that made this file rated every stored puzzle again before it; since
-- schema 9 rates them again, that one re-rate is left to schema 9 (its file says how), and this
-- file only drops the progress a killed re-rate of an older version may have left.

DROP TABLE IF EXISTS schema_backfill;
