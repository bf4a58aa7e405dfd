// `sudoku-corpus stats`: counts and distributions of a corpus (or of the puzzles a filter
// selects): puzzles per run and per level, clue and freedom histograms, a level x clues table,
// count, mean, quartiles, min and max per score. A terminal table by default, --json for
// machines, --plot DIR for PNG pictures drawn by gnuplot (stats_plot.h).
#ifndef SUDOKU_CLI_CMD_STATS_H_
#define SUDOKU_CLI_CMD_STATS_H_

#include <CLI/CLI.hpp>
#include <string>

#include "cli_util.h"

namespace sudoku::cli {

struct StatsOptions {
  std::string db = "corpus.db";  // corpus database (opened read-only). Default: corpus.db
  FilterOptions filter;          // which puzzles to count. Default: all
  bool json = false;             // print one JSON object instead of the table. Default: false
  // The table's short form: the corpus line, levels, hardest techniques and the summaries.
  // Default: false (every section)
  bool brief = false;
  std::string plot_dir;          // also write PNG plots into this folder. Default: "" (none)
  // Weighted estimates for all minimal puzzles from controlled-bias puzzles. Default: false
  bool unbiased = false;
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupStatsCommand(CLI::App& app, int* exit_code);

// Runs `stats`. Returns 0; throws UserError for a bad filter, an unreadable corpus, or plots
// that cannot be drawn (gnuplot missing or failing).
int RunStats(const StatsOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_STATS_H_
