// Locked sets of the logical solver (techniques/subsets.h): naked and hidden subsets (pairs,
// triples, quads) and SE's direct hidden pairs and triples. Both are the search of
// techniques/locked_set.h: pick `size` items (cells or digits) whose union over a 9-bit universe
// has exactly `size` members.
#include "core/rate/techniques/subsets.h"

#include <algorithm>

#include "core/board/bits.h"
#include "core/rate/techniques/locked_set.h"

namespace sudoku::core_internal {
namespace {

constexpr Technique kNaked[5] = {Technique::kNone, Technique::kNone, Technique::kNakedPair,
                                 Technique::kNakedTriple, Technique::kNakedQuad};
constexpr Technique kHidden[5] = {Technique::kNone, Technique::kNone, Technique::kHiddenPair,
                                  Technique::kHiddenTriple, Technique::kHiddenQuad};

bool Done(Technique technique, Step* step) {
  step->Set(technique, TechniqueRating(technique), 1);
  return true;
}

// Shows a locked set: house h, then the cells at `positions` (bits of house h's positions).
void ShowSet(int h, unsigned positions, Step* step) {
  step->ShowHouse(h);
  for (; positions; positions &= positions - 1) {
    step->ShowCell(kTables.house_cells[h][std::countr_zero(positions)]);
  }
}

}  // namespace

namespace {

// The houses where a subset of `size` can remove something: with more empty cells, and
// (Scan::after_easier) a complement no smaller than `complement` cells.
uint32_t Roomy(const Work& w, int size, int complement) {
  return HousesWithAtLeast(w.empty_per_house, size + complement);
}

// SE looks for subsets in boxes, then columns, then rows: house h is item SeItem(h) of that
// order (rows and boxes swap places; the swap is its own inverse).
constexpr int SeItem(int house) {
  return house >= 18 ? house - 18 : house >= 9 ? house : house + 18;
}
// Houses as bits (bit h: house h) to items as bits, and back.
uint32_t SeItems(uint32_t houses) {
  return (houses >> 18) | (houses & 0x3FE00) | (houses & 0x1FF) << 18;
}

}  // namespace

// Items: houses in SE's order (a subset reads the candidates of its house only); within a house,
// cell sets in SE's order (locked_set.h).
bool FindNakedSubset(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // Complements searched before: hidden singles, and hidden subsets smaller than `size`.
  const int complement = scan.after_easier ? std::max(2, size) : 1;
  CellSet small;  // cells that can be part of a subset of `size`
  for (int k = 2; k <= size; ++k) small |= w.with_count[k];
  const uint32_t roomy = SeItems(Roomy(w, size, complement));
  for (uint32_t todo = scan.Todo(kHouses, SeItems(scan.houses)) & roomy; todo; todo &= todo - 1) {
    const int item = std::countr_zero(todo);
    const int h = SeItem(item);
    const CellSet candidates = small & House(h);
    if (candidates.Count() < size) continue;
    uint16_t items[9];
    int cells[9];
    int n = 0;
    candidates.ForEach([&](int cell) {
      items[n] = w.masks[cell];
      cells[n++] = cell;
    });
    auto apply = [&](uint16_t chosen, uint16_t digits) {
      CellSet others = House(h);
      for (int i = 0; i < n; ++i) {
        if (chosen & (1u << i)) others.Clear(cells[i]);
      }
      bool progress = false;
      for (int d = 0; d < kDigits; ++d) {
        if (digits & (1u << d)) progress |= Eliminate(s, d, others);
      }
      if (progress && step->Showing()) {
        step->ShowHouse(h);
        for (int i = 0; i < n; ++i) {
          if (chosen & (1u << i)) step->ShowCell(cells[i]);
        }
      }
      return progress;
    };
    if (ChooseLockedSet(items, n, size, apply)) {
      scan.found = item;
      return Done(kNaked[size], step);
    }
  }
  return false;
}

// Items: houses in SE's order; within a house, digit sets in SE's order (locked_set.h).
bool FindHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // Complements searched before: naked singles, and naked subsets up to `size`.
  const int complement = scan.after_easier ? size + 1 : 1;
  const uint32_t roomy = SeItems(Roomy(w, size, complement));
  for (uint32_t todo = scan.Todo(kHouses, SeItems(scan.houses)) & roomy; todo; todo &= todo - 1) {
    const int item = std::countr_zero(todo);
    const int h = SeItem(item);
    uint16_t small = 0;  // digits that can be part of a subset of `size`
    for (int k = 2; k <= size; ++k) small |= w.digits_with_count[h][k];
    if (PopCount(small) < size) continue;
    uint16_t items[9];
    int digits[9];
    int n = 0;
    for (; small; small &= small - 1) {
      const int d = std::countr_zero(small);
      items[n] = w.where[h][d];
      digits[n++] = d;
    }
    auto apply = [&](uint16_t chosen, uint16_t positions) {
      CellSet cells;
      for (int i = 0; i < 9; ++i) {
        if (positions & (1u << i)) cells |= CellSet::Of(kTables.house_cells[h][i]);
      }
      uint16_t keep = 0;
      for (int i = 0; i < n; ++i) {
        if (chosen & (1u << i)) keep |= static_cast<uint16_t>(1u << digits[i]);
      }
      bool progress = false;
      for (int d = 0; d < kDigits; ++d) {
        if (!(keep & (1u << d))) progress |= Eliminate(s, d, cells);
      }
      if (progress && step->Showing()) ShowSet(h, positions, step);
      return progress;
    };
    if (ChooseLockedSet(items, n, size, apply)) {
      scan.found = item;
      return Done(kHidden[size], step);
    }
  }
  return false;
}

namespace {

// The first digit e (in digit order) of the cells `positions` of house h, outside `set`, left
// with one place once the set's cells lose it (SE asks e for two or more places first: one in the
// set's cells, and the one outside): places e there and shows the set. False if none.
bool PlaceDirect(State& s, const Work& w, int h, uint16_t set, unsigned positions, Step* step) {
  uint16_t others = 0;
  for (unsigned pos = positions; pos; pos &= pos - 1) {
    others |= w.masks[kTables.house_cells[h][std::countr_zero(pos)]];
  }
  for (others &= static_cast<uint16_t>(~set); others; others &= others - 1) {
    const int e = std::countr_zero(others);
    const unsigned rest = w.where[h][e] & ~positions;
    if (PopCount(rest) != 1) continue;
    PlaceDigit(s, kTables.house_cells[h][std::countr_zero(rest)], e);
    if (step->Showing()) ShowSet(h, positions, step);  // the placement lies in h too
    return true;
  }
  return false;
}

// A direct hidden pair or triple in house h among `digits` (those with 2 to kSize places
// there), in SE's order: digit sets by increasing binary number (colexicographic).
template <int kSize>
bool PlaceDirectHiddenSet(State& s, const Work& w, int h, uint16_t digits, Step* step) {
  const uint16_t* where = w.where[h];
  for (unsigned left = digits; left; left &= left - 1) {
    const int c = std::countr_zero(left);
    for (unsigned bs = digits & ((1u << c) - 1); bs; bs &= bs - 1) {
      const int b = std::countr_zero(bs);
      const unsigned bc = where[b] | where[c];
      const uint16_t set_bc = static_cast<uint16_t>(1u << b | 1u << c);
      if constexpr (kSize == 2) {
        if (where[b] == where[c] && PlaceDirect(s, w, h, set_bc, bc, step)) return true;
      } else {
        if (PopCount(bc) > 3) continue;
        for (unsigned as = digits & ((1u << b) - 1); as; as &= as - 1) {
          const int a = std::countr_zero(as);
          const unsigned abc = bc | where[a];
          if (PopCount(abc) == 3 &&
              PlaceDirect(s, w, h, static_cast<uint16_t>(set_bc | 1u << a), abc, step)) {
            return true;
          }
        }
      }
    }
  }
  return false;
}

}  // namespace

// Items: houses in SE's order (a direct hidden set reads the candidates of its house only).
// SE's condition: a hidden set whose cells hold another digit e that has two or more positions
// in the house and exactly one outside the set: e goes there (the set's eliminations are not
// made: SE's hint only places). The houses with `size` digits of 2 to `size` places are found
// for all houses at once, from the houses of each digit.
//
// Without naked singles (Scan::after_naked_single, in a sound state) such a house has at least
// size + 3 empty cells: the cells outside the set hold only the digits outside it, as many as
// they are; with one such cell it would hold e alone, with two the other would hold the one
// digit left.
bool FindDirectHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step) {
  const int outside = scan.after_easier && scan.after_naked_single ? 3 : 1;
  const uint32_t houses = SeItems(scan.Todo(kHouses, SeItems(scan.houses))) &
                          HousesWithAtLeast(w.empty_per_house, size + outside);
  // The houses where at least one, two, three digits have 2 to `size` places.
  uint32_t one = 0, two = 0, three = 0;
  for (int d = 0; d < kDigits; ++d) {
    const uint32_t in = w.houses_with_count[d][2] | (size == 3 ? w.houses_with_count[d][3] : 0);
    three |= two & in;
    two |= one & in;
    one |= in;
  }
  for (uint32_t todo = SeItems((size == 2 ? two : three) & houses); todo; todo &= todo - 1) {
    const int item = std::countr_zero(todo);
    const int h = SeItem(item);  // the swap is its own inverse
    const uint16_t digits = static_cast<uint16_t>(w.digits_with_count[h][2] |
                                                  (size == 3 ? w.digits_with_count[h][3] : 0));
    if (size == 2 ? PlaceDirectHiddenSet<2>(s, w, h, digits, step)
                  : PlaceDirectHiddenSet<3>(s, w, h, digits, step)) {
      scan.found = item;
      return Done(size == 2 ? Technique::kDirectHiddenPair : Technique::kDirectHiddenTriple, step);
    }
  }
  return false;
}

}  // namespace sudoku::core_internal
