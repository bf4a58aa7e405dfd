// Solver: bit-parallel candidate sets per digit and band, copy-on-guess depth-first search.
//
// Representation: see solve/solver_internal.h (27-bit fields per digit and band, in four groups of
// eight that are one AVX2 vector each; Init in solve/solver_init.cc). A cell is "solved" once a
// digit is placed in it; then only that digit keeps the cell, and the digit is gone from every
// peer. Changed fields are queued in a 27-bit `pending` mask (bit = field).
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
//   - stack shrink, when the above is stuck: the same permutation table on (band x column) in
//     each stack, i.e. locked candidates along columns, column hidden singles, empty columns.
// Each deduction only removes candidates that it would also remove from any state with fewer
// candidates, so running them in any order until none applies ends in the same state (or finds
// a contradiction in every order). The AVX2 build runs band shrink and row singles on a whole
// pending group at once; other builds run them field by field. Both give the same answers.
// Search: branch on a bivalue cell (when counting, the one that sees the most unsolved cells;
// when asking whether a solution exists, the first one), else on a cell with fewest candidates;
// the first choice is explored on a copy of the state (128 bytes on the stack, depth <= 81), the
// other choices by eliminating the first in place.
// Portable C++20 with optional BMI2 (pext/pdep) and AVX2/SSE2 paths chosen at compile time: each
// copy of this file (solve/solver_paths.h) takes those its flags allow.
#include "sudoku/core/solver.h"

#include <bit>
#include <cstdint>
#include <span>

#include "core/solve/solver_internal.h"
#include "core/solve/solver_paths.h"

namespace sudoku::core_internal::SUDOKU_SOLVER_ISA {
namespace {

constexpr uint32_t kAllFields = 0x7FFFFFF;  // 27 fields

// f[Field(d, b)]: cells of band b where digit d+1 may go; unsolved[b]: cells of band b not yet
// solved. f[27] and unsolved[3] stay 0.
using State = SolverState;

// Bit `field` set: that field changed since its last band shrink. Kept apart from State so that
// it lives in a register.
using Pending = uint32_t;

struct Context {
  int limit;
  int found;
  Grid* solution;
  // True for a question about the existence of a solution (HasSolutionAvoiding), false for
  // counting. Any complete search answers the first, so it searches the way that costs digs the
  // fewest instructions: branching on the first bivalue cell rather than the best scored one,
  // and running the stack shrink only before the first branch (docs/performance.md, "Design
  // measurements"). Counting keeps both everywhere, as the first solution it finds depends on
  // them.
  bool existence;
};

// Cells of the band field x alone in their row. REQUIRES: every row of x holds a cell (true
// after a band shrink that found no contradiction).
inline uint32_t RowSingles(uint32_t x) {
  uint32_t rest = x & (x - kRowLow);  // each row less its lowest cell; no row borrows
  // Bit 8 of a row set iff `rest` holds a cell there: bits 0-7 of a row sum into bit 8 at most.
  uint32_t multi = (((rest & kRowRest) + kRowRest) | rest) & kRowHigh;
  return x & ~((multi - (multi >> 8)) | multi);
}

// Narrows field `field` to `keep`; returns its pending bit if that removed a cell.
inline Pending Narrow(State& s, int field, uint32_t keep) {
  uint32_t old = s.f[field];
  s.f[field] = old & keep;
  return static_cast<uint32_t>((old & ~keep) != 0) << field;
}

#if defined(SUDOKU_SOLVER_AVX2)
// Bit k set iff lane k is not zero. Lanes hold fields, at most 27 bits, so "not zero" is
// "positive".
inline Pending LanesSet(__m256i v) {
  __m256i positive = _mm256_cmpgt_epi32(v, _mm256_setzero_si256());
  return static_cast<uint32_t>(_mm256_movemask_ps(_mm256_castsi256_ps(positive)));
}

// Removes cells[lane] from each field of group g; returns the pending bits of the fields
// that lost a cell.
inline Pending RemoveFromGroup(State& s, int g, __m256i cells) {
  __m256i old = Load(s.f + 8 * g);
  __m256i hit = _mm256_and_si256(old, cells);
  Store(s.f + 8 * g, _mm256_xor_si256(old, hit));
  return LanesSet(hit) << (8 * g);
}

// The band shrink of every lane (MiniRowKey and the table, lane by lane).
inline __m256i ShrinkLanes(__m256i x) {
  __m256i any =
      _mm256_or_si256(x, _mm256_or_si256(_mm256_srli_epi32(x, 1), _mm256_srli_epi32(x, 2)));
  any = _mm256_and_si256(any, Splat(kMiniRowBits));
  __m256i key = _mm256_srli_epi32(MulLanes(any, kKeyMultiplier), 23);
  __m256i keep = _mm256_i32gather_epi32(reinterpret_cast<const int*>(kT.shrink), key, 4);
  return _mm256_and_si256(x, keep);
}

// RowSingles of every lane.
inline __m256i RowSinglesLanes(__m256i x) {
  __m256i rest = _mm256_and_si256(x, _mm256_sub_epi32(x, Splat(kRowLow)));
  __m256i sum = _mm256_add_epi32(_mm256_and_si256(rest, Splat(kRowRest)), Splat(kRowRest));
  __m256i multi = _mm256_and_si256(_mm256_or_si256(sum, rest), Splat(kRowHigh));
  __m256i rows = _mm256_or_si256(_mm256_sub_epi32(multi, _mm256_srli_epi32(multi, 8)), multi);
  return _mm256_andnot_si256(rows, x);
}

// Columns of every lane (9 bits).
inline __m256i ColumnsLanes(__m256i x) {
  __m256i cols =
      _mm256_or_si256(x, _mm256_or_si256(_mm256_srli_epi32(x, 9), _mm256_srli_epi32(x, 18)));
  return _mm256_and_si256(cols, Splat(kRow));
}

// Columns of every lane, spread to the three rows of a band.
inline __m256i ColumnCellsLanes(__m256i x) {
  __m256i cols =
      _mm256_or_si256(x, _mm256_or_si256(_mm256_srli_epi32(x, 9), _mm256_srli_epi32(x, 18)));
  return MulLanes(_mm256_and_si256(cols, Splat(kRow)), kColSpread);
}

// Folds lane pairs (chosen by kShuffle) of a union and of the cells in it twice.
template <int kShuffle>
inline void FoldUnion(__m256i& all, __m256i& twice) {
  __m256i a = _mm256_shuffle_epi32(all, kShuffle);
  __m256i t = _mm256_shuffle_epi32(twice, kShuffle);
  twice = _mm256_or_si256(_mm256_or_si256(twice, t), _mm256_and_si256(all, a));
  all = _mm256_or_si256(all, a);
}

// Band shrink and row singles for digits 0-7 of band b at once; false on contradiction. Adds
// the bits of the fields its placements changed to `pending` and `touched` (the shrink itself
// changes only these eight, whose update this is).
inline bool UpdateBandGroup(State& s, Pending& pending, Pending& touched, int b) {
  __m256i x = ShrinkLanes(Load(s.f + 8 * b));
  if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, _mm256_setzero_si256())))) {
    return false;
  }
  __m256i unsolved =
      _mm256_castps_si256(_mm256_broadcast_ss(reinterpret_cast<const float*>(s.unsolved + b)));
  __m256i placed = _mm256_and_si256(RowSinglesLanes(x), unsolved);
  if (_mm256_testz_si256(placed, placed)) {
    Store(s.f + 8 * b, x);
    return true;
  }
  // Every lane gets the union of the placed cells; a cell placed by two digits contradicts.
  __m256i swapped = _mm256_permute2x128_si256(placed, placed, 0x01);
  __m256i all = _mm256_or_si256(placed, swapped), twice = _mm256_and_si256(placed, swapped);
  FoldUnion<0x4E>(all, twice);
  FoldUnion<0xB1>(all, twice);
  if (!_mm256_testz_si256(twice, twice)) return false;
  const uint32_t cells = static_cast<uint32_t>(_mm256_cvtsi256_si32(all));
  s.unsolved[b] &= ~cells;
  // The other digits of the band leave the placed cells, and each digit the columns of its
  // placed cells in the two other bands.
  __m256i hit = _mm256_andnot_si256(placed, _mm256_and_si256(x, all));
  Store(s.f + 8 * b, _mm256_xor_si256(x, hit));
  __m256i cols = ColumnCellsLanes(placed);
  // The two other bands: (b + 1) % 3 and (b + 2) % 3, two bits each of a small constant.
  const int b1 = (0x9 >> (2 * b)) & 3, b2 = (0x12 >> (2 * b)) & 3;
  const Pending changed = (LanesSet(hit) << (8 * b)) | Narrow(s, Field(8, b), ~cells) |
                          RemoveFromGroup(s, b1, cols) | RemoveFromGroup(s, b2, cols);
  pending |= changed;
  touched |= changed;
  return true;
}

// Band shrink and row singles for digit 8 of the three bands at once (lane b: band b);
// false on contradiction. Adds the bits of the fields its placements changed to `pending` and
// `touched`.
inline bool UpdateEightGroup(State& s, Pending& pending, Pending& touched) {
  // Lanes 3-7 hold no field: zero, they stay zero and place nothing.
  __m256i x = ShrinkLanes(
      _mm256_zextsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(s.f + 24))));
  if (_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, _mm256_setzero_si256()))) & 7) {
    return false;
  }
  __m128i unsolved = _mm_load_si128(reinterpret_cast<const __m128i*>(s.unsolved));
  __m256i placed = _mm256_and_si256(RowSinglesLanes(x), _mm256_zextsi128_si256(unsolved));
  if (_mm256_testz_si256(placed, placed)) {
    _mm_store_si128(reinterpret_cast<__m128i*>(s.f + 24), _mm256_castsi256_si128(x));
    return true;
  }
  _mm_store_si128(reinterpret_cast<__m128i*>(s.unsolved),
                  _mm_andnot_si128(_mm256_castsi256_si128(placed), unsolved));
  // Digit 8 leaves the columns of its placed cells in the other bands (lanes); a column placed
  // in two bands contradicts. Lane 3 is zero, so the rotations of lanes 0-2 keep it out.
  __m256i cols = ColumnCellsLanes(placed);
  __m256i others =
      _mm256_or_si256(_mm256_shuffle_epi32(cols, 0xC9), _mm256_shuffle_epi32(cols, 0xD2));
  if (!_mm256_testz_si256(cols, others)) return false;
  __m256i hit = _mm256_and_si256(x, others);
  _mm_store_si128(reinterpret_cast<__m128i*>(s.f + 24),
                  _mm256_castsi256_si128(_mm256_xor_si256(x, hit)));
  Pending changed = LanesSet(hit) << 24;
  // The other digits leave the placed cells.
  alignas(32) uint32_t cells[8];
  Store(cells, placed);
  for (int b = 0; b < 3; ++b) {
    if (cells[b]) changed |= RemoveFromGroup(s, b, Splat(cells[b]));
  }
  pending |= changed;
  touched |= changed;
  return true;
}
#endif

// Removes `cells` of band b from every field of the band but `field` (their cells are placed as
// its digit); returns the pending bits of the fields that lost a cell.
inline Pending ClearOthers(State& s, int field, int b, uint32_t cells) {
#if defined(SUDOKU_SOLVER_AVX2)
  // Digits 0-7 in one vector, digit 8 alone.
  __m256i own = Load(kT.own_lane[field]);
  Pending bits = RemoveFromGroup(s, b, _mm256_andnot_si256(own, Splat(cells)));
  if (field < 24) bits |= Narrow(s, Field(8, b), ~cells);
  return bits;
#else
  Pending bits = 0;
  for (int e = 0; e < 9; ++e) {
    if (Field(e, b) != field) bits |= Narrow(s, Field(e, b), ~cells);
  }
  return bits;
#endif
}

// Places digit d (0-8) at band b, bit i; returns the pending bits of the fields that changed.
// The cell must still hold d as a candidate.
inline Pending Place(State& s, int d, int b, int i) {
  uint32_t bit = 1u << i;
  s.unsolved[b] &= ~bit;
  int field = Field(d, b), other = kT.next_band[field];
  uint32_t col = kT.col_of[i];
  return ClearOthers(s, field, b, bit) | Narrow(s, field, kT.peer_keep[i]) |
         Narrow(s, other, ~col) | Narrow(s, kT.next_band[other], ~col);
}

// The lowest digit (0-8) that may still go at band b, bit i; 9 when none.
inline int FirstCandidate(const State& s, int b, int i) {
#if defined(SUDOKU_SOLVER_AVX2)
  Pending lanes = LanesSet(_mm256_and_si256(Load(s.f + 8 * b), Splat(1u << i)));
  return lanes ? std::countr_zero(lanes) : 8 + !(s.f[Field(8, b)] >> i & 1);
#else
  int d = 0;
  while (d < 9 && !(s.f[Field(d, b)] >> i & 1)) ++d;
  return d;
#endif
}

// Band shrink and row singles for one field; false on contradiction. Adds the bits of the
// fields its placements changed to `pending` and `touched`.
inline bool UpdateField(State& s, Pending& pending, Pending& touched, int field) {
  uint32_t x = s.f[field] & kT.shrink[MiniRowKey(s.f[field])];
  if (x == 0) return false;
  s.f[field] = x;
  int b = kT.band_of[field];
  uint32_t placed = RowSingles(x) & s.unsolved[b];
  if (placed == 0) return true;
  s.unsolved[b] &= ~placed;
  int other = kT.next_band[field];
  uint32_t spread = Columns(placed) * kColSpread;
  const Pending changed = ClearOthers(s, field, b, placed) | Narrow(s, other, ~spread) |
                          Narrow(s, kT.next_band[other], ~spread);
  pending |= changed;
  touched |= changed;
  return true;
}

// A group is updated at once when at least this many of its fields are pending. A group
// update costs about as many instructions as two field updates, but its longer chain of
// dependent instructions takes more time when a branch on its result is mispredicted; from
// three fields on it saves both (measured on digs and on the solver benchmarks).
constexpr int kGroupUpdateMin = 3;

// Band shrink and row singles until no field is pending; false on contradiction. Every field
// that was pending or changed on the way is added to `touched`.
inline bool UpdatePending(State& s, Pending& pending, Pending& touched) {
  touched |= pending;
  while (pending) {
    const int field = std::countr_zero(pending);
#if defined(SUDOKU_SOLVER_AVX2)
    const int first = field & ~7;  // the group's first field
    if (PopCount((pending >> first) & 0xFF) >= kGroupUpdateMin) {
      pending &= ~(0xFFu << first);
      if (!(first < 24 ? UpdateBandGroup(s, pending, touched, first >> 3)
                       : UpdateEightGroup(s, pending, touched))) {
        return false;
      }
    } else {
      pending &= pending - 1;
      if (!UpdateField(s, pending, touched, field)) return false;
    }
#else
    pending &= pending - 1;
    if (!UpdateField(s, pending, touched, field)) return false;
#endif
  }
  return true;
}

#if defined(SUDOKU_SOLVER_AVX2)
// Folds lane pairs (chosen by kShuffle) of per-lane counts into both lanes of each pair.
template <int kShuffle>
inline void FoldCounts(__m256i& one, __m256i& two, __m256i& three) {
  __m256i o = _mm256_shuffle_epi32(one, kShuffle);
  __m256i t = _mm256_shuffle_epi32(two, kShuffle);
  __m256i h = _mm256_shuffle_epi32(three, kShuffle);
  three = _mm256_or_si256(_mm256_or_si256(three, h),
                          _mm256_or_si256(_mm256_and_si256(two, o), _mm256_and_si256(one, t)));
  two = _mm256_or_si256(_mm256_or_si256(two, t), _mm256_and_si256(one, o));
  one = _mm256_or_si256(one, o);
}

// Counts over three fields per lane: a, b and c.
inline void CountThree(__m256i a, __m256i b, __m256i c, __m256i& one, __m256i& two,
                       __m256i& three) {
  __m256i any = _mm256_or_si256(a, b), both = _mm256_and_si256(a, b);
  one = _mm256_or_si256(any, c);
  two = _mm256_or_si256(both, _mm256_and_si256(any, c));
  three = _mm256_and_si256(both, c);
}

// Lane b: band b of the folded counts (band 0 in lanes 0-3 and band 1 in lanes 4-7 of x01,
// band 2 in lanes 0-3 of x2); lane 3 is band 0 again.
inline __m128i BandLanes(__m256i x01, __m256i x2) {
  __m128i x = _mm_blend_epi32(_mm256_castsi256_si128(x01), _mm256_extracti128_si256(x01, 1), 0x2);
  return _mm_blend_epi32(x, _mm256_castsi256_si128(x2), 0x4);
}
#endif

// Sorts the unsolved cells by candidate count: single[b] (bivalue[b]) gets those of band b with
// one (two) candidates. Returns false when one has none. single[3] and bivalue[3] are 0.
inline bool CountCandidates(const State& s, uint32_t single[4], uint32_t bivalue[4]) {
#if defined(SUDOKU_SOLVER_AVX2)
  // A tree over the digits of each band. Bands 0 and 1 share vectors (band 0 in the low 128
  // bits); band 2 uses the low half of its own. The first step counts digits d, d + 4 and (in
  // lane 0) digit 8; the folds add up the four lanes of a band. Lane 3 of group 3 is the empty
  // field 27.
  __m256i g0 = Load(s.f), g1 = Load(s.f + 8), g2 = Load(s.f + 16);
  __m256i eights =
      _mm256_castsi128_si256(_mm_load_si128(reinterpret_cast<const __m128i*>(s.f + 24)));
  __m256i eights01 = _mm256_permutevar8x32_epi32(eights, _mm256_setr_epi32(0, 3, 3, 3, 1, 3, 3, 3));
  __m256i eights2 = _mm256_permutevar8x32_epi32(eights, _mm256_setr_epi32(2, 3, 3, 3, 3, 3, 3, 3));
  __m256i one01, two01, three01, one2, two2, three2;
  CountThree(_mm256_permute2x128_si256(g0, g1, 0x20), _mm256_permute2x128_si256(g0, g1, 0x31),
             eights01, one01, two01, three01);
  CountThree(g2, _mm256_permute2x128_si256(g2, g2, 0x01), eights2, one2, two2, three2);
  FoldCounts<0x4E>(one01, two01, three01);
  FoldCounts<0x4E>(one2, two2, three2);
  FoldCounts<0xB1>(one01, two01, three01);
  FoldCounts<0xB1>(one2, two2, three2);
  const __m128i unsolved = _mm_load_si128(reinterpret_cast<const __m128i*>(s.unsolved));
  const __m128i two = BandLanes(two01, two2);
  _mm_storeu_si128(reinterpret_cast<__m128i*>(single), _mm_andnot_si128(two, unsolved));
  _mm_storeu_si128(reinterpret_cast<__m128i*>(bivalue),
                   _mm_andnot_si128(BandLanes(three01, three2), _mm_and_si128(two, unsolved)));
  const __m128i empty = _mm_andnot_si128(BandLanes(one01, one2), unsolved);
  return _mm_testz_si128(empty, empty);
#else
  uint32_t empty = 0;
  for (int b = 0; b < 3; ++b) {
    uint32_t one = 0, two = 0, three = 0;
    for (int d = 0; d < 9; ++d) {
      uint32_t x = s.f[Field(d, b)];
      three |= two & x;
      two |= one & x;
      one |= x;
    }
    empty |= s.unsolved[b] & ~one;
    single[b] = s.unsolved[b] & ~two;
    bivalue[b] = s.unsolved[b] & two & ~three;
  }
  single[3] = bivalue[3] = 0;
  return empty == 0;
#endif
}

// Places every naked single. Returns -1 on contradiction (a cell with no candidate), else the
// number of placements. When none is placed, `bivalue` holds the unsolved cells with exactly
// two candidates. The counts are taken once, before any placement: a placement can only make
// more singles (or an empty cell), which the next call finds.
int NakedSingles(State& s, Pending& pending, uint32_t bivalue[4]) {
  uint32_t single[4];
  if (!CountCandidates(s, single, bivalue)) return -1;
  if ((single[0] | single[1] | single[2]) == 0) return 0;
  int placed = 0;
  for (int b = 0; b < 3; ++b) {
    for (uint32_t singles = single[b]; singles; singles &= singles - 1) {
      int i = std::countr_zero(singles);
      int d = FirstCandidate(s, b, i);
      if (d == 9) return -1;  // emptied by an earlier placement in this loop
      pending |= Place(s, d, b, i);
      ++placed;
    }
  }
  return placed;
}

// Locked candidates along columns for digit d: in a stack, a digit takes one cell in each band
// and in each column, so its "mini-columns" (band x column) form a 3x3 permutation, narrowed
// with the same table as the band shrink. Also finds columns with no place for the digit.
// Returns false on contradiction; changed fields are marked pending.
bool StackShrinkDigit(State& s, Pending& pending, int d) {
  const int f0 = Field(d, 0), f1 = Field(d, 1), f2 = Field(d, 2);
  uint32_t x0 = s.f[f0], x1 = s.f[f1], x2 = s.f[f2];
  if (((x0 & s.unsolved[0]) | (x1 & s.unsolved[1]) | (x2 & s.unsolved[2])) == 0) return true;
  // cols: bit band * 9 + column set when the digit may go in that column of that band.
  uint32_t cols = Columns(x0) | (Columns(x1) << 9) | (Columns(x2) << 18);
  uint32_t keep = 0;
  for (int st = 0; st < 3; ++st) {
#if defined(SUDOKU_SOLVER_BMI2)
    uint32_t k = kT.shrink9[_pext_u32(cols, kStackMask << (3 * st))];
    keep |= _pdep_u32(k, kStackMask << (3 * st));
#else
    uint32_t part = (cols >> (3 * st)) & kStackMask;
    uint32_t k = kT.shrink9[(part & 7) | ((part >> 6) & 070) | ((part >> 12) & 0700)];
    keep |= ((k & 7) | ((k & 070) << 6) | ((k & 0700) << 12)) << (3 * st);
#endif
    if (k == 0) return false;
  }
  pending |= Narrow(s, f0, (keep & kRow) * kColSpread) |
             Narrow(s, f1, ((keep >> 9) & kRow) * kColSpread) |
             Narrow(s, f2, (keep >> 18) * kColSpread);
  return true;
}

// StackShrinkDigit for every digit of `digits`. The AVX2 build takes digits 0-7 at once (all
// of them: a digit unchanged since its last stack shrink neither changes nor contradicts).
bool StackShrink(State& s, Pending& pending, uint32_t digits) {
#if defined(SUDOKU_SOLVER_AVX2)
  if (digits & 0xFF) {
    const __m256i g[3] = {Load(s.f), Load(s.f + 8), Load(s.f + 16)};
    // Lane d, bit band * 9 + column: digit d may go in that column of that band.
    __m256i cols = _mm256_or_si256(ColumnsLanes(g[0]),
                                   _mm256_or_si256(_mm256_slli_epi32(ColumnsLanes(g[1]), 9),
                                                   _mm256_slli_epi32(ColumnsLanes(g[2]), 18)));
    __m256i keep = _mm256_setzero_si256(), empty = _mm256_setzero_si256();
    for (int st = 0; st < 3; ++st) {
      // The stack's bits band * 9 + 3 * st + j moved to band * 3 + j (carry-free product).
      __m256i part = _mm256_and_si256(_mm256_srli_epi32(cols, 3 * st), Splat(kStackMask));
      __m256i key = _mm256_and_si256(_mm256_srli_epi32(MulLanes(part, 0x1041), 12), Splat(0x1FF));
      __m256i k = _mm256_i32gather_epi32(reinterpret_cast<const int*>(kT.stack_keep), key, 4);
      empty = _mm256_or_si256(empty, _mm256_cmpeq_epi32(k, _mm256_setzero_si256()));
      keep = _mm256_or_si256(keep, _mm256_slli_epi32(k, 3 * st));
    }
    if (!_mm256_testz_si256(empty, empty)) return false;
    for (int b = 0; b < 3; ++b) {
      __m256i band_keep =
          MulLanes(_mm256_and_si256(_mm256_srli_epi32(keep, 9 * b), Splat(kRow)), kColSpread);
      pending |= RemoveFromGroup(s, b, _mm256_andnot_si256(band_keep, Splat(kBand)));
    }
  }
  return !(digits & 0x100) || StackShrinkDigit(s, pending, 8);
#else
  for (; digits; digits &= digits - 1) {
    if (!StackShrinkDigit(s, pending, std::countr_zero(digits))) return false;
  }
  return true;
#endif
}

// Runs the deductions (without the stack shrink unless `stack_shrink`) to a fixed point; false
// on contradiction. On success, `bivalue` holds the unsolved cells with two candidates.
bool Propagate(State& s, Pending pending, uint32_t bivalue[4], bool stack_shrink) {
  uint32_t touched = 0;  // fields updated since the last stack shrink
  for (;;) {
    if (!UpdatePending(s, pending, touched)) return false;
    int n = NakedSingles(s, pending, bivalue);
    if (n < 0) return false;
    if (n > 0) continue;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0 || !stack_shrink) return true;
    // Digits 0-7 at bits 8b + d, digit 8 at bits 24-26.
    uint32_t digits = ((touched | (touched >> 8) | (touched >> 16)) & 0xFF) |
                      (static_cast<uint32_t>((touched >> 24) != 0) << 8);
    touched = 0;
    if (!StackShrink(s, pending, digits)) return false;
    if (pending == 0) return true;
  }
}

void WriteSolution(const State& s, Grid* out) {
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      uint32_t x = s.f[Field(d, b)];
      while (x) {
        int i = std::countr_zero(x);
        x &= x - 1;
        (*out)[b * 27 + i] = static_cast<uint8_t>(d + 1);
      }
    }
  }
}

// Picks the cell to branch on: among bivalue cells, the first one if `first_bivalue`, else the
// one seeing the most unsolved cells; without a bivalue cell, one with fewest candidates.
// Returns band * 32 + bit.
int PickCell(const State& s, const uint32_t bivalue[4], bool first_bivalue) {
  int best = -1, best_n = 10, best_score = -1;
  if (bivalue[0] | bivalue[1] | bivalue[2]) {
    if (first_bivalue) {
      const int b = bivalue[0] ? 0 : bivalue[1] ? 1 : 2;
      return b * 32 + std::countr_zero(bivalue[b]);
    }
    for (int b = 0; b < 3; ++b) {
      // The unsolved cells of the two other bands side by side, so that one popcount counts
      // those in the cell's column.
      const uint32_t here = s.unsolved[b];
      const uint64_t others = s.unsolved[(b + 1) % 3] | uint64_t{s.unsolved[(b + 2) % 3]} << 32;
      for (uint32_t bv = bivalue[b]; bv; bv &= bv - 1) {
        int i = std::countr_zero(bv);
        int score = PopCount(here & kT.band_peers[i]) + PopCount(others & kT.cols_of[i]);
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
      for (int d = 0; d < 9; ++d) n += (s.f[Field(d, b)] >> i) & 1;
      if (n < best_n) {
        best_n = n;
        best = b * 32 + i;
      }
    }
  }
  return best;
}

// Adds the solutions of `s` (after the deductions, pending fields `pending`) to ctx.found, up
// to ctx.limit. The first Propagate runs the stack shrink iff `stack_shrink`.
void Search(State& s, Pending pending, Context& ctx, bool stack_shrink) {
  uint32_t bivalue[4];
  for (;;) {
    if (!Propagate(s, pending, bivalue, stack_shrink)) return;
    stack_shrink = !ctx.existence;
    if ((s.unsolved[0] | s.unsolved[1] | s.unsolved[2]) == 0) {
      if (ctx.found++ == 0 && ctx.solution) WriteSolution(s, ctx.solution);
      return;
    }
    int pick = PickCell(s, bivalue, ctx.existence);
    int b = pick >> 5, i = pick & 31;
    int d = FirstCandidate(s, b, i);
    State child = s;
    Search(child, Place(child, d, b, i), ctx, !ctx.existence);
    if (ctx.found >= ctx.limit) return;
    pending = Narrow(s, Field(d, b), ~(1u << i));
  }
}

}  // namespace

int CountSolutions(const Grid& puzzle, int limit, Grid* solution) {
  State s;
  if (!Init(puzzle, s)) return 0;
  Context ctx{limit, 0, solution, false};
  Search(s, kAllFields, ctx, true);
  return ctx.found;
}

bool HasSolutionAvoiding(const Grid& puzzle, int cell, int digit) {
  State s;
  if (!Init(puzzle, s)) return false;
  s.f[Field(digit - 1, cell / 27)] &= ~(1u << (cell % 27));
  Context ctx{1, 0, nullptr, true};
  Search(s, kAllFields, ctx, true);
  return ctx.found > 0;
}

bool Deduce(const Grid& base, SolverState& deduced) {
  if (!Init(base, deduced)) return false;
  uint32_t bivalue[4];
  return Propagate(deduced, kAllFields, bivalue, true);
}

bool HasSolutionAvoidingFrom(const SolverState& deduced, const Grid& puzzle,
                             std::span<const uint8_t> added, int cell, int digit) {
  State s = deduced;
  Pending pending = 0;
  for (const uint8_t given : added) {
    const int d = puzzle[given] - 1, b = given / 27, i = given % 27;
    // The deductions hold for `puzzle` too: a given they rule out leaves it no solution.
    if (!(s.f[Field(d, b)] >> i & 1)) return false;
    if (s.unsolved[b] >> i & 1) pending |= Place(s, d, b, i);
  }
  // Also right when the deductions fix the cell: to `digit`, this empties the row of the band
  // where it was the digit's only place, and the band shrink finds the contradiction.
  pending |= Narrow(s, Field(digit - 1, cell / 27), ~(1u << (cell % 27)));
  Context ctx{1, 0, nullptr, true};
  Search(s, pending, ctx, true);
  return ctx.found > 0;
}

#define SUDOKU_SOLVER_STRING(x) #x
#define SUDOKU_SOLVER_NAME(x) SUDOKU_SOLVER_STRING(x)
extern const SolverPath kSolverPath = {SUDOKU_SOLVER_NAME(SUDOKU_SOLVER_ISA), CountSolutions,
                                       HasSolutionAvoiding, Deduce, HasSolutionAvoidingFrom};

}  // namespace sudoku::core_internal::SUDOKU_SOLVER_ISA
