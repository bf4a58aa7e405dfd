#!/usr/bin/env bash
# The solver's AVX2 copy (src/core/solve/solver_paths.h) defines no global or weak symbol outside
# its namespace. One that another object also defines, an inline function from a shared header
# left out of line (as -O0 does), could be the copy the linker keeps for every caller, and then
# run AVX2 instructions on a CPU without them (ASan's own __odr_asan markers are fine).
# Arguments: the copy's object files.
set -euo pipefail
command -v nm >/dev/null 2>&1 || { echo "nm not found: skipped"; exit 77; }
outside=$(nm -C --defined-only "$@" | awk 'NF >= 3 && $2 !~ /^[tdbr]$/' |
  grep -v -e ' sudoku::core_internal::avx2::' -e ' __odr_asan\.' || true)
if [ -n "$outside" ]; then
  echo "symbols of the AVX2 copy outside its namespace:"
  echo "$outside"
  exit 1
fi
