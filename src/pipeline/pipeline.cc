#include "sudoku/pipeline.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <vector>

#include "sudoku/rng.h"

namespace sudoku {
namespace {

using Clock = std::chrono::steady_clock;

// A run of consecutive items travelling through the pipeline as one token.
struct Chunk {
  int64_t first = 0;
  int count = 0;
  std::vector<PuzzleRecord> records;
};

constexpr int kChunkItems = 16;  // items per token: amortizes the pipeline's per-token cost
constexpr int kTokensPerThread = 4;

// Raised inside the pipeline; TBB cancels the other stages and rethrows it in RunPipeline.
struct PipelineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The serial output stage: collects records into batches and hands them to the sink.
class BatchWriter {
 public:
  BatchWriter(const PipelineOptions& options, PuzzleSink* sink)
      : options_(options), sink_(sink), last_flush_(Clock::now()) {
    batch_.reserve(static_cast<size_t>(options.batch_size));
  }
  void Add(const Chunk& chunk) {
    for (const PuzzleRecord& record : chunk.records) {
      batch_.push_back(record);
      if (static_cast<int>(batch_.size()) >= options_.batch_size) Flush();
    }
    if (!batch_.empty() &&
        Clock::now() - last_flush_ > std::chrono::duration<double>(options_.flush_seconds)) {
      Flush();
    }
  }
  void Flush() {
    last_flush_ = Clock::now();
    if (batch_.empty()) return;
    Status status = sink_->WriteBatch(batch_);
    if (!status.ok()) throw PipelineError(status.message());
    written_ += static_cast<int64_t>(batch_.size());
    batch_.clear();
    if (options_.progress) options_.progress(written_);
  }
  int64_t written() const { return written_; }

 private:
  const PipelineOptions& options_;
  PuzzleSink* sink_;
  std::vector<PuzzleRecord> batch_;
  Clock::time_point last_flush_;
  int64_t written_ = 0;
};

void MakeChunk(const PipelineOptions& options, Chunk& chunk) {
  chunk.records.resize(static_cast<size_t>(chunk.count));
  for (int k = 0; k < chunk.count; ++k) {
    const int64_t index = chunk.first + k;
    if (!GeneratePuzzle(options.generator, index,
                        ItemSeed(options.seed, static_cast<uint64_t>(index)),
                        &chunk.records[static_cast<size_t>(k)])) {
      throw PipelineError(
          "item " + std::to_string(index) + ": no puzzle met the requested bands in " +
          std::to_string(options.generator.max_attempts) + " attempts; widen --clues or --freedom");
    }
  }
}

void RunStages(const PipelineOptions& options, int threads, BatchWriter& writer, bool& stopped) {
  const int64_t end = options.first_index + options.count;
  int64_t next = options.first_index;
  tbb::parallel_pipeline(
      static_cast<size_t>(threads * kTokensPerThread),
      tbb::make_filter<void, Chunk>(tbb::filter_mode::serial_in_order,
                                    [&](tbb::flow_control& fc) {
                                      Chunk chunk;
                                      if (next >= end || (options.stop && options.stop->load())) {
                                        stopped = next < end;
                                        fc.stop();
                                        return chunk;
                                      }
                                      chunk.first = next;
                                      chunk.count = static_cast<int>(
                                          std::min<int64_t>(kChunkItems, end - next));
                                      next += chunk.count;
                                      return chunk;
                                    }) &
          tbb::make_filter<Chunk, Chunk>(tbb::filter_mode::parallel,
                                         [&](Chunk chunk) {
                                           MakeChunk(options, chunk);
                                           return chunk;
                                         }) &
          tbb::make_filter<Chunk, void>(tbb::filter_mode::serial_in_order,
                                        [&](const Chunk& chunk) { writer.Add(chunk); }));
}

}  // namespace

Status RunPipeline(const PipelineOptions& options, PuzzleSink* sink, PipelineResult* result) {
  const auto start = Clock::now();
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  BatchWriter writer(options, sink);
  bool stopped = false;
  Status status;
  try {
    // global_control lets --threads exceed the core count (TBB caps workers at cores - 1).
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
    tbb::task_arena arena(threads);
    arena.execute([&] { RunStages(options, threads, writer, stopped); });
    writer.Flush();
  } catch (const PipelineError& error) {
    status = Status::Error(error.what());
  }
  result->written = writer.written();
  result->stopped = stopped;
  result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return status;
}

}  // namespace sudoku
