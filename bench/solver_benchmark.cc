// Solver benchmarks (single thread). One iteration = one puzzle; the time per iteration is the
// time per puzzle, also reported (from CPU time) as the counter `s_per_puzzle`, e.g. "1.7us".
//
//   BM_SolverCount/<data set>     CountSolutions(p, 2) cycling through ../shared/data/<data set>
//                                 (17_clue, magictour_top1465, forum_hardest_1905_11+,
//                                 forum_hardest_1106, serg_benchmark, kaggle_first10k).
//   BM_SolverDigQueries           HasSolutionAvoiding on the exact calls a minimal dig makes:
//                                 for 200 finished grids (solutions of 17-clue puzzles), empty
//                                 the 81 cells in a seeded random order, each time asking whether
//                                 the puzzle has a solution differing at that cell (the removal
//                                 is undone when it has). One iteration = one call (81 a puzzle).
//
// Run: ./build/bench/sudoku_bench --benchmark_filter=Solver
// (add --benchmark_min_time=3 so that the forum_hardest_1905_11+ loop covers the whole file).
// Data sets that are absent are reported with SkipWithError.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

struct Query {
  Grid puzzle;
  int cell;
  int digit;
};

// Reads a puzzle file (one per line, '#' lines skipped); empty when absent or unreadable.
std::vector<Grid> LoadPuzzles(const std::string& name) {
  static std::map<std::string, std::vector<Grid>> cache;
  auto it = cache.find(name);
  if (it != cache.end()) return it->second;
  std::vector<Grid> puzzles;
  std::ifstream in(std::string(SUDOKU_SHARED_DATA_DIR) + "/" + name);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ParseResult r = ParseGrid(line);
    if (r.ok) puzzles.push_back(r.grid);
  }
  cache[name] = puzzles;
  return puzzles;
}

void BM_SolverCount(benchmark::State& state, const char* name) {
  const std::vector<Grid> puzzles = LoadPuzzles(name);
  if (puzzles.empty()) {
    state.SkipWithError((std::string("../shared/data/") + name + " not present").c_str());
    return;
  }
  size_t i = 0;
  int64_t unique = 0;
  for (auto _ : state) {
    int count = CountSolutions(puzzles[i], 2);
    benchmark::DoNotOptimize(count);
    unique += count == 1;
    if (++i == puzzles.size()) i = 0;
  }
  state.counters["s_per_puzzle"] =
      benchmark::Counter(static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["unique_frac"] =
      static_cast<double>(unique) / static_cast<double>(std::max<int64_t>(1, state.iterations()));
}

// The calls of a minimal dig, made once with the solver under test.
std::vector<Query> MakeDigQueries() {
  std::vector<Query> queries;
  std::vector<Grid> seeds = LoadPuzzles("puzzles2_17_clue");
  std::mt19937 rng(12345);
  for (size_t k = 0; k < seeds.size() && k < 200; ++k) {
    Grid puzzle;
    if (CountSolutions(seeds[k * (seeds.size() / 200)], 1, &puzzle) != 1) continue;
    const Grid solution = puzzle;
    std::vector<int> order(81);
    for (int c = 0; c < 81; ++c) order[c] = c;
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
      puzzle[cell] = 0;
      queries.push_back({puzzle, cell, solution[cell]});
      if (HasSolutionAvoiding(puzzle, cell, solution[cell])) puzzle[cell] = solution[cell];
    }
  }
  return queries;
}

void BM_SolverDigQueries(benchmark::State& state) {
  static const std::vector<Query> queries = MakeDigQueries();
  if (queries.empty()) {
    state.SkipWithError("../shared/data/puzzles2_17_clue not present");
    return;
  }
  size_t i = 0;
  int64_t kept = 0;
  for (auto _ : state) {
    const Query& q = queries[i];
    bool other = HasSolutionAvoiding(q.puzzle, q.cell, q.digit);
    benchmark::DoNotOptimize(other);
    kept += other;
    if (++i == queries.size()) i = 0;
  }
  state.counters["s_per_call"] =
      benchmark::Counter(static_cast<double>(state.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
  state.counters["true_frac"] =
      static_cast<double>(kept) / static_cast<double>(std::max<int64_t>(1, state.iterations()));
}

BENCHMARK_CAPTURE(BM_SolverCount, 17_clue, "puzzles2_17_clue")->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolverCount, magictour_top1465, "puzzles3_magictour_top1465")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolverCount, forum_hardest_1905_11, "puzzles5_forum_hardest_1905_11+")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolverCount, forum_hardest_1106, "puzzles6_forum_hardest_1106")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolverCount, serg_benchmark, "puzzles7_serg_benchmark")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolverCount, kaggle_first10k, "puzzles0_kaggle_first10k")
    ->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolverDigQueries)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace sudoku
