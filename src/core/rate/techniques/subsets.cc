// Locked sets of the logical solver (rate/logic.h): naked and hidden subsets (pairs, triples,
// quads), SE's direct hidden pairs and triples, and basic fish (X-wing, swordfish, jellyfish).
// All are the same search: pick `size` items (cells, digits or lines) whose union over a 9-bit
// universe has exactly `size` members.
#include <algorithm>

#include "core/rate/logic.h"

namespace sudoku::core_internal {
namespace {

constexpr Technique kNaked[5] = {Technique::kNone, Technique::kNone, Technique::kNakedPair,
                                 Technique::kNakedTriple, Technique::kNakedQuad};
constexpr Technique kHidden[5] = {Technique::kNone, Technique::kNone, Technique::kHiddenPair,
                                  Technique::kHiddenTriple, Technique::kHiddenQuad};
constexpr Technique kFish[5] = {Technique::kNone, Technique::kNone, Technique::kXWing,
                                Technique::kSwordfish, Technique::kJellyfish};

// ChooseLockedSet (below) for size 2, when every item has exactly 2 bits: two items lock a
// pair iff they are equal.
template <typename F>
bool ChooseLockedPair(const uint16_t* items, int n, F& apply) {
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      if (items[j] == items[i] && apply(static_cast<uint16_t>(1u << i | 1u << j), items[i])) {
        return true;
      }
    }
  }
  return false;
}

// Calls apply(chosen, union) for each choice of `size` items of items[0, n) (chosen: bit i for
// items[i]) whose union has exactly `size` bits, in lexicographic order of the chosen indices,
// until apply returns true. Prunes a prefix as soon as its union exceeds `size` bits. A loop
// with an explicit stack of picks: most searches are small, so calls would cost the most.
template <typename F>
bool ChooseLockedSet(const uint16_t* items, int n, int size, F& apply) {
  if (size == 2) return ChooseLockedPair(items, n, apply);
  int pick[4];
  uint16_t unions[4] = {0};  // unions[k]: the union of the first k picks
  int depth = 0;
  for (int i = 0;; ++i) {
    if (i > n - (size - depth)) {  // too few items left: back to the previous pick
      if (depth == 0) return false;
      i = pick[--depth];
      continue;
    }
    const uint16_t next = unions[depth] | items[i];
    if (PopCount(next) > size) continue;
    pick[depth] = i;
    if (depth + 1 < size) {
      unions[++depth] = next;
      continue;
    }
    if (PopCount(next) != size) continue;
    uint16_t chosen = 0;
    for (int k = 0; k < size; ++k) chosen = static_cast<uint16_t>(chosen | 1u << pick[k]);
    if (apply(chosen, next)) return true;
  }
}

bool Done(Technique technique, Step* step) {
  *step = {technique, TechniqueRating(technique), 1};
  return true;
}

}  // namespace

namespace {

// The houses where a subset of `size` can remove something: with more empty cells, and
// (Scan::after_easier) a complement no smaller than `complement` cells.
uint32_t Roomy(const Work& w, int size, int complement) {
  return HousesWithAtLeast(w.empty_per_house, size + complement);
}

// The rows where d has a candidate.
int OpenRows(const Work& w, int d) { return 9 - PopCount(w.houses_with_count[d][0] & 0x1FFu); }

}  // namespace

// Items: houses (a subset reads the candidates of its house only).
bool FindNakedSubset(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // Complements searched before: hidden singles, and hidden subsets smaller than `size`.
  const int complement = scan.after_easier ? std::max(2, size) : 1;
  CellSet small;  // cells that can be part of a subset of `size`
  for (int k = 2; k <= size; ++k) small |= w.with_count[k];
  const uint32_t roomy = Roomy(w, size, complement);
  for (uint32_t todo = scan.Todo(kHouses, scan.houses) & roomy; todo; todo &= todo - 1) {
    const int h = std::countr_zero(todo);
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
      return progress;
    };
    if (ChooseLockedSet(items, n, size, apply)) {
      scan.found = h;
      return Done(kNaked[size], step);
    }
  }
  return false;
}

// Items: houses.
bool FindHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // Complements searched before: naked singles, and naked subsets up to `size`.
  const int complement = scan.after_easier ? size + 1 : 1;
  const uint32_t roomy = Roomy(w, size, complement);
  for (uint32_t todo = scan.Todo(kHouses, scan.houses) & roomy; todo; todo &= todo - 1) {
    const int h = std::countr_zero(todo);
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
      return progress;
    };
    if (ChooseLockedSet(items, n, size, apply)) {
      scan.found = h;
      return Done(kHidden[size], step);
    }
  }
  return false;
}

namespace {

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

namespace {

// The first digit e (in digit order) of the cells `positions` of house h, outside `set`, left
// with one place once the set's cells lose it (SE asks e for two or more places first: one in the
// set's cells, and the one outside): places e there. False if none.
bool PlaceDirect(State& s, const Work& w, int h, uint16_t set, unsigned positions) {
  uint16_t others = 0;
  for (unsigned pos = positions; pos; pos &= pos - 1) {
    others |= w.masks[kTables.house_cells[h][std::countr_zero(pos)]];
  }
  for (others &= static_cast<uint16_t>(~set); others; others &= others - 1) {
    const int e = std::countr_zero(others);
    const unsigned rest = w.where[h][e] & ~positions;
    if (PopCount(rest) != 1) continue;
    PlaceDigit(s, kTables.house_cells[h][std::countr_zero(rest)], e);
    return true;
  }
  return false;
}

// A direct hidden pair or triple in house h among `digits` (those with 2 to kSize places
// there), in SE's order: digit sets by increasing binary number (colexicographic).
template <int kSize>
bool PlaceDirectHiddenSet(State& s, const Work& w, int h, uint16_t digits) {
  const uint16_t* where = w.where[h];
  for (unsigned left = digits; left; left &= left - 1) {
    const int c = std::countr_zero(left);
    for (unsigned bs = digits & ((1u << c) - 1); bs; bs &= bs - 1) {
      const int b = std::countr_zero(bs);
      const unsigned bc = where[b] | where[c];
      const uint16_t set_bc = static_cast<uint16_t>(1u << b | 1u << c);
      if constexpr (kSize == 2) {
        if (where[b] == where[c] && PlaceDirect(s, w, h, set_bc, bc)) return true;
      } else {
        if (PopCount(bc) > 3) continue;
        for (unsigned as = digits & ((1u << b) - 1); as; as &= as - 1) {
          const int a = std::countr_zero(as);
          const unsigned abc = bc | where[a];
          if (PopCount(abc) == 3 &&
              PlaceDirect(s, w, h, static_cast<uint16_t>(set_bc | 1u << a), abc)) {
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
    if (size == 2 ? PlaceDirectHiddenSet<2>(s, w, h, digits)
                  : PlaceDirectHiddenSet<3>(s, w, h, digits)) {
      scan.found = item;
      return Done(size == 2 ? Technique::kDirectHiddenPair : Technique::kDirectHiddenTriple, step);
    }
  }
  return false;
}

// Items: digits (a fish reads the candidates of its digit only).
bool FindFish(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // A fish of `size` on a digit with n rows (and columns) left is the complement of one of
  // n - size in the other direction; searched before: hidden singles and smaller fish.
  const int complement = scan.after_easier ? size : 0;
  for (uint32_t todo = scan.Todo(kDigits, scan.digits); todo; todo &= todo - 1) {
    const int d = std::countr_zero(todo);
    if (complement > 0 && OpenRows(w, d) - size < complement) continue;
    uint32_t small = 0;  // lines where d has 2 to `size` positions
    for (int k = 2; k <= size; ++k) small |= w.houses_with_count[d][k];
    // by_rows: base lines are rows, cover lines are columns; else transposed.
    for (bool by_rows : {true, false}) {
      const int first = by_rows ? 0 : 9;
      uint16_t items[9];
      int index[9];
      int n = 0;
      for (uint32_t lines = (small >> first) & 0x1FF; lines; lines &= lines - 1) {
        index[n] = std::countr_zero(lines);
        items[n] = w.where[first + index[n]][d];
        ++n;
      }
      auto apply = [&](uint16_t chosen, uint16_t covers) {
        CellSet base, cover;
        for (int i = 0; i < n; ++i) {
          if (chosen & (1u << i)) base |= House(by_rows ? index[i] : 9 + index[i]);
        }
        for (int l = 0; l < 9; ++l) {
          if (covers & (1u << l)) cover |= House(by_rows ? 9 + l : l);
        }
        return Eliminate(s, d, cover & ~base);
      };
      if (ChooseLockedSet(items, n, size, apply)) {
        scan.found = d;
        return Done(kFish[size], step);
      }
    }
  }
  return false;
}

}  // namespace sudoku::core_internal
