// SqliteStore: see include/sudoku/storage/store.h. This file opens the store (Impl, in
// storage/store_impl.h, holds its state) and forwards the public operations to it; the batches
// are written in store_batches.cc, the runs table is kept in store_runs.cc. The schema comes
// from schema/NNN_*.sql, embedded at build time into storage/schema_sql.h
// (src/storage/embed_schema.cmake).
//
// Open checks a file before it changes anything in it (CheckCorpus, storage/corpus_check.h: the
// SQLite header bytes, the schema version, the table list), and only then switches the journal
// to WAL and migrates (storage/migrate.h).
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "storage/connection.h"
#include "storage/corpus_check.h"
#include "storage/migrate.h"
#include "storage/puzzle_row.h"
#include "storage/run_lock.h"
#include "storage/schema_sql.h"
#include "storage/store_access.h"
#include "storage/store_impl.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

using storage_internal::Connection;
using storage_internal::kBusyTimeoutMs;
using storage_internal::kInsertPuzzleSql;
using storage_internal::kLatestSchemaVersion;

constexpr char kInsertRunSql[] =
    "INSERT INTO runs(seed, params, tool_version, started_at, requested, status) "
    "VALUES(?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?4, 'running')";
constexpr char kDeleteRunSql[] = "DELETE FROM runs WHERE id = ?1";
constexpr char kEndRunSql[] =
    "UPDATE runs SET status = ?1, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
    "WHERE id = ?2";
// The givens of the puzzle stored under a key (the key index finds it), whose canonical form
// the writer computes: the lean row does not store it.
constexpr char kFormOfKeySql[] = "SELECT givens_packed FROM puzzles WHERE canonical_key = ?1";
// Collision rows (schema/004_canonical_key.sql), through their partial index: any at all, and
// one with a given form. INDEXED BY: the planner would walk the NULL keys of the key index,
// which schema 1's rows without a canonical form share.
constexpr char kAnyCollisionRowSql[] =
    "SELECT EXISTS (SELECT 1 FROM puzzles INDEXED BY puzzles_canonical_collision "
    "WHERE collision_canonical IS NOT NULL)";
constexpr char kFindCollisionRowSql[] =
    "SELECT 1 FROM puzzles WHERE collision_canonical IS NOT NULL AND collision_canonical = ?1";
constexpr char kAddWrittenSql[] =
    "UPDATE runs SET written = written + ?1, duplicates = duplicates + ?2, next_item = ?3 "
    "WHERE id = ?4";
constexpr char kReopenRunSql[] =
    "UPDATE runs SET status = 'running', finished_at = NULL, requested = requested + ?2 "
    "WHERE id = ?1";
// 'object' for a JSON object; CASE keeps json_type from raising on malformed text.
constexpr char kCheckParamsSql[] = "SELECT CASE WHEN json_valid(?1) THEN json_type(?1) END";

// Why a path cannot be opened, in words, when the file system can tell ("" otherwise).
std::string OpenFailureHint(const std::string& path, OpenMode mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p(path);
  if (fs::is_directory(p, ec)) return "it is a directory";
  fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(dir, ec)) return "directory '" + dir.string() + "' does not exist";
  if (!fs::exists(p, ec)) {
    if (mode == OpenMode::kMustExist) return "no such file";
    if (access(dir.c_str(), W_OK) != 0) return "directory '" + dir.string() + "' is not writable";
  }
  return "";
}

}  // namespace

int StoreSchemaVersion() { return kLatestSchemaVersion; }

Status SqliteStore::Open(const std::string& path, std::unique_ptr<SqliteStore>* store,
                         OpenMode mode) {
  store->reset();
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  if (mode == OpenMode::kCreateIfMissing) flags |= SQLITE_OPEN_CREATE;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  // From here the store owns `db` (SQLite may allocate it even when the open fails).
  auto impl = std::make_unique<Impl>(path, db);
  if (db == nullptr) return Status::IoError(path + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) {
    std::string hint = OpenFailureHint(path, mode);
    return impl->Error(hint.empty() ? "cannot open database" : "cannot open database: " + hint);
  }
  if (Status s = impl->Configure(); !s.ok()) return s;
  store->reset(new SqliteStore(std::move(impl)));
  return Status::Ok();
}

SqliteStore::SqliteStore(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
SqliteStore::~SqliteStore() = default;

Status SqliteStore::BeginRun(const RunInfo& info, int64_t* run_id) {
  return impl_->BeginRun(info, run_id);
}
Status SqliteStore::WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) {
  return impl_->WriteBatch(batch, outcome);
}
Status SqliteStore::Commit() { return impl_->Commit(); }
Status SqliteStore::EndRun(std::string_view status) { return impl_->EndRun(status); }
Status SqliteStore::FindUnfinishedRun(int64_t run_id, StoredRun* run) {
  return impl_->FindRun(run_id, /*finished_too=*/false, run);
}
Status SqliteStore::FindRun(int64_t run_id, bool finished_too, StoredRun* run) {
  return impl_->FindRun(run_id, finished_too, run);
}
Status SqliteStore::ResumeRun(int64_t run_id, StoredRun* run, int64_t extra) {
  return impl_->ResumeRun(run_id, run, extra);
}
const std::string& SqliteStore::path() const { return impl_->path(); }
int64_t SqliteStore::run_id() const { return impl_->run_id(); }
int SqliteStore::opened_version() const { return impl_->opened_version(); }

sqlite3* storage_internal::StoreAccess::Db(const SqliteStore& store) { return store.impl_->db(); }

Status SqliteStore::Impl::Configure() {
  Connection conn(path_, db_);
  if (sqlite3_busy_timeout(db_, kBusyTimeoutMs) != SQLITE_OK) {
    return Error("cannot set busy_timeout");
  }
  // Look before touching: a refused file must stay exactly as it was.
  if (Status s = storage_internal::CheckCorpus(db_, path_, /*allow_empty=*/true, &opened_version_);
      !s.ok()) {
    return s;
  }
  if (sqlite3_db_readonly(db_, "main") == 1) {
    return Status::IoError(path_ + ": cannot open for writing (the file is read-only)");
  }
  // A writer must not add to a damaged file (nor let SQLite's next write spread the damage).
  if (opened_version_ > 0) {
    if (Status s = storage_internal::RefuseDamaged(db_, path_); !s.ok()) return s;
  }
  const char* file = sqlite3_db_filename(db_, "main");  // absolute; "" for ":memory:"
  run_locks_ = std::make_unique<storage_internal::RunLocks>(file == nullptr ? "" : file, path_);
  // In turn with the other writers: switching a new file to WAL and creating its schema need
  // it to themselves, and SQLite refuses some of those waits at once rather than retrying.
  if (Status s = run_locks_->TakeWriteTurn(); !s.ok()) return s;
  Status set_up = conn.SetPragmas();
  if (set_up.ok()) set_up = storage_internal::Migrate(conn);
  run_locks_->EndWriteTurn();
  if (!set_up.ok()) return set_up;
  // The schema's CHECKs (text forms of 81 characters, techniques JSON, run status) guard the
  // corpus against other writers. This one's values meet them by construction (FormatGrid
  // fills 81 characters, TechniqueUsesJson writes JSON, EndRun checks the status), and
  // evaluating them was a fifth of SQLite's work per row (length() four times, json_valid).
  // After Migrate: the backfills' updates are still checked. Tests run PRAGMA quick_check,
  // which re-checks every CHECK, on what the store wrote.
  if (Status s = conn.Exec("PRAGMA ignore_check_constraints = ON", "cannot set a pragma");
      !s.ok()) {
    return s;
  }

  const std::pair<const char*, sqlite3_stmt**> statements[] = {
      {"BEGIN IMMEDIATE", &begin_},
      {"COMMIT", &commit_},
      {"ROLLBACK", &rollback_},
      {"SAVEPOINT batch", &savepoint_},
      {"RELEASE batch", &release_},
      {"ROLLBACK TO batch", &rollback_to_},
      {kCheckParamsSql, &check_params_},
      {kInsertRunSql, &insert_run_},
      {kEndRunSql, &end_run_},
      {kDeleteRunSql, &delete_run_},
      {kInsertPuzzleSql, &insert_puzzle_},
      {kFormOfKeySql, &form_of_key_},
      {kAnyCollisionRowSql, &any_collision_row_},
      {kFindCollisionRowSql, &find_collision_row_},
      {kAddWrittenSql, &add_written_},
      {kReopenRunSql, &reopen_run_},
  };
  for (const auto& [sql, stmt] : statements) {
    if (Status s = Prepare(sql, stmt); !s.ok()) return s;
  }
  // The highest id, found through the table's b-tree at once (count(*) would read every page).
  if (Status s = conn.QueryInt("SELECT coalesce(max(id), 0) FROM puzzles",
                               "cannot read the corpus size", &corpus_rows_);
      !s.ok()) {
    return s;
  }
  return SizeCache();
}

SqliteStore::Impl::~Impl() {
  // Batches WriteBatch accounted for are whole; an owner that did not call EndRun (an
  // exception on its way out) still keeps them.
  // A destructor has no one to tell of a failed commit; SQLite then rolls back at close.
  if (in_transaction_) (void)Step(commit_, "cannot commit");
  for (sqlite3_stmt* stmt :
       {begin_, commit_, rollback_, savepoint_, release_, rollback_to_, check_params_, insert_run_,
        end_run_, delete_run_, insert_puzzle_, form_of_key_, any_collision_row_,
        find_collision_row_, add_written_, reopen_run_}) {
    sqlite3_finalize(stmt);  // no-op for nullptr
  }
  sqlite3_close_v2(db_);  // no-op for nullptr; the last WAL connection checkpoints here
}

Status SqliteStore::Impl::Error(std::string_view what) const {
  return storage_internal::SqliteError(db_, path_, what);
}

Status SqliteStore::Impl::Prepare(const char* sql, sqlite3_stmt** stmt) {
  if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, nullptr) != SQLITE_OK) {
    return Error("cannot prepare statement \"" + std::string(sql) + "\"");
  }
  return Status::Ok();
}

Status SqliteStore::Impl::Step(sqlite3_stmt* stmt, std::string_view what, int bind_rc) {
  int rc = bind_rc == SQLITE_OK ? sqlite3_step(stmt) : bind_rc;
  Status result = rc == SQLITE_DONE ? Status::Ok() : Error(what);  // errmsg before reset
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return result;
}

Status SqliteStore::Impl::BeginWrite(std::string_view what) {
  if (Status s = run_locks_->TakeWriteTurn(); !s.ok()) return s;
  Status s = Step(begin_, what);
  if (!s.ok()) run_locks_->EndWriteTurn();
  return s;
}

Status SqliteStore::Impl::CommitWrite(std::string_view what) {
  Status s = Step(commit_, what);
  if (s.ok()) run_locks_->EndWriteTurn();
  return s;
}

Status SqliteStore::Impl::Rollback(Status cause) {
  in_transaction_ = false;
  uncommitted_rows_ = 0;
  Status s;
  // SQLite may have rolled back already (an I/O error).
  if (!sqlite3_get_autocommit(db_)) s = Step(rollback_, "cannot roll back");
  run_locks_->EndWriteTurn();
  return s.ok() ? cause : cause.Append("; then " + s.message());
}

}  // namespace sudoku
