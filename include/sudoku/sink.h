// PuzzleRecord and PuzzleSink: what the pipeline hands to storage.
//
// A PuzzleRecord is one finished item of a run: the puzzle, its solution and its scores. The
// pipeline writes records to an abstract PuzzleSink (the SQLite store is one implementation, an
// in-memory sink in the tests is another), so the pipeline never knows where puzzles go.
#ifndef SUDOKU_SINK_H_
#define SUDOKU_SINK_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "sudoku/grid.h"
#include "sudoku/status.h"

namespace sudoku {

struct PuzzleRecord {
  int64_t item_index = 0;        // 0-based position of the item within its run
  Grid givens;                   // the puzzle; always has exactly one solution
  Grid solution;                 // its unique solution
  int clues = 0;                 // number of givens
  int freedom = 0;               // TotalFreedom(givens), see scorer.h
  std::string_view level;        // level name (scorer.h), a static string
  std::string_view symmetry;     // symmetry used when digging ("none"), a static string
  std::string_view grid_method;  // how the finished grid was made ("search"), a static string
};

// Receives finished records. The pipeline calls WriteBatch from one thread at a time, with
// batches in increasing item order and no gaps.
class PuzzleSink {
 public:
  virtual ~PuzzleSink() = default;
  // Stores `batch` atomically: afterwards either every record of it is durable, or none is and
  // the returned status says why.
  virtual Status WriteBatch(std::span<const PuzzleRecord> batch) = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_SINK_H_
