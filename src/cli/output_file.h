// The output files of `export`: written under a temporary name beside their path and renamed
// into place when complete, so that readers never see a partial file. Not thread-safe.
#ifndef SUDOKU_CLI_OUTPUT_FILE_H_
#define SUDOKU_CLI_OUTPUT_FILE_H_

#include <fstream>
#include <ostream>
#include <string>

namespace sudoku::cli {

// A file under a temporary name in the folder of `path` ("<path>.tmp-XXXXXX", made empty by
// mkstemp), synced and renamed over `path` by Commit, so that readers never see a partial file;
// the destructor removes the file of an export that failed.
class TempFile {
 public:
  // Throws UserError when the temporary file cannot be made.
  explicit TempFile(std::string path);
  ~TempFile();
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;

  const std::string& name() const { return temp_; }

  // Syncs the file to disk (so that a power loss cannot leave `path` empty) and renames it
  // into place; throws UserError when either fails.
  void Commit();

 private:
  std::string path_;
  std::string temp_;
};

// A TempFile written through a stream.
class TempOutput {
 public:
  // Throws UserError when the file cannot be made or opened.
  explicit TempOutput(std::string path);

  std::ostream& stream() { return stream_; }

  // Flushes, closes and commits the file; throws UserError if any write failed.
  void Commit();

 private:
  std::string path_;
  TempFile file_;
  std::ofstream stream_;
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_OUTPUT_FILE_H_
