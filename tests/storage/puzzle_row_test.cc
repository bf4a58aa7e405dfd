// Tests of the puzzle-row codec (src/storage/puzzle_row.h): a record written as the store writes
// it reads back equal; a rating written as the backfills write it reads back equal; a row
// copied as the merge copies it keeps every column, and loses only its key when told to.
#include "storage/puzzle_row.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <memory>
#include <string>
#include <vector>

#include "common/sqlite_query.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/solver.h"
#include "sudoku/storage/store.h"

namespace sudoku::storage_internal {
namespace {

using testing::kUndoSchema14Sql;
using testing::QueryInt;
using testing::StoreDb;
using testing::UndoSchema16;

constexpr char kPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

// A record of kPuzzle with every field set, as the generator would make it.
PuzzleRecord MakeRecord(int64_t item_index) {
  PuzzleRecord r;
  r.item_index = item_index;
  r.givens = ParseGrid(kPuzzle).grid;
  EXPECT_EQ(CountSolutions(r.givens, 2, &r.solution), 1);
  r.clues = CountGivens(r.givens);
  r.freedom = TotalFreedom(r.givens);
  Rating rating;
  EXPECT_TRUE(RatePuzzle(r.givens, &rating));
  r.rating = rating.rating;
  r.hardest = rating.hardest;
  r.guesses = rating.guesses;
  r.technique_uses = rating.uses;
  r.level = RatingLevel(r.rating);
  r.clue_class = ClueClassOf(r.clues);
  r.symmetry = "none";
  r.grid_method = "search";
  r.dig_order = "random";
  r.canonical = CanonicalForm(r.givens);
  r.solution_canonical = CanonicalGrid(r.solution);
  return r;
}

std::unique_ptr<SqliteStore> OpenWithRun() {
  std::unique_ptr<SqliteStore> store;
  EXPECT_TRUE(SqliteStore::Open(":memory:", &store).ok());
  int64_t run_id = 0;
  RunInfo info;
  info.params_json = "{}";
  EXPECT_TRUE(store->BeginRun(info, &run_id).ok());
  return store;
}

// The rows of `db`'s puzzles table, in id order, read by the codec.
std::vector<StoredPuzzle> ReadRows(sqlite3* db) {
  std::vector<StoredPuzzle> rows;
  sqlite3_stmt* stmt = nullptr;
  const std::string sql = std::string("SELECT ") + kPuzzleColumns + " FROM puzzles ORDER BY id";
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr), SQLITE_OK);
  while (sqlite3_step(stmt) == SQLITE_ROW) ReadPuzzleRow(stmt, &rows.emplace_back());
  sqlite3_finalize(stmt);
  return rows;
}

// Expects `row` to hold `r`, decoded back into the record's own types. The canonical forms are
// not stored (the callers check the key, and a collision row's form).
void ExpectHolds(const StoredPuzzle& row, const PuzzleRecord& r) {
  EXPECT_EQ(row.item_index, r.item_index);
  EXPECT_EQ(ParseGrid(row.givens).grid, r.givens);
  EXPECT_EQ(ParseGrid(row.solution).grid, r.solution);
  EXPECT_EQ(row.clues, r.clues);
  EXPECT_EQ(row.freedom, r.freedom);
  EXPECT_EQ(row.level, r.level);
  EXPECT_EQ(row.clue_class, r.clue_class);
  EXPECT_EQ(row.rating, r.rating);
  EXPECT_EQ(ParseTechnique(row.hardest), r.hardest);
  EXPECT_EQ(row.guesses, r.guesses);
  EXPECT_EQ(row.techniques, TechniqueUsesJson(r.technique_uses));
  EXPECT_EQ(row.symmetry, r.symmetry);
  EXPECT_EQ(row.grid_method, r.grid_method);
  EXPECT_EQ(row.dig_order, r.dig_order);
}

TEST(PuzzleRow, ARecordReadsBackEqual) {
  auto store = OpenWithRun();
  const PuzzleRecord record = MakeRecord(7);
  BatchOutcome outcome;
  ASSERT_TRUE(store->WriteBatch({&record, 1}, &outcome).ok());
  const std::vector<StoredPuzzle> rows = ReadRows(StoreDb(*store));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0].run_id, store->run_id());
  ExpectHolds(rows[0], record);
  EXPECT_TRUE(rows[0].has_canonical_key);
  EXPECT_EQ(rows[0].canonical_key, CanonicalKey(record.canonical));
  EXPECT_EQ(rows[0].collision_canonical, "");
  EXPECT_NE(ParseTechnique(rows[0].hardest), Technique::kNone);  // a rated puzzle, not defaults
}

TEST(PuzzleRow, ARatingReadsBackEqual) {
  auto store = OpenWithRun();
  const PuzzleRecord record = MakeRecord(0);
  BatchOutcome outcome;
  ASSERT_TRUE(store->WriteBatch({&record, 1}, &outcome).ok());
  sqlite3* db = StoreDb(*store);
  // The backfills run on corpora older than schema 14, whose rating column is the tenths.
  ASSERT_NO_FATAL_FAILURE(UndoSchema16(db));
  ASSERT_EQ(sqlite3_exec(db, kUndoSchema14Sql, nullptr, nullptr, nullptr), SQLITE_OK);
  // A rating other than the stored one, written as the migrations' backfills write it.
  Rating other;
  other.rating = 83;
  other.hardest = Technique::kNakedPair;
  other.guesses = 2;
  other.uses[static_cast<int>(Technique::kNakedPair)] = 5;
  const RatingRow written = RatingRowOf(other);
  sqlite3_stmt* update = nullptr;
  const std::string sql = std::string("UPDATE puzzles SET ") + kSetRatingSql + " WHERE id = ?1";
  ASSERT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &update, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_bind_int64(update, 1, 1), SQLITE_OK);
  ASSERT_EQ(BindRatingRow(update, written), SQLITE_OK);
  EXPECT_EQ(sqlite3_step(update), SQLITE_DONE);
  sqlite3_finalize(update);

  sqlite3_stmt* select = nullptr;
  const std::string read = std::string("SELECT id, ") + kRatingColumns + " FROM puzzles";
  ASSERT_EQ(sqlite3_prepare_v2(db, read.c_str(), -1, &select, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(select), SQLITE_ROW);
  EXPECT_EQ(ReadRatingRow(select, 1), written);
  EXPECT_NE(ReadRatingRow(select, 1), RatingRowOf(Rating()));
  sqlite3_finalize(select);
  EXPECT_EQ(RatingRowOf(other).level, RatingLevel(83));
}

// Copies every row of `from` into `to`'s run 1, as the merge does, the key dropped or not.
void CopyRows(sqlite3* from, sqlite3* to, bool drop_key) {
  static const std::string kPath = ":memory:";
  CopiedColumns columns;
  ASSERT_TRUE(columns.Read(Connection(kPath, to)).ok());
  sqlite3_stmt* select = nullptr;
  sqlite3_stmt* insert = nullptr;
  const std::string sql = "SELECT " + columns.SelectList() + " FROM puzzles ORDER BY id";
  ASSERT_EQ(sqlite3_prepare_v2(from, sql.c_str(), -1, &select, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(to, columns.InsertSql().c_str(), -1, &insert, nullptr), SQLITE_OK);
  while (sqlite3_step(select) == SQLITE_ROW) {
    EXPECT_EQ(BindCopiedRow(insert, 1, select, columns, drop_key), SQLITE_OK);
    EXPECT_EQ(sqlite3_step(insert), SQLITE_DONE) << sqlite3_errmsg(to);
    sqlite3_reset(insert);
  }
  sqlite3_finalize(select);
  sqlite3_finalize(insert);
}

TEST(PuzzleRow, ACopiedRowKeepsEveryColumn) {
  const PuzzleRecord record = MakeRecord(3);
  const std::string form = ToString(record.canonical);
  // The source row as the store writes it, and as a collision row (no key, its form stored).
  for (bool collision_row : {false, true}) {
    auto source = OpenWithRun();
    BatchOutcome outcome;
    ASSERT_TRUE(source->WriteBatch({&record, 1}, &outcome).ok());
    if (collision_row) {
      ASSERT_EQ(sqlite3_exec(StoreDb(*source),
                             ("UPDATE puzzles SET canonical_key = NULL, collision_canonical = '" +
                              form + "'")
                                 .c_str(),
                             nullptr, nullptr, nullptr),
                SQLITE_OK);
    }
    for (bool drop_key : {false, true}) {
      SCOPED_TRACE(std::string(collision_row ? "collision row" : "keyed row") +
                   (drop_key ? ", key dropped" : ", key kept"));
      auto target = OpenWithRun();
      ASSERT_NO_FATAL_FAILURE(CopyRows(StoreDb(*source), StoreDb(*target), drop_key));
      const std::vector<StoredPuzzle> rows = ReadRows(StoreDb(*target));
      ASSERT_EQ(rows.size(), 1u);
      ExpectHolds(rows[0], record);
      // A row with its key stores no form; one without stores its form (a collision row in the
      // output too), whether the source stored it or the copy computes it from the givens.
      EXPECT_EQ(rows[0].has_canonical_key, !drop_key);
      if (drop_key) {
        EXPECT_EQ(rows[0].collision_canonical, form);
      } else {
        EXPECT_EQ(rows[0].canonical_key, CanonicalKey(record.canonical));
        EXPECT_EQ(rows[0].collision_canonical, "");
      }
      // Every column but id and run_id is copied.
      CopiedColumns columns;
      ASSERT_TRUE(columns.Read(Connection(target->path(), StoreDb(*target))).ok());
      EXPECT_EQ(static_cast<int64_t>(columns.names.size()) + 2,
                QueryInt(StoreDb(*target), "SELECT count(*) FROM pragma_table_info('puzzles')"));
    }
  }
}

// Each storage class survives the copy as itself: an empty text stays text, an empty blob a
// blob (SQLite hands it over as a null pointer), a real keeps its bits.
TEST(PuzzleRow, ACopiedRowKeepsEachValueType) {
  sqlite3* raw = nullptr;
  ASSERT_EQ(sqlite3_open(":memory:", &raw), SQLITE_OK);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> db(raw, sqlite3_close);
  ASSERT_EQ(sqlite3_exec(raw,
                         "CREATE TABLE src (a, b, c, d, e, f, g);"
                         "CREATE TABLE puzzles (run_id, a, b, c, d, e, f, g);"
                         "INSERT INTO src VALUES (-7, 0.1, 'text', '', x'00ff', x'', NULL)",
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  CopiedColumns columns;
  columns.names = {"a", "b", "c", "d", "e", "f", "g"};
  sqlite3_stmt* select = nullptr;
  sqlite3_stmt* insert = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT a, b, c, d, e, f, g FROM src", -1, &select, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_prepare_v2(raw, columns.InsertSql().c_str(), -1, &insert, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_step(select), SQLITE_ROW);
  EXPECT_EQ(BindCopiedRow(insert, 1, select, columns, false), SQLITE_OK);
  EXPECT_EQ(sqlite3_step(insert), SQLITE_DONE);
  sqlite3_finalize(select);
  sqlite3_finalize(insert);
  for (const char* c : {"a", "b", "c", "d", "e", "f", "g"}) {
    const std::string same = std::string("SELECT count(*) FROM src, puzzles WHERE typeof(src.") +
                             c + ") = typeof(puzzles." + c + ") AND quote(src." + c +
                             ") = quote(puzzles." + c + ")";
    EXPECT_EQ(QueryInt(raw, same.c_str()), 1) << c;
  }
}

}  // namespace
}  // namespace sudoku::storage_internal
