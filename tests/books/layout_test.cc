// The page geometry of puzzle books (src/books/layout.h): grids inside the page and apart from
// each other and from the title and page number, cells tiling their grid.
#include "books/layout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace sudoku::books {
namespace {

std::vector<int> AllGridCounts() {
  std::vector<int> counts(PuzzlesPerPageChoices().begin(), PuzzlesPerPageChoices().end());
  counts.push_back(kSolutionsPerPage);
  return counts;
}

bool Overlap(const Rect& a, const Rect& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

TEST(BookLayout, PaperSizesInPoints) {
  EXPECT_NEAR(PageSize(Paper::kA4).width, 595.28, 0.01);
  EXPECT_NEAR(PageSize(Paper::kA4).height, 841.89, 0.01);
  EXPECT_EQ(PageSize(Paper::kLetter).width, 612);
  EXPECT_EQ(PageSize(Paper::kLetter).height, 792);
  EXPECT_EQ(ParsePaper("letter"), Paper::kLetter);
  EXPECT_EQ(ParsePaper("a4"), Paper::kA4);
  EXPECT_FALSE(ParsePaper("A5").has_value());
}

TEST(BookLayout, GridsAreSquaresOfWholeCellsInsideTheMargins) {
  for (Paper paper : {Paper::kA4, Paper::kLetter}) {
    for (int count : AllGridCounts()) {
      const PageLayout layout = LayoutPage(paper, count);
      ASSERT_EQ(static_cast<int>(layout.grids.size()), count);
      for (const Rect& grid : layout.grids) {
        EXPECT_EQ(grid.width, grid.height);
        EXPECT_EQ(std::fmod(grid.width, 9), 0) << grid.width;
        EXPECT_GE(grid.x, kMarginPt);
        EXPECT_LE(grid.x + grid.width, layout.page.width - kMarginPt);
        // Below the title, and the caption above the page number.
        EXPECT_GT(grid.y, layout.title_baseline);
        EXPECT_LT(grid.y + grid.height + layout.caption_gap + layout.caption_size,
                  layout.footer_baseline - layout.footer_size);
      }
    }
  }
}

TEST(BookLayout, GridsAndCaptionsDoNotOverlapAndReadLeftToRight) {
  for (int count : AllGridCounts()) {
    const PageLayout layout = LayoutPage(Paper::kA4, count);
    std::vector<Rect> blocks;  // each grid with its caption
    for (const Rect& grid : layout.grids) {
      blocks.push_back(
          {grid.x, grid.y, grid.width, grid.height + layout.caption_gap + layout.caption_size / 3});
    }
    for (size_t i = 0; i < blocks.size(); ++i) {
      for (size_t j = i + 1; j < blocks.size(); ++j) {
        EXPECT_FALSE(Overlap(blocks[i], blocks[j])) << count << ": " << i << " " << j;
        const Rect& a = layout.grids[i];
        const Rect& b = layout.grids[j];
        EXPECT_TRUE(b.y > a.y || (b.y == a.y && b.x > a.x)) << count << ": " << i << " " << j;
      }
    }
  }
}

TEST(BookLayout, FewerGridsArePrintedLarger) {
  double previous = 1e9;
  for (int count : AllGridCounts()) {
    const double side = LayoutPage(Paper::kA4, count).grids[0].width;
    EXPECT_LT(side, previous) << count;
    previous = side;
  }
  // Four to an A4 page: cells of 27 points (9.5 mm), digits of 16 points.
  const PageLayout four = LayoutPage(Paper::kA4, 4);
  EXPECT_EQ(four.grids[0].width, 243);
  EXPECT_NEAR(four.style.digit_size, 16.2, 1e-9);
  EXPECT_GT(four.style.thick_line, 2 * four.style.thin_line);
}

TEST(BookLayout, CellsTileTheGridRowByRow) {
  const Rect grid{100, 200, 243, 243};
  const Rect first = CellRect(grid, 0);
  EXPECT_EQ(first.x, 100);
  EXPECT_EQ(first.y, 200);
  EXPECT_EQ(first.width, 27);
  const Rect last = CellRect(grid, 80);
  EXPECT_EQ(last.x + last.width, 343);
  EXPECT_EQ(last.y + last.height, 443);
  const Rect r1c2 = CellRect(grid, 1 * 9 + 2);  // row 1, column 2
  EXPECT_EQ(r1c2.x, 100 + 2 * 27);
  EXPECT_EQ(r1c2.y, 200 + 1 * 27);
}

}  // namespace
}  // namespace sudoku::books
