#!/usr/bin/env bash
# The merge benchmark on real shards: makes the N shards of one run with
# `generate --shard K/N` (not synthetic rows), then merges them into a new corpus under
# /usr/bin/time, REPS times (the shards are made once). Prints one line per merge:
#   rows  wall_s  user_s  sys_s  peak_MiB  rows_per_s
#
#   bench/merge_shards.sh BIN DIR [ROWS] [SHARDS] [REPS]
#
# BIN: the sudoku-corpus binary; DIR: a scratch folder (its shard-*.db are reused when they
# already hold a run of ROWS items with seed 5 in BIN's schema, so that several binaries can be
# compared on the same shards); ROWS default 1000000, SHARDS 4, REPS 1. The issue's figure is the default:
# `generate --count 1000000 --seed 5 --shard K/4 --threads 2` for K = 1..4, then `merge`.
# Making the shards takes about a minute a million rows on 2 cores.
set -euo pipefail
BIN="$1"
DIR="$2"
ROWS="${3:-1000000}"
SHARDS="${4:-4}"
REPS="${5:-1}"
mkdir -p "$DIR"
stamp="$DIR/shards-made"
# Shards another binary made in another schema are made again: merge reads only its own.
if [[ "$(cat "$stamp" 2>/dev/null)" != "$ROWS $SHARDS" ]] ||
  ! "$BIN" export --db "$DIR/shard-1.db" --format lines --limit 1 >/dev/null 2>&1; then
  rm -f "$DIR"/shard-*.db* "$stamp"
  for ((k = 1; k <= SHARDS; k++)); do
    "$BIN" generate --db "$DIR/shard-$k.db" --count "$ROWS" --seed 5 --shard "$k/$SHARDS" \
      --threads 2 --quiet
  done
  echo "$ROWS $SHARDS" >"$stamp"
fi
shards=()
for ((k = 1; k <= SHARDS; k++)); do shards+=("$DIR/shard-$k.db"); done
printf '%-10s %8s %8s %8s %9s %11s\n' rows wall_s user_s sys_s peak_MiB rows_per_s
for ((r = 1; r <= REPS; r++)); do
  rm -f "$DIR"/out.db*
  /usr/bin/time -f '%e %U %S %M' -o "$DIR/time" "$BIN" merge --db "$DIR/out.db" "${shards[@]}" \
    >/dev/null
  read -r wall user sys kib <"$DIR/time"
  awk -v n="$ROWS" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kib" \
    'BEGIN { printf "%-10d %8.2f %8.2f %8.2f %9.1f %11.0f\n", n, w, u, s, k / 1024, n / w }'
done
rm -f "$DIR"/out.db* "$DIR/time"
