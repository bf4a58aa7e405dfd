// Generator: one pipeline item from start to finish. Makes a finished grid, relabels its
// digits, digs a unique puzzle and scores it, retrying with fresh grids (bounded) until the
// puzzle meets the requested clue and freedom bands.
//
// Deterministic: the record depends only on (options, item seed). Thread-safe.
#ifndef SUDOKU_GENERATOR_H_
#define SUDOKU_GENERATOR_H_

#include <cstdint>
#include <string>

#include "sudoku/digger.h"
#include "sudoku/sink.h"

namespace sudoku {

struct GeneratorOptions {
  DigOptions dig;           // clue band and minimality. Default: see DigOptions
  int min_freedom = 0;      // lowest accepted freedom. Default: 0
  int max_freedom = 729;    // highest accepted freedom. Default: 729 (empty board)
  int max_attempts = 1000;  // grids tried per item before giving up. Default: 1000
};

// Empty when the options can be met in principle; otherwise a one-line reason naming the
// offending option (e.g. "--clues 5-10: no unique puzzle has fewer than 17 clues").
std::string CheckGeneratorOptions(const GeneratorOptions& options);

// Fills `*record` with item `item_index` made from `item_seed`. Returns false when
// max_attempts grids gave no puzzle inside the bands (the record is then unspecified).
// REQUIRES: CheckGeneratorOptions(options) is empty.
bool GeneratePuzzle(const GeneratorOptions& options, int64_t item_index, uint64_t item_seed,
                    PuzzleRecord* record);

}  // namespace sudoku

#endif  // SUDOKU_GENERATOR_H_
