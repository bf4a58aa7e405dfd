// Connection: see connection.h.
#include "storage/connection.h"

#include <optional>
#include <string>
#include <utility>

#include "storage/row_codes.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/core/grid.h"

namespace sudoku::storage_internal {
namespace {

// sudoku_canonical_key(canonical): CanonicalKey of an 81-character text form, for
// schema/004_canonical_key.sql; NULL for NULL or for text that is not a text form (`verify`
// reports such a row).
void CanonicalKeyFunction(sqlite3_context* context, int, sqlite3_value** args) {
  const unsigned char* text = sqlite3_value_text(args[0]);
  if (text == nullptr) return sqlite3_result_null(context);
  const std::string_view form(reinterpret_cast<const char*>(text),
                              static_cast<size_t>(sqlite3_value_bytes(args[0])));
  const ParseResult parsed = ParseGrid(form);
  if (!parsed.ok || ToString(parsed.grid) != form) return sqlite3_result_null(context);
  sqlite3_result_int64(context, CanonicalKey(parsed.grid));
}

// sudoku_pack_grid(text): the packed form (storage/row_codes.h) of an 81-character text form, for
// schema/015_lean_row_table.sql; NULL for NULL or for text that is not one.
void PackGridFunction(sqlite3_context* context, int, sqlite3_value** args) {
  const unsigned char* text = sqlite3_value_text(args[0]);
  if (text == nullptr) return sqlite3_result_null(context);
  const ParseResult parsed = ParseGrid(std::string_view(
      reinterpret_cast<const char*>(text), static_cast<size_t>(sqlite3_value_bytes(args[0]))));
  if (!parsed.ok) return sqlite3_result_null(context);
  const PackedGrid packed = PackGrid(parsed.grid);
  sqlite3_result_blob(context, packed.data(), static_cast<int>(packed.size()), SQLITE_TRANSIENT);
}

// The packed grid an argument holds (UnpackGrid), or nullopt.
std::optional<Grid> ValueGrid(sqlite3_value* value) {
  return UnpackGrid(sqlite3_value_blob(value), sqlite3_value_bytes(value));
}

// sudoku_canonical_form(givens_packed): the canonical form (canonical.h) of a packed puzzle as
// text, which the lean row does not store; NULL if the blob is not a packed grid.
void CanonicalFormFunction(sqlite3_context* context, int, sqlite3_value** args) {
  const std::optional<Grid> grid = ValueGrid(args[0]);
  if (!grid) return sqlite3_result_null(context);
  const std::string form = ToString(CanonicalForm(*grid));
  sqlite3_result_text(context, form.data(), static_cast<int>(form.size()), SQLITE_TRANSIENT);
}

// sudoku_grid_key(solution_packed): CanonicalKey of the canonical form of a packed grid, which
// tells the essentially different grids apart (NULL if the blob is not a grid).
void GridKeyFunction(sqlite3_context* context, int, sqlite3_value** args) {
  const std::optional<Grid> grid = ValueGrid(args[0]);
  if (!grid) return sqlite3_result_null(context);
  sqlite3_result_int64(context, CanonicalKey(CanonicalGrid(*grid)));
}

// Write-speed settings (bench/store_benchmark.cc). A 32 MiB page cache keeps the index pages a
// run appends to in memory. Checkpointing every 40000 WAL pages (~160 MiB) instead of SQLite's
// 1000 makes the checkpoints, the only fsyncs under synchronous=NORMAL, rarer, and each copies
// a page to the database once however many batches rewrote it: the canonical key index takes
// rows at random pages, so in a large corpus most of a batch's pages are key index pages that
// the next batches rewrite too (measurements: docs/performance.md, "Store settings"). The WAL
// file grows to ~160 MiB during a run and goes when the run closes; durability is unchanged
// (WAL, synchronous=NORMAL).
// Both are per connection, nothing is stored in the file.
constexpr char kCacheSizePragma[] = "PRAGMA cache_size = -32768";  // KiB when negative
constexpr char kWalAutocheckpointPragma[] = "PRAGMA wal_autocheckpoint = 40000";

}  // namespace

std::string ErrorDetail(sqlite3* db) {
  std::string detail = sqlite3_errmsg(db);
  if ((sqlite3_errcode(db) & 0xff) == SQLITE_BUSY) {
    detail += "; another process kept it locked for writing for " +
              std::to_string(kBusyTimeoutMs / 1000) + " s";
  }
  return detail;
}

Status SqliteError(sqlite3* db, std::string_view path, std::string_view what) {
  StatusCode code = StatusCode::kIoError;
  switch (sqlite3_errcode(db) & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      code = StatusCode::kBusy;
      break;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      code = StatusCode::kCorruption;
      break;
    case SQLITE_CANTOPEN:
      code = StatusCode::kNotFound;
      break;
    case SQLITE_CONSTRAINT:
    case SQLITE_MISMATCH:
    case SQLITE_MISUSE:
    case SQLITE_ERROR:
      code = StatusCode::kInternal;
      break;
    default:
      break;
  }
  std::string message(path);
  message.append(": ").append(what).append(" (").append(ErrorDetail(db)).append(")");
  return Status::FromCode(code, std::move(message));
}

std::string ColumnText(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return text == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(text));
}

Status PrepareStatement(sqlite3* db, std::string_view path, const std::string& sql,
                        OwnedStmt* stmt) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    sqlite3_finalize(raw);
    return SqliteError(db, path, "cannot prepare a statement");
  }
  stmt->reset(raw);
  return Status::Ok();
}

std::string Quote(std::string_view text) {
  std::string quoted;  // built by append: "'" + std::string + "'" trips GCC 12's -Wrestrict
  quoted.reserve(text.size() + 2);
  quoted.append(1, '\'').append(text).append(1, '\'');
  return quoted;
}

Status Connection::Error(std::string_view what) const { return SqliteError(db_, path_, what); }

Status Connection::ReadError(std::string_view what) const {
  int code = sqlite3_errcode(db_);
  if (code == SQLITE_NOTADB) return Error("not a SQLite database");
  if (code == SQLITE_CORRUPT) return Error("the database file is corrupt");
  return Error(what);
}

Status Connection::Exec(const char* sql, std::string_view what) const {
  if (sqlite3_exec(db_, sql, nullptr, nullptr, nullptr) != SQLITE_OK) return ReadError(what);
  return Status::Ok();
}

Status Connection::QueryText(const char* sql, std::string_view what, std::string* out) const {
  out->clear();
  return QueryRow(sql, what, [out](sqlite3_stmt* stmt) {
    const unsigned char* text = sqlite3_column_text(stmt, 0);
    if (text != nullptr) out->assign(reinterpret_cast<const char*>(text));
  });
}

Status Connection::QueryInt(const char* sql, std::string_view what, int64_t* out) const {
  *out = 0;
  return QueryRow(sql, what, [out](sqlite3_stmt* stmt) { *out = sqlite3_column_int64(stmt, 0); });
}

Status Connection::SetPragmas() const {
  std::string mode;
  Status s = QueryText("PRAGMA journal_mode = WAL", "cannot set journal_mode=WAL", &mode);
  if (!s.ok()) return s;
  if (mode != "wal" && mode != "memory") {  // "memory" for ":memory:" databases
    return Status::NotSupported(path_ + ": cannot use WAL journal mode (journal_mode stays " +
                                Quote(mode) + "; is the file on a network filesystem?)");
  }
  if (s = Exec("PRAGMA synchronous = NORMAL", "cannot set synchronous=NORMAL"); !s.ok()) {
    return s;
  }
  if (s = Exec("PRAGMA foreign_keys = ON", "cannot set foreign_keys=ON"); !s.ok()) return s;
  if (s = Exec(kCacheSizePragma, "cannot set cache_size"); !s.ok()) return s;
  if (s = Exec(kWalAutocheckpointPragma, "cannot set wal_autocheckpoint"); !s.ok()) return s;
  int64_t foreign_keys = 0;
  s = QueryInt("PRAGMA foreign_keys", "cannot read foreign_keys", &foreign_keys);
  if (!s.ok()) return s;
  if (foreign_keys != 1) {
    return Status::NotSupported(path_ + ": this SQLite build does not enforce foreign keys");
  }
  return Status::Ok();
}

int RegisterSqlFunctions(sqlite3* db) {
  // Pure functions of their argument: INNOCUOUS lets the schema's view call sudoku_pack_grid.
  constexpr int kFlags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
  int rc = sqlite3_create_function(db, "sudoku_canonical_key", 1, kFlags, nullptr,
                                   CanonicalKeyFunction, nullptr, nullptr);
  if (rc == SQLITE_OK) {
    rc = sqlite3_create_function(db, "sudoku_pack_grid", 1, kFlags, nullptr, PackGridFunction,
                                 nullptr, nullptr);
  }
  if (rc == SQLITE_OK) {
    rc = sqlite3_create_function(db, "sudoku_canonical_form", 1, kFlags, nullptr,
                                 CanonicalFormFunction, nullptr, nullptr);
  }
  if (rc == SQLITE_OK) {
    rc = sqlite3_create_function(db, "sudoku_grid_key", 1, kFlags, nullptr, GridKeyFunction,
                                 nullptr, nullptr);
  }
  return rc;
}

Status Connection::RegisterFunctions() const {
  if (RegisterSqlFunctions(db_) != SQLITE_OK) return Error("cannot register the SQL functions");
  return Status::Ok();
}

Status Connection::Rollback(Status cause) const {
  if (sqlite3_get_autocommit(db_)) return cause;
  if (Status s = Exec("ROLLBACK", "cannot roll back"); !s.ok()) {
    return cause.Append("; then " + s.message());
  }
  return cause;
}

}  // namespace sudoku::storage_internal
