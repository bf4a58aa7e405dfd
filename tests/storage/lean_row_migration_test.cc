// Tests of the lean row's migration (schema/015_lean_row_table.sql, schema/016_lean_row.sql,
// storage/backfill.h): a corpus of schema 14 is copied into the lean table in batches of their
// own transactions; a migration stopped after a committed batch resumes after it and ends as an
// uninterrupted one; a row the lean table cannot hold stops it, named, with the rows intact.
// (tests/cli/rerate_test.sh lean_row: the same migration through the tool, `verify` and size.)
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "common/schema14_corpus.h"
#include "common/sqlite_query.h"
#include "common/temp_db.h"
#include "storage/backfill.h"
#include "storage/connection.h"
#include "sudoku/core/generator.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

using testing::QueryInt;
using testing::QueryText;
using testing::UndoSchema16;

class TempDb : public testing::TempDb {
 public:
  TempDb() : testing::TempDb("lean_row_migration_test") {}
};

// An open plain SQLite connection, closed with the object.
class PlainDb {
 public:
  explicit PlainDb(const std::string& path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
  }
  ~PlainDb() { sqlite3_close(db_); }
  PlainDb(const PlainDb&) = delete;
  PlainDb& operator=(const PlainDb&) = delete;
  sqlite3* get() const { return db_; }
  void Exec(const std::string& sql) const {
    EXPECT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sql << ": " << sqlite3_errmsg(db_);
  }

 private:
  sqlite3* db_ = nullptr;
};

constexpr int kRows = 150;
constexpr int64_t kCollisionId = 7;  // the row aged into a collision row

// A corpus of kRows generated minimal puzzles as this version writes it, aged to schema 14
// (UndoSchema16), with row kCollisionId a collision row: no key, its form stored (what
// schema/004_canonical_key.sql does when another form holds the key).
void MakeSchema14Corpus(const std::string& path) {
  ASSERT_NO_FATAL_FAILURE(testing::WriteSchema14Corpus(path, kRows, 5000, 11));
  PlainDb db(path);
  db.Exec("UPDATE puzzles SET canonical_key = NULL WHERE id = " + std::to_string(kCollisionId));
}

// Every row of `sql` (one row a puzzle), its columns joined by '|', NULL as "NULL".
std::vector<std::string> Rows(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
      << sql << ": " << sqlite3_errmsg(db);
  std::vector<std::string> rows;
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    std::string row;
    for (int c = 0; c < sqlite3_column_count(stmt); ++c) {
      const auto* text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, c));
      if (c > 0) row += '|';
      row += text == nullptr ? "NULL" : text;
    }
    rows.push_back(row);
  }
  sqlite3_finalize(stmt);
  return rows;
}

// The columns a user sees, the same in schemas 14 and 16, then the canonical forms: stored in
// schema 14, computed in 16 (the functions are registered on `db` here).
constexpr char kVisible[] =
    "id, run_id, item_index, givens, solution, clues, freedom, level, clue_level, rating, ep, ed, "
    "hardest, guesses, techniques, symmetry, grid_method, dig_order, canonical_key";
std::vector<std::string> VisibleRows(sqlite3* db) {
  const bool lean = QueryInt(db, "PRAGMA user_version") == 16;
  EXPECT_EQ(storage_internal::RegisterSqlFunctions(db), SQLITE_OK);
  const char* forms =
      lean ? "CASE WHEN canonical_key IS NOT NULL OR collision_canonical IS NOT NULL THEN "
             "coalesce(collision_canonical, sudoku_canonical_form(givens_packed)) END, "
             "sudoku_canonical_form(solution_packed)"
           : "canonical, solution_canonical";
  const char* from = lean ? " FROM puzzles JOIN puzzle_techniques USING (id)" : " FROM puzzles";
  return Rows(db, std::string("SELECT ") + kVisible + ", " + forms + from + " ORDER BY id");
}

// Opens the corpus at `path` as a store (which migrates it); its open status.
Status OpenStore(const std::string& path) {
  std::unique_ptr<SqliteStore> store;
  return SqliteStore::Open(path, &store);
}

// Applies schema/015_lean_row_table.sql as the migration does in the step before the copy.
void ApplySchema15(const PlainDb& db) {
  const std::filesystem::path file = std::filesystem::path(SUDOKU_TEST_DATA_DIR) / ".." / ".." /
                                     "schema" / "015_lean_row_table.sql";
  std::ifstream in(file);
  const std::string sql(std::istreambuf_iterator<char>(in), {});
  ASSERT_FALSE(sql.empty()) << file;
  db.Exec("BEGIN;" + sql + "PRAGMA user_version = 15; COMMIT;");
}

TEST(LeanRowMigration, KeepsEveryColumnAndTheCollisionForm) {
  TempDb file;
  ASSERT_NO_FATAL_FAILURE(MakeSchema14Corpus(file.path()));
  std::vector<std::string> before;
  {
    PlainDb db(file.path());
    before = VisibleRows(db.get());
  }
  ASSERT_EQ(before.size(), static_cast<size_t>(kRows));
  const Status s = OpenStore(file.path());
  ASSERT_TRUE(s.ok()) << s.message();
  PlainDb db(file.path());
  EXPECT_EQ(QueryInt(db.get(), "PRAGMA user_version"), 16);
  EXPECT_EQ(VisibleRows(db.get()), before);
  // The collision row alone stores its form; the aged corpus held it as `canonical`.
  EXPECT_EQ(QueryText(db.get(),
                      "SELECT group_concat(id) FROM puzzles WHERE canonical_key IS NULL "
                      "OR collision_canonical IS NOT NULL"),
            std::to_string(kCollisionId));
  EXPECT_EQ(QueryText(db.get(),
                      "SELECT collision_canonical = sudoku_canonical_form(givens_packed) "
                      "FROM puzzles WHERE id = " +
                          std::to_string(kCollisionId)),
            "1");
  EXPECT_EQ(QueryInt(db.get(),
                     "SELECT count(*) FROM sqlite_master WHERE name LIKE 'schema_%' OR "
                     "name IN ('puzzles_lean', 'lean_row_source')"),
            0);
  EXPECT_EQ(QueryInt(db.get(), "PRAGMA freelist_count"), 0);  // VACUUM gave the old pages back
}

// A migration stopped after a committed batch (as a kill leaves it: schema 15, the first rows
// copied) copies the rest from there and ends as an uninterrupted one. Copying again from the
// start would fail on the copied ids.
TEST(LeanRowMigration, ResumesAfterTheLastCommittedBatch) {
  TempDb whole, stopped;
  ASSERT_NO_FATAL_FAILURE(MakeSchema14Corpus(whole.path()));
  std::filesystem::copy_file(whole.path(), stopped.path());
  std::vector<std::string> before;
  {
    PlainDb db(whole.path());
    before = VisibleRows(db.get());
  }
  {
    PlainDb db(stopped.path());
    ASSERT_NO_FATAL_FAILURE(ApplySchema15(db));
    ASSERT_EQ(storage_internal::RegisterSqlFunctions(db.get()), SQLITE_OK);
    db.Exec("BEGIN");
    bool done = true;
    const Status s = storage_internal::LeanRowBatch(db.get(), stopped.path(), 40, &done);
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_FALSE(done);
    db.Exec("COMMIT");
    EXPECT_EQ(QueryText(db.get(), "SELECT count(*) || ' ' || max(id) FROM puzzles_lean"), "40 40");
  }
  Status s = OpenStore(whole.path());
  ASSERT_TRUE(s.ok()) << s.message();
  s = OpenStore(stopped.path());
  ASSERT_TRUE(s.ok()) << s.message();
  PlainDb a(whole.path()), b(stopped.path());
  EXPECT_EQ(QueryInt(b.get(), "PRAGMA user_version"), 16);
  const std::string all = "SELECT * FROM puzzles ORDER BY id";
  EXPECT_EQ(Rows(b.get(), all), Rows(a.get(), all));
  EXPECT_EQ(Rows(b.get(), "SELECT sql FROM sqlite_master ORDER BY name"),
            Rows(a.get(), "SELECT sql FROM sqlite_master ORDER BY name"));
  EXPECT_EQ(VisibleRows(b.get()), before);
}

// A row the lean table cannot hold (givens that are not a grid; a hardest technique this version
// does not know) stops the migration with its id; the file stays before schema 16 (at 15, whose
// step committed: the copy is schema 16's) with the rows intact, and migrates once the row is gone.
TEST(LeanRowMigration, ARowThatCannotBeCopiedStopsItByName) {
  for (const char* damage : {"givens = 'x' || substr(givens, 2)", "hardest = 'mystery-wing'",
                             "techniques = '{\"hidden-single-box\":40,\"mystery-wing\":1}'"}) {
    SCOPED_TRACE(damage);
    TempDb file;
    ASSERT_NO_FATAL_FAILURE(MakeSchema14Corpus(file.path()));
    std::vector<std::string> before;
    {
      PlainDb db(file.path());
      db.Exec(std::string("UPDATE puzzles SET ") + damage + " WHERE id = 123");
      before = VisibleRows(db.get());
    }
    const Status s = OpenStore(file.path());
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.message().find(file.path() + ": puzzle id 123: "), std::string::npos)
        << s.message();
    {
      PlainDb db(file.path());
      EXPECT_EQ(QueryInt(db.get(), "PRAGMA user_version"), 15);
      EXPECT_EQ(VisibleRows(db.get()), before);
      db.Exec("DELETE FROM puzzles WHERE id = 123");
    }
    const Status again = OpenStore(file.path());
    ASSERT_TRUE(again.ok()) << again.message();
    PlainDb db(file.path());
    before.erase(before.begin() + 122);
    EXPECT_EQ(VisibleRows(db.get()), before);
  }
}

}  // namespace
}  // namespace sudoku
