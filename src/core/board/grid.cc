#include "sudoku/core/grid.h"

#include <cstddef>
#include <cstdint>

#include "core/board/digits.h"

namespace sudoku {
namespace {

bool IsSpace(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

// True when no row, column or box holds a digit twice (empty cells are ignored).
// REQUIRES: every cell holds 0-9.
bool NoHouseRepeats(const Grid& grid) {
  core_internal::Houses houses;
  for (int cell = 0; cell < kCells; ++cell) {
    const int digit = grid[cell];
    if (digit == 0) continue;
    if (!(houses.Free(cell) & core_internal::DigitBit(digit))) return false;
    houses.Toggle(cell, digit);
  }
  return true;
}

// A character as a person can read it in an error message: itself, or its code in hex.
std::string Printable(char c) {
  if (c >= 0x20 && c < 0x7f) return std::string(1, c);
  static constexpr char kHex[] = "0123456789abcdef";
  const auto byte = static_cast<unsigned char>(c);
  return std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
}

}  // namespace

ParseResult ParseGrid(std::string_view text) {
  ParseResult result;
  text = Trim(text);
  if (text.size() != static_cast<size_t>(kCells)) {
    result.error = "length " + std::to_string(text.size()) + ", expected 81 characters";
    return result;
  }
  for (int i = 0; i < kCells; ++i) {
    char c = text[i];
    if (c >= '1' && c <= '9') {
      result.grid[i] = static_cast<uint8_t>(c - '0');
    } else if (c == '.' || c == '0') {
      result.grid[i] = 0;
    } else {
      result.error = "character '" + Printable(c) + "' at column " + std::to_string(i + 1) +
                     " (expected 1-9, '.' or '0')";
      return result;
    }
  }
  result.ok = true;
  return result;
}

std::string ToString(const Grid& grid) {
  std::string text(kCells, '.');
  for (int i = 0; i < kCells; ++i) {
    if (grid[i] != 0) text[i] = static_cast<char>('0' + grid[i]);
  }
  return text;
}

int CountGivens(const Grid& grid) {
  int n = 0;
  for (uint8_t d : grid.cells) n += d != 0;
  return n;
}

bool HasNoConflict(const Grid& grid) {
  for (uint8_t d : grid.cells) {
    if (d > 9) return false;
  }
  return NoHouseRepeats(grid);
}

bool IsCompleteValidGrid(const Grid& grid) {
  return CountGivens(grid) == kCells && HasNoConflict(grid);
}

bool AgreesWith(const Grid& puzzle, const Grid& solution) {
  for (int i = 0; i < kCells; ++i) {
    if (puzzle[i] != 0 && puzzle[i] != solution[i]) return false;
  }
  return true;
}

}  // namespace sudoku
