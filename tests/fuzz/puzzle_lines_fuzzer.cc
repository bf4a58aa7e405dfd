// Fuzzes a puzzle file as `solve` and `rate` read it: lines split and skipped (blank, '#'), each
// parsed by ParseGrid, bad ones reported, and every good one solved, rated, scored and put in
// canonical form, whatever it holds (a digit twice in a house, no clue at all). Also checks the
// text form round-trips: a parsed grid printed and parsed again is the same grid.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "cmd_rate.h"
#include "cmd_solve.h"
#include "fuzz_util.h"
#include "sudoku/core/grid.h"

namespace {

// What the text form promises for any line ParseGrid accepts.
void CheckRoundTrip(std::string_view line) {
  const sudoku::ParseResult parsed = sudoku::ParseGrid(line);
  if (!parsed.ok) {
    sudoku::fuzz::Check(!parsed.error.empty(), "a refused line has an error message");
    return;
  }
  const std::string text = sudoku::ToString(parsed.grid);
  sudoku::fuzz::Check(text.size() == sudoku::kCells, "ToString gives 81 characters");
  const sudoku::ParseResult again = sudoku::ParseGrid(text);
  sudoku::fuzz::Check(again.ok && again.grid == parsed.grid, "ToString output parses back");
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  sudoku::fuzz::SilenceOutput();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = sudoku::fuzz::ScratchPath("puzzles.txt");
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  for (size_t start = 0; start <= input.size();) {
    const size_t end = std::min(input.find('\n', start), input.size());
    CheckRoundTrip(input.substr(start, end - start));
    start = end + 1;
  }
  sudoku::fuzz::WriteFile(path, data, size);
  sudoku::cli::RunSolve({.input = path});
  sudoku::cli::RunRate({.input = path, .json = (size % 2) == 1});
  return 0;
}
