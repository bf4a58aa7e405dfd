// Validity-preserving transforms of grids and puzzles: stage 2 of the pipeline.
// Pure functions of their inputs and the Rng; thread-safe.
#ifndef SUDOKU_TRANSFORM_H_
#define SUDOKU_TRANSFORM_H_

#include <array>

#include "sudoku/grid.h"
#include "sudoku/rng.h"

namespace sudoku {

// A permutation of the digits: digit d becomes map[d] (map[0] == 0 keeps empty cells empty).
using DigitMap = std::array<uint8_t, 10>;

// A uniformly random permutation of 1-9.
DigitMap RandomDigitMap(Rng& rng);

// Applies `map` to every cell. A valid grid stays valid; a puzzle keeps its solution count.
Grid RelabelDigits(const Grid& grid, const DigitMap& map);

}  // namespace sudoku

#endif  // SUDOKU_TRANSFORM_H_
