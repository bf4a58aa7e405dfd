// SE's aligned pair and triple exclusions (src/core/rate/techniques/aligned.cc). Private to
// src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_ALIGNED_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_ALIGNED_H_

#include "core/board/cell_set.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// What an aligned exclusion search (rate/techniques/aligned.cc) found at its last search: bit a of
// failed[b] (a before b): the pair of first bases a and b made no progress.
struct AlignedMemory {
  bool valid = false;
  CellSet failed[kCells];
};

// SE's aligned pair (size 2, rated 6.2) and triple (size 3, 7.5) exclusions: the first set of
// base cells, in SE's order, whose exclusion removes anything. With `memory` (one per size) and
// the scan of this finder since its last search (kNeedsNear), the pairs of first bases that
// found nothing then and whose cells, excluders and third bases are unchanged are not searched
// again. REQUIRES with `memory`: no cell has a single candidate left (the finder comes after the
// naked singles).
bool FindAlignedExclusion(State& s, const Work& w, int size, Step* step,
                          AlignedMemory* memory = nullptr, const Scan* scan = nullptr);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_ALIGNED_H_
