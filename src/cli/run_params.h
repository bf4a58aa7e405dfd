// The command-line forms of run parameters: --shard K/N and the --level lists of a level set.
// The parameters themselves and their stored form are the run library's
// (include/sudoku/run/params.h).
#ifndef SUDOKU_CLI_RUN_PARAMS_H_
#define SUDOKU_CLI_RUN_PARAMS_H_

#include <string>
#include <vector>

#include "sudoku/run/params.h"

namespace sudoku::cli {

// "K/N" as typed after --shard; throws UsageError naming the option otherwise.
Shard ParseShard(const std::string& text);

// The --level value that asks for every level, one run each.
inline constexpr char kAllLevels[] = "all";

// True when a --level value names several levels: a comma-separated list, or "all".
bool IsLevelList(const std::string& text);

// The levels of such a value, easiest first (the order of RatingBands(), whatever the order
// given); throws UsageError naming --level for an unknown, empty or repeated name.
std::vector<std::string> ParseLevelList(const std::string& text);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_RUN_PARAMS_H_
