#include "sudoku/core/grid.h"

#include <gtest/gtest.h>

namespace sudoku {
namespace {

constexpr const char* kSolved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

TEST(Grid, ParsesAndPrintsTextForm) {
  const std::string text = std::string(kSolved).replace(0, 3, "..0");
  ParseResult parsed = ParseGrid("  " + text + " \r\n");
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.grid[0], 0);
  EXPECT_EQ(parsed.grid[2], 0);
  EXPECT_EQ(parsed.grid[3], 6);
  EXPECT_EQ(parsed.grid[80], 9);
  EXPECT_EQ(ToString(parsed.grid), "..." + std::string(kSolved).substr(3));
}

TEST(Grid, RejectsWrongLengthNamingIt) {
  ParseResult parsed = ParseGrid(std::string(kSolved).substr(1));
  EXPECT_FALSE(parsed.ok);
  EXPECT_NE(parsed.error.find("length 80"), std::string::npos) << parsed.error;
  EXPECT_FALSE(ParseGrid("").ok);
}

TEST(Grid, RejectsBadCharacterNamingColumn) {
  std::string text = kSolved;
  text[11] = 'x';
  ParseResult parsed = ParseGrid(text);
  EXPECT_FALSE(parsed.ok);
  EXPECT_NE(parsed.error.find("'x' at column 12"), std::string::npos) << parsed.error;
  text[11] = ' ';  // inner whitespace is not trimmed
  EXPECT_FALSE(ParseGrid(text).ok);
  text[11] = '\x01';  // a control character is shown by its code
  EXPECT_NE(ParseGrid(text).error.find("'\\x01' at column 12"), std::string::npos)
      << ParseGrid(text).error;
}

TEST(Grid, ChecksValidityAndAgreement) {
  const Grid solved = ParseGrid(kSolved).grid;
  EXPECT_TRUE(IsCompleteValidGrid(solved));
  EXPECT_EQ(CountGivens(solved), 81);
  Grid puzzle = solved;
  puzzle[40] = 0;
  EXPECT_FALSE(IsCompleteValidGrid(puzzle));
  EXPECT_TRUE(HasNoConflict(puzzle));
  EXPECT_TRUE(AgreesWith(puzzle, solved));
  Grid broken = solved;
  std::swap(broken[0], broken[1]);  // rows stay valid, columns break
  EXPECT_FALSE(IsCompleteValidGrid(broken));
  EXPECT_FALSE(AgreesWith(broken, solved));
}

TEST(Grid, IndexHelpersFollowRowMajorLayout) {
  EXPECT_EQ(RowOf(40), 4);
  EXPECT_EQ(ColOf(40), 4);
  EXPECT_EQ(BoxOf(40), 4);
  EXPECT_EQ(BoxOf(80), 8);
  EXPECT_EQ(BoxOf(26), 2);
  EXPECT_EQ(BoxOf(27), 3);
}

}  // namespace
}  // namespace sudoku
