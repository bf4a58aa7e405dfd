// `sudoku-corpus rate [FILE|-]`: scores puzzles read like `solve` (one 81-character line each):
// solution count, clues, freedom and level, as a table or JSON Lines; with --steps, the path the
// rating took (one line a step, or a `steps` array).
#ifndef SUDOKU_CLI_CMD_RATE_H_
#define SUDOKU_CLI_CMD_RATE_H_

#include <CLI/CLI.hpp>
#include <string>

namespace sudoku::cli {

struct RateOptions {
  std::string input = "-";  // file to read, "-" for standard input. Default: -
  bool json = false;        // one JSON object per puzzle instead of a table. Default: false
  bool nested = false;      // SE's nested forcing chains before a guess. Default: false
  bool steps = false;       // each puzzle's solving path, a step a line. Default: false
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupRateCommand(CLI::App& app, int* exit_code);

// Runs `rate`: 0 when every line was a puzzle, 1 when any line was bad (the rest are rated).
// A puzzle without exactly one solution gets no level (the levels rate unique puzzles).
int RunRate(const RateOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_RATE_H_
