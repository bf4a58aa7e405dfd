// Private to src/core: rows packed into integers (canonical/puzzle.cc and canonical/grid.cc), a node of
// the puzzle minlex search, and the placement of a row holding no digit twice into it (canonical
// .cc), eight cells at a time in 64-bit words where it can be.
#ifndef SUDOKU_CORE_CANONICAL_ROW_H_
#define SUDOKU_CORE_CANONICAL_ROW_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>

#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

namespace sudoku::core_internal {

// A relabelled row packed 4 bits per cell, first cell most significant: integer order is
// lexicographic order.
using PackedRow = uint64_t;

// The key of a value in a row being placed: 0 for an empty cell, its label (1-9) for a digit
// labelled already, kNew + digit for a new one (after every label, by digit).
inline constexpr uint8_t kNew = 16;

// One search node: everything the rows placed so far have fixed.
struct Node {
  uint8_t col[9];     // source column at each result position
  uint8_t label[10];  // source value -> its key (label[0] = 0: empty)
  uint16_t split;     // bit p set: result positions p and p+1 are in different groups
  uint16_t used;      // source rows placed
  uint8_t orient;
  uint8_t band;  // source band of the result band being filled
  uint8_t next;  // next label to give
};

inline constexpr uint64_t kEachByte = 0x0101010101010101;

// The eight bytes at `bytes`, the first in the lowest byte.
inline uint64_t Load8(const uint8_t* bytes) {
  uint64_t x = 0;
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(&x, bytes, 8);
  } else {
    for (int i = 7; i >= 0; --i) x = x << 8 | bytes[i];
  }
  return x;
}

// Stores `x` at `bytes`, the lowest byte first.
inline void Store8(uint64_t x, uint8_t* bytes) {
  if constexpr (std::endian::native == std::endian::little) {
    std::memcpy(bytes, &x, 8);
  } else {
    for (int i = 0; i < 8; ++i, x >>= 8) bytes[i] = static_cast<uint8_t>(x);
  }
}

#if defined(__SSSE3__)
// The sixteen bytes at `bytes`, unaligned.
inline __m128i Load16(const uint8_t* bytes) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes));
}
#endif

// Bit i set for each byte i of `x` that is 1 (every byte 0 or 1).
inline unsigned GatherBytes(uint64_t x) {
  // Byte i's bit lands on bit 56 + i, and no two products meet or carry.
  return static_cast<unsigned>((x * 0x0102040810204080) >> 56);
}

// Bit i set for each nonzero byte i of `x` (every byte below 0x80).
inline unsigned NonzeroBytes(uint64_t x) {
  return GatherBytes(((x + 0x7F * kEachByte) & (0x80 * kEachByte)) >> 7);
}

// The low nibbles of the bytes of `x` (every byte below 16) in one 32-bit number, the lowest
// byte's most significant.
inline uint64_t PackNibbles(uint64_t x) {
  x = ((x << 4) & 0x00F000F000F000F0) | ((x >> 8) & 0x000F000F000F000F);
  x = ((x << 8) & 0x0000FF000000FF00) | ((x >> 16) & 0x000000FF000000FF);
  return ((x << 16) & 0xFFFF0000) | ((x >> 32) & 0xFFFF);
}

// The inverse of PackNibbles: the eight nibbles of `x` (the most significant first) in bytes,
// the first in the lowest.
inline uint64_t SpreadNibbles(uint64_t x) {
  x = ((x >> 16) & 0xFFFF) | ((x & 0xFFFF) << 32);
  x = ((x >> 8) & 0x000000FF000000FF) | ((x & 0x000000FF000000FF) << 16);
  return ((x >> 4) & 0x000F000F000F000F) | ((x & 0x000F000F000F000F) << 8);
}

// Writes the nine cells of `row` to `cells`.
inline void UnpackRow(PackedRow row, uint8_t* cells) {
  Store8(SpreadNibbles(row >> 4), cells);
  cells[8] = static_cast<uint8_t>(row & 0xF);
}

// The cells of a source row in result order while it is placed: key and source column of each
// (bytes 9-15 are scratch).
struct RowCells {
  uint8_t key[16];
  uint8_t col[16];

  // REQUIRES: 16 bytes are readable at `src` (the row and scratch after it).
  RowCells(const uint8_t* src, const Node& node) {
#if defined(__SSSE3__)
    // Two byte shuffles: the row by the column order, then the labels by value. The loads stay
    // inside `node` (col and label are its first 19 of 26 bytes).
    static_assert(offsetof(Node, label) + 16 <= sizeof(Node));
    const __m128i cols = Load16(node.col);
    const __m128i values = _mm_shuffle_epi8(Load16(src), cols);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(key), _mm_shuffle_epi8(Load16(node.label), values));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(col), cols);
#else
    // Built in a register: a byte store could alias `src` and the labels for the compiler.
    const uint64_t cols = Load8(node.col);
    uint64_t keys = 0;
    for (int p = 0; p < 8; ++p) keys |= uint64_t{node.label[src[cols >> (8 * p) & 0xF]]} << (8 * p);
    Store8(keys, key);
    key[8] = node.label[src[node.col[8]]];
    std::memcpy(col, node.col, 9);
#endif
  }

  // Sorts each group of `split` by key. Groups lie within stacks, so three compare-exchanges
  // per stack sort them, leaving out those across a split.
  void SortGroups(uint16_t split) {
    for (int i = 0; i < 9; i += 3) {
      const unsigned joined = ~split >> i & 3u;
      if (joined == 0) continue;
      if (joined & 1) Order(i);
      if (joined & 2) Order(i + 1);
      if (joined & 1) Order(i);
    }
  }

  void Order(int p) {
    if (key[p] <= key[p + 1]) return;
    std::swap(key[p], key[p + 1]);
    std::swap(col[p], col[p + 1]);
  }

  // The row the sorted cells make, new digits labelled from `next` on in the order they come;
  // `fresh` gets their positions.
  PackedRow Relabel(uint8_t next, unsigned& fresh) const {
    const uint64_t keys = Load8(key);
    const uint64_t is_new = keys >> 4 & kEachByte;  // keys are below 32
    const uint64_t through = is_new * kEachByte;    // byte i: new digits at positions 0..i
    const uint64_t labels = next * kEachByte + through - is_new;
    const uint64_t mask = is_new * 0xFF;
    const uint64_t first8 = (keys & ~mask) | (labels & mask);
    const bool last_new = key[8] >= kNew;
    const uint64_t last = last_new ? next + (through >> 56) : key[8];
    fresh = GatherBytes(is_new) | static_cast<unsigned>(last_new) << 8;
    return PackNibbles(first8) << 4 | last;
  }

  // Splits the groups of `split` where neighbouring sorted keys differ. Returns the new splits
  // between two new digits (at `fresh`), which may also come in the other order.
  unsigned Split(unsigned fresh, uint16_t& split) const {
    const uint64_t keys = Load8(key);
    const unsigned differ = NonzeroBytes(keys ^ (keys >> 8 | uint64_t{key[8]} << 56));
    const unsigned swappable = differ & ~split & fresh & fresh >> 1;
    split = static_cast<uint16_t>(split | differ);
    return swappable;
  }
};

// Labels the new digits of `cells` (at positions `fresh`) from node.next on, in the order
// `from` gives them: position p takes cell from[p].
inline void LabelNewDigits(const RowCells& cells, const uint8_t* from, unsigned fresh, Node& node) {
  for (; fresh != 0; fresh &= fresh - 1) {
    node.label[cells.key[from[std::countr_zero(fresh)]] - kNew] = node.next++;
  }
}

// Calls f() once for every order of the new digits of each run of positions that `swappable`
// joins (bit p joins positions p and p + 1; runs of two or three), with `node` holding the
// column order of `cells` in that order and the new digits labelled. All give the same row.
template <class F>
void ForEachOrder(const RowCells& cells, unsigned swappable, unsigned fresh, Node& node, F&& f) {
  static constexpr uint8_t kIdentity[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::memcpy(node.col, cells.col, 9);
  if (swappable == 0) {
    LabelNewDigits(cells, kIdentity, fresh, node);
    return f();
  }
  // Orders of two cells are the first two of the three-cell table.
  static constexpr uint8_t kOrders[6][3] = {{0, 1, 2}, {1, 0, 2}, {0, 2, 1},
                                            {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  int start[3], len[3], runs = 0;
  for (unsigned rest = swappable; rest != 0; ++runs) {
    start[runs] = std::countr_zero(rest);
    len[runs] = std::countr_one(rest >> start[runs]) + 1;
    rest &= ~0u << (start[runs] + len[runs]);
  }
  const uint8_t first_label = node.next;
  int order[3] = {0, 0, 0};
  for (;;) {
    uint8_t from[9];
    std::memcpy(from, kIdentity, 9);
    for (int i = 0; i < runs; ++i) {
      for (int j = 0; j < len[i]; ++j) {
        from[start[i] + j] = static_cast<uint8_t>(start[i] + kOrders[order[i]][j]);
        node.col[start[i] + j] = cells.col[from[start[i] + j]];
      }
    }
    node.next = first_label;
    LabelNewDigits(cells, from, fresh, node);
    f();
    int i = 0;
    while (i < runs && ++order[i] == (len[i] == 2 ? 2 : 6)) order[i++] = 0;
    if (i == runs) return;
  }
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_CANONICAL_ROW_H_
