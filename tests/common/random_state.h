// Random pencil-mark states for the differential tests of the logical solver's searches: many
// bivalue cells, broken states too, so that every size path of a search runs.
#ifndef SUDOKU_TESTS_RANDOM_STATE_H_
#define SUDOKU_TESTS_RANDOM_STATE_H_

#include "core/rate/state.h"
#include "sudoku/core/rng.h"

namespace sudoku::samples {

// A random state: each cell holds two random candidates with `bivalue` percent odds, else none
// (as if filled) with `filled` percent odds, else three random candidates.
inline core_internal::State RandomState(Rng& rng, int bivalue, int filled) {
  core_internal::State s;
  for (int cell = 0; cell < kCells; ++cell) {
    const int roll = static_cast<int>(rng.Below(100));
    const int count = roll < bivalue ? 2 : roll < bivalue + filled ? 0 : 3;
    if (count > 0) s.empty.Set(cell);
    for (int placed = 0; placed < count;) {
      const int d = static_cast<int>(rng.Below(kDigits));
      if (s.cand[d].Has(cell)) continue;
      s.cand[d].Set(cell);
      ++placed;
    }
  }
  return s;
}

}  // namespace sudoku::samples

#endif  // SUDOKU_TESTS_RANDOM_STATE_H_
