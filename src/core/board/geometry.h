// The board's geometry, as tables made at compile time: where each cell lies (row, column, box,
// and its position in each of its houses), the 27 houses (rows 0-8, columns 9-17, boxes 18-26)
// with their cells, and each cell's 20 peers. Private to src/core: the one house and peer table
// of the grid methods, the digger, the scorer and the rater. Cells are numbered row * 9 + col
// (sudoku/core/grid.h). Constant data; thread-safe.
//
// Tables in one algorithm's own layout stay beside it: the solver's band tables
// (solve/solver_internal.h), the rater's per-house counts and locked-candidate segments
// (rate/techniques/singles.cc), and the canonical search's column tables for byte shuffles
// (canonical/grid.cc).
#ifndef SUDOKU_CORE_BOARD_GEOMETRY_H_
#define SUDOKU_CORE_BOARD_GEOMETRY_H_

#include <array>
#include <cstdint>

#include "core/board/cell_set.h"
#include "sudoku/core/grid.h"

namespace sudoku::core_internal {

inline constexpr int kHouses = 27;
constexpr int RowHouse(int cell) { return RowOf(cell); }
constexpr int ColHouse(int cell) { return 9 + ColOf(cell); }
constexpr int BoxHouse(int cell) { return 18 + BoxOf(cell); }

// Where a cell lies. A table, as the grid searches and the digger look a cell's houses up for
// every open cell at every step, where the divisions of RowOf, ColOf and BoxOf would dominate.
// Four bytes a cell, so that the hot loops that read it stay in few cache lines.
struct Place {
  uint8_t row, col, box;
  uint8_t in_box;  // row_in_box * 3 + col_in_box
};
inline constexpr std::array<Place, kCells> kPlaces = [] {
  std::array<Place, kCells> places{};
  for (int cell = 0; cell < kCells; ++cell) {
    places[cell] = {static_cast<uint8_t>(RowOf(cell)), static_cast<uint8_t>(ColOf(cell)),
                    static_cast<uint8_t>(BoxOf(cell)),
                    static_cast<uint8_t>(RowOf(cell) % 3 * 3 + ColOf(cell) % 3)};
  }
  return places;
}();

// The same places by house number: a cell's three houses and its position in each (its column
// in its row, its row in its column, in_box in its box), as the rater indexes houses.
struct HousePlace {
  int8_t house[3];
  int8_t position[3];
};
inline constexpr std::array<HousePlace, kCells> kHousePlaces = [] {
  std::array<HousePlace, kCells> places{};
  for (int cell = 0; cell < kCells; ++cell) {
    const Place& p = kPlaces[cell];
    places[cell] = {
        {static_cast<int8_t>(RowHouse(cell)), static_cast<int8_t>(ColHouse(cell)),
         static_cast<int8_t>(BoxHouse(cell))},
        {static_cast<int8_t>(p.col), static_cast<int8_t>(p.row), static_cast<int8_t>(p.in_box)}};
  }
  return places;
}();

struct Tables {
  CellSet house[kHouses];
  int8_t house_cells[kHouses][9];  // the cells of each house, increasing
  CellSet peers[kCells];           // the 20 cells sharing a house with each cell
  uint32_t cell_houses[kCells];    // bit h: house h holds the cell
};

constexpr Tables MakeTables() {
  Tables t{};
  int filled[kHouses] = {};
  for (int c = 0; c < kCells; ++c) {
    for (int h : {RowHouse(c), ColHouse(c), BoxHouse(c)}) {
      t.house[h].Set(c);
      t.house_cells[h][filled[h]++] = static_cast<int8_t>(c);
    }
  }
  for (int c = 0; c < kCells; ++c) {
    t.peers[c] = t.house[RowHouse(c)] | t.house[ColHouse(c)] | t.house[BoxHouse(c)];
    t.peers[c].Clear(c);
    t.cell_houses[c] = (1u << RowHouse(c)) | (1u << ColHouse(c)) | (1u << BoxHouse(c));
  }
  return t;
}
inline constexpr Tables kTables = MakeTables();

inline constexpr CellSet House(int h) { return kTables.house[h]; }
inline constexpr CellSet Peers(int cell) { return kTables.peers[cell]; }
inline constexpr bool Sees(int a, int b) { return kTables.peers[a].Has(b); }
inline constexpr uint32_t HousesOf(int cell) { return kTables.cell_houses[cell]; }
// Bit h: house h holds a cell of `set`.
inline uint32_t HousesOf(CellSet set) {
  uint32_t houses = 0;
  set.ForEach([&](int cell) { houses |= HousesOf(cell); });
  return houses;
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_BOARD_GEOMETRY_H_
