-- Schema 001: the first corpus layout (PRAGMA user_version = 1 once applied).
--
-- runs: one row per `generate` invocation. `seed` is the run seed as decimal text (a uint64 may
-- exceed SQLite's INT64_MAX); `params` is the generation parameters as a JSON object;
-- timestamps are ISO-8601 UTC text made by SQLite (strftime('%Y-%m-%dT%H:%M:%fZ','now'));
-- `requested` is how many puzzles were asked for and `written` how many are committed so far
-- (it grows with each batch, in the batch's own transaction).
-- puzzles: one row per stored puzzle. `givens` is the 81-character text form ('.' empty),
-- `solution` its unique solution (81 digits); (run_id, item_index) identifies the item that
-- produced it, so a run's puzzles are reproducible from (seed, item_index).
--
-- The store applies each schema/NNN_*.sql in its own transaction and then sets
-- PRAGMA user_version = NNN. Later files migrate older corpora; never edit an applied file.
-- Stored names (status, level, symmetry, grid_method values) are never renamed.

CREATE TABLE runs (
  id           INTEGER PRIMARY KEY,
  seed         TEXT    NOT NULL,  -- decimal uint64
  params       TEXT    NOT NULL,  -- JSON object
  tool_version TEXT    NOT NULL,  -- e.g. 'sudoku-corpus 0.1.0'
  started_at   TEXT    NOT NULL,  -- ISO-8601 UTC, e.g. '2024-05-01T12:00:00.000Z'
  finished_at  TEXT,              -- NULL while running
  requested    INTEGER NOT NULL,
  written      INTEGER NOT NULL DEFAULT 0,
  status       TEXT    NOT NULL
               CHECK (status IN ('running', 'finished', 'interrupted', 'failed'))
);

CREATE TABLE puzzles (
  id          INTEGER PRIMARY KEY,
  run_id      INTEGER NOT NULL REFERENCES runs(id),
  item_index  INTEGER NOT NULL,  -- 0-based position of the item within its run
  givens      TEXT    NOT NULL CHECK (length(givens) = 81),
  solution    TEXT    NOT NULL CHECK (length(solution) = 81),
  clues       INTEGER NOT NULL,  -- number of givens
  freedom     INTEGER NOT NULL,  -- total freedom of the empty cells (SPEC "freedom")
  level       TEXT    NOT NULL,
  symmetry    TEXT    NOT NULL,  -- symmetry used when digging, 'none' if any
  grid_method TEXT    NOT NULL,  -- how the finished grid was made, e.g. 'search'
  UNIQUE (run_id, item_index)
);

-- Filters used by `export`, `stats` and apps: by level (optionally with a clue range), by clue
-- count, by freedom. Per-run queries use the UNIQUE (run_id, item_index) index.
CREATE INDEX puzzles_level_clues ON puzzles(level, clues);
CREATE INDEX puzzles_clues ON puzzles(clues);
CREATE INDEX puzzles_freedom ON puzzles(freedom);
