// Sets of W 64-bit words handled two words at a time: the node sets of the all-assumptions
// search of the forcing chains (rate/chains/forcing.cc), a few words each. Private to src/core.
#ifndef SUDOKU_CORE_RATE_CHAINS_WORDS_H_
#define SUDOKU_CORE_RATE_CHAINS_WORDS_H_

#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudoku::core_internal {

// Two words of a node set at a time where SSE2 is there (every x86-64), else one by one: a
// search's sets are a few words (four for most with the cell links).
#if defined(__SSE2__)
struct Two {
  __m128i v;
  static Two Load(const uint64_t* p) {
    return {_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))};
  }
  void Store(uint64_t* p) const { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }
  Two operator|(Two o) const { return {_mm_or_si128(v, o.v)}; }
  Two operator&(Two o) const { return {_mm_and_si128(v, o.v)}; }
  Two AndNot(Two o) const { return {_mm_andnot_si128(o.v, v)}; }  // this & ~o
  static Two Zero() { return {_mm_setzero_si128()}; }
  bool Empty() const {
    return _mm_movemask_epi8(_mm_cmpeq_epi32(v, _mm_setzero_si128())) == 0xFFFF;
  }
};
#else
struct Two {
  uint64_t a, b;
  static Two Load(const uint64_t* p) { return {p[0], p[1]}; }
  void Store(uint64_t* p) const {
    p[0] = a;
    p[1] = b;
  }
  Two operator|(Two o) const { return {a | o.a, b | o.b}; }
  Two operator&(Two o) const { return {a & o.a, b & o.b}; }
  Two AndNot(Two o) const { return {a & ~o.a, b & ~o.b}; }
  static Two Zero() { return {0, 0}; }
  bool Empty() const { return (a | b) == 0; }
};
#endif

// The sets of W words of AllSources, as kTwos pairs of words and an odd one.
template <int W>
struct Words {
  static constexpr int kTwos = W / 2;
  static constexpr bool kOdd = W % 2 == 1;
  Two two[kTwos > 0 ? kTwos : 1];
  uint64_t odd = 0;

  static Words Load(const uint64_t* p) {
    Words r;
    for (int i = 0; i < kTwos; ++i) r.two[i] = Two::Load(p + 2 * i);
    if constexpr (kOdd) r.odd = p[W - 1];
    return r;
  }
  static Words Zero() {
    Words r;
    for (int i = 0; i < kTwos; ++i) r.two[i] = Two::Zero();
    return r;
  }
  void Store(uint64_t* p) const {
    for (int i = 0; i < kTwos; ++i) two[i].Store(p + 2 * i);
    if constexpr (kOdd) p[W - 1] = odd;
  }
  Words operator|(const Words& o) const {
    Words r;
    for (int i = 0; i < kTwos; ++i) r.two[i] = two[i] | o.two[i];
    if constexpr (kOdd) r.odd = odd | o.odd;
    return r;
  }
  Words operator&(const Words& o) const {
    Words r;
    for (int i = 0; i < kTwos; ++i) r.two[i] = two[i] & o.two[i];
    if constexpr (kOdd) r.odd = odd & o.odd;
    return r;
  }
  Words AndNot(const Words& o) const {  // this & ~o
    Words r;
    for (int i = 0; i < kTwos; ++i) r.two[i] = two[i].AndNot(o.two[i]);
    if constexpr (kOdd) r.odd = odd & ~o.odd;
    return r;
  }
  bool Empty() const {
    Two any = Two::Zero();
    for (int i = 0; i < kTwos; ++i) any = any | two[i];
    return any.Empty() && odd == 0;
  }
};

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_WORDS_H_
