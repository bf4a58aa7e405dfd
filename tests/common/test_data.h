// Test helpers for the puzzle data: the golden subset in tests/data and the full sets in
// ../shared/data (present in CI; tests that need them skip with a message when it is absent).
#ifndef SUDOKU_TESTS_TEST_DATA_H_
#define SUDOKU_TESTS_TEST_DATA_H_

#include <optional>
#include <string>
#include <vector>

#include "sudoku/core/grid.h"

namespace sudoku::testing {

// Path of a file in tests/data.
std::string GoldenPath(const std::string& name);

// Path of a file in ../shared/data, or nullopt when that folder or file does not exist.
std::optional<std::string> SharedPath(const std::string& name);

// Reads a puzzle file: one puzzle per line, '#' lines and blank lines skipped. Fails the
// calling test (ADD_FAILURE) on a line that does not parse.
std::vector<Grid> ReadPuzzles(const std::string& path);

}  // namespace sudoku::testing

// Skips the current test with a message unless ../shared/data/NAME exists; sets `var` to it.
#define SUDOKU_REQUIRE_SHARED(var, name)                                                  \
  auto var##_opt = ::sudoku::testing::SharedPath(name);                                   \
  if (!var##_opt) GTEST_SKIP() << "../shared/data/" << (name) << " not present; skipped"; \
  const std::string var = *var##_opt

#endif  // SUDOKU_TESTS_TEST_DATA_H_
