// Where `export -o PATH` writes, and how. PATH is checked before any work: a symlink is
// followed to the file it names; a character device (/dev/null) or a FIFO is written in place;
// a regular file, or a new one, is written under a temporary name beside it and renamed over
// it when complete, so that readers never see a partial file and a failed export leaves an
// existing file as it was. Nothing else is ever replaced: a folder, a block device, a socket
// and the side files of a SQLite database (-wal, -shm, -journal) are refused. A temporary file
// is removed when its export fails and when SIGINT, SIGTERM or SIGHUP end the process; one that
// SIGKILL or a power loss left is removed by the next export to the same path (a live export
// holds its temporary file locked with flock, so that none removes another's).
// Not thread-safe: one export a process.
#ifndef SUDOKU_CLI_OUTPUT_FILE_H_
#define SUDOKU_CLI_OUTPUT_FILE_H_

#include <sys/types.h>

#include <fstream>
#include <optional>
#include <ostream>
#include <string>

namespace sudoku::cli {

// Throws UserError "cannot write WHAT: <reason>" when a write to `out` failed. Call it right
// after the write, while errno still holds the reason ("No space left on device").
void CheckStreamWritten(const std::ostream& out, const std::string& what);

struct OutputPath {
  std::string name;            // as typed: what messages name
  std::string file;            // the file written: `name` with its symlinks followed
  bool in_place = false;       // a character device or a FIFO: opened and written as it is
  std::optional<mode_t> mode;  // permissions of the regular file replaced, if there is one
};

// Resolves and checks `name` as an output. Throws UsageError for an empty name, a folder, a
// block device or socket, or a side file of a SQLite database; UserError with the system's
// reason when its folder is missing or cannot be written.
OutputPath ResolveOutputPath(const std::string& name);

// A file under a temporary name in the folder of the file `path` names
// ("<file>.tmp-XXXXXX", made empty by mkstemp, locked while it lives), synced and renamed over
// it by Commit; the destructor, or a signal that ends the process, removes it if it was not
// committed. Making one first removes that path's unlocked leftovers, saying so on stderr.
class TempFile {
 public:
  // Throws as ResolveOutputPath, UsageError for a device or FIFO (which has no folder to
  // write beside), and UserError when the temporary file cannot be made.
  explicit TempFile(const std::string& path);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& name() const { return temp_; }

  // Syncs the file to disk (so that a power loss cannot leave the file empty), gives it the
  // permissions of the file it replaces (or those open() would give) and renames it into
  // place; throws UserError naming the path as typed when either fails.
  void Commit();

 private:
  OutputPath path_;
  std::string temp_;
  int lock_fd_ = -1;  // open on temp_, holding its flock while the file lives
};

// The output of a text export: a TempFile written through a stream, or a device or FIFO
// written in place.
class TempOutput {
 public:
  // Throws as ResolveOutputPath, and UserError when the file cannot be made or opened.
  explicit TempOutput(const std::string& path);

  std::ostream& stream() { return stream_; }

  // Flushes, closes and commits the file; throws UserError if any write failed.
  void Commit();

 private:
  std::string path_;
  std::optional<TempFile> file_;  // none when written in place
  std::ofstream stream_;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_OUTPUT_FILE_H_
