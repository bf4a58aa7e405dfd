// The singles of the logical solver (techniques/singles.h), read from counts per house.
#include "core/rate/techniques/singles.h"

#include "core/board/bits.h"

namespace sudoku::core_internal {
namespace {

constexpr uint64_t kNibbleOnes = 0x1111111111111111, kNibbleSevens = 0x7777777777777777;

// Records a singles step of `placed` placements.
bool SinglesStep(Technique technique, int placed, Step* step) {
  if (placed == 0) return false;
  step->Set(technique, TechniqueRating(technique), placed);
  return true;
}

// The HouseCounts of one cell: a one in each of its three houses. Derived from the board's
// geometry (board/geometry.h) in the layout of HouseCounts, which only the rater uses.
constexpr std::array<HouseCounts, kCells> MakeCellCounts() {
  std::array<HouseCounts, kCells> counts{};
  for (int cell = 0; cell < kCells; ++cell) {
    for (int h : {RowHouse(cell), ColHouse(cell), BoxHouse(cell)}) {
      counts[cell].w[h / 16] |= uint64_t{1} << (4 * (h % 16));
    }
  }
  return counts;
}
constexpr std::array<HouseCounts, kCells> kCellCounts = MakeCellCounts();

}  // namespace

namespace {

// Houses in the layout of HouseCounts: house h is bit 4 * (h % 16) + 3 of w[h / 16].
struct HouseFlags {
  uint64_t w[2];

  bool Any() const { return (w[0] | w[1]) != 0; }
  int First() const {
    return w[0] ? std::countr_zero(w[0]) >> 2 : 16 + (std::countr_zero(w[1]) >> 2);
  }
  // The houses after h.
  HouseFlags After(int h) const {
    // Two shifts, as clearing up to bit 63 takes a shift by 64.
    if (h < 16) return {(w[0] >> (4 * h + 3) >> 1) << (4 * h + 3) << 1, w[1]};
    return {0, (w[1] >> (4 * h - 61) >> 1) << (4 * h - 61) << 1};
  }
};
constexpr HouseFlags kAllHouseFlags = {0x8888888888888888, 0x88888888888};
constexpr HouseFlags kBoxFlags = {0, 0x88888888800};
constexpr HouseFlags kLineFlags = {0x8888888888888888, 0x88};

// The houses of `range` whose count is one.
HouseFlags CountIsOne(const HouseCounts& counts, HouseFlags range) {
  HouseFlags ones;
  for (int i = 0; i < 2; ++i) {
    const uint64_t t = counts.w[i] ^ kNibbleOnes;  // a zero nibble where the count is one
    ones.w[i] = ~(((t & kNibbleSevens) + kNibbleSevens) | t) & range.w[i];
  }
  return ones;
}

// The counts of a few cells (a sum per cell, where CountPerHouse works on all rows).
HouseCounts CountOf(CellSet cells) {
  HouseCounts counts;
  cells.ForEach([&](int cell) { counts += kCellCounts[cell]; });
  return counts;
}

// Places d at `cell` and keeps m's counts: the cell leaves the empty cells and every digit it
// held (a mask per digit rather than a branch), d leaves the peers that held it.
void PlaceCounted(State& s, int cell, int d, SinglesMemory* m) {
  const HouseCounts one = kCellCounts[cell];
  m->empty_count -= one;
  const bool high = cell >= 64;  // the word of the cell's bit
  const int shift = cell & 63;
  for (int e = 0; e < kDigits; ++e) {
    const uint64_t held = 0 - (((high ? s.cand[e].hi : s.cand[e].lo) >> shift) & 1);
    m->count[e].w[0] -= one.w[0] & held;
    m->count[e].w[1] -= one.w[1] & held;
  }
  // Summed first: a subtraction per peer from memory would chain each through the store of the
  // one before.
  m->count[d] -= CountOf(s.cand[d] & Peers(cell));
  PlaceDigit(s, cell, d);
}

// Takes the houses of `range` whose count in `counts` is one in increasing order: place(h)
// places the single of h (true) and keeps `counts` up to date. The houses after h are read
// again after each one, so that each house is taken as it is when its turn comes.
template <typename F>
int PlaceCountOnes(const HouseCounts& counts, HouseFlags range, F&& place) {
  int placed = 0;
  for (HouseFlags todo = CountIsOne(counts, range); todo.Any();) {
    const int h = todo.First();
    placed += place(h);
    todo = CountIsOne(counts, range.After(h));
  }
  return placed;
}

// Bit d: digit d has one cell in a house of kRange. All digits at once, as most searches find
// nothing: no branch per digit (and a constant range skips a word the boxes do not use).
template <HouseFlags kRange>
uint32_t DigitsWithOne(const SinglesMemory& m) {
  uint32_t digits = 0;
  for (int d = 0; d < kDigits; ++d) {
    digits |= static_cast<uint32_t>(CountIsOne(m.count[d], kRange).Any()) << d;
  }
  return digits;
}

// Shows a single's pattern: its cell, then the house where it is single. The callers test
// Step::Showing once per search, outside their loops (a placement stores to memory, so the
// compiler reads step->shown again after each one).
void ShowSingle(int cell, int house, Step* step) {
  step->ShowCell(cell);
  step->ShowHouse(house);
}

// Places, for every house h in kRange where digit d has one candidate cell, d there;
// digit-major, houses in increasing order. The digits after d are read again after d's turn.
template <HouseFlags kRange>
int PlaceHiddenSingles(State& s, SinglesMemory* m, Step* step) {
  const bool showing = step->Showing();
  int placed = 0;
  for (uint32_t digits = DigitsWithOne<kRange>(*m); digits;) {
    const int d = std::countr_zero(digits);
    placed += PlaceCountOnes(m->count[d], kRange, [&](int h) {
      const int cell = (s.cand[d] & House(h)).First();
      PlaceCounted(s, cell, d, m);
      if (showing) ShowSingle(cell, h, step);
      return true;
    });
    digits = DigitsWithOne<kRange>(*m) & (~1u << d);
  }
  return placed;
}

// The state after a search that placed something is the one m counts.
int Described(const State& s, int placed, SinglesMemory* m) {
  if (placed > 0) {
    m->empty = s.empty;
    m->cand = s.cand;
  }
  return placed;
}

}  // namespace

void RefreshSingles(const State& s, SinglesMemory* m) {
  if (!m->valid) {
    m->valid = true;
    m->empty = s.empty;
    m->cand = s.cand;
    m->empty_count = CountPerHouse(s.empty);
    for (int d = 0; d < kDigits; ++d) m->count[d] = CountPerHouse(s.cand[d]);
    return;
  }
  // As after a step of singles: nothing to subtract. Compared, not counted: a bit count of
  // ten sets cost more than the rest of the refresh where POPCNT is missing.
  if (m->empty == s.empty && m->cand == s.cand) return;
  m->empty_count -= CountOf(m->empty & ~s.empty);
  m->empty = s.empty;
  for (int d = 0; d < kDigits; ++d) m->count[d] -= CountOf(m->cand[d] & ~s.cand[d]);
  m->cand = s.cand;
}

bool FindFullHouse(State& s, SinglesMemory* m, Step* step) {
  const bool showing = step->Showing();
  const int placed = PlaceCountOnes(m->empty_count, kAllHouseFlags, [&](int h) {
    const int cell = (s.empty & House(h)).First();
    for (int d = 0; d < kDigits; ++d) {
      if (!s.cand[d].Has(cell)) continue;
      PlaceCounted(s, cell, d, m);
      if (showing) ShowSingle(cell, h, step);
      return true;
    }
    return false;  // no digit can go there (a broken state)
  });
  return SinglesStep(Technique::kFullHouse, Described(s, placed, m), step);
}

bool FindHiddenSingleBox(State& s, SinglesMemory* m, Step* step) {
  return SinglesStep(Technique::kHiddenSingleBox,
                     Described(s, PlaceHiddenSingles<kBoxFlags>(s, m, step), m), step);
}

bool FindHiddenSingleLine(State& s, SinglesMemory* m, Step* step) {
  return SinglesStep(Technique::kHiddenSingleLine,
                     Described(s, PlaceHiddenSingles<kLineFlags>(s, m, step), m), step);
}

bool FindFullHouse(State& s, Step* step) {
  SinglesMemory m;
  RefreshSingles(s, &m);
  return FindFullHouse(s, &m, step);
}

bool FindHiddenSingleBox(State& s, Step* step) {
  SinglesMemory m;
  RefreshSingles(s, &m);
  return FindHiddenSingleBox(s, &m, step);
}

bool FindHiddenSingleLine(State& s, Step* step) {
  SinglesMemory m;
  RefreshSingles(s, &m);
  return FindHiddenSingleLine(s, &m, step);
}

bool FindNakedSingle(State& s, Step* step) {
  CellSet once, twice;
  for (const CellSet& set : s.cand) {
    twice |= once & set;
    once |= set;
  }
  const CellSet singles = once & ~twice & s.empty;
  int placed = 0;
  singles.ForEach([&](int cell) {
    for (int d = 0; d < kDigits; ++d) {
      // A placement earlier in this step may have removed the digit (only in a broken state).
      if (s.cand[d].Has(cell)) {
        PlaceDigit(s, cell, d);  // shows no pattern: the cell is the placement's, no house
        ++placed;
        break;
      }
    }
  });
  return SinglesStep(Technique::kNakedSingle, placed, step);
}

}  // namespace sudoku::core_internal
