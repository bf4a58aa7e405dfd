// Fish (src/core/rate/techniques/fish.cc): X-wing, swordfish, jellyfish. Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_FISH_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_FISH_H_

#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// Fish of `size` 2 (X-wing), 3 (swordfish), 4 (jellyfish), rows or columns as base.
bool FindFish(State& s, const Work& w, int size, Scan& scan, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_FISH_H_
