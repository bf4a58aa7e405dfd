// `sudoku-corpus export`: writes stored puzzles, filtered (--level, --clues, --freedom, --run),
// limited or randomly sampled, as JSON Lines, CSV or plain 81-character lines.
#ifndef SUDOKU_CLI_CMD_EXPORT_H_
#define SUDOKU_CLI_CMD_EXPORT_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <string>

#include "cli_util.h"

namespace sudoku::cli {

struct ExportOptions {
  std::string db = "corpus.db";  // corpus database (opened read-only). Default: corpus.db
  std::string format = "jsonl";  // jsonl, csv or lines. Default: jsonl
  std::string output = "-";      // output file, "-" for standard output. Default: -
  FilterOptions filter;          // which puzzles. Default: all
  int64_t limit = 0;             // at most this many, lowest ids first; 0 = all. Default: 0
  int64_t sample = 0;            // a random sample of this many; 0 = no sampling. Default: 0
  uint64_t seed = 0;             // seed of --sample (same seed, same sample). Default: 0
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupExportCommand(CLI::App& app, int* exit_code);

// Runs `export`: 0 on success, also when no puzzle matches (said on stderr). Throws UserError
// for a bad filter, an unreadable corpus or an unwritable output file.
int RunExport(const ExportOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_EXPORT_H_
