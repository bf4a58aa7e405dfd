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

# --- generate --resume ---

# Prints "count min max written requested status" of run $2 in database $1.
run_state() {
  sqlite3 -separator ' ' "$1" "select (select count(*) from puzzles where run_id = $2),
    (select coalesce(min(item_index), -1) from puzzles where run_id = $2),
    (select coalesce(max(item_index), -1) from puzzles where run_id = $2),
    written, requested, status from runs where id = $2"
}
# Waits (up to ~20 s) until run 1 of database $1 has committed a batch.
wait_for_rows() {
  local i written
  for i in $(seq 400); do
    written=$(sqlite3 "$1" 'select written from runs where id = 1' 2>/dev/null)
    [ -n "$written" ] && [ "$written" -gt 0 ] && return 0
    sleep 0.05
  done
  return 1
}
# The stored rows of run 1 are exactly items 0..written-1 and the file is intact.
check_prefix() {
  [ "$(sqlite3 "$1" 'pragma integrity_check')" = ok ] || fail "$1: integrity_check failed"
  local count min max written requested status
  read -r count min max written requested status <<<"$(run_state "$1" 1)"
  [ "$count" -eq "$written" ] && [ "$min" -eq 0 ] && [ "$max" -eq $((written - 1)) ] ||
    fail "$1: rows are not items 0..written-1: $(run_state "$1" 1)"
  [ "$written" -lt "$requested" ] || fail "$1: the run finished before it was stopped"
}
# Every column of every puzzle, in item order, is the same in both files.
same_corpus() {
  local q='select item_index, givens, solution, clues, freedom, level, symmetry, grid_method
           from puzzles order by run_id, item_index'
  sqlite3 "$1" "$q" >"$1.rows"
  sqlite3 "$2" "$q" >"$2.rows"
  [ -s "$1.rows" ] || fail "$1 holds no puzzles"
  cmp -s "$1.rows" "$2.rows" || fail "$1 and $2 differ: $(diff "$1.rows" "$2.rows" | head -3)"
}

# SIGKILL mid-run leaves an intact prefix; --resume finishes it into what an uninterrupted run
# with the same seed writes.
case_kill_resume() {
  need sqlite3
  "$BIN" generate --db k.db --count 40000 --seed 11 --batch-size 200 --threads 1 --quiet &
  local pid=$!
  wait_for_rows k.db || fail "no batch was committed"
  kill -KILL "$pid"
  wait "$pid" 2>/dev/null
  check_prefix k.db
  [ "$(sqlite3 k.db 'select status from runs')" = running ] || fail "status after SIGKILL"
  expect_one_line_error 1 "$BIN" generate --db k.db --resume --clues 20-30
  grep -q -- '--resume takes its parameters from run 1; drop --clues$' err.txt || fail "$(cat err.txt)"
  "$BIN" generate --db k.db --resume >out.txt || fail "generate --resume failed"
  grep -q '^resumed run 1: finished: .* 40000 of 40000 written, seed 11$' out.txt ||
    fail "summary: $(cat out.txt)"
  [ "$(run_state k.db 1)" = "40000 0 39999 40000 40000 finished" ] || fail "$(run_state k.db 1)"
  [ "$(sqlite3 k.db 'select count(*) from runs where finished_at is not null')" -eq 1 ] || fail runs
  "$BIN" generate --db u.db --count 40000 --seed 11 --quiet || fail "uninterrupted run"
  same_corpus k.db u.db
  expect_one_line_error 1 "$BIN" generate --db k.db --resume
  grep -q 'k.db: no unfinished run to resume' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db k.db --resume 1
  grep -q 'k.db: run 1 is already finished' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db k.db --resume 7
  grep -q 'k.db: run 7 does not exist' err.txt || fail "$(cat err.txt)"
}

# SIGINT stops after the committed batches: status 'interrupted', exit 130; --resume RUN_ID
# finishes it.
case_interrupt_resume() {
  need sqlite3
  "$BIN" generate --db i.db --count 20000 --seed 12 --batch-size 200 --minimal --threads 1 --quiet &
  local pid=$!
  wait_for_rows i.db || fail "no batch was committed"
  kill -INT "$pid"
  wait "$pid"
  local code=$?
  [ "$code" -eq 130 ] || fail "SIGINT exit code $code, expected 130; run: $(run_state i.db 1)"
  check_prefix i.db
  [ "$(sqlite3 i.db 'select status, finished_at is not null from runs')" = "interrupted|1" ] ||
    fail "status after SIGINT: $(sqlite3 i.db 'select * from runs')"
  "$BIN" generate --db i.db --resume 1 --threads 2 --batch-size 777 >out.txt || fail "--resume 1"
  grep -q '^resumed run 1: finished: ' out.txt || fail "summary: $(cat out.txt)"
  [ "$(run_state i.db 1)" = "20000 0 19999 20000 20000 finished" ] || fail "$(run_state i.db 1)"
  "$BIN" generate --db u.db --count 20000 --seed 12 --minimal --quiet || fail "uninterrupted run"
  same_corpus i.db u.db
}

# Resume without timing: a run cut back by hand, the latest unfinished run chosen, refusals.
case_resume_params() {
  need sqlite3
  "$BIN" generate --db r.db --count 900 --seed 3 --level hard --freedom 100-400 --quiet || fail generate
  "$BIN" generate --db r.db --count 50 --seed 4 --quiet || fail "second run"
  "$BIN" generate --db u.db --count 900 --seed 3 --level hard --freedom 100-400 --quiet || fail "third run"
  sqlite3 r.db "delete from puzzles where run_id = 1 and item_index >= 321;
                update runs set written = 321, status = 'failed' where id = 1" || fail "cut back"
  for flag in "--count 5" "--seed 3" "--level hard" "--freedom 1-2" "--minimal" "-n 5"; do
    # shellcheck disable=SC2086
    expect_one_line_error 1 "$BIN" generate --db r.db --resume $flag
    grep -q "from run 1; drop --" err.txt || fail "$flag: $(cat err.txt)"
  done
  expect_one_line_error 1 "$BIN" generate --db r.db --resume 0
  expect_one_line_error 1 "$BIN" generate --db missing.db --resume
  grep -q 'missing.db: cannot open database: no such file' err.txt || fail "$(cat err.txt)"
  [ ! -e missing.db ] || fail "--resume created the database"
  expect_one_line_error 1 "$BIN" generate --db no/such/dir/r.db --resume
  sqlite3 r.db "update runs set params = json_set(params, '\$.symmetry', 'diagonal') where id = 1"
  expect_one_line_error 1 "$BIN" generate --db r.db --resume
  grep -q 'r.db: run 1: params "symmetry": expected "none"' err.txt || fail "$(cat err.txt)"
  [ "$(sqlite3 r.db 'select status from runs where id = 1')" = failed ] || fail "refusal changed the run"
  sqlite3 r.db "update runs set params = json_set(params, '\$.symmetry', 'none') where id = 1"
  "$BIN" generate --db r.db --resume --quiet || fail "--resume"
  [ "$(run_state r.db 1)" = "900 0 899 900 900 finished" ] || fail "$(run_state r.db 1)"
  sqlite3 r.db 'delete from puzzles where run_id = 2; delete from runs where id = 2'
  same_corpus r.db u.db
}

# Write-side errors: one line naming the file, exit 1, the file unchanged.
case_write_errors() {
  need sqlite3
  "$BIN" generate --db w.db --count 20 --seed 1 --quiet || fail generate
  local before
  before=$(sqlite3 w.db 'select count(*), sum(written) from runs')
  # Another writer holds the lock longer than the 5 s busy timeout.
  (echo 'BEGIN IMMEDIATE;'; sleep 8; echo 'ROLLBACK;') | sqlite3 w.db &
  local holder=$! i
  for i in $(seq 100); do
    sqlite3 -cmd '.timeout 0' w.db 'BEGIN IMMEDIATE; ROLLBACK;' 2>/dev/null || break
    sleep 0.05
  done
  expect_one_line_error 1 "$BIN" generate --db w.db --count 5
  grep -q '^sudoku-corpus: w.db: .*database is locked' err.txt || fail "$(cat err.txt)"
  wait "$holder"
  [ "$(sqlite3 w.db 'select count(*), sum(written) from runs')" = "$before" ] || fail "locked file changed"
  [ "$(sqlite3 w.db 'pragma integrity_check')" = ok ] || fail integrity
  expect_one_line_error 1 "$BIN" generate --db gone/w.db --count 5
  grep -q "directory 'gone' does not exist" err.txt || fail "$(cat err.txt)"
  if [ "$(id -u)" -ne 0 ]; then  # root writes read-only files anyway
    chmod a-w w.db
    expect_one_line_error 1 "$BIN" generate --db w.db --count 5
    grep -q 'w.db: cannot open for writing (the file is read-only)' err.txt || fail "$(cat err.txt)"
    chmod u+w w.db
  fi
}

# A small corpus of two runs for the read commands: 300 puzzles (26-56 clues), 100 minimal.
make_corpus() {
  "$BIN" generate --db c.db --count 300 --seed 3 --quiet || fail "generate run 1"
  "$BIN" generate --db c.db --count 100 --seed 4 --minimal --quiet || fail "generate run 2"
}

case_stats() {
  need sqlite3
  make_corpus
  "$BIN" stats --db c.db >out.txt || fail "stats failed"
  grep -q '^c.db: 400 puzzles' out.txt || fail "stats header: $(head -1 out.txt)"
  for section in runs levels clues freedom 'level x clues'; do
    grep -q "^$section" out.txt || fail "stats lacks section '$section'"
  done
  grep -Eq '^  clues +400 ' out.txt || fail "clue summary row: $(cat out.txt)"
  local hard
  hard=$(sqlite3 c.db "select count(*) from puzzles where level='hard'")
  grep -Eq "^  hard +$hard " out.txt || fail "hard count $hard not shown"
  grep -q '#' out.txt || fail "no histogram bars"
  # --json: valid JSON with the same numbers; quartiles as computed by SQL here.
  "$BIN" stats --db c.db --json >s.json || fail "stats --json failed"
  [ "$(sqlite3 :memory: "select json_valid(readfile('s.json'))")" = 1 ] || fail "stats --json is not JSON"
  [ "$(sqlite3 :memory: "select json_extract(readfile('s.json'), '\$.puzzles')")" = 400 ] || fail "puzzles in JSON"
  local median
  median=$(sqlite3 c.db "select freedom from puzzles order by freedom limit 1 offset (select (count(*) - 1) / 2 from puzzles)")
  [ "$(sqlite3 :memory: "select json_extract(readfile('s.json'), '\$.freedom.median')")" = "$median" ] ||
    fail "freedom median in JSON, expected $median"
  [ "$(sqlite3 :memory: "select json_extract(readfile('s.json'), '\$.runs[1].matching')")" = 100 ] || fail "runs in JSON"
  # --run and the score filters.
  "$BIN" stats --db c.db --run 2 --json >r.json || fail "stats --run 2"
  [ "$(sqlite3 :memory: "select json_extract(readfile('r.json'), '\$.puzzles')")" = 100 ] || fail "--run 2 count"
  "$BIN" stats --db c.db --level easy --clues 50-56 | grep -q '^c.db: .* matching level easy, clues 50-56' ||
    fail "filtered stats header"
  # Plots: PNGs with gnuplot, a one-line error naming gnuplot-nox without it.
  if command -v gnuplot >/dev/null 2>&1; then
    "$BIN" stats --db c.db --plot pics >/dev/null 2>err.txt || fail "stats --plot: $(cat err.txt)"
    local png
    for png in clues freedom freedom_by_level clues_freedom; do
      [ "$(head -c 4 "pics/$png.png" | tail -c 3)" = PNG ] || fail "pics/$png.png is not a PNG"
    done
  fi
  expect_one_line_error 1 env PATH=/nonexistent "$BIN" stats --db c.db --plot nopics
  grep -q gnuplot-nox err.txt || fail "missing gnuplot not explained: $(cat err.txt)"
  [ ! -e nopics ] || fail "--plot without gnuplot created its folder"
}

case_export() {
  need sqlite3
  make_corpus
  local cols="id, run_id, givens, solution, clues, freedom, level, symmetry, grid_method"
  local where="level = 'hard' and clues between 24 and 28 and freedom >= 150 and run_id = 1"
  local filters=(--level hard --clues 24-28 --freedom 150-729 --run 1)
  # CSV: RFC 4180 records end with CRLF; otherwise equal to sqlite3's own CSV (LF-terminated).
  "$BIN" export --db c.db --format csv "${filters[@]}" >out.csv || fail "export csv"
  sqlite3 -csv -header c.db "select $cols from puzzles where $where order by id" >want.csv
  [ "$(wc -l <want.csv)" -gt 3 ] || fail "filter too narrow for a meaningful test"
  [ "$(grep -c $'\r$' out.csv)" -eq "$(wc -l <out.csv)" ] || fail "csv lines do not end with CRLF"
  tr -d '\r' <out.csv | cmp -s - want.csv || fail "csv differs: $(tr -d '\r' <out.csv | diff - want.csv | head -5)"
  # Fields holding a comma or a quote are quoted, quotes doubled (as sqlite3 does).
  cp c.db odd.db
  sqlite3 odd.db "update puzzles set level = 'a,\"b\"', symmetry = 'x\"y' where id <= 2"
  "$BIN" export --db odd.db --format csv --limit 3 | tr -d '\r' >odd.csv || fail "export odd csv"
  sqlite3 -csv -header odd.db "select $cols from puzzles order by id limit 3" | cmp -s - odd.csv ||
    fail "csv quoting: $(cat odd.csv)"
  grep -q ',"a,""b""","x""y",search$' odd.csv || fail "csv quoting: $(sed -n 2p odd.csv)"
  # Lines: the givens, in id order; -o writes a file.
  "$BIN" export --db c.db --format lines "${filters[@]}" -o out.txt || fail "export lines"
  sqlite3 c.db "select givens from puzzles where $where order by id" >want.txt
  cmp -s out.txt want.txt || fail "lines differ"
  # JSON Lines: one valid object per puzzle, with every field.
  "$BIN" export --db c.db "${filters[@]}" >out.jsonl || fail "export jsonl"
  [ "$(wc -l <out.jsonl)" -eq "$(wc -l <want.txt)" ] || fail "jsonl line count"
  while IFS= read -r line; do
    [ "$(sqlite3 :memory: "select json_valid('$line') and json_extract('$line', '\$.grid_method') = 'search'")" = 1 ] ||
      fail "bad JSON line: $line"
  done <out.jsonl
  head -1 out.jsonl | grep -q "^{\"id\":$(sed -n 2p want.csv | cut -d, -f1),\"run_id\":1,\"givens\":\"$(head -1 want.txt)\"" ||
    fail "first JSON record: $(head -1 out.jsonl)"
  # --limit, and --sample: same seed, same sample; another seed, another sample.
  [ "$("$BIN" export --db c.db --format lines --limit 5 | wc -l)" -eq 5 ] || fail "--limit 5"
  "$BIN" export --db c.db --format lines --sample 20 --seed 9 >s1.txt
  "$BIN" export --db c.db --format lines --sample 20 --seed 9 >s2.txt
  "$BIN" export --db c.db --format lines --sample 20 --seed 10 >s3.txt
  [ "$(wc -l <s1.txt)" -eq 20 ] || fail "--sample 20 gave $(wc -l <s1.txt)"
  cmp -s s1.txt s2.txt || fail "same seed, different sample"
  ! cmp -s s1.txt s3.txt || fail "different seeds, same sample"
  "$BIN" export --db c.db --format lines --limit 20 >first.txt
  ! cmp -s s1.txt first.txt || fail "the sample is just the first puzzles"
  # Nothing matching is not an error.
  "$BIN" export --db c.db --clues 80 >out.txt 2>err.txt || fail "empty export must exit 0"
  [ ! -s out.txt ] || fail "empty export printed puzzles"
  grep -q 'no puzzles match' err.txt || fail "empty export not reported: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" export --db c.db --format xml
  expect_one_line_error 2 "$BIN" export --db c.db --seed 3
  expect_one_line_error 2 "$BIN" export --db c.db --sample 3 --limit 2
  expect_one_line_error 1 "$BIN" export --db c.db -o no/such/dir/x.csv
}

case_verify() {
  need sqlite3
  make_corpus
  "$BIN" verify --db c.db >out.txt || fail "verify of a good corpus: $(cat out.txt)"
  grep -q '^verify: 400 puzzles checked .*all match$' out.txt || fail "summary: $(cat out.txt)"
  "$BIN" verify --db c.db --run 2 | grep -q '^verify: 100 puzzles' || fail "verify --run 2"
  cp c.db bad.db
  sqlite3 bad.db "update puzzles set solution = (select solution from puzzles where id = 4) where id = 3;
                  update puzzles set freedom = freedom + 1 where id = 5;
                  update puzzles set givens = substr(givens, 1, 72) || '.........' where id = 7;
                  update puzzles set level = case level when 'easy' then 'hard' else 'easy' end where id = 9;"
  local freedom
  freedom=$(sqlite3 c.db "select freedom from puzzles where id = 5")
  "$BIN" verify --db bad.db >out.txt
  [ $? -eq 1 ] || fail "verify of a corrupted corpus must exit 1"
  grep -q '^puzzle 3: stored solution differs' out.txt || fail "wrong solution not reported: $(cat out.txt)"
  grep -q "^puzzle 5: stored freedom $((freedom + 1)), recomputed $freedom$" out.txt ||
    fail "wrong freedom not reported: $(cat out.txt)"
  grep -q '^puzzle 7: givens have more than one solution' out.txt || fail "non-unique not reported: $(cat out.txt)"
  grep -q "^puzzle 9: stored level '[a-z]*', recomputed" out.txt || fail "wrong level not reported"
  [ "$(grep -c '^puzzle ' out.txt)" -ge 4 ] || fail "too few mismatch lines"
  grep -Eq '^verify: 400 puzzles checked .*: [0-9]+ mismatches in 4 puzzles' out.txt || fail "summary: $(tail -1 out.txt)"
  # A run whose written count disagrees with its rows.
  sqlite3 bad.db "update runs set written = written + 1 where id = 2"
  "$BIN" verify --db bad.db --run 2 >out.txt
  [ $? -eq 1 ] || fail "wrong written count must exit 1"
  grep -q '^run 2: written 101, stored 100$' out.txt || fail "run count not reported: $(cat out.txt)"
  # Read-only: verify never changes the file.
  local before
  before=$(cksum <c.db)
  "$BIN" verify --db c.db >/dev/null
  [ "$(cksum <c.db)" = "$before" ] || fail "verify changed the database"
}

case_rate() {
  local good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  local empty="................................................................................."
  printf '%s\n# comment\n%s\n%sx\n' "$good" "$empty" "${good:0:80}" >in.txt
  "$BIN" rate in.txt >out.txt 2>err.txt
  [ $? -eq 1 ] || fail "a bad line must give exit 1"
  grep -q '^in.txt:4: ' err.txt || fail "bad line not reported with its number: $(cat err.txt)"
  [ "$(wc -l <out.txt)" -eq 3 ] || fail "expected a header and 2 rows: $(cat out.txt)"
  grep -Eq "^ +1  $good +1 +17 +[0-9]+  hard$" out.txt || fail "good row: $(cat out.txt)"
  grep -Eq "^ +3  \.{81} +2\+ +0 +729  - \(not unique\)$" out.txt || fail "non-unique row: $(cat out.txt)"
  printf '%s\n%s\n' "$good" "$empty" | "$BIN" rate --json - >out.jsonl || fail "rate --json"
  head -1 out.jsonl | grep -q '"solutions":1,"clues":17,"freedom":[0-9]*,"level":"hard"}$' || fail "json: $(head -1 out.jsonl)"
  tail -1 out.jsonl | grep -q '"level":null,"note":"not unique' || fail "json non-unique: $(tail -1 out.jsonl)"
  expect_one_line_error 1 "$BIN" rate missing.txt
}

# What users get wrong with the read commands: one line naming the file or value, non-zero
# exit, nothing created or changed.
case_read_errors() {
  need sqlite3
  local cmd
  for cmd in stats export verify; do
    expect_one_line_error 1 "$BIN" $cmd --db missing.db
    grep -q 'missing.db: no such corpus database' err.txt || fail "$cmd: missing db: $(cat err.txt)"
    [ ! -e missing.db ] || fail "$cmd created the missing database"
  done
  echo "not a database" >text.db
  expect_one_line_error 1 "$BIN" stats --db text.db
  grep -q 'text.db: not a SQLite database' err.txt || fail "text file: $(cat err.txt)"
  [ "$(cat text.db)" = "not a database" ] || fail "the text file was changed"
  sqlite3 other.db "create table notes(t text); insert into notes values ('x')"
  expect_one_line_error 1 "$BIN" export --db other.db
  grep -q 'other.db: not a sudoku corpus' err.txt || fail "foreign db: $(cat err.txt)"
  : >empty.db
  expect_one_line_error 1 "$BIN" verify --db empty.db
  grep -q 'empty.db: ' err.txt || fail "empty file: $(cat err.txt)"
  [ ! -s empty.db ] || fail "the empty file was changed"
  "$BIN" generate --db c.db --count 20 --seed 1 --quiet || fail generate
  cp c.db new.db
  sqlite3 new.db "pragma user_version = 99"
  expect_one_line_error 1 "$BIN" stats --db new.db
  grep -q 'new.db: schema version 99 is newer' err.txt || fail "newer schema: $(cat err.txt)"
  expect_one_line_error 1 "$BIN" export --db c.db --level extreme
  grep -q "extreme" err.txt || fail "unknown level not named"
  expect_one_line_error 1 "$BIN" stats --db c.db --clues 40-30
  grep -q -- "--clues '40-30'" err.txt || fail "reversed band not named"
  expect_one_line_error 1 "$BIN" export --db c.db --freedom 0-800
  grep -q -- "--freedom '0-800'" err.txt || fail "band out of range not named"
  expect_one_line_error 1 "$BIN" export --db c.db --clues a-b
  expect_one_line_error 1 "$BIN" verify --db c.db --run 5
  grep -q 'c.db: no run 5' err.txt || fail "unknown run not named: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" stats --db c.db --run 0
}

"case_$CASE"
