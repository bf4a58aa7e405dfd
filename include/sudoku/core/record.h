// PuzzleRecord: one finished item of a run, as the generator makes it and a sink stores it: the
// puzzle, its solution, their canonical forms and its scores. A plain value; its string_view
// fields point at static strings (names of levels, methods, symmetries), so a record may be
// copied and kept freely. Thread-compatible.
#ifndef SUDOKU_CORE_RECORD_H_
#define SUDOKU_CORE_RECORD_H_

#include <array>
#include <cstdint>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"

namespace sudoku {

struct PuzzleRecord {
  int64_t item_index = 0;                // 0-based position of the item within its run
  Grid givens;                           // the puzzle; always has exactly one solution
  Grid solution;                         // its unique solution
  int clues = 0;                         // number of givens
  int freedom = 0;                       // TotalFreedom(givens), see scorer.h
  std::string_view level;                // rating level (RatingLevel, rating.h), a static string
  std::string_view clue_class;           // by clue count (ClueClassOf, scorer.h); column clue_level
  int rating = 0;                        // SE rating in tenths (rating.h)
  Technique hardest = Technique::kNone;  // technique of the hardest step
  int guesses = 0;                       // guess steps the logical solver needed
  std::array<uint16_t, kTechniqueCount> technique_uses{};  // uses per technique
  std::string_view symmetry;     // symmetry used when digging ("none"), a static string
  std::string_view grid_method;  // how the finished grid was made ("search"), a static string
  std::string_view dig_order;    // order cells were tried in ("random"), a static string
  Grid canonical;                // CanonicalForm(givens), canonical.h: equal for equivalents
  Grid solution_canonical;       // CanonicalGrid(solution)
  int ep = 0;                    // SE's EP and ED in tenths (Rating::ep, ::ed)
  int ed = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_CORE_RECORD_H_
