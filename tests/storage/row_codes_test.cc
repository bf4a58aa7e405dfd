// Tests of the lean row's compact forms (src/storage/row_codes.h) against the SQL that decodes
// them for SQL users (schema/015_lean_row_table.sql, 016_lean_row.sql): packed grids, technique
// codes and uses, and the levels the schema computes, for every technique, rating and clue count.
#include "storage/row_codes.h"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

#include "common/sqlite_query.h"
#include "common/temp_db.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/storage/store.h"

namespace sudoku::storage_internal {
namespace {

using testing::QueryText;

constexpr char kPuzzle[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

TEST(RowCodes, APackedGridUnpacksEqual) {
  const Grid grid = ParseGrid(kPuzzle).grid;
  const PackedGrid packed = PackGrid(grid);
  const std::optional<Grid> back = UnpackGrid(packed.data(), static_cast<int>(packed.size()));
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, grid);
  EXPECT_EQ(packed[0], 0x53);  // cell 0 in the high nibble
  EXPECT_EQ(packed[kPackedGridBytes - 1] & 0xf, 0);
}

TEST(RowCodes, RefusesWhatIsNotAPackedGrid) {
  PackedGrid packed = PackGrid(ParseGrid(kPuzzle).grid);
  EXPECT_FALSE(UnpackGrid(packed.data(), kPackedGridBytes - 1).has_value());
  EXPECT_FALSE(UnpackGrid(nullptr, kPackedGridBytes).has_value());
  packed[3] = 0xa1;  // a nibble above 9
  EXPECT_FALSE(UnpackGrid(packed.data(), kPackedGridBytes).has_value());
  packed = PackGrid(ParseGrid(kPuzzle).grid);
  packed[kPackedGridBytes - 1] |= 1;  // the padding nibble
  EXPECT_FALSE(UnpackGrid(packed.data(), kPackedGridBytes).has_value());
}

TEST(RowCodes, EveryTechniqueHasItsOwnCode) {
  std::set<char> codes;
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    const char code = TechniqueCode(technique);
    ASSERT_NE(code, '\0') << TechniqueName(technique)
                          << " has no code: add one in a schema step and in row_codes.cc";
    EXPECT_FALSE(code >= '0' && code <= '9') << code;
    EXPECT_TRUE(codes.insert(code).second) << "code " << code << " twice";
    EXPECT_EQ(TechniqueOfCode(code), technique);
  }
  EXPECT_FALSE(TechniqueOfCode('a').has_value());
  EXPECT_FALSE(TechniqueOfCode('7').has_value());
}

TEST(RowCodes, UsesDecodeEqual) {
  TechniqueUses uses{};
  for (int t = 0; t < kTechniqueCount; t += 3) uses[t] = static_cast<uint16_t>(t * 97 % 1000 + 1);
  uses[kTechniqueCount - 1] = 65535;
  TechniqueUses back{};
  ASSERT_TRUE(DecodeUses(UsesCode(uses), &back));
  EXPECT_EQ(back, uses);
  EXPECT_EQ(UsesCode(TechniqueUses{}), "");
  EXPECT_TRUE(DecodeUses("", &back));
  EXPECT_EQ(back, TechniqueUses{});
  EXPECT_FALSE(DecodeUses("B", &back));       // no count
  EXPECT_FALSE(DecodeUses("B0", &back));      // a count of 0 is never written
  EXPECT_FALSE(DecodeUses("B65536", &back));  // above uint16
  EXPECT_FALSE(DecodeUses("12", &back));      // no code
  EXPECT_FALSE(DecodeUses("a3", &back));      // not a code
}

// A corpus made by the store (every schema step applied), with one run to hang rows on.
class RowCodesSql : public ::testing::Test {
 protected:
  void SetUp() override {
    std::unique_ptr<SqliteStore> store;
    ASSERT_TRUE(SqliteStore::Open(file_.path(), &store).ok());
    int64_t run_id = 0;
    RunInfo info;
    info.params_json = "{}";
    ASSERT_TRUE(store->BeginRun(info, &run_id).ok());
    ASSERT_TRUE(store->EndRun("finished").ok());
    store.reset();
    ASSERT_EQ(sqlite3_open(file_.path().c_str(), &db_), SQLITE_OK);
  }
  void TearDown() override { sqlite3_close(db_); }

  // Inserts a row with these stored columns; its id.
  int64_t Insert(const std::string& hardest_code, const std::string& uses, int rating_tenths,
                 int clues) {
    const std::string packed = "x'" + std::string(81, '1') + "0'";
    const std::string sql =
        "INSERT INTO puzzles (run_id, item_index, givens_packed, solution_packed, clues, "
        "freedom, symmetry, grid_method, dig_order, rating_tenths, hardest_code, guesses, uses) "
        "VALUES (1, " +
        std::to_string(next_item_++) + ", " + packed + ", " + packed + ", " +
        std::to_string(clues) + ", 0, 'none', 'search', 'random', " +
        std::to_string(rating_tenths) + ", '" + hardest_code + "', 0, '" + uses + "')";
    EXPECT_EQ(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db_);
    return sqlite3_last_insert_rowid(db_);
  }

  // A column of the row, or of its JSON uses (the view puzzle_techniques).
  std::string Column(const char* column, int64_t id) {
    return QueryText(db_, std::string("SELECT ") + column +
                              " FROM puzzles JOIN puzzle_techniques USING (id) WHERE id = " +
                              std::to_string(id));
  }

  testing::TempDb file_{"row_codes_test"};
  sqlite3* db_ = nullptr;
  int64_t next_item_ = 0;
};

TEST_F(RowCodesSql, TheSchemaNamesEveryTechniqueAsTheToolDoes) {
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    TechniqueUses uses{};
    uses[t] = static_cast<uint16_t>(t + 10);
    uses[(t + 5) % kTechniqueCount] = 3;  // with another, in Technique order
    const int64_t id = Insert(std::string(1, TechniqueCode(technique)), UsesCode(uses), 42, 30);
    EXPECT_EQ(Column("hardest", id), TechniqueName(technique));
    EXPECT_EQ(Column("techniques", id), TechniqueUsesJson(uses)) << TechniqueName(technique);
    EXPECT_EQ(QueryText(db_, "SELECT name FROM technique_codes WHERE code = '" +
                                 std::string(1, TechniqueCode(technique)) + "'"),
              TechniqueName(technique));
  }
  EXPECT_EQ(Column("techniques", Insert("B", "", 10, 30)), "{}");
  EXPECT_EQ(QueryText(db_, "SELECT count(*) FROM technique_codes"),
            std::to_string(kTechniqueCount));
}

TEST_F(RowCodesSql, TheSchemaComputesTheLevelsAsTheToolDoes) {
  for (int tenths = 0; tenths <= 120; ++tenths) {
    const int clues = 17 + tenths % 65;  // 17..81
    const int64_t id = Insert("B", "", tenths, clues);
    EXPECT_EQ(Column("level", id), RatingLevel(tenths)) << tenths;
    EXPECT_EQ(Column("clue_level", id), ClueClassOf(clues)) << clues;
    EXPECT_EQ(Column("rating * 10", id), std::to_string(tenths) + ".0");
  }
}

TEST_F(RowCodesSql, TheSchemaShowsAPackedGridAsItsText) {
  const int64_t id = Insert("B", "", 10, 30);
  const PackedGrid packed = PackGrid(ParseGrid(kPuzzle).grid);
  std::string hex = "x'";
  for (uint8_t byte : packed) {
    hex += "0123456789abcdef"[byte >> 4];
    hex += "0123456789abcdef"[byte & 0xf];
  }
  hex += "'";
  ASSERT_EQ(sqlite3_exec(db_,
                         ("UPDATE puzzles SET givens_packed = " + hex +
                          ", solution_packed = " + hex + " WHERE id = " + std::to_string(id))
                             .c_str(),
                         nullptr, nullptr, nullptr),
            SQLITE_OK);
  EXPECT_EQ(Column("givens", id), kPuzzle);
  std::string digits = kPuzzle;  // `solution` is a complete grid's: no '.' expected there
  std::replace(digits.begin(), digits.end(), '.', '0');
  EXPECT_EQ(Column("solution", id), digits);
}

}  // namespace
}  // namespace sudoku::storage_internal
