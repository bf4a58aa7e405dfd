// Private to src/core: where a cell lies, the digit sets of the rows, columns and boxes of a partly
// filled grid, and a random member of a bit set; shared by the grid methods (grids/search.cc,
// grids/methods.cc) and the digger.
#ifndef SUDOKU_CORE_BOARD_HOUSES_H_
#define SUDOKU_CORE_BOARD_HOUSES_H_

#include <array>
#include <bit>
#include <cstdint>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku::core_internal {

inline constexpr uint16_t kAllDigits = 0x3FE;  // bits 1-9

// Where a cell lies: a table, as the grid searches and the digger look a cell's houses up for
// every open cell at every step, and the divisions of RowOf, ColOf and BoxOf were 40% of the
// grid search's cost.
struct Place {
  uint8_t row, col, box;
  uint8_t in_box;  // row_in_box * 3 + col_in_box
};
inline constexpr std::array<Place, kCells> kPlaces = [] {
  std::array<Place, kCells> places{};
  for (int cell = 0; cell < kCells; ++cell) {
    places[cell] = {static_cast<uint8_t>(RowOf(cell)), static_cast<uint8_t>(ColOf(cell)),
                    static_cast<uint8_t>(BoxOf(cell)),
                    static_cast<uint8_t>(RowOf(cell) % 3 * 3 + ColOf(cell) % 3)};
  }
  return places;
}();

// Row, column and box digit sets of a partly filled grid.
struct Houses {
  std::array<uint16_t, 9> row{}, col{}, box{};

  // The digits `cell` may still take.
  uint16_t Free(int cell) const {
    const Place& p = kPlaces[cell];
    return kAllDigits & ~(row[p.row] | col[p.col] | box[p.box]);
  }
  // Places `digit` at `cell` when Free(cell) holds it; takes it back when it was placed there.
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    const Place& p = kPlaces[cell];
    row[p.row] ^= bit;
    col[p.col] ^= bit;
    box[p.box] ^= bit;
  }
};

// The index of a uniformly chosen set bit of the non-empty `mask` (one Rng::Below draw).
inline int RandomBit(uint32_t mask, Rng& rng) {
  for (uint32_t k = rng.Below(static_cast<uint32_t>(std::popcount(mask))); k > 0; --k) {
    mask &= mask - 1;
  }
  return std::countr_zero(mask);
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_BOARD_HOUSES_H_
