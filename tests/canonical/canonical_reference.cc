// Slow, independent canonical forms that tests/canonical_test.cc checks the fast ones against;
// see canonical_reference.h.
#include "canonical/canonical_reference.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace sudoku::canonical_reference {
namespace {

// The 1296 orders of nine lines that keep groups of three together.
std::vector<std::array<uint8_t, 9>> AllLineOrders() {
  static constexpr uint8_t kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                           {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<std::array<uint8_t, 9>> orders;
  for (const auto& groups : kPerms) {
    for (const auto& a : kPerms) {
      for (const auto& b : kPerms) {
        for (const auto& c : kPerms) {
          const uint8_t* within[3] = {a, b, c};
          std::array<uint8_t, 9> lines{};
          for (int g = 0; g < 3; ++g) {
            for (int i = 0; i < 3; ++i) lines[3 * g + i] = 3 * groups[g] + within[g][i];
          }
          orders.push_back(lines);
        }
      }
    }
  }
  return orders;
}

}  // namespace

// The minlex form by definition: every orientation, row order and column order, each relabelled
// by first appearance, keeping the smallest string. (A candidate is abandoned at its first cell
// larger than the best, which does not change the minimum.) 3.4 million arrangements.
Grid BruteForceMinlex(const Grid& puzzle) {
  static const std::vector<std::array<uint8_t, 9>> orders = AllLineOrders();
  std::array<uint8_t, kCells> best;
  best.fill(10);
  std::array<uint8_t, kCells> candidate{};
  for (int transpose = 0; transpose < 2; ++transpose) {
    for (const auto& rows : orders) {
      for (const auto& cols : orders) {
        uint8_t label[10] = {};
        uint8_t next = 1;
        bool smaller = false, larger = false;
        for (int i = 0; i < kCells && !larger; ++i) {
          const int r = rows[i / 9], c = cols[i % 9];
          const uint8_t v = transpose ? puzzle[c * 9 + r] : puzzle[r * 9 + c];
          if (v != 0 && label[v] == 0) label[v] = next++;
          candidate[i] = label[v];
          if (!smaller) {
            larger = candidate[i] > best[i];
            smaller = candidate[i] < best[i];
          }
        }
        if (smaller) best = candidate;
      }
    }
  }
  Grid out;
  out.cells = best;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The previous CanonicalGrid (a branch-and-bound over column orders, ~17 us per grid), kept as
// an independent reference: the stored corpora hold its output, so the fast one must agree.
namespace {
namespace previous {

using PackedRow = uint64_t;
constexpr PackedRow kUnknownRow = ~PackedRow{0};
constexpr PackedRow RowPrefix(PackedRow row, int len) { return row >> (4 * (9 - len)); }
constexpr uint8_t kNone = 0xFF;

struct Oriented {
  uint8_t cells[2][kCells];
  explicit Oriented(const Grid& grid) {
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        cells[0][r * 9 + c] = grid[r * 9 + c];
        cells[1][c * 9 + r] = grid[r * 9 + c];
      }
    }
  }
};

struct BestRows {
  PackedRow rows[9];
  int known = 0;

  Grid ToGrid() const {
    Grid out;
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) out[r * 9 + c] = (rows[r] >> (4 * (8 - c))) & 0xF;
    }
    return out;
  }
};

// A column permutation under construction, for one choice of the top band's first two rows.
struct ColumnPath {
  uint8_t col[9];    // result position -> source column (kNone: not placed)
  uint8_t pos[9];    // source column -> result position (kNone: not placed)
  uint8_t stack[3];  // result stack -> source stack
  uint8_t slot[3];   // source stack -> result stack (kNone: not placed)
  uint8_t fill[3];   // positions of each result stack placed so far (a prefix)
  uint8_t stacks;    // result stacks assigned so far (a prefix)
};

class GridSearch {
 public:
  explicit GridSearch(const Grid& grid) : grid_(grid) {}

  Grid Run() {
    // The second row starts 456 when some stack of it holds a whole stack of the first row's
    // digits (put that stack first), else 457. Starting from that bound prunes every band choice
    // that cannot reach it at its third position.
    best_second_ = HasPureStack() ? 0x456FFFFFFull : 0x457FFFFFFull;
    for (int o = 0; o < 2; ++o) {
      for (int band = 0; band < 3; ++band) {
        for (int a = 0; a < 3; ++a) {
          for (int b = 0; b < 3; ++b) {
            if (a != b) SearchBand(o, band, 3 * band + a, 3 * band + b, 3 * band + 3 - a - b);
          }
        }
      }
    }
    return best_.ToGrid();
  }

 private:
  // True iff for some orientation, band and two rows of it, the three digits of some stack of
  // the second row all lie in one stack of the first row.
  bool HasPureStack() const {
    for (int o = 0; o < 2; ++o) {
      for (int r0 = 0; r0 < 9; ++r0) {
        uint8_t stack_of[10];
        for (int c = 0; c < 9; ++c)
          stack_of[grid_.cells[o][9 * r0 + c]] = static_cast<uint8_t>(c / 3);
        for (int r1 = 3 * (r0 / 3); r1 < 3 * (r0 / 3) + 3; ++r1) {
          if (r1 == r0) continue;
          const uint8_t* row = grid_.cells[o] + 9 * r1;
          for (int s = 0; s < 3; ++s) {
            const int t = stack_of[row[3 * s]];
            if (stack_of[row[3 * s + 1]] == t && stack_of[row[3 * s + 2]] == t) return true;
          }
        }
      }
    }
    return false;
  }

  void SearchBand(int o, int band, int first, int second, int third) {
    cells_ = grid_.cells[o];
    band_ = band;
    third_ = third;
    const uint8_t* row0 = cells_ + 9 * first;
    const uint8_t* row1 = cells_ + 9 * second;
    for (int c = 0; c < 9; ++c) column_of_[row0[c]] = static_cast<uint8_t>(c);
    for (int c = 0; c < 9; ++c) target_[c] = column_of_[row1[c]];
    ColumnPath path{};
    std::fill(std::begin(path.col), std::end(path.col), kNone);
    std::fill(std::begin(path.pos), std::end(path.pos), kNone);
    std::fill(std::begin(path.slot), std::end(path.slot), kNone);
    std::fill(std::begin(path.fill), std::end(path.fill), 0);
    path.stacks = 0;
    Step(0, path, 0);
  }

  // Places `column` at result position `at` (the next free one of its result stack).
  static void Place(ColumnPath& path, int column, int at) {
    path.col[at] = static_cast<uint8_t>(column);
    path.pos[column] = static_cast<uint8_t>(at);
    ++path.fill[at / 3];
  }

  // Value of the second row at the position just given `column`: the result position of the
  // column whose first-row digit it holds, committing that column's position if still free.
  uint8_t Resolve(ColumnPath& path, int column) const {
    const int t = target_[column];
    if (path.pos[t] == kNone) {
      const int source_stack = t / 3;
      if (path.slot[source_stack] == kNone) {
        path.slot[source_stack] = path.stacks;
        path.stack[path.stacks++] = static_cast<uint8_t>(source_stack);
      }
      const int s = path.slot[source_stack];
      Place(path, t, 3 * s + path.fill[s]);
    }
    return static_cast<uint8_t>(path.pos[t] + 1);
  }

  // The second row's value at a position given `column` (opening a new result stack first when
  // `opens`), without changing `path`: see Resolve.
  uint8_t ValueOf(const ColumnPath& path, int column, bool opens) const {
    const int t = target_[column];
    if (path.pos[t] != kNone) return static_cast<uint8_t>(path.pos[t] + 1);
    const int s = path.slot[t / 3];
    if (s != kNone) return static_cast<uint8_t>(3 * s + path.fill[s] + 1);
    return static_cast<uint8_t>(3 * (path.stacks + opens) + 1);
  }

  // True iff the second row's digits in source stack `t` are one stack of the first row.
  bool IsPure(int t) const {
    return target_[3 * t] / 3 == target_[3 * t + 1] / 3 &&
           target_[3 * t] / 3 == target_[3 * t + 2] / 3;
  }

  void Step(int at, const ColumnPath& path, PackedRow key) {
    if (at == 9) return Leaf(path, key);
    const int s = at / 3;
    uint8_t columns[9], values[9];
    int n = 0;
    const bool opens = s == path.stacks;
    const bool committed = !opens && at - 3 * s < path.fill[s];
    if (committed) {
      columns[n] = path.col[at];
      values[n++] = ValueOf(path, path.col[at], false);
    } else {
      // A first stack whose digits are not one stack of the first row gives 457 at best.
      const bool need_pure = at == 0 && RowPrefix(best_second_, 3) <= 0x456;
      for (int c = 0; c < 9; ++c) {
        if (need_pure && !IsPure(c / 3)) continue;
        const bool allowed =
            opens ? path.slot[c / 3] == kNone : c / 3 == path.stack[s] && path.pos[c] == kNone;
        if (!allowed) continue;
        columns[n] = static_cast<uint8_t>(c);
        values[n++] = ValueOf(path, c, opens);
      }
    }
    const uint8_t smallest = *std::min_element(values, values + n);
    const PackedRow next_key = key * 16 + smallest;
    if (next_key > RowPrefix(best_second_, at + 1)) return;
    for (int i = 0; i < n; ++i) {
      if (values[i] != smallest) continue;
      ColumnPath next = path;
      if (opens) {
        next.slot[columns[i] / 3] = static_cast<uint8_t>(s);
        next.stack[s] = static_cast<uint8_t>(columns[i] / 3);
        ++next.stacks;
      }
      if (!committed) Place(next, columns[i], at);
      Resolve(next, columns[i]);
      Step(at + 1, next, next_key);
    }
  }

  // A finished permutation whose second row is <= the best one: compares the whole result with
  // the best, row by row, stopping at the first larger row.
  void Leaf(const ColumnPath& path, PackedRow second) {
    uint8_t label[10];
    label[0] = 0;
    for (int d = 1; d <= 9; ++d) label[d] = static_cast<uint8_t>(path.pos[column_of_[d]] + 1);
    bool smaller = second < best_second_;
    PackedRow rows[9];
    rows[0] = 0x123456789ull;
    rows[1] = second;
    // Rows 3-8: the other two bands, in the order of their rows' (distinct) first digits.
    int order[9];
    order[2] = third_;
    uint8_t first[9];
    int band_min[3] = {10, 10, 10};
    for (int r = 0; r < 9; ++r) {
      if (r / 3 == band_) continue;
      first[r] = label[cells_[9 * r + path.col[0]]];
      band_min[r / 3] = std::min<int>(band_min[r / 3], first[r]);
    }
    int at = 3;
    for (int pass = 0; pass < 2; ++pass) {
      int pick = -1;
      for (int b = 0; b < 3; ++b) {
        if (b != band_ && band_min[b] < 10 && (pick < 0 || band_min[b] < band_min[pick])) pick = b;
      }
      band_min[pick] = 10;
      int rows_of[3] = {3 * pick, 3 * pick + 1, 3 * pick + 2};
      std::sort(rows_of, rows_of + 3, [&](int x, int y) { return first[x] < first[y]; });
      for (int r : rows_of) order[at++] = r;
    }
    for (int k = 2; k < 9; ++k) {
      rows[k] = Relabel(order[k], path, label);
      if (!smaller) {
        if (rows[k] > best_.rows[k]) return;
        smaller = rows[k] < best_.rows[k];
      }
    }
    if (!smaller) return;
    best_second_ = second;
    std::copy(rows, rows + 9, best_.rows);
    best_.known = 9;
  }

  PackedRow Relabel(int row, const ColumnPath& path, const uint8_t* label) const {
    PackedRow key = 0;
    for (int c = 0; c < 9; ++c) key = key * 16 + label[cells_[9 * row + path.col[c]]];
    return key;
  }

  Oriented grid_;
  const uint8_t* cells_ = nullptr;
  int band_ = 0;
  int third_ = 0;
  uint8_t column_of_[10] = {};  // digit -> source column in the first row
  uint8_t target_[9] = {};      // source column -> column of the first row holding its digit
  PackedRow best_second_ = kUnknownRow;
  BestRows best_;
};

Grid CanonicalGrid(const Grid& grid) { return GridSearch(grid).Run(); }

}  // namespace previous
}  // namespace

Grid PreviousCanonicalGrid(const Grid& grid) { return previous::CanonicalGrid(grid); }

}  // namespace sudoku::canonical_reference
