-- Schema 003: difficulty by human technique (issue 6).
--
-- Each puzzle is rated by the logical solver (src/core/rating.cc, include/sudoku/rating.h): the
-- easiest technique that makes progress is always applied, and when none does a cell is set
-- from the solution (a guess). rating is the highest step rating on the Sudoku Explainer scale,
-- in tenths (SE 4.2 is 42; a guess is 100); hardest is the technique of that step (its stable
-- name, e.g. 'xy-wing'); guesses counts the guess steps; techniques is a JSON object of the uses
-- of each technique needed, e.g. {"hidden-single-box": 31, "naked-single": 4, "x-wing": 1}.
--
-- Levels. From this schema on, `level` is the rating band (beginner, easy, medium, hard,
-- expert, extreme; RatingBands()). The clue-count levels of schema 001 (easy, medium, hard by
-- clue count, scorer.h) live on as `clue_level`: this migration copies every existing `level`
-- there, so an old corpus keeps its meaning under that name, and the store then rates every
-- existing row (a step in C++ after this script, storage/backfill.cc) and sets its `level`.

ALTER TABLE puzzles ADD COLUMN clue_level TEXT;
UPDATE puzzles SET clue_level = level;
ALTER TABLE puzzles ADD COLUMN rating INTEGER;
ALTER TABLE puzzles ADD COLUMN hardest TEXT;
ALTER TABLE puzzles ADD COLUMN guesses INTEGER;
ALTER TABLE puzzles ADD COLUMN techniques TEXT CHECK (techniques IS NULL OR json_valid(techniques));

-- Filters by rating (export, stats, apps). A clue_level filter is served by the clues index
-- when it comes with --clues, else by a scan; one index less keeps inserts cheaper.
CREATE INDEX puzzles_rating ON puzzles(rating);
