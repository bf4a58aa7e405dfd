// Minlex canonical forms of puzzles by a branch-and-bound over the rows of the result.
//
// Puzzles (CanonicalForm). The result is built row by row. A search node holds the choices made
// so far: the orientation, the source rows placed (which fixes the source band being filled),
// the stack order, the source column at each result position, and the digit labels given so far
// (by first appearance, the relabelling that makes every prefix smallest). Columns of one stack
// that every placed row leaves equal (in practice: empty) are not ordered yet: they form a group
// of interchangeable positions, so an empty row costs no branching. Placing the next row sorts
// each group's cells (empty, then already-labelled digits by label, then new digits) and splits
// the group where the values differ; only several new digits in one group branch, over their
// orders. A row holding no digit twice (every row of a puzzle without conflicts) is placed all
// at once (PlaceRow, canonical/row.h); one with a repeated digit group by group (PlaceGroups),
// as a label given in one group changes the order of the next.
//
// The search goes breadth-first through ties: all nodes sharing the best prefix are expanded
// together, every candidate next row of each is scored (its relabelled row as a packed
// integer), and only the children reaching the smallest row go one level deeper. A set of ties
// whose smallest row is larger than the best result's row at that depth is abandoned, one whose
// smallest row is smaller replaces the best from that row on.
//
// Finished grids take a faster path: CanonicalGrid, in canonical/grid.cc.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <utility>

#include "core/canonical/row.h"
#include "sudoku/core/canonical.h"

namespace sudoku {
namespace {

using core_internal::ForEachOrder;
using core_internal::kNew;
using core_internal::Load8;
using core_internal::Node;
using core_internal::NonzeroBytes;
using core_internal::PackedRow;
using core_internal::RowCells;
using core_internal::UnpackRow;

// Larger than every row.
constexpr PackedRow kUnknownRow = ~PackedRow{0};

// The first `len` cells of `row` (len 1-9).
constexpr PackedRow RowPrefix(PackedRow row, int len) { return row >> (4 * (9 - len)); }

// Set bits of each 9-bit mask (std::popcount is a library call on CPUs without POPCNT).
constexpr auto kBitCount = [] {
  std::array<uint8_t, 512> count{};
  for (int m = 1; m < 512; ++m) count[m] = static_cast<uint8_t>(count[m >> 1] + (m & 1));
  return count;
}();

// Bit i set for each nonzero cell i of a line (cells hold 0-9).
inline uint16_t NonzeroCells(const uint8_t* line) {
  return static_cast<uint16_t>(NonzeroBytes(Load8(line)) | (line[8] != 0) << 8);
}

// Both orientations of the input (cells[1] transposed) and, per line, its givens.
struct Oriented {
  uint8_t cells[2][kCells];
  uint8_t scratch[7] = {};   // so that 16 bytes can be read from the start of any line
  uint16_t givens[2][9];     // bit c set: cell c of the line holds a given
  uint16_t repeats[2] = {};  // bit r set: line r holds a digit twice

  explicit Oriented(const Grid& grid) {
    std::memcpy(cells[0], grid.cells.data(), kCells);
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) cells[1][c * 9 + r] = grid[r * 9 + c];
    }
    for (int o = 0; o < 2; ++o) {
      for (int r = 0; r < 9; ++r) ScanLine(o, r);
    }
  }

  void ScanLine(int o, int r) {
    const uint8_t* line = cells[o] + 9 * r;
    givens[o][r] = NonzeroCells(line);
    unsigned values = 0;  // bit v: a cell of the line holds v (0: empty)
    for (int c = 0; c < 9; ++c) values |= 1u << line[c];
    const unsigned digits = values >> 1;  // its digits, bit d - 1 for digit d (board/digits.h)
    if (kBitCount[digits] != kBitCount[givens[o][r]]) {
      repeats[o] = static_cast<uint16_t>(repeats[o] | 1u << r);
    }
  }

  bool Repeats(int o, int r) const { return repeats[o] >> r & 1; }
};

// The shape of a line's first row, from the line's givens mask (bit c: cell c holds a given):
// the most leading empty cells any column order gives it (bits 0-3: its empty stacks first,
// then the empty cells of its emptiest other stack), and its stack counts in increasing order
// (bits 4-9, ordered like the counts).
constexpr auto kLineShapes = [] {
  std::array<uint16_t, 512> shapes{};
  for (unsigned mask = 0; mask < 512; ++mask) {
    int n[3], empty_stacks = 0, fewest = 3;
    for (int s = 0; s < 3; ++s) {
      n[s] = kBitCount[mask >> (3 * s) & 7u];
      if (n[s] == 0) ++empty_stacks;
      if (n[s] != 0 && n[s] < fewest) fewest = n[s];
    }
    const int zeros = empty_stacks == 3 ? 9 : 3 * empty_stacks + 3 - fewest;
    if (n[0] > n[1]) std::swap(n[0], n[1]);
    if (n[1] > n[2]) std::swap(n[1], n[2]);
    if (n[0] > n[1]) std::swap(n[0], n[1]);
    shapes[mask] = static_cast<uint16_t>(zeros | (n[0] << 4 | n[1] << 2 | n[2]) << 4);
  }
  return shapes;
}();

// The best result so far, row by row; rows at index >= known are not found yet.
struct BestRows {
  PackedRow rows[9];
  int known = 0;

  Grid ToGrid() const {
    Grid out;
    for (int r = 0; r < 9; ++r) UnpackRow(rows[r], out.cells.data() + 9 * r);
    return out;
  }
};

// ---------------------------------------------------------------------------------------------
// Puzzles.

constexpr uint16_t kStackSplits = (1 << 2) | (1 << 5) | (1 << 8);

// Tied children held at once per level; more are searched in batches of this size.
constexpr int kKept = 16;

class PuzzleSearch {
 public:
  explicit PuzzleSearch(const Grid& puzzle) : grid_(puzzle) {}

  Grid Run() {
    // Root: every orientation and stack order, columns of a stack not yet ordered.
    Node roots[12];
    int n = 0;
    static constexpr uint8_t kOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                              {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (uint8_t o = 0; o < 2; ++o) {
      for (const auto& order : kOrders) {
        Node& node = roots[n++];
        for (int s = 0; s < 3; ++s) {
          for (int i = 0; i < 3; ++i) node.col[3 * s + i] = static_cast<uint8_t>(3 * order[s] + i);
        }
        for (int v = 0; v < 10; ++v) node.label[v] = static_cast<uint8_t>(v == 0 ? 0 : kNew + v);
        node.split = kStackSplits;
        node.used = 0;
        node.orient = o;
        node.band = 0;
        node.next = 1;
      }
    }
    FindFirstRows();
    Expand(0, roots, n);
    return best_.ToGrid();
  }

 private:
  // The lines that can be the first row: those starting with the most empty cells (an empty
  // cell is smaller than any digit). Among lines holding no digit twice the row depends only on
  // the stack counts (stacks in increasing count, each empty cells first, then labels 1, 2, ...),
  // so only those with the smallest counts stay.
  void FindFirstRows() {
    int zeros[2][9], sorted[2][9], most = 0, fewest = 1 << 6;
    for (int o = 0; o < 2; ++o) {
      for (int r = 0; r < 9; ++r) {
        const uint16_t shape = kLineShapes[grid_.givens[o][r]];
        zeros[o][r] = shape & 15;
        sorted[o][r] = grid_.Repeats(o, r) ? -1 : shape >> 4;
        most = std::max(most, zeros[o][r]);
        if (sorted[o][r] >= 0) fewest = std::min(fewest, sorted[o][r]);
      }
    }
    for (int o = 0; o < 2; ++o) {
      first_rows_[o] = 0;
      for (int r = 0; r < 9; ++r) {
        if (zeros[o][r] == most && sorted[o][r] <= fewest) {
          first_rows_[o] = static_cast<uint16_t>(first_rows_[o] | 1u << r);
        }
      }
    }
  }

  // At the root: true iff `root`'s stack order puts the stacks of line `givens` in increasing
  // count. Any other order makes the line's row larger (at the first stack out of order, an
  // empty cell becomes a digit), even with repeated digits.
  static bool CountsAscend(uint16_t givens, const Node& root) {
    int last = 0;
    for (int s = 0; s < 3; ++s) {
      const int n = kBitCount[givens >> root.col[3 * s] & 7u];
      if (n < last) return false;
      last = n;
    }
    return true;
  }

  // Explores the children of `parents` (all with the same result prefix) at depth `level`. Every
  // child reaching the smallest next row goes one level deeper together with the others, so ties
  // are settled one row at a time instead of each tied child's subtree being searched in turn
  // (which searched deep below children that a later sibling beat, about twice the work).
  void Expand(int level, const Node* parents, int count) {
    PackedRow bound = best_.known > level ? best_.rows[level] : kUnknownRow;
    bool any = false;
    // The smallest children are kept for the descent; if there are too many, they are made
    // again in a second pass.
    Node kept[kKept];
    int kept_count = 0;
    bool overflow = false;
    auto score = [&](PackedRow key, const Node& child) {
      if (!any || key < bound) {
        kept_count = 0;
        overflow = false;
      }
      bound = key;
      any = true;
      if (kept_count < kKept) {
        kept[kept_count++] = child;
      } else {
        overflow = true;
      }
    };
    for (int i = 0; i < count; ++i) ForEachNextRow(parents[i], level, bound, score);
    if (!any) return;  // every child is larger than the best at this row
    if (best_.known <= level || bound < best_.rows[level]) {
      best_.rows[level] = bound;
      best_.known = level + 1;
    }
    if (level == 8) return;
    if (overflow) return DescendInBatches(level, parents, count, bound, kept);
    Expand(level + 1, kept, kept_count);
  }

  // Makes the children of `parents` again and descends with those whose row is `target`, kKept
  // at a time in `batch`. Each batch is a set of ties like any other.
  void DescendInBatches(int level, const Node* parents, int count, PackedRow target, Node* batch) {
    int n = 0;
    auto gather = [&](PackedRow key, const Node& child) {
      if (key != target) return;
      batch[n++] = child;
      if (n == kKept) {
        Expand(level + 1, batch, n);
        n = 0;
      }
    };
    PackedRow bound = target;
    for (int i = 0; i < count; ++i) ForEachNextRow(parents[i], level, bound, gather);
    if (n > 0) Expand(level + 1, batch, n);
  }

  // Calls visit(row, child) for every way to place a source row at depth `level` whose
  // relabelled row is <= bound (bound may shrink while iterating).
  template <class Visit>
  void ForEachNextRow(const Node& parent, int level, PackedRow& bound, Visit& visit) {
    const uint8_t* cells = grid_.cells[parent.orient];
    // A band's first row comes from any band not used yet, its others from the same band.
    unsigned rows = 0;
    if (level % 3 != 0) {
      rows = 7u << (3 * parent.band);
    } else {
      for (int b = 0; b < 3; ++b) {
        if (!(parent.used & (7u << (3 * b)))) rows |= 7u << (3 * b);
      }
      if (level == 0) rows &= first_rows_[parent.orient];
    }
    for (rows &= ~parent.used; rows != 0; rows &= rows - 1) {
      const int r = std::countr_zero(rows);
      if (level == 0 && !CountsAscend(grid_.givens[parent.orient][r], parent)) continue;
      Node child = parent;
      child.used = static_cast<uint16_t>(parent.used | (1u << r));
      child.band = static_cast<uint8_t>(r / 3);
      if (grid_.Repeats(parent.orient, r)) {
        PlaceGroups(cells + 9 * r, child, 0, 0, bound, visit);
      } else {
        PlaceRow(cells + 9 * r, child, bound, visit);
      }
    }
  }

  // Places source row `src`, which holds no digit twice, into `node`: each group's cells sorted
  // by key, new digits labelled in the order they come. The new digits sharing a group can come
  // in any order, all giving the same row: each order is one child.
  template <class Visit>
  void PlaceRow(const uint8_t* src, Node& node, PackedRow& bound, Visit& visit) {
    RowCells cells(src, node);
    cells.SortGroups(node.split);
    unsigned fresh;
    const PackedRow key = cells.Relabel(node.next, fresh);
    if (key > bound) return;
    const unsigned swappable = cells.Split(fresh, node.split);
    ForEachOrder(cells, swappable, fresh, node, [&] { visit(key, node); });
  }

  // Places the groups of result positions pos..8 of source row `src` into `node`, `key` holding
  // the row's first `pos` cells. Abandons any arrangement whose prefix exceeds `bound`.
  template <class Visit>
  void PlaceGroups(const uint8_t* src, Node node, int pos, PackedRow key, PackedRow& bound,
                   Visit& visit) {
    while (pos < 9) {
      // The group ends at the next split (bit 8 is always set).
      const int end = pos + std::countr_zero(static_cast<unsigned>(node.split >> pos));
      const int size = end - pos + 1;
      // Sort the group's cells by key: 0, then labels, then new digits (kNew + digit).
      uint8_t cols[3], keys[3];
      for (int i = 0; i < size; ++i) {
        const uint8_t c = node.col[pos + i];
        const uint8_t k = node.label[src[c]];
        int j = i;
        for (; j > 0 && keys[j - 1] > k; --j) {
          keys[j] = keys[j - 1];
          cols[j] = cols[j - 1];
        }
        keys[j] = k;
        cols[j] = c;
      }
      int known = 0;
      while (known < size && keys[known] < kNew) ++known;
      for (int i = 0; i < known; ++i) {
        key = key * 16 + keys[i];
        if (key > RowPrefix(bound, pos + i + 1)) return;
        node.col[pos + i] = cols[i];
        if (i > 0 && keys[i] != keys[i - 1])
          node.split |= static_cast<uint16_t>(1u << (pos + i - 1));
      }
      if (known == size) {
        pos = end + 1;
        continue;
      }
      if (known > 0) node.split |= static_cast<uint16_t>(1u << (pos + known - 1));
      // New digits: one distinct digit is placed directly; several branch over their orders.
      const int fresh = size - known;
      int distinct = 1;
      for (int i = known + 1; i < size; ++i) distinct += keys[i] != keys[i - 1];
      if (distinct == 1) {
        node.label[keys[known] - kNew] = node.next++;
        for (int i = known; i < size; ++i) {
          node.col[pos + i] = cols[i];
          key = key * 16 + node.label[keys[known] - kNew];
        }
        if (key > RowPrefix(bound, end + 1)) return;
        pos = end + 1;
        continue;
      }
      BranchNewDigits(src, node, pos, known, fresh, cols, keys, key, bound, visit);
      return;
    }
    visit(key, node);
  }

  // The group at `pos` ends with `fresh` cells of at least two distinct new digits (sorted by
  // digit, equal digits adjacent): tries every order of the distinct digits.
  template <class Visit>
  void BranchNewDigits(const uint8_t* src, const Node& node, int pos, int known, int fresh,
                       const uint8_t* cols, const uint8_t* keys, PackedRow key, PackedRow& bound,
                       Visit& visit) {
    // Runs of equal digits: start index and length, in sorted order.
    uint8_t run_start[3], run_len[3];
    int runs = 0;
    for (int i = known; i < known + fresh; ++i) {
      if (i == known || keys[i] != keys[i - 1]) {
        run_start[runs] = static_cast<uint8_t>(i);
        run_len[runs++] = 0;
      }
      ++run_len[runs - 1];
    }
    // Orders of 2 runs are the first two rows of the 3-run table.
    static constexpr uint8_t kOrders[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1},
                                              {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    const int orders = runs == 2 ? 2 : 6;
    for (int k = 0; k < orders; ++k) {
      const uint8_t* order = kOrders[k];
      Node child = node;
      PackedRow child_key = key;
      int at = pos + known;
      bool over = false;
      for (int r = 0; r < runs && !over; ++r) {
        const int run = order[r];
        const uint8_t label = child.next++;
        child.label[keys[run_start[run]] - kNew] = label;
        if (at > pos) child.split |= static_cast<uint16_t>(1u << (at - 1));
        for (int i = 0; i < run_len[run]; ++i, ++at) {
          child.col[at] = cols[run_start[run] + i];
          child_key = child_key * 16 + label;
        }
        over = child_key > RowPrefix(bound, at);
      }
      if (!over) PlaceGroups(src, child, at, child_key, bound, visit);
    }
  }

  Oriented grid_;
  BestRows best_;
  uint16_t first_rows_[2];  // per orientation, bit r set: line r can be the first row
};

}  // namespace

Grid CanonicalForm(const Grid& puzzle) {
  if (CountGivens(puzzle) == kCells && IsCompleteValidGrid(puzzle)) return CanonicalGrid(puzzle);
  return PuzzleSearch(puzzle).Run();
}

}  // namespace sudoku
