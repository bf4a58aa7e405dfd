// Basic fish of the logical solver (techniques/fish.h): X-wing, swordfish, jellyfish, the
// locked-set search (techniques/locked_set.h) over the lines of one digit.
#include "core/rate/techniques/fish.h"

#include "core/board/bits.h"
#include "core/rate/techniques/locked_set.h"

namespace sudoku::core_internal {
namespace {

constexpr Technique kFish[5] = {Technique::kNone, Technique::kNone, Technique::kXWing,
                                Technique::kSwordfish, Technique::kJellyfish};

bool Done(Technique technique, Step* step) {
  step->Set(technique, TechniqueRating(technique), 1);
  return true;
}

// Shows a fish of d: its base lines (`chosen` of index[0, n), rows when by_rows), its cover
// lines (bits of `covers`), then its cells: d's candidates on the base lines, `base`.
void ShowFish(const State& s, int d, bool by_rows, uint16_t chosen, const int* index, int n,
              uint16_t covers, CellSet base, Step* step) {
  const int first = by_rows ? 0 : 9, cross = by_rows ? 9 : 0;
  for (int i = 0; i < n; ++i) {
    if (chosen & (1u << i)) step->ShowHouse(first + index[i]);
  }
  for (unsigned l = covers; l; l &= l - 1) step->ShowHouse(cross + std::countr_zero(l));
  (s.cand[d] & base).ForEach([&](int cell) { step->ShowCell(cell); });
}

// The rows where d has a candidate.
int OpenRows(const Work& w, int d) { return 9 - PopCount(w.houses_with_count[d][0] & 0x1FFu); }

}  // namespace

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
        if (!Eliminate(s, d, cover & ~base)) return false;
        if (step->Showing()) ShowFish(s, d, by_rows, chosen, index, n, covers, base, step);
        return true;
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
