// PuzzleRecord and PuzzleSink: what the pipeline hands to storage.
//
// A PuzzleRecord is one finished item of a run: the puzzle, its solution, their canonical forms
// and its scores. The
// pipeline writes records to an abstract PuzzleSink (the SQLite store is one implementation, an
// in-memory sink in the tests is another), so the pipeline never knows where puzzles go.
#ifndef SUDOKU_PIPELINE_SINK_H_
#define SUDOKU_PIPELINE_SINK_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/status.h"

namespace sudoku {

struct PuzzleRecord {
  int64_t item_index = 0;                // 0-based position of the item within its run
  Grid givens;                           // the puzzle; always has exactly one solution
  Grid solution;                         // its unique solution
  int clues = 0;                         // number of givens
  int freedom = 0;                       // TotalFreedom(givens), see scorer.h
  std::string_view level;                // rating band (RatingLevel, rating.h), a static string
  std::string_view clue_level;           // version-1 clue-count level (ClassifyLevel, scorer.h)
  int rating = 0;                        // SE rating in tenths (rating.h)
  Technique hardest = Technique::kNone;  // technique of the hardest step
  int guesses = 0;                       // guess steps the logical solver needed
  std::array<uint16_t, kTechniqueCount> technique_uses{};  // uses per technique
  std::string_view symmetry;     // symmetry used when digging ("none"), a static string
  std::string_view grid_method;  // how the finished grid was made ("search"), a static string
  std::string_view dig_order;    // order cells were tried in ("random"), a static string
  Grid canonical;                // CanonicalForm(givens), canonical.h: equal for equivalents
  Grid solution_canonical;       // CanonicalGrid(solution)
};

// What a sink did with one batch: every record is either stored or a duplicate.
struct BatchOutcome {
  int64_t stored = 0;      // records stored
  int64_t duplicates = 0;  // records not stored: an equivalent puzzle (same canonical form) was
                           // already in the corpus or earlier in the batch
};

// Receives finished records. The pipeline calls WriteBatch from one thread at a time, with
// batches in increasing item order and no gaps.
class PuzzleSink {
 public:
  virtual ~PuzzleSink() = default;
  // Stores, in order, each record of `batch` whose canonical form is not yet stored, and counts
  // the others as duplicates; atomically: afterwards either the whole batch is accounted for
  // and durable, or nothing of it is and the returned status says why. On success *outcome
  // says what happened (stored + duplicates == batch.size()).
  virtual Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_PIPELINE_SINK_H_
