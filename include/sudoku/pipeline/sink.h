// PuzzleSink: where the pipeline hands its records (PuzzleRecord, sudoku/core/record.h).
//
// The pipeline writes records to an abstract PuzzleSink (the SQLite store is one implementation,
// an in-memory sink in the tests is another), so the pipeline never knows where puzzles go.
#ifndef SUDOKU_PIPELINE_SINK_H_
#define SUDOKU_PIPELINE_SINK_H_

#include <cstdint>
#include <span>

#include "sudoku/core/record.h"
#include "sudoku/status.h"

namespace sudoku {

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
  // the others as duplicates; atomically: afterwards either the whole batch is accounted for,
  // or nothing of it is and the returned status says why. On success *outcome says what
  // happened (stored + duplicates == batch.size()). A sink may make batches durable a few at a
  // time (SqliteStore commits within seconds, and when the run ends); a crash then loses whole
  // batches only, the latest ones.
  virtual Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_PIPELINE_SINK_H_
