// Basic fish of the logical solver (techniques/fish.h): X-wing, swordfish, jellyfish, the
// locked-set search (techniques/locked_set.h) over the lines of one digit.
#include "core/rate/techniques/fish.h"

#include <climits>

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

// The rank of a set of lines (bits 0-8) in colexicographic order among sets of its size, SE's
// Permutations order (the combinatorial number system).
int ColexRank(uint16_t lines) {
  // kChoose[n][k - 1]: n choose k.
  static constexpr int kChoose[9][4] = {{0, 0, 0, 0},    {1, 0, 0, 0},    {2, 1, 0, 0},
                                        {3, 3, 1, 0},    {4, 6, 4, 1},    {5, 10, 10, 5},
                                        {6, 15, 20, 15}, {7, 21, 35, 35}, {8, 28, 56, 70}};
  int rank = 0, k = 0;
  for (unsigned l = lines; l; l &= l - 1) rank += kChoose[std::countr_zero(l)][k++];
  return rank;
}

}  // namespace

// Items: digits (a fish reads the candidates of its digit only). SE's order (Fisherman.java):
// columns as base lines first, then rows; by sets of base lines (colexicographic), then digit.
// Every item is checked and the fish first in that order applied.
bool FindFish(State& s, const Work& w, int size, Scan& scan, Step* step) {
  // A fish of `size` on a digit with n rows (and columns) left is the complement of one of
  // n - size in the other direction; searched before: hidden singles and smaller fish.
  const int complement = scan.after_easier ? size : 0;
  int best = INT_MAX, first = -1;  // best: SE's rank of the fish
  struct {
    int d;
    bool by_rows;
    uint16_t base_lines, covers;
  } fish{};
  for (uint32_t todo = scan.Todo(kDigits, scan.digits); todo; todo &= todo - 1) {
    const int d = std::countr_zero(todo);
    if (complement > 0 && OpenRows(w, d) - size < complement) continue;
    uint32_t small = 0;  // lines where d has 2 to `size` positions
    for (int k = 2; k <= size; ++k) small |= w.houses_with_count[d][k];
    // by_rows: base lines are rows, cover lines are columns; else transposed.
    for (bool by_rows : {false, true}) {
      const int first_line = by_rows ? 0 : 9;
      uint16_t items[9];
      int index[9];
      int n = 0;
      for (uint32_t lines = (small >> first_line) & 0x1FF; lines; lines &= lines - 1) {
        index[n] = std::countr_zero(lines);
        items[n] = w.where[first_line + index[n]][d];
        ++n;
      }
      auto removes = [&](uint16_t chosen, uint16_t covers) {
        uint16_t base_lines = 0;
        CellSet base, cover;
        for (int i = 0; i < n; ++i) {
          if (chosen & (1u << i)) {
            base_lines = static_cast<uint16_t>(base_lines | 1u << index[i]);
            base |= House(first_line + index[i]);
          }
        }
        for (int l = 0; l < 9; ++l) {
          if (covers & (1u << l)) cover |= House(by_rows ? 9 + l : l);
        }
        if (!(s.cand[d] & cover & ~base).Any()) return false;
        const int rank = (by_rows ? 1 << 10 : 0) + ColexRank(base_lines) * 9 + d;
        if (rank < best) {
          best = rank;
          fish = {d, by_rows, base_lines, covers};
        }
        return true;  // the first of this digit and direction in SE's order
      };
      if (ChooseLockedSet(items, n, size, removes) && first < 0) first = d;
    }
  }
  if (first < 0) return false;
  CellSet base, cover;
  for (int l = 0; l < 9; ++l) {
    if (fish.base_lines & (1u << l)) base |= House(fish.by_rows ? l : 9 + l);
    if (fish.covers & (1u << l)) cover |= House(fish.by_rows ? 9 + l : l);
  }
  if (step->Showing()) {
    int index[9], n = 0;
    for (int l = 0; l < 9; ++l) {
      if (fish.base_lines & (1u << l)) index[n++] = l;
    }
    ShowFish(s, fish.d, fish.by_rows, static_cast<uint16_t>((1u << n) - 1), index, n, fish.covers,
             base, step);
  }
  Eliminate(s, fish.d, cover & ~base);
  scan.found = first;
  return Done(kFish[size], step);
}

}  // namespace sudoku::core_internal
