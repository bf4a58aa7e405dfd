// The whole command line of sudoku-corpus: the top-level description, --version, and every
// subcommand, registered in the order --help lists them. RunSudokuCorpus (entry_points.h) parses
// with it, and RunSudokuCorpusDocs walks it to print the man page and the bash completion, so
// those cannot drift from --help.
#ifndef SUDOKU_CLI_COMMANDS_H_
#define SUDOKU_CLI_COMMANDS_H_

#include <CLI/CLI.hpp>

namespace sudoku::cli {

// The name the binary is installed under, used by the man page and the completion.
inline constexpr const char* kToolName = "sudoku-corpus";

// Describes `app` and registers every subcommand; the one that runs stores its exit code in
// *exit_code (which must outlive `app`).
void SetupCommands(CLI::App& app, int* exit_code);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_COMMANDS_H_
