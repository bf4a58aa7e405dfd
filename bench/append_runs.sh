#!/usr/bin/env bash
# The store's flatness end to end: RUNS runs of `generate --count COUNT --threads 2` appended to
# one new corpus, each under /usr/bin/time. Prints one line per run:
#   run  rows_before  wall_s  user_s  sys_s  peak_MiB  wall_over_first
#
#   bench/append_runs.sh BIN DB [COUNT] [RUNS]
#
# BIN: the sudoku-corpus binary; DB: the corpus to make (removed first); COUNT default 1000000,
# RUNS 3 (the measure: the third million against the first). Each run takes its own
# seed (1, 2, ...), as a user adding to a corpus would. About a minute a million on 2 cores.
set -euo pipefail
BIN="$1"
DB="$2"
COUNT="${3:-1000000}"
RUNS="${4:-3}"
rm -f "$DB" "$DB"-wal "$DB"-shm "$DB"-lock
printf '%-4s %12s %8s %8s %8s %9s %16s\n' run rows_before wall_s user_s sys_s peak_MiB \
  wall_over_first
first=""
for ((r = 1; r <= RUNS; r++)); do
  /usr/bin/time -f '%e %U %S %M' -o "$DB.time" "$BIN" generate --db "$DB" --count "$COUNT" \
    --seed "$r" --threads 2 --quiet
  read -r wall user sys kib <"$DB.time"
  first="${first:-$wall}"
  awk -v r="$r" -v b="$(((r - 1) * COUNT))" -v w="$wall" -v u="$user" -v s="$sys" -v k="$kib" \
    -v f="$first" 'BEGIN { printf "%-4d %12d %8.2f %8.2f %8.2f %9.1f %16.2f\n", r, b, w, u, s,
      k / 1024, w / f }'
done
rm -f "$DB.time"
