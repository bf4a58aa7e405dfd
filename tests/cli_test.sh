#!/usr/bin/env bash
# CLI smoke tests, one CTest case per function: tests/cli_test.sh CASE BINARY.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

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

case_help() {
  "$BIN" --help | grep -q generate || fail "--help does not list generate"
  "$BIN" generate --help | grep -q -- --minimal || fail "generate --help lacks --minimal"
  "$BIN" solve --help | grep -qi solution || fail "solve --help"
  "$BIN" --version | grep -q '^sudoku-corpus [0-9]' || fail "--version"
}

case_bad_input() {
  expect_one_line_error 2 "$BIN" generate --no-such-flag
  expect_one_line_error 2 "$BIN" generate --count abc
  expect_one_line_error 2 "$BIN"
  expect_one_line_error 1 "$BIN" generate --db c.db --clues 5-10
  grep -q -- '--clues 5-10' err.txt || fail "impossible clue band not named: $(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db c.db --clues 20-x
  expect_one_line_error 1 "$BIN" generate --db c.db --level extreme
  grep -q extreme err.txt || fail "unknown level not named"
  expect_one_line_error 2 "$BIN" generate --db c.db --level easy --clues 20-30
  expect_one_line_error 1 "$BIN" generate --db c.db --minimal --level easy
  [ ! -e c.db ] || fail "a rejected request created the database"
  expect_one_line_error 1 "$BIN" generate --db no/such/dir/c.db --count 5
  grep -q 'no/such/dir/c.db' err.txt || fail "unopenable database not named: $(cat err.txt)"
  echo "not a database, just text" >text.db
  expect_one_line_error 1 "$BIN" generate --db text.db --count 5
  grep -q 'text.db' err.txt || fail "non-SQLite file not named"
  [ "$(cat text.db)" = "not a database, just text" ] || fail "the non-SQLite file was changed"
}

case_generate_tiny() {
  need sqlite3
  "$BIN" generate --db t.db --count 50 --seed 1 --quiet >out.txt || fail "generate failed"
  [ ! -s out.txt ] || fail "--quiet printed: $(cat out.txt)"
  "$BIN" generate --db t.db --count 30 --seed 2 --level hard >out.txt || fail "second generate failed"
  grep -q '^finished: 30 puzzles' out.txt || fail "summary line: $(cat out.txt)"
  grep -q 'seed 2' out.txt || fail "summary lacks the seed"
  [ "$(count_rows t.db 'select count(*) from puzzles')" -eq 80 ] || fail "expected 80 rows"
  [ "$(count_rows t.db "select count(*) from runs where status='finished'")" -eq 2 ] || fail "runs"
  [ "$(count_rows t.db "select count(*) from puzzles where run_id=2 and (level<>'hard' or clues not between 26 and 31)")" -eq 0 ] ||
    fail "--level hard wrote puzzles outside 26-31"
  [ "$(count_rows t.db 'pragma journal_mode')" = wal ] || fail "not WAL"
  # Same seed, same puzzles, whatever the thread count.
  "$BIN" generate --db a.db --count 200 --seed 5 --threads 1 --quiet --minimal
  "$BIN" generate --db b.db --count 200 --seed 5 --threads 2 --quiet --minimal
  [ "$(sqlite3 a.db 'select group_concat(givens) from puzzles order by id')" = \
    "$(sqlite3 b.db 'select group_concat(givens) from puzzles order by id')" ] || fail "thread count changed the corpus"
}

case_solve() {
  local good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  printf '%s\n# comment\n\n%sx\n000000010400000000020000000000050407008000300001090000300400200050100000000806000\n' \
    "$good" "${good:0:80}" >in.txt
  "$BIN" solve in.txt >out.txt 2>err.txt
  [ $? -eq 1 ] || fail "a bad line must give a non-zero exit"
  [ "$(wc -l <out.txt)" -eq 2 ] || fail "expected 2 solved lines, got: $(cat out.txt)"
  grep -q '^in.txt:4: ' err.txt || fail "bad line not reported with its number: $(cat err.txt)"
  head -1 out.txt | grep -q "^$good 1 417369825632158947958724316825437169791586432346912758289643571573291684164875293$" ||
    fail "wrong solution: $(head -1 out.txt)"
  # Non-unique puzzle: count 2, no solution; stdin works.
  echo "........................................................................123456789" |
    "$BIN" solve - >out.txt || fail "solve from stdin"
  grep -q ' 2 -$' out.txt || fail "non-unique puzzle: $(cat out.txt)"
  expect_one_line_error 1 "$BIN" solve missing.txt
}

# Every stored puzzle is unique according to an independent solver, and --minimal puzzles lose
# uniqueness when any clue is removed (also by qqwing).
case_qqwing_crosscheck() {
  need qqwing
  need sqlite3
  "$BIN" generate --db q.db --count 500 --seed 7 --quiet || fail generate
  "$BIN" generate --db q.db --count 300 --seed 7 --minimal --quiet || fail "generate --minimal"
  sqlite3 q.db 'select givens from puzzles' >all.txt
  local unique
  unique=$(qqwing --solve --count-solutions --one-line <all.txt | grep -c 'The solution to the puzzle is unique')
  [ "$unique" -eq 800 ] || fail "qqwing finds $unique of 800 puzzles unique"
  sqlite3 q.db 'select givens from puzzles where run_id=2 limit 40' |
    awk '{ for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".") print substr($0, 1, i - 1) "." substr($0, i + 1) }' >less.txt
  local removals still_unique
  removals=$(wc -l <less.txt)
  still_unique=$(qqwing --solve --count-solutions --one-line <less.txt | grep -c 'is unique')
  [ "$removals" -gt 600 ] || fail "too few removals checked ($removals)"
  [ "$still_unique" -eq 0 ] || fail "$still_unique of $removals clue removals keep a --minimal puzzle unique"
}

"case_$CASE"
