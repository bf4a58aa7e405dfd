-- Schema 009: ratings with Sudoku Explainer's dynamic forcing chains (+) (no column changes).
--
-- The rater finds SE's dynamic forcing chains with pointing, claiming, hidden and naked pairs and
-- X-wings inside them (9.0 and up; docs/rating.md), where earlier versions guessed: a puzzle that
-- needed a guess may now rate 9.0 to about 10.5 with fewer guesses or none, and name the new
-- technique `dynamic-forcing-chain-plus`. Before this file, the store rates stored puzzles again
-- in batches of their own transactions (storage/backfill.cc): from schema 8 only the rows with a
-- guess (the others rate as they did), from older schemas every row (the re-rate of schema 8 is
-- left to this one; schema_rerate_every_row marks it); it keeps its progress in schema_backfill,
-- so that a killed migration resumes after its last batch. This file ends the step: a corpus of
-- version 9 holds only this rater's ratings.

DROP TABLE IF EXISTS schema_backfill;
DROP TABLE IF EXISTS schema_rerate_every_row;
