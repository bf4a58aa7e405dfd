// Private to src/core: PopCount, the one bit count of the core.
//
// Why not std::popcount everywhere: on the x86-64 baseline (no POPCNT instruction; Debian's amd64
// target) GCC turns it into a call to libgcc's __popcountdi2 through the PLT, 9% of the
// instructions of a portable build's `generate --minimal` (callgrind). Inline it is a table load
// for a digit mask and a dozen instructions for a wider set. Where the compiler may use POPCNT
// (-mpopcnt, -march=native, the solver's AVX2 copy) it is std::popcount, one instruction.
#ifndef SUDOKU_CORE_BOARD_BITS_H_
#define SUDOKU_CORE_BOARD_BITS_H_

#include <array>
#include <bit>
#include <cstdint>

namespace sudoku::core_internal {

// Each body in its own inline namespace: the solver's AVX2 copy and the rest of a portable build
// compile this header with different flags, and a shared symbol could let the linker give a
// baseline caller the POPCNT body. PopCount(x): the number of set bits of x.
#if defined(__POPCNT__)
inline namespace popcnt {
constexpr int PopCount(uint64_t x) { return std::popcount(x); }
}  // namespace popcnt
#else
inline namespace swar {
// Most counts are of digit masks (9 bits): one load from a table of 512 bytes.
inline constexpr auto kSmallPopCounts = [] {
  std::array<uint8_t, 512> count{};
  for (int m = 1; m < 512; ++m) count[m] = static_cast<uint8_t>(count[m >> 1] + (m & 1));
  return count;
}();

constexpr int PopCount(uint64_t x) {
  if (x < kSmallPopCounts.size()) return kSmallPopCounts[x];
  x -= (x >> 1) & 0x5555555555555555u;                               // 2-bit sums
  x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);  // 4-bit sums
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;                          // byte sums
  return static_cast<int>((x * 0x0101010101010101u) >> 56);
}
}  // namespace swar
#endif

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_BOARD_BITS_H_
