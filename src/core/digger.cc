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

  // True when `digit` has no other place than `cell` in one of the cell's houses, given the
  // givens of `puzzle` (where `cell` is empty): the cell is then a hidden single.
  bool IsHiddenSingle(const Grid& puzzle, int cell, int digit) const {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    const int row = RowOf(cell), col = ColOf(cell);
    const int box_first = (row / 3) * 27 + (col / 3) * 3;
    bool row_only = true, col_only = true, box_only = true;
    for (int k = 0; k < 9; ++k) {
      row_only = row_only && !CanHold(puzzle, row * 9 + k, cell, bit);
      col_only = col_only && !CanHold(puzzle, k * 9 + col, cell, bit);
      box_only = box_only && !CanHold(puzzle, box_first + (k / 3) * 9 + k % 3, cell, bit);
    }
    return row_only || col_only || box_only;
  }

 private:
  // True when `other` (not `cell`) is empty and its houses' givens do not show `bit`.
  bool CanHold(const Grid& puzzle, int other, int cell, uint16_t bit) const {
    return other != cell && puzzle[other] == 0 &&
           ((row_[RowOf(other)] | col_[ColOf(other)] | box_[BoxOf(other)]) & bit) == 0;
  }
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
    if (houses.IsNakedSingle(cell) || houses.IsHiddenSingle(*puzzle, cell, digit) ||
        !HasSolutionAvoiding(*puzzle, cell, digit)) {
      --clues;  // still unique: keep the removal
    } else {
      (*puzzle)[cell] = static_cast<uint8_t>(digit);
      houses.Toggle(cell, digit);
    }
  }
  return clues >= options.min_clues && clues <= options.max_clues;
}

}  // namespace sudoku
