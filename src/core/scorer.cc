#include "sudoku/scorer.h"

#include <array>
#include <bit>
#include <cstdint>

namespace sudoku {
namespace {

constexpr std::array<LevelBand, 3> kLevels = {{
    {"easy", 54, 56},
    {"medium", 41, 46},
    {"hard", 26, 31},
}};

}  // namespace

int TotalFreedom(const Grid& puzzle) {
  std::array<uint16_t, 9> row{}, col{}, box{};
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    const uint16_t bit = static_cast<uint16_t>(1u << puzzle[cell]);
    row[RowOf(cell)] |= bit;
    col[ColOf(cell)] |= bit;
    box[BoxOf(cell)] |= bit;
  }
  int freedom = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] != 0) continue;
    const uint16_t seen = (row[RowOf(cell)] | col[ColOf(cell)] | box[BoxOf(cell)]) & 0x3FE;
    freedom += 9 - std::popcount(seen);
  }
  return freedom;
}

std::span<const LevelBand> Levels() { return kLevels; }

std::optional<LevelBand> FindLevel(std::string_view name) {
  for (const LevelBand& band : kLevels) {
    if (band.name == name) return band;
  }
  return std::nullopt;
}

std::string_view ClassifyLevel(int clues) {
  if (clues >= 47) return kLevels[0].name;
  if (clues >= 32) return kLevels[1].name;
  return kLevels[2].name;
}

}  // namespace sudoku
