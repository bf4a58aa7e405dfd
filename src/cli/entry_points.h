// The bodies of the two programs of this folder, sudoku-corpus (main.cc) and sudoku-corpus-docs
// (docs_main.cc). They live in the library so that only its files compile CLI11, which is
// header-only and slow to compile; this header includes nothing.
#ifndef SUDOKU_CLI_ENTRY_POINTS_H_
#define SUDOKU_CLI_ENTRY_POINTS_H_

namespace sudoku::cli {

// Parses the command line and runs the subcommand it names; returns the process exit code
// (README "Exit codes"). commands.cc.
int RunSudokuCorpus(int argc, char** argv);

// sudoku-corpus-docs man|bash OUTPUT: writes the man page or the bash completion to OUTPUT;
// returns the process exit code. help_docs.cc.
int RunSudokuCorpusDocs(int argc, char** argv);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_ENTRY_POINTS_H_
