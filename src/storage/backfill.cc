// Backfills: see backfill.h. Each walks the rows still missing the new columns, in id order,
// computes them with the core, and updates the row, inside the migration's transaction.
//
// Schema 002 (canonical forms): every row written under schema 001 gets canonical and
// solution_canonical. A row whose canonical form an earlier row already holds keeps canonical
// NULL (the UNIQUE index allows NULLs); nothing is deleted, and `verify` reports such rows as
// duplicates.
// Schema 003 (ratings): every earlier row is rated and its level becomes its rating band (the
// SQL file has copied the clue-count level to clue_class).
// A row whose text does not parse, or that is not unique, is left alone for `verify` to report.
#include "storage/backfill.h"

#include <sqlite3.h>

#include <memory>
#include <string_view>

#include "storage/connection.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"

namespace sudoku::storage_internal {
namespace {

Status Error(sqlite3* db, const std::string& path, std::string_view what) {
  return SqliteError(db, path, what);
}

std::string_view ColumnView(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  if (text == nullptr) return {};
  return {reinterpret_cast<const char*>(text),
          static_cast<size_t>(sqlite3_column_bytes(stmt, column))};
}

int BindText(sqlite3_stmt* stmt, int index, std::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()),
                           SQLITE_TRANSIENT);
}

// Runs `select_sql` (columns: id, givens, solution) and, for each row whose givens and solution
// parse, lets `bind(givens, solution, update)` bind parameters 2.. of `update_sql` (?1 is the
// row id); a row it returns false for is skipped.
template <typename Bind>
Status UpdateRows(sqlite3* db, const std::string& path, std::string_view what,
                  const char* select_sql, const char* update_sql, Bind bind) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, select_sql, -1, &raw, nullptr) != SQLITE_OK) {
    return Error(db, path, what);
  }
  OwnedStmt select(raw);
  if (sqlite3_prepare_v2(db, update_sql, -1, &raw, nullptr) != SQLITE_OK) {
    return Error(db, path, what);
  }
  OwnedStmt update(raw);
  int rc;
  while ((rc = sqlite3_step(select.get())) == SQLITE_ROW) {
    const ParseResult givens = ParseGrid(ColumnView(select.get(), 1));
    const ParseResult solution = ParseGrid(ColumnView(select.get(), 2));
    if (!givens.ok || !solution.ok || !IsCompleteValidGrid(solution.grid)) continue;
    int bind_rc = SQLITE_OK;
    if (!bind(givens.grid, solution.grid, update.get(), &bind_rc)) continue;
    if (bind_rc == SQLITE_OK) {
      bind_rc = sqlite3_bind_int64(update.get(), 1, sqlite3_column_int64(select.get(), 0));
    }
    const int step = bind_rc == SQLITE_OK ? sqlite3_step(update.get()) : bind_rc;
    Status status = step == SQLITE_DONE ? Status::Ok() : Error(db, path, what);
    sqlite3_reset(update.get());
    sqlite3_clear_bindings(update.get());
    if (!status.ok()) return status;
  }
  return rc == SQLITE_DONE ? Status::Ok() : Error(db, path, what);
}

Status BackfillCanonicalForms(sqlite3* db, const std::string& path) {
  return UpdateRows(
      db, path, "cannot add canonical forms to the puzzles of schema 1",
      "SELECT id, givens, solution FROM puzzles WHERE canonical IS NULL ORDER BY id",
      "UPDATE puzzles SET solution_canonical = ?3, canonical = CASE WHEN EXISTS "
      "(SELECT 1 FROM puzzles WHERE canonical = ?2) THEN NULL ELSE ?2 END WHERE id = ?1",
      [](const Grid& givens, const Grid& solution, sqlite3_stmt* update, int* rc) {
        *rc = BindText(update, 2, ToString(CanonicalForm(givens)));
        if (*rc == SQLITE_OK) *rc = BindText(update, 3, ToString(CanonicalGrid(solution)));
        return true;
      });
}

Status BackfillRatings(sqlite3* db, const std::string& path) {
  return UpdateRows(
      db, path, "cannot rate the puzzles of schema 2",
      "SELECT id, givens, solution FROM puzzles WHERE rating IS NULL ORDER BY id",
      "UPDATE puzzles SET rating = ?2, hardest = ?3, guesses = ?4, techniques = ?5, level = ?6 "
      "WHERE id = ?1",
      [](const Grid& givens, const Grid& solution, sqlite3_stmt* update, int* rc) {
        Rating rating;
        if (!RatePuzzle(givens, &rating) || !AgreesWith(givens, solution)) return false;
        *rc = sqlite3_bind_int(update, 2, rating.rating);
        if (*rc == SQLITE_OK) *rc = BindText(update, 3, TechniqueName(rating.hardest));
        if (*rc == SQLITE_OK) *rc = sqlite3_bind_int(update, 4, rating.guesses);
        if (*rc == SQLITE_OK) *rc = BindText(update, 5, TechniqueUsesJson(rating.uses));
        if (*rc == SQLITE_OK) *rc = BindText(update, 6, RatingLevel(rating.rating));
        return true;
      });
}

}  // namespace

Status BackfillAfterSchema(sqlite3* db, const std::string& path, int version) {
  if (version == 2) return BackfillCanonicalForms(db, path);
  if (version == 3) return BackfillRatings(db, path);
  return Status::Ok();
}

}  // namespace sudoku::storage_internal
