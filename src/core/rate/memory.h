// What the rater's step loop keeps between the steps of one solve (src/core/rate/memory.cc).
// Private to src/core.
//
// Within one solve candidates only ever disappear. So a part of a finder's search (an "item":
// one digit of a fish, one house of a subset, one pivot of a wing, ...) that made no progress at
// an earlier state cannot make progress now unless a candidate it reads has gone since: its
// pattern is the same and its eliminations only fewer. The step loop therefore records what each
// round of the finders past the singles found changed, remembers per finder the round of its
// last search and which items then failed, and the finder skips those items that nothing has
// touched since (Scan, work.h). Items keep their order, so the first instance that makes progress
// is the one a full search finds first. The singles place everything they find; their memory
// (SinglesMemory) counts cells per house instead.
#ifndef SUDOKU_CORE_RATE_MEMORY_H_
#define SUDOKU_CORE_RATE_MEMORY_H_

#include <array>
#include <climits>
#include <cstdint>

#include "core/board/cell_set.h"
#include "core/rate/chains/chains.h"
#include "core/rate/state.h"
#include "core/rate/techniques/aligned.h"
#include "core/rate/techniques/singles.h"
#include "core/rate/techniques/unique.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"

namespace sudoku::core_internal {

// A finder's memory: the round (Memory::round) of its last search and how far it got.
struct FinderMemory {
  int round = -1;  // -1: never searched
  int clean = 0;   // as Scan::clean
};

// What changed from one round of the finders past the singles to the next (UpdateWork).
struct Change {
  uint16_t digits = 0;                  // bit d: digit d lost a candidate
  uint32_t houses = 0;                  // bit h: a cell of house h lost a candidate
  uint32_t digit_houses[kDigits] = {};  // bit h of [d]: digit d lost a candidate in house h
  CellSet cells;                        // cells that lost a candidate
};

// Everything the step loop keeps between the steps of one solve.
struct Memory {
  // Set by the caller when every state of the solve keeps one solution among its candidates (a
  // puzzle with a unique solution: RateUniquePuzzle). Lets finders skip by Scan::after_easier.
  bool sound = false;
  // Set by a caller that has no use for a step rated above it (tenths): once every technique
  // left to try rates more, ApplyEasiestStep stops searching and sets `capped`.
  int cap = INT_MAX;
  bool capped = false;
  // SE's nested forcing chains (levels 2 and 3) are tried after the dynamic chains (+).
  bool nested = false;
  SinglesMemory singles;
  Work work;
  std::array<CellSet, kDigits> work_cand{};  // candidates `work` describes
  bool work_valid = false;
  // A round is one UpdateWork, before the finders past the singles search. The finders' scans
  // join the changes of the rounds since their last search (at most kRounds back).
  static constexpr int kRounds = 32;
  int round = -1;
  Change changes[kRounds];  // changes[r % kRounds]: from round r - 1 to round r
  FinderMemory finder[kTechniqueCount];
  XOnMemory x_chains[kDigits];
  XCycleMemory x_cycles[kDigits];
  LoopMemory loops;
  NishioMemory nishio[kDigits];
  AlignedMemory aligned[2];  // pair, triple
};

// Starts a round: brings m->work up to date with s, recomputing only the cells whose
// candidates changed, and records that change.
void UpdateWork(const State& s, Memory* m);

// What a finder's Scan must fill beyond digits and houses.
enum ScanNeeds : int { kNeedsNear = 1, kNeedsPairs = 2, kNeedsDigitHouses = 4 };

// The scan for one finder in the current round of m (marks the round as its last search;
// `needs`: ScanNeeds bits) and, after the search, its result.
Scan BeginScan(const Memory& m, int needs, FinderMemory* finder);
void EndScan(const Scan& scan, bool progress, FinderMemory* finder);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_MEMORY_H_
