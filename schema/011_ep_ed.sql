-- Schema 011: Sudoku Explainer's EP and ED beside the rating (ER).
--
-- ep is the highest step rating up to and including the first step that places a digit, ed the
-- first step's rating (docs/se-rules.md, "ER, EP, ED"), in tenths as rating. They are read off
-- the path the rater takes, so a row's ep and ed come with its rating. Rows stored before this
-- file have none: the store fills them in before schema 012's file, in batches of their own
-- transactions (storage/backfill.cc), which a killed migration resumes.

ALTER TABLE puzzles ADD COLUMN ep INTEGER;
ALTER TABLE puzzles ADD COLUMN ed INTEGER;
