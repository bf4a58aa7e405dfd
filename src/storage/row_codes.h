// RowCodes: the compact forms of a lean row (schema/015_lean_row_table.sql): grids packed a digit
// a nibble, techniques as one-character codes, the uses as codes and counts. The SQL of the
// schema decodes them for SQL users (the virtual columns givens, solution, hardest, techniques);
// these are the same forms for the tool, which reads and writes the stored columns directly.
// Private to src/storage; include as "storage/row_codes.h". Stateless: safe from any thread.
#ifndef SUDOKU_STORAGE_ROW_CODES_H_
#define SUDOKU_STORAGE_ROW_CODES_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"

namespace sudoku::storage_internal {

// A grid packed: cell 2k in the high nibble of byte k, cell 2k+1 in the low one, the 82nd nibble
// 0; 0 is an empty cell. hex() of it is the grid's 81 digits and a '0'.
inline constexpr int kPackedGridBytes = (kCells + 1) / 2;
using PackedGrid = std::array<uint8_t, kPackedGridBytes>;
PackedGrid PackGrid(const Grid& grid);
// The grid of `bytes`, or nullopt if it is not kPackedGridBytes long or a nibble is above 9.
std::optional<Grid> UnpackGrid(const void* bytes, int size);

// The technique's code: one character, fixed for good once a corpus holds it. Every technique
// has one (tests/storage/row_codes_test.cc checks them against the schema's SQL).
char TechniqueCode(Technique technique);
// The technique of `code`, or nullopt for a character that is no code.
std::optional<Technique> TechniqueOfCode(char code);

using TechniqueUses = std::array<uint16_t, kTechniqueCount>;
// The uses as stored: each technique used, in Technique order, as its code and the count in
// decimal ("H44C2"); "" for none.
std::string UsesCode(const TechniqueUses& uses);
// The uses of `code` into *uses; false if it is not a UsesCode.
bool DecodeUses(std::string_view code, TechniqueUses* uses);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_ROW_CODES_H_
