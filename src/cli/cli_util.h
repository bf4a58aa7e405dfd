// Small helpers shared by the subcommands: ranges on the command line, terminal detection,
// reading puzzle lines, and the one-line error convention.
#ifndef SUDOKU_CLI_CLI_UTIL_H_
#define SUDOKU_CLI_CLI_UTIL_H_

#include <functional>
#include <istream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudoku/grid.h"

namespace sudoku::cli {

inline constexpr const char* kToolVersion = "sudoku-corpus " SUDOKU_CORPUS_VERSION;

// A user error: main prints "sudoku-corpus: <what>" on one line and exits with code 1.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct IntRange {
  int min = 0;
  int max = 0;
};

// Parses "MIN-MAX" or a single "N" (meaning N-N). Throws UserError naming `option` otherwise.
IntRange ParseRange(std::string_view option, std::string_view text);

// True when file descriptor `fd` is a terminal.
bool IsTerminal(int fd);

// Reads puzzle lines from `in`: blank lines and lines starting with '#' are skipped; each other
// line is parsed; `on_puzzle(line_no, grid)` gets the good ones, and each bad one is reported
// on stderr as "<source>:<line>: <error>". Returns the number of bad lines.
int ForEachPuzzleLine(std::istream& in, const std::string& source,
                      const std::function<void(int line_no, const Grid&)>& on_puzzle);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CLI_UTIL_H_
