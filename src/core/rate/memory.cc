// The Work (work.h), computed from scratch or brought up to date incrementally, and
// the memory between steps: the scans that let finders skip what cannot have changed since they
// last failed.
#include "core/rate/memory.h"

#include <algorithm>
#include <array>
#include <climits>
#include <iterator>

#include "core/board/bits.h"
#include "core/board/digits.h"

namespace sudoku::core_internal {
namespace {

// Removes from w the candidate d of `cell`: in each of its houses d goes from `before`
// positions to one fewer.
inline void DropCandidate(int cell, int d, Work* w) {
  w->masks[cell] = static_cast<uint16_t>(w->masks[cell] & ~(1u << d));
  const HousePlace& place = kHousePlaces[cell];
  const uint16_t bit = static_cast<uint16_t>(1u << d);
  for (int i = 0; i < 3; ++i) {
    const int h = place.house[i];
    const int before = PopCount(w->where[h][d]);
    w->where[h][d] &= static_cast<uint16_t>(~(1u << place.position[i]));
    w->digits_with_count[h][before] &= static_cast<uint16_t>(~bit);
    w->digits_with_count[h][before - 1] |= bit;
    w->houses_with_count[d][before] &= ~(1u << h);
    w->houses_with_count[d][before - 1] |= 1u << h;
  }
}

// The positions of digit d in every house (Work::where), from the 9-bit rows of its cell set:
// a box takes three bits of each of its three rows. A column takes one bit of each row: the
// rows spread to a nibble per column give rows 0-3 in one word's nibbles, rows 4-7 in
// another's, without a branch per bit.
void ComputeWhere(CellSet cand, int d, Work* w) {
  uint32_t row[9];
  RowsOf(cand, row);
  uint64_t top = 0, middle = 0;
  for (int r = 0; r < 4; ++r) {
    top |= kSpread[row[r]] << r;
    middle |= kSpread[row[r + 4]] << r;
  }
  const uint64_t bottom = kSpread[row[8]];
  // Unrolled: the loops' index arithmetic cost more than their work.
#pragma GCC unroll 9
  for (int r = 0; r < 9; ++r) w->where[r][d] = static_cast<uint16_t>(row[r]);
#pragma GCC unroll 9
  for (int c = 0; c < 9; ++c) {
    w->where[9 + c][d] =
        static_cast<uint16_t>(((top >> (4 * c)) & 0xF) | ((middle >> (4 * c)) & 0xF) << 4 |
                              ((bottom >> (4 * c)) & 1) << 8);
  }
#pragma GCC unroll 9
  for (int b = 0; b < 9; ++b) {
    const int r = 3 * (b / 3), shift = 3 * (b % 3);
    w->where[18 + b][d] =
        static_cast<uint16_t>(((row[r] >> shift) & 7) | ((row[r + 1] >> shift) & 7) << 3 |
                              ((row[r + 2] >> shift) & 7) << 6);
  }
}

// with_count[2-4] from the candidate sets, counted bit-sliced (bit i of a cell's count is its
// bit in plane[i]; the count is at most 9) instead of cell by cell.
void CountCandidates(const State& s, Work* w) {
  uint64_t plane[2][4] = {};  // [word][bit]
  for (const CellSet& set : s.cand) {
    const uint64_t words[2] = {set.lo, set.hi};
    for (int i = 0; i < 2; ++i) {
      uint64_t carry = words[i];
      for (int b = 0; b < 3; ++b) {
        const uint64_t next = plane[i][b] & carry;
        plane[i][b] ^= carry;
        carry = next;
      }
      plane[i][3] |= carry;
    }
  }
  for (int k = 2; k <= 4; ++k) {
    uint64_t words[2];
    for (int i = 0; i < 2; ++i) {
      words[i] = ~plane[i][3];
      for (int b = 0; b < 3; ++b) words[i] &= (k >> b) & 1 ? plane[i][b] : ~plane[i][b];
    }
    w->with_count[k] = {words[0], words[1] & CellSet::kHiMask};
  }
}

void FillPairsChanged(const Work& w, CellSet changed, Scan* scan) {
  for (int x = 0; x < kDigits; ++x) {
    scan->pairs_changed[x] = scan->DigitTouched(x) ? kAllDigits : scan->digits;
  }
  changed.ForEach([&](int cell) {
    const uint16_t mask = w.masks[cell];
    if (PopCount(mask) != 2) return;
    const int x = std::countr_zero(mask);
    const int y = std::countr_zero(static_cast<unsigned>(mask & (mask - 1)));
    scan->pairs_changed[x] |= static_cast<uint16_t>(1u << y);
    scan->pairs_changed[y] |= static_cast<uint16_t>(1u << x);
  });
}

}  // namespace

void ComputeWork(const State& s, Work* w) {
  w->masks = ComputeMasks(s);
  w->empty_per_house = CountPerHouse(s.empty);
  CountCandidates(s, w);
  w->bivalue = w->with_count[2];
  for (int d = 0; d < kDigits; ++d) ComputeWhere(s.cand[d], d, w);
  for (auto& houses : w->houses_with_count) std::fill(std::begin(houses), std::end(houses), 0u);
  for (int h = 0; h < kHouses; ++h) {
    const uint16_t* where = w->where[h];
    uint16_t* digits = w->digits_with_count[h];
    std::fill(digits, digits + kDigits + 1, uint16_t{0});
#pragma GCC unroll 9
    for (int d = 0; d < kDigits; ++d) {
      const int count = PopCount(where[d]);
      digits[count] |= static_cast<uint16_t>(1u << d);
      w->houses_with_count[d][count] |= 1u << h;
    }
  }
}

void UpdateWork(const State& s, Memory* m) {
  Work& w = m->work;
  Change& change = m->changes[++m->round % Memory::kRounds];
  change = Change{};
  if (!m->work_valid) {  // no finder has searched before this round
    ComputeWork(s, &w);
    m->work_cand = s.cand;
    m->work_valid = true;
    return;
  }
  for (int d = 0; d < kDigits; ++d) {
    const CellSet removed = m->work_cand[d] & ~s.cand[d];
    if (removed.Empty()) continue;
    change.digits |= static_cast<uint16_t>(1u << d);
    removed.ForEach([&](int cell) {
      DropCandidate(cell, d, &w);
      change.digit_houses[d] |= HousesOf(cell);
    });
    change.cells |= removed;
    change.houses |= change.digit_houses[d];
  }
  for (int k = 2; k <= 4; ++k) w.with_count[k] &= ~change.cells;
  change.cells.ForEach([&](int cell) {
    const int count = PopCount(w.masks[cell]);
    if (count >= 2 && count <= 4) w.with_count[count].Set(cell);
  });
  w.bivalue = w.with_count[2];
  w.empty_per_house = CountPerHouse(s.empty);
  m->work_cand = s.cand;
}

Scan BeginScan(const Memory& m, int needs, FinderMemory* finder) {
  Scan scan;
  scan.clean = finder->clean;
  const int since = finder->round;
  finder->round = m.round;
  if (scan.clean == 0) return scan;
  if (since < 0 || m.round - since > Memory::kRounds) {  // changes no longer kept
    scan.clean = 0;
    return scan;
  }
  CellSet changed;
  for (int r = since + 1; r <= m.round; ++r) {
    const Change& change = m.changes[r % Memory::kRounds];
    scan.digits |= change.digits;
    scan.houses |= change.houses;
    changed |= change.cells;
    if (!(needs & kNeedsDigitHouses)) continue;
    // Every digit (an untouched one's houses are 0): no branch per digit, and vector words.
    for (int d = 0; d < kDigits; ++d) scan.digit_houses[d] |= change.digit_houses[d];
  }
  if (needs & kNeedsNear) {
    scan.changed = changed;
    scan.near = changed;
    changed.ForEach([&](int cell) { scan.near |= Peers(cell); });
  }
  if (needs & kNeedsPairs) FillPairsChanged(m.work, changed, &scan);
  return scan;
}

void EndScan(const Scan& scan, bool progress, FinderMemory* finder) {
  finder->clean = progress ? scan.found : INT_MAX;
}

}  // namespace sudoku::core_internal
