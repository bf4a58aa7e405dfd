#!/usr/bin/env bash
# The reference player (examples/player) in headless Chromium, as a CTest case: runs
# tests/player/player_test.mjs in a temporary folder, which it removes.
#   tests/player/player_test.sh SUDOKU_CORPUS [SCREENSHOT_DIR]
# With SCREENSHOT_DIR (docs, to refresh docs/player_*.png) the screenshots are kept there.
# Exit 77 (skipped) without node, Chromium, or sql.js in examples/player/node_modules; each
# says why and how to get it (scripts/test.sh installs all three).
set -euo pipefail
bin="$1"
shots="${2:-}"
if ! command -v node >/dev/null 2>&1; then
  echo "[player] SKIP: no node (apt-get install nodejs npm; scripts/test.sh installs them)"
  exit 77
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
args=(--binary "$bin" --work "$work")
if [ -n "$shots" ]; then args+=(--screenshots "$shots"); fi
node "$(dirname "${BASH_SOURCE[0]}")/player_test.mjs" "${args[@]}"
