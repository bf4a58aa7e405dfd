// `sudoku-corpus generate`: the main job. Makes --count unique puzzles with the pipeline and
// appends them as a new run to the corpus database. `generate --resume [RUN_ID]` finishes an
// unfinished run instead (killed, interrupted or failed): same seed and parameters, items
// written..requested-1, so the run ends up as an uninterrupted run would have written it.
#ifndef SUDOKU_CLI_CMD_GENERATE_H_
#define SUDOKU_CLI_CMD_GENERATE_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sudoku::cli {

struct GenerateOptions {
  std::string db = "corpus.db";  // corpus database file. Default: corpus.db
  int64_t count = 1000;          // puzzles to write. Default: 1000
  std::optional<uint64_t> seed;  // run seed. Default: random, printed in the summary
  int threads = 0;               // worker threads, 0 = all cores. Default: 0
  std::string clues;             // "MIN-MAX" clue band. Default: 26-56, 17-80 with --minimal
  std::string level;             // easy, medium or hard: sets the clue band. Default: none
  std::string freedom;           // "MIN-MAX" freedom band. Default: 0-729
  bool minimal = false;          // dig to minimal puzzles. Default: false
  bool quiet = false;            // no progress line, no summary. Default: false
  int batch_size = 1000;         // puzzles per transaction. Default: 1000
  bool resume = false;           // finish an unfinished run instead of starting one. Default: false
  std::optional<int64_t> resume_run;  // the run --resume finishes. Default: latest unfinished
  // The run parameters given on the command line (--count, --seed, ...): --resume refuses them.
  std::vector<std::string> run_flags_given;
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupGenerateCommand(CLI::App& app, int* exit_code);

// Runs `generate`. Returns the exit code; throws UserError for bad options (before any work).
int RunGenerate(const GenerateOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_GENERATE_H_
