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

// The names of SE's forcing chains that are these patterns; with a showing `step`, the pattern is
// shown as the finders above show it. SE's first X forcing chain of 6 nodes, concluding d at
// `cell` (placed, or removed), is a skyscraper or a 2-string kite where FindTurbotFish would take
// the same conclusion, else an X-chain.
Technique TurbotFishName(const State& s, const Work& w, int cell, int d, bool place,
                         Step* step = nullptr);
// True iff a W-wing removes digit d from `cell`.
bool WWingRemoves(const State& s, const Work& w, int cell, int d, Step* step = nullptr);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_PATTERNS_H_
