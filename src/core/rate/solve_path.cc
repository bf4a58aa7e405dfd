// The solving path (solve_path.h): its notation, and its steps read off the pencil marks
// (path_recorder.h).
#include "sudoku/core/solve_path.h"

#include <array>
#include <string>

#include "core/board/cell_set.h"
#include "core/board/geometry.h"
#include "core/rate/path_recorder.h"
#include "core/rate/state.h"

namespace sudoku {
namespace {

// "r4c6" and the digit after `op`.
std::string FormatCellDigit(CellDigit x, const char* op) {
  std::string out = {'r', static_cast<char>('1' + x.cell / 9), 'c',
                     static_cast<char>('1' + x.cell % 9)};
  out += op;
  out += static_cast<char>('0' + x.digit);
  return out;
}

}  // namespace

std::string FormatPlacement(CellDigit placement) { return FormatCellDigit(placement, "="); }

std::string FormatRemoval(CellDigit removal) { return FormatCellDigit(removal, "<>"); }

namespace core_internal {

void AppendPathStep(const State& before, const State& after, Technique technique, int rating,
                    SolvePath* path) {
  PathStep& step = path->steps.emplace_back();
  step.technique = technique;
  step.rating = rating;
  // A placed digit leaves its peers: those removals are the placement's, not the step's.
  std::array<CellSet, kDigits> implied{};
  const CellSet placed = before.empty & ~after.empty;
  placed.ForEach([&](int cell) {
    const int digit = after.grid[cell];
    step.placements.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(digit)});
    implied[digit - 1] |= Peers(cell);
  });
  std::array<CellSet, kDigits> removed;
  CellSet touched;
  for (int d = 0; d < kDigits; ++d) {
    removed[d] = before.cand[d] & ~after.cand[d] & after.empty & ~implied[d];
    touched |= removed[d];
  }
  touched.ForEach([&](int cell) {
    for (int d = 0; d < kDigits; ++d) {
      if (removed[d].Has(cell)) {
        step.removals.push_back({static_cast<uint8_t>(cell), static_cast<uint8_t>(d + 1)});
      }
    }
  });
}

}  // namespace core_internal
}  // namespace sudoku
