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

// Backfills too long for one transaction run before their schema file, one batch per call, each
// in the caller's transaction: a batch of at most kBackfillBatchRows rows (in id order), then
// *done is false, and the caller commits and calls again; or nothing left, then *done is true
// and the caller applies the schema file in the same transaction. Progress is kept in the file,
// in table schema_backfill (version, next_id: the rows with id >= next_id are left), which the
// schema file drops, so a migration killed after a batch resumes after it. Versions without
// such a backfill: *done is true at once.
//   Schema 10: puzzles are rated again (ratings with the aligned exclusions): from schemas 8 and
//   9 the rows rated 6.5 or more or with a guess, from older schemas every row (it also stands
//   for the re-rates of schemas 5 to 9, which older versions ran).
//   Schema 12: the rows without ep (schema 011 added the column) get their ep and ed, and their
//   hardest technique and uses where SE's instance order changed them.
//   Schema 16: the rows are copied into the lean table (schema/015_lean_row_table.sql), in id
//   order, in batches of 100,000; the rows copied are the progress.
inline constexpr int kBackfillBatchRows = 5000;
Status BackfillBatchBeforeSchema(sqlite3* db, const std::string& path, int version, bool* done);

// A batch of schema 16's copy as BackfillBatchBeforeSchema(db, path, 16, done) runs it, but of
// at most `batch_rows` rows: for tests, which copy small batches. REQUIRES: the file is at
// schema 15.
Status LeanRowBatch(sqlite3* db, const std::string& path, int batch_rows, bool* done);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_BACKFILL_H_
