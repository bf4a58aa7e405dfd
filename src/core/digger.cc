#include "sudoku/digger.h"

#include <array>
#include <bit>
#include <cstdint>
#include <numeric>

#include "sudoku/solver.h"

namespace sudoku {
namespace {

// Digit sets of the givens in each house, kept in step with the puzzle while digging.
class HouseDigits {
 public:
  explicit HouseDigits(const Grid& grid) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] != 0) Toggle(cell, grid[cell]);
    }
  }
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    row_[RowOf(cell)] ^= bit;
    col_[ColOf(cell)] ^= bit;
    box_[BoxOf(cell)] ^= bit;
  }
  // True when the givens seen by `cell` hold all eight digits other than its own: the cell is
  // then a naked single, so emptying it cannot add a solution.
  bool IsNakedSingle(int cell) const {
    const uint16_t seen = row_[RowOf(cell)] | col_[ColOf(cell)] | box_[BoxOf(cell)];
    return std::popcount(static_cast<uint16_t>(seen & 0x3FE)) == 8;
  }

 private:
  std::array<uint16_t, 9> row_{}, col_{}, box_{};
};

}  // namespace

bool DigUniquePuzzle(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle) {
  *puzzle = solution;
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  rng.Shuffle(std::span<uint8_t>(order));

  const int target = options.minimal
                         ? 0
                         : options.min_clues + static_cast<int>(rng.Below(static_cast<uint32_t>(
                                                   options.max_clues - options.min_clues + 1)));
  HouseDigits houses(*puzzle);
  int clues = kCells;
  for (int i = 0; i < kCells && clues > target; ++i) {
    const int cell = order[i];
    const int digit = solution[cell];
    (*puzzle)[cell] = 0;
    houses.Toggle(cell, digit);
    if (houses.IsNakedSingle(cell) || !HasSolutionAvoiding(*puzzle, cell, digit)) {
      --clues;  // still unique: keep the removal
    } else {
      (*puzzle)[cell] = static_cast<uint8_t>(digit);
      houses.Toggle(cell, digit);
    }
  }
  return clues >= options.min_clues && clues <= options.max_clues;
}

}  // namespace sudoku
