// Finished-grid generation: stage 1 of the pipeline, by one of several methods (docs/spec.md: the
// default fast search, and the original programs' methods kept so users can compare them).
//
//   search        fills boxes 1, 5 and 9 (independent of each other) with random permutations,
//                 then completes the grid by a depth-first search that branches on the cell with
//                 the fewest candidates and tries digits in random order (the default).
//   digit-rows    places digit 1 in every row (a random free column that keeps its column and
//                 box free), then 2, and so on, backtracking when a digit finds no place
//                 (starting the grid again after 1,000 backtracks, about 1 grid in 40).
//   box-fill      fills box by box, each cell a random digit its row, column and box allow;
//                 starts the whole grid again on a dead end. About 340 passes per grid: by far
//                 the slowest method (tens of times slower than search).
//   pattern       a shifted base pattern (each row the previous shifted by 3, bands by 1), then
//                 swaps of cell triples with equal digit sets (see grids/methods.cc), random row
//                 swaps within bands and column swaps within stacks; reaches few essentially
//                 different grids.
//   random-clues  puts 11 random digits on random cells (no two in conflict) and takes the
//                 solver's first completion; tries again when there is none. Which completion is
//                 first depends on the solver's search order, so a solver change may change
//                 these grids (solver.h does not promise the order).
//
// Deterministic in the Rng: the same engine state gives the same grid. Thread-safe (no shared
// state). Not promised: uniformity over all 6.67e21 grids (no method here is uniform).
#ifndef SUDOKU_CORE_GRID_GENERATOR_H_
#define SUDOKU_CORE_GRID_GENERATOR_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku {

enum class GridMethod : uint8_t { kSearch, kDigitRows, kBoxFill, kPattern, kRandomClues };

// Every method, in the order above.
inline constexpr std::array<GridMethod, 5> kGridMethods = {
    GridMethod::kSearch, GridMethod::kDigitRows, GridMethod::kBoxFill, GridMethod::kPattern,
    GridMethod::kRandomClues};

// "search", "digit-rows", "box-fill", "pattern", "random-clues" (static strings).
std::string_view GridMethodName(GridMethod method);
std::optional<GridMethod> ParseGridMethod(std::string_view name);

// Returns a complete valid grid (IsCompleteValidGrid holds) made by `method`. Allocation-free.
Grid GenerateGrid(GridMethod method, Rng& rng);

// The default method: GenerateGrid(GridMethod::kSearch, rng).
Grid GenerateGrid(Rng& rng);

}  // namespace sudoku

#endif  // SUDOKU_CORE_GRID_GENERATOR_H_
