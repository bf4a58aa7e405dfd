// Brute-force checks of what the generators promise, shared by their tests: a puzzle with one
// solution, and a minimal one (no single given can go). Slow by design: each is the definition,
// not the generators' own shortcuts.
#ifndef SUDOKU_TESTS_PUZZLE_CHECKS_H_
#define SUDOKU_TESTS_PUZZLE_CHECKS_H_

#include "sudoku/core/grid.h"
#include "sudoku/core/solver.h"

namespace sudoku::testing {

inline bool IsUnique(const Grid& puzzle) { return CountSolutions(puzzle, 2) == 1; }

// No single given can go without losing uniqueness (uniqueness itself is not checked).
inline bool NoGivenCanGo(const Grid& puzzle) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    Grid fewer = puzzle;
    fewer[cell] = 0;
    if (IsUnique(fewer)) return false;
  }
  return true;
}

inline bool IsMinimalUnique(const Grid& puzzle) { return IsUnique(puzzle) && NoGivenCanGo(puzzle); }

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_PUZZLE_CHECKS_H_
