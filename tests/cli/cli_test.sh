#!/usr/bin/env bash
# CLI smoke tests, one CTest case per function: tests/cli/cli_test.sh CASE BINARY.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

case_help() {
  "$BIN" --help | grep -q generate || fail "--help does not list generate"
  "$BIN" generate --help | grep -q -- --minimal || fail "generate --help lacks --minimal"
  "$BIN" solve --help | grep -qi solution || fail "solve --help"
  "$BIN" --version | grep -q '^sudoku-corpus [0-9]' || fail "--version"
  # Every option value is typed (FILE, N, LEVEL, MIN-MAX ...), never CLI11's bare TEXT.
  local cmd
  for cmd in generate solve rate stats export verify migrate merge; do
    "$BIN" "$cmd" --help >help.txt || fail "$cmd --help"
    ! grep -Eq '(^| )(TEXT|INT|UINT|FLOAT)\b' help.txt || fail "$cmd --help has untyped values: $(grep -E 'TEXT|INT' help.txt)"
  done
}

case_bad_input() {
  expect_one_line_error 2 "$BIN" generate --no-such-flag
  expect_one_line_error 2 "$BIN" generate --count abc
  expect_one_line_error 2 "$BIN"
  expect_one_line_error 2 "$BIN" generate --db c.db --clues 5-10
  grep -q -- '--clues 5-10' err.txt || fail "impossible clue band not named: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db c.db --clues 20-x
  expect_one_line_error 2 "$BIN" generate --db c.db --level impossible
  grep -q "impossible': unknown level; use beginner, easy, medium, hard, expert, extreme" err.txt ||
    fail "unknown level not named: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db c.db --clue-level extreme
  grep -q extreme err.txt || fail "unknown clue level not named"
  expect_one_line_error 2 "$BIN" generate --db c.db --clue-level easy --clues 20-30
  expect_one_line_error 2 "$BIN" generate --db c.db --level easy --rating 2.0-3.0
  expect_one_line_error 2 "$BIN" generate --db c.db --minimal --clue-level easy
  expect_one_line_error 2 "$BIN" generate --db c.db --rating 12.5-13
  grep -q 'no puzzle rates above 12.0' err.txt || fail "unreachable rating: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db c.db --rating 4.25
  grep -q -- "--rating '4.25'" err.txt || fail "malformed rating: $(cat err.txt)"
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
  "$BIN" generate --db t.db --count 30 --seed 2 --clue-level hard >out.txt || fail "second generate failed"
  grep -q '^finished: 30 puzzles' out.txt || fail "summary line: $(cat out.txt)"
  grep -q 'seed 2' out.txt || fail "summary lacks the seed"
  [ "$(count_rows t.db 'select count(*) from puzzles')" -eq 80 ] || fail "expected 80 rows"
  [ "$(count_rows t.db "select count(*) from runs where status='finished'")" -eq 2 ] || fail "runs"
  [ "$(count_rows t.db "select count(*) from puzzles where run_id=2 and (clue_level<>'hard' or clues not between 26 and 31)")" -eq 0 ] ||
    fail "--clue-level hard wrote puzzles outside 26-31"
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
  expect_one_line_error 2 "$BIN" generate --db k.db --resume --clues 20-30
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
  local count
  count=$(scaled 20000 6000)
  "$BIN" generate --db i.db --count "$count" --seed 12 --batch-size 200 --minimal --threads 1 --quiet &
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
  [ "$(run_state i.db 1)" = "$count 0 $((count - 1)) $count $count finished" ] ||
    fail "$(run_state i.db 1)"
  "$BIN" generate --db u.db --count "$count" --seed 12 --minimal --quiet || fail "uninterrupted run"
  same_corpus i.db u.db
}

# Resume without timing: a run cut back by hand, the latest unfinished run chosen, refusals.
case_resume_params() {
  need sqlite3
  "$BIN" generate --db r.db --count 900 --seed 3 --clue-level hard --freedom 100-400 --quiet || fail generate
  "$BIN" generate --db r.db --count 50 --seed 4 --quiet || fail "second run"
  "$BIN" generate --db u.db --count 900 --seed 3 --clue-level hard --freedom 100-400 --quiet || fail "third run"
  sqlite3 r.db "delete from puzzles where run_id = 1 and item_index >= 321;
                update runs set written = 321, next_item = 321, status = 'failed' where id = 1" ||
    fail "cut back"
  for flag in "--count 5" "--seed 3" "--level hard" "--clue-level hard" "--rating 2-3" \
    "--freedom 1-2" "--minimal" "-n 5" "--grid-method pattern" "--symmetry rot90" \
    "--transform full" "--dig-order per-row" "--grid-source x.txt"; do
    # shellcheck disable=SC2086
    expect_one_line_error 2 "$BIN" generate --db r.db --resume $flag
    grep -q "from run 1; drop --" err.txt || fail "$flag: $(cat err.txt)"
  done
  expect_one_line_error 2 "$BIN" generate --db r.db --resume 0
  expect_one_line_error 1 "$BIN" generate --db missing.db --resume
  grep -q 'missing.db: cannot open database: no such file' err.txt || fail "$(cat err.txt)"
  [ ! -e missing.db ] || fail "--resume created the database"
  expect_one_line_error 1 "$BIN" generate --db no/such/dir/r.db --resume
  sqlite3 r.db "update runs set params = json_set(params, '\$.symmetry', 'spiral') where id = 1"
  expect_one_line_error 1 "$BIN" generate --db r.db --resume
  grep -q 'r.db: run 1: params "symmetry": expected a name this sudoku-corpus knows' err.txt ||
    fail "$(cat err.txt)"
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
  # Ratings in SE units, as everywhere else (4.2, not 42).
  local mean_rating
  mean_rating=$(sqlite3 c.db "select round(avg(rating), 6) from puzzles")
  [ "$(sqlite3 :memory: "select round(json_extract(readfile('s.json'), '\$.rating.mean'), 6)")" = "$mean_rating" ] ||
    fail "rating mean in JSON is not $mean_rating (SE units)"
  [ "$(sqlite3 :memory: "select json_extract(readfile('s.json'), '\$.rating.histogram[0].value')")" = \
    "$(sqlite3 c.db "select min(rating) from puzzles")" ] || fail "rating histogram in JSON is not in SE units"
  # SE's EP and ED: summaries in SE units, and the pearls and diamonds counted.
  local mean_ed
  mean_ed=$(sqlite3 c.db "select round(avg(ed), 6) from puzzles")
  [ "$(sqlite3 :memory: "select round(json_extract(readfile('s.json'), '\$.ed.mean'), 6)")" = "$mean_ed" ] ||
    fail "ed mean in JSON is not $mean_ed"
  [ "$(sqlite3 :memory: "select json_extract(readfile('s.json'), '\$.pearls')")" = \
    "$(sqlite3 c.db "select count(*) from puzzles where ep = rating")" ] || fail "pearls in JSON"
  grep -Eq '^  ep +400 ' out.txt || fail "ep summary row: $(cat out.txt)"
  # The short form: levels, hardest techniques and the summaries, in a screenful.
  "$BIN" stats --db c.db --brief >brief.txt || fail "stats --brief"
  [ "$(wc -l <brief.txt)" -le 60 ] || fail "stats --brief: $(wc -l <brief.txt) lines"
  grep -q '^levels' brief.txt && grep -q '^hardest technique' brief.txt &&
    grep -Eq '^  rating +400 ' brief.txt || fail "stats --brief: $(cat brief.txt)"
  ! grep -q '^runs' brief.txt || fail "stats --brief lists the runs"
  expect_one_line_error 2 "$BIN" stats --db c.db --brief --json
  # --run and the score filters.
  "$BIN" stats --db c.db --run 2 --json >r.json || fail "stats --run 2"
  [ "$(sqlite3 :memory: "select json_extract(readfile('r.json'), '\$.puzzles')")" = 100 ] || fail "--run 2 count"
  "$BIN" stats --db c.db --level easy --clues 50-56 >f.txt || fail "filtered stats"
  grep -q '^c.db: .* matching level easy, clues 50-56' f.txt ||
    fail "filtered stats header"
  # Plots: PNGs with gnuplot, a one-line error naming gnuplot-nox without it.
  if command -v gnuplot >/dev/null 2>&1; then
    "$BIN" stats --db c.db --plot pics >/dev/null 2>err.txt || fail "stats --plot: $(cat err.txt)"
    local png
    for png in clues freedom freedom_by_level clues_freedom rating rating_clues; do
      [ "$(head -c 4 "pics/$png.png" | tail -c 3)" = PNG ] || fail "pics/$png.png is not a PNG"
      grep -q '<svg' "pics/$png.svg" || fail "pics/$png.svg is not an SVG"
    done
    # A level keeps its colour whatever else is selected; the filter is in the titles; a log scale
    # where counts span two decades (beginner against easy among many clues).
    "$BIN" stats --db c.db --level hard --plot hard >/dev/null 2>err.txt || fail "stats --plot: $(cat err.txt)"
    grep -qF "colours='\\''#fc8d59'\\'';" hard/plot_stats.sh || fail "hard is not drawn in its colour: $(cat hard/plot_stats.sh)"
    grep -q 'level hard' hard/clues.svg || fail "the filter is not in the title"
    local beginner easy want
    beginner=$(sqlite3 c.db "select count(*) from puzzles where clues >= 45 and level = 'beginner'")
    easy=$(sqlite3 c.db "select count(*) from puzzles where clues >= 45 and level = 'easy'")
    "$BIN" stats --db c.db --clues 45-81 --plot many >/dev/null 2>err.txt || fail "stats --plot: $(cat err.txt)"
    if [ "$easy" -gt 0 ] && [ "$beginner" -ge $((100 * easy)) ]; then want=1; else want=0; fi
    grep -q "log_clues=$want" many/plot_stats.sh || fail "log_clues for $beginner beginner / $easy easy: $(cat many/plot_stats.sh)"
    sh many/plot_stats.sh || fail "plot_stats.sh does not redraw"
  fi
  expect_one_line_error 1 env PATH=/nonexistent "$BIN" stats --db c.db --plot nopics
  grep -q gnuplot-nox err.txt || fail "missing gnuplot not explained: $(cat err.txt)"
  [ ! -e nopics ] || fail "--plot without gnuplot created its folder"
}

# canonical_forms DB OUT: OUT, a database whose table forms(givens, canonical) holds the canonical
# form `rate` computes for each puzzle of DB (a corpus stores only the form's key).
canonical_forms() {
  sqlite3 "$1" 'select givens from puzzles' | "$BIN" rate |
    awk 'NR > 1 { print $2 "," $NF }' >"$2.csv" || fail "rate the puzzles of $1"
  rm -f "$2"
  sqlite3 "$2" 'create table forms(givens text primary key, canonical text)' \
    ".import --csv $2.csv forms" || fail "load the canonical forms of $1"
}

case_export() {
  need sqlite3
  make_corpus
  local cols="id, run_id, givens, solution, clues, freedom, level, symmetry, grid_method, dig_order,
              canonical, clue_level, printf('%.1f', rating) as rating, printf('%.1f', ep) as ep,
              printf('%.1f', ed) as ed, hardest, guesses"
  local from="puzzles join f.forms using (givens)"
  local where="clue_level = 'hard' and clues between 24 and 28 and freedom >= 150 and run_id = 1
               and rating <= 2.3"
  local filters=(--clue-level hard --clues 24-28 --freedom 150-729 --run 1 --rating 0-2.3)
  canonical_forms c.db forms.db
  # CSV with --crlf: RFC 4180 records end with CRLF; otherwise equal to sqlite3's own CSV (LF).
  "$BIN" export --db c.db --format csv --crlf "${filters[@]}" >out.csv || fail "export csv"
  sqlite3 -csv -header c.db "attach 'forms.db' as f" \
    "select $cols from $from where $where order by id" >want.csv
  [ "$(wc -l <want.csv)" -gt 3 ] || fail "filter too narrow for a meaningful test"
  [ "$(grep -c $'\r$' out.csv)" -eq "$(wc -l <out.csv)" ] || fail "csv lines do not end with CRLF"
  tr -d '\r' <out.csv | cmp -s - want.csv || fail "csv differs: $(tr -d '\r' <out.csv | diff - want.csv | head -5)"
  # Fields holding a comma or a quote are quoted, quotes doubled (as sqlite3 does).
  cp c.db odd.db
  sqlite3 odd.db "update puzzles set symmetry = 'a,\"b\"', grid_method = 'x\"y' where id <= 2"
  "$BIN" export --db odd.db --format csv --limit 3 | tr -d '\r' >odd.csv || fail "export odd csv"
  sqlite3 -csv -header odd.db "attach 'forms.db' as f" "select $cols from $from order by id limit 3" |
    cmp -s - odd.csv || fail "csv quoting: $(cat odd.csv)"
  grep -q ',[a-z]*,"a,""b""","x""y",random,[.1-9]*,[a-z]*,[0-9.]*,[0-9.]*,[0-9.]*,[a-z-]*,[0-9]*$' odd.csv ||
    fail "csv quoting: $(sed -n 2p odd.csv)"
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
  # The grids are stored packed (a hex literal: digits, '0' for an empty cell, a last '0');
  # level follows rating_tenths, and hardest and techniques the codes in hardest_code and uses.
  local givens7
  givens7=$(sqlite3 c.db "select substr(givens, 1, 72) || '.........' from puzzles where id = 7")
  sqlite3 bad.db "update puzzles set solution_packed = (select solution_packed from puzzles where id = 4) where id = 3;
                  update puzzles set freedom = freedom + 1 where id = 5;
                  update puzzles set givens_packed = X'$(tr . 0 <<<"$givens7")0' where id = 7;
                  update puzzles set rating_tenths = case level when 'easy' then 50 else 20 end where id = 9;
                  update puzzles set hardest_code = 'A', uses = 'A1' || uses where id = 11;"
  [ "$(sqlite3 bad.db 'select givens from puzzles where id = 7')" = "$givens7" ] || fail "packing givens"
  local freedom
  freedom=$(sqlite3 c.db "select freedom from puzzles where id = 5")
  "$BIN" verify --db bad.db >out.txt
  [ $? -eq 1 ] || fail "verify of a corrupted corpus must exit 1"
  grep -q '^puzzle 3: stored solution differs' out.txt || fail "wrong solution not reported: $(cat out.txt)"
  grep -q "^puzzle 5: stored freedom $((freedom + 1)), recomputed $freedom$" out.txt ||
    fail "wrong freedom not reported: $(cat out.txt)"
  grep -q '^puzzle 7: givens have more than one solution' out.txt || fail "non-unique not reported: $(cat out.txt)"
  grep -q "^puzzle 9: stored level '[a-z]*', recomputed" out.txt || fail "wrong level not reported"
  grep -q "^puzzle 11: stored hardest 'none', recomputed" out.txt || fail "wrong hardest not reported"
  grep -q '^puzzle 11: stored techniques .*"none":1' out.txt || fail "wrong techniques not reported"
  [ "$(grep -c '^puzzle ' out.txt)" -ge 6 ] || fail "too few mismatch lines"
  grep -Eq '^verify: 400 puzzles checked .*: [0-9]+ mismatches in 5 puzzles' out.txt || fail "summary: $(tail -1 out.txt)"
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
  grep -Eq "^ +1  $good +1 +17 +301 +2\.6 +1\.2 +1\.2  medium +hard +pointing +0  [.1-9]{81}$" out.txt ||
    fail "good row: $(cat out.txt)"
  grep -Eq "^ +3  \.{81} +2\+ +0 +729 +- +- +-  - \(not unique\) +- +- +-  \.{81}$" out.txt ||
    fail "non-unique row: $(cat out.txt)"
  printf '%s\n%s\n' "$good" "$empty" | "$BIN" rate --json - >out.jsonl || fail "rate --json"
  head -1 out.jsonl | grep -q '"solutions":1,"clues":17,"freedom":301,"rating":2.6,"ep":1.2,"ed":1.2,"level":"medium","clue_level":"hard","hardest":"pointing","guesses":0,"techniques":{[^}]*"pointing":[0-9]*},"canonical":"[.1-9]\{81\}"}$' ||
    fail "json: $(head -1 out.jsonl)"
  tail -1 out.jsonl | grep -q '"rating":null,"ep":null,"ed":null,"level":null,"note":"not unique' || fail "json non-unique: $(tail -1 out.jsonl)"
  expect_one_line_error 1 "$BIN" rate missing.txt
}

# rate --steps: the path the rating took, a step a line under each row (the rows as without
# --steps), or a `steps` array in JSON whose highest step is the rating and whose first step of
# that rating is the hardest technique; a guess is a step; bad input as without --steps.
case_rate_steps() {
  need python3
  local good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  local guess="..2...7...1.....6.5......18....37.......49.....41.23....3.2.9...8.....5.6.......2"
  local empty="................................................................................."
  printf '%s\n%s\n%s\n%sx\n' "$good" "$guess" "$empty" "${good:0:80}" >in.txt
  "$BIN" rate in.txt >rows.txt 2>/dev/null
  "$BIN" rate --steps in.txt >out.txt 2>err.txt
  [ $? -eq 1 ] || fail "a bad line must give exit 1"
  grep -q '^in.txt:4: ' err.txt || fail "bad line not reported: $(cat err.txt)"
  local step='^ +[0-9]+  [a-z-]+ +[0-9]+\.[0-9] ( r[1-9]c[1-9](=|<>)[1-9])+( \[[^]]+\])?$'
  grep -Ev "$step" out.txt >without.txt
  cmp -s rows.txt without.txt || fail "rows differ from rate's: $(diff rows.txt without.txt | head -4)"
  grep -Eq '^ +1  hidden-single-box +1\.2  r6c2=4 r8c3=3 r8c6=1 \[box 4 box 7 box 8\]$' out.txt ||
    fail "first step: $(sed -n 3p out.txt)"
  grep -Eq '^ +[0-9]+  pointing +2\.6  r1c6<>2 r2c6<>2 r3c6<>2 \[box 5 column 6: r5c6 r6c6\]$' \
    out.txt || fail "no pointing step"
  grep -Eq '^ +[0-9]+  guess +10\.0  r[1-9]c[1-9]=[1-9]$' out.txt || fail "no guess step"
  "$BIN" rate --steps --json in.txt >out.jsonl 2>/dev/null
  python3 -c '
import json, re, sys
records = [json.loads(line) for line in open(sys.argv[1])]
assert len(records) == 3, len(records)
for r in records[:2]:
    steps = r["steps"]
    top = max(s["rating"] for s in steps)
    assert top == r["rating"], (top, r["rating"])
    assert next(s for s in steps if s["rating"] == top)["technique"] == r["hardest"]
    placed = sum(len(s["placements"]) for s in steps)
    assert placed + r["clues"] == 81, placed
    assert sum(s["technique"] == "guess" for s in steps) == r["guesses"]
    for s in steps:
        keys = {"technique", "rating", "placements", "removals", "cells", "houses"}
        assert keys <= set(s) <= keys | {"chain"}, s
        assert all(re.fullmatch(r"r[1-9]c[1-9]", c) for c in s["cells"]), s
        assert all(re.fullmatch(r"(row|column|box) [1-9]", h) for h in s["houses"]), s
        assert s["placements"] or s["removals"], s
        if s["technique"] in ("full-house", "hidden-single-box", "hidden-single-line"):
            assert len(s["houses"]) == len(s["placements"]) and not s["cells"], s
        elif s["technique"] in ("pointing", "claiming", "naked-pair", "x-wing", "xy-wing"):
            assert s["cells"], s
        assert all(re.fullmatch(r"r[1-9]c[1-9]=[1-9]", p) for p in s["placements"]), s
        assert all(re.fullmatch(r"r[1-9]c[1-9]<>[1-9]", x) for x in s["removals"]), s
        for chain in s.get("chain", []):
            assert chain and all(re.fullmatch(r"r[1-9]c[1-9](=|<>)[1-9]", n) for n in chain), s
assert records[1]["guesses"] > 0
assert records[2]["rating"] is None and records[2]["steps"] == []
' out.jsonl || fail "json steps: $(head -c 300 out.jsonl)"
  expect_one_line_error 1 "$BIN" rate --steps missing.txt
  expect_one_line_error 2 "$BIN" rate --steps=maybe in.txt
}

# What users get wrong with the read commands: one line naming the file or value, non-zero
# exit, nothing created or changed.
case_read_errors() {
  need sqlite3
  local cmd
  # A line longer than any puzzle format is reported and skipped at a bounded cost: a 200 MB
  # line read under a 150 MB address-space limit (not under the sanitizers, whose shadow memory
  # needs more), the good line after it still solved.
  local good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  { head -c "$(scaled 200000000 5000)" /dev/zero | tr '\0' '1'; echo; echo "$good"; } >long.txt
  for cmd in solve rate; do
    if [ -n "${SUDOKU_TEST_SANITIZED:-}" ]; then
      "$BIN" $cmd long.txt >out.txt 2>err.txt
    else
      (ulimit -v 150000; exec "$BIN" $cmd long.txt >out.txt 2>err.txt)
    fi
    [ $? -eq 1 ] || fail "$cmd of a long line did not exit 1: $(cat err.txt)"
    grep -q '^long.txt:1: longer than 4096 characters, not a puzzle line$' err.txt ||
      fail "$cmd: $(cat err.txt)"
    grep -q "$good" out.txt || fail "$cmd skipped the good line after the long one"
  done
  rm -f long.txt
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
  expect_one_line_error 2 "$BIN" export --db c.db --level impossible
  grep -q "impossible" err.txt || fail "unknown level not named"
  expect_one_line_error 2 "$BIN" export --db c.db --clue-level extreme
  grep -q "extreme" err.txt || fail "unknown clue level not named"
  expect_one_line_error 2 "$BIN" stats --db c.db --rating 5-4
  grep -q -- "--rating '5-4'" err.txt || fail "reversed rating band not named"
  expect_one_line_error 2 "$BIN" stats --db c.db --clues 40-30
  grep -q -- "--clues '40-30'" err.txt || fail "reversed band not named"
  expect_one_line_error 2 "$BIN" export --db c.db --freedom 0-800
  grep -q -- "--freedom '0-800'" err.txt || fail "band out of range not named"
  expect_one_line_error 2 "$BIN" export --db c.db --clues a-b
  expect_one_line_error 1 "$BIN" verify --db c.db --run 5
  grep -q 'c.db: no run 5' err.txt || fail "unknown run not named: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" stats --db c.db --run 0
}

# --- Variety: grid methods, symmetry, dig order, grid sources, duplicates, migration ---

# Prints how many lines of file $2 (givens) have a clue pattern that symmetry $1 does not keep.
# Independent of the C++ code: the orbits are written out here again.
asymmetric_count() {
  awk -v sym="$1" '
    function image(r, c) {
      if (sym == "rot180") return (8 - r) * 9 + (8 - c)
      if (sym == "rot90") return c * 9 + (8 - r)
      if (sym == "mirror") return r * 9 + (8 - c)
      if (sym == "flip") return (8 - r) * 9 + c
      if (sym == "diagonal") return c * 9 + r
      if (sym == "antidiagonal") return (8 - c) * 9 + (8 - r)
      return r * 9 + c
    }
    { bad = 0
      for (i = 0; i < 81; i++) {
        j = image(int(i / 9), i % 9)
        if ((substr($0, i + 1, 1) == ".") != (substr($0, j + 1, 1) == ".")) bad = 1
      }
      n += bad }
    END { print n + 0 }' "$2"
}
# Prints how many lines of file $1 qqwing finds unique.
qqwing_unique() {
  qqwing --solve --count-solutions --one-line <"$1" | grep -c 'The solution to the puzzle is unique'
}

case_grid_methods() {
  need sqlite3
  need qqwing
  local m
  for m in search digit-rows box-fill pattern random-clues; do
    "$BIN" generate --db g.db --count 250 --seed 31 --grid-method "$m" --quiet || fail "--grid-method $m"
    "$BIN" generate --db g.db --count 50 --seed 32 --grid-method "$m" --minimal --quiet ||
      fail "--grid-method $m --minimal"
    [ "$(sqlite3 g.db "select count(*) from puzzles where grid_method = '$m'")" -eq 300 ] ||
      fail "$m: grid_method not stored"
  done
  "$BIN" generate --db g.db --count 200 --seed 33 --transform full --quiet || fail "--transform full"
  sqlite3 g.db 'select givens from puzzles' >all.txt
  [ "$(qqwing_unique all.txt)" -eq 1700 ] || fail "qqwing finds $(qqwing_unique all.txt) of 1700 unique"
  "$BIN" verify --db g.db >out.txt || fail "verify: $(grep -v '^verify' out.txt | head -3)"
  [ "$("$BIN" export --db g.db --columns canonical --format lines | sort -u | wc -l)" -eq 1700 ] ||
    fail "two puzzles share a canonical form"
  "$BIN" stats --db g.db >out.txt || fail stats
  for m in search digit-rows box-fill pattern random-clues; do
    grep -Eq "^  $m +[0-9]+ +[0-9]+ +0 +0.00% " out.txt || fail "stats lacks method $m: $(cat out.txt)"
  done
  "$BIN" stats --db g.db --json >s.json || fail "stats --json"
  local pattern search
  pattern=$(sqlite3 :memory: "select json_extract(value, '\$.distinct_grids') from json_each(json_extract(readfile('s.json'), '\$.grid_methods')) where json_extract(value, '\$.grid_method') = 'pattern'")
  search=$(sqlite3 :memory: "select json_extract(value, '\$.distinct_grids') from json_each(json_extract(readfile('s.json'), '\$.grid_methods')) where json_extract(value, '\$.grid_method') = 'search'")
  [ "$search" -eq 500 ] || fail "search: $search distinct grids of 500"
  [ "$pattern" -lt 300 ] || fail "pattern: $pattern distinct grids of 300; expected repeats"
  [ "$("$BIN" export --db g.db --grid-method box-fill --format lines | wc -l)" -eq 300 ] ||
    fail "export --grid-method"
  expect_one_line_error 2 "$BIN" generate --db g.db --grid-method spiral
  grep -q -- "--grid-method 'spiral'" err.txt || fail "unknown method not named: $(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db g.db --transform mirror
  expect_one_line_error 2 "$BIN" export --db g.db --grid-method spiral
}

case_symmetry() {
  need sqlite3
  need qqwing
  local sym
  for sym in none rot180 rot90 mirror flip diagonal antidiagonal; do
    "$BIN" generate --db s.db --count 150 --seed 21 --symmetry "$sym" --quiet || fail "--symmetry $sym"
    "$BIN" generate --db s.db --count 50 --seed 22 --symmetry "$sym" --minimal --quiet ||
      fail "--symmetry $sym --minimal"
    sqlite3 s.db "select givens from puzzles where symmetry = '$sym'" >"$sym.txt"
    [ "$(wc -l <"$sym.txt")" -eq 200 ] || fail "$sym: $(wc -l <"$sym.txt") puzzles stored with it"
    [ "$(asymmetric_count "$sym" "$sym.txt")" -eq 0 ] || fail "$sym: clue patterns without the symmetry"
  done
  "$BIN" generate --db s.db --count 300 --seed 23 --symmetry random --quiet || fail "--symmetry random"
  [ "$(sqlite3 s.db 'select count(distinct symmetry) from puzzles where run_id = 15')" -eq 6 ] ||
    fail "random symmetry used $(sqlite3 s.db 'select group_concat(distinct symmetry) from puzzles where run_id = 15')"
  for sym in rot180 rot90 mirror flip diagonal antidiagonal; do
    sqlite3 s.db "select givens from puzzles where run_id = 15 and symmetry = '$sym'" >r.txt
    [ "$(asymmetric_count "$sym" r.txt)" -eq 0 ] || fail "random: a $sym puzzle without it"
  done
  sqlite3 s.db 'select givens from puzzles' >all.txt
  [ "$(qqwing_unique all.txt)" -eq 1700 ] || fail "qqwing finds $(qqwing_unique all.txt) of 1700 unique"
  # --minimal with rot180: removing any symmetric pair of clues loses uniqueness.
  sqlite3 s.db "select givens from puzzles where symmetry = 'rot180' and run_id = 4 limit 15" |
    awk '{ for (i = 1; i <= 41; i++) if (substr($0, i, 1) != ".") {
             j = 82 - i; s = $0
             s = substr(s, 1, i - 1) "." substr(s, i + 1); s = substr(s, 1, j - 1) "." substr(s, j + 1)
             print s } }' >less.txt
  [ "$(wc -l <less.txt)" -gt 150 ] || fail "too few orbit removals ($(wc -l <less.txt))"
  [ "$(qqwing_unique less.txt)" -eq 0 ] || fail "an orbit removal keeps a --minimal rot180 puzzle unique"
  "$BIN" verify --db s.db >out.txt || fail "verify: $(grep -v '^verify' out.txt | head -3)"
  [ "$("$BIN" export --db s.db --symmetry rot90 --format lines | wc -l)" -ge 200 ] || fail "export --symmetry"
  # verify re-checks the stored symmetry.
  sqlite3 s.db "update puzzles set symmetry = 'rot90' where id = (select min(id) from puzzles where symmetry = 'mirror')"
  "$BIN" verify --db s.db >out.txt
  grep -q "do not have the stored symmetry 'rot90'" out.txt || fail "wrong symmetry not reported"
  expect_one_line_error 2 "$BIN" generate --db s.db --symmetry spiral
  grep -q -- "--symmetry 'spiral'" err.txt || fail "unknown symmetry not named: $(cat err.txt)"
}

case_dig_order() {
  need sqlite3
  "$BIN" generate --db d.db --count 300 --seed 51 --clue-level medium --dig-order per-row --quiet ||
    fail per-row
  "$BIN" generate --db d.db --count 300 --seed 51 --clue-level medium --quiet || fail random
  [ "$(sqlite3 d.db "select group_concat(distinct dig_order) from puzzles where run_id = 1")" = per-row ] ||
    fail "dig_order not stored"
  "$BIN" verify --db d.db >/dev/null || fail verify
  # Mean over puzzles of (most - fewest holes in a row): per-row spreads holes evenly.
  spread() {
    sqlite3 d.db "select givens from puzzles where run_id = $1" | awk '{
      lo = 9; hi = 0
      for (r = 0; r < 9; r++) { h = 0
        for (c = 1; c <= 9; c++) if (substr($0, r * 9 + c, 1) == ".") h++
        if (h < lo) lo = h; if (h > hi) hi = h }
      sum += hi - lo } END { printf "%d\n", 100 * sum / NR }'
  }
  local even random
  even=$(spread 1)
  random=$(spread 2)
  [ "$((even * 2))" -lt "$random" ] || fail "per-row spread $even/100 is not well below random's $random/100"
  expect_one_line_error 2 "$BIN" generate --db d.db --dig-order per-row --symmetry rot180
  grep -q 'per-row' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db d.db --dig-order diagonal
}

case_grid_source() {
  need sqlite3
  "$BIN" generate --db src.db --count 3 --seed 61 --quiet || fail generate
  { echo "# my grids"; sqlite3 src.db 'select solution from puzzles'; echo; } >g.txt
  expect_one_line_error 1 "$BIN" generate --db g.db --grid-source missing.txt
  grep -q 'missing.txt' err.txt || fail "$(cat err.txt)"
  local first
  first=$(sed -n 2p g.txt)
  { echo "$first"; echo "$first"; echo "${first:0:80}${first:0:1}"; } >bad.txt
  expect_one_line_error 1 "$BIN" generate --db g.db --grid-source bad.txt
  grep -q 'bad.txt:3: a digit repeats' err.txt || fail "bad line not named: $(cat err.txt)"
  { echo "$first"; echo "${first:0:40}.${first:41}"; } >holes.txt
  expect_one_line_error 1 "$BIN" generate --db g.db --grid-source holes.txt
  grep -q 'holes.txt:2: 1 empty cells' err.txt || fail "grid with a hole: $(cat err.txt)"
  [ ! -e g.db ] || fail "a rejected grid source created the database"
  expect_one_line_error 2 "$BIN" generate --db g.db --grid-source g.txt --grid-method pattern
  "$BIN" generate --db g.db --count 120 --seed 62 --grid-source g.txt --transform full --quiet ||
    fail "--grid-source"
  [ "$(sqlite3 g.db "select count(*) from puzzles where grid_method = 'source'")" -eq 120 ] || fail "grid_method"
  [ "$("$BIN" export --db g.db --columns solution_canonical --format lines | sort -u | wc -l)" -eq 3 ] ||
    fail "expected the 3 source grids, up to equivalence"
  [ "$(sqlite3 g.db 'select count(distinct solution) from puzzles')" -gt 100 ] || fail "--transform full did not vary the grids"
  "$BIN" verify --db g.db >/dev/null || fail verify
  # Resume re-reads the file and refuses a changed one.
  "$BIN" generate --db u.db --count 120 --seed 62 --grid-source g.txt --transform full --quiet
  sqlite3 g.db "delete from puzzles where item_index >= 50;
                update runs set written = 50, next_item = 50, status = 'failed'"
  cp g.txt g.orig
  echo "# changed" >>g.txt
  sed -i '2d' g.txt
  expect_one_line_error 1 "$BIN" generate --db g.db --resume
  grep -q "grid source $PWD/g.txt has changed" err.txt || fail "$(cat err.txt)"
  cp g.orig g.txt
  "$BIN" generate --db g.db --resume --quiet || fail "--resume with the grid source restored"
  same_corpus g.db u.db
}

case_duplicates() {
  need sqlite3
  "$BIN" generate --db d.db --count 100 --seed 41 --quiet || fail "first run"
  "$BIN" generate --db d.db --count 100 --seed 41 >out.txt || fail "second run"
  grep -q '^finished: 100 puzzles .*, run 2, 100 duplicates skipped, seed 41$' out.txt ||
    fail "summary: $(cat out.txt)"
  [ "$(sqlite3 d.db 'select written, duplicates, next_item from runs where id = 2')" = "100|100|200" ] ||
    fail "runs: $(sqlite3 d.db 'select * from runs')"
  [ "$(sqlite3 d.db 'select count(*), count(distinct canonical_key) from puzzles')" = "200|200" ] ||
    fail "duplicates stored"
  [ "$("$BIN" export --db d.db --columns canonical --format lines | sort -u | wc -l)" -eq 200 ] ||
    fail "duplicates stored: two puzzles share a canonical form"
  # Run 2 skipped items 0-99 (run 1 has them) and stored 100-199: together one run of 200.
  "$BIN" generate --db u.db --count 200 --seed 41 --quiet || fail "run of 200"
  [ "$(sqlite3 d.db 'select group_concat(givens) from (select givens from puzzles order by run_id, item_index)')" = \
    "$(sqlite3 u.db 'select group_concat(givens) from (select givens from puzzles order by item_index)')" ] ||
    fail "the second run is not items 100-199"
  # Equivalent puzzles share a canonical form: a puzzle, and it transposed with 1 and 2 swapped.
  sqlite3 d.db 'select givens from puzzles where id = 1' >p.txt
  awk '{ t = ""; for (c = 0; c < 9; c++) for (r = 0; r < 9; r++) t = t substr($0, r * 9 + c + 1, 1)
         gsub(/1/, "x", t); gsub(/2/, "1", t); gsub(/x/, "2", t); print $0; print t }' p.txt >pair.txt
  "$BIN" rate --json pair.txt >pair.jsonl || fail "rate the pair"
  [ "$(sed -n 1p pair.txt)" != "$(sed -n 2p pair.txt)" ] || fail "the transform changed nothing"
  [ "$(grep -o '"canonical":"[^"]*"' pair.jsonl | sort -u | wc -l)" -eq 1 ] ||
    fail "equivalent puzzles, different canonical forms: $(cat pair.jsonl)"
  local form
  form=$("$BIN" export --db d.db --columns id,canonical --format lines | sed -n 's/^1 //p')
  [ "$(grep -o '"canonical":"[^"]*"' pair.jsonl | head -1)" = "\"canonical\":\"$form\"" ] ||
    fail "rate and the corpus disagree on the canonical form"
  "$BIN" stats --db d.db >out.txt || fail stats
  grep -Eq '^  search +200 +200 +100 +33.33% ' out.txt || fail "stats: $(cat out.txt)"
  "$BIN" verify --db d.db >/dev/null || fail verify
  # Resume of a run with duplicates continues at its next item.
  sqlite3 d.db "delete from puzzles where run_id = 2 and item_index >= 150;
                update runs set written = 50, next_item = 150, status = 'failed' where id = 2"
  "$BIN" generate --db d.db --resume >out.txt || fail "--resume"
  grep -q 'resumed run 2: finished: 50 puzzles .* 100 of 100 written, 100 duplicates skipped' out.txt ||
    fail "resume summary: $(cat out.txt)"
  [ "$(sqlite3 d.db 'select group_concat(givens) from (select givens from puzzles order by run_id, item_index)')" = \
    "$(sqlite3 u.db 'select group_concat(givens) from (select givens from puzzles order by item_index)')" ] ||
    fail "resumed run differs"
  # A collision row (its key taken by another form) keeps its form instead of a key: verify
  # accepts its own form there and reports another.
  cp d.db bad.db
  sqlite3 bad.db "update puzzles set canonical_key = null, collision_canonical = '$form' where id = 1"
  "$BIN" verify --db bad.db >out.txt || fail "a collision row with its own form: $(cat out.txt)"
  sqlite3 bad.db "update puzzles set collision_canonical = (select givens from puzzles where id = 2) where id = 1"
  "$BIN" verify --db bad.db >out.txt
  grep -q '^puzzle 1: stored collision_canonical' out.txt || fail "wrong canonical not reported: $(cat out.txt)"
  # The key index keeps forms unique only while each key is its form's: verify checks that too.
  cp d.db bad.db
  sqlite3 bad.db "update puzzles set canonical_key = canonical_key + 1 where id = 3"
  "$BIN" verify --db bad.db >out.txt
  grep -q '^puzzle 3: stored canonical_key' out.txt || fail "wrong canonical_key not reported: $(cat out.txt)"
  [ "$(grep -c '^puzzle' out.txt)" -eq 1 ] || fail "other mismatches: $(cat out.txt)"
}

# A corpus of schema 1 (the first release) is upgraded by `migrate` (or any generate); the read
# commands refuse it until then, saying how.
case_migrate() {
  need sqlite3
  "$BIN" generate --db m.db --count 60 --seed 71 --quiet || fail generate
  "$BIN" generate --db fresh.db --count 1 --seed 1 --quiet || fail generate
  undo_schema_16 m.db
  sqlite3 m.db "drop index puzzles_canonical_key; drop index puzzles_canonical_collision;
    alter table puzzles drop column canonical_key;
    drop index puzzles_rating;
    update puzzles set level = clue_level;
    alter table puzzles drop column clue_level; alter table puzzles drop column rating;
    alter table puzzles drop column hardest; alter table puzzles drop column guesses;
    alter table puzzles drop column techniques;
    alter table puzzles drop column ep; alter table puzzles drop column ed;
    alter table puzzles drop column rating_tenths; alter table puzzles drop column ep_tenths;
    alter table puzzles drop column ed_tenths;
    alter table puzzles drop column canonical; alter table puzzles drop column solution_canonical;
    alter table puzzles drop column dig_order; alter table runs drop column duplicates;
    alter table runs drop column next_item;
    insert into puzzles(run_id, item_index, givens, solution, clues, freedom, level, symmetry, grid_method)
      select run_id, 60, replace(replace(replace(givens, '1', 'x'), '2', '1'), 'x', '2'),
             replace(replace(replace(solution, '1', 'x'), '2', '1'), 'x', '2'),
             clues, freedom, level, symmetry, grid_method from puzzles where item_index = 0;
    update runs set written = 61, requested = 61; pragma user_version = 1" || fail "downgrade"
  expect_one_line_error 1 "$BIN" stats --db m.db
  grep -q 'schema version 1 is older .*sudoku-corpus migrate --db m.db' err.txt || fail "$(cat err.txt)"
  "$BIN" migrate --db m.db >out.txt || fail migrate
  local latest
  latest=$(sqlite3 fresh.db 'pragma user_version')
  [ "$(cat out.txt)" = "m.db: schema 1 -> $latest" ] || fail "migrate said: $(cat out.txt)"
  "$BIN" migrate --db m.db >out.txt
  grep -q "already at schema $latest" out.txt || fail "second migrate: $(cat out.txt)"
  [ "$(sqlite3 m.db 'select sql from sqlite_master order by name')" = \
    "$(sqlite3 fresh.db 'select sql from sqlite_master order by name')" ] || fail "schema differs from a new corpus"
  # Schema 1's copy of an earlier puzzle has no form (schema 2) and so no key (schema 4).
  [ "$(sqlite3 m.db 'select count(*) from puzzles where canonical_key is null')" -eq 1 ] ||
    fail "canonical backfill"
  [ "$(sqlite3 m.db 'select count(*) from puzzles where collision_canonical is not null')" -eq 0 ] ||
    fail "a row without key kept a form"
  [ "$(sqlite3 m.db 'select count(*) from puzzles where ep is null or ed is null or ep > rating')" -eq 0 ] ||
    fail "ep and ed backfill"
  [ "$(sqlite3 m.db 'select next_item from runs')" -eq 61 ] || fail "next_item backfill"
  # The clue-count levels of schema 1 live on as clue_level; level is now the rating band.
  [ "$(sqlite3 m.db "select count(*) from puzzles where rating is null or clue_level is null
                     or level not in ('beginner', 'easy', 'medium', 'hard', 'expert', 'extreme')
                     or clue_level <> case when clues >= 47 then 'easy' when clues >= 32 then 'medium' else 'hard' end")" -eq 0 ] ||
    fail "rating backfill: $(sqlite3 m.db 'select level, clue_level, rating from puzzles limit 3')"
  "$BIN" verify --db m.db >out.txt
  [ $? -eq 1 ] || fail "verify must report the equivalent pair"
  grep -q '^puzzle 61: no canonical form: equivalent to an earlier puzzle' out.txt || fail "$(cat out.txt)"
  [ "$(grep -c '^puzzle' out.txt)" -eq 1 ] || fail "other mismatches: $(cat out.txt)"
  expect_one_line_error 1 "$BIN" migrate --db missing.db
  [ ! -e missing.db ] || fail "migrate created a database"
}

# Levels by rating: --level targets a rating band and every stored puzzle lies in it.
case_levels() {
  need sqlite3
  local level lo hi
  for level in beginner:0:1.2 easy:1.3:2.3 medium:2.4:3.4 hard:3.5:6.4 expert:6.5:7.9 extreme:8.0:10.0; do
    IFS=: read -r level lo hi <<<"$level"
    "$BIN" generate --db l.db --count 40 --seed 81 --level "$level" --quiet || fail "--level $level"
    [ "$(sqlite3 l.db "select count(*) from puzzles where level = '$level' and rating between $lo and $hi")" -eq 40 ] ||
      fail "$level: $(sqlite3 l.db "select rating from puzzles where level = '$level'" | sort -u | tr '\n' ' ')"
  done
  "$BIN" generate --db l.db --count 30 --seed 82 --rating 4.2-4.5 --minimal --quiet || fail "--rating"
  [ "$(sqlite3 l.db 'select count(*) from puzzles where run_id = 7 and rating between 4.2 and 4.5')" -eq 30 ] ||
    fail "--rating 4.2-4.5 stored others"
  "$BIN" verify --db l.db >out.txt || fail "verify: $(head -3 out.txt)"
  # export filters by rating; stats shows the rating sections.
  "$BIN" export --db l.db --rating 6.5-9.9 --format lines >x.txt || fail "export --rating"
  [ "$(wc -l <x.txt)" -eq "$(sqlite3 l.db 'select count(*) from puzzles where rating between 6.5 and 9.9')" ] ||
    fail "export --rating count"
  "$BIN" stats --db l.db >out.txt || fail stats
  for section in 'levels (by rating)' 'clue classes' 'hardest technique' 'rating (SE)' 'rating x clues'; do
    grep -q "^$section" out.txt || fail "stats lacks '$section'"
  done
  grep -Eq '^  extreme +40 ' out.txt || fail "extreme count: $(cat out.txt)"
  # --rating digs where its band is common, as --level does: 8.0-9.0 among minimal puzzles.
  "$BIN" generate --db l.db --count 5 --seed 83 --rating 8.0-9.0 --quiet || fail "--rating 8.0-9.0"
  [ "$(sqlite3 l.db 'select count(*) from puzzles where run_id = (select max(id) from runs) and rating between 8.0 and 9.0')" -eq 5 ] ||
    fail "--rating 8.0-9.0 stored others"
  # A level the digging cannot reach within the effort bound: one clear line, no run left.
  local runs
  runs=$(sqlite3 l.db 'select count(*) from runs')
  expect_one_line_error 1 "$BIN" generate --db l.db --count 5 --level extreme --clues 54-56
  grep -q 'no puzzle met the requested bands.* (SE ratings 8.0-12.0 are rare among these clues)' \
    err.txt || fail "$(cat err.txt)"
  [ "$(sqlite3 l.db 'select count(*) from runs')" -eq "$runs" ] || fail "the failed run left a row"
  # rate agrees with the corpus.
  sqlite3 l.db 'select givens from puzzles where run_id = 5' >e.txt
  "$BIN" rate --json e.txt >e.jsonl || fail rate
  [ "$(grep -c '"level":"expert"' e.jsonl)" -eq 40 ] || fail "rate disagrees: $(head -2 e.jsonl)"
}

# --- Hardening: one owner per run, damaged files, no silent success, numbers ---

# Waits (up to ~30 s) until run 1 of database $1 has written more than $2 puzzles.
wait_for_written_above() {
  local i written
  for i in $(seq 600); do
    written=$(sqlite3 "$1" 'select written from runs where id = 1' 2>/dev/null)
    [ -n "$written" ] && [ "$written" -gt "$2" ] && return 0
    sleep 0.05
  done
  return 1
}

# A run has one writer: --resume of a run whose process is alive, or a second --resume, is
# refused in one line and changes nothing; a killed owner's run is resumable at once.
case_run_owner() {
  need sqlite3
  # --minimal at one thread: slow enough that the run is still going when the others try.
  "$BIN" generate --db o.db --count 100000 --seed 11 --minimal --batch-size 100 --threads 1 --quiet &
  local owner=$!
  wait_for_rows o.db || fail "no batch was committed"
  expect_one_line_error 1 timeout 120 "$BIN" generate --db o.db --resume --threads 1 --quiet
  grep -q 'o.db: run 1 is being written by another process' err.txt || fail "$(cat err.txt)"
  kill -KILL "$owner"
  wait "$owner" 2>/dev/null
  local written
  written=$(sqlite3 o.db 'select written from runs where id = 1')
  check_prefix o.db
  # The killed owner's run is resumed; a second resume of it is refused while the first runs.
  "$BIN" generate --db o.db --resume --batch-size 100 --threads 1 --quiet &
  local first=$!
  wait_for_written_above o.db "$written" || fail "the resumed run committed nothing"
  expect_one_line_error 1 timeout 120 "$BIN" generate --db o.db --resume 1 --threads 1 --quiet
  grep -q 'o.db: run 1 is being written by another process' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 timeout 120 "$BIN" generate --db o.db --resume 1 --extend 5 --quiet
  kill -KILL "$first"
  wait "$first" 2>/dev/null
  check_prefix o.db
  [ "$(sqlite3 o.db 'select requested from runs')" -eq 100000 ] || fail "the refused --extend changed the run"
  "$BIN" verify --db o.db --quiet >out.txt || fail "verify: $(tail -3 out.txt)"
}

# verify runs SQLite's check of the file, and writers refuse a damaged file without changing it.
case_integrity() {
  need sqlite3
  make_corpus
  "$BIN" verify --db c.db --full >out.txt || fail "verify --full of a good corpus: $(cat out.txt)"
  grep -q 'all match$' out.txt || fail "$(cat out.txt)"
  cp c.db bad.db
  # Bytes from a fixed seed over one page: the only page of the freedom index.
  awk 'BEGIN { srand(7); for (i = 0; i < 4096; i++) printf "%c", 1 + int(rand() * 255) }' >junk.bin
  local page
  page=$(sqlite3 bad.db "select rootpage from sqlite_master where name = 'puzzles_freedom'")
  dd if=junk.bin of=bad.db bs=4096 seek=$((page - 1)) count=1 conv=notrunc status=none || fail dd
  "$BIN" verify --db bad.db >out.txt
  [ $? -eq 1 ] || fail "verify of a damaged file must exit 1: $(cat out.txt)"
  grep -q "^database: Page $page: " out.txt || fail "damaged page not reported: $(cat out.txt)"
  grep -q '^verify: bad.db: the file is damaged (SQLite quick_check' out.txt || fail "$(cat out.txt)"
  "$BIN" verify --db bad.db --full >out.txt
  [ $? -eq 1 ] || fail "verify --full of a damaged file must exit 1"
  grep -q 'SQLite integrity_check' out.txt || fail "$(cat out.txt)"
  local before
  before=$(cksum <bad.db)
  expect_one_line_error 1 "$BIN" generate --db bad.db --count 5 --seed 9
  grep -q 'bad.db: the database is damaged (SQLite quick_check: ' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db bad.db --resume --extend 5
  expect_one_line_error 1 "$BIN" migrate --db bad.db
  grep -q 'bad.db: the database is damaged' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" merge --db bad.db c.db
  grep -q 'bad.db: the database is damaged' err.txt || fail "$(cat err.txt)"
  [ "$(cksum <bad.db)" = "$before" ] || fail "a writer changed the damaged file"
  # A foreign SQLite file is refused before anything in it changes (not even its journal mode).
  sqlite3 other.db "create table notes(t text); insert into notes values ('x')"
  before=$(cksum <other.db)
  expect_one_line_error 1 "$BIN" generate --db other.db --count 5
  expect_one_line_error 1 "$BIN" migrate --db other.db
  expect_one_line_error 1 "$BIN" merge --db other.db c.db
  expect_one_line_error 1 "$BIN" merge --db m.db other.db
  [ "$(cksum <other.db)" = "$before" ] || fail "a refused foreign file was changed"
  [ "$(sqlite3 other.db 'pragma journal_mode')" = delete ] || fail "the foreign file was switched to WAL"
}

# Every bad number or name on the command line: exit 2, one line giving the range in digits.
case_numbers() {
  expect_one_line_error 2 "$BIN" generate --db n.db --seed -1
  grep -q "'-1' is not a whole number from 0 to 18446744073709551615" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db n.db --seed 18446744073709551616
  grep -q "from 0 to 18446744073709551615" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db n.db --count 99999999999999999999
  grep -q -- "--count: '99999999999999999999' is not a whole number from 1 to " err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db n.db --count -1
  expect_one_line_error 2 "$BIN" generate --db n.db --count 0
  expect_one_line_error 2 "$BIN" generate --db n.db --threads -3
  expect_one_line_error 2 "$BIN" generate --db n.db --threads 100000
  grep -q "from 0 to 1024" err.txt || fail "$(cat err.txt)"
  "$BIN" generate --help | grep -q 'at most 1024' || fail "--help does not give the thread cap"
  expect_one_line_error 2 "$BIN" generate --db n.db --clues abc
  expect_one_line_error 2 "$BIN" generate --db n.db --level nosuch
  expect_one_line_error 2 "$BIN" generate --db n.db --batch-size 0
  # Beyond what memory allows: refused before any run row is written (it died of bad_alloc).
  expect_one_line_error 2 "$BIN" generate --db n.db --batch-size 2147483647
  grep -q -- "--batch-size: '2147483647' is not a whole number from 1 to 100000" err.txt ||
    fail "$(cat err.txt)"
  # A run's own options with --resume are a usage error even where the run does not exist.
  expect_one_line_error 2 "$BIN" generate --db n.db --resume 1 --seed 5
  grep -q -- '--resume takes its parameters from the run; drop --seed' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db n.db --resume --extend 99999999999999999999
  expect_one_line_error 2 "$BIN" export --db n.db --limit -1
  expect_one_line_error 2 "$BIN" export --db n.db --sample 5 --seed -1
  expect_one_line_error 2 "$BIN" verify --db n.db --threads -1
  expect_one_line_error 2 "$BIN" stats --db n.db --run 99999999999999999999
  [ ! -e n.db ] || fail "a refused command line created the database"
  # A corpus must be a file: ":memory:" (and "") would vanish at exit after "finished".
  expect_one_line_error 2 "$BIN" generate --db :memory: --count 5
  grep -q -- "--db ':memory:': not a file" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db '' --count 5
  expect_one_line_error 2 "$BIN" migrate --db :memory:
  [ ! -e :memory: ] || fail "a file named :memory: was created"
  expect_one_line_error 2 "$BIN" frobnicate --db x.db
  grep -q "unknown subcommand 'frobnicate'; use generate, " err.txt || fail "$(cat err.txt)"
}

# Output that could not be written, input that could not be read: one line, exit 1.
case_io_errors() {
  need sqlite3
  [ -w /dev/full ] || { echo "SKIP: no /dev/full" >&2; exit 77; }
  local good="4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  echo "$good" >in.txt
  "$BIN" generate --db c.db --count 20 --seed 1 --quiet || fail generate
  local cmd
  for cmd in "solve in.txt" "rate in.txt" "rate --json in.txt" "stats --db c.db" \
             "stats --db c.db --json" "verify --db c.db" "export --db c.db"; do
    # shellcheck disable=SC2086
    "$BIN" $cmd >/dev/full 2>err.txt
    [ $? -eq 1 ] || fail "$cmd >/dev/full did not exit 1: $(cat err.txt)"
    [ "$(wc -l <err.txt)" -eq 1 ] || fail "$cmd: $(cat err.txt)"
    grep -q '^sudoku-corpus: cannot write standard output' err.txt || fail "$cmd: $(cat err.txt)"
  done
  mkdir folder
  expect_one_line_error 1 "$BIN" solve folder
  grep -q "'folder' is a folder" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" rate folder
  expect_one_line_error 1 "$BIN" solve - <folder
  grep -q '<stdin>: cannot read the input' err.txt || fail "$(cat err.txt)"
  # A UTF-8 byte-order mark before the first line is not part of the puzzle.
  printf '\xef\xbb\xbf%s\n' "$good" >bom.txt
  "$BIN" solve bom.txt >out.txt 2>err.txt || fail "a file with a BOM: $(cat err.txt)"
  grep -q "^$good 1 " out.txt || fail "$(cat out.txt)"
  sqlite3 c.db 'select solution from puzzles limit 2' | sed '1s/^/\xef\xbb\xbf/' >grids.txt
  "$BIN" generate --db g.db --count 5 --seed 2 --grid-source grids.txt --quiet ||
    fail "a grid source with a BOM"
}

# export writes a temporary file and renames it: a full disk leaves no partial file and an
# older file as it was; --limit 0 and --sample 0 export nothing.
case_export_atomic() {
  need sqlite3
  make_corpus
  "$BIN" export --db c.db -o all.jsonl || fail export
  [ "$(wc -c <all.jsonl)" -gt 200000 ] || fail "the export is too small to fill the limit below"
  # A file size limit of 100 KiB stands in for a full disk (EFBIG instead of SIGXFSZ).
  (ulimit -f 100; trap '' XFSZ; "$BIN" export --db c.db -o new.jsonl) 2>err.txt
  [ $? -eq 1 ] || fail "an export that could not be written must exit 1: $(cat err.txt)"
  grep -q "^sudoku-corpus: cannot write 'new.jsonl'" err.txt || fail "$(cat err.txt)"
  [ ! -e new.jsonl ] || fail "a failed export left a partial new.jsonl ($(wc -c <new.jsonl) bytes)"
  echo "old contents" >old.jsonl
  (ulimit -f 100; trap '' XFSZ; "$BIN" export --db c.db -o old.jsonl) 2>/dev/null
  [ "$(cat old.jsonl)" = "old contents" ] || fail "a failed export changed the existing file"
  [ "$(ls | grep -c '\.tmp-')" -eq 0 ] || fail "temporary files left: $(ls)"
  "$BIN" export --db c.db --format lines --limit 0 -o none.txt || fail "--limit 0"
  [ -e none.txt ] && [ ! -s none.txt ] || fail "--limit 0 exported $(wc -l <none.txt) puzzles"
  [ "$("$BIN" export --db c.db --format lines --sample 0 | wc -l)" -eq 0 ] || fail "--sample 0 exported puzzles"
  [ "$("$BIN" export --db c.db --format csv --limit 0 | wc -l)" -eq 1 ] || fail "csv --limit 0: header only"
}

# A run made from a relative --grid-source path resumes from another folder.
case_grid_source_resume() {
  need sqlite3
  mkdir -p work other
  echo 534678912672195348198342567859761423426853791713924856961537284287419635345286179 >work/g.txt
  (cd work && "$BIN" generate --db ../r.db --count 200 --seed 62 --grid-source g.txt --clues 60 --quiet) ||
    fail "--grid-source"
  (cd work && "$BIN" generate --db ../u.db --count 200 --seed 62 --grid-source g.txt --clues 60 --quiet)
  sqlite3 r.db "delete from puzzles where item_index >= 50;
                update runs set written = 50, next_item = 50, status = 'failed'"
  (cd other && "$BIN" generate --db ../r.db --resume --quiet) 2>err.txt ||
    fail "--resume from another folder: $(cat err.txt)"
  same_corpus r.db u.db
}

# migrate of an up-to-date corpus reads only: it does not wait for another writer's lock.
case_migrate_no_lock() {
  need sqlite3
  "$BIN" generate --db m.db --count 20 --seed 1 --quiet || fail generate
  local holder i
  mkfifo hold
  (echo 'BEGIN IMMEDIATE;'; read -r _ <hold; echo 'ROLLBACK;') | sqlite3 m.db &
  holder=$!
  for i in $(seq 200); do
    sqlite3 -cmd '.timeout 0' m.db 'BEGIN IMMEDIATE; ROLLBACK;' 2>/dev/null || break
    sleep 0.05
  done
  "$BIN" migrate --db m.db >out.txt 2>err.txt
  local code=$?
  echo done >hold
  wait "$holder"
  [ "$code" -eq 0 ] || fail "migrate of an up-to-date corpus waited for the lock: $(cat err.txt)"
  grep -q 'already at schema' out.txt || fail "$(cat out.txt)"
}

# A corpus in a folder nobody may write to (a read-only mount; for root, who writes anyway, a
# read-only bind mount) is still read by stats, export and verify.
# SIGTERM at any moment of a run's start, even before the file is made: afterwards there is no
# file, or a sound corpus whose run is recorded as interrupted (or finished); never an empty or
# half-made file. Delays from none to 50 ms land before, during and after the open.
case_early_signal() {
  need sqlite3
  local delay pid n=0
  for delay in 0 0 0.001 0.002 0.003 0.005 0.008 0.01 0.015 0.02 0.03 0.05; do
    n=$((n + 1))
    "$BIN" generate --db "e$n.db" --count 100000 --seed 3 --threads 1 --quiet 2>/dev/null &
    pid=$!
    sleep "$delay"
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    [ -e "e$n.db" ] || continue
    [ -s "e$n.db" ] || fail "SIGTERM after ${delay}s left an empty e$n.db"
    [ "$(sqlite3 "e$n.db" 'pragma quick_check')" = ok ] || fail "e$n.db is damaged"
    local status
    status="$(sqlite3 "e$n.db" 'select group_concat(status) from runs' 2>&1)" ||
      fail "SIGTERM after ${delay}s left e$n.db without its tables: $status"
    case "$status" in
      interrupted | finished) ;;
      *) fail "SIGTERM after ${delay}s left run status '$status' in e$n.db" ;;
    esac
  done
}

case_read_only_folder() {
  need sqlite3
  mkdir src ro
  "$BIN" generate --db src/c.db --count 30 --seed 1 --quiet || fail generate
  if [ "$(id -u)" -eq 0 ]; then
    mount --bind src ro 2>/dev/null && mount -o remount,bind,ro ro 2>/dev/null ||
      { umount ro 2>/dev/null; echo "SKIP: cannot make a read-only mount" >&2; exit 77; }
    trap 'umount "$WORK/ro"; rm -rf "$WORK"' EXIT
  else
    rmdir ro && mv src ro && chmod a-w ro
    trap 'chmod u+w "$WORK/ro"; rm -rf "$WORK"' EXIT
  fi
  ! touch ro/probe 2>/dev/null || fail "the folder is writable"
  "$BIN" stats --db ro/c.db >out.txt 2>err.txt || fail "stats: $(cat err.txt)"
  grep -q '^ro/c.db: 30 puzzles' out.txt || fail "$(head -1 out.txt)"
  "$BIN" export --db ro/c.db --format lines >out.txt 2>err.txt || fail "export: $(cat err.txt)"
  [ "$(wc -l <out.txt)" -eq 30 ] || fail "export gave $(wc -l <out.txt) lines"
  "$BIN" verify --db ro/c.db >out.txt 2>err.txt || fail "verify: $(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db ro/c.db --count 5
}

"case_$CASE"
