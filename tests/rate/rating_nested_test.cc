// SE's nested forcing chains (rate/chains/dynamic.cc, rate/chains/nested_chains.cc,
// rate/chains/nested_dynamic.cc) on positions where Sudoku Explainer 1.2.1 itself took one:
// tests/data/se_nested_steps.txt lists, for public puzzles, the pencil marks SE had when its step
// was such a chain of level 2 or 3, and that step's rating and node count; se_nested4_steps.txt,
// positions where SE's step was one of level 4. In each, the dynamic chains (+) find nothing (SE
// tried them first), nor do the nested chains of a level below SE's step, and the cheapest of its
// level rates as SE's.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "common/se_positions.h"
#include "core/rate/chains/chains.h"
#include "core/rate/state.h"
#include "core/rate/work.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;
using core_internal::Work;

// Sanitizer builds are about ten times slower, and each position takes about half a second here
// (of level 4, about a second): every seventh there, and of level 4 the first.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kEvery = 7;
constexpr int kEveryOfLevel4 = 1000;
#else
constexpr int kEvery = 1;
constexpr int kEveryOfLevel4 = 1;
#endif

// The step at p: no dynamic chain (+) and no nested chain of a level below SE's, then SE's, with
// SE's rating and node count, removing no digit of the puzzle's solution. True iff it rates as
// SE's.
bool RatesAsSe(const testing::SeChainStep& p) {
  SCOPED_TRACE(p.Where());
  State s = p.state;
  Work w;
  core_internal::ComputeWork(s, &w);
  Step step;
  EXPECT_FALSE(core_internal::FindDynamicForcingChainPlus(s, w, &step));
  for (int level = 2; level < p.level; ++level) {
    EXPECT_FALSE(core_internal::FindNestedForcingChain(s, w, level, &step))
        << "SE found no nested chain of level " << level << " here";
  }
  if (!core_internal::FindNestedForcingChain(s, w, p.level, &step)) {
    ADD_FAILURE() << "no nested chain of level " << p.level;
    return false;
  }
  EXPECT_EQ(step.technique, Technique::kNestedForcingChain);
  EXPECT_EQ(step.rating, p.rating);
  EXPECT_EQ(step.nodes, p.nodes);
  const ParseResult puzzle = ParseGrid(p.puzzle);
  Grid solution;
  EXPECT_TRUE(puzzle.ok && CountSolutions(puzzle.grid, 2, &solution) == 1);
  for (int cell = 0; cell < kCells; ++cell) {
    if (s.empty.Has(cell)) {
      EXPECT_TRUE(s.cand[solution[cell] - 1].Has(cell)) << "cell " << cell;
    }
  }
  return step.rating == p.rating && step.nodes == p.nodes;
}

TEST(RatingNested, RatesAsSeWhereSeTookIt) {
  // SUDOKU_SE_NESTED_STEPS: another file of such steps (scripts/dev/se-steps.sh --level 2).
  const std::vector<testing::SeChainStep> positions = testing::ReadChainSteps(
      testing::StepsPath("SUDOKU_SE_NESTED_STEPS", "se_nested_steps.txt"), 2, 3, kEvery);
  ASSERT_FALSE(positions.empty());
  int count[2] = {}, same[2] = {};
  for (const testing::SeChainStep& p : positions) {
    ++count[p.level - 2];
    same[p.level - 2] += RatesAsSe(p);
  }
  std::printf("nested steps of level 2: %d, rated as SE: %d; of level 3: %d, rated as SE: %d\n",
              count[0], same[0], count[1], same[1]);
}

TEST(RatingNested, Level4RatesAsSeWhereSeTookIt) {
  // SUDOKU_SE_NESTED4_STEPS: another file of such steps (scripts/dev/se-steps.sh --level 4).
  const std::vector<testing::SeChainStep> positions = testing::ReadChainSteps(
      testing::StepsPath("SUDOKU_SE_NESTED4_STEPS", "se_nested4_steps.txt"), 4, 4, kEveryOfLevel4);
  ASSERT_FALSE(positions.empty());
  int same = 0;
  for (const testing::SeChainStep& p : positions) same += RatesAsSe(p);
  std::printf("nested steps of level 4: %zu, rated as SE: %d\n", positions.size(), same);
}

}  // namespace
}  // namespace sudoku
