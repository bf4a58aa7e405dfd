// `sudoku-corpus solve [FILE|-]`: prints, for each puzzle line, the puzzle, its solution count
// (0, 1, or 2 meaning "two or more") and the solution when it is unique.
#ifndef SUDOKU_CLI_CMD_SOLVE_H_
#define SUDOKU_CLI_CMD_SOLVE_H_

#include <CLI/CLI.hpp>

namespace sudoku::cli {

struct SolveOptions {
  std::string input = "-";  // file to read, "-" for standard input. Default: -
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupSolveCommand(CLI::App& app, int* exit_code);

// Runs `solve`: 0 when every line was a puzzle, 1 when any line was bad (the rest are solved).
int RunSolve(const SolveOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_SOLVE_H_
