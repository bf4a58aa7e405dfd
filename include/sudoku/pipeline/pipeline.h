// Pipeline: runs the generator over items first_index, first_index + index_step, ... on a oneTBB
// parallel_pipeline and writes the records, in item order, to a PuzzleSink in batches, until
// `count` puzzles are stored.
//
//   serial in-order source  -> chunks of item indices (stops early when *stop becomes true)
//   parallel generate       -> GeneratePuzzle for each item of a chunk (seed = ItemSeed(seed, i))
//   serial in-order sink    -> appends to the current batch; queues it when it is full or
//                              flush_seconds have passed since the last one
//   writer thread           -> WriteBatch for each queued batch, in order
// The sink writes on a thread of its own, beside the `threads` workers: a commit or a WAL
// checkpoint can take a second, and a worker that wrote would leave its share of the items
// unmade meanwhile. Memory is bounded by the live tokens (4 per thread, plus a batch of items)
// and at most four queued batches, not by `count`.
// Batch size: a SQLite transaction rewrites every index page it touches, and the level, clues,
// freedom and rating indexes take a batch's rows at a few hundred places at once, so batches of
// 5000 share those pages five times better than batches of 1000, for a few MB more peak memory
// (measured with the store benchmark: docs/performance.md, "Store settings"). The store may
// hold several batches in one transaction (SqliteStore::WriteBatch).
//
// Duplicates: the sink drops a record whose canonical form is already stored. The pipeline
// works in rounds: a round makes exactly as many items as puzzles are still missing, so it can
// never store too many; when the sink reported duplicates, another round makes the shortfall
// from the next item indices. Because each item's randomness depends only on (seed, index), the
// sink sees items in index order, and rounds depend only on what was stored, the corpus written
// is identical at any thread count: the first `count` non-duplicate items from first_index on
// (every index_step-th).
#ifndef SUDOKU_PIPELINE_PIPELINE_H_
#define SUDOKU_PIPELINE_PIPELINE_H_

#include <atomic>
#include <cstdint>
#include <functional>

#include "sudoku/core/generator.h"
#include "sudoku/pipeline/sink.h"
#include "sudoku/status.h"

namespace sudoku {

struct PipelineOptions {
  uint64_t seed = 0;        // run seed. Default: 0
  int64_t first_index = 0;  // first item index to make. Default: 0
  // Distance between the items made: a shard K of N makes items K-1, K-1+N, ... (first_index
  // K-1, index_step N), so N shards together make exactly the items of one run. Default: 1
  int64_t index_step = 1;
  int64_t count = 1000;   // how many puzzles to store. Default: 1000
  int threads = 0;        // worker threads (the writer has one more); 0 means all cores. Default: 0
  int batch_size = 5000;  // records per WriteBatch (a sink may commit several). Default: 5000
  double flush_seconds = 1.0;  // also write a partial batch this often. Default: 1.0
  GeneratorOptions generator;  // what each item must satisfy. Default: see GeneratorOptions
  const std::atomic<bool>* stop = nullptr;  // when set and true, stop after what is made
  // Give up when more items than count + max_extra_duplicates were duplicates: the settings
  // reach too few distinct puzzles. Default: 1000
  int64_t max_extra_duplicates = 1000;
  // Called after each WriteBatch, if set, on the writer thread (never two calls at once).
  std::function<void(int64_t written)> progress;
};

struct PipelineResult {
  int64_t written = 0;     // records stored by the sink (acknowledged)
  int64_t duplicates = 0;  // records the sink dropped as duplicates
  int64_t next_index = 0;  // the first item index not yet handed to the sink
  bool stopped = false;    // true when *stop ended the run early
  double seconds = 0;      // wall time of the run
};

// Runs the pipeline. Returns the first error (a sink failure, an item that could not meet the
// bands within max_attempts, too many duplicates, or an exception such as the system refusing
// worker threads, as kInternal); records written before it stay written. Does not throw.
Status RunPipeline(const PipelineOptions& options, PuzzleSink* sink, PipelineResult* result);

}  // namespace sudoku

#endif  // SUDOKU_PIPELINE_PIPELINE_H_
