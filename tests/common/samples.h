// Generated sample puzzles for tests and benchmarks (bench/ includes this header too): grids of
// the default search, dug by the digger, all drawn from the caller's Rng.
#ifndef SUDOKU_TESTS_SAMPLES_H_
#define SUDOKU_TESTS_SAMPLES_H_

#include <vector>

#include "sudoku/core/digger.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rng.h"

namespace sudoku::samples {

// `n` unique puzzles: for each, GenerateGrid(rng), then DigUniquePuzzle with `options` and the
// same rng (a puzzle outside the options' clue band is kept too).
inline std::vector<Grid> DugPuzzles(Rng& rng, int n, const DigOptions& options) {
  std::vector<Grid> puzzles;
  puzzles.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    Grid puzzle;
    DigUniquePuzzle(GenerateGrid(rng), options, rng, &puzzle);
    puzzles.push_back(puzzle);
  }
  return puzzles;
}

}  // namespace sudoku::samples

#endif  // SUDOKU_TESTS_SAMPLES_H_
