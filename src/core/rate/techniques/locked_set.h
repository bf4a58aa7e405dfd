// The search shared by the locked sets (techniques/subsets.cc) and the fish (techniques/fish.cc):
// `size` items whose union over a 9-bit universe has exactly `size` members. Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_SET_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_SET_H_

#include <cstdint>

#include "core/board/bits.h"

namespace sudoku::core_internal {

// The choices are made in SE's order (its Permutations: chosen sets as increasing bit masks, so
// colexicographic: {0,1}, {0,2}, {1,2}, {0,3}, ...), so that the first locked set that makes
// progress is the one SE takes.

// ChooseLockedSet (below) for size 2, when every item has exactly 2 bits: two items lock a
// pair iff they are equal.
template <typename F>
bool ChooseLockedPair(const uint16_t* items, int n, F& apply) {
  for (int j = 1; j < n; ++j) {
    for (int i = 0; i < j; ++i) {
      if (items[j] == items[i] && apply(static_cast<uint16_t>(1u << i | 1u << j), items[i])) {
        return true;
      }
    }
  }
  return false;
}

// Calls apply(chosen, union) for each choice of `size` items of items[0, n) (chosen: bit i for
// items[i]) whose union has exactly `size` bits, in colexicographic order of the chosen indices
// (the largest index first, then the next), until apply returns true. Prunes a prefix as soon as
// its union exceeds `size` bits. A loop with an explicit stack of picks: most searches are
// small, so calls would cost the most.
template <typename F>
bool ChooseLockedSet(const uint16_t* items, int n, int size, F& apply) {
  if (size == 2) return ChooseLockedPair(items, n, apply);
  int pick[4];               // pick[0] the largest index, each next one below the one before
  uint16_t unions[4] = {0};  // unions[k]: the union of the first k picks
  int depth = 0;
  for (int i = size - 1;; ++i) {
    if (i >= (depth == 0 ? n : pick[depth - 1])) {  // no index left here: back one pick
      if (depth == 0) return false;
      i = pick[--depth];
      continue;
    }
    const uint16_t next = unions[depth] | items[i];
    if (PopCount(next) > size) continue;
    pick[depth] = i;
    if (depth + 1 < size) {
      unions[++depth] = next;
      i = size - 1 - depth - 1;  // the loop's ++i starts the next pick at its least index
      continue;
    }
    if (PopCount(next) != size) continue;
    uint16_t chosen = 0;
    for (int k = 0; k < size; ++k) chosen = static_cast<uint16_t>(chosen | 1u << pick[k]);
    if (apply(chosen, next)) return true;
  }
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_SET_H_
