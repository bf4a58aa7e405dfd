// SqliteStore::Impl's batches (storage/store_impl.h): WriteBatch stores each record through the
// puzzle-row codec (storage/puzzle_row.h), tells duplicates and hash collisions apart, and
// commits a transaction of several batches when it is due.
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <string>
#include <utility>

#include "storage/puzzle_row.h"
#include "storage/store_impl.h"

namespace sudoku {

using storage_internal::BindStoreText;
using storage_internal::PuzzleRowText;

Status SqliteStore::Impl::InsertPuzzle(const PuzzleRecord& r, const PuzzleRowText& text,
                                       bool with_key, bool* stored) {
  int rc = storage_internal::BindNewPuzzleRow(insert_puzzle_, run_id_, r, text, with_key);
  if (rc == SQLITE_OK) rc = sqlite3_step(insert_puzzle_);
  Status result;  // the message is built only on error: this runs once per puzzle
  if (rc == SQLITE_DONE) {
    *stored = sqlite3_changes(db_) == 1;
  } else {
    result = Error("cannot insert puzzle item " + std::to_string(r.item_index) + " of run " +
                   std::to_string(run_id_));
  }
  sqlite3_reset(insert_puzzle_);
  sqlite3_clear_bindings(insert_puzzle_);
  return result;
}

Status SqliteStore::Impl::QueryOne(sqlite3_stmt* stmt, int bind_rc, std::string_view what,
                                   std::string* text, bool* found) {
  int rc = bind_rc == SQLITE_OK ? sqlite3_step(stmt) : bind_rc;
  *found = rc == SQLITE_ROW;
  if (*found && text != nullptr) {
    const unsigned char* column = sqlite3_column_text(stmt, 0);
    if (column != nullptr) text->assign(reinterpret_cast<const char*>(column));
  }
  Status result = rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::Ok() : Error(what);
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return result;
}

Status SqliteStore::Impl::FindCollisionRow(const PuzzleRowText& text, bool* found) {
  return QueryOne(find_collision_row_, BindStoreText(find_collision_row_, 1, text.canonical),
                  "cannot look up a canonical form", nullptr, found);
}

Status SqliteStore::Impl::StorePuzzle(const PuzzleRecord& r, bool* stored) {
  *stored = false;
  if (Status s = storage_internal::CheckRecordLevels(r); !s.ok()) return s;
  const PuzzleRowText text(r);
  bool found = false;
  if (collision_rows_) {  // a form stored as a collision row has no key to conflict on
    if (Status s = FindCollisionRow(text, &found); !s.ok() || found) return s;
  }
  if (Status s = InsertPuzzle(r, text, /*with_key=*/true, stored); !s.ok() || *stored) return s;
  // The key is taken: by this very form (a duplicate), or by another form with the same key.
  bool same = false;
  Status s = storage_internal::HolderHasForm(form_of_key_, text.canonical_key, r.canonical,
                                             &same) == SQLITE_DONE
                 ? Status::Ok()
                 : Error("cannot look up a canonical key");
  if (!s.ok() || same) return s;
  // A hash collision: the form is new. It is stored without a key; collision_rows_ false means
  // there is no collision row it could equal, true that the look-up above found none.
  if (s = InsertPuzzle(r, text, /*with_key=*/false, stored); !s.ok()) return s;
  collision_rows_ = true;
  return Status::Ok();
}

Status SqliteStore::Impl::WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) {
  *outcome = BatchOutcome();
  if (run_id_ == 0) {
    return Status::Internal(path_ + ": WriteBatch with no open run (call BeginRun first)");
  }
  if (batch.empty()) return Status::Ok();
  if (!in_transaction_) {
    if (Status s = BeginWrite("cannot start the batch transaction"); !s.ok()) {
      return Rollback(s);
    }
    in_transaction_ = true;
    // Read inside the write transaction: another process may have added collision rows.
    bool found = false;
    std::string any;
    if (Status s =
            QueryOne(any_collision_row_, SQLITE_OK, "cannot look up collision rows", &any, &found);
        !s.ok()) {
      return Rollback(s);
    }
    collision_rows_ = any == "1";
  }
  // The batch is atomic inside a transaction that may hold earlier batches.
  if (Status s = Step(savepoint_, "cannot start the batch"); !s.ok()) return Rollback(s);
  const bool had_collision_rows = collision_rows_;
  BatchOutcome counted;
  Status failed;
  for (const PuzzleRecord& record : batch) {
    bool stored = false;
    if (failed = StorePuzzle(record, &stored); !failed.ok()) break;
    ++(stored ? counted.stored : counted.duplicates);
  }
  if (failed.ok()) {
    int rc = sqlite3_bind_int64(add_written_, 1, counted.stored);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 2, counted.duplicates);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 3, batch.back().item_index + 1);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 4, run_id_);
    failed = Step(add_written_, "cannot update runs.written", rc);
    if (failed.ok() && sqlite3_changes(db_) != 1) {
      failed = Status::Internal(path_ + ": run " + std::to_string(run_id_) +
                                " is missing from the runs table");
    }
  }
  if (failed.ok()) failed = Step(release_, "cannot end the batch");
  if (!failed.ok()) {
    collision_rows_ = had_collision_rows;
    return RollBackBatch(
        failed.Append("; the batch of " + std::to_string(batch.size()) + " was rolled back"));
  }
  *outcome = counted;
  uncommitted_rows_ += static_cast<int64_t>(batch.size());
  corpus_rows_ += counted.stored;
  run_stored_ += counted.stored;
  if (CommitDue()) return Commit();
  return Status::Ok();
}

// A transaction holds batches until it has about a sixteenth of the corpus's rows (capped), or
// until kMaxCommitSeconds have passed since the last commit. Each row's canonical key lands on
// a random page of the key index, and a commit writes every page its transaction dirtied
// (to the WAL, and again when the WAL is copied back), so with one batch per transaction the
// pages written per row grew with the corpus towards one 4 KiB page a row. A transaction that
// grows with the index dirties each page for many rows, which keeps the cost per row flat
// (docs/performance.md, "A single corpus at scale"). The time bound keeps what a killed
// process loses (regenerated by --resume) and how long other writers wait for the lock short.
bool SqliteStore::Impl::CommitDue() const {
  const int64_t target =
      std::clamp<int64_t>(corpus_rows_ / kCorpusRowsPerCommitRow, 1, kMaxRowsPerCommit);
  return uncommitted_rows_ >= target || std::chrono::steady_clock::now() - last_commit_ >=
                                            std::chrono::duration<double>(kMaxCommitSeconds);
}

Status SqliteStore::Impl::Commit() {
  if (!in_transaction_) return Status::Ok();
  Status s = CommitWrite("cannot commit the batches written");
  if (!s.ok()) {
    s = Rollback(
        s.Append("; " + std::to_string(uncommitted_rows_) + " puzzles of this run were not saved"));
  }
  in_transaction_ = false;
  uncommitted_rows_ = 0;
  last_commit_ = std::chrono::steady_clock::now();
  if (s.ok()) s = SizeCache();
  return s;
}

Status SqliteStore::Impl::RollBackBatch(Status cause) {
  if (sqlite3_get_autocommit(db_)) {  // SQLite rolled the whole transaction back (I/O error)
    return Rollback(std::move(cause));
  }
  Status s = Step(rollback_to_, "cannot roll back the batch");
  if (s.ok()) s = Step(release_, "cannot end the batch");
  if (!s.ok()) return Rollback(cause.Append("; then " + s.message()));
  // The batches before this one were accounted for: they stay.
  if (s = Commit(); !s.ok()) return cause.Append("; then " + s.message());
  return cause;
}

// The page cache holds the canonical key index (19-27 bytes a row, by how full its random
// inserts leave the pages) and the pages a transaction appends to. Otherwise a transaction's
// key pages, dirtied by rows all over the index, are spilled to the WAL and rewritten before
// it commits (CommitDue), and each row reads a key page from the file. The base size covers
// about 800,000 rows, so a run of a million into a new corpus stays near its old peak memory.
Status SqliteStore::Impl::SizeCache() {
  const int64_t rows = std::min(corpus_rows_, kMaxCachedKeyRows);
  const int64_t kib = std::max(kBaseCacheKiB, rows * kCacheBytesPerRow / 1024);
  if (kib <= cache_kib_ + cache_kib_ / 8) return Status::Ok();  // resized in steps
  const std::string sql = "PRAGMA cache_size = -" + std::to_string(kib);
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error("cannot set cache_size");
  }
  cache_kib_ = kib;
  return Status::Ok();
}

}  // namespace sudoku
