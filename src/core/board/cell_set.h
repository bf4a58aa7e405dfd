// CellSet: a set of the 81 cells as two 64-bit words (bit i of `lo` is cell i, bit i of `hi`
// is cell 64 + i), so that houses, peers and candidate sets combine in a few word operations.
// Private to src/core: the one cell-set type of the solver's neighbours (digger, rater).
// Invariant: bits 17-63 of `hi` are zero. A default CellSet is empty. A value type; every
// operation is constexpr and allocation-free; thread-compatible.
#ifndef SUDOKU_CORE_BOARD_CELL_SET_H_
#define SUDOKU_CORE_BOARD_CELL_SET_H_

#include <bit>
#include <cstdint>

#include "core/board/bits.h"
#include "sudoku/core/grid.h"

namespace sudoku::core_internal {

struct CellSet {
  uint64_t lo = 0;
  uint64_t hi = 0;

  static constexpr uint64_t kHiMask = (uint64_t{1} << (kCells - 64)) - 1;
  static constexpr CellSet All() { return {~uint64_t{0}, kHiMask}; }
  static constexpr CellSet Of(int cell) {
    return cell < 64 ? CellSet{uint64_t{1} << cell, 0} : CellSet{0, uint64_t{1} << (cell - 64)};
  }
  // The cells from `first` on (none if first >= 81).
  static constexpr CellSet From(int first) {
    if (first <= 0) return All();
    if (first < 64) return {~uint64_t{0} << first, kHiMask};
    if (first < kCells) return {0, (kHiMask << (first - 64)) & kHiMask};
    return {};
  }

  constexpr bool Has(int cell) const {
    return cell < 64 ? (lo >> cell) & 1 : (hi >> (cell - 64)) & 1;
  }
  // Set and Clear touch the one word that holds the cell: the cheapest for the digger, which
  // sets and clears a cell at every trial. Where the same cell is taken from a set over and over
  // in a loop, `set &= ~Of(cell)` lets the compiler make the mask once.
  constexpr void Set(int cell) {
    if (cell < 64) {
      lo |= uint64_t{1} << cell;
    } else {
      hi |= uint64_t{1} << (cell - 64);
    }
  }
  constexpr void Clear(int cell) {
    if (cell < 64) {
      lo &= ~(uint64_t{1} << cell);
    } else {
      hi &= ~(uint64_t{1} << (cell - 64));
    }
  }
  constexpr bool Empty() const { return (lo | hi) == 0; }
  constexpr bool Any() const { return (lo | hi) != 0; }
  // True iff the two sets share a cell.
  constexpr bool Meets(CellSet o) const { return ((lo & o.lo) | (hi & o.hi)) != 0; }
  constexpr int Count() const { return PopCount(lo) + PopCount(hi); }
  // True iff exactly one cell.
  constexpr bool IsSingle() const { return Count() == 1; }
  // The lowest cell. REQUIRES: Any().
  constexpr int First() const { return lo ? std::countr_zero(lo) : 64 + std::countr_zero(hi); }

  // Calls f(cell) for every cell, in increasing order.
  template <typename F>
  constexpr void ForEach(F&& f) const {
    for (uint64_t w = lo; w; w &= w - 1) f(std::countr_zero(w));
    for (uint64_t w = hi; w; w &= w - 1) f(64 + std::countr_zero(w));
  }
  // Calls f(cell) in increasing order until it returns true; true iff it did.
  template <typename F>
  constexpr bool Find(F&& f) const {
    for (uint64_t w = lo; w; w &= w - 1) {
      if (f(std::countr_zero(w))) return true;
    }
    for (uint64_t w = hi; w; w &= w - 1) {
      if (f(64 + std::countr_zero(w))) return true;
    }
    return false;
  }

  constexpr CellSet operator&(CellSet o) const { return {lo & o.lo, hi & o.hi}; }
  constexpr CellSet operator|(CellSet o) const { return {lo | o.lo, hi | o.hi}; }
  constexpr CellSet operator~() const { return {~lo, ~hi & kHiMask}; }
  constexpr CellSet& operator&=(CellSet o) { return *this = *this & o; }
  constexpr CellSet& operator|=(CellSet o) { return *this = *this | o; }
  friend constexpr bool operator==(CellSet, CellSet) = default;
};

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_BOARD_CELL_SET_H_
