// Fuzzes `generate --grid-source FILE`: LoadGridSource on arbitrary file contents. A refused file
// is a UserError naming it; an accepted one holds only complete, valid grids, and loading it
// again gives the same grids and fingerprint.
#include <cstddef>
#include <cstdint>
#include <string>

#include "cli_util.h"
#include "fuzz_util.h"
#include "grid_source.h"
#include "sudoku/core/grid.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  sudoku::fuzz::SilenceOutput();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using sudoku::fuzz::Check;
  static const std::string path = sudoku::fuzz::ScratchPath("grids.txt");
  sudoku::fuzz::WriteFile(path, data, size);
  sudoku::cli::GridSource source;
  try {
    source = sudoku::cli::LoadGridSource(path);
  } catch (const sudoku::cli::UserError& e) {
    Check(std::string(e.what()).find(path) != std::string::npos, "the error names the file");
    return 0;
  }
  Check(!source.grids.empty(), "an accepted file holds a grid");
  for (const sudoku::Grid& grid : source.grids) {
    Check(sudoku::IsCompleteValidGrid(grid), "every accepted grid is complete and valid");
  }
  Check(sudoku::cli::FingerprintHex(source.fingerprint).size() == 16, "16 hex digits");
  const sudoku::cli::GridSource again = sudoku::cli::LoadGridSource(path);
  Check(again.grids == source.grids && again.fingerprint == source.fingerprint,
        "loading is deterministic");
  return 0;
}
