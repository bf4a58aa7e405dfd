#include <array>
#include <cstdint>
#include <utility>

#include "core/board/bits.h"
#include "core/board/digits.h"
#include "sudoku/core/grid_generator.h"

namespace sudoku {
namespace {

using core_internal::DigitBit;
using core_internal::Houses;
using core_internal::PopCount;
using core_internal::RandomDigit;

// Completes `grid` depth-first, filling the cells empties[0..count); returns false when the
// current state has no completion. Branches on the empty cell with the fewest candidates and
// tries its digits in random order.
bool Complete(Grid& grid, Houses& houses, std::array<uint8_t, kCells>& empties, int count,
              Rng& rng) {
  if (count == 0) return true;
  int best = 0;
  int best_count = 10;
  for (int i = 0; i < count; ++i) {
    const int candidates = PopCount(houses.Free(empties[i]));
    if (candidates < best_count) {
      best = i;
      best_count = candidates;
      if (candidates <= 1) break;
    }
  }
  std::swap(empties[best], empties[count - 1]);  // the cell leaves the list while it is filled
  const int cell = empties[count - 1];
  for (uint16_t untried = houses.Free(cell); untried != 0;) {
    const int digit = RandomDigit(untried, rng);
    untried &= static_cast<uint16_t>(~DigitBit(digit));
    grid[cell] = static_cast<uint8_t>(digit);
    houses.Toggle(cell, digit);
    if (Complete(grid, houses, empties, count - 1, rng)) return true;
    houses.Toggle(cell, digit);
  }
  grid[cell] = 0;
  return false;
}

void FillDiagonalBoxes(Grid& grid, Houses& houses, Rng& rng) {
  for (int box : {0, 4, 8}) {
    std::array<uint8_t, 9> digits = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    rng.Shuffle(std::span<uint8_t>(digits));
    for (int k = 0; k < 9; ++k) {
      const int cell = (box / 3) * 27 + (box % 3) * 3 + (k / 3) * 9 + k % 3;
      grid[cell] = digits[k];
      houses.Toggle(cell, digits[k]);
    }
  }
}

}  // namespace

Grid GenerateGrid(Rng& rng) {
  Grid grid;
  Houses houses;
  std::array<uint8_t, kCells> empties;
  int count = 0;
  do {
    grid = Grid();
    houses = Houses();
    FillDiagonalBoxes(grid, houses, rng);
    count = 0;
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] == 0) empties[count++] = static_cast<uint8_t>(cell);
    }
    // Every filling of the three diagonal boxes is known to extend to a full grid, so this
    // loop runs once; it stays a loop so that the function is correct without that fact.
  } while (!Complete(grid, houses, empties, count, rng));
  return grid;
}

}  // namespace sudoku
