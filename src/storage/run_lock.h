// RunLocks: which runs of a corpus this store owns, so that one run has one writer at a time,
// and whose turn it is to write the corpus. Private to src/storage; include as
// "storage/run_lock.h".
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
// belong on a local disk anyway (WAL needs shared memory).
//
// Write turns. SQLite lets one writer in at a time and makes the others poll (its busy
// handler sleeps and retries). A generate commits every two seconds and begins its next
// transaction at once, so a polling writer almost never finds the lock free and gave up after
// its timeout. Writers of this program therefore queue in the lock file before they take
// SQLite's lock: a waiter holds the queue byte while it waits for the write byte, and a writer
// that has just committed must pass the queue byte before it writes again, so it waits until
// the waiter has had its turn (a turnstile). Two writers alternate transaction by transaction;
// among several waiters the order is not guaranteed. Writers that do not queue (the sqlite3
// shell, older versions) still meet SQLite's busy timeout. Not thread-safe.
#ifndef SUDOKU_STORAGE_RUN_LOCK_H_
#define SUDOKU_STORAGE_RUN_LOCK_H_

#include <cstdint>
#include <string>
#include <utility>

#include "sudoku/status.h"

namespace sudoku::storage_internal {

// How long a writer waits for its turn: long enough for the other writers' transactions (a
// generate commits every two seconds; a merge holds one transaction for all its rows).
inline constexpr int kWriteTurnWaitMs = 60'000;

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

  // Waits up to kWriteTurnWaitMs for the corpus to be this store's to write, and holds it until
  // EndWriteTurn (or until the store closes). Busy when another writer kept it that long;
  // IoError when the lock file cannot be opened or locked. Nothing when it holds the turn.
  Status TakeWriteTurn();
  // Lets the next writer in (nothing when no turn is held).
  void EndWriteTurn();

  // True when a store, in any process, holds run `run_id` of the corpus at `database` (any path
  // of the database file). False when none does or there is no lock file: nothing is created.
  static bool IsClaimed(const std::string& database, int64_t run_id);

 private:
  Status OpenLockFile();  // opens "<database>-lock" if it is not open
  // Takes a one-byte write lock on `byte`, polling until it is free or `deadline_ms` (a
  // steady-clock time in milliseconds) has passed.
  Status LockByteBy(int64_t byte, int64_t deadline_ms);

  std::string database_;
  std::string name_;
  int fd_ = -1;  // "<database>-lock", opened by the first claim or turn
  bool has_turn_ = false;
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_RUN_LOCK_H_
