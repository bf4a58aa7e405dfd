// The pencil-mark state of the rater's logical solver (src/core/rate/) and its counts per house.
// Private to src/core (and its tests).
//
// State: for each digit d (0-8) the 81-bit set of empty cells where d is still a candidate, the
// set of empty cells, and the grid of placed digits. Cell sets (board/cell_set.h) are two 64-bit
// words, so a house, the peers of a cell (board/geometry.h) or all candidates of a digit are
// combined with a few word operations. All of this is allocation-free; a State is a value, used
// by one thread at a time.
#ifndef SUDOKU_CORE_RATE_STATE_H_
#define SUDOKU_CORE_RATE_STATE_H_

#include <array>
#include <cstdint>

#include "core/board/cell_set.h"
#include "core/board/geometry.h"
#include "sudoku/core/grid.h"

namespace sudoku::core_internal {

// kSpread[bits]: bit i of 9 bits moved to bit 4 * i (one count per nibble).
constexpr std::array<uint64_t, 512> MakeSpread() {
  std::array<uint64_t, 512> spread{};
  for (int bits = 0; bits < 512; ++bits) {
    for (int i = 0; i < 9; ++i) spread[bits] |= static_cast<uint64_t>((bits >> i) & 1) << (4 * i);
  }
  return spread;
}
inline constexpr std::array<uint64_t, 512> kSpread = MakeSpread();

// The 9-bit rows of `cells` (bit c of row[r]: cell r * 9 + c).
inline void RowsOf(CellSet cells, uint32_t* row) {
  for (int r = 0; r < 7; ++r) row[r] = static_cast<uint32_t>(cells.lo >> (9 * r)) & 0x1FF;
  row[7] = static_cast<uint32_t>((cells.lo >> 63) | (cells.hi << 1)) & 0x1FF;
  row[8] = static_cast<uint32_t>(cells.hi >> 8) & 0x1FF;
}

struct State {
  std::array<CellSet, kDigits> cand;  // cand[d]: empty cells where digit d + 1 may go
  CellSet empty;                      // cells without a placed digit
  Grid grid;                          // givens and placed digits
};

// A count per house of the cells of some set, four bits per house (a count is at most 9):
// house h at bits 4 * (h % 16) of w[h / 16]. Counts of a subset subtract without a borrow
// crossing houses, so one word operation updates every house of a cell.
struct HouseCounts {
  uint64_t w[2] = {0, 0};

  HouseCounts& operator+=(HouseCounts o) {
    w[0] += o.w[0];
    w[1] += o.w[1];
    return *this;
  }
  HouseCounts& operator-=(HouseCounts o) {
    w[0] -= o.w[0];
    w[1] -= o.w[1];
    return *this;
  }
};

// The counts of `cells` per house.
HouseCounts CountPerHouse(CellSet cells);

// Bit h: house h's count in `counts` is at least k. REQUIRES: k >= 2.
uint32_t HousesWithAtLeast(const HouseCounts& counts, int k);

// Candidate masks per cell (bit d: digit d + 1 is a candidate); 0 for filled cells.
using CellMasks = std::array<uint16_t, kCells>;
CellMasks ComputeMasks(const State& s);

// Sets up the pencil marks of `puzzle`: every digit not seen among the cell's peers.
// Returns false if two givens of a house are equal.
bool InitState(const Grid& puzzle, State* s);
// As InitState, for a puzzle known to be valid. REQUIRES: HasNoConflict(puzzle).
void SetUpState(const Grid& puzzle, State* s);

// Places digit d (0-8) at `cell`: the cell leaves every candidate set, d leaves the peers.
// Inline: the singles place digits in their innermost loop.
inline void PlaceDigit(State& s, int cell, int d) {
  s.grid[cell] = static_cast<uint8_t>(d + 1);
  const CellSet keep = ~CellSet::Of(cell);
  s.empty &= keep;
  for (CellSet& set : s.cand) set &= keep;
  s.cand[d] &= ~Peers(cell);
}

// Removes digit d (0-8) from `cells`; true iff a candidate was removed.
inline bool Eliminate(State& s, int d, CellSet cells) {
  const CellSet hit = s.cand[d] & cells;
  s.cand[d] &= ~hit;
  return hit.Any();
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_STATE_H_
