// What a finder of the rater reads and reports (src/core/rate/): the Work (views of a State that
// the finders past the singles share, computed once per step), the Scan (which items of its
// search a finder may skip, see memory.h) and the Step it fills. Private to src/core.
//
// Each finder looks for its technique in the current state; if an instance makes progress it
// applies it (places digits or removes candidates), fills *step and returns true; else it leaves
// the state unchanged and returns false.
#ifndef SUDOKU_CORE_RATE_WORK_H_
#define SUDOKU_CORE_RATE_WORK_H_

#include <bit>
#include <cstdint>

#include "core/board/cell_set.h"
#include "core/rate/state.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solve_path.h"

namespace sudoku::core_internal {

// Views of a state that the finders past the singles share; computed once per step.
struct Work {
  CellMasks masks;
  // where[h][d]: positions (bit i: kTables.house_cells[h][i]) of house h where digit d may go.
  // For a row that is the column set, for a column the row set.
  uint16_t where[kHouses][kDigits];
  CellSet bivalue;              // empty cells with exactly two candidates
  HouseCounts empty_per_house;  // empty cells of each house
  // For k = 2-4 (0, 1 unused): with_count[k], the cells with exactly k candidates.
  CellSet with_count[5];
  // For k = 0-9: digits_with_count[h][k], bit d: digit d has exactly k positions in house h
  // (all k, so that a lost position moves a digit from k to k - 1 without a test).
  uint16_t digits_with_count[kHouses][kDigits + 1];
  // The same by digit: bit h of houses_with_count[d][k]: digit d has exactly k positions in h.
  uint32_t houses_with_count[kDigits][kDigits + 1];
};
void ComputeWork(const State& s, Work* w);

// What changed since a finder last searched, and which of its items may be skipped.
struct Scan {
  uint16_t digits = 0;                   // bit d: digit d lost a candidate since
  uint32_t houses = 0;                   // bit h: a cell of house h lost a candidate since
  uint32_t digit_houses[kDigits] = {};   // bit h of [d]: digit d lost one in h (kNeedsDigitHouses)
  CellSet changed;                       // cells that lost a candidate (kNeedsNear)
  CellSet near;                          // cells that lost a candidate, and their peers
  uint16_t pairs_changed[kDigits] = {};  // bit y of [x]: the class of {x,y} cells changed
  int clean = 0;  // items [0, clean) made no progress at the last search (0: search all)
  int found = 0;  // out: the item that made progress (items before it made none)
  // True when every easier finder (singles included) made no progress in this state and the
  // state keeps a solution among its candidates (Memory::sound). A locked set of size k in a
  // house of m empty cells is then the complement of one of size m - k (naked and hidden, row
  // and column fish; a single for m - k = 1) with the same eliminations, so it makes no progress
  // either when an easier finder searched that one.
  bool after_easier = false;
  // True when, besides, no naked single is left in this state (searched earlier in this step).
  bool after_naked_single = false;

  // True iff `item` needs no search: it failed before and its input is not `touched`. Items
  // are numbered in search order by each finder.
  bool Skip(int item, bool touched) const { return item < clean && !touched; }
  // The items of [0, n) (n <= 32) that need a search, as bits, given the touched ones.
  uint32_t Todo(int n, uint32_t touched) const {
    const uint32_t all = n == 32 ? ~0u : (1u << n) - 1;
    return (clean >= n ? 0 : all & ~((1u << clean) - 1)) | (touched & all);
  }
  // The items that need a search among items numbered by cell, given the touched ones.
  CellSet TodoCells(CellSet touched) const { return CellSet::From(clean) | touched; }
  // The same for items [first, first + n) (n < 32), as bits from bit 0.
  uint32_t TodoAt(int first, int n, uint32_t touched) const {
    const int skipped = clean <= first ? 0 : clean - first >= n ? n : clean - first;
    const uint32_t all = (1u << n) - 1;
    return (all & ~((1u << skipped) - 1)) | (touched & all);
  }
  bool DigitTouched(int d) const { return (digits >> d) & 1; }
  bool DigitHouseTouched(int d, int h) const { return (digit_houses[d] >> h) & 1; }
  // True iff a cell whose mask is {x, y} may have appeared, gone or changed: x or y lost a
  // candidate somewhere, or a changed cell now has exactly {x, y}.
  bool PairTouched(uint16_t pair) const {
    const int x = std::countr_zero(pair);
    return (pairs_changed[x] >> std::countr_zero(static_cast<unsigned>(pair & (pair - 1)))) & 1;
  }
};

// One step of the solver: what it did and at what rating.
struct Step {
  Technique technique = Technique::kNone;
  int rating = 0;  // tenths; chains include their length bonus
  int uses = 0;    // placements for singles, 1 otherwise
  int nodes = 0;   // the dynamic and nested chains: SE's complexity of the chain; else 0
  // Where the step loop records a path (solve_path.h), the step that receives the pattern of the
  // instance applied; null otherwise, and then the Show functions cost a test each.
  PathStep* shown = nullptr;

  void Set(Technique t, int tenths, int count, int chain_nodes = 0) {
    technique = t;
    rating = tenths;
    uses = count;
    nodes = chain_nodes;
  }
  // The pattern of the instance applied, for the path. Call after the instance is chosen.
  bool Showing() const { return shown != nullptr; }
  void ShowCell(int cell) {
    if (shown != nullptr) shown->cells.push_back(static_cast<uint8_t>(cell));
  }
  void ShowHouse(int house) {
    if (shown != nullptr) shown->houses.push_back(static_cast<uint8_t>(house));
  }
  void ShowNode(int cell, int digit, bool on, bool starts_chain) {
    if (shown != nullptr) {
      shown->chain.push_back(
          {static_cast<uint8_t>(cell), static_cast<uint8_t>(digit), on, starts_chain});
    }
  }
};

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_WORK_H_
