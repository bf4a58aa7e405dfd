// The rater's step loop (src/core/rate/rating.cc): the easiest technique that makes progress, in
// SE's order of trial (the technique table, technique_table.h, gives the order of the fixed
// techniques; the chains' order is SE's, spelled out in ApplyEasiestStep). Private to src/core.
#ifndef SUDOKU_CORE_RATE_STEP_LOOP_H_
#define SUDOKU_CORE_RATE_STEP_LOOP_H_

#include "core/rate/memory.h"
#include "core/rate/state.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"

namespace sudoku::core_internal {

// Runs the finder of `technique` alone (kNone and kGuess: false). For tests.
bool ApplyTechnique(State& s, Technique technique, Step* step);

// Applies the easiest technique that makes progress, trying them in SE's order (rating.h);
// false if none does (a guess is needed).
bool ApplyEasiestStep(State& s, Step* step);

// As above, reusing what `memory` kept from earlier steps of the same solve (what a finder
// searched, the chains and X-cycles of each digit): the same step, SE's, every time. With
// memory->sound it does not look for direct claimings, which never come first in such a state
// (rate/techniques/locked.cc).
// Where every technique not yet tried rates above memory->cap, it returns false with
// memory->capped set, not having searched them: the step would rate above the cap.
// REQUIRES: *memory is default-constructed for a new solve (but for sound and cap), and between
// calls s only loses candidates (PlaceDigit, Eliminate).
bool ApplyEasiestStep(State& s, Memory* memory, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_STEP_LOOP_H_
