-- Schema 005: ratings with Sudoku Explainer's direct techniques (no column changes).
--
-- The rater has SE's direct pointing, claiming, hidden pair and hidden triple (SE 1.7-2.5),
-- tries its techniques in SE's order and rates chains on SE's bases (6.6 on one digit, 7.0
-- through cells; docs/rating.md), so the rating, level, hardest technique
-- and technique uses that earlier versions stored differ from what this version computes, and
-- `verify` recomputes. Before this file, the store rates every stored puzzle again, in batches
-- of their own transactions (storage/backfill.cc), and rewrites the rows that changed; it keeps
-- its progress in schema_backfill, so that a killed migration resumes after its last batch.
-- This file ends the step: a corpus of version 5 holds only this rater's ratings.

DROP TABLE IF EXISTS schema_backfill;
