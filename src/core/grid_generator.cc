#include "sudoku/grid_generator.h"

#include <bit>
#include <cstdint>

namespace sudoku {
namespace {

constexpr uint16_t kAllDigits = 0x3FE;  // bits 1-9

// Row, column and box digit sets of a partly filled grid.
struct Houses {
  std::array<uint16_t, 9> row{}, col{}, box{};

  uint16_t Free(int cell) const {
    return kAllDigits & ~(row[RowOf(cell)] | col[ColOf(cell)] | box[BoxOf(cell)]);
  }
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    row[RowOf(cell)] ^= bit;
    col[ColOf(cell)] ^= bit;
    box[BoxOf(cell)] ^= bit;
  }
};

// Completes `grid` depth-first; returns false when the current state has no completion.
bool Complete(Grid& grid, Houses& houses, Rng& rng) {
  int best = -1;
  int best_count = 10;
  for (int cell = 0; cell < kCells; ++cell) {
    if (grid[cell] != 0) continue;
    const int count = std::popcount(houses.Free(cell));
    if (count < best_count) {
      best = cell;
      best_count = count;
      if (count <= 1) break;
    }
  }
  if (best < 0) return true;  // full
  uint16_t free = houses.Free(best);
  std::array<uint8_t, 9> digits{};
  int n = 0;
  for (; free != 0; free &= free - 1) digits[n++] = static_cast<uint8_t>(std::countr_zero(free));
  rng.Shuffle(std::span<uint8_t>(digits.data(), n));
  for (int i = 0; i < n; ++i) {
    grid[best] = digits[i];
    houses.Toggle(best, digits[i]);
    if (Complete(grid, houses, rng)) return true;
    houses.Toggle(best, digits[i]);
  }
  grid[best] = 0;
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
  do {
    grid = Grid();
    houses = Houses();
    FillDiagonalBoxes(grid, houses, rng);
    // Every filling of the three diagonal boxes is known to extend to a full grid, so this
    // loop runs once; it stays a loop so that the function is correct without that fact.
  } while (!Complete(grid, houses, rng));
  return grid;
}

}  // namespace sudoku
