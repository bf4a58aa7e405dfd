// SE's nested forcing chains of levels 2 and 3 (rate/dynamic.cc, rate/nested_chains.cc) on
// positions where Sudoku Explainer 1.2.1 itself took one: tests/data/se_nested_steps.txt lists, for
// public puzzles, the pencil marks SE had when its step was such a chain, and that step's rating.
// In each, the dynamic chains (+) find nothing (SE tried them first), and the cheapest nested chain
// rates as SE's; where SE's step was one of level 3, there is none of level 2.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "common/se_positions.h"
#include "core/rate/logic.h"
#include "sudoku/core/rating.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;
using core_internal::Work;

// Sanitizer builds are about ten times slower, and each position takes about half a second here:
// every seventh there.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kEvery = 7;
#else
constexpr int kEvery = 1;
#endif

TEST(RatingNested, RatesAsSeWhereSeTookIt) {
  // SUDOKU_SE_NESTED_STEPS: another file of such steps (scripts/dev/se-steps.sh --level 2).
  const std::vector<testing::SeChainStep> positions = testing::ReadChainSteps(
      testing::StepsPath("SUDOKU_SE_NESTED_STEPS", "se_nested_steps.txt"), 2, 3, kEvery);
  ASSERT_FALSE(positions.empty());
  int count[2] = {}, same[2] = {};
  for (const testing::SeChainStep& p : positions) {
    SCOPED_TRACE(p.Where());
    State s = p.state;
    Work w;
    core_internal::ComputeWork(s, &w);
    Step step;
    EXPECT_FALSE(core_internal::FindDynamicForcingChainPlus(s, w, &step));
    const bool found = core_internal::FindNestedForcingChain(s, w, 2, &step);
    if (p.level == 3) {
      EXPECT_FALSE(found) << "SE found no nested chain of level 2 here";
      ASSERT_TRUE(found || core_internal::FindNestedForcingChain(s, w, 3, &step));
    } else {
      ASSERT_TRUE(found);
    }
    ++count[p.level - 2];
    EXPECT_EQ(step.technique, Technique::kNestedForcingChain);
    EXPECT_EQ(step.rating, p.rating);
    same[p.level - 2] += step.rating == p.rating;
  }
  std::printf("nested steps of level 2: %d, rated as SE: %d; of level 3: %d, rated as SE: %d\n",
              count[0], same[0], count[1], same[1]);
}

}  // namespace
}  // namespace sudoku
