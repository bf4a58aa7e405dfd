// GridPainter: draws Sudoku grids, their digits and lines of text on a cairo context, for the
// PDF book and the SVG files alike (book.cc). Private to the books library.
//
// Digits are drawn as glyphs looked up once per painter and centred on their cell by their ink
// extents, so a digit sits in the middle of its cell whatever the font's side bearings. Not
// thread-safe; the painter must not outlive its cairo context.
#ifndef SUDOKU_BOOKS_PAINTER_H_
#define SUDOKU_BOOKS_PAINTER_H_

#include <cairo.h>

#include <array>
#include <string_view>
#include <vector>

#include "books/layout.h"

namespace sudoku::books {

class GridPainter {
 public:
  // A painter for grids drawn in `style` on `cr`.
  GridPainter(cairo_t* cr, const GridStyle& style);
  ~GridPainter();
  GridPainter(const GridPainter&) = delete;
  GridPainter& operator=(const GridPainter&) = delete;

  // Draws the lines of `grid` and the digits of `givens` (81 characters, '.' or '0' empty) in
  // black. With `solution` (81 digits), also fills the other cells from it, in grey and a
  // lighter weight than the givens.
  void DrawGrid(const Rect& grid, std::string_view givens, std::string_view solution = {});

  // Draws `text` (UTF-8) centred on `x`, on `baseline`, `size` points high.
  void DrawText(std::string_view text, double x, double baseline, double size, bool bold);

 private:
  // One weight of the digit face at the digit size: glyph index and centring offset of 1-9.
  struct DigitFont {
    cairo_scaled_font_t* font = nullptr;
    std::array<unsigned long, 10> glyph{};
    std::array<double, 10> dx{};  // from the cell centre to the glyph origin
    std::array<double, 10> dy{};
  };
  void LoadDigits(cairo_font_face_t* face, DigitFont* digits);
  void DrawLines(const Rect& grid);
  // Draws the digits of `text` whose cells `include` accepts, in one glyph run.
  template <typename Include>
  void DrawDigits(const Rect& grid, std::string_view text, const DigitFont& digits,
                  Include include);

  cairo_t* cr_;
  GridStyle style_;
  cairo_font_face_t* regular_;
  cairo_font_face_t* bold_;
  DigitFont regular_digits_;
  DigitFont bold_digits_;
  std::vector<cairo_glyph_t> glyphs_;  // reused by DrawDigits
};

}  // namespace sudoku::books

#endif  // SUDOKU_BOOKS_PAINTER_H_
