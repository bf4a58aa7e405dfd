#!/usr/bin/env bash
# same-output.sh BASE_BIN NEW_BIN [WORKDIR]: runs the same commands with two sudoku-corpus binaries
# and compares everything they write: the corpora of every generate mode (puzzles and runs rows but
# the times), shards merged, a killed run resumed and extended, stats --json, every export format
# (the app pack by its SQL dump), verify, and rate/solve of the project's puzzle files. Prints one
# line per compared output and ends "same: N outputs" (exit 0) or the differing files (exit 1).
#
# For a change that must not change behaviour: build the commit before and after, then
#   scripts/dev/same-output.sh before/src/cli/sudoku-corpus after/src/cli/sudoku-corpus
# Takes a few minutes a binary on two cores.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 BASE_BIN NEW_BIN [WORKDIR]" >&2; exit 2; }
base_bin=$(realpath "$1")
new_bin=$(realpath "$2")
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=${3:-$(mktemp -d)}
mkdir -p "$work"
shared="$repo/../shared/data"

# The columns of a puzzle row a user reads, by name: the stored ones differ between schemas (the
# lean row of schema 16 stores packed grids and technique codes behind these). A collision row's
# collision_canonical is not among them, as schemas before 16 lack it.
PUZZLE_COLUMNS='id, run_id, item_index, givens, solution, clues, freedom, level, symmetry,
  grid_method, dig_order, clue_level, rating, ep, ed, hardest, guesses, techniques, canonical_key'

# dump_db DB OUT: the rows a user reads, without the wall-clock times of runs.
dump_db() {
  # Since schema 16 the technique uses' JSON is a view; before, a column of puzzles.
  local from=puzzles
  if [ "$(sqlite3 -readonly "$1" "select count(*) from sqlite_master where name = 'puzzle_techniques'")" = 1 ]; then
    from='puzzles join puzzle_techniques using (id)'
  fi
  sqlite3 -readonly "$1" "select $PUZZLE_COLUMNS from $from order by id" >"$2.puzzles"
  sqlite3 -readonly "$1" "select id, seed, params, tool_version, requested, written, status,
    duplicates, next_item from runs order by id" >"$2.runs"
  sqlite3 -readonly "$1" "pragma user_version" >"$2.version"
}

# outputs BIN DIR: every output of BIN under DIR.
outputs() {
  local bin="$1" out="$2"
  rm -rf "$out"
  mkdir -p "$out/db"
  local gen=("$bin" generate -q --threads 2)
  local -a modes=(
    "plain:--count 300 --seed 1"
    "minimal:--count 300 --seed 2 --minimal"
    "levels:--count 120 --seed 3 --level all"
    "rating:--count 40 --seed 4 --rating 4.2-6.4"
    "clue_class:--count 100 --seed 5 --clue-class hard --freedom 130-170"
    "symmetry:--count 100 --seed 6 --minimal --symmetry rot180"
    "symmetry_random:--count 100 --seed 6 --symmetry random"
    "digit_rows:--count 100 --seed 7 --grid-method digit-rows"
    "box_fill:--count 100 --seed 7 --grid-method box-fill"
    "pattern:--count 100 --seed 7 --grid-method pattern"
    "random_clues:--count 100 --seed 7 --grid-method random-clues"
    "grid_source:--count 100 --seed 8 --grid-source $repo/examples/grids.txt --transform full"
    "per_row:--count 100 --seed 9 --dig-order per-row"
    "controlled_bias:--count 2 --seed 10 --dig-order controlled-bias"
    "expert:--count 20 --seed 11 --level expert"
  )
  local m name args
  for m in "${modes[@]}"; do
    name=${m%%:*}
    args=${m#*:}
    # shellcheck disable=SC2086
    "${gen[@]}" --db "$out/db/$name.db" $args
    dump_db "$out/db/$name.db" "$out/$name"
  done
  # Shards and their merge; the merge of unrelated corpora.
  "${gen[@]}" --db "$out/db/s1.db" --count 400 --seed 12 --shard 1/2
  "${gen[@]}" --db "$out/db/s2.db" --count 400 --seed 12 --shard 2/2
  "$bin" merge -q --db "$out/db/merged.db" "$out/db/s1.db" "$out/db/s2.db" >/dev/null
  dump_db "$out/db/merged.db" "$out/merged"
  "$bin" merge -q --db "$out/db/all.db" "$out/db/plain.db" "$out/db/merged.db" \
    "$out/db/levels.db" >/dev/null
  dump_db "$out/db/all.db" "$out/merged_all"
  # A run killed at once, resumed, then extended.
  (timeout -s KILL 1.5 "$bin" generate -q --threads 1 --db "$out/db/resume.db" --count 20000 \
    --seed 13 --minimal) 2>/dev/null || true
  "${gen[@]}" --db "$out/db/resume.db" --resume 1
  "${gen[@]}" --db "$out/db/resume.db" --resume 1 --extend 50
  dump_db "$out/db/resume.db" "$out/resume"
  # Reads of one corpus.
  local db="$out/db/all.db"
  "$bin" stats --db "$db" --json >"$out/stats.json"
  "$bin" stats --db "$db" >"$out/stats.txt"
  "$bin" stats --db "$out/db/controlled_bias.db" --unbiased --json >"$out/unbiased.json"
  "$bin" verify --db "$db" >"$out/verify.txt"
  local f
  for f in jsonl csv lines kaggle; do
    "$bin" export --db "$db" --format "$f" -o "$out/export.$f"
  done
  "$bin" export --db "$db" --format csv --columns id,givens,rating,level --level hard \
    -o "$out/export_columns.csv"
  "$bin" export --db "$db" --format lines --columns givens,solution --sample 50 --seed 7 \
    >"$out/export_sample.txt"
  "$bin" export --db "$db" --format sqlite -o "$out/db/pack.db"
  sqlite3 -readonly "$out/db/pack.db" .dump >"$out/pack.sql"
  # rate and solve of the puzzle files.
  local files=("$repo/examples/puzzles.txt" "$repo/tests/data/puzzles3_magictour_golden"
               "$repo/tests/data/puzzles6_forum_hardest_golden"
               "$repo/tests/data/puzzles7_serg_golden")
  [ -f "$shared/puzzles3_magictour_top1465" ] && files+=("$shared/puzzles3_magictour_top1465")
  local i=0
  for f in "${files[@]}"; do
    i=$((i + 1))
    "$bin" solve "$f" >"$out/solve.$i" || true
    "$bin" rate --json "$f" >"$out/rate_json.$i" || true
  done
  "$bin" rate "$repo/examples/puzzles.txt" >"$out/rate.txt"
  # The nested chains take seconds a puzzle: a few of the forum's hardest.
  head -n 6 "$repo/tests/data/puzzles6_forum_hardest_golden" |
    "$bin" rate --json --nested - >"$out/rate_nested.json" || true
  rm -rf "$out/db"
}

# Wall-clock times and durations differ from run to run; everything else must not.
normalize() {
  find "$1" -type f -exec sed -i -E \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z/TIME/g' -e 's/in [0-9.]+ s/in S s/g' {} +
}

# Both binaries write under the same path, so that file names in the outputs agree.
outputs "$base_bin" "$work/run" && normalize "$work/run" && rm -rf "$work/base" &&
  mv "$work/run" "$work/base"
outputs "$new_bin" "$work/run" && normalize "$work/run" && rm -rf "$work/new" &&
  mv "$work/run" "$work/new"
if diff -rq "$work/base" "$work/new"; then
  echo "same: $(find "$work/base" -type f | wc -l) outputs ($work)"
else
  echo "DIFFERENT: see diff -r $work/base $work/new" >&2
  exit 1
fi
