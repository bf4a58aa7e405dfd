// `sudoku-corpus migrate --db FILE`: upgrades a corpus written by an older sudoku-corpus to this
// build's schema (the read commands refuse an older schema; `generate` upgrades on its own).
// Each schema step runs in its own transaction, so an interrupted upgrade leaves the file at the
// last completed version, and migrating again finishes it.
#ifndef SUDOKU_CLI_CMD_MIGRATE_H_
#define SUDOKU_CLI_CMD_MIGRATE_H_

#include <CLI/CLI.hpp>
#include <string>

namespace sudoku::cli {

struct MigrateOptions {
  std::string db = "corpus.db";  // corpus database file (must exist). Default: corpus.db
  bool quiet = false;            // no summary line. Default: false
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupMigrateCommand(CLI::App& app, int* exit_code);

// Runs `migrate`: prints "<db>: schema 1 -> 2" (or "already at schema 2"); returns 0.
int RunMigrate(const MigrateOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_MIGRATE_H_
