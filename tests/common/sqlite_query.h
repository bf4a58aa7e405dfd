// One-value queries on an open SQLite connection, for tests that look at what a store wrote, and
// the connection of a store (StoreDb) to run them on.
#ifndef SUDOKU_TESTS_SQLITE_QUERY_H_
#define SUDOKU_TESTS_SQLITE_QUERY_H_

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <string>

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

// Undoes schema 14 on a current corpus (schema/014_rating_se_units.sql): rating, ep and ed are
// the stored integer tenths again, as the corpora the older schema steps migrate hold them. For
// tests that age a new corpus into an older one.
inline constexpr char kUndoSchema14Sql[] =
    "DROP INDEX puzzles_rating; ALTER TABLE puzzles DROP COLUMN rating; "
    "ALTER TABLE puzzles DROP COLUMN ep; ALTER TABLE puzzles DROP COLUMN ed; "
    "ALTER TABLE puzzles RENAME COLUMN rating_tenths TO rating; "
    "ALTER TABLE puzzles RENAME COLUMN ep_tenths TO ep; "
    "ALTER TABLE puzzles RENAME COLUMN ed_tenths TO ed; "
    "CREATE INDEX puzzles_rating ON puzzles(rating);";

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_SQLITE_QUERY_H_
