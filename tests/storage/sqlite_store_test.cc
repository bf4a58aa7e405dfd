// Tests of SqliteStore (include/sudoku/storage/store.h): the corpus schema, round trips, refusing
// files that are not corpora, all-or-nothing batches. Each test uses its own temporary file
// (SqliteStoreTest::file_).
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "common/sqlite_query.h"
#include "common/temp_db.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/pipeline/sink.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

constexpr char kSolution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// One test's database file (tests/common/temp_db.h).
class TempDb : public testing::TempDb {
 public:
  TempDb() : testing::TempDb("sqlite_store_test") {}
};

Grid SolutionGrid() {
  ParseResult parsed = ParseGrid(kSolution);
  EXPECT_TRUE(parsed.ok) << parsed.error;
  return parsed.grid;
}

// Whether puzzle number `n` leaves `cell` empty: a third of the cells, in a pattern of its own, so
// that every record made is a new puzzle (the store needs no unique solution).
bool EmptyCell(uint64_t n, int cell) {
  uint64_t x = n * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(cell);
  x = (x ^ (x >> 31)) * 0xBF58476D1CE4E5B9ull;
  return (x ^ (x >> 29)) % 3 == 0;
}

PuzzleRecord MakeRecord(int64_t item_index) {
  PuzzleRecord record;
  record.item_index = item_index;
  record.solution = SolutionGrid();
  record.givens = record.solution;
  static std::atomic<uint64_t> puzzles_made{0};
  const uint64_t n = puzzles_made++;
  for (int cell = 0; cell < kCells; ++cell) {
    if (EmptyCell(n, cell)) record.givens[cell] = 0;
  }
  record.clues = CountGivens(record.givens);
  record.freedom = 100 + static_cast<int>(item_index % 50);
  record.rating = item_index % 2 == 0 ? 20 : 50;
  record.level = RatingLevel(record.rating);  // "easy", "hard"
  record.clue_class = ClueClassOf(record.clues);
  record.symmetry = "none";
  record.grid_method = "search";
  record.dig_order = "random";
  record.canonical = CanonicalForm(record.givens);
  record.solution_canonical = CanonicalGrid(record.solution);
  return record;
}

// Makes *copy the same puzzle as `original` (a duplicate), under its own item.
void CopyPuzzle(const PuzzleRecord& original, PuzzleRecord* copy) {
  copy->givens = original.givens;
  copy->clues = original.clues;
  copy->clue_class = original.clue_class;
  copy->canonical = original.canonical;
}

std::vector<PuzzleRecord> MakeBatch(int64_t first, int count) {
  std::vector<PuzzleRecord> batch;
  for (int i = 0; i < count; ++i) batch.push_back(MakeRecord(first + i));
  return batch;
}

// WriteBatch, for tests that do not look at the outcome.
Status Write(SqliteStore* store, std::span<const PuzzleRecord> batch) {
  BatchOutcome outcome;
  return store->WriteBatch(batch, &outcome);
}
Status Write(const std::unique_ptr<SqliteStore>& store, std::span<const PuzzleRecord> batch) {
  return Write(store.get(), batch);
}

RunInfo MakeRunInfo(uint64_t seed = 42) {
  RunInfo info;
  info.seed = seed;
  info.params_json = R"({"count":10,"clues":"22-30"})";
  info.tool_version = "sudoku-corpus test";
  info.requested = 10;
  return info;
}

using testing::QueryInt;
using testing::QueryText;
using testing::StoreDb;

// Opens `path` with plain SQLite and runs `sql` (to make files the store must refuse).
void ExecOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::unique_ptr<SqliteStore> OpenOrDie(const std::string& path) {
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(path, &store);
  EXPECT_TRUE(s.ok()) << s.message();
  return store;
}

// Each test's file (file_); most tests open a store (Open: store_) and begin a run (BeginRun:
// run_id_). The helpers fail fatally: call them in ASSERT_NO_FATAL_FAILURE.
class SqliteStoreTest : public ::testing::Test {
 protected:
  // Opens `path` (default: file_) as store_.
  void Open(const std::string& path = "") {
    store_ = OpenOrDie(path.empty() ? file_.path() : path);
    ASSERT_NE(store_, nullptr);
  }
  // Begins a run of `info` in store_, as run_id_.
  void BeginRun(const RunInfo& info = MakeRunInfo()) {
    Status s = store_->BeginRun(info, &run_id_);
    ASSERT_TRUE(s.ok()) << s.message();
  }

  TempDb file_;
  std::unique_ptr<SqliteStore> store_;
  int64_t run_id_ = 0;
};

TEST_F(SqliteStoreTest, RoundTripsABatch) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  std::vector<PuzzleRecord> batch = MakeBatch(0, 5);
  Status s = Write(store_, batch);
  ASSERT_TRUE(s.ok()) << s.message();

  sqlite3_stmt* stmt = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(StoreDb(*store_),
                               "SELECT run_id, item_index, givens, solution, clues, freedom, "
                               "level, symmetry, grid_method FROM puzzles ORDER BY item_index",
                               -1, &stmt, nullptr),
            SQLITE_OK);
  auto text = [stmt](int col) {
    return std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, col)));
  };
  size_t rows = 0;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    ASSERT_LT(rows, batch.size());
    const PuzzleRecord& want = batch[rows++];
    EXPECT_EQ(sqlite3_column_int64(stmt, 0), run_id_);
    EXPECT_EQ(sqlite3_column_int64(stmt, 1), want.item_index);
    EXPECT_EQ(text(2), ToString(want.givens));
    EXPECT_EQ(text(3), std::string(kSolution));
    EXPECT_EQ(sqlite3_column_int(stmt, 4), want.clues);
    EXPECT_EQ(sqlite3_column_int(stmt, 5), want.freedom);
    EXPECT_EQ(text(6), want.level);
    EXPECT_EQ(text(7), want.symmetry);
    EXPECT_EQ(text(8), want.grid_method);
  }
  sqlite3_finalize(stmt);
  EXPECT_EQ(rows, batch.size());
  EXPECT_EQ(
      QueryInt(StoreDb(*store_), "SELECT written FROM runs WHERE id = " + std::to_string(run_id_)),
      5);
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT status FROM runs"), "running");
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT tool_version FROM runs"), "sudoku-corpus test");
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT params FROM runs"), MakeRunInfo().params_json);
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT requested FROM runs"), 10);
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT finished_at IS NULL FROM runs"), "1");
}

TEST_F(SqliteStoreTest, StoresSeedAboveInt64MaxAsDecimalText) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(BeginRun(MakeRunInfo(UINT64_MAX)));
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT seed FROM runs"), "18446744073709551615");
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT typeof(seed) FROM runs"), "text");
}

TEST_F(SqliteStoreTest, UsesWalJournalOnAFile) {
  ASSERT_NO_FATAL_FAILURE(Open());
  EXPECT_EQ(QueryText(StoreDb(*store_), "PRAGMA journal_mode"), "wal");
  EXPECT_EQ(QueryInt(StoreDb(*store_), "PRAGMA synchronous"), 1);  // NORMAL
  EXPECT_EQ(QueryInt(StoreDb(*store_), "PRAGMA foreign_keys"), 1);
}

TEST_F(SqliteStoreTest, RecordsSchemaVersionInUserVersion) {
  ASSERT_NO_FATAL_FAILURE(Open());
  EXPECT_GE(StoreSchemaVersion(), 1);
  EXPECT_EQ(QueryInt(StoreDb(*store_), "PRAGMA user_version"), StoreSchemaVersion());
}

TEST_F(SqliteStoreTest, IndexesServeLevelCluesAndFreedomFilters) {
  ASSERT_NO_FATAL_FAILURE(Open());
  for (const char* where : {"level = 'easy' AND clues BETWEEN 20 AND 25", "clues = 22",
                            "freedom BETWEEN 100 AND 120"}) {
    // EXPLAIN QUERY PLAN rows: (id, parent, notused, detail).
    sqlite3_stmt* stmt = nullptr;
    std::string sql = std::string("EXPLAIN QUERY PLAN SELECT id FROM puzzles WHERE ") + where;
    ASSERT_EQ(sqlite3_prepare_v2(StoreDb(*store_), sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
    std::string detail;
    while (sqlite3_step(stmt) == SQLITE_ROW) {
      detail += reinterpret_cast<const char*>(sqlite3_column_text(stmt, 3));
    }
    sqlite3_finalize(stmt);
    EXPECT_NE(detail.find("USING"), std::string::npos) << where << ": " << detail;
    EXPECT_NE(detail.find("INDEX"), std::string::npos) << where << ": " << detail;
  }
}

TEST_F(SqliteStoreTest, ReopeningAppendsASecondRun) {
  int64_t first_run = 0;
  int64_t second_run = 0;
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
    ASSERT_TRUE(store->BeginRun(MakeRunInfo(1), &first_run).ok());
    ASSERT_TRUE(Write(store, MakeBatch(0, 3)).ok());
    ASSERT_TRUE(Write(store, MakeBatch(3, 4)).ok());
    ASSERT_TRUE(store->EndRun("finished").ok());
  }
  auto store = OpenOrDie(file_.path());
  ASSERT_NE(store, nullptr);
  ASSERT_TRUE(store->BeginRun(MakeRunInfo(2), &second_run).ok());
  ASSERT_TRUE(Write(store, MakeBatch(0, 2)).ok());
  ASSERT_TRUE(store->EndRun("finished").ok());

  EXPECT_GT(second_run, first_run);
  sqlite3* db = StoreDb(*store);
  std::string first = std::to_string(first_run);
  std::string second = std::to_string(second_run);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs"), 2);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles WHERE run_id = " + first), 7);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles WHERE run_id = " + second), 2);
  EXPECT_EQ(QueryInt(db, "SELECT written FROM runs WHERE id = " + first), 7);
  EXPECT_EQ(QueryInt(db, "SELECT written FROM runs WHERE id = " + second), 2);
  EXPECT_EQ(QueryText(db, "SELECT seed FROM runs WHERE id = " + second), "2");
}

TEST_F(SqliteStoreTest, TwoStoresOnOneFileWriteDistinctRuns) {
  auto first = OpenOrDie(file_.path());
  auto second = OpenOrDie(file_.path());
  ASSERT_NE(first, nullptr);
  ASSERT_NE(second, nullptr);
  int64_t first_run = 0;
  int64_t second_run = 0;
  ASSERT_TRUE(first->BeginRun(MakeRunInfo(1), &first_run).ok());
  ASSERT_TRUE(second->BeginRun(MakeRunInfo(2), &second_run).ok());
  EXPECT_NE(first_run, second_run);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(Write(first, MakeBatch(i * 10, 10)).ok());
    ASSERT_TRUE(Write(second, MakeBatch(i * 5, 5)).ok());
  }
  EXPECT_EQ(QueryInt(StoreDb(*first), "SELECT written FROM runs WHERE seed = '1'"), 30);
  EXPECT_EQ(QueryInt(StoreDb(*first), "SELECT written FROM runs WHERE seed = '2'"), 15);
  EXPECT_EQ(QueryInt(StoreDb(*first), "SELECT count(*) FROM puzzles"), 45);
}

// sudoku_canonical_key(text) as the store registers it for schema/004 (here without the check
// that the text is a text form: the files run on an empty database).
void CanonicalKeyForTest(sqlite3_context* context, int, sqlite3_value** args) {
  const unsigned char* text = sqlite3_value_text(args[0]);
  if (text == nullptr) return sqlite3_result_null(context);
  const ParseResult parsed = ParseGrid(reinterpret_cast<const char*>(text));
  if (!parsed.ok) return sqlite3_result_null(context);
  sqlite3_result_int64(context, CanonicalKey(parsed.grid));
}

// The schema embedded at build time is exactly schema/*.sql: a store's tables and indexes
// match those made by running the files with plain SQLite (plus the one function they call).
TEST_F(SqliteStoreTest, CreatesTheSchemaOfTheSchemaFiles) {
  const fs::path schema_dir = fs::path(SUDOKU_TEST_DATA_DIR) / ".." / ".." / "schema";
  sqlite3* plain = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &plain), SQLITE_OK);
  ASSERT_EQ(sqlite3_create_function(plain, "sudoku_canonical_key", 1, SQLITE_UTF8, nullptr,
                                    CanonicalKeyForTest, nullptr, nullptr),
            SQLITE_OK);
  for (int version = 1; version <= StoreSchemaVersion(); ++version) {
    char prefix[16];
    std::snprintf(prefix, sizeof(prefix), "%03d_", version);
    for (const auto& entry : fs::directory_iterator(schema_dir)) {
      if (entry.path().filename().string().rfind(prefix, 0) != 0) continue;
      std::string sql = ReadBytes(entry.path().string());
      EXPECT_EQ(sqlite3_exec(plain, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
          << entry.path() << ": " << sqlite3_errmsg(plain);
    }
  }
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  const std::string objects =
      "SELECT group_concat(type || ' ' || name || ': ' || sql, char(10)) FROM "
      "(SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name)";
  std::string want = QueryText(plain, objects);
  sqlite3_close(plain);
  EXPECT_FALSE(want.empty());
  EXPECT_EQ(QueryText(StoreDb(*store_), objects), want);
}

TEST_F(SqliteStoreTest, OpensAnEmptyFile) {
  std::ofstream(file_.path()).close();
  ASSERT_NO_FATAL_FAILURE(Open());
  EXPECT_EQ(QueryInt(StoreDb(*store_), "PRAGMA user_version"), StoreSchemaVersion());
}

TEST_F(SqliteStoreTest, WorksInMemory) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  ASSERT_TRUE(Write(store_, MakeBatch(0, 3)).ok());
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM puzzles"), 3);
}

TEST_F(SqliteStoreTest, RefusesAFileOfRandomBytes) {
  std::mt19937 rng(7);
  std::string bytes(8192, '\0');
  for (char& c : bytes) c = static_cast<char>(rng());
  std::ofstream(file_.path(), std::ios::binary) << bytes;

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(store, nullptr);
  EXPECT_EQ(s.message(), file_.path() + ": not a SQLite database (file is not a database)");
  EXPECT_EQ(s.code(), StatusCode::kCorruption);
  EXPECT_EQ(ReadBytes(file_.path()), bytes);  // left untouched
}

TEST_F(SqliteStoreTest, RefusesATextFile) {
  std::ofstream(file_.path()) << "53..7....6..195....98....6.\nnot a database\n";

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), file_.path() + ": not a SQLite database (file is not a database)");
  EXPECT_EQ(s.code(), StatusCode::kCorruption);
}

TEST_F(SqliteStoreTest, RefusesAFileShorterThanTheSqliteHeader) {
  std::ofstream(file_.path()) << "x";  // SQLite alone would take this for an empty database

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), file_.path() + ": not a SQLite database (file is not a database)");
  EXPECT_EQ(s.code(), StatusCode::kCorruption);
  EXPECT_EQ(ReadBytes(file_.path()), "x");
}

TEST_F(SqliteStoreTest, RefusesADatabaseWithForeignTables) {
  ExecOnFile(file_.path(), "CREATE TABLE customers(id INTEGER PRIMARY KEY, name TEXT);");
  std::string before = ReadBytes(file_.path());

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(store, nullptr);
  EXPECT_EQ(s.message().rfind(file_.path() + ": not a sudoku corpus", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("customers"), std::string::npos) << s.message();
  EXPECT_EQ(ReadBytes(file_.path()), before);  // not switched to WAL, not migrated
}

TEST_F(SqliteStoreTest, RefusesANewerSchemaVersion) {
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
  }
  ExecOnFile(file_.path(), "PRAGMA user_version = 99;");

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.code(), StatusCode::kNotSupported);
  EXPECT_EQ(s.message(), file_.path() + ": schema version 99 is newer than this sudoku-corpus (" +
                             std::to_string(StoreSchemaVersion()) + "); upgrade the tool");
}

TEST_F(SqliteStoreTest, RefusesAVersionedDatabaseWithoutCorpusTables) {
  ExecOnFile(file_.path(), "CREATE TABLE other(x); PRAGMA user_version = 1;");

  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not a sudoku corpus"), std::string::npos) << s.message();
}

TEST_F(SqliteStoreTest, RollsBackABatchThatViolatesAConstraint) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  ASSERT_TRUE(Write(store_, MakeBatch(0, 4)).ok());

  std::vector<PuzzleRecord> bad = MakeBatch(4, 3);
  bad.push_back(MakeRecord(5));  // item 5 twice
  Status s = Write(store_, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind(file_.path() + ": cannot insert puzzle item 5", 0), 0u)
      << s.message();
  EXPECT_NE(s.message().find("UNIQUE constraint failed"), std::string::npos) << s.message();

  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM puzzles"), 4);
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT max(item_index) FROM puzzles"), 3);
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT written FROM runs"), 4);
  EXPECT_EQ(sqlite3_get_autocommit(StoreDb(*store_)), 1);  // no transaction left open

  // The store stays usable: the corrected batch goes in.
  ASSERT_TRUE(Write(store_, MakeBatch(4, 3)).ok());
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM puzzles"), 7);
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT written FROM runs"), 7);
}

// Opens a second, plain connection to `path` (it sees committed rows only).
struct Reader {
  explicit Reader(const std::string& path) {
    EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  }
  ~Reader() { sqlite3_close(db); }
  int64_t Rows() { return QueryInt(db, "SELECT count(*) FROM puzzles"); }
  sqlite3* db = nullptr;
};

// In a corpus of N rows a transaction holds batches until it has about N/16 rows (or a time
// bound passes): small batches after 1,600 rows stay uncommitted, and other connections see
// them only after Commit or EndRun.
TEST_F(SqliteStoreTest, HoldsSmallBatchesInOneTransactionUntilTheyAreDue) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  ASSERT_TRUE(Write(store_, MakeBatch(0, 1600)).ok());  // an empty corpus commits at once
  Reader reader(file_.path());
  EXPECT_EQ(reader.Rows(), 1600);

  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(Write(store_, MakeBatch(1600, 10)).ok());
  const bool open = sqlite3_get_autocommit(StoreDb(*store_)) == 0;
  // Only the time bound may have committed it (a stalled machine).
  EXPECT_TRUE(open || std::chrono::steady_clock::now() - start >=
                          std::chrono::duration<double>(SqliteStore::kMaxCommitSeconds));
  if (open) {
    EXPECT_EQ(reader.Rows(), 1600);
  }
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM puzzles"), 1610);

  ASSERT_TRUE(store_->Commit().ok());
  EXPECT_EQ(sqlite3_get_autocommit(StoreDb(*store_)), 1);
  EXPECT_EQ(reader.Rows(), 1610);

  ASSERT_TRUE(Write(store_, MakeBatch(1610, 10)).ok());
  ASSERT_TRUE(store_->EndRun("finished").ok());
  EXPECT_EQ(sqlite3_get_autocommit(StoreDb(*store_)), 1);
  EXPECT_EQ(reader.Rows(), 1620);
  EXPECT_EQ(QueryText(reader.db, "SELECT status || ' ' || written FROM runs"), "finished 1620");
}

// A store on a new corpus with a run whose first batch (1,600 rows) is committed and whose
// second (10 rows, under a sixteenth of the corpus) is held in the open transaction.
void OpenWithTwoBatches(const std::string& path, std::unique_ptr<SqliteStore>* store) {
  *store = OpenOrDie(path);
  ASSERT_NE(*store, nullptr);
  int64_t run_id = 0;
  ASSERT_TRUE((*store)->BeginRun(MakeRunInfo(), &run_id).ok());
  ASSERT_TRUE(Write(*store, MakeBatch(0, 1600)).ok());
  ASSERT_TRUE(Write(*store, MakeBatch(1600, 10)).ok());
}

// A failing batch inside a transaction that holds earlier batches is rolled back alone: the
// earlier ones are committed, with the run's counts.
TEST_F(SqliteStoreTest, RollsBackOnlyTheFailingBatchOfATransaction) {
  std::unique_ptr<SqliteStore> store;
  ASSERT_NO_FATAL_FAILURE(OpenWithTwoBatches(file_.path(), &store));

  std::vector<PuzzleRecord> bad = MakeBatch(1610, 3);
  bad.push_back(MakeRecord(1611));  // item 1611 twice
  Status s = Write(store, bad);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("the batch of 4 was rolled back"), std::string::npos) << s.message();
  EXPECT_EQ(sqlite3_get_autocommit(StoreDb(*store)), 1);

  Reader reader(file_.path());
  EXPECT_EQ(reader.Rows(), 1610);
  EXPECT_EQ(QueryInt(reader.db, "SELECT max(item_index) FROM puzzles"), 1609);
  EXPECT_EQ(QueryText(reader.db, "SELECT written || ' ' || next_item FROM runs"), "1610 1610");

  // The store stays usable.
  ASSERT_TRUE(Write(store, MakeBatch(1610, 3)).ok());
  ASSERT_TRUE(store->EndRun("finished").ok());
  EXPECT_EQ(reader.Rows(), 1613);
}

// An owner that never ends its run (an exception on its way out) keeps its whole batches.
TEST_F(SqliteStoreTest, KeepsTheBatchesOfAStoreDestroyedWithARunOpen) {
  {
    std::unique_ptr<SqliteStore> store;
    ASSERT_NO_FATAL_FAILURE(OpenWithTwoBatches(file_.path(), &store));
  }
  Reader reader(file_.path());
  EXPECT_EQ(reader.Rows(), 1610);
  EXPECT_EQ(QueryText(reader.db, "SELECT status || ' ' || written FROM runs"), "running 1610");
}

// The store skips evaluating the schema's CHECK constraints (its values meet them by
// construction); quick_check evaluates every one of them on what it wrote. Other writers are
// still held to them.
TEST_F(SqliteStoreTest, WritesRowsThatMeetEveryCheckConstraint) {
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
    int64_t run_id = 0;
    ASSERT_TRUE(store->BeginRun(MakeRunInfo(), &run_id).ok());
    std::vector<PuzzleRecord> batch = MakeBatch(0, 20);
    for (size_t i = 0; i < batch.size(); ++i) {
      batch[i].technique_uses[i % kTechniqueCount] = static_cast<uint16_t>(i + 1);
      batch[i].technique_uses[(i * 7) % kTechniqueCount] = 3;
    }
    CopyPuzzle(batch[2], &batch[7]);  // a duplicate
    ASSERT_TRUE(Write(store, batch).ok());
    ASSERT_TRUE(store->EndRun("interrupted").ok());
    EXPECT_EQ(QueryText(StoreDb(*store), "PRAGMA quick_check"), "ok");
  }
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(file_.path().c_str(), &db), SQLITE_OK);
  EXPECT_EQ(QueryText(db, "PRAGMA quick_check"), "ok");
  EXPECT_NE(sqlite3_exec(db, "UPDATE puzzles SET givens_packed = x'12' WHERE id = 1", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  EXPECT_NE(std::string(sqlite3_errmsg(db)).find("CHECK constraint failed"), std::string::npos);
  EXPECT_NE(sqlite3_exec(db, "UPDATE puzzles SET uses = '{\"naked-single\":1}' WHERE id = 1",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  EXPECT_NE(std::string(sqlite3_errmsg(db)).find("CHECK constraint failed"), std::string::npos);
  EXPECT_NE(sqlite3_exec(db, "UPDATE puzzles SET hardest_code = 'xy' WHERE id = 1", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  EXPECT_NE(
      sqlite3_exec(db, "UPDATE puzzles SET givens = '123' WHERE id = 1", nullptr, nullptr, nullptr),
      SQLITE_OK);  // a computed column
  sqlite3_close(db);
}

// The corpus computes the level from the rating: a record that says otherwise is refused.
TEST_F(SqliteStoreTest, RefusesARecordWhoseLevelIsNotItsRatings) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  std::vector<PuzzleRecord> batch = MakeBatch(0, 2);
  batch[1].level = {};
  Status s = Write(store_, batch);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("item 1: level '' and clue level '" +
                             std::string(batch[1].clue_class) + "' are not those of rating 5.0"),
            std::string::npos)
      << s.message();
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM puzzles"), 0);
}

TEST_F(SqliteStoreTest, EndRunSetsStatusAndFinishedAt) {
  ASSERT_NO_FATAL_FAILURE(Open());
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  ASSERT_TRUE(Write(store_, MakeBatch(0, 2)).ok());
  Status s = store_->EndRun("interrupted");
  ASSERT_TRUE(s.ok()) << s.message();

  sqlite3* db = StoreDb(*store_);
  EXPECT_EQ(QueryText(db, "SELECT status FROM runs"), "interrupted");
  std::string started = QueryText(db, "SELECT started_at FROM runs");
  std::string finished = QueryText(db, "SELECT finished_at FROM runs");
  // ISO-8601 UTC with milliseconds, e.g. 2024-05-01T12:00:00.000Z.
  EXPECT_EQ(finished.size(), 24u) << finished;
  EXPECT_EQ(finished.back(), 'Z');
  EXPECT_EQ(finished[10], 'T');
  EXPECT_LE(started, finished);
  EXPECT_EQ(store_->run_id(), 0);
  EXPECT_FALSE(Write(store_, MakeBatch(2, 1)).ok());  // the run is closed
}

TEST_F(SqliteStoreTest, RejectsMisuse) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  EXPECT_FALSE(Write(store_, MakeBatch(0, 1)).ok());  // no run
  EXPECT_FALSE(store_->EndRun("finished").ok());      // no run

  RunInfo bad = MakeRunInfo();
  bad.params_json = "[1, 2]";
  int64_t run_id = 0;
  Status s = store_->BeginRun(bad, &run_id);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("not a JSON object"), std::string::npos) << s.message();
  bad.params_json = "{not json";
  EXPECT_FALSE(store_->BeginRun(bad, &run_id).ok());
  EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT count(*) FROM runs"), 0);

  RunInfo no_params = MakeRunInfo();
  no_params.params_json.clear();
  ASSERT_TRUE(store_->BeginRun(no_params, &run_id).ok());
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT params FROM runs"), "{}");
  EXPECT_FALSE(store_->BeginRun(MakeRunInfo(), &run_id).ok());  // run still open
  s = store_->EndRun("running");
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("'running'"), std::string::npos) << s.message();
  EXPECT_TRUE(store_->EndRun("failed").ok());
}

TEST_F(SqliteStoreTest, RefusesAPathInAMissingDirectory) {
  std::string path =
      (fs::temp_directory_path() / "sqlite_store_test_no_such_dir" / "corpus.db").string();
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(path, &store);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(store, nullptr);
  EXPECT_EQ(s.message().rfind(path + ": cannot open database", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("does not exist"), std::string::npos) << s.message();
  EXPECT_EQ(s.message().find('\n'), std::string::npos);
}

TEST_F(SqliteStoreTest, RefusesADirectory) {
  std::string path = fs::temp_directory_path().string();
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(path, &store);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("is a directory"), std::string::npos) << s.message();
}

TEST_F(SqliteStoreTest, RefusesAReadOnlyFile) {
  if (geteuid() == 0) GTEST_SKIP() << "root ignores file permissions";
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
  }
  fs::permissions(file_.path(), fs::perms::owner_read, fs::perm_options::replace);
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store);
  fs::permissions(file_.path(), fs::perms::owner_read | fs::perms::owner_write,
                  fs::perm_options::replace);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message(), file_.path() + ": cannot open for writing (the file is read-only)");
}

TEST_F(SqliteStoreTest, RefusesAReadOnlyDirectory) {
  if (geteuid() == 0) GTEST_SKIP() << "root ignores directory permissions";
  fs::path dir =
      fs::temp_directory_path() / ("sqlite_store_test_ro_dir_" + std::to_string(getpid()));
  fs::create_directory(dir);
  fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec, fs::perm_options::replace);
  std::string path = (dir / "corpus.db").string();
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(path, &store);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
  fs::remove_all(dir);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind(path + ": cannot open database", 0), 0u) << s.message();
  EXPECT_NE(s.message().find("is not writable"), std::string::npos) << s.message();
}

// --- Resume: FindUnfinishedRun and ResumeRun ---

// Starts a run, writes items 0..written-1 and ends it with `status`; "" leaves it open (a store
// destroyed then leaves it 'running', as a killed process does). Returns the run id.
int64_t MakeRun(SqliteStore* store, int64_t written, std::string_view status, uint64_t seed = 42) {
  int64_t run_id = 0;
  EXPECT_TRUE(store->BeginRun(MakeRunInfo(seed), &run_id).ok());
  if (written > 0) {
    EXPECT_TRUE(Write(store, MakeBatch(0, static_cast<int>(written))).ok());
  }
  if (!status.empty()) {
    EXPECT_TRUE(store->EndRun(status).ok());
  }
  return run_id;
}

TEST_F(SqliteStoreTest, FindsTheLatestUnfinishedRun) {
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
    MakeRun(store.get(), 3, "finished");
    MakeRun(store.get(), 2, "interrupted", 7);
    MakeRun(store.get(), 4, "", 18446744073709551615ull);  // store destroyed with it open
  }
  auto store = OpenOrDie(file_.path());
  ASSERT_NE(store, nullptr);
  StoredRun run;
  Status s = store->FindUnfinishedRun(0, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.id, 3);
  EXPECT_EQ(run.seed, 18446744073709551615ull);
  EXPECT_EQ(run.status, "running");
  EXPECT_EQ(run.params_json, MakeRunInfo().params_json);
  EXPECT_EQ(run.tool_version, "sudoku-corpus test");
  EXPECT_EQ(run.requested, 10);
  EXPECT_EQ(run.written, 4);

  s = store->FindUnfinishedRun(2, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.id, 2);
  EXPECT_EQ(run.seed, 7u);
  EXPECT_EQ(run.status, "interrupted");
  EXPECT_EQ(run.written, 2);
  EXPECT_EQ(store->run_id(), 0);  // nothing reopened
  EXPECT_EQ(QueryText(StoreDb(*store), "SELECT status FROM runs WHERE id = 2"), "interrupted");
}

TEST_F(SqliteStoreTest, ResumeRunAppendsToTheRunAndEndRunFinishesIt) {
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
    int64_t run_id = 0;
    ASSERT_TRUE(store->BeginRun(MakeRunInfo(), &run_id).ok());
    ASSERT_TRUE(Write(store, MakeBatch(0, 4)).ok());
    ASSERT_TRUE(store->EndRun("interrupted").ok());
  }
  auto store = OpenOrDie(file_.path());
  ASSERT_NE(store, nullptr);
  StoredRun run;
  Status s = store->ResumeRun(0, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.id, 1);
  EXPECT_EQ(run.written, 4);
  EXPECT_EQ(run.status, "interrupted");  // as found
  EXPECT_EQ(store->run_id(), 1);
  sqlite3* db = StoreDb(*store);
  EXPECT_EQ(QueryText(db, "SELECT status FROM runs"), "running");
  EXPECT_EQ(QueryText(db, "SELECT finished_at IS NULL FROM runs"), "1");

  ASSERT_TRUE(Write(store, MakeBatch(4, 6)).ok());
  ASSERT_TRUE(store->EndRun("finished").ok());
  EXPECT_EQ(QueryText(db, "SELECT status FROM runs"), "finished");
  EXPECT_EQ(QueryInt(db, "SELECT written FROM runs"), 10);
  EXPECT_EQ(QueryInt(db, "SELECT count(DISTINCT item_index) FROM puzzles WHERE run_id = 1"), 10);
  EXPECT_EQ(QueryInt(db, "SELECT max(item_index) FROM puzzles"), 9);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs"), 1);  // no new run
  s = store->FindUnfinishedRun(0, &run);
  EXPECT_EQ(s.message(), file_.path() + ": no unfinished run to resume");
}

// A request no puzzle met leaves no run behind; a failed run that stored puzzles, or a resumed
// one, keeps its row for --resume.
TEST_F(SqliteStoreTest, RemovesANewRunThatFailedBeforeStoringAPuzzle) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  MakeRun(store_.get(), 3, "finished");
  MakeRun(store_.get(), 0, "failed");
  sqlite3* db = StoreDb(*store_);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs"), 1);
  const int64_t kept = MakeRun(store_.get(), 0, "interrupted");
  StoredRun run;
  ASSERT_TRUE(store_->ResumeRun(kept, &run).ok());
  ASSERT_TRUE(store_->EndRun("failed").ok());  // resumed: its row stays
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs WHERE status = 'failed'"), 1);
  int64_t run_id = 0;
  ASSERT_TRUE(store_->BeginRun(MakeRunInfo(7), &run_id).ok());
  BatchOutcome outcome;
  ASSERT_TRUE(store_->WriteBatch(MakeBatch(0, 1), &outcome).ok());
  ASSERT_EQ(outcome.stored, 1);
  ASSERT_TRUE(store_->EndRun("failed").ok());  // stored a puzzle: resumable
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs WHERE status = 'failed'"), 2);
}

TEST_F(SqliteStoreTest, ResumesARunWithNothingWrittenOrEverythingWritten) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  MakeRun(store_.get(), 0, "interrupted");
  ASSERT_NO_FATAL_FAILURE(BeginRun());  // all 10 written, then "killed"
  ASSERT_TRUE(Write(store_, MakeBatch(0, 10)).ok());
  ASSERT_TRUE(store_->EndRun("interrupted").ok());

  StoredRun run;
  Status s = store_->FindUnfinishedRun(1, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.written, 0);
  s = store_->ResumeRun(0, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.id, 2);
  EXPECT_EQ(run.written, run.requested);
  EXPECT_TRUE(store_->EndRun("finished").ok());
}

TEST_F(SqliteStoreTest, RefusesToResumeWhatCannotBeResumed) {
  ASSERT_NO_FATAL_FAILURE(Open());
  StoredRun run;
  Status s = store_->FindUnfinishedRun(0, &run);
  EXPECT_EQ(s.message(), file_.path() + ": no unfinished run to resume");
  s = store_->ResumeRun(0, &run);
  EXPECT_EQ(s.message(), file_.path() + ": no unfinished run to resume");

  MakeRun(store_.get(), 10, "finished");
  s = store_->FindUnfinishedRun(1, &run);
  EXPECT_EQ(s.message(), file_.path() + ": run 1 is already finished (10 of 10 puzzles)");
  s = store_->ResumeRun(1, &run);
  EXPECT_EQ(s.message(), file_.path() + ": run 1 is already finished (10 of 10 puzzles)");
  EXPECT_EQ(QueryText(StoreDb(*store_), "SELECT status FROM runs WHERE id = 1"), "finished");
  s = store_->FindUnfinishedRun(9, &run);
  EXPECT_EQ(s.message(), file_.path() + ": run 9 does not exist");
  s = store_->ResumeRun(9, &run);
  EXPECT_EQ(s.message(), file_.path() + ": run 9 does not exist");
  EXPECT_EQ(sqlite3_get_autocommit(StoreDb(*store_)), 1);  // every refusal rolled back

  // A run open in this store cannot be replaced by a resumed one.
  int64_t open_run = MakeRun(store_.get(), 2, "");
  s = store_->ResumeRun(0, &run);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("is open"), std::string::npos) << s.message();
  EXPECT_EQ(store_->run_id(), open_run);
}

TEST_F(SqliteStoreTest, RefusesToResumeARunWhoseRowsAreNotAPrefix) {
  ASSERT_NO_FATAL_FAILURE(Open());
  MakeRun(store_.get(), 5, "interrupted");
  MakeRun(store_.get(), 5, "interrupted");
  MakeRun(store_.get(), 5, "interrupted");
  sqlite3* db = StoreDb(*store_);
  ASSERT_EQ(sqlite3_exec(db,
                         "DELETE FROM puzzles WHERE run_id = 1 AND item_index = 2;"  // a gap
                         "UPDATE runs SET written = 6 WHERE id = 2;"    // counter ahead of rows
                         "UPDATE runs SET written = 11 WHERE id = 3;",  // more than requested
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  StoredRun run;
  Status s = store_->ResumeRun(1, &run);
  EXPECT_EQ(s.message(), file_.path() +
                             ": run 1 has 4 puzzles (items 0..4) but runs.written is 5 and "
                             "runs.next_item 5; it cannot be resumed without a gap or a duplicate");
  s = store_->FindUnfinishedRun(2, &run);
  EXPECT_NE(s.message().find("run 2 says it accounted for items 0..4 but wrote 6 and skipped 0"),
            std::string::npos)
      << s.message();
  s = store_->ResumeRun(3, &run);
  EXPECT_EQ(s.message(),
            file_.path() + ": run 3 says it wrote 11 of 10 puzzles; it cannot be resumed");
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM runs WHERE status = 'interrupted'"), 3);
  EXPECT_EQ(store_->run_id(), 0);
}

TEST_F(SqliteStoreTest, MustExistModeDoesNotCreateTheFile) {
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file_.path(), &store, OpenMode::kMustExist);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(store, nullptr);
  EXPECT_EQ(s.message().rfind(file_.path() + ": cannot open database: no such file", 0), 0u)
      << s.message();
  EXPECT_FALSE(fs::exists(file_.path()));
  { auto created = OpenOrDie(file_.path()); }
  s = SqliteStore::Open(file_.path(), &store, OpenMode::kMustExist);
  EXPECT_TRUE(s.ok()) << s.message();
}

}  // namespace
// --- Duplicates: one row per canonical form, in the whole corpus ---

TEST_F(SqliteStoreTest, StoresEachCanonicalFormOnceAndCountsTheRest) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  std::vector<PuzzleRecord> batch = MakeBatch(0, 5);
  CopyPuzzle(batch[1], &batch[3]);  // a duplicate within the batch
  BatchOutcome outcome;
  Status s = store_->WriteBatch(batch, &outcome);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(outcome.stored, 4);
  EXPECT_EQ(outcome.duplicates, 1);
  sqlite3* db = StoreDb(*store_);
  EXPECT_EQ(QueryText(db, "SELECT group_concat(item_index) FROM puzzles"), "0,1,2,4");

  std::vector<PuzzleRecord> next = MakeBatch(5, 2);
  CopyPuzzle(batch[0], &next[1]);  // a duplicate of an earlier batch
  ASSERT_TRUE(store_->WriteBatch(next, &outcome).ok());
  EXPECT_EQ(outcome.stored, 1);
  EXPECT_EQ(outcome.duplicates, 1);
  ASSERT_TRUE(store_->EndRun("finished").ok());
  EXPECT_EQ(QueryText(db, "SELECT written || ' ' || duplicates || ' ' || next_item FROM runs"),
            "5 2 7");

  // Another run: a duplicate of the first run is not stored either.
  ASSERT_TRUE(store_->BeginRun(MakeRunInfo(), &run_id_).ok());
  std::vector<PuzzleRecord> other = MakeBatch(0, 1);
  CopyPuzzle(batch[2], &other[0]);
  ASSERT_TRUE(store_->WriteBatch(other, &outcome).ok());
  EXPECT_EQ(outcome.stored, 0);
  EXPECT_EQ(outcome.duplicates, 1);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles"), 5);
  EXPECT_EQ(QueryInt(db, "SELECT next_item FROM runs WHERE id = 2"), 1);
}

// Each stored form sits under its own key, which is CanonicalKey of its text.
TEST_F(SqliteStoreTest, StoresEachFormUnderItsCanonicalKey) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  const std::vector<PuzzleRecord> batch = MakeBatch(0, 3);
  ASSERT_TRUE(Write(store_, batch).ok());
  for (const PuzzleRecord& record : batch) {
    EXPECT_EQ(QueryInt(StoreDb(*store_), "SELECT canonical_key FROM puzzles WHERE item_index = " +
                                             std::to_string(record.item_index)),
              CanonicalKey(CanonicalForm(record.givens)));
  }
}

// Two different forms with one key (a 64-bit hash collision, simulated by giving a stored row
// the key of another form): the second form is stored anyway, with no key, and is still found
// as a duplicate afterwards, even once the row holding its key is gone.
TEST_F(SqliteStoreTest, StoresAFormWhoseKeyAnotherFormHoldsAndFindsItsCopies) {
  ASSERT_NO_FATAL_FAILURE(Open(":memory:"));
  sqlite3* db = StoreDb(*store_);
  ASSERT_NO_FATAL_FAILURE(BeginRun());
  std::vector<PuzzleRecord> records = MakeBatch(0, 6);
  const Grid form = records[1].canonical;
  for (int i = 2; i <= 4; ++i) CopyPuzzle(records[1], &records[i]);  // copies of item 1
  ASSERT_TRUE(Write(store_, std::span(records).subspan(0, 1)).ok());
  const std::string holder_key = std::to_string(CanonicalKey(form));
  ASSERT_EQ(sqlite3_exec(db, ("UPDATE puzzles SET canonical_key = " + holder_key).c_str(), nullptr,
                         nullptr, nullptr),
            SQLITE_OK);

  BatchOutcome outcome;
  ASSERT_TRUE(store_->WriteBatch(std::span(records).subspan(1, 2), &outcome).ok());
  EXPECT_EQ(outcome.stored, 1);      // item 1: not a duplicate of item 0, whose key it shares
  EXPECT_EQ(outcome.duplicates, 1);  // item 2: a copy of item 1
  EXPECT_EQ(QueryText(db, "SELECT canonical_key IS NULL FROM puzzles WHERE item_index = 1"), "1");

  ASSERT_TRUE(sqlite3_exec(db, "DELETE FROM puzzles WHERE item_index = 0", nullptr, nullptr,
                           nullptr) == SQLITE_OK);
  ASSERT_TRUE(store_->WriteBatch(std::span(records).subspan(3, 3), &outcome).ok());
  EXPECT_EQ(outcome.stored, 1);      // item 5, a new form
  EXPECT_EQ(outcome.duplicates, 2);  // items 3 and 4: copies of item 1, whose key is free now
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles WHERE collision_canonical = '" +
                             ToString(form) + "'"),
            1);
  EXPECT_EQ(QueryText(db, "SELECT group_concat(item_index) FROM puzzles"), "1,5");
}

TEST_F(SqliteStoreTest, ResumesARunWithDuplicatesAtItsNextItem) {
  {
    auto store = OpenOrDie(file_.path());
    ASSERT_NE(store, nullptr);
    int64_t run_id = 0;
    ASSERT_TRUE(store->BeginRun(MakeRunInfo(), &run_id).ok());
    std::vector<PuzzleRecord> batch = MakeBatch(0, 6);
    CopyPuzzle(batch[0], &batch[5]);
    BatchOutcome outcome;
    ASSERT_TRUE(store->WriteBatch(batch, &outcome).ok());
  }  // "killed"
  auto store = OpenOrDie(file_.path());
  ASSERT_NE(store, nullptr);
  StoredRun run;
  Status s = store->ResumeRun(0, &run);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(run.written, 5);
  EXPECT_EQ(run.duplicates, 1);
  EXPECT_EQ(run.next_item, 6);
  ASSERT_TRUE(Write(store, MakeBatch(6, 5)).ok());
  EXPECT_EQ(QueryText(StoreDb(*store), "SELECT written || ' ' || next_item FROM runs"), "10 11");
}

// A corpus written under schema 1 (no canonical forms) gets them, and their keys, when a store
// opens it; an equivalent later row keeps neither key nor form and loses nothing.
TEST_F(SqliteStoreTest, MigratesASchemaOneCorpusAndFillsCanonicalForms) {
  const fs::path schema = fs::path(SUDOKU_TEST_DATA_DIR) / ".." / ".." / "schema";
  const std::string v1 = ReadBytes((schema / "001_init.sql").string());
  ASSERT_FALSE(v1.empty());
  const Grid solution = SolutionGrid();
  Grid relabelled;  // the same puzzle with digits 1 and 2 swapped: equivalent
  for (int cell = 0; cell < kCells; ++cell) {
    const int d = solution[cell];
    relabelled[cell] = static_cast<uint8_t>(d == 1 ? 2 : d == 2 ? 1 : d);
  }
  Grid puzzle = solution, twin = relabelled;
  for (int cell = 0; cell < kCells; cell += 2) puzzle[cell] = twin[cell] = 0;
  auto row = [](int item, const Grid& givens, const Grid& grid) {
    return "INSERT INTO puzzles(run_id, item_index, givens, solution, clues, freedom, level, "
           "symmetry, grid_method) VALUES(1, " +
           std::to_string(item) + ", '" + ToString(givens) + "', '" + ToString(grid) +
           "', 40, 100, 'medium', 'none', 'search');";
  };
  ExecOnFile(file_.path(),
             v1 +
                 "PRAGMA user_version = 1;"
                 "INSERT INTO runs(seed, params, tool_version, started_at, requested, written, "
                 "status) VALUES('1', '{}', 'sudoku-corpus 0.1.0', 'now', 3, 3, 'finished');" +
                 row(0, puzzle, solution) + row(1, twin, relabelled) + row(2, solution, solution));
  ASSERT_NO_FATAL_FAILURE(Open());
  EXPECT_EQ(store_->opened_version(), 1);
  sqlite3* db = StoreDb(*store_);
  EXPECT_EQ(QueryInt(db, "PRAGMA user_version"), StoreSchemaVersion());
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles"), 3);
  // The forms schema 2 filled in gave the keys of schema 4; the lean row keeps only those.
  EXPECT_EQ(QueryInt(db, "SELECT canonical_key FROM puzzles WHERE item_index = 0"),
            CanonicalKey(CanonicalForm(puzzle)));
  EXPECT_EQ(QueryText(db,
                      "SELECT canonical_key IS NULL AND collision_canonical IS NULL "
                      "FROM puzzles WHERE item_index = 1"),
            "1");
  EXPECT_EQ(QueryInt(db, "SELECT canonical_key FROM puzzles WHERE item_index = 2"),
            CanonicalKey(CanonicalGrid(solution)));
  EXPECT_EQ(QueryText(db, "SELECT givens FROM puzzles WHERE item_index = 1"), ToString(twin));
  EXPECT_EQ(QueryInt(db, "SELECT count(DISTINCT sudoku_grid_key(solution_packed)) FROM puzzles"),
            1);
  EXPECT_EQ(QueryText(db, "SELECT next_item || ' ' || duplicates FROM runs"), "3 0");
  EXPECT_EQ(QueryText(db, "SELECT group_concat(DISTINCT dig_order) FROM puzzles"), "random");
}

}  // namespace sudoku
