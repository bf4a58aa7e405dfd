// Tests of the chains of the logical solver (rate/chains/chains.cc, rate/chains/xy_chain.cc,
// rate/techniques/patterns.cc, rate/chains/cycles.cc, rate/chains/forcing.cc) on puzzles that
// Sudoku Explainer 1.2.1 rated (tests/data/se_ratings_*.txt): for each, the solver's hardest step
// is the chain and SE's rating of the puzzle is that step's rating. The position checked is the one
// the solver reaches just before that step: no technique below the chains makes progress there (so
// the chains are the only progress, as in SE's order of trial), the solver's step is the chain with
// SE's rating, and it keeps the solution. SE's multiple forcing chains are checked where no other
// chain applies.
#include <gtest/gtest.h>

#include "core/rate/chains/chains.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;

struct ChainCase {
  Technique technique;
  int se_rating;  // SE 1.2.1's rating of the puzzle (tenths), from tests/data/se_ratings_<set>
                  // (berthier_cb: the ratings published with Berthier's controlled-bias puzzles)
  const char* set;
  const char* puzzle;
};

// clang-format off
constexpr ChainCase kCases[] = {
    {Technique::kYCycle, 67, "minimal",
     "8.2...46.5.7..2..89....5....8.93.......2.6.9......7..4.9.7...3...4...6.9.....1..."},
    {Technique::kYCycle, 68, "minimal",
     ".1..489.6.6......5...2.7...4......79..5..14...9......13.6.......8.41.6......2.8.."},
    {Technique::kSkyscraper, 66, "17clue",
     "................12..3..4..............5.6.3.7.7.12.........34......8....62..1...."},
    {Technique::kTwoStringKite, 66, "17clue",
     "................12..3.45........43...1.....678...........1...8...4...5...2...6..."},
    {Technique::kXChain, 67, "17clue",
     "................12..3..4..5.....36......7.....2.....8...78......8.12....4.......7"},
    {Technique::kXCycle, 65, "berthier_cb",
     "........9457....6...8...41....8.1..65...6....8..5.39..3.2...1.4...9..5...1...8..2"},
    {Technique::kXyCycle, 71, "berthier_cb",
     "...45..8945.1..2....9....4..65...1.....61..9....7.....3..96...7.....7....78...3.2"},
    {Technique::kXyChain, 72, "berthier_cb",
     "....5.....571.9......7.3.....8.64.913.......6..4.1..78.3.....4..4....915..6..5..."},
    {Technique::kForcingChain, 71, "17clue",
     "................12..3.45.........4.6.2.......61.3........2...6...4...5...7..8...."},
    {Technique::kForcingChain, 72, "17clue",
     "................12....34........53....61......27.....4...2.7.5.4.....8..5........"},
    {Technique::kWWing, 71, "berthier_cb",
     "1..4...8.4.....236.89....1......8.4.5....16...76..3.......6.9...62.3...1.....5..."},
    {Technique::kNishioChain, 77, "controlled_bias",
     ".567..3..3....587...4.8.....6..7...11.95....7...8...6....9.8.2....4.....5...324.."},
    {Technique::kNishioChain, 78, "controlled_bias",
     ".....56.1....8.5..5.4......37..6....4...51.27..5..739.86......3...27...8....1.9.."},
};
// clang-format on

// SE's multiple forcing chains: puzzles SE rates by one, whose solve takes that chain at SE's
// rating.
// clang-format off
constexpr ChainCase kMultipleCases[] = {
    {Technique::kCellForcingChain, 83, "controlled_bias",
     "..81....97......235428....1...4.......7.2....1.....4.22....1..8.75....3...19...6."},
    {Technique::kRegionForcingChain, 83, "17clue",
     "..............1..2.34....5.........6..5...43.7...12.......5...8...3.....2.......1"},
};
// clang-format on

bool KeepsSolution(const State& s, const Grid& solution) {
  for (int cell = 0; cell < kCells; ++cell) {
    const bool ok =
        s.grid[cell] != 0 ? s.grid[cell] == solution[cell] : s.cand[solution[cell] - 1].Has(cell);
    if (!ok) return false;
  }
  return true;
}

// Solves `puzzle` step by step in SE's order until the first step rated `rating`; returns the
// state before that step (the empty state if there is none).
State PositionBefore(const Grid& puzzle, int rating) {
  State s;
  core_internal::SetUpState(puzzle, &s);
  while (s.empty.Any()) {
    State before = s;
    Step step;
    if (!core_internal::ApplyEasiestStep(s, &step)) break;
    if (step.rating == rating) return before;
  }
  return State{};
}

TEST(RatingChains, HardestChainHasSeRating) {
  for (const ChainCase& c : kCases) {
    SCOPED_TRACE(std::string(TechniqueName(c.technique)) + " " + c.puzzle);
    const ParseResult parsed = ParseGrid(c.puzzle);
    ASSERT_TRUE(parsed.ok);
    Rating rating;
    ASSERT_TRUE(RatePuzzle(parsed.grid, &rating));
    EXPECT_EQ(rating.rating, c.se_rating);
    EXPECT_EQ(rating.hardest, c.technique);
    EXPECT_EQ(rating.guesses, 0);
  }
}

TEST(RatingChains, ChainIsTheOnlyProgressAtItsPosition) {
  for (const ChainCase& c : kCases) {
    SCOPED_TRACE(std::string(TechniqueName(c.technique)) + " " + c.puzzle);
    const Grid puzzle = ParseGrid(c.puzzle).grid;
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
    const State before = PositionBefore(puzzle, c.se_rating);
    ASSERT_TRUE(before.empty.Any());
    for (int t = static_cast<int>(Technique::kFullHouse); t < static_cast<int>(Technique::kYCycle);
         ++t) {
      State s = before;
      Step step;
      EXPECT_FALSE(core_internal::ApplyTechnique(s, static_cast<Technique>(t), &step))
          << TechniqueName(static_cast<Technique>(t));
    }
    State s = before;
    Step step;
    ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
    EXPECT_EQ(step.technique, c.technique);
    EXPECT_EQ(step.rating, c.se_rating);
    EXPECT_TRUE(KeepsSolution(s, solution));
    if (c.technique == Technique::kNishioChain) {
      // SE tries Nishio chains only where no chain of one digit or through cells applies.
      core_internal::Work work;
      core_internal::ComputeWork(before, &work);
      EXPECT_EQ(core_internal::FindXChain(before, work).rating, 0);
      EXPECT_EQ(core_internal::FindForcingChain(before, work).rating, 0);
    }
  }
}

// SE tries the multiple forcing chains only where no forcing chain and no Nishio chain applies,
// and so does the step loop: the solve's first step at their rating is one, found where the
// other chains find nothing.
TEST(RatingChains, MultipleForcingChainWhereNoOtherChainApplies) {
  for (const ChainCase& c : kMultipleCases) {
    SCOPED_TRACE(std::string(TechniqueName(c.technique)) + " " + c.puzzle);
    const Grid puzzle = ParseGrid(c.puzzle).grid;
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
    State s, before;
    core_internal::SetUpState(puzzle, &s);
    Step step;
    do {
      before = s;
      ASSERT_TRUE(s.empty.Any());
      ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
    } while (step.rating < c.se_rating);
    EXPECT_EQ(step.technique, c.technique);
    EXPECT_EQ(step.rating, c.se_rating);
    EXPECT_TRUE(KeepsSolution(s, solution));
    core_internal::Work work;
    core_internal::ComputeWork(before, &work);
    EXPECT_EQ(core_internal::FindXChain(before, work).rating, 0);
    EXPECT_EQ(core_internal::FindForcingChain(before, work).rating, 0);
    State nishio = before;
    EXPECT_FALSE(core_internal::FindNishioChain(nishio, work, &step));
    State multiple = before;
    ASSERT_TRUE(core_internal::FindMultipleForcingChain(multiple, work, &step));
    EXPECT_EQ(step.technique, c.technique);
    EXPECT_EQ(step.rating, c.se_rating);
  }
}

}  // namespace
}  // namespace sudoku
