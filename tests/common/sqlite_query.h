// One-value queries on an open SQLite connection, for tests that look at what a store wrote, and
// the connection of a store (StoreDb) to run them on.
#ifndef SUDOKU_TESTS_SQLITE_QUERY_H_
#define SUDOKU_TESTS_SQLITE_QUERY_H_

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "common/test_data.h"
#include "storage/connection.h"
#include "storage/store_access.h"

namespace sudoku::testing {

// Column 0 of the first row of `sql` as text ("" for NULL or no row); fails the test on error.
inline std::string QueryText(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK)
      << sql << ": " << sqlite3_errmsg(db);
  std::string text;
  if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) != nullptr) {
    text = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
  }
  sqlite3_finalize(stmt);
  return text;
}

// The store's own connection (storage/store_access.h): for queries that must see its open
// transaction, or that a second connection could not make (":memory:").
inline sqlite3* StoreDb(const SqliteStore& store) {
  return storage_internal::StoreAccess::Db(store);
}

inline int64_t QueryInt(sqlite3* db, const std::string& sql) {
  return std::stoll(QueryText(db, sql));
}

// Undoes schema 16 on the current corpus open on `db` (tests/common/undo_schema_16.sql): the
// puzzles table of schema 14 again, its canonical forms computed by the tool's SQL functions,
// which this registers on `db`. For tests that age a new corpus into an older one.
inline void UndoSchema16(sqlite3* db) {
  std::ifstream file(GoldenPath("../common/undo_schema_16.sql"));
  std::stringstream undo;
  undo << file.rdbuf();
  ASSERT_FALSE(undo.str().empty()) << "tests/common/undo_schema_16.sql not found";
  ASSERT_EQ(storage_internal::RegisterSqlFunctions(db), SQLITE_OK);
  const std::string sql =
      "CREATE TABLE undo_forms (id INTEGER PRIMARY KEY, canonical TEXT, solution_canonical TEXT);"
      "INSERT INTO undo_forms SELECT id, sudoku_canonical_form(givens_packed), "
      "sudoku_canonical_form(solution_packed) FROM puzzles;" +
      undo.str();
  ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
}

// Undoes schema 14 on a corpus of schema 14, as UndoSchema16 leaves one
// (schema/014_rating_se_units.sql): rating, ep and ed are the stored integer tenths again, as
// the corpora the older schema steps migrate hold them.
inline constexpr char kUndoSchema14Sql[] =
    "DROP INDEX puzzles_rating; ALTER TABLE puzzles DROP COLUMN rating; "
    "ALTER TABLE puzzles DROP COLUMN ep; ALTER TABLE puzzles DROP COLUMN ed; "
    "ALTER TABLE puzzles RENAME COLUMN rating_tenths TO rating; "
    "ALTER TABLE puzzles RENAME COLUMN ep_tenths TO ep; "
    "ALTER TABLE puzzles RENAME COLUMN ed_tenths TO ed; "
    "CREATE INDEX puzzles_rating ON puzzles(rating);";

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_SQLITE_QUERY_H_
