// Makes one Sudoku puzzle from a seed through the library of sudoku-corpus and rates it, as an
// app or a server that wants puzzles on demand would: `embed [SEED]` prints the givens, the
// solution and the rating, one per line. The same seed gives the same puzzle on every machine.
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>

#include "sudoku/core/generator.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

int main(int argc, char** argv) {
  const uint64_t seed = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1;

  sudoku::GeneratorOptions options;  // a grid by search, digits relabelled, 17-80 clues
  options.dig.max_clues = 30;        // a puzzle a person would play
  if (sudoku::Status status = sudoku::CheckGeneratorOptions(options); !status.ok()) {
    std::cerr << "embed: " << status.message() << "\n";
    return 1;
  }
  sudoku::PuzzleRecord record;
  if (!sudoku::GeneratePuzzle(options, 0, sudoku::ItemSeed(seed, 0), &record)) {
    std::cerr << "embed: no puzzle within the bands from seed " << seed << "\n";
    return 1;
  }

  // The record holds its rating already; rating the givens again shows the rater on its own.
  sudoku::Rating rating;
  if (!sudoku::RatePuzzle(record.givens, &rating)) {
    std::cerr << "embed: the puzzle has " << rating.solutions << " solutions\n";
    return 1;
  }
  std::cout << "givens   " << sudoku::ToString(record.givens) << "\n"
            << "solution " << sudoku::ToString(record.solution) << "\n"
            << "rating   " << sudoku::FormatRating(rating.rating) << " "
            << sudoku::RatingLevel(rating.rating) << " (" << sudoku::TechniqueName(rating.hardest)
            << "), " << sudoku::CountGivens(record.givens) << " clues, "
            << sudoku::CountSolutions(record.givens, 2) << " solution\n";
  return 0;
}
