#!/usr/bin/env bash
# Builds Release and prints one benchmark table (single runs; medians where repeated):
#   - Google Benchmark target bench/ (solver per data set, digging, grid generation and its
#     methods, symmetric digging, canonical forms, rating, SQLite sink), medians of BENCH_REPS
#     repetitions;
#   - `generate --minimal` puzzles/s at 1 and 2 threads, at `--clue-level easy|medium|hard`, at
#     each rating `--level`, per grid method and with symmetry;
#   - peak RSS of large runs (flat in --count);
#   - `merge` rows/s and peak RSS for the 4 shards of one run, per size (bench/merge_shards.sh
#     makes the shards with `generate --shard K/4`);
#   - the SE-exact floors: `generate --minimal --threads 1 --count 30000` (median of 3) beside the
#     unrated dig, and `rate` of Berthier's 1.68M SE-rated puzzles a CPU-second beside `solve`
#     (scripts/dev/cb-exactness.py, where $CB_REPO names a copy of the collection);
#   - QQWing's generation rate in the same run, when qqwing is installed, with the ratio.
# Environment: BENCH_COUNT (puzzles per generate run, default 100000), BENCH_REPS (default 3),
# BENCH_RSS_COUNTS (default "100000 1000000"), BENCH_QQWING_COUNT (default 1000),
# BENCH_MERGE_ROWS (default "1000000"; each size's shards take about a minute a million rows to
# make on 2 cores).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

ensure_packages "${BUILD_PACKAGES[@]}" libbenchmark-dev time
COUNT="${BENCH_COUNT:-100000}"
REPS="${BENCH_REPS:-3}"
RSS_COUNTS="${BENCH_RSS_COUNTS:-100000 1000000}"
QQ_COUNT="${BENCH_QQWING_COUNT:-1000}"
MERGE_ROWS="${BENCH_MERGE_ROWS:-1000000}"
BUILD_DIR="$REPO_ROOT/build-bench"
# Native, as every table in docs/performance.md; the portable build's cost is measured apart there.
build_tree "$BUILD_DIR" -DCMAKE_BUILD_TYPE=Release -DSUDOKU_BUILD_TESTS=OFF -DSUDOKU_BUILD_BENCH=ON \
  -DSUDOKU_NATIVE=ON
BIN="$BUILD_DIR/src/cli/sudoku-corpus"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

echo "# sudoku-corpus benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo
echo "## Google Benchmark (median of $REPS)"
printf '%-44s %11s %11s %-2s %12s\n' benchmark "wall/iter" "cpu/iter" "" "items/s"
# One invocation per group: the CSV reporter needs the same counters in every row.
for group in SolverCount SolverDigQueries \
  '^BM_(GenerateGrid$|GeneratePuzzle|DigMinimal|DigLevel|DigPerRow|TotalFreedom)' \
  '^BM_(GenerateGridMethod|DigSymmetric)' '^BM_(Canonical|RandomTransform)' '^BM_Rate' SqliteStore; do
  "$BUILD_DIR/bench/sudoku_bench" --benchmark_filter="$group" --benchmark_repetitions="$REPS" \
    --benchmark_report_aggregates_only=true --benchmark_format=csv 2>/dev/null | awk -F, '
    /_median"?,/ {
      name = $1; gsub(/"/, "", name); sub(/_median$/, "", name)
      unit = $5; gsub(/"/, "", unit)
      items = ($7 == "" ? "-" : sprintf("%.0f", $7))
      printf "%-44s %11.3f %11.3f %-2s %12s\n", name, $3, $4, unit, items
    }'
done

# rate CMD...: runs a generate command and prints its puzzles/s from the summary line.
rate() { "$@" | sed -n 's/.*(\([0-9]*\)\/s).*/\1/p'; }

echo
echo "## generate (one run each, $COUNT puzzles, rate from the summary line)"
printf '%-44s %12s\n' command "puzzles/s"
declare -A RATES
for args in "--minimal --threads 1" "--minimal --threads 2" "--clue-level easy --threads 1" \
  "--clue-level medium --threads 1" "--clue-level hard --threads 1" "--threads 1" "--threads 2"; do
  rm -f "$TMP"/g.db*
  r=$(rate "$BIN" generate --db "$TMP/g.db" --count "$COUNT" --seed 1 $args)
  RATES["$args"]=$r
  printf '%-44s %12s\n' "generate $args" "$r"
done
# Rarer targets: fewer puzzles (a level above medium keeps one puzzle in several).
SMALL=$((COUNT / 10))
echo
echo "## generate, $SMALL puzzles, 2 threads: rating levels, grid methods, symmetry"
printf '%-44s %12s\n' command "puzzles/s"
for args in "--level beginner" "--level easy" "--level medium" "--level hard" "--level expert" \
  "--level extreme" "--minimal --grid-method digit-rows" "--minimal --grid-method box-fill" \
  "--minimal --grid-method pattern" "--minimal --grid-method random-clues" \
  "--minimal --symmetry rot180" "--minimal --symmetry random" "--minimal --transform full" \
  "--clue-level medium --dig-order per-row"; do
  rm -f "$TMP"/g.db*
  printf '%-44s %12s\n' "generate $args" "$(rate "$BIN" generate --db "$TMP/g.db" --count "$SMALL" --seed 1 $args)"
done
awk -v a="${RATES[--minimal --threads 2]}" -v b="${RATES[--minimal --threads 1]}" \
  'BEGIN { printf "%-44s %11.2fx\n", "--minimal: 2 threads over 1", a / b }'

echo
echo "## SE-exact rating: the floors (docs/performance.md)"
# generate --minimal --threads 1 --count 30000: at least 4,500 rated minimal puzzles a second
# (median of 3), beside the unrated dig (BM_GeneratePuzzleMinimal, the same puzzles without
# rating or store); rate of Berthier's 1,678,637 controlled-bias puzzles: at least 5,000 a
# CPU-second, beside `solve` of the same puzzles, where $CB_REPO names a copy of the collection.
printf '%-44s %12s %12s %8s\n' goal measured floor ratio
runs=()
for _ in 1 2 3; do
  rm -f "$TMP"/g.db*
  runs+=("$(rate "$BIN" generate --db "$TMP/g.db" --count 30000 --seed 1 --minimal --threads 1)")
done
median=$(printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p)
unrated=$("$BUILD_DIR/bench/sudoku_bench" --benchmark_filter='^BM_GeneratePuzzleMinimal$' \
  --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only=true \
  --benchmark_format=csv 2>/dev/null | awk -F, '/_median"?,/ { printf "%.0f", $7 }')
awk -v m="$median" -v u="$unrated" 'BEGIN {
  printf "%-44s %12s %12s %7.2fx\n", "generate --minimal --threads 1 (puzzles/s)", m, ">= 4500",
    (m > 0 ? u / m : 0) }'
echo "  (ratio: the unrated dig, $unrated puzzles/s, over the rated generate)"
if cb=$("$REPO_ROOT/scripts/dev/cb-exactness.py" --cli "$BIN" --unrated 2>"$TMP/cb.err"); then
  per_cpu=$(echo "$cb" | sed -n 's/.*rated in .*(\([0-9]*\) a CPU second).*/\1/p')
  ratio=$(echo "$cb" | sed -n 's/.*rating costs \([0-9.]*\)x that.*/\1/p')
  printf '%-44s %12s %12s %7sx\n' "rate, Berthier 1.68M (a CPU-second)" "$per_cpu" ">= 5000" "$ratio"
  echo "  (ratio: rating's CPU time over solve's, the same puzzles)"
  echo "$cb" | sed -n '/^| all/p'
else
  echo "rate of Berthier's collection: $(tail -1 "$TMP/cb.err")"
fi

echo
echo "## peak memory (generate --minimal, all cores)"
printf '%-44s %12s\n' "--count" "peak RSS MiB"
for n in $RSS_COUNTS; do
  rm -f "$TMP"/m.db*
  /usr/bin/time -f '%M' -o "$TMP/rss" "$BIN" generate --db "$TMP/m.db" --count "$n" --seed 2 --minimal --quiet
  awk -v n="$n" '{ printf "%-44s %12.1f\n", n, $1 / 1024 }' "$TMP/rss"
done

echo
echo "## merge of the 4 shards of one run (rows/s from the summary line)"
printf '%-44s %12s %14s\n' "rows" "rows/s" "peak RSS MiB"
for n in $MERGE_ROWS; do
  rm -rf "$TMP/merge"
  # Its line: rows wall_s user_s sys_s peak_MiB rows_per_s.
  "$REPO_ROOT/bench/merge_shards.sh" "$BIN" "$TMP/merge" "$n" 4 | tail -1 |
    awk '{ printf "%-44s %12d %14.1f\n", $1, $6, $5 }'
done
rm -rf "$TMP/merge"

echo
echo "## QQWing baseline (same machine, same run)"
if command -v qqwing >/dev/null 2>&1; then
  start=$(date +%s.%N)
  qqwing --generate "$QQ_COUNT" --one-line >/dev/null
  end=$(date +%s.%N)
  awk -v n="$QQ_COUNT" -v s="$start" -v e="$end" -v ours="${RATES[--minimal --threads 1]}" 'BEGIN {
    q = n / (e - s)
    printf "%-44s %12.0f\n", "qqwing --generate " n " (1 thread)", q
    printf "%-44s %11.1fx\n", "generate --minimal --threads 1 over qqwing", ours / q }'
else
  echo "qqwing not installed (apt-get install qqwing): baseline skipped"
fi
