// Migrate: brings an open corpus up to this build's schema (schema/NNN_*.sql, embedded as
// storage/schema_sql.h) with the C++ backfills that go with some steps (storage/backfill.h).
// Private to src/storage; include as "storage/migrate.h".
//
// Each schema step runs in its own BEGIN IMMEDIATE transaction that re-reads the version, so two
// processes opening the same new file at once cannot both apply a schema file; a step's backfill
// runs in the same transaction, or, when too long for one (rating every puzzle again), before it
// in batches of their own transactions, from which a killed migration resumes.
#ifndef SUDOKU_STORAGE_MIGRATE_H_
#define SUDOKU_STORAGE_MIGRATE_H_

#include "storage/connection.h"
#include "sudoku/status.h"

namespace sudoku::storage_internal {

// Applies schema files, one transaction each, until the file on `conn` has this build's version.
// Registers the SQL functions they call (sudoku_canonical_key) on the connection first.
// REQUIRES: no transaction is open on `conn`.
Status Migrate(const Connection& conn);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MIGRATE_H_
