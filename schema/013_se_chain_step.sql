-- Schema 013: ratings with Sudoku Explainer's chain step (no column changes).
--
-- Where no easier technique applies, the rater takes SE's first hint of its forcing chains and
-- cycles, in SE's order (docs/rating.md): cycles on one digit (x-cycle) and through cells and
-- houses both (xy-cycle) now count, no chain is taken out of SE's order, and a chain that places
-- a digit sets it. Some puzzles rate 0.1 lower (SE's own rating), and many name another hardest
-- technique of the same rating, with other uses, EP and ED. Before this file the store rates the
-- rows that reached the chains (rated 6.5 or more, or with a guess) again, in batches of their
-- own transactions from the saved progress in schema_backfill on, and rewrites those that
-- changed (storage/backfill.cc). This file ends the step: a corpus of version 13 holds this
-- rater's ratings and paths.

DROP TABLE IF EXISTS schema_backfill;
