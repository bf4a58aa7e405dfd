// Tests of the hints format (EncodeHints, DecodeHints in solve_path.h; docs/hints.md): paths of
// real puzzles round-trip, and bytes that are not a path are refused.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/test_data.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solve_path.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

void ExpectSamePath(const SolvePath& a, const SolvePath& b) {
  ASSERT_EQ(a.steps.size(), b.steps.size());
  for (size_t i = 0; i < a.steps.size(); ++i) {
    const PathStep& x = a.steps[i];
    const PathStep& y = b.steps[i];
    EXPECT_EQ(x.technique, y.technique) << "step " << i;
    EXPECT_EQ(x.rating, y.rating) << "step " << i;
    EXPECT_EQ(x.placements, y.placements) << "step " << i;
    EXPECT_EQ(x.removals, y.removals) << "step " << i;
    EXPECT_EQ(x.cells, y.cells) << "step " << i;
    EXPECT_EQ(x.houses, y.houses) << "step " << i;
    EXPECT_EQ(x.chain, y.chain) << "step " << i;
  }
}

TEST(HintsCodec, PathsOfRatedPuzzlesRoundTrip) {
  // Hard puzzles: chains, with ratings of their own (a length bonus), and guesses.
  const std::vector<Grid> puzzles = ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden"));
  ASSERT_GE(puzzles.size(), 10u);
  size_t own_ratings = 0;
  for (size_t i = 0; i < 10; ++i) {
    SolvePath path;
    Rating rating;
    ASSERT_TRUE(RatePuzzle(puzzles[i], RatingOptions{}, &rating, &path));
    for (const PathStep& step : path.steps)
      own_ratings += step.rating != TechniqueRating(step.technique);
    SolvePath decoded;
    ASSERT_TRUE(DecodeHints(EncodeHints(path), &decoded)) << "puzzle " << i;
    ExpectSamePath(path, decoded);
  }
  EXPECT_GT(own_ratings, 0u);  // the rating byte was exercised
}

TEST(HintsCodec, EveryPartAndLongListsRoundTrip) {
  SolvePath path;
  PathStep& step = path.steps.emplace_back();
  step.technique = Technique::kCellForcingChain;
  step.rating = 83;
  for (int i = 0; i < 200; ++i) step.removals.push_back({static_cast<uint8_t>(i % 81), 9});
  step.placements = {{80, 1}};
  step.cells = {0, 40, 80};
  step.houses = {0, 17, 26};
  step.chain = {{3, 4, true, true}, {12, 4, false, false}, {5, 9, true, true}};
  const std::string bytes = EncodeHints(path);
  SolvePath decoded;
  ASSERT_TRUE(DecodeHints(bytes, &decoded));
  ExpectSamePath(path, decoded);
  // 200 removals need a two-byte count: 0xC8 0x01.
  EXPECT_EQ(static_cast<uint8_t>(bytes[3 + 3]), 0xC8);
}

TEST(HintsCodec, SinglesHousesRideOnThePlacementsAndChainCellsOnTheChain) {
  SolvePath path;
  path.steps.reserve(3);  // the references below stay valid
  PathStep& singles = path.steps.emplace_back();
  singles.technique = Technique::kHiddenSingleLine;
  singles.rating = TechniqueRating(singles.technique);
  singles.placements = {{10, 3}, {50, 7}};  // r2c2, r6c6
  singles.houses = {1, 9 + 5};              // row 2, column 6
  PathStep& chain = path.steps.emplace_back();
  chain.technique = Technique::kXChain;
  chain.rating = 66;
  chain.removals = {{0, 4}};
  chain.chain = {{3, 4, false, true}, {30, 4, true, false}, {33, 4, false, false}};
  chain.cells = {3, 30, 33};
  PathStep& bare = path.steps.emplace_back();  // a chain whose step shows no cells
  bare = chain;
  bare.cells.clear();
  const std::string bytes = EncodeHints(path);
  // Singles: technique, flags, count, two (cell, digit | kind << 4); no houses list.
  EXPECT_EQ(static_cast<uint8_t>(bytes[1]), 2);
  EXPECT_EQ(static_cast<uint8_t>(bytes[4]), 3 | 1 << 4);  // row
  EXPECT_EQ(static_cast<uint8_t>(bytes[6]), 7 | 2 << 4);  // column
  // The chain step leaves its cells out; the bare one writes an empty list.
  EXPECT_EQ(static_cast<uint8_t>(bytes[8]) & 8, 0);
  SolvePath decoded;
  ASSERT_TRUE(DecodeHints(bytes, &decoded));
  ExpectSamePath(path, decoded);
}

TEST(HintsCodec, RefusesWhatIsNotAPath) {
  SolvePath path;
  PathStep& step = path.steps.emplace_back();
  step.technique = Technique::kPointing;
  step.rating = TechniqueRating(Technique::kPointing);
  step.removals = {{10, 2}, {11, 2}};
  step.houses = {18, 1};
  const std::string good = EncodeHints(path);
  SolvePath decoded;
  ASSERT_TRUE(DecodeHints(good, &decoded));
  // Cut anywhere inside the step: refused, and nothing is left behind.
  for (size_t cut = 1; cut < good.size(); ++cut) {
    EXPECT_FALSE(DecodeHints(good.substr(0, cut), &decoded)) << "cut at " << cut;
    EXPECT_TRUE(decoded.steps.empty());
  }
  std::string bad = good;
  bad[1] = static_cast<char>(bad[1] | 0x40);  // a reserved flag
  EXPECT_FALSE(DecodeHints(bad, &decoded));
  bad = good;
  bad[0] = static_cast<char>(kTechniqueCount);  // no such technique
  EXPECT_FALSE(DecodeHints(bad, &decoded));
  bad = good;
  bad[3] = 81;  // a cell out of the grid (the first removal's cell)
  EXPECT_FALSE(DecodeHints(bad, &decoded));
  bad = good;
  bad[4] = 0;  // digit 0
  EXPECT_FALSE(DecodeHints(bad, &decoded));
  bad = good;
  bad[4] = 2 | 1 << 4;  // a removal with a kind of house: only placements have one
  EXPECT_FALSE(DecodeHints(bad, &decoded));
  // Kinds on some placements but not all, or besides a houses list: not a path.
  const std::string singles = {char(2),  char(2 | 16), char(2), char(10), char(3 | 16),
                               char(11), char(4),      char(1), char(18)};
  ASSERT_FALSE(DecodeHints(singles, &decoded));
  std::string fixed = singles;
  fixed[1] = 2;
  fixed[6] = char(4 | 32);
  fixed.resize(7);
  ASSERT_TRUE(DecodeHints(fixed, &decoded));
  EXPECT_EQ(decoded.steps[0].houses, (std::vector<uint8_t>{1, 11}));  // row 2, column 3
  fixed[6] = 4;
  EXPECT_FALSE(DecodeHints(fixed, &decoded));
}

}  // namespace
}  // namespace sudoku
