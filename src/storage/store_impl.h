// SqliteStore::Impl: the store's connection, its statements (prepared once) and the state of
// the open run and write transaction; SqliteStore (sudoku/storage/store.h) forwards to it, so
// SQLite stays out of the public header. Private to src/storage; include as
// "storage/store_impl.h". Not thread-safe, as the store. Defined in sqlite_store.cc (opening,
// statements), store_batches.cc (WriteBatch and commits) and store_runs.cc (the runs table).
#ifndef SUDOKU_STORAGE_STORE_IMPL_H_
#define SUDOKU_STORAGE_STORE_IMPL_H_

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "storage/puzzle_row.h"
#include "storage/run_lock.h"
#include "sudoku/storage/store.h"

namespace sudoku {

class SqliteStore::Impl {
 public:
  Impl(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}
  ~Impl();  // commits the batches written, finalizes the statements, closes the connection
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;

  // Pragmas, schema check and migration, statements prepared, the page cache sized, the run
  // locks made. REQUIRES: the connection is open.
  Status Configure();
  Status Error(std::string_view what) const;  // "<path>: <what> (<sqlite3_errmsg>)"

  // SqliteStore's operations (store.h).
  Status BeginRun(const RunInfo& info, int64_t* run_id);
  Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome);
  Status Commit();
  Status EndRun(std::string_view status);
  Status FindRun(int64_t run_id, bool finished_too, StoredRun* run);
  Status ResumeRun(int64_t run_id, StoredRun* run, int64_t extra);

  const std::string& path() const { return path_; }
  sqlite3* db() const { return db_; }
  int64_t run_id() const { return run_id_; }
  int opened_version() const { return opened_version_; }

 private:
  Status Prepare(const char* sql, sqlite3_stmt** stmt);
  // Runs `stmt` to SQLITE_DONE unless `bind_rc` reports a failed bind; then resets it and
  // clears its bindings. Errors say "<path>: <what> (<sqlite3_errmsg>)".
  Status Step(sqlite3_stmt* stmt, std::string_view what, int bind_rc = 0);
  // Stores `record` unless its canonical form is stored (*stored false: a duplicate).
  Status StorePuzzle(const PuzzleRecord& record, bool* stored);
  // Inserts `record` under its canonical key, or under none; *stored false: the key is taken.
  Status InsertPuzzle(const PuzzleRecord& record, const storage_internal::PuzzleRowText& text,
                      bool with_key, bool* stored);
  // Whether a collision row has the form of `text`.
  Status FindCollisionRow(const storage_internal::PuzzleRowText& text, bool* found);
  // Steps a query of at most one row (after binds that returned `bind_rc`); *found says if
  // there was a row and *text, unless null, gets its column 0. Resets the statement.
  Status QueryOne(sqlite3_stmt* stmt, int bind_rc, std::string_view what, std::string* text,
                  bool* found);
  // Waits for this store's turn to write (storage/run_lock.h), then begins a write
  // transaction; the turn is given back when that fails.
  Status BeginWrite(std::string_view what);
  // Commits the write transaction and gives the turn to the next writer.
  Status CommitWrite(std::string_view what);
  Status Rollback(Status cause);  // rolls back the open transaction, returns `cause`
  // Rolls back the batch being written (to its savepoint), commits the ones before it, and
  // returns `cause`.
  Status RollBackBatch(Status cause);
  bool CommitDue() const;  // WriteBatch's commit rule
  Status SizeCache();      // grows the page cache with the corpus
  // Run `run_id`, or with 0 the latest run (any status, or only unfinished ones).
  Status ReadRun(int64_t run_id, bool any_status, StoredRun* run, bool* found);
  Status CheckRunRows(const StoredRun& run);  // the run's counts agree with its rows

  std::string path_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* begin_ = nullptr;        // BEGIN IMMEDIATE
  sqlite3_stmt* commit_ = nullptr;       // COMMIT
  sqlite3_stmt* rollback_ = nullptr;     // ROLLBACK
  sqlite3_stmt* savepoint_ = nullptr;    // SAVEPOINT batch: each batch inside a transaction
  sqlite3_stmt* release_ = nullptr;      // RELEASE batch
  sqlite3_stmt* rollback_to_ = nullptr;  // ROLLBACK TO batch
  sqlite3_stmt* check_params_ = nullptr;
  sqlite3_stmt* insert_run_ = nullptr;
  sqlite3_stmt* end_run_ = nullptr;
  sqlite3_stmt* delete_run_ = nullptr;  // a new run that failed before storing a puzzle
  sqlite3_stmt* insert_puzzle_ = nullptr;
  sqlite3_stmt* form_of_key_ = nullptr;         // the givens stored under a key
  sqlite3_stmt* any_collision_row_ = nullptr;   // are there collision rows at all
  sqlite3_stmt* find_collision_row_ = nullptr;  // a collision row with a given form
  sqlite3_stmt* add_written_ = nullptr;
  sqlite3_stmt* reopen_run_ = nullptr;
  int64_t run_id_ = 0;
  bool run_is_new_ = false;  // the open run was begun here (BeginRun), not resumed
  int64_t run_stored_ = 0;   // puzzles the open run has stored since it was begun or resumed
  int opened_version_ = 0;
  std::unique_ptr<storage_internal::RunLocks> run_locks_;  // the runs this store owns
  bool collision_rows_ = false;  // the corpus has collision rows (read at each transaction's start)
  bool in_transaction_ = false;  // a write transaction holds batches not yet committed
  int64_t uncommitted_rows_ = 0;  // the items of those batches
  int64_t corpus_rows_ = 0;       // about how many puzzles the corpus holds (its highest id)
  int64_t cache_kib_ = 0;         // the page cache's size as SizeCache last set it
  std::chrono::steady_clock::time_point last_commit_ = std::chrono::steady_clock::now();
};

namespace storage_internal {

// Binds text with its length (string_views are not NUL-terminated) and without a copy: the
// store steps the statement and clears its bindings while `text` is alive.
inline int BindStoreText(sqlite3_stmt* stmt, int index, std::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

}  // namespace storage_internal
}  // namespace sudoku

#endif  // SUDOKU_STORAGE_STORE_IMPL_H_
