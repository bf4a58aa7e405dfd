// CheckCorpus: see corpus_check.h. It only reads: the file's first bytes (through SQLite's own
// file handle), PRAGMA user_version and sqlite_master.
#include "storage/corpus_check.h"

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>

#include "storage/connection.h"
#include "storage/schema_sql.h"

namespace sudoku::storage_internal {
namespace {

// "<path>: <what> (<sqlite3_errmsg>)", naming the file's real problem when SQLite can tell.
Status ReadError(sqlite3* db, const std::string& path, std::string_view what) {
  int code = sqlite3_errcode(db);
  if (code == SQLITE_NOTADB) what = "not a SQLite database";
  if (code == SQLITE_CORRUPT) what = "the database file is corrupt";
  return SqliteError(db, path, what);
}

// Runs a query of at most one row and hands the row, if any, to `read_row`.
template <typename ReadRow>
Status QueryRow(sqlite3* db, const std::string& path, const char* sql, std::string_view what,
                ReadRow read_row) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) {
    return ReadError(db, path, what);
  }
  OwnedStmt stmt(raw);
  int rc = sqlite3_step(stmt.get());
  if (rc == SQLITE_ROW) {
    read_row(stmt.get());
    rc = sqlite3_step(stmt.get());
  }
  return rc == SQLITE_DONE ? Status::Ok() : ReadError(db, path, what);
}

// Column 0 of a one-row query as text ("" if NULL or no row).
Status QueryText(sqlite3* db, const std::string& path, const char* sql, std::string_view what,
                 std::string* out) {
  out->clear();
  return QueryRow(db, path, sql, what, [out](sqlite3_stmt* stmt) {
    const unsigned char* text = sqlite3_column_text(stmt, 0);
    if (text != nullptr) out->assign(reinterpret_cast<const char*>(text));
  });
}

// Column 0 of a one-row query as an integer (0 if NULL or no row).
Status QueryInt(sqlite3* db, const std::string& path, const char* sql, std::string_view what,
                int64_t* out) {
  *out = 0;
  return QueryRow(db, path, sql, what,
                  [out](sqlite3_stmt* stmt) { *out = sqlite3_column_int64(stmt, 0); });
}

// SQLite takes a file shorter than its header (a few bytes) for an empty database and would
// overwrite it; a non-empty file must start with the SQLite header to be a database at all.
// Reads through the connection's own file handle: opening the file a second time and closing it
// would drop every POSIX lock this process holds on it, and another process could then take
// itself for the last connection and delete the WAL under us.
bool LooksLikeSqliteOrEmpty(sqlite3* db) {
  static constexpr char kHeader[] = "SQLite format 3";  // 16 bytes with the NUL
  const char* filename = sqlite3_db_filename(db, "main");
  if (filename == nullptr || filename[0] == '\0') return true;  // ":memory:" or temporary
  sqlite3_file* file = nullptr;
  if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK ||
      file == nullptr || file->pMethods == nullptr) {
    return true;  // not an ordinary file: SQLite's own reads report any problem
  }
  // Not xFileSize: the unix VFS reports a 1-byte file as empty. A short read zero-fills.
  char head[sizeof(kHeader)] = {};
  const int rc = file->pMethods->xRead(file, head, sizeof(head), 0);
  if (rc == SQLITE_IOERR_SHORT_READ) {
    return std::all_of(std::begin(head), std::end(head), [](char c) { return c == '\0'; });
  }
  if (rc != SQLITE_OK) return true;  // SQLite's own reads report it
  return std::memcmp(head, kHeader, sizeof(kHeader)) == 0;
}

// A version-0 file: empty, or holding someone else's tables.
Status CheckUnversioned(sqlite3* db, const std::string& path, bool allow_empty) {
  std::string name;
  Status s = QueryText(db, path,
                       "SELECT type || ' ' || quote(name) FROM sqlite_master "
                       "WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name LIMIT 1",
                       "cannot read the table list", &name);
  if (!s.ok()) return s;
  if (!name.empty()) {
    return Status::Corruption(path + ": not a sudoku corpus (it holds " + name +
                              " and no corpus schema version); choose another file");
  }
  if (!allow_empty) {
    return Status::Corruption(path + ": not a sudoku-corpus database (it is empty)");
  }
  return Status::Ok();
}

// CheckCorpus's reads, in the transaction the connection is in.
Status CheckCorpusInTransaction(sqlite3* db, const std::string& path, bool allow_empty,
                                int* version) {
  int64_t found = 0;
  Status s = QueryInt(db, path, "PRAGMA user_version", "cannot read the schema version", &found);
  if (!s.ok()) return s;
  if (found < 0) {
    return Status::Corruption(path + ": not a sudoku corpus (schema version " +
                              std::to_string(found) + ")");
  }
  if (found > kLatestSchemaVersion) {
    return Status::NotSupported(path + ": schema version " + std::to_string(found) +
                                " is newer than this sudoku-corpus (" +
                                std::to_string(kLatestSchemaVersion) + "); upgrade the tool");
  }
  if (found == 0) {
    s = CheckUnversioned(db, path, allow_empty);
  } else {
    int64_t tables = 0;
    s = QueryInt(db, path,
                 "SELECT count(*) FROM sqlite_master "
                 "WHERE type = 'table' AND name IN ('runs', 'puzzles')",
                 "cannot read the table list", &tables);
    if (s.ok() && tables != 2) {
      s = Status::Corruption(path + ": not a sudoku corpus (schema version " +
                             std::to_string(found) + " but no runs and puzzles tables)");
    }
  }
  if (s.ok()) *version = static_cast<int>(found);
  return s;
}

}  // namespace

Status CheckCorpus(sqlite3* db, const std::string& path, bool allow_empty, int* version) {
  *version = 0;
  if (!LooksLikeSqliteOrEmpty(db)) {
    return Status::Corruption(path + ": not a SQLite database (file is not a database)");
  }
  // The version and the tables from one snapshot: a writer making the file commits both at
  // once, which two reads of their own could see half of. Within the caller's transaction, it
  // is already one.
  if (sqlite3_get_autocommit(db) == 0) {
    return CheckCorpusInTransaction(db, path, allow_empty, version);
  }
  if (sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK) {
    return SqliteError(db, path, "cannot read the schema version");
  }
  Status s = CheckCorpusInTransaction(db, path, allow_empty, version);
  sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr);  // a read: nothing to keep or lose
  return s;
}

Status CheckIntegrity(sqlite3* db, const std::string& path, bool full, int max_problems,
                      std::vector<std::string>* problems) {
  problems->clear();
  const std::string sql = std::string(full ? "PRAGMA integrity_check(" : "PRAGMA quick_check(") +
                          std::to_string(max_problems) + ")";
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &raw, nullptr) != SQLITE_OK) {
    sqlite3_finalize(raw);
    return ReadError(db, path, "cannot check the database's integrity");
  }
  OwnedStmt stmt(raw);
  int rc = SQLITE_ROW;
  while ((rc = sqlite3_step(raw)) == SQLITE_ROW) {
    const unsigned char* text = sqlite3_column_text(raw, 0);
    std::string line = text == nullptr ? "" : reinterpret_cast<const char*>(text);
    if (line == "ok") continue;
    // One line each: SQLite opens its first finding with "*** in database main ***\n".
    static constexpr std::string_view kPrefix = "*** in database main ***";
    if (line.starts_with(kPrefix)) line.erase(0, kPrefix.size());
    std::replace(line.begin(), line.end(), '\n', ' ');
    if (const size_t start = line.find_first_not_of(' '); start != std::string::npos) {
      line.erase(0, start);
    }
    problems->push_back(std::move(line));
  }
  if (rc == SQLITE_DONE) return Status::Ok();
  const int code = sqlite3_errcode(db) & 0xff;
  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB) {
    problems->push_back(sqlite3_errmsg(db));
    return Status::Ok();
  }
  return SqliteError(db, path, "cannot check the database's integrity");
}

Status RefuseDamaged(sqlite3* db, const std::string& path) {
  // quick_check reads every page: seconds for a small corpus, but minutes for one of several
  // GB on a slow disk, before every run. Larger files rely on SQLite's checks of each page a
  // write reads (it stops with "database disk image is malformed") and on `verify`.
  int64_t pages = 0, page_size = 0;
  if (Status s = QueryInt(db, path, "PRAGMA page_count", "cannot read the page count", &pages);
      !s.ok()) {
    return s;
  }
  if (Status s = QueryInt(db, path, "PRAGMA page_size", "cannot read the page size", &page_size);
      !s.ok()) {
    return s;
  }
  if (pages * page_size > kWholeCheckMaxBytes) return Status::Ok();
  std::vector<std::string> problems;
  if (Status s = CheckIntegrity(db, path, /*full=*/false, 3, &problems); !s.ok()) return s;
  if (problems.empty()) return Status::Ok();
  return Status::Corruption(path +
                            ": the database is damaged (SQLite quick_check: " + problems.front() +
                            "); nothing was written to it: restore it from a copy");
}

}  // namespace sudoku::storage_internal
