// Solver: exact solution counting for 9x9 Sudoku, the hot path of digging.
//
// Contract:
//   - Complete and exact: a count returned below `limit` is the true number of solutions.
//   - Deterministic: the same input gives the same count and the same first solution.
//   - No heap allocation, no I/O, no global mutable state: every function is thread-safe and may
//     be called concurrently from any number of threads.
//   - Input grids may be anything a Grid can hold: givens that break a rule (two equal digits in
//     a house) simply have 0 solutions.
// Not promised: which solution is "first" when there are several (it depends on the search
// order, which may change between versions).
#ifndef SUDOKU_SOLVER_H_
#define SUDOKU_SOLVER_H_

#include "sudoku/grid.h"

namespace sudoku {

// Counts the solutions of `puzzle`, stopping as soon as `limit` have been found, and returns
// min(true count, limit). Uniqueness is CountSolutions(p, 2) == 1.
// If `solution` is not null and at least one solution exists, the first one found is written
// there; otherwise *solution is left unspecified.
// REQUIRES: limit >= 1.
int CountSolutions(const Grid& puzzle, int limit, Grid* solution = nullptr);

// True iff `puzzle` has at least one solution whose cell `cell` holds a digit other than
// `digit`. The digger uses this with the known solution: when the puzzle without a given has no
// solution that differs from the known one at that cell, the removal keeps the puzzle unique.
// REQUIRES: 0 <= cell < 81, 1 <= digit <= 9, puzzle[cell] == 0.
bool HasSolutionAvoiding(const Grid& puzzle, int cell, int digit);

}  // namespace sudoku

#endif  // SUDOKU_SOLVER_H_
