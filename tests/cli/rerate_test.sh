#!/usr/bin/env bash
# Corpora rated by an older rater (schema 4, before SE's direct techniques; schema 5, before the
# forcing chains; schema 6, before the multiple forcing chains; schema 7, before the dynamic
# forcing chains; schema 8, before the dynamic forcing chains (+); schema 9, before the aligned
# exclusions; schema 12, before SE's chain step) brought up to this one by `migrate`, and a
# corpus of schema 14 given the lean row (schema 16), one CTest case per function:
# tests/cli/rerate_test.sh CASE BINARY.
# Exit 0 = pass, 77 = skipped (a tool it needs is missing), anything else = fail.
set -uo pipefail
CASE="$1"
BIN="$2"
readonly LATEST=16  # this tool's schema version
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"

source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# Schemas before 11 had no ep and ed columns: an aged corpus loses them (schema 11 adds them back).
drop_ep_ed() {
  sqlite3 "$1" "alter table puzzles drop column ep; alter table puzzles drop column ed" ||
    fail "dropping ep, ed of $1"
}

# The rating columns of every row of corpus $1 (schema 14 or later), in id order.
rating_rows() {
  sqlite3 "$1" "select id, ep_tenths, ed_tenths, rating_tenths, hardest, guesses, techniques, level
                from $(puzzles_read "$1") order by id"
}

# Finishes the killed migration of corpus $1 and expects every row to equal want.txt (a new
# corpus's rating_rows) and verify to pass.
finish_as_new() {
  "$BIN" migrate --db "$1" >out.txt 2>err.txt || fail "migrate after kill: $(cat err.txt)"
  [ "$(sqlite3 "$1" 'pragma user_version')" -eq "$LATEST" ] || fail "not at schema $LATEST"
  rating_rows "$1" >got.txt
  cmp -s want.txt got.txt || fail "rows differ from a new corpus's: $(diff want.txt got.txt | head -3)"
  "$BIN" verify --db "$1" --threads 2 >out.txt 2>err.txt || fail "verify: $(cat out.txt err.txt)"
}

# Starts `migrate` of $1 and kills it (-9) once a batch of its backfill is committed; prints the
# saved progress (next_id), or nothing if the migration ended first.
migrate_killed_after_a_batch() {
  "$BIN" migrate --db "$1" >/dev/null 2>&1 &
  local pid=$! next=""
  for _ in $(seq 1 500); do  # until the first batch is committed (at most ~10 s)
    next=$(sqlite3 "$1" "select next_id from schema_backfill" 2>/dev/null)
    [ -n "$next" ] && [ "$next" -gt 0 ] && break
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.02
  done
  kill -9 "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  echo "$next"
}

# Turns corpus $1 into what the rater of schema 4 left: no direct techniques (it rated such steps
# as the plain technique; pointing stands for them here), version 4.
age_to_schema_4() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 26, hardest = 'pointing', level = 'medium',
                  techniques = '{\"hidden-single-box\":40,\"pointing\":1}'
                where hardest like 'direct-%';
                pragma user_version = 4" || fail "aging $1"
  drop_ep_ed "$1"
}

# Turns corpus $1 into what the rater of schema 5 left: no forcing chains (a guess instead).
age_to_schema_5() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 100, hardest = 'guess', level = 'extreme', guesses = 1,
                  techniques = '{\"hidden-single-box\":40,\"guess\":1}'
                where hardest like '%forcing-chain';
                pragma user_version = 5" || fail "aging $1"
  drop_ep_ed "$1"
}

# Turns corpus $1 into what the rater of schema 6 left: no multiple forcing chains (a guess
# instead), and extreme meant 10.0 alone.
age_to_schema_6() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 100, hardest = 'guess', level = 'extreme', guesses = 1,
                  techniques = '{\"hidden-single-box\":40,\"guess\":1}'
                where hardest in ('cell-forcing-chain', 'region-forcing-chain');
                update puzzles set level = 'expert' where rating between 80 and 99;
                pragma user_version = 6" || fail "aging $1"
  drop_ep_ed "$1"
}

# Turns corpus $1 into what the rater of schema 7 left: no dynamic forcing chains (a guess
# instead).
age_to_schema_7() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 100, hardest = 'guess', level = 'extreme', guesses = 1,
                  techniques = '{\"hidden-single-box\":40,\"guess\":1}'
                where hardest = 'dynamic-forcing-chain';
                pragma user_version = 7" || fail "aging $1"
  drop_ep_ed "$1"
}

# Turns corpus $1 into what the rater of schema 8 left where it guessed: the rows whose hardest
# step meets $2 rated as a guess (generated minimal puzzles never need the dynamic chains (+),
# so any rows stand for those that did).
age_to_schema_8() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 100, hardest = 'guess', level = 'extreme', guesses = 1,
                  techniques = '{\"hidden-single-box\":40,\"guess\":1}'
                where $2;
                pragma user_version = 8" || fail "aging $1"
  drop_ep_ed "$1"
}

# Turns corpus $1 into what the rater of schema 9 left where its path differed for want of the
# aligned exclusions: the rows whose hardest step meets $2 rated by another chain (aligned
# exclusions are rare among generated minimal puzzles, so any chains stand for those rows).
age_to_schema_9() {
  undo_schema_14 "$1"
  sqlite3 "$1" "update puzzles set rating = 83, hardest = 'cell-forcing-chain', level = 'extreme',
                  techniques = '{\"hidden-single-box\":40,\"cell-forcing-chain\":1}'
                where $2;
                pragma user_version = 9" || fail "aging $1"
  drop_ep_ed "$1"
}

# An old corpus ($1, aged to schema $2 by age_to_schema_$2) is refused by the read commands,
# migrated in one command, and then verifies clean: every stored rating is this rater's again, and
# the puzzles whose hardest step meets $3 (an SQL condition: what the old rater lacked) are back.
expect_rerated() {
  local db="$1" version="$2" hardest="$3" count
  need sqlite3
  "$BIN" generate --db "$db" --count 400 --seed 5 --minimal --threads 2 --quiet || fail generate
  count=$(sqlite3 "$db" "select count(*) from puzzles where $hardest")
  [ "$count" -gt 0 ] || fail "no puzzle's hardest step meets $hardest"
  "age_to_schema_$version" "$db" "$hardest"
  expect_one_line_error 1 "$BIN" verify --db "$db"
  grep -q "schema version $version is older .*sudoku-corpus migrate --db $db" err.txt ||
    fail "$(cat err.txt)"
  "$BIN" migrate --db "$db" >out.txt 2>err.txt || fail "migrate: $(cat err.txt)"
  [ "$(cat out.txt)" = "$db: schema $version -> $LATEST" ] || fail "migrate said: $(cat out.txt)"
  [ "$(sqlite3 "$db" "select count(*) from puzzles where $hardest")" -eq "$count" ] ||
    fail "the puzzles where $hardest did not come back"
  [ "$(sqlite3 "$db" "select count(*) from sqlite_master where name like 'schema_%'")" -eq 0 ] ||
    fail "the migration's progress tables are left"
  "$BIN" verify --db "$db" >out.txt 2>err.txt || fail "verify after migrate: $(cat out.txt err.txt)"
  grep -q 'all match' out.txt || fail "verify: $(cat out.txt)"
}

case_rerate() { expect_rerated r.db 4 "hardest like 'direct-%'"; }
case_rerate_5() { expect_rerated f.db 5 "hardest like '%forcing-chain'"; }
case_rerate_7() {
  expect_rerated d.db 7 "hardest = 'dynamic-forcing-chain'"
  [ "$(sqlite3 d.db "select count(*) from puzzles where guesses > 0")" -eq 0 ] ||
    fail "a generated minimal puzzle still needs a guess"
}
case_rerate_8() { expect_rerated g.db 8 "hardest like '%-chain'"; }
case_rerate_9() { expect_rerated a.db 9 "hardest like '%-chain'"; }
case_rerate_6() {
  expect_rerated m.db 6 "hardest in ('cell-forcing-chain', 'region-forcing-chain')"
  [ "$(sqlite3 m.db "select count(*) from puzzles where rating >= 8.0 and level <> 'extreme'")" -eq 0 ] ||
    fail "a puzzle rated 8.0 or more is not extreme"
}

# A migration killed between its batches keeps the batches it committed (the file stays before
# schema 10, at 9, its progress recorded) and the next `migrate` finishes from there.
case_rerate_resume() {
  need sqlite3
  "$BIN" generate --db k.db --count 30000 --seed 6 --threads 2 --quiet || fail generate
  age_to_schema_4 k.db
  sqlite3 k.db "update puzzles set rating = 0, level = 'beginner'" || fail "aging k.db"
  local next
  next=$(migrate_killed_after_a_batch k.db)
  if [ -n "$next" ] && [ "$(sqlite3 k.db 'pragma user_version')" -eq 9 ]; then
    next=$(sqlite3 k.db "select next_id from schema_backfill")
    [ "$(sqlite3 k.db "select count(*) from puzzles where id < $next and rating = 0")" -eq 0 ] ||
      fail "a committed batch was lost"
    [ "$(sqlite3 k.db "select count(*) from puzzles where id >= $next and rating <> 0")" -eq 0 ] ||
      fail "rows past the last committed batch were changed"
  else
    echo "note: the migration ended before it could be killed between batches" >&2
  fi
  "$BIN" migrate --db k.db >out.txt 2>err.txt || fail "migrate after kill: $(cat err.txt)"
  "$BIN" verify --db k.db --threads 2 >out.txt 2>err.txt || fail "verify: $(cat out.txt err.txt)"
}

# EP and ED for a corpus of schema 10: every row gets SE's, and the path of SE's instance order
# where it differs, in batches; a migration killed between
# them keeps the rows it did (the file stays at 11, its progress recorded) and the next `migrate`
# finishes from there; `verify` then finds every stored ep and ed this rater's.
case_ep_ed_resume() {
  need sqlite3
  "$BIN" generate --db k.db --count 30000 --seed 6 --threads 2 --quiet || fail generate
  rating_rows k.db >want.txt
  undo_schema_14 k.db
  drop_ep_ed k.db
  # Paths of the instance order before SE's: other uses (and hardest techniques) of one rating.
  sqlite3 k.db "update puzzles set techniques = '{}', hardest = 'skyscraper' where id % 7 = 0;
                pragma user_version = 10" || fail "aging k.db"
  local next
  next=$(migrate_killed_after_a_batch k.db)
  if [ -n "$next" ] && [ "$(sqlite3 k.db 'pragma user_version')" -eq 11 ]; then
    next=$(sqlite3 k.db "select next_id from schema_backfill")
    [ "$(sqlite3 k.db "select count(*) from puzzles where id < $next and ep is null")" -eq 0 ] ||
      fail "a committed batch was lost"
    [ "$(sqlite3 k.db "select count(*) from puzzles where id >= $next and ep is not null")" -eq 0 ] ||
      fail "rows past the last committed batch were changed"
  else
    echo "note: the migration ended before it could be killed between batches" >&2
  fi
  finish_as_new k.db
  sqlite3 k.db "update puzzles set ed_tenths = ed_tenths + 1 where id = 7" || fail "tamper"
  "$BIN" verify --db k.db --threads 2 >out.txt 2>err.txt && fail "verify missed a wrong ed"
  grep -q "ed" out.txt || fail "verify: $(cat out.txt)"
}

# SE's chain step for a corpus of schema 12: the rows that reached the chains (rated 6.5 or more,
# or with a guess) are rated again in batches (the others cannot have changed); a migration killed
# between them keeps the rows it did (the file stays at 12, its progress recorded), the next
# `migrate` finishes from there, and every row then equals a new corpus's.
case_chain_step_resume() {
  need sqlite3
  "$BIN" generate --db k.db --count 30000 --seed 6 --threads 2 --quiet || fail generate
  rating_rows k.db >want.txt
  undo_schema_14 k.db
  [ "$(sqlite3 k.db "select count(*) from puzzles where hardest in ('x-cycle', 'xy-cycle')")" -gt 0 ] ||
    fail "no generated puzzle has a cycle for its hardest step"
  # What the earlier chain step left: the X- and XY-cycles found as longer chains, 0.1 dearer.
  # Every other row is marked as one that got a guess too, so that the step takes three batches.
  sqlite3 k.db "update puzzles set rating = rating + 1, ep = ep + 1, hardest = 'forcing-chain',
                  techniques = '{}' where hardest in ('x-cycle', 'xy-cycle');
                update puzzles set guesses = guesses + 1 where id % 2 = 0;
                pragma user_version = 12" || fail "aging k.db"
  local next
  next=$(migrate_killed_after_a_batch k.db)
  if [ -n "$next" ] && [ "$(sqlite3 k.db 'pragma user_version')" -eq 12 ]; then
    next=$(sqlite3 k.db "select next_id from schema_backfill")
    sqlite3 k.db "select id, ep, ed, rating, hardest, guesses, techniques, level from puzzles
                  where id < $next order by id" >got.txt
    awk -F'|' -v next_id="$next" '$1 < next_id' want.txt | cmp -s - got.txt ||
      fail "a committed batch was lost"
    [ "$(sqlite3 k.db "select count(*) from puzzles where id >= $next and id % 2 = 0 and guesses = 0")" -eq 0 ] ||
      fail "rows past the last committed batch were changed"
  else
    echo "note: the migration ended before it could be killed between batches" >&2
  fi
  finish_as_new k.db
}

# The lean row (schema 16) for a corpus of schema 14, one of its rows a collision row: every
# column a user sees, the canonical forms too, is as it was; `verify` passes; and the file is
# smaller than the old one compacted (the migration gave the old table's pages back). A row the
# lean row cannot hold stops the migration in one line naming it.
case_lean_row() {
  need sqlite3
  local visible="id, run_id, item_index, givens, solution, clues, freedom, level, clue_level,
    rating, ep, ed, hardest, guesses, techniques, symmetry, grid_method, dig_order, canonical_key"
  "$BIN" generate --db l.db --count 400 --seed 9 --threads 2 --quiet || fail generate
  undo_schema_16 l.db
  # A collision row of schema 14: its key taken by another form, its form stored.
  sqlite3 l.db "update puzzles set canonical_key = null where id = 17; vacuum" || fail "aging l.db"
  sqlite3 l.db "select $visible, canonical, solution_canonical from puzzles order by id" >want.txt
  # A row the lean row cannot hold stops the migration, named, before schema 16, rows intact.
  cp l.db bad.db
  sqlite3 bad.db "update puzzles set givens = 'x' || substr(givens, 2) where id = 33" ||
    fail "damaging bad.db"
  sqlite3 bad.db "select givens, techniques from puzzles order by id" >bad_before.txt
  expect_one_line_error 1 "$BIN" migrate --db bad.db
  grep -q "bad.db: puzzle id 33: .*delete the row to migrate" err.txt || fail "$(cat err.txt)"
  [ "$(sqlite3 bad.db 'pragma user_version')" -eq 15 ] || fail "bad.db is not at schema 15"
  sqlite3 bad.db "select givens, techniques from puzzles order by id" | cmp -s - bad_before.txt ||
    fail "the failed migration changed rows"
  local old_size
  old_size=$(stat -c %s l.db)
  "$BIN" migrate --db l.db >out.txt 2>err.txt || fail "migrate: $(cat err.txt)"
  [ "$(cat out.txt)" = "l.db: schema 14 -> $LATEST" ] || fail "migrate said: $(cat out.txt)"
  "$BIN" export --db l.db --format csv --columns canonical,solution_canonical |
    tail -n +2 | tr ',' '|' >forms.txt
  sqlite3 l.db "select $visible from $PUZZLES_READ order by id" | paste -d '|' - forms.txt >got.txt
  cmp -s want.txt got.txt || fail "rows differ from schema 14's: $(diff want.txt got.txt | head -3)"
  [ "$(sqlite3 l.db "select id from puzzles where collision_canonical is not null")" = 17 ] ||
    fail "the collision row lost its form"
  "$BIN" verify --db l.db --threads 2 >out.txt 2>err.txt || fail "verify: $(cat out.txt err.txt)"
  local new_size
  new_size=$(stat -c %s l.db)
  [ "$new_size" -lt "$old_size" ] || fail "the file grew: $old_size -> $new_size bytes"
}

"case_$CASE"
