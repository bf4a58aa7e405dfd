// The singles (src/core/rate/techniques/singles.cc): full house, hidden singles in a box and in a
// line, naked single. Each places every single of its kind it finds (Step::uses: how many).
// Private to src/core.
#ifndef SUDOKU_CORE_RATE_TECHNIQUES_SINGLES_H_
#define SUDOKU_CORE_RATE_TECHNIQUES_SINGLES_H_

#include <array>

#include "core/board/cell_set.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// What the singles finders keep between steps: per house, the number of empty cells and of
// cells of each digit, in the state `empty` and `cand` describe. Houses whose count is one hold a
// single; the finders read them from the counts instead of searching houses, and keep the counts up
// to date as they place.
struct SinglesMemory {
  bool valid = false;  // false: nothing taken yet (RefreshSingles counts from scratch)
  CellSet empty;
  std::array<CellSet, kDigits> cand;
  HouseCounts empty_count;
  std::array<HouseCounts, kDigits> count;  // count[d]: cells of each house where d may go
};

// Brings m's counts up to date with s (candidates and cells lost since m last saw the state).
// REQUIRES: since m last saw it, s only lost candidates and empty cells.
void RefreshSingles(const State& s, SinglesMemory* m);

// The singles read the houses with a single from m and keep m up to date.
// REQUIRES: m describes s (RefreshSingles).
bool FindFullHouse(State& s, SinglesMemory* m, Step* step);
bool FindHiddenSingleBox(State& s, SinglesMemory* m, Step* step);
bool FindHiddenSingleLine(State& s, SinglesMemory* m, Step* step);
// The same, counting from scratch.
bool FindFullHouse(State& s, Step* step);
bool FindHiddenSingleBox(State& s, Step* step);
bool FindHiddenSingleLine(State& s, Step* step);
bool FindNakedSingle(State& s, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUES_SINGLES_H_
