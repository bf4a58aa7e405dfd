// Init: the solver's state from a puzzle's givens (see solve/solver_internal.h).
#include <bit>
#include <cstdint>
#include <cstring>

#include "core/solve/solver_internal.h"

namespace sudoku::core_internal::SUDOKU_SOLVER_ISA {
namespace {

// Bit 0 of each mini-row of x that holds two or more cells of x.
inline uint32_t CrowdedMiniRows(uint32_t x) {
  uint32_t x1 = x >> 1, x2 = x >> 2;
  return ((x & x1) | (x & x2) | (x1 & x2)) & kMiniRowBits;
}

// Sets the fields of digit d from its givens, x[b] in band b (given[b]: all givens of band b).
// Returns nonzero when two of its givens share a house.
inline uint32_t InitDigit(SolverState& s, int d, const uint32_t x[3], const uint32_t given[3]) {
  uint32_t clash = 0, lines[3], col[3];
  for (int b = 0; b < 3; ++b) {
    lines[b] = kT.lines_of[MiniRowKey(x[b])];
    clash |= (lines[b] >> 31) | CrowdedMiniRows(x[b]);
    col[b] = Columns(x[b]);  // two givens of a column in one band share a box: seen above
  }
  clash |= (col[0] & col[1]) | (col[0] & col[2]) | (col[1] & col[2]);
  uint32_t cols = (col[0] | col[1] | col[2]) * kColSpread;
  for (int b = 0; b < 3; ++b) {
    s.f[Field(d, b)] = (kBand & ~(lines[b] | cols | given[b])) | x[b];
  }
  return clash;
}

#if !defined(SUDOKU_SOLVER_AVX2)
// Cells of each band holding each value: masks[v * 3 + b], v = 0 (empty) to 9. A cell holding
// anything else is in no mask.
void ValueMasks(const Grid& puzzle, uint32_t masks[30]) {
#if defined(SUDOKU_SOLVER_SSE2)
  alignas(16) uint8_t buf[96] = {};
  std::memcpy(buf, puzzle.cells.data(), kCells);
  for (int b = 0; b < 3; ++b) {
    __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + 27 * b));
    __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(buf + 27 * b + 16));
    for (int d = 0; d < 10; ++d) {
      __m128i dv = _mm_set1_epi8(static_cast<char>(d));
      uint32_t m = static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(lo, dv))) |
                   (static_cast<uint32_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(hi, dv))) << 16);
      masks[d * 3 + b] = m & kBand;
    }
  }
#else
  for (int k = 0; k < 30; ++k) masks[k] = 0;
  for (int c = 0; c < kCells; ++c) {
    if (puzzle[c] <= 9) masks[puzzle[c] * 3 + c / 27] |= 1u << (c % 27);
  }
#endif
}
#endif

}  // namespace

// For each digit, its givens block their rows, columns and boxes; a clash is two givens of a
// digit in one house.
#if defined(SUDOKU_SOLVER_AVX2)
// Digits 1-8 of a band take one vector: the lanes are the fields of group b.
bool Init(const Grid& puzzle, SolverState& s) {
  const uint8_t* p = puzzle.cells.data();
  // Band b is bytes 27b to 27b + 26. Band 2 is read from byte 49, so as to end inside the grid,
  // and its masks are shifted down by 5.
  const __m256i bytes[3] = {_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)),
                            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 27)),
                            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 49))};
  const int shift[3] = {0, 0, 5};
  auto cells_holding = [&](int b, int value) {
    __m256i is = _mm256_cmpeq_epi8(bytes[b], _mm256_set1_epi8(static_cast<char>(value)));
    return static_cast<int>(static_cast<uint32_t>(_mm256_movemask_epi8(is)) >> shift[b]);
  };
  uint32_t given[3], nine[3];
  __m256i x[3], lines[3], cols[3];
  __m256i clash = _mm256_setzero_si256();
  for (int b = 0; b < 3; ++b) {
    __m256i in_range =
        _mm256_cmpeq_epi8(_mm256_max_epu8(bytes[b], _mm256_set1_epi8(9)), _mm256_set1_epi8(9));
    if (~(static_cast<uint32_t>(_mm256_movemask_epi8(in_range)) >> shift[b]) & kBand) {
      return false;
    }
    s.unsolved[b] = static_cast<uint32_t>(cells_holding(b, 0)) & kBand;
    given[b] = kBand & ~s.unsolved[b];
    nine[b] = static_cast<uint32_t>(cells_holding(b, 9)) & kBand;
    x[b] = _mm256_setr_epi32(cells_holding(b, 1), cells_holding(b, 2), cells_holding(b, 3),
                             cells_holding(b, 4), cells_holding(b, 5), cells_holding(b, 6),
                             cells_holding(b, 7), cells_holding(b, 8));
    x[b] = _mm256_and_si256(x[b], Splat(kBand));
    __m256i x1 = _mm256_srli_epi32(x[b], 1), x2 = _mm256_srli_epi32(x[b], 2);
    __m256i any =
        _mm256_and_si256(_mm256_or_si256(x[b], _mm256_or_si256(x1, x2)), Splat(kMiniRowBits));
    __m256i key = _mm256_srli_epi32(MulLanes(any, kKeyMultiplier), 23);
    lines[b] = _mm256_i32gather_epi32(reinterpret_cast<const int*>(kT.lines_of), key, 4);
    // Two givens of a digit in one house: in a mini-row (`crowded`), in a row or a box of the
    // band (bit 31 of `lines`), in a column of two bands (below).
    __m256i crowded =
        _mm256_or_si256(_mm256_and_si256(x[b], _mm256_or_si256(x1, x2)), _mm256_and_si256(x1, x2));
    clash = _mm256_or_si256(clash, _mm256_or_si256(_mm256_srli_epi32(lines[b], 31),
                                                   _mm256_and_si256(crowded, Splat(kMiniRowBits))));
    cols[b] = _mm256_or_si256(
        x[b], _mm256_or_si256(_mm256_srli_epi32(x[b], 9), _mm256_srli_epi32(x[b], 18)));
    cols[b] = _mm256_and_si256(cols[b], Splat(kRow));
  }
  clash = _mm256_or_si256(
      clash, _mm256_or_si256(_mm256_and_si256(cols[0], _mm256_or_si256(cols[1], cols[2])),
                             _mm256_and_si256(cols[1], cols[2])));
  __m256i spread =
      MulLanes(_mm256_or_si256(cols[0], _mm256_or_si256(cols[1], cols[2])), kColSpread);
  for (int b = 0; b < 3; ++b) {
    __m256i blocked = _mm256_or_si256(_mm256_or_si256(lines[b], spread), Splat(given[b]));
    Store(s.f + 8 * b, _mm256_or_si256(_mm256_andnot_si256(blocked, Splat(kBand)), x[b]));
  }
  s.f[27] = 0;
  s.unsolved[3] = 0;
  return (InitDigit(s, 8, nine, given) |
          static_cast<uint32_t>(!_mm256_testz_si256(clash, clash))) == 0;
}
#else
bool Init(const Grid& puzzle, SolverState& s) {
  uint32_t masks[30];
  ValueMasks(puzzle, masks);
  uint32_t given[3];
  uint32_t out_of_range = 0;  // a cell holding none of 0-9 is in no mask
  for (int b = 0; b < 3; ++b) {
    given[b] = kBand & ~masks[b];
    s.unsolved[b] = masks[b];
    uint32_t any = 0;
    for (int v = 0; v < 10; ++v) any |= masks[v * 3 + b];
    out_of_range |= kBand & ~any;
  }
  if (out_of_range) return false;
  s.f[27] = 0;
  s.unsolved[3] = 0;
  uint32_t clash = 0;
  for (int d = 0; d < 9; ++d) clash |= InitDigit(s, d, masks + (d + 1) * 3, given);
  return clash == 0;
}
#endif

}  // namespace sudoku::core_internal::SUDOKU_SOLVER_ISA
