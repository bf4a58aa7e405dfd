#include "output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <limits.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <utility>

#include "cli_util.h"

namespace sudoku::cli {
namespace {

std::string Reason(int error) { return std::strerror(error); }

// ---- Temporary files removed by the signals that end the process ----

constexpr std::array<int, 3> kEndingSignals = {SIGINT, SIGTERM, SIGHUP};
// The names of the uncommitted temporary files (TempFile::temp_, stable while registered).
std::array<std::atomic<const char*>, 4> g_temps{};
std::array<struct sigaction, kEndingSignals.size()> g_previous{};
int g_registered = 0;

extern "C" void RemoveTempsAndEnd(int signal) {
  for (std::atomic<const char*>& temp : g_temps) {
    if (const char* name = temp.load()) unlink(name);
  }
  std::signal(signal, SIG_DFL);
  std::raise(signal);  // delivered on return, as the signal would have ended the process
}

void RegisterTemp(const std::string& temp) {
  for (std::atomic<const char*>& slot : g_temps) {
    const char* empty = nullptr;
    if (!slot.compare_exchange_strong(empty, temp.c_str())) continue;
    if (g_registered++ == 0) {
      struct sigaction action {};
      action.sa_handler = RemoveTempsAndEnd;
      sigemptyset(&action.sa_mask);
      for (size_t i = 0; i < kEndingSignals.size(); ++i) {
        sigaction(kEndingSignals[i], nullptr, &g_previous[i]);
        // An ignored signal stays ignored (nohup's SIGHUP, a background job's SIGINT).
        if (g_previous[i].sa_handler != SIG_IGN) sigaction(kEndingSignals[i], &action, nullptr);
      }
    }
    return;
  }
  // More files than slots: never at the two an export makes; such a file is still removed by
  // its destructor.
}

void UnregisterTemp(const std::string& temp) {
  for (std::atomic<const char*>& slot : g_temps) {
    const char* name = temp.c_str();
    if (!slot.compare_exchange_strong(name, nullptr)) continue;
    if (--g_registered == 0) {
      for (size_t i = 0; i < kEndingSignals.size(); ++i) {
        sigaction(kEndingSignals[i], &g_previous[i], nullptr);
      }
    }
    return;
  }
}

// ---- Resolving the path ----

std::string FolderOf(const std::string& file) {
  const size_t slash = file.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : file.substr(0, slash);
}

// `name` with its symlinks followed, also to a file that does not exist yet (a dangling link
// names the file to create). Throws UserError for a loop.
std::string FollowSymlinks(const std::string& name) {
  std::string file = name;
  for (int hops = 0; hops < 40; ++hops) {
    struct stat st;
    if (lstat(file.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return file;
    std::array<char, PATH_MAX> target;
    const ssize_t n = readlink(file.c_str(), target.data(), target.size() - 1);
    if (n < 0) return file;
    std::string next(target.data(), static_cast<size_t>(n));
    file = next.starts_with('/') ? next : FolderOf(file) + "/" + next;
  }
  throw UserError("cannot write '" + name + "': " + Reason(ELOOP));
}

// Throws UsageError when `file` is the -wal, -shm or -journal file of an existing database.
void CheckNotSideFile(const std::string& name, const std::string& file) {
  for (std::string_view suffix : {"-wal", "-shm", "-journal"}) {
    if (!file.ends_with(suffix)) continue;
    const std::string database = file.substr(0, file.size() - suffix.size());
    struct stat st;
    if (stat(database.c_str(), &st) == 0 && S_ISREG(st.st_mode)) {
      throw UsageError("-o '" + name + "' is a side file of the SQLite database '" + database +
                       "'; write to another file");
    }
  }
}

// Throws UserError with the system's reason when no file can be made in the folder of `file`.
void CheckFolderWritable(const std::string& name, const std::string& file) {
  const std::string folder = FolderOf(file);
  struct stat st;
  if (stat(folder.c_str(), &st) != 0) {
    throw UserError("cannot write '" + name + "': " + Reason(errno));
  }
  if (!S_ISDIR(st.st_mode)) throw UserError("cannot write '" + name + "': " + Reason(ENOTDIR));
  if (access(folder.c_str(), W_OK) != 0) {
    // The export is made beside the file and renamed over it, so the folder must take a file.
    throw UserError("cannot write '" + name + "': cannot create a file in '" + folder +
                    "': " + Reason(errno));
  }
}

// ---- Leftovers of killed exports ----

constexpr std::string_view kTempInfix = ".tmp-";
constexpr size_t kTempSuffixLength = 6;  // mkstemp's XXXXXX

// Removes "<file>.tmp-XXXXXX" files that no export holds locked: what an export killed by
// SIGKILL or a power loss left (a live one holds its temporary file locked, TempFile). Says so
// on stderr, as the person may wonder where a large file went.
void RemoveLeftovers(const std::string& file) {
  const std::string folder = FolderOf(file);
  const std::string prefix = file.substr(file.find_last_of('/') + 1) + std::string(kTempInfix);
  DIR* dir = opendir(folder.c_str());
  if (dir == nullptr) return;  // the export itself then says why it cannot write there
  while (const dirent* entry = readdir(dir)) {
    const std::string_view name = entry->d_name;
    if (name.size() != prefix.size() + kTempSuffixLength || !name.starts_with(prefix)) continue;
    // As typed: a bare name where the output's was bare.
    const std::string path =
        (file.find('/') == std::string::npos ? "" : folder + "/") + std::string(name);
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0) continue;
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
        unlink(path.c_str()) == 0) {
      std::fprintf(stderr, "sudoku-corpus: removed '%s', left by an export that was killed\n",
                   path.c_str());
    }
    close(fd);
  }
  closedir(dir);
}

}  // namespace

void CheckStreamWritten(const std::ostream& out, const std::string& what) {
  if (out) return;
  throw UserError("cannot write " + what + (errno != 0 ? ": " + Reason(errno) : ""));
}

OutputPath ResolveOutputPath(const std::string& name) {
  if (name.empty()) throw UsageError("-o needs a file name (- for standard output)");
  OutputPath out;
  out.name = name;
  out.file = name;
  struct stat st;
  if (stat(name.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) throw UsageError("-o '" + name + "' is a folder; name a file");
    // Opened by its own name: the kernel follows links such as /dev/stdout to a pipe.
    out.in_place = S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode);
    if (out.in_place) return out;
    if (!S_ISREG(st.st_mode)) {
      throw UsageError("-o '" + name + "' is a block device or a socket; name a file");
    }
    out.mode = st.st_mode & 07777;
  } else if (errno != ENOENT) {
    throw UserError("cannot write '" + name + "': " + Reason(errno));
  }
  out.file = FollowSymlinks(name);
  CheckNotSideFile(name, out.file);
  CheckFolderWritable(name, out.file);
  return out;
}

TempFile::TempFile(const std::string& path) : path_(ResolveOutputPath(path)) {
  if (path_.in_place) {
    throw UsageError("-o '" + path + "' is a device or a FIFO; this format is written to a file");
  }
  RemoveLeftovers(path_.file);
  std::string pattern = path_.file + std::string(kTempInfix) + "XXXXXX";
  // A signal between making the file and registering it would leave the file: held back till
  // the file is registered, it then removes it.
  sigset_t ending, previous;
  sigemptyset(&ending);
  for (int signal : kEndingSignals) sigaddset(&ending, signal);
  pthread_sigmask(SIG_BLOCK, &ending, &previous);  // export makes no other thread
  const int fd = mkstemp(pattern.data());
  const int error = errno;
  if (fd >= 0) {
    // Reopened by its writer; this descriptor only holds the lock that marks the file as live.
    flock(fd, LOCK_EX);
    lock_fd_ = fd;
    temp_ = std::move(pattern);
    RegisterTemp(temp_);
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (fd < 0) throw UserError("cannot write '" + path + "': " + Reason(error));
}

TempFile::~TempFile() {
  if (!temp_.empty()) {
    unlink(temp_.c_str());
    UnregisterTemp(temp_);
  }
  if (lock_fd_ >= 0) close(lock_fd_);
}

void TempFile::Commit() {
  const int fd = open(temp_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 || fsync(fd) != 0) {
    const std::string reason = Reason(errno);
    if (fd >= 0) close(fd);
    throw UserError("cannot write '" + path_.name + "': " + reason);
  }
  close(fd);
  // The permissions of the file replaced, or those open() would have given (mkstemp: 0600).
  const mode_t mask = umask(0);
  umask(mask);
  chmod(temp_.c_str(), path_.mode.value_or(0666 & ~mask));
  if (rename(temp_.c_str(), path_.file.c_str()) != 0) {
    throw UserError("cannot write '" + path_.name + "': " + Reason(errno));
  }
  UnregisterTemp(temp_);
  temp_.clear();
  close(lock_fd_);
  lock_fd_ = -1;
}

TempOutput::TempOutput(const std::string& path) : path_(path) {
  const OutputPath out = ResolveOutputPath(path);
  if (!out.in_place) file_.emplace(path);
  // A device or FIFO is opened as it is (no O_TRUNC effect there); a temporary file is new.
  stream_.open(file_ ? file_->name() : out.file, std::ios::binary | std::ios::trunc);
  if (!stream_) throw UserError("cannot write '" + path + "': " + Reason(errno));
}

void TempOutput::Commit() {
  errno = 0;
  stream_.close();
  if (stream_.fail()) {
    throw UserError("cannot write '" + path_ + "'" + (errno != 0 ? ": " + Reason(errno) : ""));
  }
  if (file_) file_->Commit();
}

}  // namespace sudoku::cli
