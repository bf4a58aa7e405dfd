// Fixed patterns (src/core/rate/techniques/patterns.cc): XY-wing, XYZ-wing, skyscraper, 2-string
// kite, W-wing. SE finds the last three as chains; they are named here where a chain of theirs is
// the step. Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_PATTERNS_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_PATTERNS_H_

#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

bool FindXyWing(State& s, const Work& w, Scan& scan, Step* step);
bool FindXyzWing(State& s, const Work& w, Scan& scan, Step* step);
// Skyscrapers and 2-string kites together, as SE's "Turbot Fish": the one candidate SE's chain
// search removes first (patterns.cc).
bool FindTurbotFish(State& s, const Work& w, Scan& scan, Step* step);
bool FindWWing(State& s, const Work& w, Scan& scan, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_PATTERNS_H_
