// The merge's own files: see merge_files.h.
#include "storage/merge_files.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <vector>

namespace sudoku::storage_internal {
namespace {

namespace fs = std::filesystem;

// SQLite's side files, and the writers' lock file (storage/run_lock.h) the store makes when it
// sets up a new output.
constexpr const char* kSideSuffixes[] = {"-journal", "-wal", "-shm", "-lock"};

// True when another open file description holds an flock on `path`.
bool Locked(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  const bool locked = ::flock(fd, LOCK_SH | LOCK_NB) != 0 && errno == EWOULDBLOCK;
  ::close(fd);
  return locked;
}

// A path as a shell word: in single quotes where it holds anything but safe characters.
std::string ShellWord(const std::string& path) {
  if (path.find_first_not_of(
          "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") ==
      std::string::npos) {
    return path;
  }
  std::string word = "'";
  for (const char c : path) word += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return word + "'";
}

}  // namespace

std::string MergeTargetPath(const std::string& output) { return output + ".merging"; }
std::string MergeStagePath(const std::string& output) { return output + ".merging-rows"; }

Status CheckNoMergeFiles(const std::string& output) {
  std::vector<std::string> found;
  for (const std::string& file : {MergeTargetPath(output), MergeStagePath(output)}) {
    std::error_code ec;
    if (Locked(file)) {
      return Status::Busy(output + ": another merge into it is running (it holds " + file +
                          "); wait for it to end");
    }
    if (fs::exists(file, ec)) found.push_back(file);
    for (const char* suffix : kSideSuffixes) {
      if (fs::exists(file + suffix, ec)) found.push_back(file + suffix);
    }
  }
  if (found.empty()) return Status::Ok();
  std::string names, command = "rm -f";
  for (const std::string& file : found) {
    if (!names.empty()) names += ", ";
    names += file;
    command += ' ';
    command += ShellWord(file);
  }
  return Status::Busy(output + ": an interrupted merge left " + names + "; nothing of it is in " +
                      output + ". Remove them with: " + command);
}

MergeFile::~MergeFile() {
  if (fd_ < 0) return;
  if (!keep_) {
    std::error_code ec;
    fs::remove(path_, ec);
    for (const char* suffix : kSideSuffixes) fs::remove(path_ + suffix, ec);
  }
  ::close(fd_);  // after the removal: the lock keeps others off until the files are gone
}

Status MergeFile::Create() {
  const int fd = ::open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int error = errno;
    if (error == EEXIST) {
      return Status::Busy(path_ +
                          " exists: another merge into the same output started at the "
                          "same time");
    }
    return Status::IoError(path_ + ": cannot create (" + std::strerror(error) + ")");
  }
  fd_ = fd;
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    return Status::IoError(path_ + ": cannot lock (" + std::strerror(errno) + ")");
  }
  return Status::Ok();
}

}  // namespace sudoku::storage_internal
