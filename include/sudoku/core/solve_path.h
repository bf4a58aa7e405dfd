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
// removes from its peers (they follow from the placement). Not yet: the cells and houses of the
// pattern, or a chain's nodes.
//
// Notation, as the puzzle community writes it: cell index i (row-major, 0-80) is r<i/9+1>c<i%9+1>;
// "r4c6=7" places 7 in row 4, column 6; "r3c4<>2" removes candidate 2 from row 3, column 4.
//
// Thread-safety: plain values; the functions are pure and thread-safe.
#ifndef SUDOKU_CORE_SOLVE_PATH_H_
#define SUDOKU_CORE_SOLVE_PATH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/core/rating.h"

namespace sudoku {

// A digit at a cell: a placement or a removed candidate.
struct CellDigit {
  uint8_t cell = 0;   // 0-80, row * 9 + column
  uint8_t digit = 0;  // 1-9

  friend bool operator==(const CellDigit&, const CellDigit&) = default;
};

struct PathStep {
  Technique technique = Technique::kNone;
  int rating = 0;                     // tenths, as Rating::rating; chains with their length bonus
  std::vector<CellDigit> placements;  // in cell order
  std::vector<CellDigit> removals;    // in cell order, then digit order
};

struct SolvePath {
  std::vector<PathStep> steps;  // in the order taken; empty for a puzzle not rated
};

// "r4c6=7". REQUIRES: cell 0-80, digit 1-9.
std::string FormatPlacement(CellDigit placement);

// "r3c4<>2". REQUIRES: cell 0-80, digit 1-9.
std::string FormatRemoval(CellDigit removal);

}  // namespace sudoku

#endif  // SUDOKU_CORE_SOLVE_PATH_H_
