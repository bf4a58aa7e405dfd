-- Schema 007: ratings with Sudoku Explainer's multiple forcing chains and Y-cycles (no column
-- changes).
--
-- The rater finds SE's cell and region forcing chains (8.0 and up; docs/rating.md), which rate
-- most puzzles that needed a guess (10.0) before, and SE's Y-cycles (6.5 and up), cheaper than the
-- chains of the same eliminations; the extreme level starts at 8.0 (expert ends at 7.9). So the
-- rating, level, hardest technique and technique uses that earlier versions stored differ from
-- what this version computes. Before this file, the store rates every stored puzzle again, in
-- batches of their own transactions (storage/backfill.cc), and rewrites the rows that changed;
-- it keeps its progress in schema_backfill, so that a killed migration resumes after its last
-- batch. A corpus older than schema 6 is rated once, here (the re-rates of schemas 5 and 6 are
-- left to this one). This file ends the step: a corpus of version 7 holds only this rater's
-- ratings.

DROP TABLE IF EXISTS schema_backfill;
