// Grid methods: every method makes valid grids, deterministically in the Rng; the default search
// still makes the grids that existing corpora were built from.
#include "sudoku/core/grid_generator.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

constexpr int kSeeds = 400;

Grid Make(GridMethod method, uint64_t seed) {
  Rng rng(seed);
  return GenerateGrid(method, rng);
}

// Regression pins: GenerateGrid(Rng(seed)) as computed by the code before the grid methods
// were added. Existing corpora depend on these grids; a change here changes every corpus.
TEST(GridGenerator, SearchMakesThePinnedGrids) {
  const std::pair<uint64_t, std::string> pins[] = {
      {1, "269584173143627895857913624798142356514396782326758419431279568985461237672835941"},
      {2, "387152694945368721261974538893217456176543982452896173629731845734685219518429367"},
      {3, "581437926934256871267198453675813294829645137143729568452371689718962345396584712"},
      {42, "923475861876931254541286793789143625435692187612857349158769432367524918294318576"}};
  for (const auto& [seed, expected] : pins) {
    SCOPED_TRACE(seed);
    Rng rng(seed);
    EXPECT_EQ(ToString(GenerateGrid(rng)), expected);
    EXPECT_EQ(ToString(Make(GridMethod::kSearch, seed)), expected);
  }
}

TEST(GridGenerator, EveryMethodMakesValidGridsDeterministically) {
  for (GridMethod method : kGridMethods) {
    SCOPED_TRACE(GridMethodName(method));
    std::set<std::string> distinct;
    Rng rng(1000);
    for (int i = 0; i < kSeeds; ++i) {
      const Grid grid = GenerateGrid(method, rng);  // consecutive grids from one engine
      ASSERT_TRUE(IsCompleteValidGrid(grid)) << ToString(grid);
      distinct.insert(ToString(grid));
    }
    EXPECT_GE(distinct.size(), static_cast<size_t>(kSeeds) * 9 / 10);
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid grid = Make(method, seed);
      ASSERT_TRUE(IsCompleteValidGrid(grid)) << ToString(grid);
      EXPECT_EQ(grid, Make(method, seed)) << "seed " << seed;
    }
  }
}

TEST(GridGenerator, MethodsMakeDifferentGridsFromTheSameSeed) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::set<std::string> grids;
    for (GridMethod method : kGridMethods) grids.insert(ToString(Make(method, seed)));
    EXPECT_EQ(grids.size(), kGridMethods.size()) << "seed " << seed;
  }
}

// Without its triple swaps the pattern method would only permute rows within bands and columns
// within stacks of the base grid, where the three cells of a row inside a box always hold three
// cyclically consecutive digits (k, k+1, k+2 modulo 9). The swaps break that.
TEST(GridGenerator, PatternSwapsCellTriples) {
  int broken = 0;
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    const Grid grid = Make(GridMethod::kPattern, seed);
    for (int row = 0; row < 9; ++row) {
      for (int stack = 0; stack < 3; ++stack) {
        int mask = 0;
        for (int i = 0; i < 3; ++i) mask |= 1 << (grid[row * 9 + stack * 3 + i] - 1);
        bool run = false;
        for (int k = 0; k < 9; ++k) {
          run |= mask == ((1 << k) | (1 << (k + 1) % 9) | (1 << (k + 2) % 9));
        }
        if (!run) ++broken;
      }
    }
  }
  EXPECT_GT(broken, 0);
}

TEST(GridGenerator, NamesRoundTrip) {
  std::set<std::string_view> names;
  for (GridMethod method : kGridMethods) {
    const std::string_view name = GridMethodName(method);
    names.insert(name);
    EXPECT_EQ(ParseGridMethod(name), method) << name;
  }
  EXPECT_EQ(names.size(), kGridMethods.size());
  EXPECT_EQ(GridMethodName(GridMethod::kSearch), "search");
  EXPECT_EQ(GridMethodName(GridMethod::kDigitRows), "digit-rows");
  EXPECT_EQ(GridMethodName(GridMethod::kBoxFill), "box-fill");
  EXPECT_EQ(GridMethodName(GridMethod::kPattern), "pattern");
  EXPECT_EQ(GridMethodName(GridMethod::kRandomClues), "random-clues");
  EXPECT_FALSE(ParseGridMethod("Search").has_value());
  EXPECT_FALSE(ParseGridMethod("").has_value());
  EXPECT_FALSE(ParseGridMethod("random").has_value());
}

}  // namespace
}  // namespace sudoku
