// `stats --unbiased` on a stored corpus (src/cli/stats_unbiased.h): what it reads back from the
// SQLite store gives the weighted figures a direct computation over the records gives, and a
// corpus holding puzzles of another dig order is refused with a reason.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "cli_util.h"
#include "stats_unbiased.h"
#include "sudoku/core/generator.h"
#include "sudoku/storage/corpus_reader.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {
namespace {

namespace fs = std::filesystem;

class UnbiasedCorpus : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ =
        (fs::temp_directory_path() / ("unbiased_corpus_test_" + std::to_string(getpid()) + ".db"))
            .string();
    Remove();
  }
  void TearDown() override { Remove(); }
  void Remove() {
    std::error_code ec;
    for (const char* suffix : {"", "-wal", "-shm", "-journal", "-lock"}) {
      fs::remove(path_ + suffix, ec);
    }
  }

  // Stores one run of `count` minimal puzzles marked with `dig_order`. The estimators read only
  // stored fields, so fast random-order digs stand in for controlled-bias ones here (the digger
  // has its own tests).
  std::vector<PuzzleRecord> StoreRun(uint64_t seed, int count, std::string_view dig_order) {
    std::unique_ptr<SqliteStore> store;
    EXPECT_TRUE(SqliteStore::Open(path_, &store).ok());
    RunInfo info;
    info.seed = seed;
    info.params_json = R"({"test":true})";
    info.tool_version = "unbiased_corpus_test";
    info.requested = count;
    int64_t run_id = 0;
    EXPECT_TRUE(store->BeginRun(info, &run_id).ok());
    GeneratorOptions options;
    options.dig.minimal = true;
    std::vector<PuzzleRecord> records(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
      EXPECT_TRUE(GeneratePuzzle(options, i, ItemSeed(seed, static_cast<uint64_t>(i)),
                                 &records[static_cast<size_t>(i)]));
      records[static_cast<size_t>(i)].dig_order = dig_order;
    }
    BatchOutcome outcome;
    EXPECT_TRUE(store->WriteBatch(records, &outcome).ok());
    EXPECT_EQ(outcome.stored, count);
    EXPECT_TRUE(store->EndRun("finished").ok());
    return records;
  }

  std::string path_;
};

TEST_F(UnbiasedCorpus, EqualsDirectComputation) {
  const std::vector<PuzzleRecord> records = StoreRun(7, 120, "controlled-bias");
  std::unique_ptr<CorpusReader> reader;
  ASSERT_TRUE(CorpusReader::Open(path_, &reader).ok());
  const UnbiasedStats s = ReadUnbiasedStats(*reader, path_, PuzzleFilter());
  ASSERT_EQ(s.puzzles, 120);

  double sw = 0, sw_rating = 0, sw_clues = 0, sw_expert = 0;
  for (const PuzzleRecord& r : records) {
    const double w = stats::ControlledBiasWeight(r.clues);
    sw += w;
    sw_rating += w * r.rating;
    sw_clues += w * r.clues;
    if (r.level == "expert") sw_expert += w;
  }
  EXPECT_NEAR(s.rating.Mean().value, sw_rating / sw, 1e-9);
  EXPECT_NEAR(s.clues.Mean().value, sw_clues / sw, 1e-9);
  EXPECT_NEAR(s.levels.ShareOf("expert").estimate.value, sw_expert / sw, 1e-12);
  // The rating's delta-method standard error, puzzle by puzzle.
  const double mean = sw_rating / sw;
  double dev = 0;
  for (const PuzzleRecord& r : records) {
    const double w = stats::ControlledBiasWeight(r.clues);
    dev += w * w * (r.rating - mean) * (r.rating - mean);
  }
  EXPECT_NEAR(s.rating.Mean().std_error, std::sqrt(120.0 / 119.0 * dev) / sw, 1e-9);
}

TEST_F(UnbiasedCorpus, RefusesOtherDigOrders) {
  StoreRun(7, 20, "controlled-bias");
  StoreRun(8, 5, "random");
  std::unique_ptr<CorpusReader> reader;
  ASSERT_TRUE(CorpusReader::Open(path_, &reader).ok());
  try {
    ReadUnbiasedStats(*reader, path_, PuzzleFilter());
    FAIL() << "a corpus with random-order puzzles was accepted";
  } catch (const UserError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("random: 5"), std::string::npos) << message;
    EXPECT_NE(message.find("bias"), std::string::npos) << message;
  }
  PuzzleFilter first_run;
  first_run.run_id = 1;
  EXPECT_EQ(ReadUnbiasedStats(*reader, path_, first_run).puzzles, 20);
}

}  // namespace
}  // namespace sudoku::cli
