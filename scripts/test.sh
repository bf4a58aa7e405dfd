#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (docs/testing.md), each stage in its own
# build folder: the Release build; AddressSanitizer + UndefinedBehaviorSanitizer (unless
# SUDOKU_SANITIZE=0), the same tests; the fuzz targets over their seeds (scripts/fuzz.sh --suite,
# unless SUDOKU_FUZZ=0); ThreadSanitizer on the pipeline (scripts/tsan.sh, unless SUDOKU_TSAN=0).
# Cases that need ../shared/data skip with a message when it is absent; the player's browser test
# (tests/player/) skips, saying why, where Chromium or the player's npm packages cannot be had.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# parallel, slurm-wlm and munge: the scale-out recipes' tests run the real engines.
ensure_packages "${BUILD_PACKAGES[@]}" "${RUNTIME_PACKAGES[@]}" libgtest-dev libbenchmark-dev sqlite3 qqwing \
  parallel slurm-wlm munge "${FUZZ_PACKAGES[@]}" "${TSAN_PACKAGES[@]}" "${PACKAGE_PACKAGES[@]}" \
  "${BOOK_TEST_PACKAGES[@]}"
ensure_player_test

run_suite() {
  local dir="$1"
  shift
  log "building $dir"
  build_tree "$dir" "$@"
  log "testing $dir"
  (cd "$dir" && ctest --output-on-failure -j "$(nproc)" --timeout 600)
}

run_suite "$REPO_ROOT/build-test" -DCMAKE_BUILD_TYPE=Release
if [ "${SUDOKU_SANITIZE:-1}" != "0" ]; then
  # Bench is not needed under the sanitizers; tests run the same assertions (at -O1 -g1, which
  # compiles in about half the time of -O2 -g and still names every frame). The CLI cases run
  # the instrumented sudoku-corpus too (tests/CMakeLists.txt gives them this tree's binary); a
  # report exits 86, a code the tool never uses, so no case can take it for an expected error.
  ASAN_OPTIONS=detect_leaks=1:exitcode=86 UBSAN_OPTIONS=print_stacktrace=1:exitcode=86 \
    run_suite "$REPO_ROOT/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKU_SANITIZE=ON \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DSUDOKU_BUILD_BENCH=OFF
fi
if [ "${SUDOKU_FUZZ:-1}" != "0" ]; then
  "$REPO_ROOT/scripts/fuzz.sh" --suite
fi
if [ "${SUDOKU_TSAN:-1}" != "0" ]; then
  "$REPO_ROOT/scripts/tsan.sh"
fi
log "all tests passed"
