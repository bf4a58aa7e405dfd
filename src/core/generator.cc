#include "sudoku/generator.h"

#include <algorithm>

#include "sudoku/grid_generator.h"
#include "sudoku/scorer.h"
#include "sudoku/transform.h"

namespace sudoku {
namespace {

constexpr int kMinUniqueClues = 17;        // McGuire et al. 2012: no 16-clue puzzle exists
constexpr int kMaxKnownMinimalClues = 40;  // the largest minimal puzzles known have 40 clues

std::string Range(int lo, int hi) { return std::to_string(lo) + "-" + std::to_string(hi); }

}  // namespace

std::string CheckGeneratorOptions(const GeneratorOptions& options) {
  const DigOptions& dig = options.dig;
  const std::string clues = "--clues " + Range(dig.min_clues, dig.max_clues);
  if (dig.min_clues > dig.max_clues) return clues + ": minimum above maximum";
  if (dig.max_clues >= kCells) return clues + ": a puzzle has at most 80 clues (one empty cell)";
  if (dig.max_clues < kMinUniqueClues) {
    return clues + ": no unique puzzle has fewer than 17 clues";
  }
  if (dig.minimal && dig.min_clues > kMaxKnownMinimalClues) {
    return clues + " with --minimal: no minimal puzzle with more than 40 clues is known";
  }
  const std::string freedom = "--freedom " + Range(options.min_freedom, options.max_freedom);
  if (options.min_freedom > options.max_freedom) return freedom + ": minimum above maximum";
  if (options.min_freedom < 0 || options.max_freedom > 729) {
    return freedom + ": freedom lies between 0 and 729";
  }
  // Every empty cell has freedom 1 to 9, so the bands must overlap [holes, 9 * holes].
  const int min_holes = kCells - dig.max_clues;
  const int max_holes = kCells - std::max(dig.min_clues, kMinUniqueClues);
  if (options.max_freedom < min_holes || options.min_freedom > 9 * max_holes) {
    return freedom + ": unreachable with " + clues;
  }
  if (options.max_attempts < 1) return "max attempts must be at least 1";
  return {};
}

bool GeneratePuzzle(const GeneratorOptions& options, int64_t item_index, uint64_t item_seed,
                    PuzzleRecord* record) {
  Rng rng(item_seed);
  for (int attempt = 0; attempt < options.max_attempts; ++attempt) {
    const Grid grid = RelabelDigits(GenerateGrid(rng), RandomDigitMap(rng));
    Grid puzzle;
    if (!DigUniquePuzzle(grid, options.dig, rng, &puzzle)) continue;
    const int freedom = TotalFreedom(puzzle);
    if (freedom < options.min_freedom || freedom > options.max_freedom) continue;
    record->item_index = item_index;
    record->givens = puzzle;
    record->solution = grid;
    record->clues = CountGivens(puzzle);
    record->freedom = freedom;
    record->level = ClassifyLevel(record->clues);
    record->symmetry = "none";
    record->grid_method = "search";
    return true;
  }
  return false;
}

}  // namespace sudoku
