#include "sudoku/core/scorer.h"

#include <array>
#include <cstdint>

#include "core/board/bits.h"
#include "core/board/geometry.h"

namespace sudoku {
namespace {

constexpr std::array<ClueClass, 3> kClueClasses = {{
    {"easy", 54, 56},
    {"medium", 41, 46},
    {"hard", 26, 31},
}};

}  // namespace

int TotalFreedom(const Grid& puzzle) {
  using core_internal::kPlaces;
  using core_internal::PopCount;
  std::array<uint16_t, 9> row{}, col{}, box{};
  for (int cell = 0; cell < kCells; ++cell) {
    // Bit v for value v, so bit 0 for an empty cell, masked off below: no branch on which cells
    // are given. Only counted, so not a digit set of board/digits.h: that would cost a shift.
    const uint16_t bit = static_cast<uint16_t>(1u << puzzle[cell]);
    row[kPlaces[cell].row] |= bit;
    col[kPlaces[cell].col] |= bit;
    box[kPlaces[cell].box] |= bit;
  }
  int freedom = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    const auto& p = kPlaces[cell];
    const uint16_t seen = (row[p.row] | col[p.col] | box[p.box]) & 0x3FE;
    freedom += puzzle[cell] == 0 ? 9 - PopCount(seen) : 0;
  }
  return freedom;
}

std::span<const ClueClass> ClueClasses() { return kClueClasses; }

std::optional<ClueClass> FindClueClass(std::string_view name) {
  for (const ClueClass& band : kClueClasses) {
    if (band.name == name) return band;
  }
  return std::nullopt;
}

std::string_view ClueClassOf(int clues) {
  if (clues >= 47) return kClueClasses[0].name;
  if (clues >= 32) return kClueClasses[1].name;
  return kClueClasses[2].name;
}

}  // namespace sudoku
