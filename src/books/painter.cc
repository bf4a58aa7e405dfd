#include "books/painter.h"

#include <string>

namespace sudoku::books {
namespace {

constexpr char kFontFamily[] = "DejaVu Sans";
constexpr double kSolvedGrey = 0.4;  // solution digits that were not givens

bool IsDigit(char c) { return c >= '1' && c <= '9'; }

}  // namespace

GridPainter::GridPainter(cairo_t* cr, const GridStyle& style)
    : cr_(cr),
      style_(style),
      regular_(cairo_toy_font_face_create(kFontFamily, CAIRO_FONT_SLANT_NORMAL,
                                          CAIRO_FONT_WEIGHT_NORMAL)),
      bold_(cairo_toy_font_face_create(kFontFamily, CAIRO_FONT_SLANT_NORMAL,
                                       CAIRO_FONT_WEIGHT_BOLD)) {
  LoadDigits(regular_, &regular_digits_);
  LoadDigits(bold_, &bold_digits_);
}

GridPainter::~GridPainter() {
  cairo_scaled_font_destroy(regular_digits_.font);
  cairo_scaled_font_destroy(bold_digits_.font);
  cairo_font_face_destroy(regular_);
  cairo_font_face_destroy(bold_);
}

void GridPainter::LoadDigits(cairo_font_face_t* face, DigitFont* digits) {
  cairo_save(cr_);
  cairo_set_font_face(cr_, face);
  cairo_set_font_size(cr_, style_.digit_size);
  digits->font = cairo_scaled_font_reference(cairo_get_scaled_font(cr_));
  cairo_restore(cr_);
  for (int d = 1; d <= 9; ++d) {
    const std::string text(1, static_cast<char>('0' + d));
    cairo_glyph_t* glyphs = nullptr;
    int count = 0;
    cairo_scaled_font_text_to_glyphs(digits->font, 0, 0, text.c_str(), 1, &glyphs, &count, nullptr,
                                     nullptr, nullptr);
    if (count < 1) continue;  // an error status, reported by the surface at the end
    cairo_text_extents_t ink;
    cairo_scaled_font_glyph_extents(digits->font, glyphs, 1, &ink);
    digits->glyph[d] = glyphs[0].index;
    digits->dx[d] = -(ink.x_bearing + ink.width / 2);
    digits->dy[d] = -(ink.y_bearing + ink.height / 2);
    cairo_glyph_free(glyphs);
  }
}

void GridPainter::DrawGrid(const Rect& grid, std::string_view givens, std::string_view solution) {
  cairo_set_source_rgb(cr_, 0, 0, 0);
  DrawLines(grid);
  DrawDigits(grid, givens, bold_digits_, [](int) { return true; });
  if (solution.empty()) return;
  cairo_set_source_rgb(cr_, kSolvedGrey, kSolvedGrey, kSolvedGrey);
  DrawDigits(grid, solution, regular_digits_, [&](int i) { return !IsDigit(givens[i]); });
  cairo_set_source_rgb(cr_, 0, 0, 0);
}

void GridPainter::DrawLines(const Rect& grid) {
  const double cell = grid.width / 9;
  cairo_set_line_cap(cr_, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width(cr_, style_.thin_line);
  for (int i = 1; i < 9; ++i) {
    if (i % 3 == 0) continue;
    cairo_move_to(cr_, grid.x + i * cell, grid.y);
    cairo_rel_line_to(cr_, 0, grid.height);
    cairo_move_to(cr_, grid.x, grid.y + i * cell);
    cairo_rel_line_to(cr_, grid.width, 0);
  }
  cairo_stroke(cr_);
  // Box lines over the cell lines; square caps and a mitred border close the corners.
  cairo_set_line_width(cr_, style_.thick_line);
  cairo_set_line_cap(cr_, CAIRO_LINE_CAP_SQUARE);
  for (int i = 3; i < 9; i += 3) {
    cairo_move_to(cr_, grid.x + i * cell, grid.y);
    cairo_rel_line_to(cr_, 0, grid.height);
    cairo_move_to(cr_, grid.x, grid.y + i * cell);
    cairo_rel_line_to(cr_, grid.width, 0);
  }
  cairo_set_line_join(cr_, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr_, grid.x, grid.y, grid.width, grid.height);
  cairo_stroke(cr_);
}

template <typename Include>
void GridPainter::DrawDigits(const Rect& grid, std::string_view text, const DigitFont& digits,
                             Include include) {
  const double cell = grid.width / 9;
  glyphs_.clear();
  for (int i = 0; i < 81 && i < static_cast<int>(text.size()); ++i) {
    if (!IsDigit(text[i]) || !include(i)) continue;
    const int d = text[i] - '0';
    const double cx = grid.x + (i % 9 + 0.5) * cell;
    const double cy = grid.y + (i / 9 + 0.5) * cell;
    glyphs_.push_back({digits.glyph[d], cx + digits.dx[d], cy + digits.dy[d]});
  }
  cairo_set_scaled_font(cr_, digits.font);
  cairo_show_glyphs(cr_, glyphs_.data(), static_cast<int>(glyphs_.size()));
}

void GridPainter::DrawText(std::string_view text, double x, double baseline, double size,
                           bool bold) {
  const std::string owned(text);
  cairo_set_font_face(cr_, bold ? bold_ : regular_);
  cairo_set_font_size(cr_, size);
  cairo_text_extents_t extents;
  cairo_text_extents(cr_, owned.c_str(), &extents);
  cairo_move_to(cr_, x - (extents.x_bearing + extents.width / 2), baseline);
  cairo_show_text(cr_, owned.c_str());
}

}  // namespace sudoku::books
