#include "books/layout.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace sudoku::books {
namespace {

constexpr std::array<int, 4> kPuzzlesPerPage = {1, 2, 4, 6};
constexpr double kHeaderPt = 40;  // title band under the top margin
constexpr double kFooterPt = 24;  // page-number band above the bottom margin
constexpr double kGapXPt = 24;    // between slots side by side
constexpr double kGapYPt = 18;    // between slots one above the other

struct SlotGrid {
  int columns;
  int rows;
};

// Portrait pages: one column for 1 and 2 grids, then two or three columns.
SlotGrid SlotsFor(int grids) {
  switch (grids) {
    case 1:
      return {1, 1};
    case 2:
      return {1, 2};
    case 4:
      return {2, 2};
    case 6:
      return {2, 3};
    default:
      return {3, 4};  // kSolutionsPerPage
  }
}

}  // namespace

std::optional<Paper> ParsePaper(std::string_view name) {
  if (name == "a4") return Paper::kA4;
  if (name == "letter") return Paper::kLetter;
  return std::nullopt;
}

std::span<const int> PuzzlesPerPageChoices() { return kPuzzlesPerPage; }

Size PageSize(Paper paper) {
  if (paper == Paper::kLetter) return {612, 792};
  return {210 / 25.4 * 72, 297 / 25.4 * 72};
}

PageLayout LayoutPage(Paper paper, int grids) {
  PageLayout layout;
  layout.page = PageSize(paper);
  const Size page = layout.page;
  layout.title_size = 18;
  layout.title_baseline = kMarginPt + layout.title_size;
  layout.footer_size = 9;
  layout.footer_baseline = page.height - kMarginPt;
  layout.caption_size = grids == kSolutionsPerPage ? 8 : 10;
  layout.caption_gap = layout.caption_size * 1.5;
  const double caption_band = layout.caption_size * 2.2;

  const SlotGrid slots = SlotsFor(grids);
  const double top = kMarginPt + kHeaderPt;
  const double width = page.width - 2 * kMarginPt;
  const double height = page.height - 2 * kMarginPt - kHeaderPt - kFooterPt;
  const double slot_w = (width - (slots.columns - 1) * kGapXPt) / slots.columns;
  const double slot_h = (height - (slots.rows - 1) * kGapYPt) / slots.rows;
  const double side = std::floor(std::min(slot_w, slot_h - caption_band) / 9) * 9;
  for (int i = 0; i < slots.columns * slots.rows; ++i) {
    const double slot_x = kMarginPt + (i % slots.columns) * (slot_w + kGapXPt);
    const double slot_y = top + (i / slots.columns) * (slot_h + kGapYPt);
    layout.grids.push_back(
        {slot_x + (slot_w - side) / 2, slot_y + (slot_h - side - caption_band) / 2, side, side});
  }
  layout.style = StyleForSide(side);
  return layout;
}

GridStyle StyleForSide(double side) {
  GridStyle style;
  style.digit_size = side / 9 * 0.6;
  style.thick_line = std::clamp(side * 0.008, 1.5, 3.0);
  style.thin_line = style.thick_line / 3;
  return style;
}

Rect CellRect(const Rect& grid, int cell) {
  const double size = grid.width / 9;
  return {grid.x + (cell % 9) * size, grid.y + (cell / 9) * size, size, size};
}

}  // namespace sudoku::books
