// CheckCorpus: "is this file a corpus this build can read", shared by the store (which writes)
// and the read-side commands. Private to src/storage; include as "storage/corpus_check.h".
#ifndef SUDOKU_STORAGE_CORPUS_CHECK_H_
#define SUDOKU_STORAGE_CORPUS_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

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

// SQLite's own check of the file's structure: PRAGMA quick_check (b-trees, pages, records,
// NOT NULL and CHECK constraints), or with `full` PRAGMA integrity_check (also that every index
// agrees with its table). *problems gets SQLite's lines, at most `max_problems`, and is empty
// when the file is sound. A page too damaged for the check to run is one problem, not an error;
// the status is an error only when the check cannot be run at all. Changes nothing.
Status CheckIntegrity(sqlite3* db, const std::string& path, bool full, int max_problems,
                      std::vector<std::string>* problems);

// CheckIntegrity (quick, a few problems) as a status: Corruption naming `path` and SQLite's
// first finding when the file is damaged. For writers, which must not add to a damaged file.
// Files larger than kWholeCheckMaxBytes are not checked (Ok).
inline constexpr int64_t kWholeCheckMaxBytes = int64_t{128} << 20;
Status RefuseDamaged(sqlite3* db, const std::string& path);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_CORPUS_CHECK_H_
