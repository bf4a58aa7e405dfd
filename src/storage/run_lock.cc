// RunLocks: see run_lock.h.
#include "storage/run_lock.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

namespace sudoku::storage_internal {
namespace {

// A one-byte lock of `type` (F_WRLCK, F_UNLCK) on byte `run_id`.
int LockByte(int fd, int64_t run_id, short type) {
  struct flock lock = {};
  lock.l_type = type;
  lock.l_whence = SEEK_SET;
  lock.l_start = static_cast<off_t>(run_id);
  lock.l_len = 1;
  lock.l_pid = 0;  // OFD locks require 0
  return fcntl(fd, F_OFD_SETLK, &lock);
}

}  // namespace

RunLocks::~RunLocks() {
  if (fd_ >= 0) close(fd_);
}

Status RunLocks::Claim(int64_t run_id) {
  if (database_.empty()) return Status::Ok();
  const std::string lock_path = database_ + "-lock";
  if (fd_ < 0) {
    fd_ = open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) {
      return Status::IoError(name_ + ": cannot open the run lock file " + lock_path + " (" +
                             std::strerror(errno) + ")");
    }
  }
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
