// SourceCursor: a read-only connection to one input corpus of a merge, stepping through one
// run's rows in item order (the merge writer's pass 2 merges several of them). Private to
// src/storage; include as "storage/merge_source.h". Not thread-safe.
#ifndef SUDOKU_STORAGE_MERGE_SOURCE_H_
#define SUDOKU_STORAGE_MERGE_SOURCE_H_

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "storage/connection.h"
#include "storage/merge_plan.h"
#include "sudoku/status.h"

namespace sudoku::storage_internal {

// A read-only connection to one source, stepping through a run's rows in item order.
class SourceCursor {
 public:
  ~SourceCursor();  // closes the connection
  // Opens `part`'s file and selects `columns` of its run's rows with item_index below `limit`;
  // the cursor is then at the first row, or done.
  Status Open(const SourceRun& part, const std::string& columns, int64_t limit);
  // Steps to the next row (done() at the end).
  Status Next();
  bool done() const { return done_; }
  sqlite3_stmt* row() const { return stmt_.get(); }  // the current row, while not done()

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
  OwnedStmt stmt_;
  bool done_ = true;
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MERGE_SOURCE_H_
