// Fuzzes DecodeHints, the reader of the hints format (an app pack's bytes are input like any
// other): any bytes are refused or decoded without a crash, and a decoded path written back
// with EncodeHints decodes to the same path.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_util.h"
#include "sudoku/core/solve_path.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sudoku::fuzz::Check;
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  sudoku::SolvePath path;
  if (!sudoku::DecodeHints(input, &path)) {
    Check(path.steps.empty(), "a refused input leaves no steps");
    return 0;
  }
  sudoku::SolvePath again;
  Check(sudoku::DecodeHints(sudoku::EncodeHints(path), &again), "encoded hints decode");
  Check(again.steps.size() == path.steps.size(), "the same number of steps");
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const sudoku::PathStep& a = path.steps[i];
    const sudoku::PathStep& b = again.steps[i];
    Check(a.technique == b.technique && a.rating == b.rating && a.placements == b.placements &&
              a.removals == b.removals && a.cells == b.cells && a.houses == b.houses &&
              a.chain == b.chain,
          "a step round-trips");
  }
  return 0;
}
