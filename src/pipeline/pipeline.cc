#include "sudoku/pipeline/pipeline.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <limits>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "pipeline/chunk_size.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

using Clock = std::chrono::steady_clock;
using pipeline_internal::ChunkItems;
using pipeline_internal::kChunkItems;

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

constexpr int kTokensPerThread = 4;

// Batches handed to the writer thread and not yet written: while the sink commits (a long
// transaction or a WAL checkpoint can take a second), the workers fill the next ones instead of
// waiting. Bounded, so memory does not grow with the corpus: a record is about 600 bytes, so
// four batches of 5,000 are about 12 MB.
constexpr size_t kQueuedBatches = 4;

// Live tokens: a few per thread, plus one batch of items so that the serial stage always has a
// batch's worth of work while the writer thread is busy.
size_t LiveTokens(const PipelineOptions& options, int threads) {
  return static_cast<size_t>(threads * kTokensPerThread + options.batch_size / kChunkItems);
}

// The output: the serial stage collects records into batches in item order (Add) and queues
// them; a thread of its own hands them to the sink in that order, so that the workers never
// wait for SQLite. Errors are values, not exceptions: after the first one, `failed()` turns true,
// the source stops issuing chunks and the chunks still in flight are dropped, so TBB never has
// to cancel. Batches queued before an error of the stages (an item that cannot be made) are
// still written; after an error of the sink nothing more is.
class BatchWriter {
 public:
  BatchWriter(const PipelineOptions& options, PuzzleSink* sink)
      : options_(options),
        sink_(sink),
        last_flush_(Clock::now()),
        next_index_(options.first_index) {
    batch_.reserve(static_cast<size_t>(options.batch_size));
  }
  ~BatchWriter() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closing_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
  // Starts the writer thread (throws std::system_error when the system refuses it).
  void Start() {
    thread_ = std::thread([this] { WriteQueued(); });
  }
  BatchWriter(const BatchWriter&) = delete;
  BatchWriter& operator=(const BatchWriter&) = delete;

  // The serial stage's side.
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
      Fail(chunk.error, /*from_sink=*/false);
    } else if (Clock::now() - last_flush_ > std::chrono::duration<double>(options_.flush_seconds)) {
      Flush();
    }
  }
  // Queues the current batch (waiting while the queue is full).
  void Flush() {
    last_flush_ = Clock::now();
    if (batch_.empty()) return;
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return queue_.size() < kQueuedBatches || sink_failed_; });
    if (sink_failed_) {
      batch_.clear();
      return;
    }
    queue_.push_back(std::move(batch_));
    batch_ = TakeSpare();
    lock.unlock();
    changed_.notify_all();
  }
  // Waits until every queued batch is written (or dropped after an error of the sink).
  void Drain() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [this] { return queue_.empty() && !writing_; });
  }
  void Fail(Status status, bool from_sink) {
    std::lock_guard<std::mutex> lock(mutex_);
    // In item order, a sink error comes first: it is about a batch queued before anything the
    // stages could still fail on.
    if (from_sink) {
      sink_failed_ = true;
      if (sink_status_.ok()) sink_status_ = std::move(status);
    } else if (stage_status_.ok()) {
      stage_status_ = std::move(status);
    }
    failed_.store(true, std::memory_order_relaxed);
  }
  bool failed() const { return failed_.load(std::memory_order_relaxed); }
  bool cut() const { return cut_; }

  // Read after Drain.
  Status status() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return sink_status_.ok() ? stage_status_ : sink_status_;
  }
  int64_t written() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return written_;
  }
  int64_t duplicates() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return duplicates_;
  }
  int64_t next_index() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return next_index_;
  }

 private:
  // The writer thread: one batch at a time, in the order queued.
  void WriteQueued() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      changed_.wait(lock, [this] { return !queue_.empty() || closing_; });
      if (queue_.empty()) return;
      std::vector<PuzzleRecord> batch = std::move(queue_.front());
      queue_.pop_front();
      if (sink_failed_) {
        changed_.notify_all();
        continue;
      }
      writing_ = true;
      lock.unlock();
      BatchOutcome outcome;
      Status status;
      try {
        status = sink_->WriteBatch(batch, &outcome);
      } catch (const std::exception& e) {
        status = Status::Internal(std::string("the pipeline stopped: ") + e.what());
      }
      if (!status.ok()) Fail(status, /*from_sink=*/true);
      int64_t written = 0;
      lock.lock();
      if (status.ok()) {
        written_ += outcome.stored;
        duplicates_ += outcome.duplicates;
        next_index_ = batch.back().item_index + options_.index_step;
        written = written_;
      }
      batch.clear();
      spares_.push_back(std::move(batch));
      writing_ = false;
      changed_.notify_all();
      if (status.ok() && options_.progress) {
        lock.unlock();
        options_.progress(written);
        lock.lock();
      }
    }
  }
  // A written batch's vector, to fill again without allocating (REQUIRES: mutex_ held).
  std::vector<PuzzleRecord> TakeSpare() {
    std::vector<PuzzleRecord> spare;
    if (!spares_.empty()) {
      spare = std::move(spares_.back());
      spares_.pop_back();
    } else {
      spare.reserve(static_cast<size_t>(options_.batch_size));
    }
    return spare;
  }

  const PipelineOptions& options_;
  PuzzleSink* sink_;
  // The serial stage's own.
  std::vector<PuzzleRecord> batch_;
  Clock::time_point last_flush_;
  bool cut_ = false;  // a chunk cut short by *stop arrived: nothing after it is taken
  std::atomic<bool> failed_{false};
  // Shared with the writer thread, under mutex_.
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::vector<PuzzleRecord>> queue_;
  std::vector<std::vector<PuzzleRecord>> spares_;
  bool writing_ = false;  // the writer thread holds a batch taken off the queue
  bool closing_ = false;
  bool sink_failed_ = false;
  Status sink_status_, stage_status_;
  int64_t written_ = 0;
  int64_t duplicates_ = 0;
  int64_t next_index_;  // the item after the last one the sink has accounted for
  std::thread thread_;
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
    ItemTally tally;
    if (!GeneratePuzzle(options.generator, index,
                        ItemSeed(options.seed, static_cast<uint64_t>(index)),
                        &chunk.records[static_cast<size_t>(k)], &tally)) {
      chunk.records.resize(static_cast<size_t>(k));
      chunk.error = Status::InvalidArgument("item " + std::to_string(index) + ": " +
                                            DescribeFailedItem(options.generator, tally));
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
  std::atomic<int64_t> item_nanos{0};  // what an item took in the latest chunk made
  auto source = [&](tbb::flow_control& fc) {
    Chunk chunk;
    if (next >= end || writer.failed() || StopRequested(options)) {
      stopped = next < end && !writer.failed();
      fc.stop();
      return chunk;
    }
    chunk.first = next;
    chunk.count =
        static_cast<int>(std::min<int64_t>(ChunkItems(item_nanos.load(std::memory_order_relaxed)),
                                           (end - next) / options.index_step));
    next += chunk.count * options.index_step;
    return chunk;
  };
  // Exceptions stay inside the stages: one thrown through parallel_pipeline leaks the tokens in
  // flight (TBB does not destroy them), so each becomes the chunk's or the run's error.
  auto make = [&](Chunk chunk) {
    try {
      const auto began = Clock::now();
      if (!writer.failed()) MakeChunk(options, chunk);
      if (!chunk.records.empty()) {
        const auto took = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now() - began);
        item_nanos.store(took.count() / static_cast<int64_t>(chunk.records.size()),
                         std::memory_order_relaxed);
      }
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
      writer.Fail(Status::Internal(std::string("the pipeline stopped: ") + e.what()),
                  /*from_sink=*/false);
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
    writer.Start();
    // Rounds: each makes exactly the missing number of items, so none can overshoot `count`.
    while (writer.written() < options.count && !stopped && !writer.failed()) {
      const int64_t first = writer.next_index();
      const int64_t missing = options.count - writer.written();
      arena.execute([&] { RunStages(options, threads, first, missing, writer, stopped); });
      stopped = stopped || writer.cut();
      writer.Flush();
      writer.Drain();
      int64_t allowed = 0;  // saturated, as above: count + max_extra_duplicates may overflow
      if (__builtin_add_overflow(options.count, options.max_extra_duplicates, &allowed)) {
        allowed = std::numeric_limits<int64_t>::max();
      }
      if (writer.duplicates() > allowed) {
        writer.Fail(Status::InvalidArgument(std::to_string(writer.duplicates()) +
                                            " items were duplicates of stored puzzles, for " +
                                            std::to_string(writer.written()) + " of " +
                                            std::to_string(options.count) +
                                            " stored: these settings reach too few distinct "
                                            "puzzles; widen the clue band or use "
                                            "another grid method or the full transform"),
                    /*from_sink=*/false);
      }
    }
  } catch (const std::exception& e) {
    writer.Fail(Status::Internal(std::string("the pipeline stopped: ") + e.what()),
                /*from_sink=*/false);
  }
  writer.Drain();
  result->written = writer.written();
  result->duplicates = writer.duplicates();
  result->next_index = writer.next_index();
  result->stopped = stopped;
  result->seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return writer.status();
}

}  // namespace sudoku
