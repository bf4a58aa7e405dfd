-- Schema 007: ratings with Sudoku Explainer's multiple forcing chains and Y-cycles (no column
-- changes).
--
-- The rater finds SE's cell and region forcing chains (8.0 and up; docs/rating.md), which rate
-- most puzzles that needed a guess (10.0) before, and SE's Y-cycles (6.5 and up), cheaper than the
-- chains of the same eliminations; the extreme level starts at 8.0 (expert ends at 7.9). So the
-- rating, level, hardest technique and technique uses that earlier versions stored differ from
-- what this version computes. The versions that made this file rated every stored puzzle again
-- before it; since schema 8 rates them again, that one re-rate is left to schema 8 (its file says
-- how), and this file only drops the progress a killed re-rate of an older version may have left.

DROP TABLE IF EXISTS schema_backfill;
