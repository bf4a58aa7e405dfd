// Digging: stage 3 of the pipeline. Empties cells of a finished grid, keeping each removal
// only when the puzzle stays unique, so every result has exactly one solution (the grid it was
// dug from).
//
// Cells are removed one at a time in random order, or in symmetric orbits (a removal empties
// every cell of the orbit, and is kept only if the puzzle stays unique), or row by row
// (`DigOrder::kPerRow`: the same share of every row).
//
// Deterministic in the Rng; allocation-free; thread-safe.
#ifndef SUDOKU_CORE_DIGGER_H_
#define SUDOKU_CORE_DIGGER_H_

#include <array>
#include <optional>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku {

// Symmetry of the pattern of givens. The orbit of cell (r, c):
//   none          {(r, c)}
//   rot180        {(r, c), (8-r, 8-c)}
//   rot90         the four rotations of (r, c) by 90 degrees about the centre
//   mirror        {(r, c), (r, 8-c)}        (left-right)
//   flip          {(r, c), (8-r, c)}        (top-bottom)
//   diagonal      {(r, c), (c, r)}          (main diagonal)
//   antidiagonal  {(r, c), (8-c, 8-r)}
enum class Symmetry : uint8_t { kNone, kRot180, kRot90, kMirror, kFlip, kDiagonal, kAntidiagonal };
inline constexpr int kSymmetryCount = 7;

// "none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal" (static strings).
std::string_view SymmetryName(Symmetry symmetry);
std::optional<Symmetry> ParseSymmetry(std::string_view name);  // "random" is not a Symmetry

// True iff the givens of `puzzle` (which cells are non-empty, not their digits) are invariant
// under `symmetry`.
bool HasSymmetry(const Grid& puzzle, Symmetry symmetry);

// The order in which cells are tried.
enum class DigOrder : uint8_t {
  kRandom,  // all cells (orbits) in one random order (default)
  kPerRow,  // the same share of every row: see DigUniquePuzzle
  // Berthier's controlled-bias digging (controlled_bias.h): random order, restarting whenever a
  // deletion breaks uniqueness. Made by GeneratePuzzle, never by DigUniquePuzzle.
  kControlledBias,
};
// Every order, in the order above.
inline constexpr std::array<DigOrder, 3> kDigOrders = {DigOrder::kRandom, DigOrder::kPerRow,
                                                       DigOrder::kControlledBias};
// "random", "per-row", "controlled-bias" (static strings)
std::string_view DigOrderName(DigOrder order);
std::optional<DigOrder> ParseDigOrder(std::string_view name);

struct DigOptions {
  int min_clues = 17;    // lowest clue count accepted. Default: 17 (no unique puzzle has fewer)
  int max_clues = 80;    // highest clue count accepted. Default: 80 (one empty cell)
  bool minimal = false;  // dig until no clue (orbit) can go. Default: false
  Symmetry symmetry = Symmetry::kNone;  // orbits emptied together. Default: none
  DigOrder order = DigOrder::kRandom;   // Default: random
};

// Digs `solution` (REQUIRES: IsCompleteValidGrid(solution)) into `*puzzle`.
// Without `minimal`: picks a target clue count uniformly in [min_clues, max_clues] and removes
// orbits in random order until the count is at most the target or every orbit has been tried.
// A removal that would go below min_clues is skipped. Single cells stop exactly at the target;
// orbits of 2 or 4 cells may step past it (staying in the band), as it may be out of their reach.
// With `minimal`: tries every orbit once in random order; no orbit of givens can then be
// removed without losing uniqueness (with Symmetry::kNone the puzzle is minimal).
// With DigOrder::kPerRow: each row is asked for the same number of holes, (81 - target) / 9
// rounded to nearest (with `minimal`: every cell), and the rows are visited round-robin (in a
// random order of the rows, the same every round), each turn trying the row's next cell in a
// random order of its cells, so holes spread evenly. No row gets more than its share, so the
// target may be missed when the rounded shares add up to fewer holes than it asks (by at most
// 4) or when uniqueness stops a row short of its share.
// REQUIRES: symmetry == Symmetry::kNone when order == DigOrder::kPerRow (otherwise the order is
// ignored and orbits go in random order).
// Symmetry::kNone with DigOrder::kRandom is the default and fastest path; for the same Rng state
// it makes the same puzzles as every earlier version of this function.
// Returns true iff the resulting clue count lies in [min_clues, max_clues]; *puzzle is always a
// unique puzzle whose solution is `solution` and whose givens have `symmetry`, even when false
// is returned.
bool DigUniquePuzzle(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle);

}  // namespace sudoku

#endif  // SUDOKU_CORE_DIGGER_H_
