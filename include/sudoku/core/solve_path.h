// SolvePath: the steps the rater took on a puzzle, in order, as the rating walks them
// (RatePuzzle with a SolvePath*, rating.h). It is the path the rating is taken from: the highest
// step rating is Rating::rating, the first step with it is Rating::hardest, and a guess is a
// step of its own (Technique::kGuess, kGuessRating, its one placement).
//
// Granularity: one PathStep per step of the rater. A single technique (full house, hidden or
// naked single) makes every placement of its kind the pencil marks show in one step, so such a
// step may hold several placements; every other step is one instance of its technique.
//
// What a step holds is read off the pencil marks before and after it: the digits it placed, and
// the candidates it removed from cells it left empty, less those a placement of the same step
// removes from its peers (they follow from the placement). The pattern (cells, houses, chain) is
// what the finder reports of the instance it applied: what an app lights for the player.
//
// Notation, as the puzzle community writes it: cell index i (row-major, 0-80) is r<i/9+1>c<i%9+1>;
// "r4c6=7" places 7 in row 4, column 6; "r3c4<>2" removes candidate 2 from row 3, column 4.
//
// Thread-safety: plain values; the functions are pure and thread-safe.
#ifndef SUDOKU_CORE_SOLVE_PATH_H_
#define SUDOKU_CORE_SOLVE_PATH_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/core/rating.h"

namespace sudoku {

// A digit at a cell: a placement or a removed candidate.
struct CellDigit {
  uint8_t cell = 0;   // 0-80, row * 9 + column
  uint8_t digit = 0;  // 1-9

  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

// A node of a chain: a candidate that the chain makes true (`on`: the cell is `digit`) or false.
struct ChainNode {
  uint8_t cell = 0;           // 0-80
  uint8_t digit = 0;          // 1-9
  bool on = false;            // true: the cell takes the digit; false: it does not
  bool starts_chain = false;  // the first node of a chain (a forcing chain shows several)

  friend bool operator==(const ChainNode&, const ChainNode&) = default;
};

struct PathStep {
  Technique technique = Technique::kNone;
  int rating = 0;                     // tenths, as Rating::rating; chains with their length bonus
  std::vector<CellDigit> placements;  // in cell order
  std::vector<CellDigit> removals;    // in cell order, then digit order
  // The pattern's cells (0-80) and houses (0-8 rows, 9-17 columns, 18-26 boxes), in the order
  // the technique names them. In a step of singles, houses[i] is the house in which
  // placements[i] is single (full house, hidden single; a naked single names none).
  std::vector<uint8_t> cells;
  std::vector<uint8_t> houses;
  std::vector<ChainNode> chain;  // chains and forcing chains: the nodes in order; else empty
};

struct SolvePath {
  std::vector<PathStep> steps;  // in the order taken; empty for a puzzle not rated
};

// "r4c6=7". REQUIRES: cell 0-80, digit 1-9.
std::string FormatPlacement(CellDigit placement);

// "r3c4<>2". REQUIRES: cell 0-80, digit 1-9.
std::string FormatRemoval(CellDigit removal);

// "r4c6" for cell 0-80. REQUIRES: cell 0-80.
std::string FormatCell(int cell);

// "row 4", "column 6", "box 5" for house 0-26. REQUIRES: house 0-26.
std::string FormatHouse(int house);

// A node as a placement ("r4c6=7", on) or a removal ("r4c6<>7", off).
std::string FormatChainNode(ChainNode node);

// The hints format (docs/app-pack.md): a path as bytes an app decodes in a few dozen lines.
inline constexpr int kHintsFormatVersion = 1;

// The path's bytes in the hints format. REQUIRES: every step's technique, cells, digits and
// houses in range, every rating 0-255 tenths.
std::string EncodeHints(const SolvePath& path);

// Reads bytes of the hints format into *path. False, with *path cleared, on bytes that are not
// a path of that format (truncated, a reserved flag set, a value out of range).
bool DecodeHints(std::string_view bytes, SolvePath* path);

}  // namespace sudoku

#endif  // SUDOKU_CORE_SOLVE_PATH_H_
