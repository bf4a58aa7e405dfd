#!/usr/bin/env bash
# Writers of one corpus at once, and requests refused before any work:
# tests/cli/writers_test.sh CASE BINARY. Exit 0 = pass, 77 = skipped, anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# wait_for_rows DB: until DB holds a puzzle (60 s at most).
wait_for_rows() {
  local deadline=$((SECONDS + 60))
  until [ "$(sqlite3 "$1" 'select count(*) from puzzles' 2>/dev/null)" -gt 0 ] 2>/dev/null; do
    [ "$SECONDS" -lt "$deadline" ] || fail "nothing written to $1 in 60 s"
    sleep 0.1
  done
}

# Three generates write one corpus at once, first a new one, then the same one again: each gets
# its turns between the others' commits (one used to give up after 5 s of finding the lock
# taken, or when switching the new file to WAL), and every run finishes with its count.
case_concurrent_generates() {
  need sqlite3
  local count round seed pids=() want=""
  count=$(scaled 150000 10000)
  for round in 1 2; do
    for seed in 1 2 3; do
      "$BIN" generate --db c.db --count "$count" --seed "$round$seed" --threads 2 --quiet \
        2>"err$round$seed.txt" &
      pids+=($!)
      want+="${want:+, }finished $count"
    done
    for seed in 1 2 3; do
      wait "${pids[0]}" || fail "writer $round$seed failed: $(cat "err$round$seed.txt")"
      pids=("${pids[@]:1}")
    done
  done
  [ "$(sqlite3 c.db "select group_concat(status || ' ' || written, ', ') from runs")" = "$want" ] ||
    fail "runs: $(sqlite3 c.db 'select * from runs')"
  [ "$(sqlite3 c.db 'select count(*) from puzzles')" -eq $((6 * count)) ] || fail "rows missing"
  "$BIN" verify --db c.db >/dev/null || fail "verify"
}

# A merge into a corpus a generate is writing is refused in one line before it reads anything
# (it would decide which puzzles are new against rows still coming); once the run ends it works.
case_merge_into_live() {
  need sqlite3
  "$BIN" generate --db src.db --count 3000 --seed 5 --quiet || fail src
  "$BIN" generate --db live.db --count 10000000 --seed 5 --threads 1 --quiet &
  LIVE_PID=$!  # global: the trap runs after this function returns
  trap 'kill -KILL "$LIVE_PID" 2>/dev/null; rm -rf "$WORK"' EXIT
  wait_for_rows live.db
  expect_one_line_error 1 "$BIN" merge --db live.db src.db
  grep -q 'live.db run 1: is being written by another process; merge into live.db when that ends' \
    err.txt || fail "$(cat err.txt)"
  kill -INT "$LIVE_PID"
  wait "$LIVE_PID"
  "$BIN" merge --db live.db src.db >out.txt || fail "merge once the run stopped"
  "$BIN" verify --db live.db >/dev/null || fail "verify of the merged corpus"
}

# Requests no puzzle meets in practice are refused before any work, naming both options (exit 2,
# no file made); bands that need other digging get it; a request that fails after all leaves
# no run behind.
case_refused_requests() {
  need sqlite3
  expect_one_line_error 2 "$BIN" generate --db r.db --level expert --clue-class easy
  grep -q -- '--level expert with --clue-class easy: puzzles of 54-56 clues rate above 1.2' \
    err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db r.db --rating 4.0-5.0 --clue-level medium
  grep -q -- '--rating 4.0-5.0 with --clue-class medium' err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db r.db --level all --clue-class easy --count 60
  expect_one_line_error 2 "$BIN" generate --db r.db --freedom 600-729
  grep -q -- '--freedom 600-729: a puzzle of 17 or more clues has a freedom of 576 at most' \
    err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db r.db --clues 40-50 --freedom 400-500
  [ ! -e r.db ] || fail "a refused request made r.db"
  # The help's own example band, and a rating band of the extreme level, are met.
  "$BIN" generate --help | grep -q 'e.g. 130-170' || fail "--freedom example in --help"
  "$BIN" generate --db r.db --freedom 243-486 --count 20 --seed 1 --quiet || fail "--freedom 243-486"
  [ "$(sqlite3 r.db 'select count(*) from puzzles where freedom between 243 and 486')" -eq 20 ] ||
    fail "puzzles outside the freedom band"
  "$BIN" generate --db r.db --rating 8.0-9.0 --count 5 --seed 1 --quiet || fail "--rating 8.0-9.0"
  [ "$(sqlite3 r.db 'select count(*) from puzzles where run_id = 2 and rating between 8.0 and 9.0')" -eq 5 ] ||
    fail "--rating 8.0-9.0 did not add 5 puzzles rated 8.0-9.0"
  # A request that fails after all (no puzzle of 54-56 clues rates 3.0-4.0) leaves no run row.
  expect_one_line_error 1 "$BIN" generate --db r.db --clues 54-56 --rating 3.0-4.0 --count 5
  [ "$(sqlite3 r.db "select group_concat(id || ' ' || status) from runs")" = \
    "1 finished,2 finished" ] || fail "runs: $(sqlite3 r.db 'select id, status from runs')"
}

# Ratings are typed and read in SE's unit (4.2) everywhere: tenths typed by mistake (42-64) are
# refused with the range rather than matching nothing; stats --json and the corpus show SE numbers.
case_rating_units() {
  need sqlite3
  need python3
  "$BIN" generate --db u.db --count 200 --seed 1 --quiet || fail generate
  local cmd
  for cmd in export stats; do
    expect_one_line_error 2 "$BIN" "$cmd" --db u.db --rating 42-64
    grep -q -- "--rating '42-64': out of SE's range 1.0-12.0" err.txt || fail "$cmd: $(cat err.txt)"
  done
  expect_one_line_error 2 "$BIN" generate --db u.db --rating 42-64
  "$BIN" export --db u.db --rating 1.0-2.0 --format lines >x.txt || fail "export --rating 1.0-2.0"
  [ "$(wc -l <x.txt)" -eq "$(sqlite3 u.db 'select count(*) from puzzles where rating between 1.0 and 2.0')" ] ||
    fail "export --rating 1.0-2.0 count"
  # The corpus too: rating, ep and ed in SE units beside the tenths the tool stores, and a range
  # of SE numbers is a range of the rating index.
  [ "$(sqlite3 u.db "select count(*) from puzzles where typeof(rating) <> 'real' or rating * 10 <> rating_tenths
                      or ep * 10 <> ep_tenths or ed * 10 <> ed_tenths or rating not between 1.0 and 12.0")" -eq 0 ] ||
    fail "corpus ratings: $(sqlite3 u.db 'select rating, rating_tenths, ep, ed from puzzles limit 3')"
  sqlite3 u.db "explain query plan select id from puzzles where rating between 4.2 and 6.4" |
    grep -q 'USING INDEX puzzles_rating' || fail "a rating range does not use the rating index"
  "$BIN" stats --db u.db --json >s.json || fail "stats --json"
  python3 - s.json <<'PY' || fail "stats --json ratings: $(head -c 400 s.json)"
import json, sys
d = json.load(open(sys.argv[1]))
r = d["rating"]
assert d["filter"]["rating"] == [0.0, 12.0], d["filter"]["rating"]
assert 1.0 <= r["min"] <= r["max"] <= 12.0, r
assert all(1.0 <= h["value"] <= 12.0 for h in r["histogram"]), r["histogram"]
assert all(1.0 <= c["mean_rating"] <= 12.0 for c in d["rating_by_clues"])
PY
}

# stats --plot colours every histogram and the mean-rating line by level (the data files carry
# the levels; the script names no single colour), and leaves room above the tallest bar.
case_plots_by_level() {
  need gnuplot
  "$BIN" generate --db p.db --level all --count 600 --seed 1 --quiet || fail generate
  "$BIN" stats --db p.db --plot plots >/dev/null || fail "stats --plot"
  local levels="beginner easy medium hard expert extreme"
  [ "$(head -1 plots/rating.dat)" = "rating total $levels" ] || fail "rating.dat: $(head -1 plots/rating.dat)"
  [ "$(head -1 plots/freedom.dat)" = "bin_start total $levels" ] || fail "freedom.dat"
  [ "$(head -1 plots/rating_clues.dat)" = "clues puzzles mean_rating level_rgb" ] ||
    fail "rating_clues.dat: $(head -1 plots/rating_clues.dat)"
  # Each rating counts in its own level's column only: 1.2 is beginner, 8.x extreme.
  awk 'NR > 1 { n = 0; for (i = 3; i <= NF; ++i) if ($i > 0) ++n; if (n != 1 || $2 == 0) exit 1 }' \
    plots/rating.dat || fail "a rating in several level columns: $(cat plots/rating.dat)"
  ! grep -Eq "with (boxes|points|linespoints) .*lc rgb '#" plots/plot_stats.gnuplot ||
    fail "single-colour plots: $(grep -E "lc rgb '#" plots/plot_stats.gnuplot)"
  grep -q 'set offsets 0, 0, graph 0.06, 0' plots/plot_stats.gnuplot || fail "no room above bars"
  local name
  for name in clues freedom freedom_by_level clues_freedom rating rating_clues; do
    [ -s "plots/$name.png" ] && [ -s "plots/$name.svg" ] || fail "plots/$name missing"
  done
}

"case_$CASE"
