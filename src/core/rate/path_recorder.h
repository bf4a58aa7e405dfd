// Records the rater's steps as a SolvePath (sudoku/core/solve_path.h) by comparing the pencil
// marks before and after each step, so that no finder needs to report what it did. Used by the
// step loop (rating.cc) only when a path is asked for. Private to src/core.
#ifndef SUDOKU_CORE_RATE_PATH_RECORDER_H_
#define SUDOKU_CORE_RATE_PATH_RECORDER_H_

#include "core/rate/state.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solve_path.h"

namespace sudoku::core_internal {

// Appends the step that took `before` to `after`, of `technique` at `rating` (tenths): the
// pattern the finder reported in `shown` (cells, houses, chain), the digits placed, and the
// candidates removed from cells still empty but for those a placement of this step removes from
// its peers. REQUIRES: `after` follows `before` by placements and eliminations only (PlaceDigit,
// Eliminate).
void AppendPathStep(const State& before, const State& after, Technique technique, int rating,
                    PathStep&& shown, SolvePath* path);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_PATH_RECORDER_H_
