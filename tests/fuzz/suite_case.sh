#!/usr/bin/env bash
# suite_case.sh BINARY SEEDS WORK RUNS: the test suite's run of one fuzz target (a CTest case,
# tests/fuzz/CMakeLists.txt). Replays every committed seed in SEEDS, then makes RUNS mutations.
# New inputs go to WORK/new (emptied first, so each run starts from the committed seeds alone and
# the seeds folder is never written); a crash, leak or UB report leaves its input in WORK and
# fails the case.
set -euo pipefail
binary="$1" seeds="$2" work="$3" runs="$4"
rm -rf "$work/new"
mkdir -p "$work/new"
exec "$binary" -runs="$runs" -seed=1 -timeout=60 -artifact_prefix="$work/" "$work/new" "$seeds"
