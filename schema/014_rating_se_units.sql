-- Schema 014: ratings in Sudoku Explainer's units, as users read and type them everywhere else.
--
-- rating, ep and ed were integer tenths (SE 7.2 was 72) while `rate`, `export`, `stats` and the
-- app pack show 7.2. The integers stay, under names that say their unit (rating_tenths,
-- ep_tenths, ed_tenths): the tool writes and compares them exactly. rating, ep and ed are now
-- virtual generated columns in SE units (7.2), computed when read: no byte on disk and no row
-- rewritten, so the step costs a 10-million-row corpus the one index below. The rating index
-- moves to the SE-unit column, so `WHERE rating BETWEEN 4.2 AND 6.4` is a range of it. The value
-- is the double nearest to the tenths / 10, so equality with a typed 7.2 holds.
--
-- Generated columns need SQLite 3.31 or later to read the file (Debian 12 ships 3.40).

DROP INDEX puzzles_rating;
ALTER TABLE puzzles RENAME COLUMN rating TO rating_tenths;
ALTER TABLE puzzles RENAME COLUMN ep TO ep_tenths;
ALTER TABLE puzzles RENAME COLUMN ed TO ed_tenths;
ALTER TABLE puzzles ADD COLUMN rating REAL GENERATED ALWAYS AS (rating_tenths / 10.0) VIRTUAL;
ALTER TABLE puzzles ADD COLUMN ep REAL GENERATED ALWAYS AS (ep_tenths / 10.0) VIRTUAL;
ALTER TABLE puzzles ADD COLUMN ed REAL GENERATED ALWAYS AS (ed_tenths / 10.0) VIRTUAL;
CREATE INDEX puzzles_rating ON puzzles(rating);
