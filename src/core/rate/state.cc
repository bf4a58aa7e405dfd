// The pencil-mark state (state.h): setting it up from a puzzle, candidate masks, counts per house.
#include "core/rate/state.h"

#include <array>
#include <cstdint>

#include "core/board/bits.h"

namespace sudoku::core_internal {
namespace {

constexpr uint64_t kNibbleOnes = 0x1111111111111111;

}  // namespace

CellMasks ComputeMasks(const State& s) {
  CellMasks masks{};
  for (int d = 0; d < kDigits; ++d) {
    const uint16_t bit = static_cast<uint16_t>(1u << d);
    s.cand[d].ForEach([&](int cell) { masks[cell] |= bit; });
  }
  return masks;
}

bool InitState(const Grid& puzzle, State* s) {
  if (!HasNoConflict(puzzle)) return false;
  SetUpState(puzzle, s);
  return true;
}

// What placing every given leaves, in one pass: a digit's candidates are the empty cells that
// see no given of it.
void SetUpState(const Grid& puzzle, State* s) {
  s->grid = puzzle;
  // seen[v]: cells seeing a given v (seen[0] collects the empty cells' peers, unused): no
  // branch on which cells are given.
  std::array<CellSet, kDigits + 1> seen{};
  uint64_t given[2] = {0, 0};
  for (int cell = 0; cell < kCells; ++cell) {
    seen[puzzle[cell]] |= Peers(cell);
    given[cell >> 6] |= static_cast<uint64_t>(puzzle[cell] != 0) << (cell & 63);
  }
  s->empty = ~CellSet{given[0], given[1]};
  for (int d = 0; d < kDigits; ++d) s->cand[d] = s->empty & ~seen[d + 1];
}

// From the 9-bit rows of `cells`: a row's count is its popcount, a column's the sum of the rows
// spread to one nibble per column, a box's the sum of three adjacent nibbles of its band's sum.
HouseCounts CountPerHouse(CellSet cells) {
  uint32_t row[9];
  RowsOf(cells, row);
  HouseCounts counts;
  uint64_t columns = 0;
  for (int band = 0; band < 3; ++band) {
    uint64_t sum = 0;  // nibble c: the band's cells in column c
    for (int r = 3 * band; r < 3 * band + 3; ++r) {
      counts.w[0] |= static_cast<uint64_t>(PopCount(row[r])) << (4 * r);
      sum += kSpread[row[r]];
    }
    columns += sum;
    const uint64_t boxes = sum + (sum >> 4) + (sum >> 8);  // nibbles 0, 3, 6: the band's boxes
    const uint64_t packed = (boxes & 0xF) | ((boxes >> 8) & 0xF0) | ((boxes >> 16) & 0xF00);
    counts.w[1] |= packed << (4 * (2 + 3 * band));  // boxes are houses 18-26
  }
  counts.w[0] |= columns << 36;  // columns are houses 9-17
  counts.w[1] |= columns >> 28;
  return counts;
}

namespace {

// Bit i of the result: bit 4 * i + 3 of `flags` (the flag of nibble i), i < 16.
uint32_t NibbleFlagsToBits(uint64_t flags) {
  uint64_t x = (flags >> 3) & kNibbleOnes;
  x = (x | x >> 3) & 0x0303030303030303;
  x = (x | x >> 6) & 0x000F000F000F000F;
  x = (x | x >> 12) & 0x000000FF000000FF;
  return static_cast<uint32_t>((x | x >> 24) & 0xFFFF);
}

}  // namespace

// Per nibble (a count of 0-9): count + 8 - k reaches 8 iff count >= k, for k <= 8 without a
// carry out of the nibble; k = 9 is a count with bits 3 and 0.
uint32_t HousesWithAtLeast(const HouseCounts& counts, int k) {
  if (k > 9) return 0;
  uint64_t flags[2];
  for (int i = 0; i < 2; ++i) {
    const uint64_t x = counts.w[i];
    flags[i] = (k <= 8 ? x + (8 - k) * kNibbleOnes : x & (x << 3)) & (8 * kNibbleOnes);
  }
  return NibbleFlagsToBits(flags[0]) | NibbleFlagsToBits(flags[1]) << 16;
}

}  // namespace sudoku::core_internal
