// The files a merge makes beside its output: "<output>.merging", the new corpus until it is
// renamed into place (only when the output did not exist), and "<output>.merging-rows", the
// staging database. Private to src/storage; include as "storage/merge_files.h".
//
// Each is made by exactly one merge and removed only by the merge that made it: it is created
// with O_EXCL (two merges started together cannot both make it) and locked with flock for its
// maker's life, so that a second merge into the same output can tell a running merge's file
// (locked) from one an interrupted merge left (unlocked), and touches neither. flock locks are
// independent of SQLite's own (POSIX) locks on the same file. Not thread-safe.
#ifndef SUDOKU_STORAGE_MERGE_FILES_H_
#define SUDOKU_STORAGE_MERGE_FILES_H_

#include <string>

#include "sudoku/status.h"

namespace sudoku::storage_internal {

std::string MergeTargetPath(const std::string& output);  // "<output>.merging"
std::string MergeStagePath(const std::string& output);   // "<output>.merging-rows"

// Ok when no merge into `output` has files beside it. Else Busy: "another merge into <output>
// is running" where one of them is locked, or else the leftovers of an interrupted merge, all
// named in one message with the command that removes them. Removes nothing.
Status CheckNoMergeFiles(const std::string& output);

class MergeFile {
 public:
  explicit MergeFile(std::string path) : path_(std::move(path)) {}
  // Removes the file and its side files (SQLite's -journal, -wal, -shm; the writers' -lock) if
  // this object made it and Keep was not called.
  ~MergeFile();
  MergeFile(const MergeFile&) = delete;
  MergeFile& operator=(const MergeFile&) = delete;

  // Creates the file, empty, and locks it. Busy when it exists (another merge made it first);
  // IoError with the system's reason when it cannot be made.
  Status Create();
  // From here the file is the caller's to keep: the destructor leaves it.
  void Keep() { keep_ = true; }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  int fd_ = -1;  // open while this object owns the file; holds the flock
  bool keep_ = false;
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MERGE_FILES_H_
