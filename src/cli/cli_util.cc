#include "cli_util.h"

#include <unistd.h>

#include <charconv>
#include <iostream>

namespace sudoku::cli {
namespace {

bool ParseInt(std::string_view text, int* value) {
  if (text.empty()) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return error == std::errc() && end == text.data() + text.size();
}

}  // namespace

IntRange ParseRange(std::string_view option, std::string_view text) {
  IntRange range;
  const size_t dash = text.find('-');
  const bool ok = dash == std::string_view::npos
                      ? ParseInt(text, &range.min) && (range.max = range.min, true)
                      : ParseInt(text.substr(0, dash), &range.min) &&
                            ParseInt(text.substr(dash + 1), &range.max);
  if (!ok) {
    throw UserError(std::string(option) + " '" + std::string(text) +
                    "': expected MIN-MAX or N with whole numbers, e.g. 22-30");
  }
  return range;
}

bool IsTerminal(int fd) { return isatty(fd) == 1; }

int ForEachPuzzleLine(std::istream& in, const std::string& source,
                      const std::function<void(int line_no, const Grid&)>& on_puzzle) {
  int bad = 0;
  std::string line;
  for (int line_no = 1; std::getline(in, line); ++line_no) {
    const size_t first = line.find_first_not_of(" \t\r\n\v\f");
    if (first == std::string::npos || line[first] == '#') continue;
    const ParseResult parsed = ParseGrid(line);
    if (parsed.ok) {
      on_puzzle(line_no, parsed.grid);
    } else {
      ++bad;
      std::cerr << source << ":" << line_no << ": " << parsed.error << "\n";
    }
  }
  return bad;
}

}  // namespace sudoku::cli
