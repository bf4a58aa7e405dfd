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

// Row, column and box digit sets of a partly filled grid.
struct Houses {
  std::array<uint16_t, 9> row{}, col{}, box{};

  // The digits `cell` may still take.
  uint16_t Free(int cell) const {
    return kAllDigits & ~(row[RowOf(cell)] | col[ColOf(cell)] | box[BoxOf(cell)]);
  }
  // Places `digit` at `cell` when Free(cell) holds it; takes it back when it was placed there.
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    row[RowOf(cell)] ^= bit;
    col[ColOf(cell)] ^= bit;
    box[BoxOf(cell)] ^= bit;
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
