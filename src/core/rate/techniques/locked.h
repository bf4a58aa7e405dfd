// Locked candidates (src/core/rate/techniques/locked.cc): pointing and claiming, and SE's direct
// pointing and claiming. Private to src/core.
//
// The finders past the singles search what `scan` does not skip (a default Scan: everything).
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_H_

#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// SE's direct techniques place one digit: the one a pointing or claiming would leave with one
// place in a house, as SE defines them (docs/se-rules.md); they remove nothing else.
bool FindDirectPointing(State& s, const Work& w, Scan& scan, Step* step);
bool FindDirectClaiming(State& s, const Work& w, Scan& scan, Step* step);
bool FindPointing(State& s, const Work& w, Scan& scan, Step* step);
bool FindClaiming(State& s, const Work& w, Scan& scan, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_LOCKED_H_
