// The public view of the rater's technique table (sudoku/core/techniques.h) agrees with the
// names and ratings of rating.h, row by row in Technique order; and the step loop's side of the
// table finds what each technique's producer finds.
#include <gtest/gtest.h>

#include "core/rate/technique_table.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

TEST(TechniqueTable, AgreesWithNamesAndRatings) {
  ASSERT_EQ(TechniqueTable().size(), static_cast<size_t>(kTechniqueCount));
  ASSERT_EQ(TechniqueNames().size(), static_cast<size_t>(kTechniqueCount));
  for (int t = 0; t < kTechniqueCount; ++t) {
    const Technique technique = static_cast<Technique>(t);
    const TechniqueInfo& info = DescribeTechnique(technique);
    EXPECT_EQ(info.technique, technique);
    EXPECT_EQ(info.name, TechniqueName(technique));
    EXPECT_EQ(TechniqueNames()[t], TechniqueName(technique));
    EXPECT_EQ(info.rating, TechniqueRating(technique));
    EXPECT_EQ(ParseTechnique(info.name), technique);
    EXPECT_FALSE(info.description.empty()) << info.name;
    EXPECT_FALSE(TechniqueFamilyName(info.family).empty()) << info.name;
  }
}

// The unique rectangles and loops are one search, run as type 1; the BUG types one, run as
// BUG+1. Every technique the step loop runs by the table (singles, direct, fixed) has a finder
// where it is its own producer; a produced one has none, and its producer has one.
TEST(TechniqueTable, ProducersFindTheirTechniques) {
  using core_internal::RowOf;
  using core_internal::Trial;
  for (Technique t : {Technique::kUniqueRectangle2, Technique::kUniqueRectangle3,
                      Technique::kUniqueRectangle4, Technique::kUniqueLoop}) {
    EXPECT_EQ(RowOf(t).producer, Technique::kUniqueRectangle1) << TechniqueName(t);
  }
  for (Technique t : {Technique::kBugType2, Technique::kBugType3, Technique::kBugType4}) {
    EXPECT_EQ(RowOf(t).producer, Technique::kBugPlusOne) << TechniqueName(t);
  }
  for (const core_internal::TechniqueRow& row : core_internal::TechniqueRows()) {
    const bool table_run =
        row.trial == Trial::kSingles || row.trial == Trial::kDirect || row.trial == Trial::kFixed;
    if (row.producer != row.info.technique) {
      EXPECT_EQ(row.find, nullptr) << row.info.name;
      EXPECT_NE(RowOf(row.producer).find, nullptr) << row.info.name;
    } else if (table_run) {
      EXPECT_NE(row.find, nullptr) << row.info.name;
    }
  }
}

}  // namespace
}  // namespace sudoku
