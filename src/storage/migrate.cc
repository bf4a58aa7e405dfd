// Migrate: see migrate.h.
#include "storage/migrate.h"

#include <string>
#include <utility>

#include "storage/backfill.h"
#include "storage/corpus_check.h"
#include "storage/schema_sql.h"

namespace sudoku::storage_internal {
namespace {

// kSchemaFiles[index] and its backfill, in the open transaction.
Status ApplySchemaFile(const Connection& conn, int index) {
  const SchemaFile& file = kSchemaFiles[index];
  std::string what = "cannot apply schema/" + std::string(file.name);
  if (Status s = conn.Exec(file.sql, what); !s.ok()) return s;
  if (Status s = BackfillAfterSchema(conn.db(), conn.path(), file.version); !s.ok()) return s;
  std::string set_version = "PRAGMA user_version = " + std::to_string(file.version);
  return conn.Exec(set_version.c_str(), what);
}

// The schema that puts the lean row in place of the old table (schema/016_lean_row.sql).
constexpr int kLeanRowSchema = 16;

Status ApplySchemaFiles(const Connection& conn);

}  // namespace

Status Migrate(const Connection& conn) {
  if (Status s = conn.RegisterFunctions(); !s.ok()) return s;
  sqlite3* db = conn.db();
  const std::string& path = conn.path();
  // An up-to-date file needs no write lock: a read says so without waiting for other writers.
  // (A newer version cannot turn older again, so this read needs no transaction around it.)
  int current = 0;
  if (Status s = CheckCorpus(db, path, /*allow_empty=*/true, &current); !s.ok()) return s;
  if (current == kLatestSchemaVersion) return Status::Ok();
  if (Status s = ApplySchemaFiles(conn); !s.ok()) return s;
  // Schema 16 left the old rows' pages free (a new file, version 0, has none).
  if (current > 0 && current < kLeanRowSchema) {
    return conn.Exec("VACUUM", "cannot give back the pages of the rows before schema 16");
  }
  return Status::Ok();
}

namespace {

Status ApplySchemaFiles(const Connection& conn) {
  sqlite3* db = conn.db();
  const std::string& path = conn.path();
  for (;;) {
    if (Status s = conn.Exec("BEGIN IMMEDIATE", "cannot start the schema transaction"); !s.ok()) {
      return s;
    }
    int version = 0;
    Status s = CheckCorpus(db, path, /*allow_empty=*/true, &version);
    if (s.ok() && version == kLatestSchemaVersion) {
      return conn.Exec("COMMIT", "cannot commit the schema check");
    }
    // A batch of a backfill that precedes the file, or, when none is left, the file itself.
    bool backfilled = true;
    if (s.ok()) s = BackfillBatchBeforeSchema(db, path, version + 1, &backfilled);
    if (s.ok() && backfilled) s = ApplySchemaFile(conn, version);
    if (s.ok()) s = conn.Exec("COMMIT", "cannot commit the schema change");
    if (!s.ok()) return conn.Rollback(std::move(s));
  }
}

}  // namespace

}  // namespace sudoku::storage_internal
