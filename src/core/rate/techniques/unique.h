// Uniqueness techniques (src/core/rate/techniques/unique.cc): unique rectangles and loops, types
// 1-4, and BUG types 1-4. Sound only on puzzles with one solution. Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_UNIQUE_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_UNIQUE_H_

#include <cstdint>

#include "core/board/cell_set.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// The loops the unique loop search closed from each bivalue start cell at its last search
// there, with what that search read: the cells holding both of the start's digits and their
// candidates. While those stay the same, a search from the start closes the same loops in the
// same order, and only their hints need evaluating again.
struct LoopMemory {
  static constexpr int kMaxCells = 32;   // of the cells holding both digits
  static constexpr int kPathBytes = 96;  // per start: each loop's length, then its cells
  struct Start {
    bool known = false;
    uint16_t pair;
    CellSet both;
    uint16_t masks[kMaxCells];  // of the cells of `both`, in cell order
    uint8_t loops;
    uint8_t bytes;
    uint8_t path[kPathBytes];
  };
  Start start[kCells];
};

// Unique rectangles and loops, types 1-4: SE's one producer for all of them, which takes the
// cheapest hint (rating, then type) over every loop; the step's technique is the rectangle's
// type, or kUniqueLoop for longer loops, its rating the hint's.
// `memory` (may be null): kept between searches of one solve.
bool FindUniqueLoop(State& s, const Work& w, Scan& scan, Step* step, LoopMemory* memory = nullptr);
// BUG types 1-4, SE's one producer: the first hint it reports.
bool FindBug(State& s, const Work& w, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_UNIQUE_H_
