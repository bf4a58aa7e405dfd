// The filter clause of the reader's queries: a PuzzleFilter (corpus_reader.h) as SQL conditions
// and their bound values. Only the conditions a filter sets are written ("level = :level AND
// clues BETWEEN ..."), so SQLite can use the (level, clues), (clues) and (freedom) indexes;
// values are bound by name, never spliced into the SQL. Private to src/storage; include as
// "storage/corpus_filter.h". Stateless.
#ifndef SUDOKU_STORAGE_CORPUS_FILTER_H_
#define SUDOKU_STORAGE_CORPUS_FILTER_H_

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "sudoku/storage/corpus_reader.h"

namespace sudoku::storage_internal {

// "cond1 AND cond2 ..." for the conditions `filter` sets (plus `extra`), "1" when none.
std::string FilterConditions(const PuzzleFilter& filter, const std::string& extra = "");

// Binds the values of the conditions FilterConditions wrote for `filter` (parameters the
// statement lacks are skipped). Returns SQLite's first failed code, or SQLITE_OK.
int BindFilter(sqlite3_stmt* stmt, const PuzzleFilter& filter);

// Binds `value` to the parameter `name` if the statement has it.
int BindInt(sqlite3_stmt* stmt, const char* name, int64_t value);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_CORPUS_FILTER_H_
