#include "sudoku/grid.h"

#include <cstddef>

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

// Visits the 27 houses; `digit_of(house, k)` gives the k-th cell's digit of that house.
template <typename Fn>
bool EveryHouse(const Grid& grid, Fn&& ok_house) {
  for (int h = 0; h < 9; ++h) {
    std::array<int, 9> row{}, col{}, box{};
    for (int k = 0; k < 9; ++k) {
      row[k] = grid[h * 9 + k];
      col[k] = grid[k * 9 + h];
      box[k] = grid[(h / 3) * 27 + (h % 3) * 3 + (k / 3) * 9 + k % 3];
    }
    if (!ok_house(row) || !ok_house(col) || !ok_house(box)) return false;
  }
  return true;
}

bool NoRepeat(const std::array<int, 9>& house) {
  unsigned seen = 0;
  for (int d : house) {
    if (d == 0) continue;
    if (seen & (1u << d)) return false;
    seen |= 1u << d;
  }
  return true;
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
      std::string shown = (c >= 0x20 && c < 0x7f)
                              ? std::string(1, c)
                              : "\\x" + std::to_string(static_cast<unsigned char>(c));
      result.error = "character '" + shown + "' at column " + std::to_string(i + 1) +
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
  return EveryHouse(grid, NoRepeat);
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
