#include "generate_run.h"

#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>

#include "cli_util.h"

namespace sudoku::cli {
namespace {

std::atomic<bool> g_stop{false};

// The first signal stops the run after its committed batches; a second one, while the first
// waits (say on a long open of a big corpus), ends the process at once as it would have.
extern "C" void OnSignal(int signal) {
  if (g_stop.exchange(true)) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

double Rate(const PipelineResult& result) {
  return result.seconds > 0 ? static_cast<double>(result.written) / result.seconds : 0.0;
}

// Stores `count` more puzzles into the store's open run, making the shard's items from `first`
// on, then ends the run. SIGINT and SIGTERM stop it after the committed batches
// ('interrupted'). Throws UserError on a failure, after recording 'failed'.
RunOutcome FillRun(SqliteStore* store, const GenerateOptions& options, uint64_t seed,
                   const GeneratorOptions& generator, const Shard& shard, int64_t first,
                   int64_t count) {
  PipelineOptions pipeline;
  pipeline.seed = seed;
  pipeline.first_index = first;
  pipeline.index_step = shard.n;
  pipeline.count = count;
  pipeline.threads = options.threads;
  pipeline.batch_size = options.batch_size;
  pipeline.generator = generator;
  pipeline.stop = &g_stop;
  ProgressLine progress(!options.quiet && IsTerminal(2), count, "generated");
  pipeline.progress = [&progress](int64_t done) { progress.Update(done); };

  // Installed by RunGenerate before the file is opened; a signal since then stops the run here.
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  RunOutcome outcome;
  Status status;
  // RunPipeline does not throw (a failure to start threads is a status too): a failed run is
  // recorded 'failed', never left 'running'.
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

}  // namespace

void CatchStopSignals() {
  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
}

RunParams StoredRunParams(const std::string& db, const StoredRun& run, GridSource* source) {
  const std::string name = db + ": run " + std::to_string(run.id);
  if (run.tool_version != kToolVersion) {
    throw UserError(name + " was started by " + run.tool_version + ", this is " + kToolVersion +
                    "; resume it with that version (its generator may differ)");
  }
  RunParams params;
  if (Status s = ParseParamsJson(run.params_json, &params); !s.ok()) {
    throw UserError(name + ": " + s.message());
  }
  // A run asks for its count (a shard for its share of it), or more once extended.
  if (run.requested < params.shard.ShareOf(params.count) ||
      (params.shard.whole() && params.count > run.requested)) {
    throw UserError(name + ": params count " + std::to_string(params.count) +
                    " does not fit requested " + std::to_string(run.requested));
  }
  if (const Status s = CheckGeneratorOptions(params.generator); !s.ok()) {
    throw UserError(name + ": stored parameters: " + InOptionTerms(s.message()));
  }
  if (!params.grid_source_path.empty()) {
    *source = LoadGridSource(params.grid_source_path);
    if (static_cast<int64_t>(source->grids.size()) != params.grid_source_grids ||
        source->fingerprint != params.grid_source_fingerprint) {
      throw UserError(name + ": its grid source " + params.grid_source_path +
                      " has changed since the run started; restore the file to resume");
    }
    params.generator.grid_source = source->grids;
  }
  return params;
}

std::string DuplicatesNote(int64_t duplicates) {
  if (duplicates == 0) return "";
  return ", " + std::to_string(duplicates) + (duplicates == 1 ? " duplicate" : " duplicates") +
         " skipped";
}

RunOutcome ContinueRun(SqliteStore* store, const GenerateOptions& options, StoredRun* run,
                       const RunParams& params) {
  // Checks again, now inside a write transaction.
  ThrowIfError(store->ResumeRun(run->id, run, options.extend));
  return FillRun(store, options, run->seed, params.generator, params.shard,
                 params.shard.FirstItemFrom(run->next_item), run->requested - run->written);
}

void PrintResumed(const GenerateOptions& options, const StoredRun& run, const RunOutcome& outcome) {
  std::printf(
      "resumed run %lld: %s: %lld puzzles in %.2f s (%.0f/s) to %s, %lld of %lld "
      "written%s, seed %llu\n",
      static_cast<long long>(run.id), outcome.status,
      static_cast<long long>(outcome.result.written), outcome.result.seconds, Rate(outcome.result),
      options.db.c_str(), static_cast<long long>(run.written + outcome.result.written),
      static_cast<long long>(run.requested),
      DuplicatesNote(run.duplicates + outcome.result.duplicates).c_str(),
      static_cast<unsigned long long>(run.seed));
}

RunOutcome StartRun(SqliteStore* store, const GenerateOptions& options, uint64_t seed,
                    const RunParams& params, int64_t* run_id) {
  const int64_t requested = params.shard.ShareOf(params.count);
  const RunInfo info{seed, ToParamsJson(params), kToolVersion, requested};
  ThrowIfError(store->BeginRun(info, run_id));
  return FillRun(store, options, seed, params.generator, params.shard, params.shard.k - 1,
                 requested);
}

void PrintStarted(const GenerateOptions& options, int64_t run_id, uint64_t seed,
                  const RunOutcome& outcome) {
  std::printf("%s: %lld puzzles in %.2f s (%.0f/s) to %s, run %lld%s, seed %llu\n", outcome.status,
              static_cast<long long>(outcome.result.written), outcome.result.seconds,
              Rate(outcome.result), options.db.c_str(), static_cast<long long>(run_id),
              DuplicatesNote(outcome.result.duplicates).c_str(),
              static_cast<unsigned long long>(seed));
}

bool MakeLevels(SqliteStore* store, const GenerateOptions& options,
                const std::vector<RunParams>& runs, size_t first, PipelineResult* total) {
  const LevelSet& set = runs.front().level_set;
  for (size_t i = first; i < runs.size(); ++i) {
    const char* level = set.levels[i].name.c_str();
    const uint64_t seed = set.SeedOf(i);
    int64_t run_id = 0;
    const RunOutcome outcome = StartRun(store, options, seed, runs[i], &run_id);
    if (!options.quiet) {
      std::printf("%s: ", level);
      PrintStarted(options, run_id, seed, outcome);
    }
    total->written += outcome.result.written;
    total->duplicates += outcome.result.duplicates;
    total->seconds += outcome.result.seconds;
    if (outcome.result.stopped) {
      if (!options.quiet) {
        std::printf(
            "stopped at level %s: generate --db %s --resume finishes it and the levels "
            "after it\n",
            level, options.db.c_str());
      }
      return false;
    }
  }
  return true;
}

bool FindStoppedLevelSet(SqliteStore* store, StoredRun* run) {
  RunParams params;
  return store->FindRun(0, /*finished_too=*/true, run).ok() &&
         ParseParamsJson(run->params_json, &params).ok() && !params.level_set.empty() &&
         params.level_set.IndexOf(params.level) + 1 < params.level_set.levels.size();
}

}  // namespace sudoku::cli
