-- Schema 015: the lean row's table, filled before schema 016 puts it in place of `puzzles`.
--
-- A row of schema 14 cost about 610 bytes with its indexes, 373 of them text: givens and
-- solution as 81 characters each, both canonical forms (the key's source, derivable from the
-- givens), and the technique uses as JSON. A lean row stores:
--   - givens and solution packed, a digit a nibble (41 bytes each, the last nibble 0; a digit 0
--     is an empty cell). `givens` and `solution` are virtual columns that show the 81-character
--     text as before: hex() of the nibbles is the digits.
--   - no canonical forms. canonical_key stays; the writers compute a form from the givens when
--     they compare two (a duplicate against a key's holder). A collision row
--     (schema/004_canonical_key.sql: its key is taken by another form) keeps its form in
--     collision_canonical, under the partial UNIQUE index that keeps those forms unique; every
--     other row has it NULL.
--   - the technique uses as `uses`: for each technique used, in the rater's order, its code and
--     the count ('C2H44': 2 hidden singles in a box, 44 naked singles). The JSON object of before
--     is the view puzzle_techniques (schema 016), not a column: SQLite computes a table's
--     virtual columns on every INSERT, and that one would cost the store more than the rest of
--     the row. `hardest_code` is the hardest technique's code and `hardest` its name. The codes
--     are fixed (table technique_codes): a technique added later gets a new one in the schema
--     step that rates its rows.
--   - level and clue_level computed from rating_tenths and clues (they were always
--     RatingLevel(rating) and ClueClassOf(clues), which `verify` checked), with the bands of
--     src/core/rate/rating.cc and src/core/rate/scorer.cc.
-- The index on clues alone is not made again: a query on a clue count ranges over
-- (level, clues), one seek per level (the tool's filters name every level; docs/corpus.md).
--
-- The rows are copied in id order, in batches of their own transactions (the schema 016
-- backfill, src/storage/backfill.cc, through the view lean_row_source below); a killed
-- migration resumes after the last copied id. The indexes are made by schema 016, on the full
-- table.

CREATE TABLE puzzles_lean (
  id                  INTEGER PRIMARY KEY,
  run_id              INTEGER NOT NULL REFERENCES runs(id),
  item_index          INTEGER NOT NULL,
  givens TEXT GENERATED ALWAYS AS (replace(substr(hex(givens_packed), 1, 81), '0', '.')) VIRTUAL,
  solution TEXT GENERATED ALWAYS AS (substr(hex(solution_packed), 1, 81)) VIRTUAL,
  clues               INTEGER NOT NULL,
  freedom             INTEGER NOT NULL,
  level TEXT GENERATED ALWAYS AS (
    CASE
      WHEN rating_tenths IS NULL THEN NULL
      WHEN rating_tenths <= 12 THEN 'beginner'
      WHEN rating_tenths <= 23 THEN 'easy'
      WHEN rating_tenths <= 34 THEN 'medium'
      WHEN rating_tenths <= 64 THEN 'hard'
      WHEN rating_tenths <= 79 THEN 'expert'
      ELSE 'extreme'
    END) VIRTUAL,
  symmetry            TEXT    NOT NULL,
  grid_method         TEXT    NOT NULL,
  dig_order           TEXT    NOT NULL DEFAULT 'random',
  clue_level TEXT GENERATED ALWAYS AS (
    CASE WHEN clues >= 47 THEN 'easy' WHEN clues >= 32 THEN 'medium' ELSE 'hard' END) VIRTUAL,
  rating REAL GENERATED ALWAYS AS (rating_tenths / 10.0) VIRTUAL,
  ep REAL GENERATED ALWAYS AS (ep_tenths / 10.0) VIRTUAL,
  ed REAL GENERATED ALWAYS AS (ed_tenths / 10.0) VIRTUAL,
  hardest TEXT GENERATED ALWAYS AS (
    CASE hardest_code
      WHEN 'A' THEN 'none'
      WHEN 'B' THEN 'full-house'
      WHEN 'C' THEN 'hidden-single-box'
      WHEN 'D' THEN 'hidden-single-line'
      WHEN 'E' THEN 'direct-pointing'
      WHEN 'F' THEN 'direct-claiming'
      WHEN 'G' THEN 'direct-hidden-pair'
      WHEN 'H' THEN 'naked-single'
      WHEN 'I' THEN 'direct-hidden-triple'
      WHEN 'J' THEN 'pointing'
      WHEN 'K' THEN 'claiming'
      WHEN 'L' THEN 'naked-pair'
      WHEN 'M' THEN 'x-wing'
      WHEN 'N' THEN 'hidden-pair'
      WHEN 'O' THEN 'naked-triple'
      WHEN 'P' THEN 'swordfish'
      WHEN 'Q' THEN 'hidden-triple'
      WHEN 'R' THEN 'xy-wing'
      WHEN 'S' THEN 'xyz-wing'
      WHEN 'T' THEN 'unique-rectangle-1'
      WHEN 'U' THEN 'unique-rectangle-2'
      WHEN 'V' THEN 'unique-rectangle-3'
      WHEN 'W' THEN 'unique-rectangle-4'
      WHEN 'X' THEN 'unique-loop'
      WHEN 'Y' THEN 'naked-quad'
      WHEN 'Z' THEN 'jellyfish'
      WHEN '!' THEN 'hidden-quad'
      WHEN '#' THEN 'bug-plus-one'
      WHEN '$' THEN 'bug-type-2'
      WHEN '%' THEN 'bug-type-4'
      WHEN '&' THEN 'bug-type-3'
      WHEN '(' THEN 'aligned-pair-exclusion'
      WHEN ')' THEN 'y-cycle'
      WHEN '*' THEN 'x-cycle'
      WHEN '+' THEN 'skyscraper'
      WHEN '.' THEN 'two-string-kite'
      WHEN '/' THEN 'x-chain'
      WHEN ';' THEN 'xy-cycle'
      WHEN '<' THEN 'xy-chain'
      WHEN '=' THEN 'forcing-chain'
      WHEN '>' THEN 'w-wing'
      WHEN '?' THEN 'aligned-triple-exclusion'
      WHEN '@' THEN 'nishio-forcing-chain'
      WHEN '[' THEN 'cell-forcing-chain'
      WHEN ']' THEN 'region-forcing-chain'
      WHEN '^' THEN 'dynamic-forcing-chain'
      WHEN '_' THEN 'dynamic-forcing-chain-plus'
      WHEN '|' THEN 'nested-forcing-chain'
      WHEN '~' THEN 'guess'
    END) VIRTUAL,
  guesses             INTEGER,
  canonical_key       INTEGER,
  collision_canonical TEXT CHECK (length(collision_canonical) = 81),
  givens_packed       BLOB    NOT NULL CHECK (length(givens_packed) = 41),
  solution_packed     BLOB    NOT NULL CHECK (length(solution_packed) = 41),
  rating_tenths       INTEGER,
  ep_tenths           INTEGER,
  ed_tenths           INTEGER,
  hardest_code        TEXT    CHECK (length(hardest_code) = 1),
  uses                TEXT    CHECK (uses NOT GLOB '*[a-z"]*'),
  UNIQUE (run_id, item_index)
);

-- The codes, for SQL users who read `uses` or `hardest_code` directly.
CREATE TABLE technique_codes (code TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE) WITHOUT ROWID;
INSERT INTO technique_codes(code, name) VALUES
  ('A', 'none'),
  ('B', 'full-house'),
  ('C', 'hidden-single-box'),
  ('D', 'hidden-single-line'),
  ('E', 'direct-pointing'),
  ('F', 'direct-claiming'),
  ('G', 'direct-hidden-pair'),
  ('H', 'naked-single'),
  ('I', 'direct-hidden-triple'),
  ('J', 'pointing'),
  ('K', 'claiming'),
  ('L', 'naked-pair'),
  ('M', 'x-wing'),
  ('N', 'hidden-pair'),
  ('O', 'naked-triple'),
  ('P', 'swordfish'),
  ('Q', 'hidden-triple'),
  ('R', 'xy-wing'),
  ('S', 'xyz-wing'),
  ('T', 'unique-rectangle-1'),
  ('U', 'unique-rectangle-2'),
  ('V', 'unique-rectangle-3'),
  ('W', 'unique-rectangle-4'),
  ('X', 'unique-loop'),
  ('Y', 'naked-quad'),
  ('Z', 'jellyfish'),
  ('!', 'hidden-quad'),
  ('#', 'bug-plus-one'),
  ('$', 'bug-type-2'),
  ('%', 'bug-type-4'),
  ('&', 'bug-type-3'),
  ('(', 'aligned-pair-exclusion'),
  (')', 'y-cycle'),
  ('*', 'x-cycle'),
  ('+', 'skyscraper'),
  ('.', 'two-string-kite'),
  ('/', 'x-chain'),
  (';', 'xy-cycle'),
  ('<', 'xy-chain'),
  ('=', 'forcing-chain'),
  ('>', 'w-wing'),
  ('?', 'aligned-triple-exclusion'),
  ('@', 'nishio-forcing-chain'),
  ('[', 'cell-forcing-chain'),
  (']', 'region-forcing-chain'),
  ('^', 'dynamic-forcing-chain'),
  ('_', 'dynamic-forcing-chain-plus'),
  ('|', 'nested-forcing-chain'),
  ('~', 'guess');

-- A schema-14 row as the lean table takes it (sudoku_pack_grid: Connection::RegisterFunctions).
-- A schema-1 row equivalent to an earlier one has neither key nor form: it stays so.
CREATE VIEW lean_row_source AS
SELECT id, run_id, item_index, clues, freedom, symmetry, grid_method, dig_order, guesses,
  canonical_key,
  CASE WHEN canonical_key IS NULL THEN canonical END AS collision_canonical,
  sudoku_pack_grid(givens) AS givens_packed,
  sudoku_pack_grid(solution) AS solution_packed,
  rating_tenths, ep_tenths, ed_tenths,
  CASE WHEN hardest IS NULL THEN NULL ELSE
    CASE hardest
      WHEN 'none' THEN 'A'
      WHEN 'full-house' THEN 'B'
      WHEN 'hidden-single-box' THEN 'C'
      WHEN 'hidden-single-line' THEN 'D'
      WHEN 'direct-pointing' THEN 'E'
      WHEN 'direct-claiming' THEN 'F'
      WHEN 'direct-hidden-pair' THEN 'G'
      WHEN 'naked-single' THEN 'H'
      WHEN 'direct-hidden-triple' THEN 'I'
      WHEN 'pointing' THEN 'J'
      WHEN 'claiming' THEN 'K'
      WHEN 'naked-pair' THEN 'L'
      WHEN 'x-wing' THEN 'M'
      WHEN 'hidden-pair' THEN 'N'
      WHEN 'naked-triple' THEN 'O'
      WHEN 'swordfish' THEN 'P'
      WHEN 'hidden-triple' THEN 'Q'
      WHEN 'xy-wing' THEN 'R'
      WHEN 'xyz-wing' THEN 'S'
      WHEN 'unique-rectangle-1' THEN 'T'
      WHEN 'unique-rectangle-2' THEN 'U'
      WHEN 'unique-rectangle-3' THEN 'V'
      WHEN 'unique-rectangle-4' THEN 'W'
      WHEN 'unique-loop' THEN 'X'
      WHEN 'naked-quad' THEN 'Y'
      WHEN 'jellyfish' THEN 'Z'
      WHEN 'hidden-quad' THEN '!'
      WHEN 'bug-plus-one' THEN '#'
      WHEN 'bug-type-2' THEN '$'
      WHEN 'bug-type-4' THEN '%'
      WHEN 'bug-type-3' THEN '&'
      WHEN 'aligned-pair-exclusion' THEN '('
      WHEN 'y-cycle' THEN ')'
      WHEN 'x-cycle' THEN '*'
      WHEN 'skyscraper' THEN '+'
      WHEN 'two-string-kite' THEN '.'
      WHEN 'x-chain' THEN '/'
      WHEN 'xy-cycle' THEN ';'
      WHEN 'xy-chain' THEN '<'
      WHEN 'forcing-chain' THEN '='
      WHEN 'w-wing' THEN '>'
      WHEN 'aligned-triple-exclusion' THEN '?'
      WHEN 'nishio-forcing-chain' THEN '@'
      WHEN 'cell-forcing-chain' THEN '['
      WHEN 'region-forcing-chain' THEN ']'
      WHEN 'dynamic-forcing-chain' THEN '^'
      WHEN 'dynamic-forcing-chain-plus' THEN '_'
      WHEN 'nested-forcing-chain' THEN '|'
      WHEN 'guess' THEN '~'
      ELSE '?' || hardest
    END END AS hardest_code,
  CASE WHEN techniques IS NULL THEN NULL ELSE
    ''
      || iif(instr(techniques, '"none":'), 'A' || CAST(substr(techniques, instr(techniques, '"none":') + 7) AS INTEGER), '')
      || iif(instr(techniques, '"full-house":'), 'B' || CAST(substr(techniques, instr(techniques, '"full-house":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"hidden-single-box":'), 'C' || CAST(substr(techniques, instr(techniques, '"hidden-single-box":') + 20) AS INTEGER), '')
      || iif(instr(techniques, '"hidden-single-line":'), 'D' || CAST(substr(techniques, instr(techniques, '"hidden-single-line":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"direct-pointing":'), 'E' || CAST(substr(techniques, instr(techniques, '"direct-pointing":') + 18) AS INTEGER), '')
      || iif(instr(techniques, '"direct-claiming":'), 'F' || CAST(substr(techniques, instr(techniques, '"direct-claiming":') + 18) AS INTEGER), '')
      || iif(instr(techniques, '"direct-hidden-pair":'), 'G' || CAST(substr(techniques, instr(techniques, '"direct-hidden-pair":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"naked-single":'), 'H' || CAST(substr(techniques, instr(techniques, '"naked-single":') + 15) AS INTEGER), '')
      || iif(instr(techniques, '"direct-hidden-triple":'), 'I' || CAST(substr(techniques, instr(techniques, '"direct-hidden-triple":') + 23) AS INTEGER), '')
      || iif(instr(techniques, '"pointing":'), 'J' || CAST(substr(techniques, instr(techniques, '"pointing":') + 11) AS INTEGER), '')
      || iif(instr(techniques, '"claiming":'), 'K' || CAST(substr(techniques, instr(techniques, '"claiming":') + 11) AS INTEGER), '')
      || iif(instr(techniques, '"naked-pair":'), 'L' || CAST(substr(techniques, instr(techniques, '"naked-pair":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"x-wing":'), 'M' || CAST(substr(techniques, instr(techniques, '"x-wing":') + 9) AS INTEGER), '')
      || iif(instr(techniques, '"hidden-pair":'), 'N' || CAST(substr(techniques, instr(techniques, '"hidden-pair":') + 14) AS INTEGER), '')
      || iif(instr(techniques, '"naked-triple":'), 'O' || CAST(substr(techniques, instr(techniques, '"naked-triple":') + 15) AS INTEGER), '')
      || iif(instr(techniques, '"swordfish":'), 'P' || CAST(substr(techniques, instr(techniques, '"swordfish":') + 12) AS INTEGER), '')
      || iif(instr(techniques, '"hidden-triple":'), 'Q' || CAST(substr(techniques, instr(techniques, '"hidden-triple":') + 16) AS INTEGER), '')
      || iif(instr(techniques, '"xy-wing":'), 'R' || CAST(substr(techniques, instr(techniques, '"xy-wing":') + 10) AS INTEGER), '')
      || iif(instr(techniques, '"xyz-wing":'), 'S' || CAST(substr(techniques, instr(techniques, '"xyz-wing":') + 11) AS INTEGER), '')
      || iif(instr(techniques, '"unique-rectangle-1":'), 'T' || CAST(substr(techniques, instr(techniques, '"unique-rectangle-1":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"unique-rectangle-2":'), 'U' || CAST(substr(techniques, instr(techniques, '"unique-rectangle-2":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"unique-rectangle-3":'), 'V' || CAST(substr(techniques, instr(techniques, '"unique-rectangle-3":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"unique-rectangle-4":'), 'W' || CAST(substr(techniques, instr(techniques, '"unique-rectangle-4":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"unique-loop":'), 'X' || CAST(substr(techniques, instr(techniques, '"unique-loop":') + 14) AS INTEGER), '')
      || iif(instr(techniques, '"naked-quad":'), 'Y' || CAST(substr(techniques, instr(techniques, '"naked-quad":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"jellyfish":'), 'Z' || CAST(substr(techniques, instr(techniques, '"jellyfish":') + 12) AS INTEGER), '')
      || iif(instr(techniques, '"hidden-quad":'), '!' || CAST(substr(techniques, instr(techniques, '"hidden-quad":') + 14) AS INTEGER), '')
      || iif(instr(techniques, '"bug-plus-one":'), '#' || CAST(substr(techniques, instr(techniques, '"bug-plus-one":') + 15) AS INTEGER), '')
      || iif(instr(techniques, '"bug-type-2":'), '$' || CAST(substr(techniques, instr(techniques, '"bug-type-2":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"bug-type-4":'), '%' || CAST(substr(techniques, instr(techniques, '"bug-type-4":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"bug-type-3":'), '&' || CAST(substr(techniques, instr(techniques, '"bug-type-3":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"aligned-pair-exclusion":'), '(' || CAST(substr(techniques, instr(techniques, '"aligned-pair-exclusion":') + 25) AS INTEGER), '')
      || iif(instr(techniques, '"y-cycle":'), ')' || CAST(substr(techniques, instr(techniques, '"y-cycle":') + 10) AS INTEGER), '')
      || iif(instr(techniques, '"x-cycle":'), '*' || CAST(substr(techniques, instr(techniques, '"x-cycle":') + 10) AS INTEGER), '')
      || iif(instr(techniques, '"skyscraper":'), '+' || CAST(substr(techniques, instr(techniques, '"skyscraper":') + 13) AS INTEGER), '')
      || iif(instr(techniques, '"two-string-kite":'), '.' || CAST(substr(techniques, instr(techniques, '"two-string-kite":') + 18) AS INTEGER), '')
      || iif(instr(techniques, '"x-chain":'), '/' || CAST(substr(techniques, instr(techniques, '"x-chain":') + 10) AS INTEGER), '')
      || iif(instr(techniques, '"xy-cycle":'), ';' || CAST(substr(techniques, instr(techniques, '"xy-cycle":') + 11) AS INTEGER), '')
      || iif(instr(techniques, '"xy-chain":'), '<' || CAST(substr(techniques, instr(techniques, '"xy-chain":') + 11) AS INTEGER), '')
      || iif(instr(techniques, '"forcing-chain":'), '=' || CAST(substr(techniques, instr(techniques, '"forcing-chain":') + 16) AS INTEGER), '')
      || iif(instr(techniques, '"w-wing":'), '>' || CAST(substr(techniques, instr(techniques, '"w-wing":') + 9) AS INTEGER), '')
      || iif(instr(techniques, '"aligned-triple-exclusion":'), '?' || CAST(substr(techniques, instr(techniques, '"aligned-triple-exclusion":') + 27) AS INTEGER), '')
      || iif(instr(techniques, '"nishio-forcing-chain":'), '@' || CAST(substr(techniques, instr(techniques, '"nishio-forcing-chain":') + 23) AS INTEGER), '')
      || iif(instr(techniques, '"cell-forcing-chain":'), '[' || CAST(substr(techniques, instr(techniques, '"cell-forcing-chain":') + 21) AS INTEGER), '')
      || iif(instr(techniques, '"region-forcing-chain":'), ']' || CAST(substr(techniques, instr(techniques, '"region-forcing-chain":') + 23) AS INTEGER), '')
      || iif(instr(techniques, '"dynamic-forcing-chain":'), '^' || CAST(substr(techniques, instr(techniques, '"dynamic-forcing-chain":') + 24) AS INTEGER), '')
      || iif(instr(techniques, '"dynamic-forcing-chain-plus":'), '_' || CAST(substr(techniques, instr(techniques, '"dynamic-forcing-chain-plus":') + 29) AS INTEGER), '')
      || iif(instr(techniques, '"nested-forcing-chain":'), '|' || CAST(substr(techniques, instr(techniques, '"nested-forcing-chain":') + 23) AS INTEGER), '')
      || iif(instr(techniques, '"guess":'), '~' || CAST(substr(techniques, instr(techniques, '"guess":') + 8) AS INTEGER), '')
      -- A name without a code would be lost: its text makes the row fail the CHECK on uses.
      || coalesce((SELECT '?' || group_concat(j.key) FROM json_each(techniques) AS j
                   WHERE j.key NOT IN (SELECT name FROM technique_codes)), '')
    END AS uses
FROM puzzles;
