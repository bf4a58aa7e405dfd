// `sudoku-corpus merge --db OUT IN...`: brings corpora together into OUT (created if missing):
// the shards of one run (`generate --shard K/N`) come back as that run, exactly as one machine
// would have made it; other runs are appended with new ids, their parameters kept; puzzles
// equivalent to one already in OUT are skipped and counted. Shards that together hold too few
// distinct puzzles get the missing items made here, as one machine goes on. The work is
// MergeCorpora's (include/sudoku/storage/merge.h); this file parses and prints.
#ifndef SUDOKU_CLI_CMD_MERGE_H_
#define SUDOKU_CLI_CMD_MERGE_H_

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace sudoku::cli {

struct MergeCommandOptions {
  std::string db;                   // the corpus to write. Default: none (required)
  std::vector<std::string> inputs;  // the corpora to merge, in order. Default: none (required)
  int threads = 0;                  // threads making the items short shards lack, 0 = all
                                    // cores. Default: 0
  bool quiet = false;               // no summary. Default: false
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupMergeCommand(CLI::App& app, int* exit_code);

// Runs `merge`: one line per output run and a summary on stdout; returns 0, or throws
// UserError (nothing written) when the merge cannot be done.
int RunMerge(const MergeCommandOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_MERGE_H_
