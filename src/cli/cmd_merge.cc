#include "cmd_merge.h"

#include <chrono>
#include <cstdio>
#include <memory>

#include "cli_util.h"
#include "sudoku/storage/merge.h"

namespace sudoku::cli {

void SetupMergeCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<MergeCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Merge corpora into one: the shards of a run (generate --shard) become that run again; "
      "equivalent puzzles are kept once");
  cmd->add_option("--db", options->db, "Corpus to write (created if missing)")
      ->required()
      ->type_name("FILE");
  cmd->add_option("inputs", options->inputs, "Corpora to merge, in order")
      ->required()
      ->type_name("FILE...");
  cmd->add_flag("-q,--quiet", options->quiet, "No summary");
  cmd->callback([options, exit_code] { *exit_code = RunMerge(*options); });
}

int RunMerge(const MergeCommandOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  MergeReport report;
  if (options.db.empty() || options.db == ":memory:") {
    throw UsageError("--db '" + options.db + "': not a file; merge into a file, e.g. --db all.db");
  }
  ThrowIfError(MergeCorpora({options.db, options.inputs}, &report));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (options.quiet) return 0;
  for (const MergedRun& run : report.runs) {
    std::string from;
    for (const std::string& source : run.sources) from += (from.empty() ? "" : ", ") + source;
    std::printf("run %lld: %lld puzzles from %s (%lld read, %lld skipped)\n",
                static_cast<long long>(run.output_run), static_cast<long long>(run.written),
                from.c_str(), static_cast<long long>(run.rows_read),
                static_cast<long long>(run.skipped));
  }
  std::printf(
      "merged %zu inputs into %s%s: %lld puzzles in %zu runs, %lld skipped, %.2f s "
      "(%.0f rows/s)\n",
      options.inputs.size(), options.db.c_str(), report.created ? " (new)" : "",
      static_cast<long long>(report.written), report.runs.size(),
      static_cast<long long>(report.skipped), seconds,
      seconds > 0 ? static_cast<double>(report.rows_read) / seconds : 0.0);
  return 0;
}

}  // namespace sudoku::cli
