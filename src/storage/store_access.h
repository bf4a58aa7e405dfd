// StoreAccess: the connection of a SqliteStore, for white-box tests and benchmarks that look at
// what it wrote (read-only queries, connection statistics such as cache misses). Private to
// src/storage; include as "storage/store_access.h". Writing through the connection bypasses the
// store's invariants; the pointer lives as long as the store.
#ifndef SUDOKU_STORAGE_STORE_ACCESS_H_
#define SUDOKU_STORAGE_STORE_ACCESS_H_

#include <sqlite3.h>

#include "sudoku/storage/store.h"

namespace sudoku::storage_internal {

class StoreAccess {
 public:
  static sqlite3* Db(const SqliteStore& store);
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_STORE_ACCESS_H_
