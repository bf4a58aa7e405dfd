// CanonicalKey: see include/sudoku/core/canonical_key.h. The definition there is a stored format:
// changing anything here makes every existing corpus's keys wrong.
#include "sudoku/core/canonical_key.h"

namespace sudoku {
namespace {

// SplitMix64's finalizer: a bijection of 64-bit words that spreads every input bit.
constexpr uint64_t Mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// 19 decimal digits always fit in 64 bits (10^19 < 2^64); 81 = 4 * 19 + 5.
constexpr int kDigitsPerWord = 19;

}  // namespace

int64_t CanonicalKey(const Grid& canonical) {
  uint64_t key = 0;
  for (int start = 0; start < kCells; start += kDigitsPerWord) {
    const int end = start + kDigitsPerWord < kCells ? start + kDigitsPerWord : kCells;
    uint64_t number = 0;
    for (int cell = start; cell < end; ++cell) number = number * 10 + canonical[cell];
    key = Mix(key ^ number);
  }
  return static_cast<int64_t>(key);
}

}  // namespace sudoku
