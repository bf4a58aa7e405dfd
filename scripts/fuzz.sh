#!/usr/bin/env bash
# Fuzzing (docs/testing.md). Builds the libFuzzer targets of tests/fuzz with clang, ASan and UBSan
# in build-fuzz, then
#   scripts/fuzz.sh SECONDS   runs each target for SECONDS, one after another, from its committed
#                             seeds (tests/fuzz/corpus/<target>/) and what earlier runs found
#                             (build-fuzz/fuzz/corpus/<target>/);
#   scripts/fuzz.sh --suite   runs the test suite's case of each target (CTest label "fuzz"): the
#                             committed seeds and a few thousand mutations. scripts/test.sh does.
# Exits 1 on any finding (a crash, a leak, undefined behaviour, a timeout, a broken invariant) and
# names the input that reproduces it: build-fuzz/tests/fuzz/fuzz_<target> FILE runs it again.
# Once fixed, copy that file into tests/fuzz/corpus/<target>/ so the suite keeps it fixed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

usage() {
  echo "usage: scripts/fuzz.sh SECONDS | --suite" >&2
  exit 2
}
[ $# -eq 1 ] || usage
mode="$1"
[ "$mode" = "--suite" ] || [[ "$mode" =~ ^[1-9][0-9]*$ ]] || usage

ensure_packages "${BUILD_PACKAGES[@]}" "${FUZZ_PACKAGES[@]}"
dir="$REPO_ROOT/build-fuzz"
mkdir -p "$dir"
log "building $dir (clang, libFuzzer, ASan + UBSan)"
# -O1 and line tables, as libFuzzer's documentation advises; no NDEBUG, so assertions stay on.
cmake -S "$REPO_ROOT" -B "$dir" -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -gline-tables-only" \
  -DSUDOKU_FUZZ=ON -DSUDOKU_SANITIZE=ON -DSUDOKU_BUILD_TESTS=OFF -DSUDOKU_BUILD_BENCH=OFF \
  >/dev/null || { log "cmake configure failed in $dir"; exit 1; }
cmake --build "$dir" -j "$(nproc)" --target sudoku_fuzz >/dev/null 2>"$dir/build.log" ||
  { cat "$dir/build.log" >&2; log "build failed in $dir"; exit 1; }

if [ "$mode" = "--suite" ]; then
  log "testing $dir (each fuzz target over its seeds)"
  (cd "$dir" && ctest -L fuzz --output-on-failure -j "$(nproc)")
  exit
fi

seconds="$mode"
work="$dir/fuzz"
mkdir -p "$work/artifacts" "$work/logs"
failed=()
for source in "$REPO_ROOT"/tests/fuzz/*_fuzzer.cc; do
  target="$(basename "$source" _fuzzer.cc)"
  mkdir -p "$work/corpus/$target"
  log "fuzzing $target for $seconds s"
  status=0
  "$dir/tests/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=25 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$work/artifacts/$target-" \
    "$work/corpus/$target" "$REPO_ROOT/tests/fuzz/corpus/$target" >"$work/logs/$target.log" 2>&1 ||
    status=$?
  grep -E '^stat::number_of_executed_units' "$work/logs/$target.log" >&2 || true
  if [ "$status" -ne 0 ]; then
    failed+=("$target")
    grep -E 'SUMMARY|ERROR|invariant broken|Test unit written to|artifact_prefix' \
      "$work/logs/$target.log" >&2 || tail -20 "$work/logs/$target.log" >&2
    log "FINDING in $target (exit $status): full log $work/logs/$target.log"
  fi
done
if [ ${#failed[@]} -ne 0 ]; then
  log "findings in: ${failed[*]} (reproducers in $work/artifacts/)"
  exit 1
fi
log "no findings in $seconds s per target"
