// Backfills: see backfill.h. Each walks the rows still missing the new columns, in id order,
// computes them with the core, and updates the row, inside the migration's transaction.
//
// Schema 002 (canonical forms): every row written under schema 001 gets canonical and
// solution_canonical. A row whose canonical form an earlier row already holds keeps canonical
// NULL (the UNIQUE index allows NULLs); nothing is deleted, and `verify` reports such rows as
// duplicates.
// Schema 003 (ratings): every earlier row is rated and its level becomes its rating band (the
// SQL file has copied the clue-count level to clue_class).
// Schemas 005 to 010 (the rater's new techniques): rows are rated again, before schema 010's file,
// in batches (BackfillBatchBeforeSchema; from schemas 8 and 9 only the rows that got past the BUG);
// a row is rewritten only where its rating, hardest technique, guesses, technique uses or level
// changed.
// Schemas 011 and 012 (EP and ED, and SE's instance order): the rows of schema 011 are rated
// again before schema 012's file, in batches, and get their ep and ed; a row whose path now
// names another hardest technique or other uses of the same rating is rewritten too.
// Schema 013 (SE's chain step: its cycles, its order, a placing chain setting its digit): the rows
// that reached the chains (rated 6.5 or more, or with a guess; no other row's path changed) are
// rated again before the file, in batches, and rewritten where any rating column, ep or ed
// changed.
// A row whose text does not parse, or that is not unique, is left alone for `verify` to report.
#include "storage/backfill.h"

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "storage/connection.h"
#include "storage/puzzle_row.h"
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
  const std::string update = std::string("UPDATE puzzles SET ") + kSetRatingSql + " WHERE id = ?1";
  return UpdateRows(db, path, "cannot rate the puzzles of schema 2",
                    "SELECT id, givens, solution FROM puzzles WHERE rating IS NULL ORDER BY id",
                    update.c_str(),
                    [](const Grid& givens, const Grid& solution, sqlite3_stmt* update, int* rc) {
                      Rating rating;
                      if (!RatePuzzle(givens, &rating) || !AgreesWith(givens, solution))
                        return false;
                      *rc = BindRatingRow(update, RatingRowOf(rating));
                      return true;
                    });
}

// The rows from `next_id` on that BackfillBatchBeforeSchema has left, for the version it does.
constexpr char kProgressTable[] =
    "CREATE TABLE IF NOT EXISTS schema_backfill "
    "(version INTEGER PRIMARY KEY, next_id INTEGER NOT NULL)";

// Prepares `sql` into *stmt; an error says `what` failed.
Status Prepare(sqlite3* db, const std::string& path, std::string_view what, const char* sql,
               OwnedStmt* stmt) {
  sqlite3_stmt* raw = nullptr;
  const int rc = sqlite3_prepare_v2(db, sql, -1, &raw, nullptr);
  stmt->reset(raw);
  return rc == SQLITE_OK ? Status::Ok() : Error(db, path, what);
}

// Steps a statement that returns no row, then resets it and clears its bindings.
Status StepDone(sqlite3* db, const std::string& path, std::string_view what, sqlite3_stmt* stmt) {
  const int rc = sqlite3_step(stmt);
  Status status = rc == SQLITE_DONE ? Status::Ok() : Error(db, path, what);
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return status;
}

// Whether table `name` exists. The backfills' tables exist only while one is under way, so a new
// corpus has none.
Status TableExists(sqlite3* db, const std::string& path, std::string_view what, const char* name,
                   bool* exists) {
  OwnedStmt read;
  if (Status s =
          Prepare(db, path, what,
                  "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1", &read);
      !s.ok()) {
    return s;
  }
  if (sqlite3_bind_text(read.get(), 1, name, -1, SQLITE_STATIC) != SQLITE_OK ||
      sqlite3_step(read.get()) != SQLITE_ROW) {
    return Error(db, path, what);
  }
  *exists = sqlite3_column_int(read.get(), 0) != 0;
  return Status::Ok();
}

// The first id schema `version`'s backfill has not done yet (0 before its first batch).
Status ReadProgress(sqlite3* db, const std::string& path, std::string_view what, int version,
                    int64_t* next_id) {
  *next_id = 0;
  bool exists = false;
  if (Status s = TableExists(db, path, what, "schema_backfill", &exists); !s.ok() || !exists) {
    return s;
  }
  OwnedStmt read;
  if (Status s =
          Prepare(db, path, what, "SELECT next_id FROM schema_backfill WHERE version = ?1", &read);
      !s.ok()) {
    return s;
  }
  if (sqlite3_bind_int(read.get(), 1, version) != SQLITE_OK) return Error(db, path, what);
  int rc = sqlite3_step(read.get());
  if (rc == SQLITE_ROW) {
    *next_id = sqlite3_column_int64(read.get(), 0);
    rc = sqlite3_step(read.get());
  }
  return rc == SQLITE_DONE ? Status::Ok() : Error(db, path, what);
}

// The schema whose step rates stored puzzles again: the newest whose rater rates differently.
// The older re-rates (schemas 5 to 9) are left to it: one pass gives the same ratings.
constexpr int kRerateVersion = 10;
// The oldest schema whose rater gives this one's ratings but where a step got past the BUG (a
// chain rated 6.5 or more, or a guess): from there only those rows are rated again.
constexpr int kPartialFrom = 8;

// True iff the re-rate may read only the rows rated 6.5 or more or with a guess: the corpus is of
// schema 8 or 9, its ratings that rater's. Where this version applies schema 8 itself, to ratings
// of an older rater, it leaves table schema_rerate_every_row (StartRerate), which schema 10's
// file drops.
Status PartialRerate(sqlite3* db, const std::string& path, std::string_view what, bool* partial) {
  *partial = false;
  OwnedStmt version;
  if (Status s = Prepare(db, path, what, "PRAGMA user_version", &version); !s.ok()) return s;
  if (sqlite3_step(version.get()) != SQLITE_ROW) return Error(db, path, what);
  if (sqlite3_column_int(version.get(), 0) < kPartialFrom) return Status::Ok();
  bool every_row = false;
  if (Status s = TableExists(db, path, what, "schema_rerate_every_row", &every_row); !s.ok()) {
    return s;
  }
  *partial = !every_row;
  return Status::Ok();
}

// Marks schema 10's re-rate as one of every row, in the transaction that applies schema 8 to an
// older corpus.
Status StartRerate(sqlite3* db, const std::string& path) {
  if (sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS schema_rerate_every_row (unused INTEGER)",
                   nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error(db, path, "cannot record the re-rate of schema 10");
  }
  return Status::Ok();
}

// Rates the puzzle of a row selected as "id, givens, solution, ...": false for a row whose text
// does not parse, whose solution is not its givens', or that is not unique.
bool RateSelectedRow(sqlite3_stmt* select, Rating* rating) {
  const ParseResult givens = ParseGrid(ColumnView(select, 1));
  const ParseResult solution = ParseGrid(ColumnView(select, 2));
  return givens.ok && solution.ok && IsCompleteValidGrid(solution.grid) &&
         AgreesWith(givens.grid, solution.grid) && RatePuzzle(givens.grid, rating);
}

// Writes `rated` into row `id` with `update` ("UPDATE puzzles SET " kSetRatingSql " WHERE id =
// ?1").
Status SetRatingRow(sqlite3* db, const std::string& path, std::string_view what,
                    sqlite3_stmt* update, int64_t id, const RatingRow& rated) {
  int bind = sqlite3_bind_int64(update, 1, id);
  if (bind == SQLITE_OK) bind = BindRatingRow(update, rated);
  if (bind != SQLITE_OK) return Error(db, path, what);
  return StepDone(db, path, what, update);
}

// Saves that schema `version`'s backfill has done the rows before `next_id`.
Status SaveProgress(sqlite3* db, const std::string& path, std::string_view what, int version,
                    int64_t next_id) {
  if (sqlite3_exec(db, kProgressTable, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error(db, path, what);
  }
  OwnedStmt progress;
  if (Status s = Prepare(db, path, what,
                         "INSERT OR REPLACE INTO schema_backfill(version, next_id) VALUES(?1, ?2)",
                         &progress);
      !s.ok()) {
    return s;
  }
  if (sqlite3_bind_int(progress.get(), 1, version) != SQLITE_OK ||
      sqlite3_bind_int64(progress.get(), 2, next_id) != SQLITE_OK) {
    return Error(db, path, what);
  }
  return StepDone(db, path, what, progress.get());
}

// Steps `select`, a batch of at most kBackfillBatchRows rows in id order from `next_id` on (as
// "id, givens, solution, ..."), and calls rated(id, rating) for each row it can rate (the others
// are left for `verify` to report). Then *done when the batch was the last, else saves schema
// `version`'s progress after it, in the caller's transaction.
template <typename Rated>
Status RateBatch(sqlite3* db, const std::string& path, std::string_view what, int version,
                 sqlite3_stmt* select, int64_t next_id, bool* done, Rated rated) {
  int rows = 0, rc;
  int64_t last_id = next_id - 1;
  while ((rc = sqlite3_step(select)) == SQLITE_ROW) {
    ++rows;
    last_id = sqlite3_column_int64(select, 0);
    Rating rating;
    if (!RateSelectedRow(select, &rating)) continue;
    if (Status s = rated(last_id, rating); !s.ok()) return s;
  }
  if (rc != SQLITE_DONE) return Error(db, path, what);
  *done = rows < kBackfillBatchRows;
  if (*done) return Status::Ok();  // the schema file follows in this transaction
  return SaveProgress(db, path, what, version, last_id + 1);
}

// A batch of the re-rate: rates the rows from the saved progress on, rewriting those that differ.
Status RerateBatch(sqlite3* db, const std::string& path, bool* done) {
  constexpr std::string_view kWhat = "cannot rate the puzzles again for schema 10";
  constexpr int kVersion = kRerateVersion;
  int64_t next_id = 0;
  if (Status s = ReadProgress(db, path, kWhat, kVersion, &next_id); !s.ok()) return s;
  bool partial = false;
  if (Status s = PartialRerate(db, path, kWhat, &partial); !s.ok()) return s;
  OwnedStmt select, update;
  // Columns 3.. are the stored rating (ReadRatingRow).
  const std::string select_sql = std::string("SELECT id, givens, solution, ") + kRatingColumns +
                                 " FROM puzzles WHERE id >= ?1 AND (?3 = 0 OR rating >= 65 OR "
                                 "guesses > 0) ORDER BY id LIMIT ?2";
  if (Status s = Prepare(db, path, kWhat, select_sql.c_str(), &select); !s.ok()) {
    return s;
  }
  const std::string update_sql =
      std::string("UPDATE puzzles SET ") + kSetRatingSql + " WHERE id = ?1";
  if (Status s = Prepare(db, path, kWhat, update_sql.c_str(), &update); !s.ok()) {
    return s;
  }
  if (sqlite3_bind_int64(select.get(), 1, next_id) != SQLITE_OK ||
      sqlite3_bind_int(select.get(), 2, kBackfillBatchRows) != SQLITE_OK ||
      sqlite3_bind_int(select.get(), 3, partial ? 1 : 0) != SQLITE_OK) {
    return Error(db, path, kWhat);
  }
  return RateBatch(db, path, kWhat, kVersion, select.get(), next_id, done,
                   [&](int64_t id, const Rating& rating) {
                     const RatingRow rated = RatingRowOf(rating);
                     if (ReadRatingRow(select.get(), 3) == rated) return Status::Ok();
                     return SetRatingRow(db, path, kWhat, update.get(), id, rated);
                   });
}

// The schema whose step fills in EP and ED (schema 011 added their columns).
constexpr int kEpEdVersion = 12;

// A batch of EP and ED: rates the rows without them from the saved progress on and sets theirs,
// and, where the stored rating is this rater's, the other rating columns where its path differs
// (SE's instance order: another hardest technique of the same rating, other uses).
Status EpEdBatch(sqlite3* db, const std::string& path, bool* done) {
  constexpr std::string_view kWhat = "cannot add EP and ED to the puzzles for schema 12";
  int64_t next_id = 0;
  if (Status s = ReadProgress(db, path, kWhat, kEpEdVersion, &next_id); !s.ok()) return s;
  OwnedStmt select, update, rerate;
  // Columns 3.. are the stored rating (ReadRatingRow).
  const std::string select_sql = std::string("SELECT id, givens, solution, ") + kRatingColumns +
                                 " FROM puzzles WHERE id >= ?1 AND ep IS NULL ORDER BY id LIMIT ?2";
  if (Status s = Prepare(db, path, kWhat, select_sql.c_str(), &select); !s.ok()) return s;
  if (Status s =
          Prepare(db, path, kWhat, "UPDATE puzzles SET ep = ?2, ed = ?3 WHERE id = ?1", &update);
      !s.ok()) {
    return s;
  }
  const std::string rerate_sql =
      std::string("UPDATE puzzles SET ") + kSetRatingSql + " WHERE id = ?1";
  if (Status s = Prepare(db, path, kWhat, rerate_sql.c_str(), &rerate); !s.ok()) return s;
  if (sqlite3_bind_int64(select.get(), 1, next_id) != SQLITE_OK ||
      sqlite3_bind_int(select.get(), 2, kBackfillBatchRows) != SQLITE_OK) {
    return Error(db, path, kWhat);
  }
  return RateBatch(db, path, kWhat, kEpEdVersion, select.get(), next_id, done,
                   [&](int64_t id, const Rating& rating) {
                     sqlite3_stmt* u = update.get();
                     if (sqlite3_bind_int64(u, 1, id) != SQLITE_OK ||
                         sqlite3_bind_int(u, 2, rating.ep) != SQLITE_OK ||
                         sqlite3_bind_int(u, 3, rating.ed) != SQLITE_OK) {
                       return Error(db, path, kWhat);
                     }
                     if (Status s = StepDone(db, path, kWhat, u); !s.ok()) return s;
                     // Only the path changed (schema 10's ratings are this rater's): a row whose
                     // stored rating differs is left for `verify` to report.
                     const RatingRow rated = RatingRowOf(rating);
                     const RatingRow stored = ReadRatingRow(select.get(), 3);
                     if (stored == rated || stored.rating != rated.rating) return Status::Ok();
                     return SetRatingRow(db, path, kWhat, rerate.get(), id, rated);
                   });
}

// The schema whose step rates the chain-stage rows again with SE's chain step.
constexpr int kChainStepVersion = 13;

// A batch of that step: rates the rows rated 6.5 or more or with a guess, from the saved progress
// on, and rewrites each whose rating columns, ep or ed differ.
Status ChainStepBatch(sqlite3* db, const std::string& path, bool* done) {
  constexpr std::string_view kWhat = "cannot rate the puzzles again for schema 13";
  int64_t next_id = 0;
  if (Status s = ReadProgress(db, path, kWhat, kChainStepVersion, &next_id); !s.ok()) return s;
  OwnedStmt select, update;
  // Columns 3..7 are the stored rating (ReadRatingRow), 8 and 9 ep and ed.
  const std::string select_sql = std::string("SELECT id, givens, solution, ") + kRatingColumns +
                                 ", ep, ed FROM puzzles WHERE id >= ?1 AND (rating >= 65 OR "
                                 "guesses > 0) ORDER BY id LIMIT ?2";
  if (Status s = Prepare(db, path, kWhat, select_sql.c_str(), &select); !s.ok()) return s;
  const std::string update_sql =
      std::string("UPDATE puzzles SET ") + kSetRatingSql + ", ep = ?7, ed = ?8 WHERE id = ?1";
  if (Status s = Prepare(db, path, kWhat, update_sql.c_str(), &update); !s.ok()) return s;
  if (sqlite3_bind_int64(select.get(), 1, next_id) != SQLITE_OK ||
      sqlite3_bind_int(select.get(), 2, kBackfillBatchRows) != SQLITE_OK) {
    return Error(db, path, kWhat);
  }
  return RateBatch(db, path, kWhat, kChainStepVersion, select.get(), next_id, done,
                   [&](int64_t id, const Rating& rating) {
                     const RatingRow rated = RatingRowOf(rating);
                     sqlite3_stmt* s = select.get();
                     const bool same_ep_ed = sqlite3_column_type(s, 8) == SQLITE_INTEGER &&
                                             sqlite3_column_int(s, 8) == rating.ep &&
                                             sqlite3_column_type(s, 9) == SQLITE_INTEGER &&
                                             sqlite3_column_int(s, 9) == rating.ed;
                     if (same_ep_ed && ReadRatingRow(s, 3) == rated) return Status::Ok();
                     sqlite3_stmt* u = update.get();
                     int bind = sqlite3_bind_int64(u, 1, id);
                     if (bind == SQLITE_OK) bind = BindRatingRow(u, rated);
                     if (bind == SQLITE_OK) bind = sqlite3_bind_int(u, 7, rating.ep);
                     if (bind == SQLITE_OK) bind = sqlite3_bind_int(u, 8, rating.ed);
                     if (bind != SQLITE_OK) return Error(db, path, kWhat);
                     return StepDone(db, path, kWhat, u);
                   });
}

// The schema whose step puts the lean row in place (schema/016_lean_row.sql); its backfill copies
// the rows into puzzles_lean (schema/015_lean_row_table.sql).
constexpr int kLeanRowVersion = 16;
// Copying costs a few microseconds a row: a batch this size commits about every second.
constexpr int kLeanRowBatchRows = 100000;
constexpr char kLeanColumns[] =
    "id, run_id, item_index, clues, freedom, symmetry, grid_method, dig_order, guesses, "
    "canonical_key, collision_canonical, givens_packed, solution_packed, rating_tenths, "
    "ep_tenths, ed_tenths, hardest_code, uses";

}  // namespace

// A batch of the copy: the rows after the last one copied, in id order, so that a killed
// migration resumes where it stopped (the copied rows are its progress).
Status LeanRowBatch(sqlite3* db, const std::string& path, int batch_rows, bool* done) {
  constexpr std::string_view kWhat = "cannot copy the puzzles into the lean rows of schema 16";
  OwnedStmt last;
  if (Status s = Prepare(db, path, kWhat,
                         "SELECT (SELECT coalesce(max(id), 0) FROM puzzles_lean), "
                         "(SELECT max(id) FROM (SELECT id FROM puzzles WHERE id > "
                         "(SELECT coalesce(max(id), 0) FROM puzzles_lean) ORDER BY id LIMIT ?1))",
                         &last);
      !s.ok()) {
    return s;
  }
  if (sqlite3_bind_int(last.get(), 1, batch_rows) != SQLITE_OK ||
      sqlite3_step(last.get()) != SQLITE_ROW) {
    return Error(db, path, kWhat);
  }
  const int64_t from = sqlite3_column_int64(last.get(), 0);
  *done = sqlite3_column_type(last.get(), 1) == SQLITE_NULL;
  if (*done) return Status::Ok();
  const int64_t to = sqlite3_column_int64(last.get(), 1);
  OwnedStmt copy;
  const std::string copy_sql = std::string("INSERT INTO puzzles_lean (") + kLeanColumns +
                               ") SELECT " + kLeanColumns +
                               " FROM lean_row_source WHERE id > ?1 AND id <= ?2 ORDER BY id";
  if (Status s = Prepare(db, path, kWhat, copy_sql.c_str(), &copy); !s.ok()) return s;
  if (sqlite3_bind_int64(copy.get(), 1, from) != SQLITE_OK ||
      sqlite3_bind_int64(copy.get(), 2, to) != SQLITE_OK) {
    return Error(db, path, kWhat);
  }
  if (sqlite3_step(copy.get()) == SQLITE_DONE) return Status::Ok();
  const Status failed = Error(db, path, kWhat);
  // A row the lean table cannot hold: name it.
  OwnedStmt bad;
  if (Prepare(db, path, kWhat,
              "SELECT id FROM lean_row_source WHERE id > ?1 AND id <= ?2 AND (givens_packed IS "
              "NULL OR solution_packed IS NULL OR length(hardest_code) <> 1 OR uses GLOB "
              "'*[a-z\"]*') ORDER BY id LIMIT 1",
              &bad)
          .ok() &&
      sqlite3_bind_int64(bad.get(), 1, from) == SQLITE_OK &&
      sqlite3_bind_int64(bad.get(), 2, to) == SQLITE_OK && sqlite3_step(bad.get()) == SQLITE_ROW) {
    return Status::Corruption(path + ": puzzle id " +
                              std::to_string(sqlite3_column_int64(bad.get(), 0)) +
                              ": its givens or solution are not a grid, or it names a technique "
                              "this version does not know; schema 16 cannot store it (`verify` "
                              "reports it; delete the row to migrate)");
  }
  return failed;
}

Status BackfillBatchBeforeSchema(sqlite3* db, const std::string& path, int version, bool* done) {
  *done = true;
  if (version == kRerateVersion) return RerateBatch(db, path, done);
  if (version == kEpEdVersion) return EpEdBatch(db, path, done);
  if (version == kChainStepVersion) return ChainStepBatch(db, path, done);
  if (version == kLeanRowVersion) return LeanRowBatch(db, path, kLeanRowBatchRows, done);
  return Status::Ok();
}

Status BackfillAfterSchema(sqlite3* db, const std::string& path, int version) {
  if (version == 2) return BackfillCanonicalForms(db, path);
  if (version == 3) return BackfillRatings(db, path);
  if (version == kPartialFrom) return StartRerate(db, path);
  return Status::Ok();
}

}  // namespace sudoku::storage_internal
