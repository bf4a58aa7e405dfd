# Shared by the CLI test scripts (sourced): failing, skipping, and the one-line error check.
fail() { echo "FAIL: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || { echo "SKIP: $1 not installed" >&2; exit 77; }; }
# expect_one_line_error CODE CMD...: CMD exits with CODE and prints exactly one line on stderr.
expect_one_line_error() {
  local want="$1"
  shift
  "$@" >out.txt 2>err.txt
  local got=$?
  [ "$got" -eq "$want" ] || fail "'$*' exited $got, expected $want; stderr: $(cat err.txt)"
  [ "$(wc -l <err.txt)" -eq 1 ] || fail "'$*' printed $(wc -l <err.txt) lines on stderr: $(cat err.txt)"
  grep -q '^sudoku-corpus: ' err.txt || fail "error line lacks the program name: $(cat err.txt)"
}
count_rows() { sqlite3 "$1" "$2"; }
# scaled FULL SMALL: FULL, or SMALL under the sanitizers (SUDOKU_TEST_SANITIZED, set by CTest for
# the longest cases), where every run is about ten times slower.
scaled() { if [ -n "${SUDOKU_TEST_SANITIZED:-}" ]; then echo "$2"; else echo "$1"; fi; }

# The user-visible columns of a puzzle row; the canonical forms follow from the givens.
PUZZLE_COLUMNS='id, run_id, item_index, givens, solution, clues, freedom, level, symmetry,
  grid_method, dig_order, clue_level, rating, ep, ed, hardest, guesses, techniques, canonical_key,
  collision_canonical'
# The rows with their technique uses as JSON (a view since schema 16).
PUZZLES_READ='puzzles join puzzle_techniques using (id)'

# The FROM clause that reads puzzles with their `techniques` in corpus $1, of any schema: the
# view of schema 16, or the column before.
puzzles_read() {
  if [ "$(sqlite3 "$1" "select count(*) from sqlite_master where name = 'puzzle_techniques'")" = 1 ]; then
    echo "$PUZZLES_READ"
  else
    echo puzzles
  fi
}
RUN_COLUMNS='id, seed, params, tool_version, requested, written, duplicates, next_item, status'

# same_corpus A B: the two corpora hold the same runs and the same puzzles, row for row.
same_corpus() {
  sqlite3 "$1" "select $PUZZLE_COLUMNS from $PUZZLES_READ order by id" >"$1.rows"
  sqlite3 "$2" "select $PUZZLE_COLUMNS from $PUZZLES_READ order by id" >"$2.rows"
  [ -s "$1.rows" ] || fail "$1 holds no puzzles"
  cmp -s "$1.rows" "$2.rows" || fail "$1 and $2 differ: $(diff "$1.rows" "$2.rows" | head -4)"
  sqlite3 "$1" "select $RUN_COLUMNS from runs order by id" >"$1.runs"
  sqlite3 "$2" "select $RUN_COLUMNS from runs order by id" >"$2.runs"
  cmp -s "$1.runs" "$2.runs" || fail "runs of $1 and $2 differ: $(diff "$1.runs" "$2.runs")"
}

# Undoes schema 16 on a current corpus $1 with tests/common/undo_schema_16.sql: the puzzles table
# of schema 14 again, with the canonical forms the lean row does not store, which only the tool
# computes (`export`, of the binary $BIN).
UNDO_SCHEMA_16_SQL="$(cd "$(dirname "${BASH_SOURCE[0]}")/../common" && pwd)/undo_schema_16.sql"
undo_schema_16() {
  "$BIN" export --db "$1" --format csv --columns id,canonical,solution_canonical >"$1.forms" ||
    fail "reading the canonical forms of $1"
  sqlite3 "$1" "create table undo_forms (id integer primary key, canonical text,
                                         solution_canonical text)" \
    ".import --csv --skip 1 $1.forms undo_forms" ".read $UNDO_SCHEMA_16_SQL" ||
    fail "undoing schema 16 of $1"
  rm -f "$1.forms"
}

# Undoes schemas 16 and 14 on a current corpus $1 (schema/014_rating_se_units.sql): rating, ep
# and ed are the stored integer tenths again, as in the corpora the older schema steps migrate.
undo_schema_14() {
  undo_schema_16 "$1"
  sqlite3 "$1" "drop index puzzles_rating; alter table puzzles drop column rating;
                alter table puzzles drop column ep; alter table puzzles drop column ed;
                alter table puzzles rename column rating_tenths to rating;
                alter table puzzles rename column ep_tenths to ep;
                alter table puzzles rename column ed_tenths to ed;
                create index puzzles_rating on puzzles(rating)" || fail "undoing schema 14 of $1"
}
