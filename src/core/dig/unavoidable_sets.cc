// UnavoidableSets: see dig/unavoidable_sets.h.
#include "core/dig/unavoidable_sets.h"

#include <bit>
#include <memory>

#include "core/board/bits.h"
#include "core/board/geometry.h"

namespace sudoku::core_internal {

// Where each digit lies in S, read off once for all three families.
struct UnavoidableSets::Where {
  explicit Where(const Grid& s) {
    for (int cell = 0; cell < kCells; ++cell) {
      const Place& p = kPlaces[cell];
      const int d = s[cell];
      col_in_row[d][p.row] = p.col;
      row_in_col[d][p.col] = p.row;
      box_in_row[d][p.row] = p.box;
      row_in_box[d][p.box] = p.row;
      row_third[p.row][p.col / 3] |= static_cast<uint16_t>(1u << d);
      col_third[p.col][p.row / 3] |= static_cast<uint16_t>(1u << d);
    }
  }
  // For digit d and row r: the column and the box of d in row r; the row of d in column (box).
  std::array<std::array<uint8_t, 9>, 10> col_in_row, row_in_col, box_in_row, row_in_box;
  // The digits of row (column) l in its cells 3j..3j+2, as keys compared for equality only: bit
  // d for digit d, one shift a cell rather than DigitBit's two, so not digit sets of
  // board/digits.h.
  std::array<std::array<uint16_t, 3>, 9> row_third{}, col_third{};
};

void UnavoidableSets::Make(const Grid& solution) {
  made_ = true;
  count_ = 0;
  size_of_cell_.fill(0);
  const Where where(solution);
  AddLinePairs(solution, where);
  AddCrossPairs(where);
  AddDigitPairs(where);
}

void UnavoidableSets::CountGivens(const CellSet& givens, uint8_t* left) const {
  for (int i = 0; i < count_; ++i)
    left[i] = static_cast<uint8_t>((table_.sets[i] & givens).Count());
}

// Adds the set of the `n` cells in `cells`.
void UnavoidableSets::Add(const uint8_t* cells, int n) {
  CellSet* const set = std::construct_at(table_.sets + count_);  // empty
  for (int i = 0; i < n; ++i) {
    set->Set(cells[i]);
    of_cell_[cells[i]][size_of_cell_[cells[i]]++] = static_cast<uint8_t>(count_);
  }
  ++count_;
}

// Line pairs, rows then columns: from the k-th cell of line l1, a cycle goes on to the cell of
// l1 that holds the digit of the k-th cell of l2.
void UnavoidableSets::AddLinePairs(const Grid& s, const Where& where) {
  for (int l1 = 0; l1 < 9; ++l1) {
    for (int l2 = l1 + 1; l2 < l1 / 3 * 3 + 3; ++l2) {
      AddCycles(
          l1, l2, [&](int k) { return where.col_in_row[s[l2 * 9 + k]][l1]; },
          [](int l, int k) { return l * 9 + k; });
      AddCycles(
          l1, l2, [&](int k) { return where.row_in_col[s[k * 9 + l2]][l1]; },
          [](int l, int k) { return k * 9 + l; });
    }
  }
}

// The cycles of kMaxSize cells or fewer of k -> next(k) on the cells of lines l1 and l2.
template <typename Next, typename Cell>
void UnavoidableSets::AddCycles(int l1, int l2, Next next, Cell cell) {
  unsigned seen = 0;
  for (int k0 = 0; k0 < 9; ++k0) {
    std::array<uint8_t, 18> cells;
    int n = 0;
    for (int k = k0; !(seen >> k & 1); k = next(k)) {
      seen |= 1u << k;
      cells[n++] = static_cast<uint8_t>(cell(l1, k));
      cells[n++] = static_cast<uint8_t>(cell(l2, k));
    }
    if (n > 0 && n <= kMaxSize) Add(cells.data(), n);
  }
}

void UnavoidableSets::AddCrossPairs(const Where& where) {
  for (int l1 = 0; l1 < 6; ++l1) {
    for (int l2 = l1 / 3 * 3 + 3; l2 < 9; ++l2) {
      for (int j = 0; j < 3; ++j) {
        const int k = 3 * j;
        if (where.row_third[l1][j] == where.row_third[l2][j]) AddThirds(l1 * 9 + k, l2 * 9 + k, 1);
        if (where.col_third[l1][j] == where.col_third[l2][j]) AddThirds(k * 9 + l1, k * 9 + l2, 9);
      }
    }
  }
}

// Adds the three cells from `a` on, `step` apart (1 along a row, 9 down a column), and the
// three from `b` on.
void UnavoidableSets::AddThirds(int a, int b, int step) {
  std::array<uint8_t, 6> cells;
  for (int i = 0; i < 3; ++i) {
    cells[2 * i] = static_cast<uint8_t>(a + i * step);
    cells[2 * i + 1] = static_cast<uint8_t>(b + i * step);
  }
  Add(cells.data(), 6);
}

// Parts of 4 cells are left out (they are the 2-column cycles of a line pair), and so are
// parts of more than kMaxSize cells.
void UnavoidableSets::AddDigitPairs(const Where& where) {
  const auto& col_in_row = where.col_in_row;
  const auto& row_in_col = where.row_in_col;
  const auto& box_in_row = where.box_in_row;
  const auto& row_in_box = where.row_in_box;
  for (int a = 1; a <= 9; ++a) {
    for (int b = a + 1; b <= 9; ++b) {
      // The parts as sets of rows (a row's a and b cells are joined): the column and the box
      // of the a of row r join r to the rows of their b, and the same with a and b swapped.
      std::array<uint16_t, 9> joined;
      for (int r = 0; r < 9; ++r) {
        joined[r] = static_cast<uint16_t>(1u << r | 1u << row_in_col[b][col_in_row[a][r]] |
                                          1u << row_in_col[a][col_in_row[b][r]] |
                                          1u << row_in_box[b][box_in_row[a][r]] |
                                          1u << row_in_box[a][box_in_row[b][r]]);
      }
      uint32_t done = 0;
      for (int r = 0; r < 9; ++r) {
        if (done >> r & 1) continue;
        uint32_t rows = joined[r], grown = rows;
        do {  // grow to the whole part, or until it is too large to keep
          rows = grown;
          for (uint32_t left = rows; left != 0; left &= left - 1) {
            grown |= joined[std::countr_zero(left)];
          }
        } while (grown != rows && 2 * PopCount(grown) <= kMaxSize);
        done |= grown;
        const int n = 2 * PopCount(grown);
        // A part past kMaxSize / 2 rows leaves at most two rows, too few for another part.
        if (n > kMaxSize) break;
        if (grown != rows || n <= 4) continue;
        std::array<uint8_t, 18> cells;
        int i = 0;
        for (; rows != 0; rows &= rows - 1) {
          const int row = std::countr_zero(rows);
          cells[i++] = static_cast<uint8_t>(row * 9 + col_in_row[a][row]);
          cells[i++] = static_cast<uint8_t>(row * 9 + col_in_row[b][row]);
        }
        Add(cells.data(), n);
      }
    }
  }
}

}  // namespace sudoku::core_internal
