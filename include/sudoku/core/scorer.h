// Scores of a puzzle (stage 4 of the pipeline) and its clue class.
//
// Freedom (docs/spec.md; the "space freedom" of the original Android app): for each empty cell, the number of
// digits 1-9 that do not appear among the givens of its row, column and box; the freedom of a
// puzzle is the sum over its empty cells (729 for an empty board, 0 for a full grid). It is
// computed on the puzzle as given, with no deduction.
//
// Clue classes (the first version's levels, from the original Android app's hole counts,
// holes = 81 - clues; stored in the column clue_level). "Level" alone means the rating level
// (rating.h); a clue class says only how many clues a puzzle has:
//   easy   = 25-27 holes = 54-56 clues
//   medium = 35-40 holes = 41-46 clues
//   hard   = 50-55 holes = 26-31 clues
// `generate --clue-class NAME` targets exactly that clue range. To give every puzzle a class,
// the classification closes the gaps between the ranges: clues >= 47 is easy, 32-46 medium,
// <= 31 hard. Each target range lies inside its class, so a puzzle generated for a class is
// always classified as that class. All functions are pure and thread-safe.
#ifndef SUDOKU_CORE_SCORER_H_
#define SUDOKU_CORE_SCORER_H_

#include <optional>
#include <span>
#include <string_view>

#include "sudoku/core/grid.h"

namespace sudoku {

// Sum over empty cells of the digits not seen among the givens of the cell's houses.
int TotalFreedom(const Grid& puzzle);

struct ClueClass {
  std::string_view name;
  int min_clues;  // target range of `generate --clue-class`
  int max_clues;
};

// The clue classes, easiest first.
std::span<const ClueClass> ClueClasses();

// The class named `name`, or nullopt for an unknown name.
std::optional<ClueClass> FindClueClass(std::string_view name);

// The clue class of a puzzle with `clues` givens (a static string).
std::string_view ClueClassOf(int clues);

}  // namespace sudoku

#endif  // SUDOKU_CORE_SCORER_H_
