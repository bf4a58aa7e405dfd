#!/usr/bin/env bash
# Installs what is missing, builds the Release binary, and runs it with the arguments given.
# With no arguments it generates a default corpus (1,000 puzzles) into ./corpus.db. The build
# says what it does on stderr and shows the compiler's progress (a first build takes a few
# minutes); an up-to-date build prints nothing.
#   scripts/run.sh                          # default corpus in ./corpus.db
#   scripts/run.sh generate --count 2000 --seed 7 --db x.db
#   scripts/run.sh solve examples/puzzles.txt
# SUDOKU_CORPUS=/path/to/sudoku-corpus runs that binary instead, with no install and no build
# (as the parallel and Slurm scripts do): the README's test runs the binary it tests this way.
# SUDOKU_BUILD_DIR: where to build (default build-release).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

if [ $# -eq 0 ]; then
  set -- generate
fi
if [ -n "${SUDOKU_CORPUS:-}" ]; then
  exec "$SUDOKU_CORPUS" "$@"
fi

ensure_packages "${BUILD_PACKAGES[@]}" "${RUNTIME_PACKAGES[@]}"
BUILD_DIR="${SUDOKU_BUILD_DIR:-$REPO_ROOT/build-release}"
build_tree "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DSUDOKU_BUILD_TESTS=OFF -DSUDOKU_BUILD_BENCH=OFF
exec "$BUILD_DIR/src/cli/sudoku-corpus" "$@"
