// Memory between the steps of one solve (logic_internal.h): the incrementally updated Work and
// the scans that let finders skip what cannot have changed since they last failed.
#include <climits>

#include "logic_internal.h"

namespace sudoku::logic {
namespace {

// Position of each cell in its row, column and box (bit i of Work::where: house_cells[h][i]).
constexpr int PositionInBox(int cell) { return (RowOf(cell) % 3) * 3 + ColOf(cell) % 3; }

// Removes position `pos` of digit d in house h from w: d goes from `before` positions to one
// fewer.
void DropPosition(int h, int d, int pos, Work* w) {
  const int before = std::popcount(w->where[h][d]);
  w->where[h][d] &= static_cast<uint16_t>(~(1u << pos));
  const uint16_t bit = static_cast<uint16_t>(1u << d);
  w->digits_with_count[h][before] &= static_cast<uint16_t>(~bit);
  w->digits_with_count[h][before - 1] |= bit;
  w->houses_with_count[d][before] &= ~(1u << h);
  w->houses_with_count[d][before - 1] |= 1u << h;
}

// Removes from w the candidate d of `cell`.
void DropCandidate(int cell, int d, Work* w) {
  w->masks[cell] = static_cast<uint16_t>(w->masks[cell] & ~(1u << d));
  DropPosition(RowHouse(cell), d, ColOf(cell), w);
  DropPosition(ColHouse(cell), d, RowOf(cell), w);
  DropPosition(BoxHouse(cell), d, PositionInBox(cell), w);
}

void FillPairsChanged(const Work& w, CellSet changed, Scan* scan) {
  for (int x = 0; x < kDigits; ++x) {
    scan->pairs_changed[x] = scan->DigitTouched(x) ? uint16_t{0x1ff} : scan->digits;
  }
  changed.ForEach([&](int cell) {
    const uint16_t mask = w.masks[cell];
    if (std::popcount(mask) != 2) return;
    const int x = std::countr_zero(mask);
    const int y = std::countr_zero(static_cast<unsigned>(mask & (mask - 1)));
    scan->pairs_changed[x] |= static_cast<uint16_t>(1u << y);
    scan->pairs_changed[y] |= static_cast<uint16_t>(1u << x);
  });
}

}  // namespace

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
  }
  for (int k = 2; k <= 4; ++k) w.with_count[k] &= ~change.cells;
  change.cells.ForEach([&](int cell) {
    const int count = std::popcount(w.masks[cell]);
    if (count >= 2 && count <= 4) w.with_count[count].Set(cell);
  });
  w.bivalue = w.with_count[2];
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
    for (uint16_t ds = change.digits; ds; ds &= ds - 1) {
      scan.digit_houses[std::countr_zero(ds)] |= change.digit_houses[std::countr_zero(ds)];
    }
    changed |= change.cells;
  }
  for (uint32_t houses : scan.digit_houses) scan.houses |= houses;
  if (needs & kNeedsNear) {
    scan.near = changed;
    changed.ForEach([&](int cell) { scan.near |= Peers(cell); });
  }
  if (needs & kNeedsPairs) FillPairsChanged(m.work, changed, &scan);
  return scan;
}

void EndScan(const Scan& scan, bool progress, FinderMemory* finder) {
  finder->clean = progress ? scan.found : INT_MAX;
}

}  // namespace sudoku::logic
