// Locked sets of the logical solver (rate/logic.h): naked and hidden subsets (pairs, triples,
// quads) and basic fish (X-wing, swordfish, jellyfish). All three are the same search: pick
// `size` items (cells, digits or lines) whose union over a 9-bit universe has exactly `size`
// members.
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
    if (std::popcount(next) > size) continue;
    pick[depth] = i;
    if (depth + 1 < size) {
      unions[++depth] = next;
      continue;
    }
    if (std::popcount(next) != size) continue;
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
int OpenRows(const Work& w, int d) { return 9 - std::popcount(w.houses_with_count[d][0] & 0x1FFu); }

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
    if (std::popcount(small) < size) continue;
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
