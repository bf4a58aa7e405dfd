// Solver: bit-parallel candidate sets per digit and band, copy-on-guess depth-first search.
//
// Representation. The board has three bands (rows 0-2, 3-5, 6-8). For each digit d and band b a
// 27-bit field holds the cells of the band where d may still go (bit = row_in_band * 9 + col).
// A cell is "solved" once a digit is placed in it; then only that digit keeps the cell, and the
// digit is gone from every peer.
//
// Deductions, all on whole fields:
//   - band shrink: in a band, a digit takes one cell in each of the 3 rows and in each of the 3
//     boxes, so its 3 "mini-rows" (row x box) form a 3x3 permutation. A 512-entry table maps the
//     set of possible mini-rows to the union of the permutations inside it; this is pointing and
//     claiming (locked candidates) inside the band, plus hidden singles in boxes and a
//     contradiction test (empty union).
//   - row singles: a row of a band left with one cell for the digit places it there; the digit
//     leaves that column in the other bands and the other digits leave the cell.
//   - naked singles and empty cells: counted per band over the 9 digits with once/twice masks.
//   - column hidden singles and empty columns, when the above is stuck.
// Search: branch on a bivalue cell if any (else a cell with fewest candidates); the first choice
// is explored on a copy of the state, the other choices by eliminating the first in place.
#include "sudoku/solver.h"

#include <array>
#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace sudoku {
namespace {

constexpr uint32_t kBand = 0x7FFFFFF;      // 27 bits
constexpr uint32_t kRow = 0x1FF;           // one row of a band
constexpr uint32_t kColSpread = 0x40201;   // bit 0 of each of the 3 rows: col mask * this
constexpr uint32_t kAllFields = 0x7FFFFFF; // 27 fields (digit * 3 + band)

// Bit (row_in_band * 3 + box_in_band) of the mini-row pattern for a 9-bit row: bit k set iff the
// row has a cell in box k.
struct Tables {
  uint8_t row_boxes[512];
  uint32_t shrink[512];      // mini-row pattern -> 27-bit mask of the permitted mini-rows
  uint16_t shrink9[512];     // the same as a 9-bit pattern
  uint32_t peer_keep[27];    // band cells that stay when a digit is placed at this cell
  uint32_t rows_mask[8];     // 3-bit set of rows of a band -> their 27-bit mask
  uint32_t boxes_mask[8];    // 3-bit set of boxes of a band -> their 27-bit mask
  uint8_t cell_row[81], cell_col[81], cell_box[81];
};

constexpr Tables MakeTables() {
  Tables t{};
  for (int x = 0; x < 512; ++x) {
    t.row_boxes[x] = static_cast<uint8_t>(((x & 7) ? 1 : 0) | ((x & 070) ? 2 : 0) |
                                          ((x & 0700) ? 4 : 0));
  }
  constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int s = 0; s < 512; ++s) {
    uint32_t keep = 0;
    for (const auto& p : kPerms) {
      int m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((m & ~s) == 0) keep |= static_cast<uint32_t>(m);
    }
    t.shrink9[s] = static_cast<uint16_t>(keep);
    uint32_t mask = 0;
    for (int i = 0; i < 9; ++i) {
      if (keep & (1u << i)) mask |= 7u << ((i / 3) * 9 + (i % 3) * 3);
    }
    t.shrink[s] = mask;
  }
  for (int i = 0; i < 27; ++i) {
    uint32_t peers = 0;
    for (int j = 0; j < 27; ++j) {
      if (j / 9 == i / 9 || j % 9 == i % 9 || (j % 9) / 3 == (i % 9) / 3) peers |= 1u << j;
    }
    t.peer_keep[i] = (kBand & ~peers) | (1u << i);
  }
  for (int m = 0; m < 8; ++m) {
    for (int k = 0; k < 3; ++k) {
      if (m & (1 << k)) {
        t.rows_mask[m] |= kRow << (9 * k);
        t.boxes_mask[m] |= (7u | (7u << 9) | (7u << 18)) << (3 * k);
      }
    }
  }
  for (int c = 0; c < 81; ++c) {
    t.cell_row[c] = static_cast<uint8_t>(RowOf(c));
    t.cell_col[c] = static_cast<uint8_t>(ColOf(c));
    t.cell_box[c] = static_cast<uint8_t>(BoxOf(c));
  }
  return t;
}

constexpr Tables kT = MakeTables();

struct State {
  uint32_t f[27];          // f[d * 3 + b]: cells of band b where digit d+1 may go
  uint32_t unsolved[3];    // cells of each band not yet solved
};

// Bit d * 3 + b set: field f[d * 3 + b] changed since its last band shrink. Kept apart from State
// so that it lives in a register.
using Pending = uint32_t;

struct Context {
  int limit;
  int found;
  Grid* solution;
};

inline uint32_t MiniRows(uint32_t x) {
#if defined(__BMI2__)
  uint32_t any = x | (x >> 1) | (x >> 2);
  return _pext_u32(any, 0x1249249);  // bits 0, 3, ..., 24
#else
  return kT.row_boxes[x & kRow] | (kT.row_boxes[(x >> 9) & kRow] << 3) |
         (kT.row_boxes[x >> 18] << 6);
#endif
}

inline void Narrow(State& s, Pending& pending, int field, uint32_t keep) {
  uint32_t old = s.f[field];
  uint32_t now = old & keep;
  s.f[field] = now;
  pending |= static_cast<uint32_t>(now != old) << field;
}

// Places digit d (0-8) at band b, bit i. The cell must still hold d as a candidate.
inline void Place(State& s, Pending& pending, int d, int b, int i) {
  uint32_t bit = 1u << i;
  s.unsolved[b] &= ~bit;
  for (int e = 0; e < 9; ++e) {
    if (e != d) Narrow(s, pending, e * 3 + b, ~bit);
  }
  Narrow(s, pending, d * 3 + b, kT.peer_keep[i]);
  uint32_t col = kColSpread << (i % 9);
  Narrow(s, pending, d * 3 + (b + 1) % 3, ~col);
  Narrow(s, pending, d * 3 + (b + 2) % 3, ~col);
}

// Band shrink and row singles for one field; false on contradiction.
inline bool UpdateField(State& s, Pending& pending, int field) {
  uint32_t x = s.f[field] & kT.shrink[MiniRows(s.f[field])];
  if (x == 0) return false;
  s.f[field] = x;
  int d = field / 3, b = field % 3;
  uint32_t placed = 0;
  for (int r = 0; r < 3; ++r) {
    uint32_t row = x & (kRow << (9 * r));
    if ((row & (row - 1)) == 0) placed |= row;
  }
  placed &= s.unsolved[b];
  if (placed == 0) return true;
  s.unsolved[b] &= ~placed;
  for (int e = 0; e < 9; ++e) {
    if (e != d) Narrow(s, pending, e * 3 + b, ~placed);
  }
  uint32_t cols = (placed | (placed >> 9) | (placed >> 18)) & kRow;
  uint32_t spread = cols * kColSpread;
  Narrow(s, pending, d * 3 + (b + 1) % 3, ~spread);
  Narrow(s, pending, d * 3 + (b + 2) % 3, ~spread);
  return true;
}

// Places every naked single. Returns -1 on contradiction (a cell with no candidate), else the
// number of placements.
int NakedSingles(State& s, Pending& pending) {
  int placed = 0;
  for (int b = 0; b < 3; ++b) {
    if (s.unsolved[b] == 0) continue;
    uint32_t one = 0, two = 0;
    for (int d = 0; d < 9; ++d) {
      uint32_t x = s.f[d * 3 + b];
      two |= one & x;
      one |= x;
    }
    if (s.unsolved[b] & ~one) return -1;
    uint32_t singles = s.unsolved[b] & ~two;
    while (singles) {
      int i = std::countr_zero(singles);
      singles &= singles - 1;
      uint32_t bit = 1u << i;
      int d = 0;
      while (d < 9 && !(s.f[d * 3 + b] & bit)) ++d;
      if (d == 9) return -1;  // emptied by an earlier placement in this loop
      Place(s, pending, d, b, i);
      ++placed;
    }
  }
  return placed;
}

// Locked candidates along columns: in a stack, a digit takes one cell in each band and in each
// column, so its "mini-columns" (band x column) form a 3x3 permutation, narrowed with the same
// table as the band shrink. Also finds columns with no place for a digit. Returns false on
// contradiction; changed fields are marked pending.
bool StackShrink(State& s, Pending& pending) {
  for (int d = 0; d < 9; ++d) {
    uint32_t cols[3];
    for (int b = 0; b < 3; ++b) {
      uint32_t x = s.f[d * 3 + b];
      cols[b] = (x | (x >> 9) | (x >> 18)) & kRow;
    }
    uint32_t keep[3] = {0, 0, 0};
    for (int st = 0; st < 3; ++st) {
      uint32_t pattern = ((cols[0] >> (3 * st)) & 7) | (((cols[1] >> (3 * st)) & 7) << 3) |
                         (((cols[2] >> (3 * st)) & 7) << 6);
      uint32_t k = kT.shrink9[pattern];
      if (k == 0) return false;
      keep[0] |= (k & 7) << (3 * st);
      keep[1] |= ((k >> 3) & 7) << (3 * st);
      keep[2] |= ((k >> 6) & 7) << (3 * st);
    }
    for (int b = 0; b < 3; ++b) Narrow(s, pending, d * 3 + b, keep[b] * kColSpread);
  }
  return true;
}

// Runs the deductions to a fixed point; false on contradiction.
bool Propagate(State& s, Pending& pending) {
  for (;;) {
    while (pending) {
      int field = std::countr_zero(pending);
      pending &= pending - 1;
      if (!UpdateField(s, pending, field)) return false;
    }
    int n = NakedSingles(s, pending);
    if (n < 0) return false;
    if (n > 0) continue;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) return true;
    if (!StackShrink(s, pending)) return false;
    if (pending == 0) return true;
  }
}

void WriteSolution(const State& s, Grid* out) {
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      uint32_t x = s.f[d * 3 + b];
      while (x) {
        int i = std::countr_zero(x);
        x &= x - 1;
        (*out)[b * 27 + i] = static_cast<uint8_t>(d + 1);
      }
    }
  }
}

// Picks the cell to branch on: among bivalue cells, the one seeing the most unsolved cells;
// without a bivalue cell, one with fewest candidates. Returns band * 32 + bit.
int PickCell(const State& s) {
  int best = -1, best_n = 10, best_score = -1;
  uint32_t bivalue[3];
  for (int b = 0; b < 3; ++b) {
    uint32_t one = 0, two = 0, three = 0;
    for (int d = 0; d < 9; ++d) {
      uint32_t x = s.f[d * 3 + b];
      three |= two & x;
      two |= one & x;
      one |= x;
    }
    bivalue[b] = s.unsolved[b] & two & ~three;
  }
  if (bivalue[0] | bivalue[1] | bivalue[2]) {
    for (int b = 0; b < 3; ++b) {
      uint32_t bv = bivalue[b];
      while (bv) {
        int i = std::countr_zero(bv);
        bv &= bv - 1;
        uint32_t col = kColSpread << (i % 9);
        int score = std::popcount(s.unsolved[b] & ~kT.peer_keep[i]) +
                    std::popcount(s.unsolved[(b + 1) % 3] & col) +
                    std::popcount(s.unsolved[(b + 2) % 3] & col);
        if (score > best_score) {
          best_score = score;
          best = b * 32 + i;
        }
      }
    }
    return best;
  }
  for (int b = 0; b < 3; ++b) {
    uint32_t u = s.unsolved[b];
    while (u) {
      int i = std::countr_zero(u);
      u &= u - 1;
      int n = 0;
      for (int d = 0; d < 9; ++d) n += (s.f[d * 3 + b] >> i) & 1;
      if (n < best_n) {
        best_n = n;
        best = b * 32 + i;
      }
    }
  }
  return best;
}

void Search(State& s, Pending pending, Context& ctx) {
  for (;;) {
    if (!Propagate(s, pending)) return;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
      if (ctx.found++ == 0 && ctx.solution) WriteSolution(s, ctx.solution);
      return;
    }
    int pick = PickCell(s);
    int b = pick >> 5, i = pick & 31;
    int d = 0;
    while (!(s.f[d * 3 + b] & (1u << i))) ++d;
    State child = s;
    Pending child_pending = 0;
    Place(child, child_pending, d, b, i);
    Search(child, child_pending, ctx);
    if (ctx.found >= ctx.limit) return;
    Narrow(s, pending, d * 3 + b, ~(1u << i));
  }
}

// Sets up the state from the givens; false when they break a rule. Branch-free over the cells:
// an empty cell is filed under a dummy digit 9.
bool Init(const Grid& puzzle, State& s) {
  uint32_t out_of_range = 0;
  for (int c = 0; c < 81; ++c) out_of_range |= puzzle[c] > 9;
  if (out_of_range) return false;
  uint32_t rows[10] = {}, cols[10] = {}, boxes[10] = {}, placed[30] = {};
  uint32_t given[3] = {};
  uint32_t clash = 0;
  for (int c = 0; c < 81; ++c) {
    uint32_t v = puzzle[c];
    int d = static_cast<int>((v + 9) % 10);  // 1-9 -> 0-8, empty -> 9
    uint32_t filled = v != 0;
    int r = kT.cell_row[c], col = kT.cell_col[c], box = kT.cell_box[c];
    clash |= ((rows[d] >> r) | (cols[d] >> col) | (boxes[d] >> box)) & filled;
    rows[d] |= 1u << r;
    cols[d] |= 1u << col;
    boxes[d] |= 1u << box;
    uint32_t bit = filled << (c % 27);
    placed[d * 3 + c / 27] |= bit;
    given[c / 27] |= bit;
  }
  if (clash) return false;
  for (int d = 0; d < 9; ++d) {
    uint32_t col_mask = cols[d] * kColSpread;
    for (int b = 0; b < 3; ++b) {
      uint32_t blocked = kT.rows_mask[(rows[d] >> (3 * b)) & 7] |
                         kT.boxes_mask[(boxes[d] >> (3 * b)) & 7] | col_mask | given[b];
      s.f[d * 3 + b] = (kBand & ~blocked) | placed[d * 3 + b];
    }
  }
  for (int b = 0; b < 3; ++b) s.unsolved[b] = kBand & ~given[b];
  return true;
}

}  // namespace

int CountSolutions(const Grid& puzzle, int limit, Grid* solution) {
  State s;
  if (!Init(puzzle, s)) return 0;
  Context ctx{limit, 0, solution};
  Search(s, kAllFields, ctx);
  return ctx.found;
}

bool HasSolutionAvoiding(const Grid& puzzle, int cell, int digit) {
  State s;
  if (!Init(puzzle, s)) return false;
  s.f[(digit - 1) * 3 + cell / 27] &= ~(1u << (cell % 27));
  Context ctx{1, 0, nullptr};
  Search(s, kAllFields, ctx);
  return ctx.found > 0;
}

}  // namespace sudoku
