// The grid methods other than the default search (which lives in grids/search.cc), their names,
// and GenerateGrid(GridMethod, Rng&). A method that can fail makes bounded attempts until one
// succeeds; each attempt succeeds with a fixed probability, so the number of attempts is
// geometrically distributed and the loops end with probability 1.
#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <span>
#include <string_view>
#include <utility>

#include "core/board/digits.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

constexpr std::array<std::string_view, kGridMethods.size()> kGridMethodNames = {
    "search", "digit-rows", "box-fill", "pattern", "random-clues"};

using core_internal::Houses;
using core_internal::RandomBit;
using core_internal::RandomDigit;

// ---------------------------------------------------------------------------------------------
// digit-rows: step k places digit k / 9 + 1 in row k % 9, in a random column whose cell is empty
// and whose column and box do not hold the digit yet. A step with no column left undoes the
// previous step, which then tries its next column (chronological backtracking). A typical grid
// needs far fewer backtracks than the budget, but a bad early choice can cost very many, so an
// attempt gives up after kDigitRowsMaxBacktracks and the grid starts again (a small share of
// grids do).
constexpr int kDigitRowsMaxBacktracks = 1000;

class DigitRows {
 public:
  // One attempt; false when the backtracking budget ran out.
  bool Fill(Rng& rng, Grid* grid) {
    *grid = Grid();
    row_used_ = {};
    col_has_ = {};
    box_has_ = {};
    int backtracks = 0;
    int step = 0;
    untried_[0] = Columns(0);
    while (step < kCells) {
      if (untried_[step] == 0) {
        if (step == 0 || ++backtracks > kDigitRowsMaxBacktracks) return false;
        --step;
        Toggle(step, column_[step], grid);
        continue;
      }
      const int col = RandomBit(untried_[step], rng);
      untried_[step] &= static_cast<uint16_t>(~(1u << col));
      column_[step] = static_cast<uint8_t>(col);
      Toggle(step, col, grid);
      if (++step < kCells) untried_[step] = Columns(step);
    }
    return true;
  }

 private:
  static int DigitOf(int step) { return step / 9 + 1; }
  static int RowOfStep(int step) { return step % 9; }

  // The columns where step `step` may put its digit.
  uint16_t Columns(int step) const {
    const int digit = DigitOf(step);
    const int row = RowOfStep(step);
    uint16_t allowed = static_cast<uint16_t>(0x1FF & ~row_used_[row] & ~col_has_[digit]);
    for (int stack = 0; stack < 3; ++stack) {
      if (box_has_[digit] >> ((row / 3) * 3 + stack) & 1) {
        allowed &= static_cast<uint16_t>(~(7u << (3 * stack)));
      }
    }
    return allowed;
  }

  // Places (or, when placed, removes) the digit of step `step` in column `col`.
  void Toggle(int step, int col, Grid* grid) {
    const int digit = DigitOf(step);
    const int row = RowOfStep(step);
    const int cell = row * 9 + col;
    (*grid)[cell] = (*grid)[cell] == 0 ? static_cast<uint8_t>(digit) : 0;
    row_used_[row] ^= static_cast<uint16_t>(1u << col);
    col_has_[digit] ^= static_cast<uint16_t>(1u << col);
    box_has_[digit] ^= static_cast<uint16_t>(1u << BoxOf(cell));
  }

  std::array<uint16_t, 9> row_used_;      // per row: the columns already filled
  std::array<uint16_t, 10> col_has_;      // per digit: the columns holding it
  std::array<uint16_t, 10> box_has_;      // per digit: the boxes holding it
  std::array<uint16_t, kCells> untried_;  // per step: the columns not tried yet
  std::array<uint8_t, kCells> column_;    // per step: the column chosen
};

Grid DigitRowsGrid(Rng& rng) {
  DigitRows filler;
  Grid grid;
  while (!filler.Fill(rng, &grid)) {
  }
  return grid;
}

// ---------------------------------------------------------------------------------------------
// box-fill: boxes 0-8 in order, each box's cells in row-major order, each cell a random digit
// its row, column and box do not hold yet. A cell with no such digit is a dead end and the whole
// grid starts again, as in the original program (so each grid is drawn with the probability that
// one pass of this fill makes it, given that the pass succeeds). Nearly every pass meets a dead
// end, most often in boxes 1, 4 and 3, after filling fewer than half the cells, so a grid costs
// thousands of cell choices.
bool TryBoxFill(Rng& rng, Grid* grid) {
  Houses houses;
  for (int box = 0; box < 9; ++box) {
    for (int k = 0; k < 9; ++k) {
      const int cell = (box / 3) * 27 + (box % 3) * 3 + (k / 3) * 9 + k % 3;
      const uint16_t free = houses.Free(cell);
      if (free == 0) return false;
      const int digit = RandomDigit(free, rng);
      (*grid)[cell] = static_cast<uint8_t>(digit);
      houses.Toggle(cell, digit);
    }
  }
  return true;
}

Grid BoxFillGrid(Rng& rng) {
  Grid grid;
  while (!TryBoxFill(rng, &grid)) {
  }
  return grid;
}

// ---------------------------------------------------------------------------------------------
// pattern: row r of the base grid is 1-9 rotated left by 3 * (r % 3) + r / 3 places: each row
// is the one above shifted by 3 within a band, and each band the one above shifted by 1. Then:
//
// Triple swaps. Take two cell triples that lie in the same band and each fill one column of a
// box there ("mini-columns", in different stacks), and that hold the same three digits as sets.
// Exchanging them row by row keeps every row valid (the row only reorders its own digits), and
// every column and box involved loses a set of three digits and gets the same set back, so they
// stay valid too. The same holds for two mini-rows (the three cells of a row within a box) in the
// same stack, different bands, with equal digit sets. Two triples of one box never qualify: they
// hold disjoint digits, so exchanging, say, the mini-rows of two rows of a band breaks both rows
// unless it is done in all three stacks at once, which is just a row swap. In the base grid the
// mini-columns of a band whose columns are congruent modulo 3 hold equal sets, so swaps are
// always available, and mini-column swaps then create equal mini-row sets across bands.
//
// Then each band's rows and each stack's columns are shuffled (validity-preserving permutations).
constexpr int kPatternTripleSwaps = 24;

// A key of the digits of the three cells from `first` on, `stride` apart, compared for
// equality only: bit d for digit d, one shift a cell (not DigitBit's two, in a loop that
// compares nine triples per swap), so not a digit set of board/digits.h.
uint16_t TripleSet(const Grid& grid, int first, int stride) {
  return static_cast<uint16_t>((1u << grid[first]) | (1u << grid[first + stride]) |
                               (1u << grid[first + 2 * stride]));
}

void SwapTriples(int a, int b, int stride, Grid* grid) {
  for (int i = 0; i < 3; ++i) std::swap((*grid)[a + i * stride], (*grid)[b + i * stride]);
}

// One attempted triple swap: a random mini-column (or mini-row) and, when some other one of its
// band (stack) holds the same digits, a random such partner.
void RandomTripleSwap(Rng& rng, Grid* grid) {
  const bool columns = rng.Below(2) == 0;
  const int block = static_cast<int>(rng.Below(3));  // band for mini-columns, else stack
  const int line = static_cast<int>(rng.Below(9));   // column, else row
  // A triple's first cell and the step between its cells.
  auto first = [&](int l) { return columns ? block * 27 + l : l * 9 + block * 3; };
  const int stride = columns ? 9 : 1;
  const uint16_t set = TripleSet(*grid, first(line), stride);
  uint16_t partners = 0;
  for (int other = 0; other < 9; ++other) {
    if (other != line && TripleSet(*grid, first(other), stride) == set) {
      partners |= static_cast<uint16_t>(1u << other);
    }
  }
  if (partners != 0) SwapTriples(first(line), first(RandomBit(partners, rng)), stride, grid);
}

void ShuffleRowsAndColumns(Rng& rng, Grid* grid) {
  std::array<uint8_t, 9> rows, cols;
  for (int block = 0; block < 3; ++block) {
    for (int i = 0; i < 3; ++i) {
      rows[block * 3 + i] = static_cast<uint8_t>(block * 3 + i);
      cols[block * 3 + i] = static_cast<uint8_t>(block * 3 + i);
    }
    rng.Shuffle(std::span<uint8_t>(rows.data() + block * 3, 3));
    rng.Shuffle(std::span<uint8_t>(cols.data() + block * 3, 3));
  }
  const Grid source = *grid;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) (*grid)[r * 9 + c] = source[rows[r] * 9 + cols[c]];
  }
}

Grid PatternGrid(Rng& rng) {
  Grid grid;
  for (int r = 0; r < 9; ++r) {
    const int shift = 3 * (r % 3) + r / 3;
    for (int c = 0; c < 9; ++c) grid[r * 9 + c] = static_cast<uint8_t>((shift + c) % 9 + 1);
  }
  for (int i = 0; i < kPatternTripleSwaps; ++i) RandomTripleSwap(rng, &grid);
  ShuffleRowsAndColumns(rng, &grid);
  return grid;
}

// ---------------------------------------------------------------------------------------------
// random-clues: 11 distinct random cells, each given a random digit that its row, column and box
// do not hold yet; the grid is the first solution the solver finds for these clues. Eleven
// clues almost always have solutions; an attempt fails when a cell has no digit left or the
// clues have no solution. Not promised: which completion is taken (the solver's search order).
constexpr int kRandomClues = 11;

bool TryRandomClues(Rng& rng, Grid* grid) {
  std::array<uint8_t, kCells> cells;
  std::iota(cells.begin(), cells.end(), 0);
  Grid clues;
  Houses houses;
  for (int i = 0; i < kRandomClues; ++i) {
    std::swap(cells[i], cells[i + static_cast<int>(rng.Below(static_cast<uint32_t>(kCells - i)))]);
    const int cell = cells[i];
    const uint16_t free = houses.Free(cell);
    if (free == 0) return false;
    const int digit = RandomDigit(free, rng);
    clues[cell] = static_cast<uint8_t>(digit);
    houses.Toggle(cell, digit);
  }
  return CountSolutions(clues, 1, grid) == 1;
}

Grid RandomCluesGrid(Rng& rng) {
  Grid grid;
  while (!TryRandomClues(rng, &grid)) {
  }
  return grid;
}

}  // namespace

std::string_view GridMethodName(GridMethod method) {
  return kGridMethodNames[static_cast<size_t>(method)];
}

std::optional<GridMethod> ParseGridMethod(std::string_view name) {
  for (GridMethod method : kGridMethods) {
    if (GridMethodName(method) == name) return method;
  }
  return std::nullopt;
}

Grid GenerateGrid(GridMethod method, Rng& rng) {
  switch (method) {
    case GridMethod::kSearch:
      return GenerateGrid(rng);
    case GridMethod::kDigitRows:
      return DigitRowsGrid(rng);
    case GridMethod::kBoxFill:
      return BoxFillGrid(rng);
    case GridMethod::kPattern:
      return PatternGrid(rng);
    case GridMethod::kRandomClues:
      return RandomCluesGrid(rng);
  }
  return GenerateGrid(rng);  // not reached for a valid enumerator
}

}  // namespace sudoku
