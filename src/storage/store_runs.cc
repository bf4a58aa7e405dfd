// SqliteStore::Impl's runs (storage/store_impl.h): a run is begun, ended, found again and
// resumed; its row in `runs` keeps the counts that WriteBatch updates with each batch.
#include <sqlite3.h>

#include <charconv>
#include <string>
#include <system_error>

#include "storage/connection.h"
#include "storage/run_lock.h"
#include "storage/store_impl.h"

namespace sudoku {
namespace {

using storage_internal::BindStoreText;
using storage_internal::ColumnText;
using storage_internal::Connection;
using storage_internal::Quote;

constexpr char kSelectRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs WHERE id = ?1";
constexpr char kSelectLatestUnfinishedRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs WHERE status <> 'finished' ORDER BY id DESC LIMIT 1";
constexpr char kSelectLatestRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs ORDER BY id DESC LIMIT 1";
// Uses the UNIQUE (run_id, item_index) index.
constexpr char kRunRowsSql[] =
    "SELECT count(*), min(item_index), max(item_index) FROM puzzles WHERE run_id = ?1";
}  // namespace

Status SqliteStore::Impl::BeginRun(const RunInfo& info, int64_t* run_id) {
  if (run_id_ != 0) {
    return Status::Internal(path_ + ": BeginRun while run " + std::to_string(run_id_) +
                            " is open; call EndRun first");
  }
  const std::string& params = info.params_json.empty() ? std::string("{}") : info.params_json;
  std::string type;
  int rc = BindStoreText(check_params_, 1, params);
  if (rc == SQLITE_OK) rc = sqlite3_step(check_params_);
  if (rc == SQLITE_ROW && sqlite3_column_type(check_params_, 0) == SQLITE_TEXT) {
    type = reinterpret_cast<const char*>(sqlite3_column_text(check_params_, 0));
  }
  Status checked = rc == SQLITE_ROW ? Status::Ok() : Error("cannot check the run parameters");
  sqlite3_reset(check_params_);
  sqlite3_clear_bindings(check_params_);
  if (!checked.ok()) return checked;
  if (type != "object") {
    return Status::InvalidArgument(
        path_ + ": run parameters are not a JSON object: " + params.substr(0, 80));
  }

  // The run is claimed before its row is committed: no other process can see it unowned.
  if (Status s = BeginWrite("cannot start the run transaction"); !s.ok()) return Rollback(s);
  std::string seed = std::to_string(info.seed);
  rc = BindStoreText(insert_run_, 1, seed);
  if (rc == SQLITE_OK) rc = BindStoreText(insert_run_, 2, params);
  if (rc == SQLITE_OK) rc = BindStoreText(insert_run_, 3, info.tool_version);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(insert_run_, 4, info.requested);
  if (Status s = Step(insert_run_, "cannot insert the run", rc); !s.ok()) return Rollback(s);
  const int64_t id = sqlite3_last_insert_rowid(db_);
  if (Status s = run_locks_->Claim(id); !s.ok()) return Rollback(s);
  if (Status s = CommitWrite("cannot commit the new run"); !s.ok()) {
    run_locks_->Release(id);
    return Rollback(s);
  }
  run_id_ = id;
  run_is_new_ = true;
  run_stored_ = 0;
  *run_id = run_id_;
  return Status::Ok();
}

Status SqliteStore::Impl::EndRun(std::string_view status) {
  if (run_id_ == 0) return Status::Internal(path_ + ": EndRun with no open run");
  if (status != "finished" && status != "interrupted" && status != "failed") {
    return Status::InvalidArgument(path_ + ": EndRun status " + Quote(status) +
                                   " is not one of 'finished', 'interrupted', 'failed'");
  }
  // A request no puzzle met leaves nothing to resume or to count: no row either.
  const bool remove = status == "failed" && run_is_new_ && run_stored_ == 0;
  sqlite3_stmt* end = remove ? delete_run_ : end_run_;
  int rc = remove ? sqlite3_bind_int64(end, 1, run_id_) : BindStoreText(end, 1, status);
  if (rc == SQLITE_OK && !remove) rc = sqlite3_bind_int64(end, 2, run_id_);
  std::string what = "cannot end run " + std::to_string(run_id_);
  // In the open transaction, if any: the run's last batches and its end commit together.
  if (!in_transaction_) {
    if (Status s = BeginWrite(what); !s.ok()) return Rollback(s);
    in_transaction_ = true;
  }
  if (Status s = Step(end, what, rc); !s.ok()) return s;
  if (sqlite3_changes(db_) != 1) {
    return Status::Internal(path_ + ": run " + std::to_string(run_id_) + " is missing from runs");
  }
  if (Status s = Commit(); !s.ok()) return s;
  run_locks_->Release(run_id_);
  run_id_ = 0;
  return Status::Ok();
}

Status SqliteStore::Impl::ReadRun(int64_t run_id, bool any_status, StoredRun* run, bool* found) {
  *found = false;
  std::string seed;
  Connection conn(path_, db_);
  const char* sql = run_id != 0  ? kSelectRunSql
                    : any_status ? kSelectLatestRunSql
                                 : kSelectLatestUnfinishedRunSql;
  Status s = conn.QueryRow(
      sql, "cannot read the runs table",
      [&](sqlite3_stmt* stmt) {
        *found = true;
        run->id = sqlite3_column_int64(stmt, 0);
        seed = ColumnText(stmt, 1);
        run->params_json = ColumnText(stmt, 2);
        run->tool_version = ColumnText(stmt, 3);
        run->status = ColumnText(stmt, 4);
        run->requested = sqlite3_column_int64(stmt, 5);
        run->written = sqlite3_column_int64(stmt, 6);
        run->duplicates = sqlite3_column_int64(stmt, 7);
        run->next_item = sqlite3_column_int64(stmt, 8);
      },
      run_id);
  if (!s.ok() || !*found) return s;
  const char* end = seed.data() + seed.size();
  auto [ptr, ec] = std::from_chars(seed.data(), end, run->seed);
  if (seed.empty() || ec != std::errc() || ptr != end) {
    return Status::Corruption(path_ + ": run " + std::to_string(run->id) + " has seed " +
                              Quote(seed) + ", not a decimal uint64");
  }
  return Status::Ok();
}

Status SqliteStore::Impl::CheckRunRows(const StoredRun& run) {
  int64_t rows = 0, min_index = 0, max_index = 0;
  Connection conn(path_, db_);
  Status s = conn.QueryRow(
      kRunRowsSql, "cannot count the puzzles of run " + std::to_string(run.id),
      [&](sqlite3_stmt* stmt) {
        rows = sqlite3_column_int64(stmt, 0);
        min_index = sqlite3_column_int64(stmt, 1);  // 0 for NULL (no rows)
        max_index = sqlite3_column_int64(stmt, 2);
      },
      run.id);
  if (!s.ok()) return s;
  const std::string name = path_ + ": run " + std::to_string(run.id);
  if (run.written < 0 || run.written > run.requested) {
    return Status::Corruption(name + " says it wrote " + std::to_string(run.written) + " of " +
                              std::to_string(run.requested) + " puzzles; it cannot be resumed");
  }
  if (run.next_item < run.written + run.duplicates) {
    return Status::Corruption(name + " says it accounted for items 0.." +
                              std::to_string(run.next_item - 1) + " but wrote " +
                              std::to_string(run.written) + " and skipped " +
                              std::to_string(run.duplicates) + "; it cannot be resumed");
  }
  // Items are unique per run: every stored item must lie below next_item, where resume starts.
  const bool consistent =
      rows == run.written && (rows == 0 || (min_index >= 0 && max_index < run.next_item));
  if (!consistent) {
    return Status::Corruption(name + " has " + std::to_string(rows) + " puzzles (items " +
                              std::to_string(min_index) + ".." + std::to_string(max_index) +
                              ") but runs.written is " + std::to_string(run.written) +
                              " and runs.next_item " + std::to_string(run.next_item) +
                              "; it cannot be resumed without a gap or a duplicate");
  }
  return Status::Ok();
}

Status SqliteStore::Impl::FindRun(int64_t run_id, bool finished_too, StoredRun* run) {
  *run = StoredRun();
  bool found = false;
  if (Status s = ReadRun(run_id, finished_too, run, &found); !s.ok()) return s;
  if (!found && run_id == 0) {
    return Status::NotFound(
        path_ + (finished_too ? ": no run to extend" : ": no unfinished run to resume"));
  }
  if (!found) {
    return Status::NotFound(path_ + ": run " + std::to_string(run_id) + " does not exist");
  }
  if (run->status == "finished" && !finished_too) {
    return Status::InvalidArgument(path_ + ": run " + std::to_string(run->id) +
                                   " is already finished (" + std::to_string(run->written) +
                                   " of " + std::to_string(run->requested) + " puzzles)");
  }
  return CheckRunRows(*run);
}

Status SqliteStore::Impl::ResumeRun(int64_t run_id, StoredRun* run, int64_t extra) {
  if (run_id_ != 0) {
    return Status::Internal(path_ + ": ResumeRun while run " + std::to_string(run_id_) +
                            " is open; call EndRun first");
  }
  if (extra < 0) {
    return Status::InvalidArgument(path_ + ": cannot extend a run by " + std::to_string(extra));
  }
  // One write transaction: no other writer can end or extend the run between check and reopen.
  if (Status s = BeginWrite("cannot start the resume transaction"); !s.ok()) return Rollback(s);
  if (Status s = FindRun(run_id, extra > 0, run); !s.ok()) return Rollback(s);
  if (__builtin_add_overflow(run->requested, extra, &run->requested)) {
    return Rollback(Status::InvalidArgument(path_ + ": run " + std::to_string(run->id) +
                                            " cannot grow by " + std::to_string(extra) +
                                            ": its count would exceed 9223372036854775807"));
  }
  // Checked in the write transaction: no other store can claim the run before it is reopened.
  if (Status s = run_locks_->Claim(run->id); !s.ok()) return Rollback(s);
  int rc = sqlite3_bind_int64(reopen_run_, 1, run->id);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(reopen_run_, 2, extra);
  std::string what = "cannot reopen run " + std::to_string(run->id);
  Status s = Step(reopen_run_, what, rc);
  if (s.ok()) s = CommitWrite("cannot commit the resumed run");
  if (!s.ok()) {
    run_locks_->Release(run->id);
    return Rollback(s);
  }
  run_id_ = run->id;
  run_is_new_ = false;
  run_stored_ = 0;
  return Status::Ok();
}

}  // namespace sudoku
