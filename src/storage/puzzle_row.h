// PuzzleRow: the one codec of a row of the `puzzles` table (schema/NNN_*.sql). It alone knows the
// columns and how each value is written: a new PuzzleRecord (the store), a row copied from
// another corpus (the merge), a puzzle rated again (the migrations' backfills), and a row read
// back (the corpus reader). Private to src/storage; include as "storage/puzzle_row.h".
//
// The lean row (schema/015_lean_row_table.sql): grids packed, the hardest technique and the uses
// as codes (storage/row_codes.h), names of methods as text; level and clue_level are computed
// by SQLite. canonical_key is CanonicalKey(canonical form), or NULL for a "collision row"
// (schema/004_canonical_key.sql), which alone stores its form, in collision_canonical.
// Binding functions return SQLite's first failed return code (SQLITE_OK when all bound); the
// caller steps, resets and clears the statement. Stateless: safe from any thread.
#ifndef SUDOKU_STORAGE_PUZZLE_ROW_H_
#define SUDOKU_STORAGE_PUZZLE_ROW_H_

#include <sqlite3.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/connection.h"
#include "storage/row_codes.h"
#include "sudoku/core/record.h"
#include "sudoku/status.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::storage_internal {

// Inserts a new puzzle (BindNewPuzzleRow binds it). A row whose canonical key is taken is not
// inserted: no change, no error (the store then tells a duplicate from a hash collision). Any
// other constraint (e.g. the same item twice) still fails.
extern const char kInsertPuzzleSql[];

// A record's text columns, formatted once into buffers that BindNewPuzzleRow binds without a
// copy, so the object must outlive every step of the statement it was bound to.
struct PuzzleRowText {
  explicit PuzzleRowText(const PuzzleRecord& record);
  PuzzleRowText(const PuzzleRowText&) = delete;  // the views point into this object's buffers
  PuzzleRowText& operator=(const PuzzleRowText&) = delete;

  PackedGrid givens_packed, solution_packed;
  std::array<char, kCells> canonical_buffer;
  std::string_view canonical;  // the text form, stored only by a collision row
  std::string uses;            // UsesCode
  char hardest_code;           // TechniqueCode
  int64_t canonical_key;
};

// The corpus computes level and clue_level from the rating and the clues: a record whose names
// are not those (a bug upstream) is refused rather than stored as something else.
Status CheckRecordLevels(const PuzzleRecord& record);

// Binds `record` of run `run_id` to kInsertPuzzleSql, under its canonical key, or with
// with_key false under none (a collision row). REQUIRES: `text` was made from `record`.
int BindNewPuzzleRow(sqlite3_stmt* insert, int64_t run_id, const PuzzleRecord& record,
                     const PuzzleRowText& text, bool with_key);

// SQL for a row's canonical form, and for a row that has one (all but schema 1's duplicates,
// which have neither key nor collision form): a collision row stores its form, any other row's
// is computed from its givens (needs Connection::RegisterFunctions).
inline constexpr char kRowFormExpr[] =
    "coalesce(collision_canonical, sudoku_canonical_form(givens_packed))";
inline constexpr char kRowHasForm[] =
    "(canonical_key IS NOT NULL OR collision_canonical IS NOT NULL)";

// Steps `givens_of_key`, a query whose ?1 is a key and whose column 0 the packed givens of the
// row under it, for `key`; *same tells whether that row's canonical form is `form` (false: no
// row, or another form: a hash collision). Returns SQLITE_DONE, or SQLite's error code; resets
// the statement and clears its bindings.
int HolderHasForm(sqlite3_stmt* givens_of_key, int64_t key, const Grid& form, bool* same);

// The columns StoredPuzzle holds, in ReadPuzzleRow's order, for a SELECT list.
extern const char kPuzzleColumns[];

// The current row of a statement that selected kPuzzleColumns, into *puzzle (NULL reads as
// "" or 0; has_canonical_key tells a NULL key).
void ReadPuzzleRow(sqlite3_stmt* select, StoredPuzzle* puzzle);

// The rating columns of a row, as stored: rated anew (RatingRowOf) or read back
// (ReadRatingRow: NULL as -1 for numbers, "" for text).
struct RatingRow {
  int rating = -1;
  std::string hardest;
  int guesses = -1;
  std::string techniques;
  std::string level;
  bool operator==(const RatingRow&) const = default;
};
RatingRow RatingRowOf(const Rating& rating);

// The rating columns as the re-rating backfills of schemas 3 to 13 see them: they run before
// schema 14, when `rating` (like `ep` and `ed`) was the stored integer in tenths; from 14 on that
// column is `rating_tenths` and `rating` a read-only SE-unit column.
//
// The rating columns, in ReadRatingRow's order, for a SELECT list.
extern const char kRatingColumns[];
// "rating = ?2, hardest = ?3, guesses = ?4, techniques = ?5, level = ?6", for an UPDATE whose
// ?1 names the row; BindRatingRow binds ?2..?6.
extern const char kSetRatingSql[];
int BindRatingRow(sqlite3_stmt* update, const RatingRow& row);
// Columns first..first+4 of the current row, selected as "rating, hardest, guesses,
// techniques, level".
RatingRow ReadRatingRow(sqlite3_stmt* select, int first);

// The columns a merge copies from one corpus into another: every puzzles column but id and
// run_id, read from the schema itself so that no column is left behind.
struct CopiedColumns {
  std::vector<std::string> names;
  int key = -1;        // canonical_key's position in names
  int item = -1;       // item_index's
  int collision = -1;  // collision_canonical's, -1 if there is none
  int givens = -1;     // givens_packed's, -1 if there is none

  // Reads the columns of `conn`'s puzzles table. Fails if it lacks canonical_key or item_index.
  Status Read(const Connection& conn);
  // The SELECT list that reads them from a source, with a collision row's true key in place of
  // its NULL (needs sudoku_canonical_key, Connection::RegisterFunctions).
  std::string SelectList() const;
  // INSERT INTO main.puzzles for them, with run_id as ?1.
  std::string InsertSql() const;
};

// Binds the row `source` selected with columns.SelectList() to columns.InsertSql(), under run
// `run_id`; with drop_key the row is written without its key (a key collision in the output)
// and so with its form in collision_canonical, which a row with its key has NULL.
// Texts and blobs are bound in place, not copied: REQUIRES: `insert` is stepped before `source`
// is stepped or reset.
int BindCopiedRow(sqlite3_stmt* insert, int64_t run_id, sqlite3_stmt* source,
                  const CopiedColumns& columns, bool drop_key);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_PUZZLE_ROW_H_
