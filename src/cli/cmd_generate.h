// `sudoku-corpus generate`: the main job. Makes --count unique puzzles with the pipeline and
// appends them as a new run to the corpus database; a puzzle equivalent to one already stored
// is skipped (counted as a duplicate) and another item is made in its place.
// `generate --resume [RUN_ID]` finishes an unfinished run instead (killed, interrupted or
// failed): same seed and parameters, from the run's next item on, so the run ends up as an
// uninterrupted run would have written it; `--extend N` makes any run N puzzles longer.
// `generate --shard K/N` makes part K of the run (items K-1, K-1+N, ...): `merge` brings the N
// parts back as the run one machine would have made.
// `generate --level A,B,...` (or `--level all`) makes a balanced corpus, a level set: one
// ordinary run per level, easiest first, each with an equal share of --count and a seed of its
// own (LevelSet in sudoku/run/params.h; the run library makes the runs). `--resume` of a set's
// run, or after a set stopped between two levels, also makes the levels after it.
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
  int threads = 0;               // threads making puzzles, 0 = all cores. Default: 0
  std::string clues;             // "MIN-MAX" clue band. Default: 26-56, 17-80 with --minimal
  // Rating level (RatingBands): sets the rating band; several (comma-separated, or "all"):
  // one run per level. Default: none
  std::string level;
  std::string
      clue_class;  // clue class easy, medium or hard (scorer.h): sets the clue band. Default: none
  std::string rating;                  // "MIN-MAX" SE rating band, e.g. "3.0-4.4". Default: any
  std::string freedom;                 // "MIN-MAX" freedom band. Default: 0-729
  std::string hardest;                 // technique of the hardest step. Default: any
  std::string requires_techniques;     // "T,T,...": techniques the path uses. Default: none
  bool minimal = false;                // dig to minimal puzzles. Default: false
  std::string grid_method = "search";  // how finished grids are made. Default: search
  std::string grid_source;             // file of finished grids to use instead. Default: none
  std::string transform = "relabel";   // relabel or full. Default: relabel
  std::string symmetry = "none";       // a Symmetry name or "random". Default: none
  std::string dig_order = "random";    // random, per-row or controlled-bias. Default: random
  bool quiet = false;                  // no progress line, no summary. Default: false
  int batch_size = 5000;               // puzzles per write (pipeline.h). Default: 5000
  std::string shard;                   // "K/N": make part K of N of the run. Default: all of it
  bool resume = false;  // finish an unfinished run instead of starting one. Default: false
  std::optional<int64_t> resume_run;  // the run --resume finishes. Default: latest unfinished
  // With --resume: raise the run's count by this many and go on, even if it had finished.
  // Default: 0
  int64_t extend = 0;
  // The run parameters given on the command line (--count, --seed, ...): --resume refuses them.
  std::vector<std::string> run_flags_given;
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupGenerateCommand(CLI::App& app, int* exit_code);

// Runs `generate`. Returns the exit code; throws UserError for bad options (before any work).
int RunGenerate(const GenerateOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_GENERATE_H_
