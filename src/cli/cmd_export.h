// `sudoku-corpus export`: writes stored puzzles, filtered (--level, --clues, --freedom, --run),
// limited or randomly sampled, as JSON Lines, CSV or plain 81-character lines.
#ifndef SUDOKU_CLI_CMD_EXPORT_H_
#define SUDOKU_CLI_CMD_EXPORT_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "cli_util.h"

namespace sudoku::cli {

struct ExportOptions {
  std::string db = "corpus.db";   // corpus database (opened read-only). Default: corpus.db
  std::string format = "jsonl";   // jsonl, csv or lines. Default: jsonl
  std::string output = "-";       // output file, "-" for standard output. Default: -
  FilterOptions filter;           // which puzzles. Default: all
  std::optional<int64_t> limit;   // at most this many, lowest ids first. Default: all
  std::optional<int64_t> sample;  // a random sample of this many. Default: no sampling
  uint64_t seed = 0;              // seed of --sample (same seed, same sample). Default: 0
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupExportCommand(CLI::App& app, int* exit_code);

// Runs `export`: 0 on success, also when no puzzle matches (said on stderr). Throws UserError
// for a bad filter, an unreadable corpus or an unwritable output file. An output file is
// written under a temporary name beside it and renamed at the end: a failed export (a full
// disk) leaves no partial file, and an existing file as it was.
int RunExport(const ExportOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_EXPORT_H_
