// Validity-preserving transforms of grids and puzzles: stage 2 of the pipeline.
// Pure functions of their inputs and the Rng; thread-safe.
#ifndef SUDOKU_CORE_TRANSFORM_H_
#define SUDOKU_CORE_TRANSFORM_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rng.h"

namespace sudoku {

// A permutation of the digits: digit d becomes map[d] (map[0] == 0 keeps empty cells empty).
using DigitMap = std::array<uint8_t, 10>;

// A uniformly random permutation of 1-9.
DigitMap RandomDigitMap(Rng& rng);

// Applies `map` to every cell. A valid grid stays valid; a puzzle keeps its solution count.
Grid RelabelDigits(const Grid& grid, const DigitMap& map);

// One element of the whole validity-preserving group (docs/spec.md): the result's cell (r, c) holds
// digits[g(rows[r], cols[c])], where g is the source grid, transposed first when `transpose`.
// `rows` keeps bands together (rows[3b..3b+2] are one band of the source, in any order, and the
// bands in any order); `cols` likewise keeps stacks together.
struct Transform {
  bool transpose = false;
  std::array<uint8_t, 9> rows = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  std::array<uint8_t, 9> cols = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  DigitMap digits = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
};

// A uniformly random element of the group (2 x 6^8 x 9! elements).
Transform RandomTransform(Rng& rng);

// Applies `t`. A valid grid stays valid; a puzzle keeps its solution count (and its solutions
// are transformed alike). REQUIRES: `t` is a group element as described above.
Grid ApplyTransform(const Grid& grid, const Transform& t);

// How stage 2 transforms a finished grid (`generate --transform`).
enum class TransformKind : uint8_t {
  kRelabel,  // digits only (default)
  kFull,     // a random element of the whole group
};
// Every kind, in the order above.
inline constexpr std::array<TransformKind, 2> kTransformKinds = {TransformKind::kRelabel,
                                                                 TransformKind::kFull};
std::string_view TransformKindName(TransformKind kind);  // "relabel", "full"
std::optional<TransformKind> ParseTransformKind(std::string_view name);

}  // namespace sudoku

#endif  // SUDOKU_CORE_TRANSFORM_H_
