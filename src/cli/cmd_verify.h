// `sudoku-corpus verify`: first SQLite's own check of the file (PRAGMA quick_check, or
// integrity_check with --full), then re-checks every stored puzzle (or one run's) in parallel:
// givens in text form, exactly one solution, equal to the stored solution, clues, freedom and level
// as recomputed now; and each run's `written` count against the puzzles it has.
#ifndef SUDOKU_CLI_CMD_VERIFY_H_
#define SUDOKU_CLI_CMD_VERIFY_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "cli_util.h"

namespace sudoku::cli {

struct VerifyOptions {
  std::string db = "corpus.db";  // corpus database (opened read-only). Default: corpus.db
  FilterOptions filter;          // only --run is offered. Default: every run
  int threads = 0;               // worker threads, 0 = all cores. Default: 0
  bool quiet = false;            // no progress line on a terminal. Default: false
  bool full = false;             // PRAGMA integrity_check instead of quick_check. Default: false
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupVerifyCommand(CLI::App& app, int* exit_code);

// Runs `verify`: prints one line per problem SQLite finds in the file ("database: ..."; then
// the puzzles are not checked), or one line per mismatch ("puzzle 17: stored freedom 140,
// recomputed 141") and a summary line on stdout. Returns 0 when everything matches, 1 otherwise.
int RunVerify(const VerifyOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_VERIFY_H_
