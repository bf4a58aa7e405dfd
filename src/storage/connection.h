// Connection: plain SQLite helpers shared by the storage files (errors, prepare, one-row
// queries, the store's pragmas, the project's SQL functions). Private to src/storage; include as
// "storage/connection.h". Includes nothing else of storage: every other storage file may use it.
// Every error names the database file and carries SQLite's message. Schema upgrades are in
// storage/migrate.h.
#ifndef SUDOKU_STORAGE_CONNECTION_H_
#define SUDOKU_STORAGE_CONNECTION_H_

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "sudoku/status.h"

namespace sudoku::storage_internal {

inline constexpr int kBusyTimeoutMs = 5000;  // wait this long for another writer's lock

// Owns a statement prepared for one use.
struct StmtCloser {
  void operator()(sqlite3_stmt* stmt) const { sqlite3_finalize(stmt); }
};
using OwnedStmt = std::unique_ptr<sqlite3_stmt, StmtCloser>;

// SQLite's message for the last error on `db`, saying why when it gave up waiting for a lock.
std::string ErrorDetail(sqlite3* db);

// The status of SQLite's last error on `db`: "<path>: <what> (<ErrorDetail>)", with the code
// that SQLite's error code maps to (busy, corruption, I/O...). The one way storage reports
// SQLite's errors.
Status SqliteError(sqlite3* db, std::string_view path, std::string_view what);

// 'text', for messages.
std::string Quote(std::string_view text);

// Column `column` of the current row as text ("" for NULL).
std::string ColumnText(sqlite3_stmt* stmt, int column);

// Registers the project's SQL functions on `db`; SQLite's return code. Each is NULL for NULL or
// for an argument that is not what it takes:
//   sudoku_canonical_key(text): CanonicalKey (canonical_key.h) of an 81-character form;
//   sudoku_pack_grid(text): the packed form (storage/row_codes.h) of an 81-character grid;
//   sudoku_canonical_form(packed): the canonical form, as text, of a packed puzzle;
//   sudoku_grid_key(packed): CanonicalKey of the canonical form of a packed grid.
int RegisterSqlFunctions(sqlite3* db);

// Prepares `sql` on `db` into *stmt; an error names `path` and says what failed.
Status PrepareStatement(sqlite3* db, std::string_view path, const std::string& sql,
                        OwnedStmt* stmt);

class Connection {
 public:
  Connection(const std::string& path, sqlite3* db) : path_(path), db_(db) {}

  // "<path>: <what> (<SQLite's message>)".
  Status Error(std::string_view what) const;
  // Like Error, but names the file's real problem when SQLite says it is not a database.
  Status ReadError(std::string_view what) const;
  Status Exec(const char* sql, std::string_view what) const;
  // Runs a query of at most one row and reads its column 0 as text ("" if NULL or no row).
  Status QueryText(const char* sql, std::string_view what, std::string* out) const;
  // Same as QueryText for an integer column (0 if NULL or no row).
  Status QueryInt(const char* sql, std::string_view what, int64_t* out) const;

  // Runs a query of at most one row, with ?1 bound to `arg` when the query has parameters, and
  // hands the row, if there is one, to `read_row`.
  template <typename ReadRow>
  Status QueryRow(const char* sql, std::string_view what, ReadRow read_row, int64_t arg = 0) const {
    sqlite3_stmt* raw = nullptr;
    if (sqlite3_prepare_v2(db_, sql, -1, &raw, nullptr) != SQLITE_OK) return ReadError(what);
    OwnedStmt stmt(raw);
    if (sqlite3_bind_parameter_count(raw) > 0 && sqlite3_bind_int64(raw, 1, arg) != SQLITE_OK) {
      return ReadError(what);
    }
    int rc = sqlite3_step(raw);
    if (rc == SQLITE_ROW) {
      read_row(raw);
      rc = sqlite3_step(raw);
    }
    return rc == SQLITE_DONE ? Status::Ok() : ReadError(what);
  }

  // WAL journal (refused where it cannot be had), synchronous=NORMAL, foreign keys, cache and
  // checkpoint sizes.
  Status SetPragmas() const;

  // Registers the project's SQL functions on the connection (RegisterSqlFunctions).
  Status RegisterFunctions() const;

  // Rolls back the open transaction, if SQLite has not already; returns `cause`.
  Status Rollback(Status cause) const;

  const std::string& path() const { return path_; }
  sqlite3* db() const { return db_; }

 private:
  const std::string& path_;
  sqlite3* db_;
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_CONNECTION_H_
