// Private to src/core: small unavoidable sets of a finished grid, the digger's cheapest proof that
// a removal leaves a puzzle with two solutions.
//
// Unavoidable sets of a solution grid S: sets of cells whose digits can be permuted among
// themselves so that the grid stays valid. A puzzle dug from S with no given in such a set has
// a second solution (S with the set permuted), so it is not unique. Three families, each of which
// splits cells into sets in a fixed way, so a cell lies in at most kMaxSetsPerCell sets:
//   - line pairs: two rows r1, r2 of one band. Going from a column x to the column where row
//     r1 holds S[r2][x] cycles through some columns X; exchanging the digits of r1 and r2 on X
//     keeps both rows (each keeps its digit set), every column (two cells swap) and every box
//     (the two cells of a column share a box). The same for two columns of one stack.
//   - cross pairs: two rows of different bands. The exchange on X must now also keep the two
//     boxes of each stack, so X lies in one stack; a 2-cycle there is also a 2-cycle of two
//     columns of one stack (the line pairs have it), which leaves the 3-cycles: the rows hold
//     the same three digits in the stack (6 cells). The same for two columns of different
//     stacks.
//   - digit pairs: digits a, b. Exchanging a and b in a set of their 18 cells keeps the grid
//     valid iff every row, column and box has both or neither of its two a/b cells in the set:
//     the sets are the connected parts of the graph joining the two a/b cells of each house.
// While digging, the puzzle before a removal is unique, so none of its sets is empty: a removal
// can only empty the sets that hold the removed cell.
//
// Not thread-safe (a dig owns one); allocation-free.
#ifndef SUDOKU_CORE_DIG_UNAVOIDABLE_SETS_H_
#define SUDOKU_CORE_DIG_UNAVOIDABLE_SETS_H_

#include <array>
#include <cstdint>

#include "core/board/cell_set.h"
#include "sudoku/core/grid.h"

namespace sudoku::core_internal {

class UnavoidableSets {
 public:
  // No sets until Make; the tables are left unset, as a dig that never needs them should not pay
  // for clearing them.
  UnavoidableSets() {}
  bool made() const { return made_; }
  // Finds the sets of the three families (up to kMaxSize cells) of `solution`.
  // REQUIRES: IsCompleteValidGrid(solution).
  void Make(const Grid& solution);
  // The sets made, 0 <= i < count(). REQUIRES: made().
  int count() const { return count_; }
  const CellSet& set(int i) const { return table_.sets[i]; }
  // True iff some set containing `cell` has no cell in `givens`.
  bool HasEmptySetAt(int cell, const CellSet& givens) const {
    for (int k = 0; k < size_of_cell_[cell]; ++k) {
      if (!table_.sets[of_cell_[cell][k]].Meets(givens)) return true;
    }
    return false;
  }
  // The same test kept by counts, for a dig that removes givens one at a time: `left[i]` is the
  // number of givens in set i (CountGivens), and RemoveGiven(cell, left) removes `cell`, true
  // iff that leaves a set without givens. A byte decrement a set rather than a test of its
  // cells. REQUIRES: `left` holds count() entries; RemoveGiven's `cell` is one of its givens.
  void CountGivens(const CellSet& givens, uint8_t* left) const;
  bool RemoveGiven(int cell, uint8_t* left) const {
    const int size = size_of_cell_[cell];  // read once: `left` could alias it
    const uint8_t* const of = of_cell_[cell].data();
    bool emptied = false;
    for (int k = 0; k < size; ++k) emptied |= --left[of[k]] == 0;
    return emptied;
  }

 private:
  // A cell lies in one set of each of its 2 row pairs, 2 column pairs, 6 + 6 cross pairs and 8
  // digit pairs.
  static constexpr int kMaxSetsPerCell = 24;
  // Line pairs: 18, split into at most 4 cycles (of 2+ columns); cross pairs: 2 x 27, one set
  // per stack (band) at most; digit pairs: 36, into at most 4 parts (of 4+ cells).
  static constexpr int kMaxSets = 18 * 4 + 2 * 27 * 3 + 36 * 4;
  // Larger sets are left out: they are seldom emptied and cost a test at each of their cells.
  static constexpr int kMaxSize = 12;

  struct Where;  // where each digit lies in S (dig/unavoidable_sets.cc)

  void Add(const uint8_t* cells, int n);
  void AddLinePairs(const Grid& s, const Where& where);
  template <typename Next, typename Cell>
  void AddCycles(int l1, int l2, Next next, Cell cell);
  void AddCrossPairs(const Where& where);
  void AddThirds(int a, int b, int step);
  void AddDigitPairs(const Where& where);

  bool made_ = false;
  int count_;
  // The sets, in storage that construction leaves uninitialised: a CellSet clears itself when
  // constructed, and a dig that never needs the sets should not pay for clearing them all. Add
  // constructs each set (std::construct_at) before anything reads it.
  union SetTable {
    SetTable() {}
    CellSet sets[kMaxSets];
  } table_;
  std::array<std::array<uint8_t, kMaxSetsPerCell>, kCells> of_cell_;  // first size_of_cell_
  std::array<uint8_t, kCells> size_of_cell_;
};

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_DIG_UNAVOIDABLE_SETS_H_
