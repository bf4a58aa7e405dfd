// Grid: a 9x9 Sudoku board, used both for finished grids and for puzzles.
//
// Representation (fixed, used everywhere in this project):
//   - 81 cells in row-major order: cell index = row * 9 + col, rows and columns 0-8.
//   - box index = (row / 3) * 3 + col / 3.
//   - a cell holds 0 for empty or a digit 1-9.
// Text form (docs/spec.md): one line of 81 characters, row-major, '1'-'9' for a given and '.' for an
// empty cell. Parsing also accepts '0' for empty and ignores surrounding whitespace.
//
// Grid is a plain value type; it is trivially copyable and thread-compatible.
#ifndef SUDOKU_CORE_GRID_H_
#define SUDOKU_CORE_GRID_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace sudoku {

inline constexpr int kCells = 81;
inline constexpr int kDigits = 9;

inline constexpr int RowOf(int cell) { return cell / 9; }
inline constexpr int ColOf(int cell) { return cell % 9; }
inline constexpr int BoxOf(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

struct Grid {
  std::array<uint8_t, kCells> cells{};  // 0 = empty, 1-9 = digit

  uint8_t& operator[](int cell) { return cells[cell]; }
  uint8_t operator[](int cell) const { return cells[cell]; }
  friend bool operator==(const Grid&, const Grid&) = default;
};

// Outcome of parsing one line of text. `ok` is false on error, and `error` then says what was
// wrong in words a person can act on ("character 'x' at column 12", "length 80, expected 81").
// Columns are 1-based, counted after leading whitespace is skipped.
struct ParseResult {
  bool ok = false;
  Grid grid;
  std::string error;
};

// Parses the text form. Accepts '1'-'9', '.' and '0'; trims surrounding whitespace.
ParseResult ParseGrid(std::string_view text);

// Prints the text form: 81 characters, '.' for empty cells.
std::string ToString(const Grid& grid);

// Number of non-empty cells.
int CountGivens(const Grid& grid);

// True iff every cell is filled and every row, column and box holds each digit once.
bool IsCompleteValidGrid(const Grid& grid);

// True iff no row, column or box holds the same digit twice (empty cells are ignored).
bool HasNoConflict(const Grid& grid);

// True iff every given of `puzzle` equals the same cell of `solution`.
bool AgreesWith(const Grid& puzzle, const Grid& solution);

}  // namespace sudoku

#endif  // SUDOKU_CORE_GRID_H_
