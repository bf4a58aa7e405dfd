#!/usr/bin/env bash
# generate_case.sh BINARY WORK: a small `generate` and `verify`, two threads each, under
# ThreadSanitizer (the CTest case tsan.generate). TSan makes the binary exit 66 after any report,
# so this fails on a race as on any other error.
set -euo pipefail
binary="$1" work="$2"
rm -rf "$work"
mkdir -p "$work"
"$binary" generate --db "$work/t.db" --count 300 --seed 7 --threads 2 --batch-size 50 --quiet
"$binary" verify --db "$work/t.db" --threads 2 --quiet
