#include "cmd_merge.h"

#include <chrono>
#include <cstdio>
#include <memory>
#include <string>

#include "cli_util.h"
#include "grid_source.h"
#include "sudoku/run/params.h"
#include "sudoku/run/runner.h"
#include "sudoku/storage/merge.h"

namespace sudoku::cli {

namespace {

// As generate's --threads: more than any machine has cores, so a typo is refused.
constexpr int kMaxMergeThreads = 1024;

// The stored parameters of `items`' run, with its grid source read again. kNotSupported (the
// merge then says how to extend the shards) where that file is gone or changed.
Status MissingItemsParams(const MissingItems& items, RunParams* params, GridSource* source) {
  if (Status s = ParseParamsJson(items.params_json, params); !s.ok()) {
    return Status::Corruption("run seed " + std::to_string(items.seed) + ": " + s.message());
  }
  if (params->grid_source_path.empty()) return Status::Ok();
  try {
    *source = LoadGridSource(params->grid_source_path);
  } catch (const UserError& e) {
    return Status::NotSupported(std::string("its grid source cannot be read: ") + e.what());
  }
  if (static_cast<int64_t>(source->grids.size()) != params->grid_source_grids ||
      source->fingerprint != params->grid_source_fingerprint) {
    return Status::NotSupported("its grid source " + params->grid_source_path +
                                " has changed since the shards were made");
  }
  params->generator.grid_source = source->grids;
  return Status::Ok();
}

// Makes the items short shards lack with this build's generator (MergeOptions::make_items).
ItemMaker MakeItemsHere(int threads) {
  return [threads](const MissingItems& items, PuzzleSink* sink, int64_t* next_item) {
    RunParams params;
    GridSource source;
    if (Status s = MissingItemsParams(items, &params, &source); !s.ok()) return s;
    const RunnerOptions runner{.threads = threads, .tool_version = kToolVersion};
    return MakeMissingItems(runner, items, params, sink, next_item);
  };
}

}  // namespace

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
  cmd->add_option("-j,--threads", options->threads,
                  "Threads making the items that short shards lack (0 = all cores; at most " +
                      std::to_string(kMaxMergeThreads) + ")")
      ->check(WholeNumber(0, kMaxMergeThreads))
      ->capture_default_str()
      ->type_name("N");
  cmd->add_flag("-q,--quiet", options->quiet, "No summary");
  cmd->callback([options, exit_code] { *exit_code = RunMerge(*options); });
}

int RunMerge(const MergeCommandOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  MergeReport report;
  if (options.db.empty() || options.db == ":memory:") {
    throw UsageError("--db '" + options.db + "': not a file; merge into a file, e.g. --db all.db");
  }
  ThrowIfError(MergeCorpora({options.db, options.inputs, MakeItemsHere(options.threads)}, &report));
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
    if (run.items_made > 0) {
      std::printf("run %lld: made items %lld..%lld here, which the shards lacked: %lld puzzles\n",
                  static_cast<long long>(run.output_run), static_cast<long long>(run.first_made),
                  static_cast<long long>(run.first_made + run.items_made - 1),
                  static_cast<long long>(run.puzzles_made));
    }
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
