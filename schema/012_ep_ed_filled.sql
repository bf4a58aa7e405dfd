-- Schema 012: every row has its ep and ed, and the path of SE's instance order (no column
-- changes).
--
-- The rater takes, where several instances of a technique apply, the one SE takes first
-- (docs/se-rules.md): the same ratings, but some puzzles name another hardest technique of the
-- same rating (a two-string kite for a skyscraper) and uses differ. Before this file the store
-- rates the rows of schema 011 without ep again, from the saved progress in schema_backfill on,
-- sets their ep and ed, and, where the stored rating is this rater's, rewrites their hardest
-- technique, guesses, uses and level where they differ (storage/backfill.cc; a row whose rating
-- differs is left for `verify` to report). This file ends the step: a corpus of version 12 holds this
-- rater's paths.

DROP TABLE IF EXISTS schema_backfill;
