// Tests of what keeps a corpus whole against other writers and damage: one owner per run
// (SqliteStore::BeginRun / ResumeRun, storage/run_lock.h), the checked count of an extended
// run, and SQLite's integrity check (a writer refuses a damaged file; CorpusReader reports it).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "common/temp_db.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/storage/corpus_reader.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

// One test's database file (tests/common/temp_db.h).
class TempDb : public testing::TempDb {
 public:
  TempDb() : testing::TempDb("run_owner_test") {}
};

RunInfo MakeRunInfo(int64_t requested = 10) {
  RunInfo info;
  info.seed = 42;
  info.params_json = R"({"count":10})";
  info.tool_version = "sudoku-corpus test";
  info.requested = requested;
  return info;
}

std::unique_ptr<SqliteStore> OpenOrDie(const std::string& path) {
  std::unique_ptr<SqliteStore> store;
  const Status s = SqliteStore::Open(path, &store);
  EXPECT_TRUE(s.ok()) << s.message();
  return store;
}

// A corpus of `count` generated puzzles in one finished run.
void MakeCorpus(const std::string& path, int64_t count) {
  std::unique_ptr<SqliteStore> store = OpenOrDie(path);
  ASSERT_NE(store, nullptr);
  int64_t run_id = 0;
  ASSERT_TRUE(store->BeginRun(MakeRunInfo(count), &run_id).ok());
  PipelineOptions options;
  options.seed = 3;
  options.count = count;
  options.threads = 2;
  PipelineResult result;
  const Status s = RunPipeline(options, store.get(), &result);
  ASSERT_TRUE(s.ok()) << s.message();
  ASSERT_TRUE(store->EndRun("finished").ok());
}

// Overwrites page `page` (1-based) of `path` with bytes from a fixed seed.
void DamagePage(const std::string& path, int64_t page) {
  std::mt19937 random(7);
  std::string bytes(4096, '\0');
  for (char& c : bytes) c = static_cast<char>(1 + random() % 255);
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.seekp((page - 1) * 4096);
  file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(file.good());
}

// The root page of index `name`: with a few hundred rows, the index's only page.
int64_t RootPage(const std::string& path, const std::string& name) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* stmt = nullptr;
  const std::string sql = "SELECT rootpage FROM sqlite_master WHERE name = '" + name + "'";
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
  const int64_t page = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
  sqlite3_finalize(stmt);
  sqlite3_close(db);
  return page;
}

std::string Bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(RunOwner, ARunningRunCannotBeResumedByAnotherStore) {
  TempDb db;
  std::unique_ptr<SqliteStore> owner = OpenOrDie(db.path());
  int64_t run_id = 0;
  ASSERT_TRUE(owner->BeginRun(MakeRunInfo(), &run_id).ok());

  std::unique_ptr<SqliteStore> other = OpenOrDie(db.path());
  StoredRun run;
  const Status s = other->ResumeRun(0, &run);
  EXPECT_EQ(s.code(), StatusCode::kBusy) << s.message();
  EXPECT_NE(s.message().find("run 1 is being written by another process"), std::string::npos)
      << s.message();
  EXPECT_EQ(other->run_id(), 0);
  // A new run of the same corpus is another run: it has its own owner.
  int64_t second = 0;
  ASSERT_TRUE(other->BeginRun(MakeRunInfo(), &second).ok());
  EXPECT_EQ(second, 2);
}

TEST(RunOwner, TwoResumesOfOneRunCannotBothWrite) {
  TempDb db;
  {
    std::unique_ptr<SqliteStore> killed = OpenOrDie(db.path());
    int64_t run_id = 0;
    ASSERT_TRUE(killed->BeginRun(MakeRunInfo(), &run_id).ok());
  }  // destroyed with the run open: as a killed process leaves it, 'running' and unowned
  std::unique_ptr<SqliteStore> first = OpenOrDie(db.path());
  std::unique_ptr<SqliteStore> second = OpenOrDie(db.path());
  StoredRun run;
  const Status resumed = first->ResumeRun(1, &run);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(second->ResumeRun(1, &run).code(), StatusCode::kBusy);
  // Once the first owner ends the run, it can be extended by another store.
  ASSERT_TRUE(first->EndRun("interrupted").ok());
  const Status again = second->ResumeRun(1, &run);
  EXPECT_TRUE(again.ok()) << again.message();
}

TEST(RunOwner, ExtendingARunPastInt64MaxIsRefused) {
  TempDb db;
  {
    std::unique_ptr<SqliteStore> store = OpenOrDie(db.path());
    int64_t run_id = 0;
    ASSERT_TRUE(store->BeginRun(MakeRunInfo(), &run_id).ok());
    ASSERT_TRUE(store->EndRun("finished").ok());
  }
  std::unique_ptr<SqliteStore> store = OpenOrDie(db.path());
  StoredRun run;
  const Status s = store->ResumeRun(1, &run, std::numeric_limits<int64_t>::max() - 5);
  EXPECT_EQ(s.code(), StatusCode::kInvalidArgument) << s.message();
  EXPECT_EQ(store->run_id(), 0);
}

TEST(Integrity, AWriterRefusesADamagedCorpusAndLeavesItAsItWas) {
  TempDb db;
  MakeCorpus(db.path(), 400);
  DamagePage(db.path(), RootPage(db.path(), "puzzles_freedom"));
  const std::string before = Bytes(db.path());
  std::unique_ptr<SqliteStore> store;
  const Status s = SqliteStore::Open(db.path(), &store);
  EXPECT_EQ(s.code(), StatusCode::kCorruption) << s.message();
  EXPECT_NE(s.message().find("quick_check"), std::string::npos) << s.message();
  EXPECT_EQ(store, nullptr);
  EXPECT_EQ(Bytes(db.path()), before);
}

TEST(Integrity, TheReaderReportsADamagedPageAndNothingOnASoundFile) {
  TempDb db;
  MakeCorpus(db.path(), 400);
  std::vector<std::string> problems;
  {
    std::unique_ptr<CorpusReader> reader;
    ASSERT_TRUE(CorpusReader::Open(db.path(), &reader).ok());
    ASSERT_TRUE(reader->CheckIntegrity(/*full=*/true, 100, &problems).ok());
    EXPECT_TRUE(problems.empty()) << problems.front();
  }
  DamagePage(db.path(), RootPage(db.path(), "puzzles_freedom"));
  std::unique_ptr<CorpusReader> reader;
  ASSERT_TRUE(CorpusReader::Open(db.path(), &reader).ok());
  for (bool full : {false, true}) {
    ASSERT_TRUE(reader->CheckIntegrity(full, 100, &problems).ok());
    ASSERT_FALSE(problems.empty()) << "full " << full;
    EXPECT_EQ(problems.front().find('\n'), std::string::npos) << problems.front();
  }
}

}  // namespace
}  // namespace sudoku
