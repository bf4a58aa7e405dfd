// GridSource: a user's own finished grids for `generate --grid-source FILE`, one 81-digit line
// each (blank lines and '#' comments skipped). Every line is validated on read.
#ifndef SUDOKU_CLI_GRID_SOURCE_H_
#define SUDOKU_CLI_GRID_SOURCE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/core/grid.h"

namespace sudoku::cli {

struct GridSource {
  std::string path;          // the file's absolute path
  std::vector<Grid> grids;   // in file order
  uint64_t fingerprint = 0;  // FNV-1a 64 of the grids' text forms, in order
};

// Reads `path`. Throws UserError on the first bad line, "<path>:<line>: <what>" (not 81
// characters, a bad character, an empty cell, a digit twice in a house), when the file cannot
// be read, or when it holds no grid.
GridSource LoadGridSource(const std::string& path);

// The fingerprint as 16 lowercase hex digits (how runs.params stores it).
std::string FingerprintHex(uint64_t fingerprint);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_GRID_SOURCE_H_
