#include "sudoku/transform.h"

namespace sudoku {

DigitMap RandomDigitMap(Rng& rng) {
  DigitMap map = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  rng.Shuffle(std::span<uint8_t>(map.data() + 1, 9));
  return map;
}

Grid RelabelDigits(const Grid& grid, const DigitMap& map) {
  Grid out;
  for (int i = 0; i < kCells; ++i) out[i] = map[grid[i]];
  return out;
}

}  // namespace sudoku
