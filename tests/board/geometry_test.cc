// White-box tests of the board's private tables: the one house and peer table
// (core/board/geometry.h) and the one digit-mask convention (core/board/digits.h).
#include "core/board/geometry.h"

#include <gtest/gtest.h>

#include <bit>

#include "core/board/digits.h"
#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::kHousePlaces;
using core_internal::kHouses;
using core_internal::kPlaces;
using core_internal::kTables;

TEST(Geometry, PlacesAgreeWithGridIndexing) {
  for (int cell = 0; cell < kCells; ++cell) {
    const auto& p = kPlaces[cell];
    EXPECT_EQ(p.row, RowOf(cell));
    EXPECT_EQ(p.col, ColOf(cell));
    EXPECT_EQ(p.box, BoxOf(cell));
    EXPECT_EQ(p.in_box, RowOf(cell) % 3 * 3 + ColOf(cell) % 3);
    const auto& h = kHousePlaces[cell];
    EXPECT_EQ(h.house[0], RowOf(cell));
    EXPECT_EQ(h.house[1], 9 + ColOf(cell));
    EXPECT_EQ(h.house[2], 18 + BoxOf(cell));
    // A cell's position in each house indexes that house's cell list.
    for (int i = 0; i < 3; ++i) {
      EXPECT_EQ(kTables.house_cells[h.house[i]][h.position[i]], cell) << cell << " " << i;
    }
  }
}

TEST(Geometry, HousesHoldNineCellsAndPeersAreTwenty) {
  for (int h = 0; h < kHouses; ++h) {
    EXPECT_EQ(core_internal::House(h).Count(), 9) << h;
    for (int i = 1; i < 9; ++i) EXPECT_LT(kTables.house_cells[h][i - 1], kTables.house_cells[h][i]);
  }
  for (int cell = 0; cell < kCells; ++cell) {
    EXPECT_EQ(core_internal::Peers(cell).Count(), 20) << cell;
    EXPECT_FALSE(core_internal::Sees(cell, cell));
    EXPECT_EQ(std::popcount(core_internal::HousesOf(cell)), 3);
  }
  EXPECT_TRUE(core_internal::Sees(0, 8));   // same row
  EXPECT_TRUE(core_internal::Sees(0, 72));  // same column
  EXPECT_TRUE(core_internal::Sees(0, 20));  // same box
  EXPECT_FALSE(core_internal::Sees(0, 80));
}

TEST(CellSet, DefaultIsEmptyAndAllHasEveryCell) {
  EXPECT_TRUE(CellSet().Empty());
  EXPECT_EQ(CellSet::All().Count(), kCells);
  CellSet set;
  set.Set(3);
  set.Set(70);
  EXPECT_TRUE(set.Meets(CellSet::Of(70)));
  set.Clear(70);
  EXPECT_FALSE(set.Meets(CellSet::Of(70)));
  EXPECT_EQ(set, CellSet::Of(3));
}

TEST(Digits, OneBitPerDigitFromBitZero) {
  EXPECT_EQ(core_internal::kAllDigits, 0x1FF);
  for (int d = 1; d <= 9; ++d) {
    EXPECT_EQ(core_internal::DigitBit(d), 1u << (d - 1));
  }
}

TEST(Digits, HousesTrackTheDigitsOfRowsColumnsAndBoxes) {
  core_internal::Houses houses;
  EXPECT_EQ(houses.Free(0), core_internal::kAllDigits);
  houses.Toggle(0, 5);  // row 0, column 0, box 0
  EXPECT_EQ(houses.Free(8), core_internal::kAllDigits & ~core_internal::DigitBit(5));   // row
  EXPECT_EQ(houses.Free(72), core_internal::kAllDigits & ~core_internal::DigitBit(5));  // column
  EXPECT_EQ(houses.Free(20), core_internal::kAllDigits & ~core_internal::DigitBit(5));  // box
  EXPECT_EQ(houses.Free(80), core_internal::kAllDigits);
  houses.Toggle(0, 5);
  EXPECT_EQ(houses.Free(8), core_internal::kAllDigits);
}

// RandomDigit takes the digit of RandomBit's bit with the same draw: the grid methods' choices
// do not depend on how digits are numbered in a mask.
TEST(Digits, RandomDigitIsRandomBitPlusOne) {
  Rng a(7), b(7);
  for (uint16_t mask = 1; mask <= core_internal::kAllDigits; ++mask) {
    EXPECT_EQ(core_internal::RandomDigit(mask, a), core_internal::RandomBit(mask, b) + 1);
  }
}

}  // namespace
}  // namespace sudoku
