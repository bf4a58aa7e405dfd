// Controlled-bias digging (Berthier 2009): a digger whose bias is known exactly, so that weights
// remove it and statistics of its puzzles hold for all minimal puzzles.
//
// One try: delete the clues of a start puzzle (by default the whole grid) in a uniformly random
// order; at the first deletion that leaves more than one solution the try stops, and the puzzle
// just before it is output iff it is minimal. A minimal puzzle P whose clues lie in the start's
// (N clues) comes out of one try exactly when the first N - n deletions are its holes, with
// probability 1 / C(N, n) for n = clues of P: the same for every minimal puzzle with n clues.
// Weighting an output by C(81, n) therefore gives unbiased estimates over the minimal puzzles
// of the grids the digger is given (sudoku/stats/unbiased.h).
//
// Speed (what a try does, all exact): the order is drawn lazily, only as far as the try goes;
// the grid's small unavoidable sets bound the breaking point from above without the solver
// (the first deletion that empties one breaks uniqueness). Most tries end at a given that can
// go, and that can be shown on the puzzle just before the bound whether or not the bound is the
// breaking point, so those checks come first: givens alone in a set must stay, the others share
// one deduction (a given it fixes can go) and a few solver questions; only then is uniqueness
// asked, and bisection used (uniqueness is monotone along the order) when the bound was not the
// breaking point. A digger serves many tries of one grid, so the sets are made once.
// docs/statistics.md has the measurements.
//
// Not thread-safe (one digger per thread or item); deterministic in the Rng; no allocation after
// construction.
#ifndef SUDOKU_CORE_CONTROLLED_BIAS_H_
#define SUDOKU_CORE_CONTROLLED_BIAS_H_

#include <cstdint>
#include <memory>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku {

// What the tries cost: counters a benchmark and a run summary report.
struct ControlledBiasCounts {
  int64_t tries = 0;         // tries made
  int64_t found = 0;         // tries that ended at a minimal puzzle
  int64_t grids = 0;         // grids (start puzzles) the tries were made on
  int64_t solver_calls = 0;  // searches: uniqueness counts and single-clue questions
  int64_t deductions = 0;    // shared deductions (Deductions::Deduce), each a fraction of a search

  ControlledBiasCounts& operator+=(const ControlledBiasCounts& o) {
    tries += o.tries;
    found += o.found;
    grids += o.grids;
    solver_calls += o.solver_calls;
    deductions += o.deductions;
    return *this;
  }
};

// The digger of one grid: tries on it, one at a time.
class ControlledBiasDigger {
 public:
  // Tries delete the givens of `start` (default: every cell of `solution`).
  // REQUIRES: IsCompleteValidGrid(solution); AgreesWith(start, solution); `start` is unique.
  explicit ControlledBiasDigger(const Grid& solution);
  ControlledBiasDigger(const Grid& solution, const Grid& start);
  ~ControlledBiasDigger();
  ControlledBiasDigger(const ControlledBiasDigger&) = delete;
  ControlledBiasDigger& operator=(const ControlledBiasDigger&) = delete;

  // One try. Returns true and writes the minimal puzzle to *puzzle when the try ends at one;
  // false otherwise (*puzzle is then unspecified).
  bool Try(Rng& rng, Grid* puzzle);

  // Counts since construction (grids is 1).
  const ControlledBiasCounts& counts() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Up to `max_tries` tries on `solution`, stopping at the first that ends at a minimal puzzle
// (written to *puzzle; returns true). Adds what the tries cost to *counts (may be null).
// REQUIRES: IsCompleteValidGrid(solution), max_tries >= 1.
bool DigControlledBias(const Grid& solution, int64_t max_tries, Rng& rng, Grid* puzzle,
                       ControlledBiasCounts* counts);

}  // namespace sudoku

#endif  // SUDOKU_CORE_CONTROLLED_BIAS_H_
