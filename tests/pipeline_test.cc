#include "sudoku/pipeline.h"

#include <gtest/gtest.h>

#include <vector>

#include "sudoku/solver.h"

namespace sudoku {
namespace {

// Keeps every record in memory; can be told to fail on its n-th batch.
class MemorySink : public PuzzleSink {
 public:
  Status WriteBatch(std::span<const PuzzleRecord> batch) override {
    if (++batches_ == fail_on_batch_) return Status::Error("disk full (simulated)");
    records_.insert(records_.end(), batch.begin(), batch.end());
    return Status::Ok();
  }
  std::vector<PuzzleRecord> records_;
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
  EXPECT_EQ(result.written, 100);
  EXPECT_EQ(sink.records_.size(), 100u);
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

}  // namespace
}  // namespace sudoku
