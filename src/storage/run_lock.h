// RunLocks: which runs of a corpus this store owns, so that one run has one writer at a time.
// Private to src/storage; include as "storage/run_lock.h".
//
// A run is owned by holding a lock on byte `run_id` of the file "<database>-lock" beside the
// database, taken with an open file description lock (fcntl F_OFD_SETLK). Why this mechanism:
// - The kernel drops the lock when its owner dies, however it dies (kill -9, power off), so a
//   killed run is resumable at once, with no lease to expire and no process to look up; a
//   lease row with a pid, host and start time would have to be renewed while the run goes on,
//   and a pid cannot be checked from another host or after it is reused.
// - SQLite's own locks cannot do it: its write lock covers the whole database, and a run's
//   owner must keep its claim between transactions while other runs of the same corpus write.
// - One byte per run, in one lock file: runs of the same corpus are owned independently.
// - An OFD lock belongs to this open file description, not to the process: closing another
//   descriptor of the file does not drop it (classic POSIX locks would be), and two stores in
//   one process exclude each other as two processes do. The lock file is not the database, so
//   opening and closing it never touches SQLite's POSIX locks on the database.
// Locks on network file systems are only as good as the file system's lock service; writers
// belong on a local disk anyway (WAL needs shared memory). Not thread-safe.
#ifndef SUDOKU_STORAGE_RUN_LOCK_H_
#define SUDOKU_STORAGE_RUN_LOCK_H_

#include <cstdint>
#include <string>
#include <utility>

#include "sudoku/status.h"

namespace sudoku::storage_internal {

class RunLocks {
 public:
  // `database` is the database file's path as SQLite resolved it (sqlite3_db_filename): an
  // empty one (":memory:", a temporary database) has no other writer, and claims always succeed.
  // `name` is the path used in messages.
  RunLocks(std::string database, std::string name)
      : database_(std::move(database)), name_(std::move(name)) {}
  ~RunLocks();  // closes the lock file: every claim ends
  RunLocks(const RunLocks&) = delete;
  RunLocks& operator=(const RunLocks&) = delete;

  // Claims run `run_id` (>= 1) without waiting. Busy, naming the run, when another store, in
  // this process or another, holds it; IoError when the lock file cannot be opened or locked.
  Status Claim(int64_t run_id);
  // Ends the claim on `run_id` (nothing when not held).
  void Release(int64_t run_id);

  // True when a store, in any process, holds run `run_id` of the corpus at `database` (any path
  // of the database file). False when none does or there is no lock file: nothing is created.
  static bool IsClaimed(const std::string& database, int64_t run_id);

 private:
  std::string database_;
  std::string name_;
  int fd_ = -1;  // "<database>-lock", opened by the first claim
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_RUN_LOCK_H_
