// PopCount (core/board/bits.h), whose body depends on the build's flags: it counts as
// std::popcount does, for digit masks (its table) and for wider sets.
#include "core/board/bits.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <random>

namespace sudoku::core_internal {
namespace {

TEST(PopCount, CountsEveryDigitMask) {
  for (uint64_t mask = 0; mask < 1024; ++mask) EXPECT_EQ(PopCount(mask), std::popcount(mask));
}

TEST(PopCount, CountsWideSets) {
  std::mt19937_64 rng(7);
  EXPECT_EQ(PopCount(~uint64_t{0}), 64);
  EXPECT_EQ(PopCount(uint64_t{1} << 63), 1);
  for (int i = 0; i < 10000; ++i) {
    const uint64_t x = rng() >> (i % 64);
    EXPECT_EQ(PopCount(x), std::popcount(x)) << x;
  }
}

}  // namespace
}  // namespace sudoku::core_internal
