#include "sudoku/pipeline/pipeline.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

using Clock = std::chrono::steady_clock;

// A run of consecutive items (first, first + step, ...) travelling through the pipeline as one
// token.
struct Chunk {
  int64_t first = 0;
  int count = 0;
  std::vector<PuzzleRecord> records;  // the items made, in order (fewer than count on error)
  Status error;                       // why the item after the last record could not be made
  bool cut = false;  // *stop came first: the items after the last record were not made
};

bool StopRequested(const PipelineOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

constexpr int kChunkItems = 16;  // items per token: amortizes the pipeline's per-token cost
constexpr int kTokensPerThread = 4;

// Live tokens: besides a few per thread, enough for two batches of items, so the workers keep
// generating while the sink writes a batch (a transaction of 1,000 rows takes tens of
// milliseconds, far longer than a few tokens of work). Memory stays bounded: a record is about
// 600 bytes, so 2,000 items in flight are about 1.2 MB.
size_t LiveTokens(const PipelineOptions& options, int threads) {
  return static_cast<size_t>(threads * kTokensPerThread + 2 * options.batch_size / kChunkItems);
}

// The serial output stage: collects records into batches and hands them to the sink. Errors
// are values, not exceptions: after the first one, `failed()` turns true, the source stops
// issuing chunks and the chunks still in flight are dropped, so TBB never has to cancel.
class BatchWriter {
 public:
  BatchWriter(const PipelineOptions& options, PuzzleSink* sink)
      : options_(options),
        sink_(sink),
        last_flush_(Clock::now()),
        next_index_(options.first_index) {
    batch_.reserve(static_cast<size_t>(options.batch_size));
  }
  void Add(const Chunk& chunk) {
    if (failed() || cut_) return;
    for (const PuzzleRecord& record : chunk.records) {
      batch_.push_back(record);
      if (static_cast<int>(batch_.size()) >= options_.batch_size) Flush();
    }
    if (chunk.cut) {
      // Items after this chunk's records were not made: later chunks, whole or not, would
      // leave a gap, so the run keeps what comes before and --resume starts here.
      cut_ = true;
      Flush();
    } else if (!chunk.error.ok()) {
      Flush();  // the items before the failing one are kept
      Fail(chunk.error);
    } else if (Clock::now() - last_flush_ > std::chrono::duration<double>(options_.flush_seconds)) {
      Flush();
    }
  }
  void Flush() {
    last_flush_ = Clock::now();
    if (batch_.empty() || failed()) return;
    BatchOutcome outcome;
    const Status status = sink_->WriteBatch(batch_, &outcome);
    if (!status.ok()) return Fail(status);
    written_ += outcome.stored;
    duplicates_ += outcome.duplicates;
    next_index_ = batch_.back().item_index + options_.index_step;
    batch_.clear();
    if (options_.progress) options_.progress(written_);
  }
  void Fail(Status status) {
    status_ = std::move(status);
    batch_.clear();
    failed_.store(true, std::memory_order_relaxed);
  }
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  bool cut() const { return cut_; }
  const Status& status() const { return status_; }
  int64_t written() const { return written_; }
  int64_t duplicates() const { return duplicates_; }
  int64_t next_index() const { return next_index_; }

 private:
  const PipelineOptions& options_;
  PuzzleSink* sink_;
  std::vector<PuzzleRecord> batch_;
  Clock::time_point last_flush_;
  int64_t written_ = 0;
  int64_t duplicates_ = 0;
  int64_t next_index_;  // the item after the last one the sink has accounted for
  bool cut_ = false;    // a chunk cut short by *stop arrived: nothing after it is taken
  Status status_;
  std::atomic<bool> failed_{false};
};

// Checks *stop before each item: an item can take seconds (controlled-bias digging), and a
// stopped run should not first make every chunk in flight.
void MakeChunk(const PipelineOptions& options, Chunk& chunk) {
  chunk.records.resize(static_cast<size_t>(chunk.count));
  for (int k = 0; k < chunk.count; ++k) {
    if (StopRequested(options)) {
      chunk.records.resize(static_cast<size_t>(k));
      chunk.cut = true;
      return;
    }
    const int64_t index = chunk.first + k * options.index_step;
    if (!GeneratePuzzle(options.generator, index,
                        ItemSeed(options.seed, static_cast<uint64_t>(index)),
                        &chunk.records[static_cast<size_t>(k)])) {
      chunk.records.resize(static_cast<size_t>(k));
      chunk.error = Status::InvalidArgument("item " + std::to_string(index) +
                                            ": no puzzle met the requested bands in " +
                                            std::to_string(options.generator.max_attempts) +
                                            " attempts; widen the clue band or the freedom band");
      return;
    }
  }
}

// One round: `count` items from `first` on (every index_step-th) through the three stages.
void RunStages(const PipelineOptions& options, int threads, int64_t first, int64_t count,
               BatchWriter& writer, bool& stopped) {
  // Saturated: a count near INT64_MAX must not wrap the end around to before `first`.
  int64_t span = 0, end = 0;
  if (__builtin_mul_overflow(count, options.index_step, &span) ||
      __builtin_add_overflow(first, span, &end)) {
    end = std::numeric_limits<int64_t>::max();
  }
  int64_t next = first;
  auto source = [&](tbb::flow_control& fc) {
    Chunk chunk;
    if (next >= end || writer.failed() || StopRequested(options)) {
      stopped = next < end && !writer.failed();
      fc.stop();
      return chunk;
    }
    chunk.first = next;
    chunk.count =
        static_cast<int>(std::min<int64_t>(kChunkItems, (end - next) / options.index_step));
    next += chunk.count * options.index_step;
    return chunk;
  };
  // Exceptions stay inside the stages: one thrown through parallel_pipeline leaks the tokens in
  // flight (TBB does not destroy them), so each becomes the chunk's or the run's error.
  auto make = [&](Chunk chunk) {
    try {
      if (!writer.failed()) MakeChunk(options, chunk);
    } catch (const std::exception& e) {
      chunk.records.clear();  // which items were made is unknown: none of this chunk is kept
      chunk.error = Status::Internal(std::string("the pipeline stopped: ") + e.what());
    }
    return chunk;
  };
  auto write = [&](const Chunk& chunk) {
    try {
      writer.Add(chunk);
    } catch (const std::exception& e) {
      writer.Fail(Status::Internal(std::string("the pipeline stopped: ") + e.what()));
    }
  };
  tbb::parallel_pipeline(
      LiveTokens(options, threads),
      tbb::make_filter<void, Chunk>(tbb::filter_mode::serial_in_order, source) &
          tbb::make_filter<Chunk, Chunk>(tbb::filter_mode::parallel, make) &
          tbb::make_filter<Chunk, void>(tbb::filter_mode::serial_in_order, write));
}

}  // namespace

Status RunPipeline(const PipelineOptions& options, PuzzleSink* sink, PipelineResult* result) {
  *result = PipelineResult();
  result->next_index = options.first_index;
  if (options.index_step < 1) {
    return Status::InvalidArgument("item step " + std::to_string(options.index_step) +
                                   ": must be at least 1");
  }
  const auto start = Clock::now();
  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  BatchWriter writer(options, sink);
  bool stopped = false;
  // An exception (the system refusing worker threads, memory, a sink that throws) becomes the
  // run's error like any other: the caller can still record the run as failed.
  try {
    // global_control lets --threads exceed the core count (TBB caps workers at cores - 1).
    tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                              static_cast<size_t>(threads));
    tbb::task_arena arena(threads);
    // Rounds: each makes exactly the missing number of items, so none can overshoot `count`.
    while (writer.written() < options.count && !stopped && !writer.failed()) {
      const int64_t first = writer.next_index();
      const int64_t missing = options.count - writer.written();
      arena.execute([&] { RunStages(options, threads, first, missing, writer, stopped); });
      stopped = stopped || writer.cut();
      writer.Flush();
      int64_t allowed = 0;  // saturated, as above: count + max_extra_duplicates may overflow
      if (__builtin_add_overflow(options.count, options.max_extra_duplicates, &allowed)) {
        allowed = std::numeric_limits<int64_t>::max();
      }
      if (writer.duplicates() > allowed) {
        writer.Fail(Status::InvalidArgument(
            std::to_string(writer.duplicates()) + " items were duplicates of stored puzzles, for " +
            std::to_string(writer.written()) + " of " + std::to_string(options.count) +
            " stored: these settings reach too few distinct puzzles; widen the clue band or use "
            "another grid method or the full transform"));
      }
    }
  } catch (const std::exception& e) {
    writer.Fail(Status::Internal(std::string("the pipeline stopped: ") + e.what()));
  }
  result->written = writer.written();
  result->duplicates = writer.duplicates();
  result->next_index = writer.next_index();
  result->stopped = stopped;
  result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return writer.status();
}

}  // namespace sudoku
