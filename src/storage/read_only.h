// Opening a corpus for reading only, wherever it lies: in a folder this process may not write
// (a read-only mount, another user's folder), or while another process writes it. Shared by
// the reader (stats, export, verify) and the merge, so that every command that only reads a
// corpus reads the same files. Private to src/storage; include as "storage/read_only.h".
#ifndef SUDOKU_STORAGE_READ_ONLY_H_
#define SUDOKU_STORAGE_READ_ONLY_H_

#include <string>

struct sqlite3;

namespace sudoku::storage_internal {

// The SQLite URI that opens `path` read-only ("file:<path>?mode=ro", the characters a URI path
// cannot hold escaped). Where SQLite could not create the WAL's companion files (the folder is
// not writable) and none exist, "?immutable=1" instead: a WAL database opens only so there
// (sqlite.org/wal.html, "Read-Only Databases"), and that is exact, since with no -wal file every
// committed row is in the database file and no writer could add one without making the -wal
// file in that same folder. For sqlite3_open_v2 with SQLITE_OPEN_URI, or ATTACH.
std::string ReadOnlyUri(const std::string& path);

// sqlite3_open_v2 of ReadOnlyUri(path) with SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | `flags`;
// returns SQLite's result code. *db is set as sqlite3_open_v2 sets it (the caller closes it,
// also on failure).
int OpenReadOnly(const std::string& path, int flags, sqlite3** db);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_READ_ONLY_H_
