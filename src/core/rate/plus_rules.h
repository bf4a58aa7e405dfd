// The easier rules inside SE's dynamic forcing chains (+) (rate/dynamic.cc, docs/se-rules.md).
//
// Where the propagation of an assumption stalls, SE 1.2.1 (Chaining.getAdvancedPotentials, level
// 1) tries pointing and claiming, hidden pairs, naked pairs and X-wings, in that order, on the grid
// as the assumption has left it, and turns off every candidate the first of those rules removes
// with a hint that needs the assumption: one whose pattern exists only because the chain removed
// some candidates (SE's rule parents; a hint without any holds in the grid itself and is left
// out). Those removed candidates are the causes of each elimination of the hint, and count among
// the chain's nodes. Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_PLUS_RULES_H_
#define SUDOKU_CORE_RATE_PLUS_RULES_H_

#include <array>
#include <cstdint>

#include "core/rate/logic.h"

namespace sudoku::core_internal {

// The hints taken so far during one assumption, each with its causes.
struct PlusHints {
  static constexpr int kMaxCauses = 16;  // a hint of these rules needs at most 14
  struct Hint {
    uint16_t first;  // into cause
    uint16_t count;
  };
  int hint_count = 0;
  int cause_count = 0;
  Hint hint[kCells * kDigits];  // only hints with a new elimination are kept: at most one each
  uint16_t cause[kCells * kDigits * kMaxCauses];  // candidates (cell * 9 + digit) turned off

  void Clear() { hint_count = cause_count = 0; }
};

// The grid an assumption started from and the grid it has left so far (only candidates gone):
// per house and digit the places (bit i: the house's i-th cell, as in Work::where), and per cell
// the candidates.
struct PlusGrid {
  const uint16_t (*base_where)[kDigits];
  const uint16_t (*now_where)[kDigits];
  const uint16_t* removed_digits;  // per house, bit d: digit d lost a place there
  const CellMasks* base_masks;
  const CellMasks* now_masks;
  // Bit h: house h has more than four empty cells (SE looks for hidden pairs there), four or
  // more (naked pairs). The assumption places no digit.
  uint32_t hidden_pair_houses;
  uint32_t naked_pair_houses;
  uint16_t fish_digits;  // bit d: digit d is placed at most five times (SE looks for X-wings)
};

// Runs the rules in SE's order on g and appends to *hints the hints of the first rule that has
// any needing the assumption. Writes their eliminations to elim (candidates, cell * 9 + digit,
// in SE's order, each once) and, in hint_of, the index in *hints of the hint that made each;
// returns how many. REQUIRES: elim and hint_of hold kCells * kDigits entries; *hints has room for
// the new hints (at most one per elimination).
int FindPlusEliminations(const PlusGrid& g, PlusHints* hints, uint16_t* elim, uint16_t* hint_of);

// As above, for one rule alone (0-3: pointing and claiming, hidden pairs, naked pairs, X-wings):
// what it gives where the rules before it give nothing.
int FindPlusEliminationsOf(int rule, const PlusGrid& g, PlusHints* hints, uint16_t* elim,
                           uint16_t* hint_of);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_PLUS_RULES_H_
