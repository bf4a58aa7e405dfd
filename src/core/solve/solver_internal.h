// Private to src/core: the representation of the exact solver (solve/solver.cc) and what its two
// source files share: the candidate fields, the lookup tables and a few bit helpers. Init
// (solve/solver_init.cc) builds a state from a puzzle; solve/solver.cc deduces and searches.
//
// Representation. The board has three bands (rows 0-2, 3-5, 6-8). For each digit d and band b a
// 27-bit field holds the cells of the band where d may still go (bit = row_in_band * 9 + col).
// Fields come in four groups of eight, one AVX2 vector each: group b < 3 holds digits 0-7 of
// band b (field b * 8 + d), group 3 holds digit 8 of bands 0-2 (field 24 + b) and field 27,
// always empty. unsolved[b] holds the cells of band b not yet fixed to a digit (unsolved[3] is
// 0). The layout lives in SolverState (include/sudoku/core/solver.h), which means nothing outside.
#ifndef SUDOKU_CORE_SOLVE_SOLVER_INTERNAL_H_
#define SUDOKU_CORE_SOLVE_SOLVER_INTERNAL_H_

#include <cstdint>

#include "core/board/bits.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/solver.h"

// The solver is compiled once per instruction set (src/core/CMakeLists.txt); each copy lives in
// namespace core_internal::SUDOKU_SOLVER_ISA, so that no two copies share a symbol, and
// solve/solver_dispatch.cc picks one (solve/solver_paths.h). The intrinsics follow the flags of
// the copy. SUDOKU_SOLVER_PORTABLE (for tests of the fallback) turns them off.
#if !defined(SUDOKU_SOLVER_ISA)
#define SUDOKU_SOLVER_ISA baseline
#endif
#if !defined(SUDOKU_SOLVER_PORTABLE)
#if defined(__BMI2__)
#define SUDOKU_SOLVER_BMI2 1
#endif
#if defined(__AVX2__)
#define SUDOKU_SOLVER_AVX2 1
#elif defined(__SSE2__)
#define SUDOKU_SOLVER_SSE2 1
#endif
#endif
#if defined(SUDOKU_SOLVER_BMI2) || defined(SUDOKU_SOLVER_AVX2) || defined(SUDOKU_SOLVER_SSE2)
#include <immintrin.h>
#endif

namespace sudoku::core_internal::SUDOKU_SOLVER_ISA {

constexpr uint32_t kBand = 0x7FFFFFF;         // 27 bits
constexpr uint32_t kRow = 0x1FF;              // one row of a band
constexpr uint32_t kColSpread = 0x40201;      // bit 0 of each of the 3 rows: col mask * this
constexpr uint32_t kStackMask = 0x1C0E07;     // columns 0-2 of each band in a band-by-column mask
constexpr uint32_t kMiniRowBits = 0x1249249;  // bit 0 of each mini-row
constexpr uint32_t kRowLow = 0x40201;         // bit 0 of each row
constexpr uint32_t kRowHigh = kRowLow << 8;   // bit 8 of each row
constexpr uint32_t kRowRest = kBand & ~kRowHigh;  // bits 0-7 of each row

// Field index of digit d (0-8) in band b.
constexpr int Field(int d, int b) { return d < 8 ? b * 8 + d : 24 + b; }

// Lookup tables, built at compile time. A "mini-row key" is 9 bits: bit box_in_band * 3 +
// row_in_band set when the digit may go in that row of that box (see MiniRowKey). They are
// indexed by band cell (row_in_band * 9 + col) and by mini-row key, the solver's own layout, so
// they stay here rather than in the board's house and peer table (board/geometry.h).
struct SolverTables {
  uint32_t shrink[512];      // mini-row key -> 27-bit mask of the permitted mini-rows
  uint16_t shrink9[512];     // 3x3 pattern -> the union of the permutations inside it
  uint32_t stack_keep[512];  // shrink9 with bits 3 * i + j moved to 9 * i + j
  uint32_t peer_keep[27];    // band cells that stay when a digit is placed at this cell
  uint32_t lines_of[512];    // mini-row key -> the rows and boxes it touches, bit 31 set when
                             // two of its mini-rows share a row or a box
  uint32_t band_peers[27];   // band cell -> the other cells of the band it sees
  uint32_t col_of[27];       // band cell -> its column's cells in a band
  uint64_t cols_of[27];      // band cell -> col_of in bits 0-26 and 32-58
  uint8_t band_of[28];       // field -> its band
  uint8_t next_band[28];     // field -> the same digit's field in the next band
  alignas(32) uint32_t own_lane[28][8];  // field -> all ones in its lane of its group
};

constexpr SolverTables MakeSolverTables() {
  SolverTables t{};
  constexpr int kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int s = 0; s < 512; ++s) {
    // Bit 3 * i + j of s: row i goes to column j (transposing s transposes the result, so one
    // table serves mini-row keys and stack patterns alike).
    uint32_t keep = 0;
    for (const auto& p : kPerms) {
      int m = (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]));
      if ((m & ~s) == 0) keep |= static_cast<uint32_t>(m);
    }
    t.shrink9[s] = static_cast<uint16_t>(keep);
    t.stack_keep[s] = (keep & 7) | ((keep & 070) << 6) | ((keep & 0700) << 12);
    uint32_t mask = 0;
    for (int i = 0; i < 9; ++i) {  // i = box * 3 + row
      if (keep & (1u << i)) mask |= 7u << ((i % 3) * 9 + (i / 3) * 3);
    }
    t.shrink[s] = mask;
  }
  for (int i = 0; i < 27; ++i) {
    uint32_t peers = 0;
    for (int j = 0; j < 27; ++j) {
      if (j / 9 == i / 9 || j % 9 == i % 9 || (j % 9) / 3 == (i % 9) / 3) peers |= 1u << j;
    }
    t.peer_keep[i] = (kBand & ~peers) | (1u << i);
    t.band_peers[i] = peers & ~(1u << i);
    t.col_of[i] = kColSpread << (i % 9);
    t.cols_of[i] = t.col_of[i] | uint64_t{t.col_of[i]} << 32;
  }
  for (int d = 0; d < 9; ++d) {
    for (int b = 0; b < 3; ++b) {
      t.band_of[Field(d, b)] = static_cast<uint8_t>(b);
      t.next_band[Field(d, b)] = static_cast<uint8_t>(Field(d, (b + 1) % 3));
    }
  }
  for (int f = 0; f < 24; ++f) t.own_lane[f][f % 8] = ~0u;
  for (int m = 0; m < 512; ++m) {
    int row_count[3] = {}, box_count[3] = {};
    for (int i = 0; i < 9; ++i) {
      if (!(m & (1 << i))) continue;
      const int row = i % 3, box = i / 3;
      ++row_count[row];
      ++box_count[box];
      t.lines_of[m] |= (kRow << (9 * row)) | ((7u | (7u << 9) | (7u << 18)) << (3 * box));
    }
    for (int k = 0; k < 3; ++k) {
      if (row_count[k] > 1 || box_count[k] > 1) t.lines_of[m] |= 1u << 31;
    }
  }
  return t;
}

inline constexpr SolverTables kT = MakeSolverTables();

// Multiplying the mini-row bits (9 * row + 3 * box) by this puts bit box * 3 + row of the key
// at bit 23 + box * 3 + row: the three shifted copies fall on different residues mod 3, so the
// product has no carries, and no other copy reaches bits 23-31.
constexpr uint32_t kKeyMultiplier = (1u << 23) | (1u << 15) | (1u << 7);

// The mini-rows of band field x: bit box * 3 + row set when x has a cell in that row of that
// box.
inline uint32_t MiniRowKey(uint32_t x) {
  uint32_t any = (x | (x >> 1) | (x >> 2)) & kMiniRowBits;
  return (any * kKeyMultiplier) >> 23;
}

// Columns (9-bit) that hold a cell of the band field.
inline uint32_t Columns(uint32_t x) { return (x | (x >> 9) | (x >> 18)) & kRow; }

#if defined(SUDOKU_SOLVER_AVX2)
inline __m256i Load(const uint32_t* p) {
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(p));
}
inline void Store(uint32_t* p, __m256i v) { _mm256_store_si256(reinterpret_cast<__m256i*>(p), v); }
inline __m256i Splat(uint32_t x) { return _mm256_set1_epi32(static_cast<int>(x)); }

// x times c in every lane. GCC turns a multiplication by a known constant into shifts and adds,
// up to four instructions for one; hiding the value keeps the single vpmulld.
inline __m256i MulLanes(__m256i x, uint32_t c) {
  __m256i m = Splat(c);
#if defined(__GNUC__)
  asm("" : "+x"(m));
#endif
  return _mm256_mullo_epi32(x, m);
}

#endif

// Sets up `s` from the givens of `puzzle`; false when they break a rule (two equal digits in a
// house, a cell holding none of 0-9). Defined in solve/solver_init.cc.
bool Init(const Grid& puzzle, SolverState& s);

}  // namespace sudoku::core_internal::SUDOKU_SOLVER_ISA

#endif  // SUDOKU_CORE_SOLVE_SOLVER_INTERNAL_H_
