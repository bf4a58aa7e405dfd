// Controlled-bias digging: every output is a minimal unique puzzle of its grid; on start puzzles
// small enough to enumerate every minimal puzzle inside them, the output frequencies match the
// probabilities 1 / C(N, n) the estimators rely on (chi-square, fixed seeds); items are
// reproducible and marked with their dig order; options it cannot honour are refused.
#include "sudoku/core/controlled_bias.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "common/puzzle_checks.h"
#include "core/solve/solver_paths.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using testing::IsMinimalUnique;
using testing::IsUnique;

// A minimal puzzle of `grid` with `extra` of its empty cells given again: a start whose unique
// sub-puzzles are few enough to enumerate.
Grid MinimalPlus(const Grid& grid, int extra, Rng& rng) {
  Grid puzzle;
  DigUniquePuzzle(grid, DigOptions{.min_clues = 17, .max_clues = 80, .minimal = true}, rng,
                  &puzzle);
  while (extra > 0) {
    const int cell = static_cast<int>(rng.Below(kCells));
    if (puzzle[cell] != 0) continue;
    puzzle[cell] = grid[cell];
    --extra;
  }
  return puzzle;
}

// Every minimal puzzle whose givens lie among those of `start` (unique), by search over the
// unique sub-puzzles: each is reachable from the start by single deletions that keep uniqueness.
std::vector<Grid> MinimalSubPuzzles(const Grid& start) {
  std::set<std::string> seen = {ToString(start)};
  std::vector<Grid> todo = {start}, minimal;
  while (!todo.empty()) {
    const Grid p = todo.back();
    todo.pop_back();
    bool any_child = false;
    for (int cell = 0; cell < kCells; ++cell) {
      if (p[cell] == 0) continue;
      Grid child = p;
      child[cell] = 0;
      if (!IsUnique(child)) continue;
      any_child = true;
      if (seen.insert(ToString(child)).second) {
        todo.push_back(child);
      }
    }
    if (!any_child) minimal.push_back(p);
  }
  return minimal;
}

double Binomial(int n, int k) {
  double c = 1;
  for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;
  return c;
}

// The chi-square statistic's 99.9% point for `df` degrees of freedom (Wilson-Hilferty).
double ChiSquare999(int df) {
  const double z = 3.090232306;
  const double a = 2.0 / (9.0 * df);
  return df * std::pow(1 - a + z * std::sqrt(a), 3);
}

TEST(ControlledBias, EveryOutputIsMinimalAndUniqueOnFullGrids) {
  Rng rng(11);
  for (int i = 0; i < 1; ++i) {
    const Grid grid = GenerateGrid(rng);
    Grid puzzle;
    ControlledBiasCounts counts;
    while (!DigControlledBias(grid, 1000, rng, &puzzle, &counts)) {
    }
    EXPECT_TRUE(AgreesWith(puzzle, grid));
    EXPECT_TRUE(IsMinimalUnique(puzzle)) << ToString(puzzle);
    EXPECT_GT(counts.tries, 0);
  }
}

TEST(ControlledBias, EveryOutputIsMinimalAndUniqueOnStarts) {
  Rng rng(12);
  int outputs = 0;
  for (int g = 0; g < 6; ++g) {
    const Grid grid = GenerateGrid(rng);
    ControlledBiasDigger digger(grid, MinimalPlus(grid, 5, rng));
    Grid puzzle;
    for (int t = 0; t < 3000; ++t) {
      if (!digger.Try(rng, &puzzle)) continue;
      ++outputs;
      ASSERT_TRUE(AgreesWith(puzzle, grid));
      ASSERT_TRUE(IsMinimalUnique(puzzle)) << ToString(puzzle);
    }
    EXPECT_EQ(digger.counts().tries, 3000);
  }
  EXPECT_GT(outputs, 20);
}

// The digger's output distribution against the exact one: a minimal sub-puzzle with n clues of
// a start with N clues comes out of a try with probability 1 / C(N, n), and nothing else does.
TEST(ControlledBias, FrequenciesMatchInverseBinomials) {
  Rng rng(2009);
  constexpr int kTries = 60000;
  for (int g = 0; g < 3; ++g) {
    const Grid grid = GenerateGrid(rng);
    const Grid start = MinimalPlus(grid, 3, rng);
    const int n_start = CountGivens(start);
    const std::vector<Grid> minimal = MinimalSubPuzzles(start);
    ASSERT_FALSE(minimal.empty());
    std::map<std::string, int> index;
    for (size_t i = 0; i < minimal.size(); ++i) index[ToString(minimal[i])] = static_cast<int>(i);
    std::vector<int64_t> observed(minimal.size() + 1, 0);  // the last: no output
    ControlledBiasDigger digger(grid, start);
    Grid puzzle;
    for (int t = 0; t < kTries; ++t) {
      if (!digger.Try(rng, &puzzle)) {
        ++observed.back();
        continue;
      }
      const auto it = index.find(ToString(puzzle));
      ASSERT_NE(it, index.end()) << "not a minimal sub-puzzle: " << ToString(puzzle);
      ++observed[static_cast<size_t>(it->second)];
    }
    std::vector<double> expected(minimal.size() + 1, 0);
    double success = 0;
    for (size_t i = 0; i < minimal.size(); ++i) {
      const double p = 1 / Binomial(n_start, CountGivens(minimal[i]));
      expected[i] = p * kTries;
      success += p;
    }
    expected.back() = (1 - success) * kTries;
    // Cells expected below 5 are pooled, as the chi-square approximation needs.
    double chi2 = 0, pooled_e = 0, pooled_o = 0;
    int cells = 0;
    for (size_t i = 0; i < expected.size(); ++i) {
      if (expected[i] < 5) {
        pooled_e += expected[i];
        pooled_o += static_cast<double>(observed[i]);
        continue;
      }
      const double d = static_cast<double>(observed[i]) - expected[i];
      chi2 += d * d / expected[i];
      ++cells;
    }
    if (pooled_e > 0) {
      chi2 += (pooled_o - pooled_e) * (pooled_o - pooled_e) / pooled_e;
      ++cells;
    }
    ASSERT_GE(cells, 3) << "too few categories to test";
    EXPECT_LT(chi2, ChiSquare999(cells - 1))
        << "grid " << g << ": " << minimal.size() << " minimal sub-puzzles, start " << n_start
        << " clues";
  }
}

// Regression pins, computed before the tries were made faster: the same seed must keep giving
// the same puzzles after any change of speed, in any build and on any CPU (the corpora and their
// statistics depend on it). Both paths: a full grid, and a start with empty cells; and every copy
// of the solver this CPU runs, which also picks the digger's own copy of its AVX2 pass.
TEST(ControlledBias, MakesThePinnedPuzzles) {
  const std::string pinned[] = {
      "......4.5.35..9.........29.2.4.1.38....8..5..8.7.6...49.15.27......81......6....2",
      "...17..3.....4...847...6........5.8931.8....7.......2.....3...672.4...5.....9....",
      "...1...3....24...847...6........5.8.31.........79..12.....3...672.4..9.......7...",
      "...1..43....2....84....6........5..931.8....7..79..12.....3.7.6.2.4.........97..."};
  const int64_t pinned_tries[] = {83486, 19648, 21364, 31568};
  const core_internal::SolverPath& active = core_internal::ActiveSolverPath();
  for (const core_internal::SolverPath* path : core_internal::AvailableSolverPaths()) {
    SCOPED_TRACE(path->name);
    core_internal::UseSolverPath(*path);
    Rng rng(2010);
    const Grid grid = GenerateGrid(rng);
    ControlledBiasDigger full(grid);
    ControlledBiasDigger start(grid, MinimalPlus(grid, 8, rng));
    for (int i = 0; i < 4; ++i) {
      ControlledBiasDigger& digger = i == 0 ? full : start;
      Grid puzzle;
      while (!digger.Try(rng, &puzzle)) {
      }
      EXPECT_EQ(ToString(puzzle), pinned[i]) << i;
      EXPECT_EQ(digger.counts().tries, pinned_tries[i]) << i;
    }
  }
  core_internal::UseSolverPath(active);
}

TEST(ControlledBias, ItemsAreReproducibleAndMarked) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.dig.order = DigOrder::kControlledBias;
  ASSERT_TRUE(CheckGeneratorOptions(options).ok());
  PuzzleRecord a, b;
  ASSERT_TRUE(GeneratePuzzle(options, 5, ItemSeed(3, 5), &a));
  ASSERT_TRUE(GeneratePuzzle(options, 5, ItemSeed(3, 5), &b));
  EXPECT_EQ(a.givens, b.givens);
  EXPECT_EQ(a.dig_order, "controlled-bias");
  EXPECT_EQ(a.clues, CountGivens(a.givens));
  EXPECT_TRUE(IsMinimalUnique(a.givens));
  EXPECT_EQ(DigOrderName(DigOrder::kControlledBias), "controlled-bias");
  EXPECT_EQ(ParseDigOrder("controlled-bias"), DigOrder::kControlledBias);
}

TEST(ControlledBias, RefusesBandsAndSymmetry) {
  GeneratorOptions base;
  base.dig.minimal = true;
  base.dig.order = DigOrder::kControlledBias;
  GeneratorOptions o = base;
  o.dig.minimal = false;
  EXPECT_FALSE(CheckGeneratorOptions(o).ok());
  o = base;
  o.dig.min_clues = 24;
  EXPECT_NE(CheckGeneratorOptions(o).message().find("clue band 24-80"), std::string::npos);
  o = base;
  o.max_freedom = 200;
  EXPECT_FALSE(CheckGeneratorOptions(o).ok());
  o = base;
  o.min_rating = 40;
  EXPECT_FALSE(CheckGeneratorOptions(o).ok());
  o = base;
  o.dig.symmetry = Symmetry::kRot180;
  EXPECT_FALSE(CheckGeneratorOptions(o).ok());
}

}  // namespace
}  // namespace sudoku
