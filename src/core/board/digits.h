// Sets of digits, the one convention of src/core: a 9-bit mask, bit d - 1 for digit d (1-9), so
// kAllDigits is 0x1FF. Also the digit sets of the rows, columns and boxes of a partly filled
// grid (Houses), and a random member of a mask. Private to src/core; allocation-free;
// thread-compatible (RandomBit draws from the caller's Rng). A few local keys that are only
// compared or counted use bit d for digit d instead, to save DigitBit's subtraction in a hot
// loop; each says so where it is made.
#ifndef SUDOKU_CORE_BOARD_DIGITS_H_
#define SUDOKU_CORE_BOARD_DIGITS_H_

#include <array>
#include <bit>
#include <cstdint>

#include "core/board/bits.h"
#include "core/board/geometry.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku::core_internal {

inline constexpr uint16_t kAllDigits = 0x1FF;

// The mask of digit `digit` (1-9).
constexpr uint16_t DigitBit(int digit) { return static_cast<uint16_t>(1u << (digit - 1)); }

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
    const uint16_t bit = DigitBit(digit);
    const Place& p = kPlaces[cell];
    row[p.row] ^= bit;
    col[p.col] ^= bit;
    box[p.box] ^= bit;
  }
};

// The index of a uniformly chosen set bit of the non-empty `mask` (one Rng::Below draw).
inline int RandomBit(uint32_t mask, Rng& rng) {
  for (uint32_t k = rng.Below(static_cast<uint32_t>(PopCount(mask))); k > 0; --k) {
    mask &= mask - 1;
  }
  return std::countr_zero(mask);
}

// A uniformly chosen digit of the non-empty digit mask `digits` (one Rng::Below draw).
inline int RandomDigit(uint16_t digits, Rng& rng) { return RandomBit(digits, rng) + 1; }

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_BOARD_DIGITS_H_
