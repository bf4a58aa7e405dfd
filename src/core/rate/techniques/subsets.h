// Naked and hidden subsets (src/core/rate/techniques/subsets.cc), and SE's direct hidden pair and
// triple. Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_SUBSETS_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_SUBSETS_H_

#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// Naked and hidden subsets of `size` 2-4.
bool FindNakedSubset(State& s, const Work& w, int size, Scan& scan, Step* step);
bool FindHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step);
// SE's direct hidden pair (size 2) and triple (3): places the one digit the subset would leave
// with one place in its house, as SE defines it (docs/se-rules.md); removes nothing else.
bool FindDirectHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_SUBSETS_H_
