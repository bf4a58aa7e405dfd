// The choices `stats --plot` makes before gnuplot draws: colours per level, log scales, titles.
#include "cli/stats_plot.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "sudoku/core/rating.h"

namespace sudoku::cli {
namespace {

TEST(StatsPlot, EachLevelHasItsOwnColourWhateverTheSelection) {
  std::set<std::string> colours;
  for (const RatingBand& band : RatingBands()) colours.insert(LevelColour(band.name));
  EXPECT_EQ(colours.size(), RatingBands().size());
  EXPECT_EQ(colours.count("#999999"), 0u);
  EXPECT_EQ(LevelColour("hard"), LevelColour(std::string("hard")));
  EXPECT_EQ(LevelColour("no such level"), "#999999");
}

TEST(StatsPlot, LogScaleOnlyWhereCountsSpanTwoDecades) {
  EXPECT_FALSE(SpansDecades(std::vector<ValueCount>{}));
  EXPECT_FALSE(SpansDecades(std::vector<ValueCount>{{12, 500}}));
  EXPECT_FALSE(SpansDecades(std::vector<ValueCount>{{12, 990}, {13, 10}}));
  EXPECT_TRUE(SpansDecades(std::vector<ValueCount>{{12, 1000}, {13, 10}}));
  // Empty bins say nothing about the spread of the others.
  EXPECT_FALSE(SpansDecades(std::vector<ValueCount>{{12, 50}, {13, 0}, {14, 5}}));
  EXPECT_TRUE(SpansDecades(std::vector<LevelCount>{{"beginner", 4000}, {"easy", 3}}));
  EXPECT_FALSE(SpansDecades(std::vector<LevelCount>{{"beginner", 40}, {"easy", 3}}));
}

TEST(StatsPlot, TitlesNameTheCorpusAndTheFilter) {
  PuzzleFilter all;
  EXPECT_EQ(PlotSubject("x.db", all), "x.db");
  PuzzleFilter some;
  some.level = "expert";
  some.min_clues = 20;
  some.max_clues = 26;
  EXPECT_EQ(PlotSubject("x.db", some), "x.db (level expert, clues 20-26)");
}

}  // namespace
}  // namespace sudoku::cli
