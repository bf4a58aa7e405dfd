// A solving path (sudoku/core/solve_path.h) as users read it: the JSON of `rate --json --steps`
// and of export's `steps` column, and the text lines of `rate --steps`. One place, so that the
// two commands show a step alike.
#ifndef SUDOKU_CLI_STEPS_JSON_H_
#define SUDOKU_CLI_STEPS_JSON_H_

#include <nlohmann/json.hpp>
#include <string>

#include "sudoku/core/solve_path.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {

// [{"technique", "rating" (SE units), "placements", "removals", "cells", "houses"[, "chain"]}]:
// cells as "r4c6", houses as "row 4", "column 6" or "box 5", chain as a list of chains, each a
// list of nodes ("r4c6=7" on, "r4c6<>7" off).
nlohmann::ordered_json StepsJson(const SolvePath& path);

// The solving path of a stored puzzle, as this version's rater walks it (RatePuzzle). Throws
// UserError when the puzzle does not parse, or when the path's rating or hardest technique is not
// the stored one (a corpus rated by another version: re-rate it with `migrate`).
SolvePath StoredPath(const StoredPuzzle& puzzle);

// One line a step, each ending in a newline: number, technique, rating, placements, removals,
// then the pattern in brackets (houses, cells, chain nodes joined by " - ").
std::string StepsText(const SolvePath& path);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STEPS_JSON_H_
