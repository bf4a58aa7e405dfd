// SourceCursor: see merge_source.h.
#include "storage/merge_source.h"

#include "storage/puzzle_row.h"
#include "storage/read_only.h"

namespace sudoku::storage_internal {

SourceCursor::~SourceCursor() {
  stmt_.reset();
  if (db_ != nullptr) sqlite3_close_v2(db_);
}

Status SourceCursor::Open(const SourceRun& part, const std::string& columns, int64_t limit) {
  path_ = part.file;
  // One thread uses the cursor: SQLite's per-call mutexes would only cost time.
  const int rc = OpenReadOnly(path_, SQLITE_OPEN_NOMUTEX, &db_);
  if (db_ == nullptr) return Status::IoError(path_ + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) return SqliteError(db_, path_, "cannot open database");
  sqlite3_busy_timeout(db_, storage_internal::kBusyTimeoutMs);
  if (Status s = Connection(path_, db_).RegisterFunctions(); !s.ok()) return s;
  const std::string sql = "SELECT " + columns +
                          " FROM puzzles WHERE run_id = ?1 AND item_index < ?2 AND " + kRowHasForm +
                          " ORDER BY item_index";
  if (Status s = PrepareStatement(db_, path_, sql, &stmt_); !s.ok()) return s;
  sqlite3_bind_int64(stmt_.get(), 1, part.id);
  sqlite3_bind_int64(stmt_.get(), 2, limit);
  return Next();
}

Status SourceCursor::Next() {
  const int rc = sqlite3_step(stmt_.get());
  done_ = rc != SQLITE_ROW;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    return SqliteError(db_, path_, "cannot read the puzzles");
  }
  return Status::Ok();
}

}  // namespace sudoku::storage_internal
