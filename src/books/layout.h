// The geometry of a puzzle book page, in PostScript points (1/72 inch), origin at the top left
// corner of the page, y growing downwards (cairo's and pdftotext's convention). Pure functions of
// the paper and the number of grids a page holds: the same page always gets the same layout.
//
// A page holds a header band (the book's title), a grid of slots, and a footer (the page
// number), inside margins of kMarginPt. Each slot holds one Sudoku grid, a square whose side is a
// whole number of points divisible by 9 (so every cell is the same whole size), centred in the
// slot, with one caption line beneath it (number, level, SE rating). Slots fill the page row by
// row, left to right. Cell `i` of a grid is row i / 9, column i % 9 (the 81-character text form's
// order). Puzzle pages hold 1, 2, 4 or 6 grids; the solution pages at the back hold 12 smaller
// ones. Thread-safe (no state).
#ifndef SUDOKU_BOOKS_LAYOUT_H_
#define SUDOKU_BOOKS_LAYOUT_H_

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace sudoku::books {

enum class Paper { kA4, kLetter };

// The paper named "a4" (210 x 297 mm) or "letter" (8.5 x 11 in); nullopt for any other name.
std::optional<Paper> ParsePaper(std::string_view name);

struct Size {
  double width = 0;
  double height = 0;
};

struct Rect {
  double x = 0;  // left edge
  double y = 0;  // top edge
  double width = 0;
  double height = 0;
};

inline constexpr double kMarginPt = 36;  // half an inch on every side
inline constexpr int kSolutionsPerPage = 12;

// The grids a puzzle page can hold: 1, 2, 4 and 6.
std::span<const int> PuzzlesPerPageChoices();

// The page of `paper`, portrait: A4 595.28 x 841.89, letter 612 x 792.
Size PageSize(Paper paper);

// How a grid of a given side is drawn.
struct GridStyle {
  double digit_size = 0;  // font size of a digit in a cell
  double thin_line = 0;   // width of the lines between cells
  double thick_line = 0;  // width of the box lines and the border
};

// The style of a grid `side` points wide: digits 0.6 of a cell, box lines 0.8% of the side
// (1.5-3 points), cell lines a third of that.
GridStyle StyleForSide(double side);

// Where everything on one page goes.
struct PageLayout {
  Size page;
  double title_baseline = 0;   // baseline of the title, centred on the page
  double title_size = 0;       // font size of the title
  double footer_baseline = 0;  // baseline of the page number, centred
  double footer_size = 0;
  std::vector<Rect> grids;  // one square per slot, in reading order
  double caption_size = 0;  // font size of the caption under each grid
  double caption_gap = 0;   // from a grid's bottom edge to its caption's baseline
  GridStyle style;          // of every grid on the page
};

// The layout of a page of `paper` holding `grids` grids. REQUIRES: `grids` is one of
// PuzzlesPerPageChoices() or kSolutionsPerPage.
PageLayout LayoutPage(Paper paper, int grids);

// The square of cell `cell` (row * 9 + column) of `grid`. REQUIRES: 0 <= cell < 81.
Rect CellRect(const Rect& grid, int cell);

}  // namespace sudoku::books

#endif  // SUDOKU_BOOKS_LAYOUT_H_
