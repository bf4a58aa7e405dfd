// Backfill steps of schema migrations: what a schema/NNN_*.sql file cannot compute in SQL.
// Private to src/storage; include as "storage/backfill.h".
#ifndef SUDOKU_STORAGE_BACKFILL_H_
#define SUDOKU_STORAGE_BACKFILL_H_

#include <string>

#include "sudoku/status.h"

struct sqlite3;

namespace sudoku::storage_internal {

// Runs the backfill that belongs to schema `version` right after its SQL file was applied, in
// the same transaction (a no-op for versions without one). `path` is for messages only.
Status BackfillAfterSchema(sqlite3* db, const std::string& path, int version);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_BACKFILL_H_
