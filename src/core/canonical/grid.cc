// Minlex form of a finished grid (CanonicalGrid).
//
// The first result row is always 123456789. Choosing an orientation, a band and an ordered pair
// of its rows as the first two result rows (36 "top pairs") fixes everything else up to the
// column order: the relabelling makes the first row 123456789, the third row is the band's last
// row, and the other six rows follow the order of their (distinct) first digits. Write tau(c) for
// the column where the first row holds the digit that the second row holds in column c: the
// second result row is pos(tau(col(p))) + 1, tau conjugated by the column order. tau sends each
// stack's columns into the two other stacks, which leaves few orders that can make that row
// smallest:
//   - Pure bands (each stack of the second row holds the digits of one stack of the first row;
//     then every pair of the band does): the row starts 456789 only if the stacks follow tau's
//     cycle, and the first stack's column order then fixes the others. tau^3 maps each stack to
//     itself; the row ends 123, 132 or 231 as it has three, one or no fixed points, which also
//     says which orders of the first stack qualify. A pure pair beats every mixed one, and only
//     the pairs of the best shape are searched.
//   - Mixed bands: each stack A sends two columns to one stack B and one column to the other, C.
//     The row starts 457 at best: stacks A, B, C; A's two columns sent to B first, their images
//     opening B; C opening with the image of A's third column; C's other two columns either way
//     (3 x 2 x 2 orders per pair). It goes on with 1 only if tau swaps A's first column with a
//     column of B, and then it is 457189, from a single order per swap. Pairs with swaps, if
//     there are any, beat all others, and only their swap orders are searched (a grid without
//     any swap, which is rare, searches all 12 orders of every pair).
// Every candidate order is scored by its second and third rows; the orders reaching the smallest
// top band (usually one or two) are then compared on the other six rows.
#include <algorithm>
#include <bit>
#include <compare>
#include <cstdint>
#include <utility>

#include "core/canonical/row.h"
#include "sudoku/core/canonical.h"

namespace sudoku {
namespace {

#if defined(__SSSE3__)
using core_internal::Load16;
#endif
using core_internal::PackedRow;
constexpr PackedRow kUnknownRow = ~PackedRow{0};

constexpr uint8_t kOrders3[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                    {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};

// Both orientations of the input (cells[1] transposed) and, per row, the column of each digit.
struct Lines {
  uint8_t cells[2][kCells];
  uint8_t column_of[2][9][10];
  uint8_t scratch[6];  // so that 16 bytes can be read from the start of any line or column_of

  explicit Lines(const Grid& grid) {
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        const uint8_t d = grid[r * 9 + c];
        cells[0][r * 9 + c] = d;
        cells[1][c * 9 + r] = d;
        column_of[0][r][d] = static_cast<uint8_t>(c);
        column_of[1][c][d] = static_cast<uint8_t>(r);
      }
    }
  }

  // A key of the digits of row r's stack s, compared for equality only: bit d for digit d, one
  // shift a cell rather than DigitBit's two, so not a digit set of board/digits.h.
  uint16_t StackDigits(int o, int r, int s) const {
    const uint8_t* cell = cells[o] + 9 * r + 3 * s;
    return static_cast<uint16_t>((1u << cell[0]) | (1u << cell[1]) | (1u << cell[2]));
  }

  // True iff the band's pairs are pure (see the file comment).
  bool IsPureBand(int o, int band) const {
    const uint16_t second = StackDigits(o, 3 * band + 1, 0);
    return second == StackDigits(o, 3 * band, 1) || second == StackDigits(o, 3 * band, 2);
  }
};

// How a top pair's candidate column orders are formed (see the file comment).
enum class Orders : uint8_t { kPure, kMixedSwaps, kMixedAll };

// One choice of the first two result rows; `third` is the band's remaining row.
struct TopPair {
  uint8_t orient, first, second, third;
  uint8_t tau[16];  // the second row's map (see the file comment); 9-15 are scratch
  Orders orders;
  uint8_t major_step;    // mixed: each stack s sends two columns to stack (s + major_step) % 3
  uint16_t swap_firsts;  // kMixedSwaps: bit c set for each column c that opens an order
};

// A column order: result position -> source column, and back.
struct ColumnOrder {
  uint8_t col[9];
  uint8_t pos[9];

  void Set(int p, uint8_t column) {
    col[p] = column;
    pos[column] = static_cast<uint8_t>(p);
  }
  void SwapLastTwo() {
    const uint8_t seventh = col[7];
    Set(7, col[8]);
    Set(8, seventh);
  }
};

// Column tables of this search, 16 entries wide for its byte shuffles (the board's own geometry
// is board/geometry.h). kStackOf[c]: the stack of column c.
constexpr uint8_t kStackOf[16] = {0, 0, 0, 1, 1, 1, 2, 2, 2};
// kStackAfter[step][c]: the stack `step` stacks after column c's (0xFF past column 8).
constexpr uint8_t kStackAfter[3][16] = {
    {0, 0, 0, 1, 1, 1, 2, 2, 2, 255, 255, 255, 255, 255, 255, 255},
    {1, 1, 1, 2, 2, 2, 0, 0, 0, 255, 255, 255, 255, 255, 255, 255},
    {2, 2, 2, 0, 0, 0, 1, 1, 1, 255, 255, 255, 255, 255, 255, 255}};

// The other two columns of each column's stack, in increasing order.
constexpr uint8_t kOthers[9][2] = {{1, 2}, {0, 2}, {0, 1}, {4, 5}, {3, 5},
                                   {3, 4}, {7, 8}, {6, 8}, {6, 7}};

// Pure pairs: the orders opening with columns x (one stack, in order) that follow tau, keeping
// those that make the second row smallest. tau^3 maps each stack to itself; the row ends 123 if
// that is the identity (any order), 132 if it swaps two columns (the fixed one first), 231 if
// it is a cycle (which x follows).
template <class Visit>
void ForEachPureOrder(const TopPair& pair, Visit&& visit) {
  const uint8_t* tau = pair.tau;
  ColumnOrder order;
  for (int a = 0; a < 9; a += 3) {
    uint8_t cube[3];
    for (int i = 0; i < 3; ++i) cube[i] = static_cast<uint8_t>(tau[tau[tau[a + i]]] - a);
    const int fixed = (cube[0] == 0) + (cube[1] == 1) + (cube[2] == 2);
    for (const auto& x : kOrders3) {
      if (fixed == 1 && cube[x[0]] != x[0]) continue;
      if (fixed == 0 && cube[x[0]] != x[1]) continue;
      for (int i = 0; i < 3; ++i) {
        const uint8_t column = static_cast<uint8_t>(a + x[i]);
        order.Set(i, column);
        order.Set(3 + i, tau[column]);
        order.Set(6 + i, tau[tau[column]]);
      }
      visit(order);
    }
  }
}

// Mixed pairs: the order opening with x0, whose image must lie in the stack B that receives two
// columns of x0's stack A. Then the other column of A sent to B, A's third column, the images of
// the first two, B's third column, the image of A's third column (opening C), then C's other
// two columns in increasing order.
void MixedOrder(const uint8_t* tau, uint8_t x0, ColumnOrder& order) {
  const uint8_t y0 = tau[x0];
  const uint8_t* others = kOthers[x0];
  const bool first_to_b = kStackOf[tau[others[0]]] == kStackOf[y0];
  const uint8_t x1 = others[first_to_b ? 0 : 1], x2 = others[first_to_b ? 1 : 0];
  const uint8_t y1 = tau[x1];
  // The columns of stack B add up to 9 B + 3.
  const uint8_t y2 = static_cast<uint8_t>(9 * kStackOf[y0] + 3 - y0 - y1);
  const uint8_t z0 = tau[x2];
  const uint8_t head[7] = {x0, x1, x2, y0, y1, y2, z0};
  for (int i = 0; i < 7; ++i) order.Set(i, head[i]);
  order.Set(7, kOthers[z0][0]);
  order.Set(8, kOthers[z0][1]);
}

// Calls visit(order) for every candidate column order of `pair`: every order that can give it
// its smallest second row (and some others).
template <class Visit>
void ForEachOrder(const TopPair& pair, Visit&& visit) {
  if (pair.orders == Orders::kPure) return ForEachPureOrder(pair, visit);
  const uint8_t* tau = pair.tau;
  ColumnOrder order;
  if (pair.orders == Orders::kMixedSwaps) {
    for (unsigned firsts = pair.swap_firsts; firsts != 0; firsts &= firsts - 1) {
      // x0 and its image swap, so the second row starts 4571; B's other two columns go to C,
      // and C takes their images in their order: 457189.
      MixedOrder(tau, static_cast<uint8_t>(std::countr_zero(firsts)), order);
      if (order.col[7] != tau[order.col[4]]) order.SwapLastTwo();
      visit(order);
    }
    return;
  }
  for (int x0 = 0; x0 < 9; ++x0) {
    if (tau[x0] / 3 != (x0 / 3 + pair.major_step) % 3) continue;
    MixedOrder(tau, static_cast<uint8_t>(x0), order);
    visit(order);
    order.SwapLastTwo();
    visit(order);
  }
}

// The second result row of a pair with map `tau`, under `order`.
PackedRow MappedRow(const uint8_t* tau, const ColumnOrder& order) {
  PackedRow key = 0;
  for (int p = 0; p < 9; ++p) key = key << 4 | (order.pos[tau[order.col[p]]] + 1u);
  return key;
}

// The second and third result rows.
struct BandKey {
  PackedRow second, third;
  auto operator<=>(const BandKey&) const = default;
};

class GridSearch {
 public:
  explicit GridSearch(const Grid& grid) : lines_(grid) {}

  Grid Run() {
    CollectPairs();
    // Find the smallest top band, keeping the orders that reach it; then the other six rows
    // decide among those.
    band_ = {kUnknownRow, kUnknownRow};
    for (int i = 0; i < pair_count_; ++i) {
      ForEachOrder(pairs_[i], [&](const ColumnOrder& order) { Score(i, order); });
    }
    rows_[0] = 0x123456789ull;
    rows_[1] = band_.second;
    rows_[2] = band_.third;
    std::fill(rows_ + 3, rows_ + 9, kUnknownRow);
    if (!overflow_) {
      for (int t = 0; t < tie_count_; ++t) Offer(pairs_[ties_[t].pair], ties_[t].order);
    } else {
      for (int i = 0; i < pair_count_; ++i) {
        ForEachOrder(pairs_[i], [&](const ColumnOrder& order) {
          if (BandOf(pairs_[i], order) == band_) Offer(pairs_[i], order);
        });
      }
    }
    Grid out;
    for (int r = 0; r < 9; ++r) core_internal::UnpackRow(rows_[r], out.cells.data() + 9 * r);
    return out;
  }

 private:
  // Fills pairs_ with the top pairs worth searching: those of pure bands if there are any
  // (only those whose second row can be smallest), else those of mixed bands.
  void CollectPairs() {
    bool pure[2][3];
    bool any_pure = false;
    for (int o = 0; o < 2; ++o) {
      for (int band = 0; band < 3; ++band) {
        pure[o][band] = lines_.IsPureBand(o, band);
        any_pure = any_pure || pure[o][band];
      }
    }
    pair_count_ = 0;
    bool any_swap = false;
    for (int o = 0; o < 2; ++o) {
      for (int band = 0; band < 3; ++band) {
        if (pure[o][band] != any_pure) continue;
        for (int k = 0; k < 3; ++k) {
          // Rows k and k' (and back), with the band's third row k3.
          const int k2 = k == 2 ? 0 : k + 1, k3 = 3 - k - k2;
          TopPair& forth = pairs_[pair_count_++];
          TopPair& back = pairs_[pair_count_++];
          MakePairs(o, 3 * band + k, 3 * band + k2, 3 * band + k3, any_pure, forth, back);
          any_swap = any_swap || forth.swap_firsts != 0;
        }
      }
    }
    if (any_pure) return KeepBestPureShape();
    if (any_swap) {
      int kept = 0;
      for (int i = 0; i < pair_count_; ++i) {
        if (pairs_[i].swap_firsts != 0) pairs_[kept++] = pairs_[i];
      }
      pair_count_ = kept;
    } else {
      for (int i = 0; i < pair_count_; ++i) pairs_[i].orders = Orders::kMixedAll;
    }
  }

  // The pairs (r0, r1) and (r1, r0) of orientation o, whose maps are inverse to each other.
  void MakePairs(int o, int r0, int r1, int r2, bool pure, TopPair& forth, TopPair& back) const {
    MapRows(o, r0, r1, forth.tau, back.tau);
    forth.orient = back.orient = static_cast<uint8_t>(o);
    forth.first = back.second = static_cast<uint8_t>(r0);
    forth.second = back.first = static_cast<uint8_t>(r1);
    forth.third = back.third = static_cast<uint8_t>(r2);
    forth.swap_firsts = back.swap_firsts = 0;
    if (pure) {
      forth.orders = back.orders = Orders::kPure;
      return;
    }
    forth.orders = back.orders = Orders::kMixedSwaps;
    // Stack 0 sends two columns to stack 1 (step 1) or to stack 2 (step 2); inverse maps go the
    // other way.
    const uint8_t* tau = forth.tau;
    const int to_one = (kStackOf[tau[0]] == 1) + (kStackOf[tau[1]] == 1) + (kStackOf[tau[2]] == 1);
    forth.major_step = to_one == 2 ? 1 : 2;
    back.major_step = static_cast<uint8_t>(3 - forth.major_step);
    unsigned swapped;
    const unsigned opens = SwapOpeners(tau, forth.major_step, swapped);
    forth.swap_firsts = static_cast<uint16_t>(opens);
    back.swap_firsts = static_cast<uint16_t>(swapped & ~opens);
  }

  // Fills `forth` with the map of the pair (r0, r1) of orientation o (for each column, the
  // column of r0 holding the digit r1 holds there) and `back` with its inverse.
  void MapRows(int o, int r0, int r1, uint8_t* forth, uint8_t* back) const {
#if defined(__SSSE3__)
    // Each map is one byte shuffle of a row's digit columns by the other row's digits.
    const __m128i to_first =
        _mm_shuffle_epi8(Load16(lines_.column_of[o][r0]), Load16(lines_.cells[o] + 9 * r1));
    const __m128i to_second =
        _mm_shuffle_epi8(Load16(lines_.column_of[o][r1]), Load16(lines_.cells[o] + 9 * r0));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(forth), to_first);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(back), to_second);
#else
    const uint8_t* column_of = lines_.column_of[o][r0];
    const uint8_t* second = lines_.cells[o] + 9 * r1;
    for (int c = 0; c < 9; ++c) {
      forth[c] = column_of[second[c]];
      back[forth[c]] = static_cast<uint8_t>(c);
    }
#endif
  }

  // Sets `swapped` to the columns that mixed map `tau` swaps with another. Of the two columns
  // of a swap, the one whose stack sends two columns to the other's (its stack + step) opens
  // orders in this direction, and is returned; the other one opens them in the reverse one.
  static unsigned SwapOpeners(const uint8_t* tau, int step, unsigned& swapped) {
#if defined(__SSSE3__)
    const __m128i map = Load16(tau);
    const __m128i identity = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, -1, -1, -1, -1, -1, -1, -1);
    swapped = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_shuffle_epi8(map, map), identity)));
    const __m128i target_stacks = _mm_shuffle_epi8(Load16(kStackOf), map);
    return swapped & static_cast<unsigned>(_mm_movemask_epi8(
                         _mm_cmpeq_epi8(target_stacks, Load16(kStackAfter[step]))));
#else
    unsigned opens = 0;
    swapped = 0;
    for (int c = 0; c < 9; ++c) {
      const int u = tau[c];
      if (u < c || tau[u] != c) continue;
      swapped |= 1u << c | 1u << u;
      opens |= 1u << (kStackOf[u] == kStackAfter[step][c] ? c : u);
    }
    return opens;
#endif
  }

  // Pure pairs: the second row is 456789 followed by 123, 132 or 231 as tau^3 (a permutation of
  // each stack's columns, the same shape for all three) has three, one or no fixed points. Keeps
  // only the pairs of the best shape.
  void KeepBestPureShape() {
    int fixed[36];
    int most = 0;
    for (int i = 0; i < pair_count_; ++i) {
      const uint8_t* tau = pairs_[i].tau;
      fixed[i] = (tau[tau[tau[0]]] == 0) + (tau[tau[tau[1]]] == 1) + (tau[tau[tau[2]]] == 2);
      most = std::max(most, fixed[i]);
    }
    int kept = 0;
    for (int i = 0; i < pair_count_; ++i) {
      if (fixed[i] == most) pairs_[kept++] = pairs_[i];
    }
    pair_count_ = kept;
    pure_second_ = most == 3 ? 0x456789123 : most == 1 ? 0x456789132 : 0x456789231;
  }

  // The second result row of `pair` under one of its candidate orders. Pure pairs and mixed
  // pairs' swap orders give the same first six cells (and pure pairs of one shape all cells).
  PackedRow SecondRow(const TopPair& pair, const ColumnOrder& order) const {
    switch (pair.orders) {
      case Orders::kPure:
        return pure_second_;
      case Orders::kMixedSwaps: {
        PackedRow key = 0x457189;
        for (int p = 6; p < 9; ++p) key = key << 4 | (order.pos[pair.tau[order.col[p]]] + 1u);
        return key;
      }
      case Orders::kMixedAll:
        break;
    }
    return MappedRow(pair.tau, order);
  }

  // The third result row (the band's remaining row) of `pair` under `order`, or kUnknownRow as
  // soon as it gets larger than `bound`.
  PackedRow ThirdRow(const TopPair& pair, const ColumnOrder& order,
                     PackedRow bound = kUnknownRow) const {
    const uint8_t* column_of = lines_.column_of[pair.orient][pair.first];
    const uint8_t* row = lines_.cells[pair.orient] + 9 * pair.third;
    PackedRow key = 0;
    for (int p = 0; p < 9; ++p) {
      key = key << 4 | (order.pos[column_of[row[order.col[p]]]] + 1u);
      if (key > bound >> (4 * (8 - p))) return kUnknownRow;
    }
    return key;
  }

  BandKey BandOf(const TopPair& pair, const ColumnOrder& order) const {
    return {SecondRow(pair, order), ThirdRow(pair, order)};
  }

  // Keeps order `order` of pair `i` if its top band is not larger than the best so far.
  void Score(int i, const ColumnOrder& order) {
    const PackedRow second = SecondRow(pairs_[i], order);
    if (second > band_.second) return;
    const PackedRow third =
        ThirdRow(pairs_[i], order, second == band_.second ? band_.third : kUnknownRow);
    if (third == kUnknownRow) return;
    const BandKey key{second, third};
    if (key > band_) return;
    if (key < band_) {
      band_ = key;
      tie_count_ = 0;
      overflow_ = false;
    }
    if (tie_count_ == kMaxTies) {
      overflow_ = true;
      return;
    }
    ties_[tie_count_++] = {static_cast<uint8_t>(i), order};
  }

  // An order giving `pair` the smallest top band: keeps the result if it is smaller than the
  // best so far from the fourth row on.
  void Offer(const TopPair& pair, const ColumnOrder& order) {
    const uint8_t* cells = lines_.cells[pair.orient];
    uint8_t label[10];
    label[0] = 0;
    const uint8_t* column_of = lines_.column_of[pair.orient][pair.first];
    for (int d = 1; d <= 9; ++d) label[d] = static_cast<uint8_t>(order.pos[column_of[d]] + 1);
    uint8_t row_order[6];
    OrderOtherRows(cells, pair.first / 3, order.col[0], label, row_order);
    PackedRow rows[6];
    bool smaller = false;
    for (int k = 0; k < 6; ++k) {
      rows[k] = Relabel(cells + 9 * row_order[k], order, label);
      if (!smaller) {
        if (rows[k] > rows_[3 + k]) return;
        smaller = rows[k] < rows_[3 + k];
      }
    }
    if (!smaller) return;
    for (int k = 0; k < 6; ++k) rows_[3 + k] = rows[k];
  }

  // The rows outside `band` in result order: bands by their smallest first label, rows of a
  // band by their first label (the labels of one column are distinct).
  static void OrderOtherRows(const uint8_t* cells, int band, int first_col, const uint8_t* label,
                             uint8_t* row_order) {
    int bands[2] = {band == 0 ? 1 : 0, band == 2 ? 1 : 2};
    uint8_t sorted[2][3];
    for (int k = 0; k < 2; ++k) {
      uint8_t* rows = sorted[k];
      for (int i = 0; i < 3; ++i) rows[i] = static_cast<uint8_t>(3 * bands[k] + i);
      auto first = [&](int r) { return label[cells[9 * r + first_col]]; };
      auto order2 = [&](int i, int j) {
        if (first(rows[j]) < first(rows[i])) std::swap(rows[i], rows[j]);
      };
      order2(0, 1);
      order2(1, 2);
      order2(0, 1);
    }
    const int lead =
        label[cells[9 * sorted[0][0] + first_col]] < label[cells[9 * sorted[1][0] + first_col]] ? 0
                                                                                                : 1;
    for (int i = 0; i < 3; ++i) {
      row_order[i] = sorted[lead][i];
      row_order[3 + i] = sorted[1 - lead][i];
    }
  }

  static PackedRow Relabel(const uint8_t* row, const ColumnOrder& order, const uint8_t* label) {
    PackedRow key = 0;
    for (int p = 0; p < 9; ++p) key = key << 4 | label[row[order.col[p]]];
    return key;
  }

  // Orders reaching the best top band so far (all of them unless overflow_).
  struct Tie {
    uint8_t pair;
    ColumnOrder order;
  };
  static constexpr int kMaxTies = 32;

  Lines lines_;
  TopPair pairs_[36];
  int pair_count_ = 0;
  PackedRow pure_second_ = 0;  // the second row of the pure pairs kept
  BandKey band_;
  Tie ties_[kMaxTies];
  int tie_count_ = 0;
  bool overflow_ = false;
  PackedRow rows_[9];  // the result
};

}  // namespace

Grid CanonicalGrid(const Grid& grid) { return GridSearch(grid).Run(); }

}  // namespace sudoku
