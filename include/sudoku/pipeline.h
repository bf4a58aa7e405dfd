// Pipeline: runs the generator over items 0..count-1 on a oneTBB parallel_pipeline and writes
// the records, in item order, to a PuzzleSink in batches.
//
//   serial in-order source  -> chunks of item indices (stops early when *stop becomes true)
//   parallel generate       -> GeneratePuzzle for each item of a chunk (seed = ItemSeed(seed, i))
//   serial in-order sink    -> appends to the current batch; WriteBatch when it is full or
//                              flush_seconds have passed since the last write
// Memory is bounded by the live tokens (4 per thread), not by `count`. Because each item's
// randomness depends only on (seed, index) and the sink is in order, the records written are
// identical at any thread count.
#ifndef SUDOKU_PIPELINE_H_
#define SUDOKU_PIPELINE_H_

#include <atomic>
#include <cstdint>
#include <functional>

#include "sudoku/generator.h"
#include "sudoku/sink.h"
#include "sudoku/status.h"

namespace sudoku {

struct PipelineOptions {
  uint64_t seed = 0;           // run seed. Default: 0
  int64_t first_index = 0;     // first item index to make. Default: 0
  int64_t count = 1000;        // how many items to make. Default: 1000
  int threads = 0;             // worker threads; 0 means all cores. Default: 0
  int batch_size = 1000;       // records per WriteBatch (one transaction). Default: 1000
  double flush_seconds = 1.0;  // also write a partial batch this often. Default: 1.0
  GeneratorOptions generator;  // what each item must satisfy. Default: see GeneratorOptions
  const std::atomic<bool>* stop = nullptr;        // when set and true, stop after what is made
  std::function<void(int64_t written)> progress;  // called after each WriteBatch, if set
};

struct PipelineResult {
  int64_t written = 0;   // records handed to the sink and acknowledged
  bool stopped = false;  // true when *stop ended the run early
  double seconds = 0;    // wall time of the run
};

// Runs the pipeline. Returns the first error (a sink failure, or an item that could not meet
// the bands within max_attempts); records written before the error stay written.
Status RunPipeline(const PipelineOptions& options, PuzzleSink* sink, PipelineResult* result);

}  // namespace sudoku

#endif  // SUDOKU_PIPELINE_H_
