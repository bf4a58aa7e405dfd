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
#ifndef SUDOKU_CORE_SOLVER_H_
#define SUDOKU_CORE_SOLVER_H_

#include <cstdint>
#include <span>

#include "sudoku/core/grid.h"

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

// The solver's candidate state; its layout is described in solve/solver.cc and means nothing outside.
struct SolverState {
  alignas(32) uint32_t f[28];  // per digit and band: the cells of the band where it may go
  uint32_t unsolved[4];        // per band: the cells not yet fixed to a digit
};

// What the givens of one puzzle (the base) force, deduced once and then shared by
// HasSolutionAvoiding questions about puzzles that hold every given of the base and more. The
// digger asks about each cell of a block of cells it tries in turn: every puzzle it asks about
// holds the givens left when the whole block is emptied, so deductions from those serve every
// question of the block, and a question then costs about what one search step does.
// A value type; const members are thread-safe.
class Deductions {
 public:
  // Deduces, without searching, what the givens of `base` force (the solver's propagation).
  // Returns false when they contradict each other; the object must then not be used.
  bool Deduce(const Grid& base);

  // True iff the deductions fix `cell`: it is a given of the base, or every solution of every
  // puzzle holding the base's givens has one same digit there.
  bool Fixes(int cell) const;

  // The answer of HasSolutionAvoiding(puzzle, cell, digit), started from the deductions.
  // REQUIRES: every given of the base that Deduce saw is a given of `puzzle` with the same digit;
  // `added` lists every other given of `puzzle` (givens of the base may be listed too);
  // puzzle[cell] == 0; 1 <= digit <= 9.
  bool HasSolutionAvoiding(const Grid& puzzle, std::span<const uint8_t> added, int cell,
                           int digit) const;

 private:
  SolverState state_{};
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_SOLVER_H_
