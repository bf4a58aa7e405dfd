#include "cmd_generate.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli_util.h"
#include "run_params.h"
#include "sudoku/pipeline.h"
#include "sudoku/scorer.h"
#include "sudoku/store.h"

namespace sudoku::cli {
namespace {

std::atomic<bool> g_stop{false};

extern "C" void OnSignal(int) { g_stop.store(true); }

uint64_t RandomSeed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// Turns the command-line options into generator options; throws UserError when they are bad.
GeneratorOptions ToGeneratorOptions(const GenerateOptions& options) {
  GeneratorOptions generator;
  generator.dig.minimal = options.minimal;
  if (!options.minimal) {  // the span of the levels; --minimal keeps the digger's 17-80
    generator.dig.min_clues = Levels().back().min_clues;
    generator.dig.max_clues = Levels().front().max_clues;
  }
  if (!options.level.empty()) {
    const auto band = FindLevel(options.level);
    if (!band)
      throw UserError("--level '" + options.level + "': unknown level; use easy, medium or hard");
    generator.dig.min_clues = band->min_clues;
    generator.dig.max_clues = band->max_clues;
  }
  if (!options.clues.empty()) {
    const IntRange clues = ParseRange("--clues", options.clues);
    generator.dig.min_clues = clues.min;
    generator.dig.max_clues = clues.max;
  }
  if (!options.freedom.empty()) {
    const IntRange freedom = ParseRange("--freedom", options.freedom);
    generator.min_freedom = freedom.min;
    generator.max_freedom = freedom.max;
  }
  const std::string problem = CheckGeneratorOptions(generator);
  if (!problem.empty()) throw UserError(problem);
  if (options.count < 1)
    throw UserError("--count " + std::to_string(options.count) + ": must be at least 1");
  return generator;
}

// The options a new run and a resumed run share; throws UserError when they are bad.
void CheckExecutionOptions(const GenerateOptions& options) {
  if (options.threads < 0)
    throw UserError("--threads " + std::to_string(options.threads) +
                    ": must be 0 (all cores) or more");
  if (options.batch_size < 1) throw UserError("--batch-size must be at least 1");
  if (options.resume_run && *options.resume_run < 1)
    throw UserError("--resume " + std::to_string(*options.resume_run) +
                    ": a run id is 1 or more (or give none for the latest unfinished run)");
}

struct RunOutcome {
  const char* status = "";  // what EndRun recorded: finished, interrupted (or failed: thrown)
  PipelineResult result;
};

double Rate(const PipelineResult& result) {
  return result.seconds > 0 ? static_cast<double>(result.written) / result.seconds : 0.0;
}

// Makes items first..first+count-1 into the store's open run, then ends the run. SIGINT and
// SIGTERM stop it after the committed batches ('interrupted'). Throws UserError on a failure,
// after recording 'failed'.
RunOutcome FillRun(SqliteStore* store, const GenerateOptions& options, uint64_t seed,
                   const GeneratorOptions& generator, int64_t first, int64_t count) {
  PipelineOptions pipeline;
  pipeline.seed = seed;
  pipeline.first_index = first;
  pipeline.count = count;
  pipeline.threads = options.threads;
  pipeline.batch_size = options.batch_size;
  pipeline.generator = generator;
  pipeline.stop = &g_stop;
  ProgressLine progress(!options.quiet && IsTerminal(2), count, "generated");
  pipeline.progress = [&progress](int64_t done) { progress.Update(done); };

  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  RunOutcome outcome;
  Status status;
  if (count > 0) status = RunPipeline(pipeline, store, &outcome.result);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  progress.Clear();

  outcome.status = !status.ok() ? "failed" : outcome.result.stopped ? "interrupted" : "finished";
  const Status ended = store->EndRun(outcome.status);
  ThrowIfError(status);
  ThrowIfError(ended);
  return outcome;
}

// "--clues, --seed" from {"--clues", "--seed"}.
std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

// Reads back the parameters of `run`, refusing what this build cannot continue exactly.
GeneratorOptions StoredGeneratorOptions(const std::string& db, const StoredRun& run) {
  const std::string name = db + ": run " + std::to_string(run.id);
  if (run.tool_version != kToolVersion) {
    throw UserError(name + " was started by " + run.tool_version + ", this is " + kToolVersion +
                    "; resume it with that version (its generator may differ)");
  }
  RunParams params;
  if (Status s = ParseParamsJson(run.params_json, &params); !s.ok()) {
    throw UserError(name + ": " + s.message());
  }
  if (params.count != run.requested) {
    throw UserError(name + ": params count " + std::to_string(params.count) +
                    " differs from requested " + std::to_string(run.requested));
  }
  if (const std::string problem = CheckGeneratorOptions(params.generator); !problem.empty()) {
    throw UserError(name + ": stored parameters: " + problem);
  }
  return params.generator;
}

// `generate --resume [RUN_ID]`: finishes an unfinished run in place.
int ResumeGenerate(const GenerateOptions& options) {
  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store, OpenMode::kMustExist));
  StoredRun run;
  ThrowIfError(store->FindUnfinishedRun(options.resume_run.value_or(0), &run));
  if (!options.run_flags_given.empty()) {
    throw UserError("--resume takes its parameters from run " + std::to_string(run.id) + "; drop " +
                    JoinNames(options.run_flags_given));
  }
  const GeneratorOptions generator = StoredGeneratorOptions(options.db, run);
  ThrowIfError(store->ResumeRun(run.id, &run));  // checks again, now inside a write transaction

  const int64_t remaining = run.requested - run.written;
  const RunOutcome outcome =
      FillRun(store.get(), options, run.seed, generator, run.written, remaining);
  if (!options.quiet) {
    std::printf(
        "resumed run %lld: %s: %lld puzzles in %.2f s (%.0f/s) to %s, %lld of %lld "
        "written, seed %llu\n",
        static_cast<long long>(run.id), outcome.status,
        static_cast<long long>(outcome.result.written), outcome.result.seconds,
        Rate(outcome.result), options.db.c_str(),
        static_cast<long long>(run.written + outcome.result.written),
        static_cast<long long>(run.requested), static_cast<unsigned long long>(run.seed));
  }
  return outcome.result.stopped ? 130 : 0;
}

}  // namespace

void SetupGenerateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Generate unique puzzles into a corpus database");
  cmd->add_option("--db", options->db,
                  "Corpus database file (created if missing; runs are appended)")
      ->capture_default_str();
  auto* count = cmd->add_option("-n,--count", options->count, "How many puzzles to write")
                    ->capture_default_str();
  auto* seed =
      cmd->add_option("--seed", options->seed, "Run seed (default: random, printed at the end)");
  cmd->add_option("-j,--threads", options->threads, "Worker threads (0 = all cores)")
      ->capture_default_str();
  auto* clues = cmd->add_option("--clues", options->clues,
                                "Clue band MIN-MAX, e.g. 22-30 (default 26-56, the span of the "
                                "levels; 17-80 with --minimal)");
  auto* level = cmd->add_option("--level", options->level,
                                "easy (54-56 clues), medium (41-46) or hard (26-31)");
  clues->excludes(level);
  auto* freedom =
      cmd->add_option("--freedom", options->freedom, "Freedom band MIN-MAX (0-729), e.g. 243-486");
  auto* minimal = cmd->add_flag("--minimal", options->minimal, "Dig until no clue can be removed");
  cmd->add_flag("-q,--quiet", options->quiet, "No progress line and no summary");
  cmd->add_option("--batch-size", options->batch_size, "Puzzles per database transaction")
      ->capture_default_str();
  auto* resume = cmd->add_option("--resume", options->resume_run,
                                 "Finish an unfinished run: RUN_ID, or the latest if none is given "
                                 "(its seed and parameters are reused)")
                     ->expected(0, 1)
                     ->type_name("[RUN_ID]");
  const std::vector<CLI::Option*> run_flags = {count, seed, clues, level, freedom, minimal};
  cmd->callback([options, exit_code, resume, run_flags] {
    options->resume = resume->count() > 0;
    for (const CLI::Option* flag : run_flags) {
      if (flag->count() > 0) options->run_flags_given.push_back(flag->get_name());
    }
    *exit_code = RunGenerate(*options);
  });
}

int RunGenerate(const GenerateOptions& options) {
  CheckExecutionOptions(options);
  if (options.resume) return ResumeGenerate(options);
  const GeneratorOptions generator = ToGeneratorOptions(options);
  const uint64_t seed = options.seed.value_or(RandomSeed());

  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store));
  const RunParams params{options.count, options.level, generator};
  RunInfo info{seed, ToParamsJson(params), kToolVersion, options.count};
  int64_t run_id = 0;
  ThrowIfError(store->BeginRun(info, &run_id));

  const RunOutcome outcome = FillRun(store.get(), options, seed, generator, 0, options.count);
  if (!options.quiet) {
    std::printf("%s: %lld puzzles in %.2f s (%.0f/s) to %s, run %lld, seed %llu\n", outcome.status,
                static_cast<long long>(outcome.result.written), outcome.result.seconds,
                Rate(outcome.result), options.db.c_str(), static_cast<long long>(run_id),
                static_cast<unsigned long long>(seed));
  }
  return outcome.result.stopped ? 130 : 0;
}

}  // namespace sudoku::cli
