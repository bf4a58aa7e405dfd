// Runs made through the run library (sudoku/run/runner.h) into temporary SQLite corpora: a run
// stopped and resumed, or extended, stores the rows of a run made in one go; the levels of a
// set stopped between levels go on from where they stopped.
#include "sudoku/run/runner.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "common/sqlite_query.h"
#include "common/temp_db.h"

namespace sudoku {
namespace {

using testing::QueryInt;
using testing::QueryText;
using testing::StoreDb;
using testing::TempDb;

constexpr char kVersion[] = "sudoku-corpus runner-test";

// Quick to make: many clues, any rating.
RunParams EasyRun(int64_t count) {
  RunParams params;
  params.count = count;
  params.generator.dig.min_clues = 40;
  params.generator.dig.max_clues = 50;
  return params;
}

// Asks for a stop once a fill has written `after` puzzles.
class StopAfter : public RunObserver {
 public:
  explicit StopAfter(int64_t after) : after_(after) {}
  void FillProgress(int64_t done) override {
    if (done >= after_) RequestStop();
  }

 private:
  int64_t after_;
};

RunnerOptions Options(RunObserver* observer = nullptr) {
  // Small batches: a stop lands between committed batches well before the end.
  return {.threads = 2, .batch_size = 4, .tool_version = kVersion, .observer = observer};
}

std::unique_ptr<SqliteStore> OpenStore(const TempDb& db) {
  std::unique_ptr<SqliteStore> store;
  EXPECT_TRUE(SqliteStore::Open(db.path(), &store).ok());
  return store;
}

// The stored puzzles of the corpus, every column, in id order.
std::string Rows(SqliteStore* store) {
  return QueryText(StoreDb(*store),
                   "SELECT group_concat(line, char(10)) FROM (SELECT id || '|' || run_id || '|' "
                   "|| item_index || '|' || givens || '|' || solution || '|' || clues || '|' || "
                   "freedom || '|' || level || '|' || symmetry || '|' || grid_method AS line "
                   "FROM puzzles ORDER BY id)");
}

// A corpus of one run of `params` made in one go.
std::string RowsInOneGo(const RunParams& params, uint64_t seed) {
  TempDb db("run_runner");
  auto store = OpenStore(db);
  int64_t run_id = 0;
  RunOutcome outcome;
  CatchStopSignals();
  EXPECT_TRUE(StartRun(store.get(), Options(), seed, params, &run_id, &outcome).ok());
  EXPECT_STREQ(outcome.status, "finished");
  return Rows(store.get());
}

TEST(Runner, StoppedAndResumedRunStoresTheRowsOfOneGo) {
  const RunParams params = EasyRun(200);
  const std::string expected = RowsInOneGo(params, 11);
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 199);

  TempDb db("run_runner");
  auto store = OpenStore(db);
  StopAfter stop(8);
  int64_t run_id = 0;
  RunOutcome outcome;
  CatchStopSignals();
  ASSERT_TRUE(StartRun(store.get(), Options(&stop), 11, params, &run_id, &outcome).ok());
  EXPECT_STREQ(outcome.status, "interrupted");
  ASSERT_TRUE(outcome.result.stopped);
  EXPECT_LT(outcome.result.written, 200);

  StoredRun run;
  bool between_levels = true;
  ASSERT_TRUE(FindRunToResume(store.get(), 0, false, &run, &between_levels).ok());
  EXPECT_FALSE(between_levels);
  EXPECT_EQ(run.id, run_id);
  RunParams stored;
  ASSERT_TRUE(ReadStoredRun(run, kVersion, &stored).ok());
  CatchStopSignals();
  ASSERT_TRUE(ContinueRun(store.get(), Options(), 0, &run, stored, &outcome).ok());
  EXPECT_STREQ(outcome.status, "finished");
  EXPECT_EQ(Rows(store.get()), expected);
  EXPECT_EQ(QueryText(StoreDb(*store), "SELECT status FROM runs"), "finished");
}

TEST(Runner, ExtendedRunStoresTheRowsOfTheLongerRun) {
  const std::string expected = RowsInOneGo(EasyRun(30), 5);
  TempDb db("run_runner");
  auto store = OpenStore(db);
  int64_t run_id = 0;
  RunOutcome outcome;
  CatchStopSignals();
  ASSERT_TRUE(StartRun(store.get(), Options(), 5, EasyRun(20), &run_id, &outcome).ok());
  StoredRun run;
  bool between_levels = false;
  ASSERT_TRUE(FindRunToResume(store.get(), run_id, /*extend=*/true, &run, &between_levels).ok());
  RunParams stored;
  ASSERT_TRUE(ReadStoredRun(run, kVersion, &stored).ok());
  ASSERT_TRUE(ContinueRun(store.get(), Options(), 10, &run, stored, &outcome).ok());
  EXPECT_EQ(outcome.result.written, 10);
  EXPECT_EQ(Rows(store.get()), expected);
  EXPECT_EQ(QueryInt(StoreDb(*store), "SELECT requested FROM runs"), 30);
}

TEST(Runner, ResumeRefusesAnotherToolVersionAndNamesTheRun) {
  StoredRun run;
  run.id = 4;
  run.tool_version = "sudoku-corpus 0.0.1";
  run.params_json = ToParamsJson(EasyRun(10));
  run.requested = 10;
  RunParams params;
  const Status s = ReadStoredRun(run, kVersion, &params);
  EXPECT_EQ(s.message().rfind("run 4 was started by sudoku-corpus 0.0.1", 0), 0u) << s.message();
  run.tool_version = kVersion;
  run.params_json = R"({"count":10})";
  EXPECT_EQ(ReadStoredRun(run, kVersion, &params).message().rfind("run 4: params lack", 0), 0u);
}

TEST(Runner, LevelSetStoppedBetweenLevelsGoesOnWithTheNextLevel) {
  std::vector<RunParams> runs = {EasyRun(12), EasyRun(12)};
  runs[0].level = "beginner";
  runs[1].level = "easy";
  JoinLevelSet(9, 24, &runs);

  TempDb whole("run_runner");
  auto expected_store = OpenStore(whole);
  PipelineResult total;
  bool stopped = true;
  CatchStopSignals();
  ASSERT_TRUE(MakeLevels(expected_store.get(), Options(), runs, 0, &total, &stopped).ok());
  EXPECT_FALSE(stopped);
  EXPECT_EQ(total.written, 24);

  // The first level made alone: as if a stop came just after it ended.
  TempDb db("run_runner");
  auto store = OpenStore(db);
  int64_t run_id = 0;
  RunOutcome outcome;
  ASSERT_TRUE(
      StartRun(store.get(), Options(), runs[0].level_set.SeedOf(0), runs[0], &run_id, &outcome)
          .ok());
  StoredRun run;
  bool between_levels = false;
  ASSERT_TRUE(FindRunToResume(store.get(), 0, false, &run, &between_levels).ok());
  ASSERT_TRUE(between_levels);
  RunParams stored;
  ASSERT_TRUE(ReadStoredRun(run, kVersion, &stored).ok());
  std::vector<RunParams> levels;
  ASSERT_TRUE(LevelRuns(stored, run.id, &levels).ok());
  const size_t next = stored.level_set.IndexOf(stored.level) + 1;
  EXPECT_EQ(next, 1u);
  ASSERT_TRUE(MakeLevels(store.get(), Options(), levels, next, &total, &stopped).ok());
  EXPECT_EQ(Rows(store.get()), Rows(expected_store.get()));
  EXPECT_EQ(QueryText(StoreDb(*store), "SELECT group_concat(params, char(10)) FROM runs"),
            QueryText(StoreDb(*expected_store), "SELECT group_concat(params, char(10)) FROM runs"));
}

}  // namespace
}  // namespace sudoku
