#include "sudoku/pipeline/pipeline.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "pipeline/chunk_size.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

// Keeps every record in memory, once per canonical form (as the store does); can be told to
// fail on its n-th batch.
class MemorySink : public PuzzleSink {
 public:
  Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) override {
    *outcome = BatchOutcome();
    if (++batches_ == fail_on_batch_) return Status::IoError("disk full (simulated)");
    for (const PuzzleRecord& record : batch) {
      if (seen_.insert(ToString(record.canonical)).second) {
        records_.push_back(record);
        ++outcome->stored;
      } else {
        ++outcome->duplicates;
      }
    }
    return Status::Ok();
  }
  std::vector<PuzzleRecord> records_;
  std::set<std::string> seen_;  // canonical forms stored, or preset to make duplicates
  int batches_ = 0;
  int fail_on_batch_ = -1;
};

std::vector<PuzzleRecord> RunToMemory(PipelineOptions options, MemorySink* sink = nullptr) {
  MemorySink own;
  if (sink == nullptr) sink = &own;
  PipelineResult result;
  const Status status = RunPipeline(options, sink, &result);
  EXPECT_TRUE(status.ok()) << status.message();
  EXPECT_EQ(result.written, static_cast<int64_t>(sink->records_.size()));
  return sink->records_;
}

void ExpectSameRecords(const std::vector<PuzzleRecord>& a, const std::vector<PuzzleRecord>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].item_index, b[i].item_index);
    EXPECT_EQ(a[i].givens, b[i].givens) << "item " << i;
    EXPECT_EQ(a[i].solution, b[i].solution) << "item " << i;
  }
}

TEST(Pipeline, SameSeedSameCorpusAtAnyThreadCount) {
  PipelineOptions options;
  options.seed = 7;
  options.count = 600;
  options.batch_size = 37;  // batches that do not line up with the pipeline's chunks
  options.generator.dig.minimal = true;
  options.threads = 1;
  const std::vector<PuzzleRecord> one = RunToMemory(options);
  options.threads = 2;
  const std::vector<PuzzleRecord> two = RunToMemory(options);
  options.threads = 4;  // more threads than cores still gives the same corpus
  const std::vector<PuzzleRecord> four = RunToMemory(options);
  ExpectSameRecords(one, two);
  ExpectSameRecords(one, four);
  for (size_t i = 0; i < one.size(); ++i) {
    ASSERT_EQ(one[i].item_index, static_cast<int64_t>(i));
    ASSERT_EQ(CountSolutions(one[i].givens, 2), 1);
  }
  options.seed = 8;
  EXPECT_NE(RunToMemory(options)[0].givens, one[0].givens);
}

TEST(Pipeline, ARangeOfItemsEqualsTheSameItemsOfAWholeRun) {
  PipelineOptions options;
  options.seed = 3;
  options.count = 100;
  const std::vector<PuzzleRecord> whole = RunToMemory(options);
  options.first_index = 60;
  options.count = 40;
  const std::vector<PuzzleRecord> tail = RunToMemory(options);
  ExpectSameRecords(std::vector<PuzzleRecord>(whole.begin() + 60, whole.end()), tail);
}

TEST(Pipeline, SinkErrorStopsTheRunAndKeepsEarlierBatches) {
  PipelineOptions options;
  options.count = 500;
  options.batch_size = 50;
  MemorySink sink;
  sink.fail_on_batch_ = 3;
  PipelineResult result;
  const Status status = RunPipeline(options, &sink, &result);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("disk full"), std::string::npos);
  EXPECT_EQ(status.code(), StatusCode::kIoError);  // the sink's own code, passed on
  EXPECT_EQ(result.written, 100);
  EXPECT_EQ(sink.records_.size(), 100u);
}

// The sink writes on a thread of its own: progress still comes once per batch, in order,
// and ends at the count written.
TEST(Pipeline, ProgressFollowsEachBatchInOrder) {
  PipelineOptions options;
  options.count = 300;
  options.batch_size = 25;
  options.threads = 2;
  std::vector<int64_t> reported;
  options.progress = [&reported](int64_t written) { reported.push_back(written); };
  MemorySink sink;
  RunToMemory(options, &sink);
  ASSERT_FALSE(reported.empty());
  EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
  EXPECT_EQ(reported.back(), 300);
  EXPECT_EQ(static_cast<int>(reported.size()), sink.batches_);
}

TEST(Pipeline, UnreachableBandIsAnErrorNamingTheItem) {
  PipelineOptions options;
  options.count = 4;
  options.generator.dig = {17, 17, true};
  options.generator.max_attempts = 2;
  MemorySink sink;
  PipelineResult result;
  const Status status = RunPipeline(options, &sink, &result);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message().find("item 0"), std::string::npos) << status.message();
}

TEST(Pipeline, StopFlagEndsEarlyWithAWholePrefix) {
  std::atomic<bool> stop{true};
  PipelineOptions options;
  options.count = 1000;
  options.stop = &stop;
  MemorySink sink;
  PipelineResult result;
  ASSERT_TRUE(RunPipeline(options, &sink, &result).ok());
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.written, 0);
}

// A stop while chunks are being made cuts them short between items; the run keeps a gap-free
// prefix of what an uninterrupted run stores, however many threads were making chunks.
TEST(Pipeline, StopDuringARunKeepsAPrefixOfTheUninterruptedRun) {
  PipelineOptions options;
  options.seed = 5;
  options.count = 600;
  options.batch_size = 16;
  const std::vector<PuzzleRecord> whole = RunToMemory(options);
  for (int threads : {1, 2, 4}) {
    std::atomic<bool> stop{false};
    class StoppingSink : public MemorySink {
     public:
      explicit StoppingSink(std::atomic<bool>* stop) : stop_(stop) {}
      Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) override {
        stop_->store(true);
        return MemorySink::WriteBatch(batch, outcome);
      }
      std::atomic<bool>* stop_;
    } sink(&stop);
    options.threads = threads;
    options.stop = &stop;
    PipelineResult result;
    ASSERT_TRUE(RunPipeline(options, &sink, &result).ok());
    EXPECT_TRUE(result.stopped) << threads << " threads";
    ASSERT_GE(sink.records_.size(), 16u);
    ASSERT_LT(sink.records_.size(), whole.size());
    EXPECT_EQ(result.next_index, sink.records_.back().item_index + 1);
    ExpectSameRecords(sink.records_,
                      std::vector<PuzzleRecord>(
                          whole.begin(), whole.begin() + static_cast<long>(sink.records_.size())));
  }
}

// What the stages throw (here the sink; in a run, the system refusing worker threads) is the
// run's error, returned as a status, so the caller can still record the run as failed.
TEST(Pipeline, AnExceptionInTheStagesIsReturnedAsAnError) {
  class ThrowingSink : public PuzzleSink {
   public:
    Status WriteBatch(std::span<const PuzzleRecord>, BatchOutcome* outcome) override {
      *outcome = BatchOutcome();
      throw std::runtime_error("Resource temporarily unavailable (simulated)");
    }
  };
  PipelineOptions options;
  options.count = 50;
  options.batch_size = 10;
  options.threads = 2;
  ThrowingSink sink;
  PipelineResult result;
  Status status;
  EXPECT_NO_THROW(status = RunPipeline(options, &sink, &result));
  EXPECT_EQ(status.code(), StatusCode::kInternal);
  EXPECT_NE(status.message().find("Resource temporarily unavailable"), std::string::npos)
      << status.message();
  EXPECT_EQ(result.written, 0);
}

// Counts that add up past INT64_MAX (count + allowed duplicates, the end item of a shard)
// saturate instead of wrapping around into a false "too many duplicates" error.
TEST(Pipeline, StopFlagEndsARunOfTheLargestCountsWithoutAnError) {
  std::atomic<bool> stop{true};
  for (int64_t step : {1, 3}) {
    PipelineOptions options;
    options.count = std::numeric_limits<int64_t>::max();
    options.first_index = 2;
    options.index_step = step;
    options.stop = &stop;
    MemorySink sink;
    PipelineResult result;
    const Status status = RunPipeline(options, &sink, &result);
    EXPECT_TRUE(status.ok()) << "step " << step << ": " << status.message();
    EXPECT_TRUE(result.stopped);
    EXPECT_EQ(result.written, 0);
  }
}

// A corpus that already holds some of the run's puzzles: they are skipped, later items take
// their places, and the result is still the same at any thread count.
TEST(Pipeline, SkipsDuplicatesAndStillStoresTheCountAtAnyThreadCount) {
  PipelineOptions options;
  options.seed = 11;
  options.count = 60;
  options.batch_size = 7;
  const std::vector<PuzzleRecord> plain = RunToMemory(options);
  std::vector<std::vector<PuzzleRecord>> runs;
  for (int threads : {1, 2, 4}) {
    MemorySink sink;
    for (int item : {0, 10, 59})
      sink.seen_.insert(ToString(plain[static_cast<size_t>(item)].canonical));
    options.threads = threads;
    PipelineResult result;
    ASSERT_TRUE(RunPipeline(options, &sink, &result).ok());
    EXPECT_EQ(result.written, 60);
    EXPECT_EQ(result.duplicates, 3);
    EXPECT_EQ(result.next_index, 63);
    ASSERT_EQ(sink.records_.size(), 60u);
    EXPECT_EQ(sink.records_.front().item_index, 1);
    EXPECT_EQ(sink.records_.back().item_index, 62);
    runs.push_back(sink.records_);
  }
  ExpectSameRecords(runs[0], runs[1]);
  ExpectSameRecords(runs[0], runs[2]);
}

TEST(Pipeline, GivesUpWhenAlmostEverythingIsADuplicate) {
  // One source grid, one hole: at most 81 distinct puzzles, fewer than the 100 asked for.
  Rng rng(5);
  const Grid grid = GenerateGrid(rng);
  PipelineOptions options;
  options.count = 100;
  options.max_extra_duplicates = 50;
  options.generator.grid_source = std::span<const Grid>(&grid, 1);
  options.generator.dig = {80, 80, false};
  MemorySink sink;
  PipelineResult result;
  const Status status = RunPipeline(options, &sink, &result);
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.message().find("too few distinct puzzles"), std::string::npos)
      << status.message();
  EXPECT_GT(result.duplicates, 150);
  EXPECT_LE(result.written, 81);
  EXPECT_EQ(result.written, static_cast<int64_t>(sink.records_.size()));
}

// Shards: N pipelines with index_step N and first_index K-1 make, between them, exactly the
// items of the single run. Taken in item order without repeated forms, their first `count`
// records are the single run's corpus, also where many items are duplicates (one source grid,
// 79 clues: at most C(81, 2) = 3240 puzzles, many of them equivalent).
TEST(Pipeline, ShardsTogetherMakeTheSingleRunsCorpus) {
  Rng rng(11);
  const Grid grid = GenerateGrid(rng);
  PipelineOptions options;
  options.seed = 3;
  options.count = 150;
  options.generator.grid_source = std::span<const Grid>(&grid, 1);
  options.generator.dig = {79, 79, false};
  PipelineResult single_result;
  MemorySink single;
  ASSERT_TRUE(RunPipeline(options, &single, &single_result).ok());
  ASSERT_GT(single_result.duplicates, 0);  // the setting must exercise duplicates
  for (int64_t n : {1, 2, 3, 7}) {
    std::vector<PuzzleRecord> all;
    for (int64_t k = 1; k <= n; ++k) {
      PipelineOptions shard = options;
      shard.first_index = k - 1;
      shard.index_step = n;
      // Each shard makes more than its share, so that cross-shard duplicates leave enough.
      shard.count = options.count;
      MemorySink sink;
      PipelineResult result;
      ASSERT_TRUE(RunPipeline(shard, &sink, &result).ok()) << n << " shards, shard " << k;
      for (const PuzzleRecord& r : sink.records_) {
        EXPECT_EQ((r.item_index - (k - 1)) % n, 0) << "shard " << k << "/" << n;
        all.push_back(r);
      }
      EXPECT_EQ((result.next_index - (k - 1)) % n, 0);
    }
    std::sort(all.begin(), all.end(), [](const PuzzleRecord& a, const PuzzleRecord& b) {
      return a.item_index < b.item_index;
    });
    std::vector<PuzzleRecord> merged;
    std::set<std::string> seen;
    for (const PuzzleRecord& r : all) {
      if (static_cast<int64_t>(merged.size()) == options.count) break;
      if (seen.insert(ToString(r.canonical)).second) merged.push_back(r);
    }
    SCOPED_TRACE(std::to_string(n) + " shards");
    ExpectSameRecords(merged, single.records_);
  }
}

TEST(Pipeline, RefusesAStepBelowOne) {
  PipelineOptions options;
  options.index_step = 0;
  MemorySink sink;
  PipelineResult result;
  const Status status = RunPipeline(options, &sink, &result);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument);
  EXPECT_TRUE(sink.records_.empty());
}

// Records carry canonical forms that match the core's functions.
TEST(Pipeline, RecordsCarryTheirCanonicalForms) {
  PipelineOptions options;
  options.count = 20;
  for (const PuzzleRecord& r : RunToMemory(options)) {
    EXPECT_EQ(r.canonical, CanonicalForm(r.givens));
    EXPECT_EQ(r.solution_canonical, CanonicalGrid(r.solution));
  }
}

}  // namespace
}  // namespace sudoku

namespace sudoku::pipeline_internal {
namespace {

// Slow items travel one to a token, so the writer receives (and the store commits) each as it
// is made; fast ones sixteen to a token.
TEST(ChunkItems, OneSlowItemPerTokenSixteenFastOnes) {
  EXPECT_EQ(ChunkItems(0), 1);                          // not measured yet
  EXPECT_EQ(ChunkItems(60'000), kChunkItems);           // a generated puzzle: 60 us
  EXPECT_EQ(ChunkItems(500'000'000), 1);                // a controlled-bias item: 0.5 s
  EXPECT_EQ(ChunkItems(kChunkTargetNanos), 1);
  EXPECT_EQ(ChunkItems(kChunkTargetNanos / 4), 4);
}

}  // namespace
}  // namespace sudoku::pipeline_internal
