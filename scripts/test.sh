#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: the Release build first, then (unless
# SUDOKU_SANITIZE=0) a second build with AddressSanitizer + UndefinedBehaviorSanitizer.
# Cases that need ../shared/data skip with a message when it is absent.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

# parallel, slurm-wlm and munge: the scale-out recipes' tests run the real engines.
ensure_packages "${BUILD_PACKAGES[@]}" "${RUNTIME_PACKAGES[@]}" libgtest-dev libbenchmark-dev sqlite3 qqwing \
  parallel slurm-wlm munge

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
  # Bench is not needed under the sanitizers; tests run the same assertions.
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    run_suite "$REPO_ROOT/build-asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSUDOKU_SANITIZE=ON \
    -DSUDOKU_BUILD_BENCH=OFF
fi
log "all tests passed"
