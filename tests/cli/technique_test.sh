#!/usr/bin/env bash
# Puzzles by technique, one CTest case per function: tests/cli/technique_test.sh CASE BINARY.
# generate --hardest T and --requires T,...; the same filters on export and stats; technique
# names checked (exit 2), impossible requests refused (exit 1); a resumed run as an
# uninterrupted one.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Every stored row has the hardest technique asked for, at any thread count.
case_hardest() {
  need sqlite3
  "$BIN" generate --db a.db --hardest x-wing --count 5 --seed 1 --threads 2 --quiet ||
    fail "generate --hardest x-wing"
  [ "$(sqlite3 a.db "select count(*) from puzzles where hardest = 'x-wing' and rating = 3.2")" = 5 ] ||
    fail "rows: $(sqlite3 a.db 'select hardest, rating from puzzles')"
  [ "$(sqlite3 a.db "select json_extract(params, '$.hardest') from runs")" = x-wing ] ||
    fail "params: $(sqlite3 a.db 'select params from runs')"
  "$BIN" generate --db b.db --hardest x-wing --count 5 --seed 1 --threads 1 --quiet ||
    fail "generate --threads 1"
  same_corpus a.db b.db
  "$BIN" generate --db c.db --hardest xy-chain --level expert --count 3 --seed 1 --quiet ||
    fail "generate --hardest xy-chain --level expert"
  [ "$(sqlite3 c.db "select count(*) from puzzles where hardest = 'xy-chain' and level = 'expert'")" = 3 ] ||
    fail "rows: $(sqlite3 c.db 'select hardest, level from puzzles')"
}

# Every stored path uses each technique required.
case_requires() {
  need sqlite3
  "$BIN" generate --db a.db --requires pointing,naked-pair --count 5 --seed 1 --quiet ||
    fail "generate --requires"
  [ "$(sqlite3 a.db "select count(*) from puzzle_techniques
                      where json_extract(techniques, '$.pointing') > 0
                      and json_extract(techniques, '$.\"naked-pair\"') > 0")" = 5 ] ||
    fail "rows: $(sqlite3 a.db 'select techniques from puzzle_techniques')"
  "$BIN" generate --db b.db --hardest xy-wing --requires x-wing --count 2 --seed 1 --quiet ||
    fail "generate --hardest xy-wing --requires x-wing"
  [ "$(sqlite3 b.db "select count(*) from $PUZZLES_READ where hardest = 'xy-wing'
                      and json_extract(techniques, '$.\"x-wing\"') > 0")" = 2 ] ||
    fail "rows: $(sqlite3 b.db "select hardest, techniques from $PUZZLES_READ")"
}

# export and stats count what a sqlite3 query counts.
case_filters() {
  need sqlite3
  "$BIN" generate --db c.db --minimal --count 300 --seed 1 --threads 2 --quiet || fail generate
  local hardest want got
  for hardest in x-wing pointing xy-chain; do
    want=$(sqlite3 c.db "select count(*) from puzzles where hardest = '$hardest'")
    got=$("$BIN" export --db c.db --format lines --hardest "$hardest" | wc -l)
    [ "$got" = "$want" ] || fail "export --hardest $hardest: $got rows, sqlite3 $want"
    got=$("$BIN" stats --db c.db --json --hardest "$hardest" | sed -n 's/.*"puzzles": *\([0-9]*\).*/\1/p' | head -1)
    [ "$got" = "$want" ] || fail "stats --hardest $hardest: $got, sqlite3 $want"
  done
  [ "$want" -gt 0 ] || fail "no xy-chain among 300 minimal puzzles"
  want=$(sqlite3 c.db "select count(*) from $PUZZLES_READ where json_extract(techniques, '$.pointing') > 0
                       and json_extract(techniques, '$.\"naked-pair\"') > 0")
  got=$("$BIN" export --db c.db --format lines --requires pointing,naked-pair | wc -l)
  [ "$got" = "$want" ] && [ "$want" -gt 0 ] || fail "export --requires: $got rows, sqlite3 $want"
  want=$(sqlite3 c.db "select count(*) from $PUZZLES_READ where hardest = 'xy-chain'
                       and json_extract(techniques, '$.pointing') > 0")
  got=$("$BIN" export --db c.db --format lines --hardest xy-chain --requires pointing | wc -l)
  [ "$got" = "$want" ] || fail "export --hardest --requires: $got rows, sqlite3 $want"
  "$BIN" stats --db c.db --hardest x-wing --requires pointing >out.txt || fail "stats text"
  grep -q "matching hardest x-wing, uses pointing" out.txt || fail "stats header: $(head -1 out.txt)"
}

# An unknown name: exit 2 listing the names; a request no puzzle meets, or a technique too rare
# among the puzzles asked for: exit 1.
case_names() {
  expect_one_line_error 2 "$BIN" generate --db g.db --hardest x-wings --count 1
  grep -q "hardest 'x-wings': unknown technique; use one of none, full-house, .*, xy-chain, .*guess" err.txt ||
    fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db g.db --requires pointing,bogus --count 1
  grep -q "requires 'bogus': unknown technique" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 2 "$BIN" generate --db g.db --requires pointing, --count 1
  for cmd in export stats; do
    expect_one_line_error 2 "$BIN" "$cmd" --db g.db --hardest x-wings
    expect_one_line_error 2 "$BIN" "$cmd" --db g.db --requires x-wing,nope
  done
  expect_one_line_error 1 "$BIN" generate --db g.db --hardest x-wing --level easy --count 1
  grep -q "hardest technique x-wing rates 3.2, outside" err.txt || fail "$(cat err.txt)"
  expect_one_line_error 1 "$BIN" generate --db g.db --hardest x-wing --requires swordfish --count 1
  expect_one_line_error 1 "$BIN" generate --db g.db --hardest none --count 1
  [ ! -e g.db ] || fail "a refused request created the database"
  # Among 50-60 clues no puzzle needs a jellyfish: the item gives up saying so (about 4 s).
  expect_one_line_error 1 "$BIN" generate --db r.db --hardest jellyfish --clues 50-60 --count 1 \
    --threads 1 --seed 1
  grep -q "item 0: 0 of 100000 puzzles dug had hardest technique jellyfish (0.000%): too rare" \
    err.txt || fail "$(cat err.txt)"
}

# A --hardest run cut short and resumed is the run made in one go; --resume takes no --hardest.
case_resume() {
  need sqlite3
  "$BIN" generate --db r.db --hardest x-wing --count 12 --seed 3 --threads 2 --quiet || fail generate
  "$BIN" generate --db u.db --hardest x-wing --count 12 --seed 3 --threads 1 --quiet || fail "second"
  sqlite3 r.db "delete from puzzles where item_index >= 5;
                update runs set written = 5, next_item = 5, status = 'failed'" || fail "cut back"
  expect_one_line_error 2 "$BIN" generate --db r.db --resume --hardest x-wing
  expect_one_line_error 2 "$BIN" generate --db r.db --resume --requires pointing
  "$BIN" generate --db r.db --resume --quiet || fail "--resume"
  same_corpus r.db u.db
}

"case_$CASE"
