// CheckCorpus: "is this file a corpus this build can read", shared by the store (which writes)
// and the read-side commands. Private to src/storage; include as "storage/corpus_check.h".
#ifndef SUDOKU_STORAGE_CORPUS_CHECK_H_
#define SUDOKU_STORAGE_CORPUS_CHECK_H_

#include <string>

#include "sudoku/status.h"

struct sqlite3;

namespace sudoku::storage_internal {

// Checks an open connection to `path`: the file is SQLite, is a sudoku-corpus (or empty, when
// allow_empty), and its schema version is not newer than this build. Changes nothing.
// On success *version is the file's PRAGMA user_version (0 for an empty file).
// Errors are one line naming `path`: "not a SQLite database", "not a sudoku corpus (...)",
// "not a sudoku-corpus database (it is empty)", "schema version N is newer than ...".
// Safe inside an open transaction (it only reads, and never opens the file a second time, which
// would drop this process's POSIX locks on it). `path` is used for messages only.
Status CheckCorpus(sqlite3* db, const std::string& path, bool allow_empty, int* version);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_CORPUS_CHECK_H_
