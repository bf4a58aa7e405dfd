// Digging: stage 3 of the pipeline. Empties cells of a finished grid in random order, keeping
// each removal only when the puzzle stays unique, so every result has exactly one solution (the
// grid it was dug from).
//
// Deterministic in the Rng; allocation-free; thread-safe.
#ifndef SUDOKU_DIGGER_H_
#define SUDOKU_DIGGER_H_

#include "sudoku/grid.h"
#include "sudoku/rng.h"

namespace sudoku {

struct DigOptions {
  int min_clues = 17;    // lowest clue count accepted. Default: 17 (no unique puzzle has fewer)
  int max_clues = 80;    // highest clue count accepted. Default: 80 (one empty cell)
  bool minimal = false;  // dig until no clue can go (a minimal puzzle). Default: false
};

// Digs `solution` (REQUIRES: IsCompleteValidGrid(solution)) into `*puzzle`.
// Without `minimal`: picks a target clue count uniformly in [min_clues, max_clues] and removes
// cells in random order until that count is reached or every cell has been tried.
// With `minimal`: tries every cell once in random order; the result is minimal.
// Returns true iff the resulting clue count lies in [min_clues, max_clues]; *puzzle is always a
// unique puzzle whose solution is `solution`, even when false is returned.
bool DigUniquePuzzle(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle);

}  // namespace sudoku

#endif  // SUDOKU_DIGGER_H_
