// Finished-grid generation: stage 1 of the pipeline.
//
// Deterministic in the Rng: the same engine state gives the same grid. Thread-safe (no shared
// state). Not promised: uniformity over all 6.67e21 grids. The search fills boxes 1, 5 and 9
// (independent of each other) with random permutations, then completes the grid by a
// depth-first search that branches on the cell with the fewest candidates and tries digits in
// random order; the first completion is taken, so grids that are easy to reach from a given
// diagonal are somewhat favoured.
#ifndef SUDOKU_GRID_GENERATOR_H_
#define SUDOKU_GRID_GENERATOR_H_

#include "sudoku/grid.h"
#include "sudoku/rng.h"

namespace sudoku {

// Returns a complete valid grid (IsCompleteValidGrid holds). Allocation-free.
Grid GenerateGrid(Rng& rng);

}  // namespace sudoku

#endif  // SUDOKU_GRID_GENERATOR_H_
