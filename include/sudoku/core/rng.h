// Rng: the one source of randomness in the core, an explicitly seeded xoshiro256** engine.
//
// Every random choice of the generator goes through an Rng seeded from (run seed, item index),
// so every core function is deterministic. Only this file's own algorithms turn engine output
// into choices (Below, Shuffle): std::uniform_int_distribution and std::shuffle are
// implementation-defined and would make corpora differ between standard libraries.
// An Rng is a small value type; it is not thread-safe (give each thread or item its own).
#ifndef SUDOKU_CORE_RNG_H_
#define SUDOKU_CORE_RNG_H_

#include <array>
#include <cstdint>
#include <limits>
#include <span>
#include <utility>

namespace sudoku {

// SplitMix64 step: a bijective 64-bit mixer, used to expand and combine seeds.
inline constexpr uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The seed of item `index` of a run seeded with `run_seed`. Independent of thread count and order.
inline constexpr uint64_t ItemSeed(uint64_t run_seed, uint64_t index) {
  uint64_t state = run_seed;
  uint64_t mixed = SplitMix64(state);
  state = mixed ^ (index * 0xD1B54A32D192ED03ull);
  return SplitMix64(state);
}

class Rng {
 public:
  using result_type = uint64_t;
  explicit constexpr Rng(uint64_t seed) {
    for (uint64_t& word : s_) word = SplitMix64(seed);
  }
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<uint64_t>::max(); }

  constexpr uint64_t operator()() {
    const uint64_t result = Rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = Rotl(s_[3], 45);
    return result;
  }

  // Uniform integer in [0, n). REQUIRES: n >= 1. (Lemire's multiply-and-reject method.)
  constexpr uint32_t Below(uint32_t n) {
    uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>((*this)() >> 32)) * n;
    if (static_cast<uint32_t>(m) < n) {
      const uint32_t threshold = static_cast<uint32_t>(-n) % n;
      while (static_cast<uint32_t>(m) < threshold) {
        m = static_cast<uint64_t>(static_cast<uint32_t>((*this)() >> 32)) * n;
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform random permutation of `items` (Fisher-Yates).
  template <typename T>
  constexpr void Shuffle(std::span<T> items) {
    for (size_t i = items.size(); i > 1; --i) {
      std::swap(items[i - 1], items[Below(static_cast<uint32_t>(i))]);
    }
  }

 private:
  static constexpr uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<uint64_t, 4> s_{};
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_RNG_H_
