// Private to src/core: the digit sets of the rows, columns and boxes of a partly filled grid, and
// a random member of a bit set, shared by the grid methods (grid_generator.cc, grid_methods.cc).
#ifndef SUDOKU_CORE_HOUSES_H_
#define SUDOKU_CORE_HOUSES_H_

#include <array>
#include <bit>
#include <cstdint>

#include "sudoku/grid.h"
#include "sudoku/rng.h"

namespace sudoku::core_internal {

inline constexpr uint16_t kAllDigits = 0x3FE;  // bits 1-9

// The houses of a cell as indexes into Houses::digits: a table, as the grid searches call
// Houses::Free for every open cell at every step and the divisions of RowOf, ColOf and BoxOf
// were 40% of their cost.
struct CellHouses {
  uint8_t row, col, box;
};
inline constexpr std::array<CellHouses, kCells> kCellHouses = [] {
  std::array<CellHouses, kCells> table{};
  for (int cell = 0; cell < kCells; ++cell) {
    table[cell] = {static_cast<uint8_t>(RowOf(cell)), static_cast<uint8_t>(9 + ColOf(cell)),
                   static_cast<uint8_t>(18 + BoxOf(cell))};
  }
  return table;
}();

// Row, column and box digit sets of a partly filled grid.
struct Houses {
  // digits[h]: the digits placed in house h: rows 0-8, columns 9-17, boxes 18-26.
  std::array<uint16_t, 27> digits{};

  // The digits `cell` may still take.
  uint16_t Free(int cell) const {
    const CellHouses& h = kCellHouses[cell];
    return kAllDigits & ~(digits[h.row] | digits[h.col] | digits[h.box]);
  }
  // Places `digit` at `cell` when Free(cell) holds it; takes it back when it was placed there.
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    const CellHouses& h = kCellHouses[cell];
    digits[h.row] ^= bit;
    digits[h.col] ^= bit;
    digits[h.box] ^= bit;
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

#endif  // SUDOKU_CORE_HOUSES_H_
