#include "grid_source.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "cli_util.h"

namespace sudoku::cli {
namespace {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr uint64_t kFnvPrime = 0x100000001b3ull;

// Why a parsed line is not a finished grid ("" when it is one).
std::string GridProblem(const Grid& grid) {
  const int givens = CountGivens(grid);
  if (givens < kCells)
    return std::to_string(kCells - givens) + " empty cells; expected a finished grid";
  if (!IsCompleteValidGrid(grid)) return "a digit repeats in a row, column or box";
  return "";
}

}  // namespace

GridSource LoadGridSource(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw UserError("--grid-source " + path + ": cannot open the file");
  GridSource source;
  // Absolute: `generate --resume` reads the file again, maybe from another folder.
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  source.path = ec ? path : absolute.lexically_normal().string();
  source.fingerprint = kFnvOffset;
  ForEachInputLine(in, [&](int line_no, std::string_view line, bool too_long) {
    const ParseResult parsed = too_long ? ParseResult{} : ParseGrid(line);
    const std::string problem =
        too_long ? TooLongLineError() : (parsed.ok ? GridProblem(parsed.grid) : parsed.error);
    if (!problem.empty()) {
      throw UserError(path + ":" + std::to_string(line_no) + ": " + problem);
    }
    source.grids.push_back(parsed.grid);
    for (char c : ToString(parsed.grid)) {
      source.fingerprint = (source.fingerprint ^ static_cast<uint8_t>(c)) * kFnvPrime;
    }
    return true;
  });
  if (in.bad()) throw UserError("--grid-source " + path + ": read error");
  if (source.grids.empty()) throw UserError("--grid-source " + path + ": the file holds no grid");
  return source;
}

std::string FingerprintHex(uint64_t fingerprint) {
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(fingerprint));
  return hex;
}

}  // namespace sudoku::cli
