#include "output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "cli_util.h"

namespace sudoku::cli {

TempFile::TempFile(std::string path) : path_(std::move(path)) {
  std::string pattern = path_ + ".tmp-XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd < 0) {
    throw UserError("cannot open '" + path_ + "' for writing: " + std::strerror(errno));
  }
  close(fd);  // reopened by its writer; mkstemp made the name ours
  temp_ = pattern;
}

TempFile::~TempFile() {
  if (!temp_.empty()) std::remove(temp_.c_str());
}

void TempFile::Commit() {
  const int fd = open(temp_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fsync(fd) != 0) {
    const std::string reason = std::strerror(errno);
    if (fd >= 0) close(fd);
    throw UserError("cannot write '" + path_ + "': " + reason);
  }
  close(fd);
  // The permissions a file created by open() would have had (mkstemp makes it 0600).
  const mode_t mask = umask(0);
  umask(mask);
  chmod(temp_.c_str(), 0666 & ~mask);
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw UserError("cannot rename '" + temp_ + "' to '" + path_ + "': " + std::strerror(errno));
  }
  temp_.clear();
}

TempOutput::TempOutput(std::string path) : path_(path), file_(std::move(path)) {
  stream_.open(file_.name(), std::ios::binary | std::ios::trunc);
  if (!stream_) throw UserError("cannot open '" + file_.name() + "' for writing");
}

void TempOutput::Commit() {
  errno = 0;
  stream_.close();
  if (stream_.fail()) {
    throw UserError("cannot write '" + path_ + "'" +
                    (errno != 0 ? ": " + std::string(std::strerror(errno)) : ""));
  }
  file_.Commit();
}

}  // namespace sudoku::cli
