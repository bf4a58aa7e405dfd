#include "sudoku/core/transform.h"

#include <span>

namespace sudoku {
namespace {

// A uniformly random arrangement of the nine lines (rows or columns) that keeps the three groups
// of three (bands or stacks) together: the group order first, then each group's inner order.
std::array<uint8_t, 9> RandomLineOrder(Rng& rng) {
  std::array<uint8_t, 3> groups = {0, 1, 2};
  rng.Shuffle(std::span<uint8_t>(groups));
  std::array<uint8_t, 9> lines{};
  for (int g = 0; g < 3; ++g) {
    std::array<uint8_t, 3> inner = {0, 1, 2};
    rng.Shuffle(std::span<uint8_t>(inner));
    for (int i = 0; i < 3; ++i) lines[3 * g + i] = static_cast<uint8_t>(3 * groups[g] + inner[i]);
  }
  return lines;
}

}  // namespace

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

// Draws, in this order: transpose, row order, column order, digit map. Each part is uniform and
// the parts are independent, so the whole is uniform over the group.
Transform RandomTransform(Rng& rng) {
  Transform t;
  t.transpose = rng.Below(2) == 1;
  t.rows = RandomLineOrder(rng);
  t.cols = RandomLineOrder(rng);
  t.digits = RandomDigitMap(rng);
  return t;
}

Grid ApplyTransform(const Grid& grid, const Transform& t) {
  Grid out;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      const int source = t.transpose ? t.cols[c] * 9 + t.rows[r] : t.rows[r] * 9 + t.cols[c];
      out[r * 9 + c] = t.digits[grid[source]];
    }
  }
  return out;
}

std::string_view TransformKindName(TransformKind kind) {
  switch (kind) {
    case TransformKind::kRelabel:
      return "relabel";
    case TransformKind::kFull:
      return "full";
  }
  return "relabel";
}

std::optional<TransformKind> ParseTransformKind(std::string_view name) {
  if (name == "relabel") return TransformKind::kRelabel;
  if (name == "full") return TransformKind::kFull;
  return std::nullopt;
}

}  // namespace sudoku
