// Tests of the re-rating migration (schema/010_aligned_exclusion.sql, storage/backfill.h): a
// corpus of schema 4 to 9, whose ratings an older rater stored, is rated again by this one (from 8
// and 9, the rows rated 6.5 or more or with a guess), in batches of their own transactions that a
// killed migration resumes after.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/schema14_corpus.h"
#include "common/sqlite_query.h"
#include "common/temp_db.h"
#include "storage/backfill.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

class TempDb : public testing::TempDb {
 public:
  TempDb() : testing::TempDb("rerate_migration_test") {}
};

// Opens `path` with plain SQLite and runs `sql`.
void ExecOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  sqlite3_close(db);
}

using testing::kUndoSchema14Sql;
using testing::QueryInt;
using testing::QueryText;
using testing::StoreDb;
using testing::UndoSchema16;

// A corpus of `count` generated minimal puzzles as this version writes it, then aged to what an
// older rater could have left: every rating column wrong, schema `version`.
void MakeOldCorpus(const std::string& path, int count, int version = 4) {
  ASSERT_NO_FATAL_FAILURE(testing::WriteSchema14Corpus(path, count, 1000, 7));
  ExecOnFile(path,
             std::string(kUndoSchema14Sql) +
                 "UPDATE puzzles SET rating = 0, hardest = 'none', guesses = 0, techniques = '{}', "
                 "level = 'beginner'; ALTER TABLE puzzles DROP COLUMN ep; "
                 "ALTER TABLE puzzles DROP COLUMN ed; PRAGMA user_version = " +
                 std::to_string(version) + ";");
}

// What a re-rate killed after a committed batch leaves: its progress row (schema `version`, the
// rows from `next_id` on left).
void AddRerateProgress(const std::string& path, int version, int next_id) {
  ExecOnFile(path,
             "CREATE TABLE schema_backfill (version INTEGER PRIMARY KEY, next_id INTEGER NOT NULL);"
             "INSERT INTO schema_backfill VALUES (" +
                 std::to_string(version) + ", " + std::to_string(next_id) + ");");
}

// The ids 1 to `count` but for first to last.
std::vector<int64_t> IdsOutside(int64_t count, int64_t first, int64_t last) {
  std::vector<int64_t> ids;
  for (int64_t id = 1; id <= count; ++id) {
    if (id < first || id > last) ids.push_back(id);
  }
  return ids;
}

// The ids of the rows whose rating columns are not what this rater gives their puzzle.
std::vector<int64_t> WronglyRated(sqlite3* db) {
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(
      sqlite3_prepare_v2(db,
                         "SELECT id, givens, rating_tenths, hardest, guesses, techniques, level "
                         "FROM puzzles JOIN puzzle_techniques USING (id) ORDER BY id",
                         -1, &stmt, nullptr),
      SQLITE_OK);
  std::vector<int64_t> wrong;
  auto text = [stmt](int column) {
    return std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, column)));
  };
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    Rating rating;
    EXPECT_TRUE(RatePuzzle(ParseGrid(text(1)).grid, &rating));
    if (sqlite3_column_int(stmt, 2) != rating.rating || text(3) != TechniqueName(rating.hardest) ||
        sqlite3_column_int(stmt, 4) != rating.guesses ||
        text(5) != TechniqueUsesJson(rating.uses) || text(6) != RatingLevel(rating.rating)) {
      wrong.push_back(sqlite3_column_int64(stmt, 0));
    }
  }
  sqlite3_finalize(stmt);
  return wrong;
}

// Opens the corpus at `path` (which migrates it), checks it reached this schema, and returns the
// ids WronglyRated finds ({-1} when the open failed).
std::vector<int64_t> MigrateAndFindWrongRatings(const std::string& path) {
  std::unique_ptr<SqliteStore> store;
  const Status s = SqliteStore::Open(path, &store);
  if (!s.ok()) {
    ADD_FAILURE() << s.message();
    return {-1};
  }
  EXPECT_EQ(QueryInt(StoreDb(*store), "PRAGMA user_version"), StoreSchemaVersion());
  return WronglyRated(StoreDb(*store));
}

TEST(RerateMigration, RatesEveryPuzzleOfSchemaFourAgain) {
  TempDb file;
  MakeOldCorpus(file.path(), 40);
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file.path(), &store);
  ASSERT_TRUE(s.ok()) << s.message();
  EXPECT_EQ(store->opened_version(), 4);
  sqlite3* db = StoreDb(*store);
  EXPECT_EQ(QueryInt(db, "PRAGMA user_version"), StoreSchemaVersion());
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM puzzles"), 40);
  EXPECT_EQ(WronglyRated(db), std::vector<int64_t>{});
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'schema_%'"), 0);
}

TEST(RerateMigration, RatesEveryPuzzleOfSchemaFiveSixOrSevenAgain) {
  for (const int version : {5, 6, 7}) {
    SCOPED_TRACE(version);
    TempDb file;
    MakeOldCorpus(file.path(), 40, version);
    std::unique_ptr<SqliteStore> store;
    Status s = SqliteStore::Open(file.path(), &store);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(store->opened_version(), version);
    sqlite3* db = StoreDb(*store);
    EXPECT_EQ(QueryInt(db, "PRAGMA user_version"), StoreSchemaVersion());
    EXPECT_EQ(WronglyRated(db), std::vector<int64_t>{});
  }
}

// The raters of schemas 8 and 9 rate as this one wherever no step got past the BUG: only the rows
// rated 6.5 or more or with a guess are rated again (here the aged rows 11-20, marked with a
// guess, and 21-25, rated 7.0; the other aged rows stay as they are).
TEST(RerateMigration, RatesThePuzzlesPastTheBugOfSchemaEightOrNineAgain) {
  for (const int version : {8, 9}) {
    SCOPED_TRACE(version);
    TempDb file;
    MakeOldCorpus(file.path(), 40, version);
    ExecOnFile(file.path(),
               "UPDATE puzzles SET guesses = 1 WHERE id BETWEEN 11 AND 20;"
               "UPDATE puzzles SET rating = 70 WHERE id BETWEEN 21 AND 25;"
               "UPDATE puzzles SET rating = 64 WHERE id = 26;");
    EXPECT_EQ(MigrateAndFindWrongRatings(file.path()), IdsOutside(40, 11, 25));
  }
}

// More rows than one batch: each batch commits on its own and the last one applies the schema.
TEST(RerateMigration, RatesInBatches) {
  TempDb file;
  MakeOldCorpus(file.path(), 40);
  // Copies of the rows up to two and a half batches (no canonical form, as schema 1's
  // duplicates: the unique indexes allow it).
  ExecOnFile(
      file.path(),
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < " +
          std::to_string(storage_internal::kBackfillBatchRows * 5 / 2 / 40) +
          ") INSERT INTO puzzles(run_id, item_index, givens, solution, clues, freedom, "
          "level, symmetry, grid_method, dig_order, clue_level, rating, hardest, guesses, "
          "techniques) SELECT run_id, item_index + 40 * i, givens, solution, clues, freedom, "
          "level, symmetry, grid_method, dig_order, clue_level, rating, hardest, guesses, "
          "techniques FROM puzzles, n;");
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file.path(), &store);
  ASSERT_TRUE(s.ok()) << s.message();
  sqlite3* db = StoreDb(*store);
  EXPECT_GT(QueryInt(db, "SELECT count(*) FROM puzzles"), 2 * storage_internal::kBackfillBatchRows);
  EXPECT_EQ(QueryInt(db, "PRAGMA user_version"), StoreSchemaVersion());
  EXPECT_EQ(WronglyRated(db), std::vector<int64_t>{});
}

// A migration killed after a committed batch left its progress in schema_backfill: the next one
// starts from there, and leaves the rows before it as that batch wrote them. Here a re-rate of
// every row (from a corpus older than schema 8: this version applied schema 8 and marked it so).
TEST(RerateMigration, ResumesAfterTheLastCommittedBatch) {
  TempDb file;
  MakeOldCorpus(file.path(), 40, 9);
  AddRerateProgress(file.path(), 10, 21);
  ExecOnFile(file.path(), "CREATE TABLE schema_rerate_every_row (unused INTEGER);");
  std::unique_ptr<SqliteStore> store;
  Status s = SqliteStore::Open(file.path(), &store);
  ASSERT_TRUE(s.ok()) << s.message();
  sqlite3* db = StoreDb(*store);
  EXPECT_EQ(QueryInt(db, "PRAGMA user_version"), StoreSchemaVersion());
  // Rows 1-20 stand for the committed batch (as aged here); rows 21-40 are rated.
  std::vector<int64_t> before_progress;
  for (int64_t id = 1; id <= 20; ++id) before_progress.push_back(id);
  EXPECT_EQ(WronglyRated(db), before_progress);
  EXPECT_EQ(QueryInt(db, "SELECT count(*) FROM sqlite_master WHERE name LIKE 'schema_%'"), 0);
}

// A re-rate of the rows past the BUG of schema 9, killed after a batch, resumes as one: those
// rows from its progress on are rated (here 21-30 of the guessed 11-30), no other; schema 13's
// step then rates every row that reached the chains again, the guessed 11-20 too, and leaves
// the others (1-10, 31-40, aged below 6.5) as they are.
TEST(RerateMigration, ResumesTheRowsPastTheBugOfSchemaNine) {
  TempDb file;
  MakeOldCorpus(file.path(), 40, 9);
  ExecOnFile(file.path(), "UPDATE puzzles SET guesses = 1 WHERE id BETWEEN 11 AND 30;");
  AddRerateProgress(file.path(), 10, 21);
  EXPECT_EQ(MigrateAndFindWrongRatings(file.path()), IdsOutside(40, 11, 30));
}

// The progress of a re-rate that an older version ran for schema 7, 8 or 9 is not this one's:
// that schema's file drops it and schema 10 rates every row (from schema 8, every row past the
// BUG: here the guessed 11-30, not only those from the old progress on).
TEST(RerateMigration, OlderProgressIsNotThisRerates) {
  {
    TempDb file;
    MakeOldCorpus(file.path(), 40, 8);
    ExecOnFile(file.path(), "UPDATE puzzles SET guesses = 1 WHERE id BETWEEN 11 AND 30;");
    AddRerateProgress(file.path(), 9, 21);
    EXPECT_EQ(MigrateAndFindWrongRatings(file.path()), IdsOutside(40, 11, 30));
  }
  for (const int version : {6, 7}) {
    SCOPED_TRACE(version);
    TempDb file;
    MakeOldCorpus(file.path(), 40, version);
    AddRerateProgress(file.path(), version + 1, 21);
    EXPECT_EQ(MigrateAndFindWrongRatings(file.path()), std::vector<int64_t>{});
  }
}

}  // namespace
}  // namespace sudoku
