#include "common/test_data.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace sudoku::testing {

std::string GoldenPath(const std::string& name) {
  return std::string(SUDOKU_TEST_DATA_DIR) + "/" + name;
}

std::optional<std::string> SharedPath(const std::string& name) {
  std::string path = std::string(SUDOKU_SHARED_DATA_DIR) + "/" + name;
  if (!std::filesystem::exists(path)) return std::nullopt;
  return path;
}

std::vector<Grid> ReadPuzzles(const std::string& path) {
  std::vector<Grid> puzzles;
  std::ifstream in(path);
  if (!in) {
    ADD_FAILURE() << "cannot open " << path;
    return puzzles;
  }
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    if (line.empty() || line[0] == '#') continue;
    ParseResult parsed = ParseGrid(line);
    if (!parsed.ok) {
      ADD_FAILURE() << path << ":" << line_no << ": " << parsed.error;
      continue;
    }
    puzzles.push_back(parsed.grid);
  }
  return puzzles;
}

}  // namespace sudoku::testing
