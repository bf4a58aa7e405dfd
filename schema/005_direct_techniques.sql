-- Schema 005: ratings with Sudoku Explainer's direct techniques (no column changes).
--
-- The rater has SE's direct pointing, claiming, hidden pair and hidden triple (SE 1.7-2.5),
-- tries its techniques in SE's order and rates chains on SE's bases (6.6 on one digit, 7.0
-- through cells; docs/rating.md), so the rating, level, hardest technique
-- and technique uses that earlier versions stored differ from what this version computes, and
-- `verify` recomputes. The versions that made this file rated every stored puzzle again before
-- it; since schema 6 rates them again, that one re-rate is left to schema 6 (its file says how),
-- and this file only drops the progress a killed re-rate of an older version may have left.

DROP TABLE IF EXISTS schema_backfill;
