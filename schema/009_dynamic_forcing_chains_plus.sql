-- Schema 009: ratings with Sudoku Explainer's dynamic forcing chains (+) (no column changes).
--
-- The rater finds SE's dynamic forcing chains with pointing, claiming, hidden and naked pairs and
-- X-wings inside them (9.0 and up; docs/rating.md), where earlier versions guessed: a puzzle that
-- needed a guess may now rate 9.0 to about 10.5 with fewer guesses or none, and name the new
-- technique `dynamic-forcing-chain-plus`. The store rates the rows again before schema 10's file
-- (storage/backfill.cc), which stands for this re-rate too; table schema_rerate_every_row, left
-- where this version applied schema 8 to older ratings, stays for it.

DROP TABLE IF EXISTS schema_backfill;
