// The copies of the solver (solve/solver_paths.h): each one this CPU can run gives what the
// baseline copy gives, through the solver, the rater and the per-item generator, on the puzzles
// of tests/data; and SUDOKU_CPU picks a copy.
#include "core/solve/solver_paths.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_data.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::ActiveSolverPath;
using core_internal::AvailableSolverPaths;
using core_internal::ChooseSolverPath;
using core_internal::SolverPath;
using core_internal::UseSolverPath;

// What the tests compare, one line per puzzle, so that a failure names the puzzle.
using Results = std::vector<std::string>;

std::vector<Grid> TestPuzzles() {
  std::vector<Grid> puzzles;
  for (const char* name : {"puzzles2_17_clue_golden", "puzzles3_magictour_golden",
                           "puzzles6_forum_hardest_golden", "puzzles7_serg_golden"}) {
    for (const Grid& p : testing::ReadPuzzles(testing::GoldenPath(name))) puzzles.push_back(p);
  }
  return puzzles;
}

// Counts, first solutions, ratings and existence answers for every puzzle.
Results SolveAndRate(const std::vector<Grid>& puzzles) {
  Results r;
  for (const Grid& puzzle : puzzles) {
    Grid solution{};
    const int count = CountSolutions(puzzle, 2, &solution);
    Rating rating;
    RatePuzzle(puzzle, &rating);
    std::string avoiding;
    Deductions deductions;
    const bool deduced = deductions.Deduce(puzzle);
    for (int cell = 0; cell < kCells; ++cell) {
      if (puzzle[cell] != 0 || count == 0) continue;
      avoiding += HasSolutionAvoiding(puzzle, cell, solution[cell]) ? '1' : '0';
      if (deduced)
        avoiding += deductions.HasSolutionAvoiding(puzzle, {}, cell, solution[cell]) ? '1' : '0';
    }
    r.push_back(ToString(puzzle) + " " + std::to_string(count) + " " + ToString(solution) + " " +
                std::to_string(rating.rating) + " " + std::string(TechniqueName(rating.hardest)) +
                " " + std::to_string(rating.steps) + " " + avoiding);
  }
  return r;
}

// Minimal puzzles as `generate --minimal` makes them: givens, rating and level.
Results Generate() {
  GeneratorOptions options;
  options.dig.minimal = true;
  Results r;
  for (int64_t item = 0; item < 40; ++item) {
    PuzzleRecord record;
    const bool ok = GeneratePuzzle(options, item, 1000 + static_cast<uint64_t>(item), &record);
    r.push_back(std::to_string(ok) + " " + ToString(record.givens) + " " +
                std::to_string(record.rating) + " " + std::string(record.level));
  }
  return r;
}

// Runs `work` with the public functions on each available copy, the baseline first.
template <typename Work>
std::vector<Results> OnEveryPath(Work work) {
  const SolverPath& before = ActiveSolverPath();
  std::vector<Results> results;
  for (const SolverPath* path : AvailableSolverPaths()) {
    UseSolverPath(*path);
    results.push_back(work());
  }
  UseSolverPath(before);
  return results;
}

void ExpectAllEqual(const std::vector<Results>& results) {
  for (size_t k = 1; k < results.size(); ++k) {
    ASSERT_EQ(results[k].size(), results[0].size());
    for (size_t i = 0; i < results[0].size(); ++i) {
      EXPECT_EQ(results[k][i], results[0][i])
          << AvailableSolverPaths()[k]->name << " differs from baseline";
    }
  }
}

TEST(SolverPaths, EveryCopySolvesAndRatesAsTheBaseline) {
  if (AvailableSolverPaths().size() < 2) GTEST_SKIP() << "one copy of the solver on this build/CPU";
  const std::vector<Grid> puzzles = TestPuzzles();
  ASSERT_GT(puzzles.size(), 200u);
  ExpectAllEqual(OnEveryPath([&] { return SolveAndRate(puzzles); }));
}

TEST(SolverPaths, EveryCopyGeneratesTheSamePuzzles) {
  if (AvailableSolverPaths().size() < 2) GTEST_SKIP() << "one copy of the solver on this build/CPU";
  ExpectAllEqual(OnEveryPath(Generate));
}

TEST(SolverPaths, SudokuCpuPicksACopy) {
  const auto available = AvailableSolverPaths();
  EXPECT_STREQ(available[0]->name, "baseline");
  EXPECT_EQ(&ChooseSolverPath("baseline"), available[0]);
  // Unset or unknown: the fastest this CPU runs.
  EXPECT_EQ(&ChooseSolverPath(nullptr), available.back());
  EXPECT_EQ(&ChooseSolverPath("sse9"), available.back());
  for (const SolverPath* path : available) EXPECT_EQ(&ChooseSolverPath(path->name), path);
}

}  // namespace
}  // namespace sudoku
