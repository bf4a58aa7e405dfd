// RunLocks: see run_lock.h.
#include "storage/run_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

namespace sudoku::storage_internal {
namespace {

// The write turn's bytes (run_lock.h), far above any run id, which is byte `run_id`.
constexpr int64_t kQueueByte = int64_t{1} << 62;
constexpr int64_t kWriteByte = kQueueByte + 1;
// How often a waiting writer looks again: short beside a transaction of up to two seconds.
constexpr auto kTurnPoll = std::chrono::milliseconds(2);

int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A one-byte lock of `type` (F_WRLCK, F_UNLCK) on byte `byte` (a run id or a turn byte).
int LockByte(int fd, int64_t byte, short type) {
  struct flock lock = {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  lock.l_start = static_cast<off_t>(byte);
  lock.l_len = 1;
  lock.l_pid = 0;  // OFD locks require 0
  return fcntl(fd, F_OFD_SETLK, &lock);
}

}  // namespace

RunLocks::~RunLocks() {
  if (fd_ >= 0) close(fd_);
}

Status RunLocks::OpenLockFile() {
  if (fd_ >= 0) return Status::Ok();
  const std::string lock_path = database_ + "-lock";
  fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) {
    return Status::IoError(name_ + ": cannot open the run lock file " + lock_path + " (" +
                           std::strerror(errno) + ")");
  }
  return Status::Ok();
}

Status RunLocks::Claim(int64_t run_id) {
  if (database_.empty()) return Status::Ok();
  if (Status s = OpenLockFile(); !s.ok()) return s;
  const std::string lock_path = database_ + "-lock";
  if (LockByte(fd_, run_id, F_WRLCK) == 0) return Status::Ok();
  const int error = errno;
  if (error == EAGAIN || error == EACCES) {
    return Status::Busy(name_ + ": run " + std::to_string(run_id) +
                        " is being written by another process; wait for it to end, or stop it "
                        "and resume the run then");
  }
  return Status::IoError(name_ + ": cannot lock run " + std::to_string(run_id) + " in " +
                         lock_path + " (" + std::strerror(error) + ")");
}

void RunLocks::Release(int64_t run_id) {
  if (fd_ >= 0) (void)LockByte(fd_, run_id, F_UNLCK);
}

Status RunLocks::LockByteBy(int64_t byte, int64_t deadline_ms) {
  while (LockByte(fd_, byte, F_WRLCK) != 0) {
    const int error = errno;
    if (error != EAGAIN && error != EACCES) {
      return Status::IoError(name_ + ": cannot lock " + database_ + "-lock (" +
                             std::strerror(error) + ")");
    }
    if (NowMs() >= deadline_ms) {
      return Status::Busy(name_ + ": another process kept it locked for writing for " +
                          std::to_string(kWriteTurnWaitMs / 1000) + " s");
    }
    std::this_thread::sleep_for(kTurnPoll);
  }
  return Status::Ok();
}

Status RunLocks::TakeWriteTurn() {
  if (database_.empty() || has_turn_) return Status::Ok();
  if (Status s = OpenLockFile(); !s.ok()) return s;
  const int64_t deadline = NowMs() + kWriteTurnWaitMs;
  // In line first: the writer before us cannot write again until we hold the write byte.
  if (Status s = LockByteBy(kQueueByte, deadline); !s.ok()) return s;
  Status s = LockByteBy(kWriteByte, deadline);
  (void)LockByte(fd_, kQueueByte, F_UNLCK);
  has_turn_ = s.ok();
  return s;
}

void RunLocks::EndWriteTurn() {
  if (!has_turn_) return;
  (void)LockByte(fd_, kWriteByte, F_UNLCK);
  has_turn_ = false;
}

bool RunLocks::IsClaimed(const std::string& database, int64_t run_id) {
  const int fd = open((database + "-lock").c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  struct flock lock = {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
  lock.l_start = static_cast<off_t>(run_id);
  lock.l_len = 1;
  const bool claimed = fcntl(fd, F_OFD_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
  close(fd);
  return claimed;
}

}  // namespace sudoku::storage_internal
