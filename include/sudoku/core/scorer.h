// Scores of a puzzle (stage 4 of the pipeline) and the version-1 levels.
//
// Freedom (SPEC, the Android-app seed's "space freedom"): for each empty cell, the number of
// digits 1-9 that do not appear among the givens of its row, column and box; the freedom of a
// puzzle is the sum over its empty cells (729 for an empty board, 0 for a full grid). It is
// computed on the puzzle as given, with no deduction.
//
// Levels (version 1, the Android-app seed's hole counts, holes = 81 - clues):
//   easy   = 25-27 holes = 54-56 clues
//   medium = 35-40 holes = 41-46 clues
//   hard   = 50-55 holes = 26-31 clues
// `generate --level NAME` targets exactly that clue range. To give every puzzle a level, the
// classification closes the gaps between the bands: clues >= 47 is easy, 32-46 medium,
// <= 31 hard. Each target range lies inside its class, so a generated puzzle of a level is
// always classified as that level. All functions are pure and thread-safe.
#ifndef SUDOKU_CORE_SCORER_H_
#define SUDOKU_CORE_SCORER_H_

#include <optional>
#include <span>
#include <string_view>

#include "sudoku/core/grid.h"

namespace sudoku {

// Sum over empty cells of the digits not seen among the givens of the cell's houses.
int TotalFreedom(const Grid& puzzle);

struct LevelBand {
  std::string_view name;
  int min_clues;  // target range of `generate --level`
  int max_clues;
};

// The levels, easiest first.
std::span<const LevelBand> Levels();

// The band named `name`, or nullopt for an unknown name.
std::optional<LevelBand> FindLevel(std::string_view name);

// The level name of a puzzle with `clues` givens (a static string).
std::string_view ClassifyLevel(int clues);

}  // namespace sudoku

#endif  // SUDOKU_CORE_SCORER_H_
