// The easier rules inside SE's dynamic forcing chains (+) (plus_rules.h), in SE's orders: the
// rules, the houses and tuples each tries (SE's Locking, HiddenSet, NakedSet and Fisherman), and
// the causes of each hint (their getRuleParents). Within a hint SE lists eliminations in the order
// of a hash map keyed by cell objects, which changes from run to run; here they go in cell order.
#include "core/rate/chains/plus_rules.h"

#include <algorithm>
#include <array>
#include <bit>

#include "core/board/bits.h"

namespace sudoku::core_internal {

void PlusCollector::End() {
  if (hints_->cause_count == first_cause_) return;  // holds without the assumption
  const int index = hints_->hint_count;
  bool any = false;
  for (int i = 0; i < pending_; ++i) {
    const int cand = pending_elim_[i];
    const uint16_t bit = static_cast<uint16_t>(1u << (cand % kDigits));
    if (taken_[cand / kDigits] & bit) continue;
    taken_[cand / kDigits] |= bit;
    elim_[count_] = static_cast<uint16_t>(cand);
    hint_of_[count_++] = static_cast<uint16_t>(index);
    any = true;
  }
  if (!any) {
    hints_->cause_count = first_cause_;
    return;
  }
  hints_->hint[index] = {first_cause_, hints_->cause_count - first_cause_, nested_nodes_,
                         nested_id_};
  ++hints_->hint_count;
}

namespace {

// The houses of one kind in SE's order of its regions: boxes, columns or rows, first to last.
enum Kind { kBoxes = 18, kColumns = 9, kRows = 0 };

// SE's Permutations(2, 9) (pairs {a, b}, a < b, in increasing order of (1 << a) | (1 << b)),
// only those of two members of `set`.
template <typename F>
void ForEachPairOf(unsigned set, F&& f) {
  for (unsigned mb = set & (set - 1); mb; mb &= mb - 1) {
    const int b = std::countr_zero(mb);
    for (unsigned ma = set & ((1u << b) - 1); ma; ma &= ma - 1) f(std::countr_zero(ma), b);
  }
}

// Positions (bit i) in a box: its k-th row (three bits), its k-th column.
constexpr unsigned kBoxRow[3] = {0007, 0070, 0700};
constexpr unsigned kBoxColumn[3] = {0111, 0222, 0444};

// What the rules read. A hint has causes only where the chain removed a candidate the rule
// reads, so each rule looks only at the houses where some digit lost a place.
struct View {
  const PlusGrid& g;
  const uint16_t* removed_digits;  // per house, bit d: digit d lost a place there
  uint16_t changed_digits = 0;

  explicit View(const PlusGrid& grid) : g(grid), removed_digits(grid.removed_digits) {
    for (int h = 0; h < kHouses; ++h) changed_digits |= removed_digits[h];
  }
  unsigned now(int d, int h) const { return g.now_where[h][d]; }
  unsigned removed(int d, int h) const { return g.base_where[h][d] & ~g.now_where[h][d]; }
  uint16_t now_mask(int cell) const { return (*g.now_masks)[cell]; }
  uint16_t base_mask(int cell) const { return (*g.base_masks)[cell]; }
};

// Calls f(cell) for the cells of house h at `positions`, in order.
template <typename F>
void ForEachAt(int h, unsigned positions, F&& f) {
  for (; positions; positions &= positions - 1)
    f(kTables.house_cells[h][std::countr_zero(positions)]);
}

// A locked candidate hint: digit d of house h1 lies in house h2 (at positions `inside` of h1
// where it crosses h2); it leaves h2's places outside h1 (positions `outside` of h2). Causes: the
// places of d in h1 outside h2 that the chain removed.
void EmitLocked(const View& v, int d, int h1, unsigned inside, int h2, unsigned outside,
                PlusCollector& out) {
  const unsigned causes = v.removed(d, h1) & ~inside;
  const unsigned gone = v.now(d, h2) & outside;
  if (causes == 0 || gone == 0) return;
  out.Begin();
  ForEachAt(h1, causes, [&](int c) { out.Cause(c, d); });
  ForEachAt(h2, gone, [&](int c) { out.Eliminate(c, d); });
  out.End();
}

// Of two places or more among a house's nine positions: bits 0-1, one more than the triple (bits
// 0-2, 3-5, 6-8: a box's row, a line's box) holding them all, 0 if none; bits 2-3 the same for
// the positions i, i + 3, i + 6 (a box's column). One table read per house and digit.
inline constexpr std::array<uint8_t, 512> kLockedIn = [] {
  std::array<uint8_t, 512> table{};
  for (unsigned places = 0; places < 512; ++places) {
    if ((places & (places - 1)) == 0) continue;
    for (unsigned k = 0; k < 3; ++k) {
      if ((places & ~(7u << (3 * k))) == 0) table[places] |= static_cast<uint8_t>(k + 1);
      if ((places & ~(0111u << k)) == 0) table[places] |= static_cast<uint8_t>((k + 1) << 2);
    }
  }
  return table;
}();

// SE's Locking (not direct): for box-column, box-row, column-box, row-box pairs of houses that
// cross (the first in order, then the second, then the digit), each digit with two places or
// more in the first, all in the second, leaves the rest of the second. Causes: the first house's
// places of the digit, outside the second, that the chain removed. The digits each house locks
// are found first, by the part of the second house they lie in, then emitted in SE's order.
void Locking(const View& v, PlusCollector& out) {
  uint16_t in_column[9][3] = {}, in_row[9][3] = {};  // per box, the digits locked in each
  unsigned locking[2] = {0, 0};  // the boxes with a digit locked in a column, in a row
  for (int b = 0; b < 9; ++b) {
    for (uint16_t m = v.removed_digits[kBoxes + b]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      const unsigned locked = kLockedIn[v.now(d, kBoxes + b)];
      if (locked & 3) {
        in_row[b][(locked & 3) - 1] |= static_cast<uint16_t>(1u << d);
        locking[1] |= 1u << b;
      }
      if (locked >> 2) {
        in_column[b][(locked >> 2) - 1] |= static_cast<uint16_t>(1u << d);
        locking[0] |= 1u << b;
      }
    }
  }
  for (int by_rows = 0; by_rows < 2; ++by_rows) {  // box-column, then box-row
    for (unsigned boxes = locking[by_rows]; boxes; boxes &= boxes - 1) {
      const int b = std::countr_zero(boxes);
      const unsigned box_part = 7u << (3 * (by_rows ? b % 3 : b / 3));
      for (int k = 0; k < 3; ++k) {
        const unsigned line = by_rows ? kBoxRow[k] : kBoxColumn[k];
        const int h2 = by_rows ? kRows + 3 * (b / 3) + k : kColumns + 3 * (b % 3) + k;
        for (uint16_t m = by_rows ? in_row[b][k] : in_column[b][k]; m; m &= m - 1) {
          EmitLocked(v, std::countr_zero(m), kBoxes + b, line, h2, ~box_part & 0777, out);
        }
      }
    }
  }
  for (Kind lines : {kColumns, kRows}) {  // column-box, then row-box
    for (int i = 0; i < 9; ++i) {
      const int h1 = lines + i;
      uint16_t in_box[3] = {};  // the digits whose places lie in the line's k-th box
      for (uint16_t m = v.removed_digits[h1]; m; m &= m - 1) {
        const int d = std::countr_zero(m);
        const unsigned locked = kLockedIn[v.now(d, h1)] & 3;
        if (locked) in_box[locked - 1] |= static_cast<uint16_t>(1u << d);
      }
      if ((in_box[0] | in_box[1] | in_box[2]) == 0) continue;
      // The boxes crossing a column (row) in order: down the stack (along the band).
      const unsigned in_line = lines == kColumns ? kBoxColumn[i % 3] : kBoxRow[i % 3];
      for (int k = 0; k < 3; ++k) {
        const int box = kBoxes + (lines == kColumns ? 3 * k + i / 3 : 3 * (i / 3) + k);
        for (uint16_t m = in_box[k]; m; m &= m - 1) {
          EmitLocked(v, std::countr_zero(m), h1, 7u << (3 * k), box, ~in_line & 0777, out);
        }
      }
    }
  }
}

// SE's HiddenSet(2): in houses of more than four empty cells, two digits with two places or more
// each, together in exactly two cells (so both in the same two): the cells' other candidates go.
// Causes: the two digits' places the chain removed from the house's other cells (by cell, then
// digit).
void HiddenPairs(const View& v, PlusCollector& out) {
  for (Kind kind : {kBoxes, kColumns, kRows}) {
    for (int i = 0; i < 9; ++i) {
      const int h = kind + i;
      const uint16_t removed = v.removed_digits[h];
      if (removed == 0 || !(v.g.hidden_pair_houses >> h & 1)) continue;
      // A pair holds a removed digit of two places and a digit in the same two cells: the
      // digits of such pairs.
      uint16_t two = 0;
      for (uint16_t m = removed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        const unsigned cells = v.now(a, h);
        if (PopCount(cells) != 2) continue;
        for (int b = 0; b < kDigits; ++b) {
          if (b != a && v.now(b, h) == cells) two |= static_cast<uint16_t>((1u << a) | (1u << b));
        }
      }
      // SE's pairs in order, only those of two such digits in the same cells.
      ForEachPairOf(two, [&](int a, int b) {
        const unsigned cells = v.now(a, h);
        if (cells != v.now(b, h) || !((removed >> a | removed >> b) & 1)) return;
        const uint16_t pair = static_cast<uint16_t>((1u << a) | (1u << b));
        bool worth = false;
        ForEachAt(h, cells, [&](int c) { worth |= (v.now_mask(c) & ~pair) != 0; });
        if (!worth) return;
        out.Begin();
        for (unsigned others = 0777 & ~cells; others; others &= others - 1) {
          const int p = std::countr_zero(others);
          for (int d : {a, b}) {
            if (v.g.base_where[h][d] >> p & 1) out.Cause(kTables.house_cells[h][p], d);
          }
        }
        ForEachAt(h, cells, [&](int c) {
          for (unsigned m = v.now_mask(c) & ~pair; m; m &= m - 1) {
            out.Eliminate(c, std::countr_zero(m));
          }
        });
        out.End();
      });
    }
  }
}

// SE's NakedSet(2): in houses of four empty cells or more, two cells of two candidates or more
// each, together two digits (so both exactly those two): they leave the house's other cells.
// Causes: the two cells' other candidates, which the chain removed.
void NakedPairs(const View& v, PlusCollector& out) {
  for (Kind kind : {kBoxes, kColumns, kRows}) {
    for (int i = 0; i < 9; ++i) {
      const int h = kind + i;
      if (v.removed_digits[h] == 0 || !(v.g.naked_pair_houses >> h & 1)) continue;
      const int8_t* cells = kTables.house_cells[h];
      unsigned two = 0;  // positions of the cells with exactly two candidates
      for (int k = 0; k < 9; ++k) {
        if (PopCount(v.now_mask(cells[k])) == 2) two |= 1u << k;
      }
      // SE's pairs in order, only those of two such cells.
      ForEachPairOf(two, [&](int p, int q) {
        const unsigned digits = v.now_mask(cells[p]);
        if (digits != v.now_mask(cells[q])) return;
        if (digits == v.base_mask(cells[p]) && digits == v.base_mask(cells[q])) return;
        const unsigned pair_cells = (1u << p) | (1u << q);
        const int x = std::countr_zero(digits), y = std::countr_zero(digits & (digits - 1));
        if (((v.now(x, h) | v.now(y, h)) & ~pair_cells) == 0) return;
        out.Begin();
        for (int k : {p, q}) {
          for (unsigned m = v.base_mask(cells[k]) & ~digits; m; m &= m - 1) {
            out.Cause(cells[k], std::countr_zero(m));
          }
        }
        for (int k = 0; k < 9; ++k) {
          if (k == p || k == q) continue;
          for (unsigned m = v.now_mask(cells[k]) & digits; m; m &= m - 1) {
            out.Eliminate(cells[k], std::countr_zero(m));
          }
        }
        out.End();
      });
    }
  }
}

// SE's Fisherman(2): columns as bases and rows as covers, then the reverse; for each pair of
// bases, each digit placed at most five times whose places in the two (two or more in each) lie
// in exactly two covers: it leaves the covers outside the bases. Causes: the digit's places the
// chain removed from the bases, outside the covers.
void XWings(const View& v, PlusCollector& out) {
  const uint16_t digits = v.changed_digits & v.g.fish_digits;
  if (digits == 0) return;
  for (Kind bases : {kColumns, kRows}) {
    const Kind covers = bases == kColumns ? kRows : kColumns;
    // The X-wings to weigh: a digit with the same two places in two bases, removed from one of
    // them; as keys ((j2 * 9 + j1) * 9 + d) that sort in SE's order, pair of bases then digit.
    uint16_t keys[36 * kDigits];
    int count = 0;
    for (uint16_t m = digits; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      unsigned two = 0, removed = 0;  // the bases where d has two places, where it lost one
      for (int j = 0; j < 9; ++j) {
        if (PopCount(v.now(d, bases + j)) == 2) two |= 1u << j;
        removed |= (v.removed_digits[bases + j] >> d & 1u) << j;
      }
      ForEachPairOf(two, [&](int j1, int j2) {
        if (v.now(d, bases + j1) != v.now(d, bases + j2) ||
            !((removed >> j1 | removed >> j2) & 1)) {
          return;
        }
        keys[count++] = static_cast<uint16_t>((j2 * 9 + j1) * kDigits + d);
      });
    }
    std::sort(keys, keys + count);
    for (int i = 0; i < count; ++i) {
      const int d = keys[i] % kDigits, j1 = keys[i] / kDigits % 9, j2 = keys[i] / (9 * kDigits);
      const unsigned both = v.now(d, bases + j1);
      const unsigned causes1 = v.removed(d, bases + j1) & ~both;
      const unsigned causes2 = v.removed(d, bases + j2) & ~both;
      // A cover's cell at position j lies in base j.
      const unsigned in_bases = (1u << j1) | (1u << j2);
      CellSet gone;
      for (unsigned k = both; k; k &= k - 1) {
        const int h = covers + std::countr_zero(k);
        ForEachAt(h, v.now(d, h) & ~in_bases, [&](int c) { gone.Set(c); });
      }
      if ((causes1 | causes2) == 0 || gone.Empty()) continue;
      out.Begin();
      ForEachAt(bases + j1, causes1, [&](int c) { out.Cause(c, d); });
      ForEachAt(bases + j2, causes2, [&](int c) { out.Cause(c, d); });
      gone.ForEach([&](int c) { out.Eliminate(c, d); });
      out.End();
    }
  }
}

}  // namespace

int FindPlusEliminations(const PlusGrid& g, PlusHints* hints, uint16_t* elim, uint16_t* hint_of) {
  const View view(g);
  if (view.changed_digits == 0) return 0;
  PlusCollector out(hints, elim, hint_of);
  Locking(view, out);
  if (out.count() == 0) HiddenPairs(view, out);
  if (out.count() == 0) NakedPairs(view, out);
  if (out.count() == 0) XWings(view, out);
  return out.count();
}

int FindPlusEliminationsOf(int rule, const PlusGrid& g, PlusHints* hints, uint16_t* elim,
                           uint16_t* hint_of) {
  const View view(g);
  if (view.changed_digits == 0) return 0;
  PlusCollector out(hints, elim, hint_of);
  void (*const rules[])(const View&, PlusCollector&) = {Locking, HiddenPairs, NakedPairs, XWings};
  rules[rule](view, out);
  return out.count();
}

}  // namespace sudoku::core_internal
