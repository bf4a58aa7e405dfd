// Rating benchmarks (RatePuzzle, single thread, solution count included), items = puzzles rated:
//   BM_RateGenerated/minimal     minimal puzzles from GenerateGrid + DigUniquePuzzle
//   BM_RateGenerated/clues_26_31 puzzles dug to 26-31 clues (the v1 "hard" band)
//   BM_RateGenerated/clues_41_46 puzzles dug to 41-46 clues
//   BM_RateFile/17_clue          the first 5,000 of ../shared/data/puzzles2_17_clue
//   BM_RateFile/magictour_top1465, BM_RateFile/forum_hardest_1106   harder sets (most need guesses)
// Each also reports worst_ms, the longest single rating of the run (a wall clock around each).
// A file benchmark reports an error when ../shared/data is absent.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include "common/samples.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"

namespace sudoku {
namespace {

std::vector<Grid> GeneratedPuzzles(int n, const DigOptions& options) {
  Rng rng(20261122);
  return samples::DugPuzzles(rng, n, options);
}

std::vector<Grid> FilePuzzles(const std::string& name, size_t max) {
  std::ifstream in(std::string(SUDOKU_SHARED_DATA_DIR) + "/" + name);
  std::vector<Grid> puzzles;
  std::string line;
  while (puzzles.size() < max && std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    ParseResult parsed = ParseGrid(line);
    if (parsed.ok) puzzles.push_back(parsed.grid);
  }
  return puzzles;
}

void RateAll(benchmark::State& state, const std::vector<Grid>& puzzles) {
  if (puzzles.empty()) {
    state.SkipWithError("no puzzles (../shared/data missing?)");
    return;
  }
  Rating rating;
  size_t i = 0;
  std::chrono::steady_clock::duration worst{};
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(RatePuzzle(puzzles[i++ % puzzles.size()], &rating));
    worst = std::max(worst, std::chrono::steady_clock::now() - start);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["worst_ms"] = std::chrono::duration<double, std::milli>(worst).count();
}

void BM_RateGenerated(benchmark::State& state, DigOptions options) {
  RateAll(state, GeneratedPuzzles(2000, options));
}
BENCHMARK_CAPTURE(BM_RateGenerated, minimal, DigOptions{17, 80, true});
BENCHMARK_CAPTURE(BM_RateGenerated, clues_26_31, DigOptions{26, 31, false});
BENCHMARK_CAPTURE(BM_RateGenerated, clues_41_46, DigOptions{41, 46, false});

void BM_RateFile(benchmark::State& state, const char* name) {
  RateAll(state, FilePuzzles(name, 5000));
}
BENCHMARK_CAPTURE(BM_RateFile, 17_clue, "puzzles2_17_clue");
BENCHMARK_CAPTURE(BM_RateFile, magictour_top1465, "puzzles3_magictour_top1465");
BENCHMARK_CAPTURE(BM_RateFile, forum_hardest_1106, "puzzles6_forum_hardest_1106");

}  // namespace
}  // namespace sudoku
