// Runs made, resumed and stopped: see include/sudoku/run/runner.h.
#include "sudoku/run/runner.h"

#include <atomic>
#include <csignal>

namespace sudoku {
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

std::string RunName(const StoredRun& run) { return "run " + std::to_string(run.id); }

// Stores `count` more puzzles into the store's open run, making the shard's items from `first`
// on, then ends the run: 'interrupted' when a stop request ended it, 'failed' (the failure
// returned) when the pipeline or EndRun failed, else 'finished'.
Status FillRun(SqliteStore* store, const RunnerOptions& options, uint64_t seed,
               const GeneratorOptions& generator, const Shard& shard, int64_t first, int64_t count,
               RunOutcome* outcome) {
  *outcome = RunOutcome();
  PipelineOptions pipeline;
  pipeline.seed = seed;
  pipeline.first_index = first;
  pipeline.index_step = shard.n;
  pipeline.count = count;
  pipeline.threads = options.threads;
  pipeline.batch_size = options.batch_size;
  pipeline.generator = generator;
  pipeline.stop = &g_stop;
  RunObserver* observer = options.observer;
  if (observer != nullptr) observer->FillBegins(count);
  pipeline.progress = [observer](int64_t done) {
    if (observer != nullptr) observer->FillProgress(done);
  };

  // Installed by CatchStopSignals before the file is opened; a signal since then stops the run
  // here.
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  Status status;
  // RunPipeline does not throw (a failure to start threads is a status too): a failed run is
  // recorded 'failed', never left 'running'.
  if (count > 0) status = RunPipeline(pipeline, store, &outcome->result);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (observer != nullptr) observer->FillEnds();

  outcome->status = !status.ok() ? "failed" : outcome->result.stopped ? "interrupted" : "finished";
  const Status ended = store->EndRun(outcome->status);
  return status.ok() ? ended : status;
}

// A level set stopped between two levels leaves no unfinished run. True, and the corpus's
// latest run in *run, when that run is a level of a set before the set's last level.
bool FindStoppedLevelSet(SqliteStore* store, StoredRun* run) {
  RunParams params;
  return store->FindRun(0, /*finished_too=*/true, run).ok() &&
         ParseParamsJson(run->params_json, &params).ok() && !params.level_set.empty() &&
         params.level_set.IndexOf(params.level) + 1 < params.level_set.levels.size();
}

}  // namespace

void CatchStopSignals() {
  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
}

void RequestStop() { g_stop.store(true); }

Status StartRun(SqliteStore* store, const RunnerOptions& options, uint64_t seed,
                const RunParams& params, int64_t* run_id, RunOutcome* outcome) {
  const int64_t requested = params.shard.ShareOf(params.count);
  const RunInfo info{seed, ToParamsJson(params), options.tool_version, requested};
  if (Status s = store->BeginRun(info, run_id); !s.ok()) return s;
  return FillRun(store, options, seed, params.generator, params.shard, params.shard.k - 1,
                 requested, outcome);
}

Status FindRunToResume(SqliteStore* store, int64_t run_id, bool extend, StoredRun* run,
                       bool* between_levels) {
  *between_levels = false;
  if (extend) return store->FindRun(run_id, /*finished_too=*/true, run);
  const Status s = store->FindUnfinishedRun(run_id, run);
  if (s.ok()) return s;
  *between_levels = run_id == 0 && FindStoppedLevelSet(store, run);
  return *between_levels ? Status::Ok() : s;
}

Status ReadStoredRun(const StoredRun& run, std::string_view tool_version, RunParams* params) {
  const std::string name = RunName(run);
  if (run.tool_version != tool_version) {
    return Status::NotSupported(name + " was started by " + run.tool_version + ", this is " +
                                std::string(tool_version) +
                                "; resume it with that version (its generator may differ)");
  }
  if (Status s = ParseParamsJson(run.params_json, params); !s.ok()) {
    return Status::Corruption(name + ": " + s.message());
  }
  // A run asks for its count (a shard for its share of it), or more once extended.
  if (run.requested < params->shard.ShareOf(params->count) ||
      (params->shard.whole() && params->count > run.requested)) {
    return Status::Corruption(name + ": params count " + std::to_string(params->count) +
                              " does not fit requested " + std::to_string(run.requested));
  }
  if (const Status s = CheckGeneratorOptions(params->generator); !s.ok()) {
    return Status::FromCode(s.code(), name + ": stored parameters: " + s.message());
  }
  return Status::Ok();
}

Status AttachGridSource(const StoredRun& run, std::span<const Grid> grids, uint64_t fingerprint,
                        RunParams* params) {
  if (static_cast<int64_t>(grids.size()) != params->grid_source_grids ||
      fingerprint != params->grid_source_fingerprint) {
    return Status::InvalidArgument(RunName(run) + ": its grid source " + params->grid_source_path +
                                   " has changed since the run started; restore the file to "
                                   "resume");
  }
  params->generator.grid_source = grids;
  return Status::Ok();
}

void UseGridSource(const std::string& path, std::span<const Grid> grids, uint64_t fingerprint,
                   RunParams* params) {
  params->generator.grid_source = grids;
  params->grid_source_path = path;
  params->grid_source_grids = static_cast<int64_t>(grids.size());
  params->grid_source_fingerprint = fingerprint;
}

Status ContinueRun(SqliteStore* store, const RunnerOptions& options, int64_t extend, StoredRun* run,
                   const RunParams& params, RunOutcome* outcome) {
  // Checks again, now inside a write transaction.
  if (Status s = store->ResumeRun(run->id, run, extend); !s.ok()) return s;
  return FillRun(store, options, run->seed, params.generator, params.shard,
                 params.shard.FirstItemFrom(run->next_item), run->requested - run->written,
                 outcome);
}

Status MakeMissingItems(const RunnerOptions& options, const MissingItems& items,
                        const RunParams& params, PuzzleSink* sink, int64_t* next_item) {
  *next_item = items.first_item;
  if (items.tool_version != options.tool_version) {
    return Status::NotSupported("the shards were made by " + items.tool_version + ", this is " +
                                options.tool_version);
  }
  if (Status s = CheckGeneratorOptions(params.generator); !s.ok()) return s;
  PipelineOptions pipeline;
  pipeline.seed = items.seed;
  pipeline.first_index = items.first_item;
  pipeline.count = items.count;
  pipeline.threads = options.threads;
  pipeline.batch_size = options.batch_size;
  pipeline.generator = params.generator;
  pipeline.stop = &g_stop;
  // Stoppable only while it makes items: elsewhere a signal ends the merge at once.
  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  PipelineResult result;
  Status status = RunPipeline(pipeline, sink, &result);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  *next_item = result.next_index;
  if (status.ok() && result.stopped) {
    status = Status::IoError("interrupted; nothing was written");
  }
  return status;
}

Status LevelRuns(const RunParams& params, int64_t run_id, std::vector<RunParams>* runs) {
  runs->clear();
  for (size_t i = 0; i < params.level_set.levels.size(); ++i) {
    runs->push_back(LevelRunParams(params, i));
    if (const Status s = CheckGeneratorOptions(runs->back().generator); !s.ok()) {
      return Status::FromCode(s.code(), "run " + std::to_string(run_id) + ": stored level " +
                                            runs->back().level + ": " + s.message());
    }
  }
  return Status::Ok();
}

Status MakeLevels(SqliteStore* store, const RunnerOptions& options,
                  const std::vector<RunParams>& runs, size_t first, PipelineResult* total,
                  bool* stopped) {
  *stopped = false;
  const LevelSet& set = runs.front().level_set;
  for (size_t i = first; i < runs.size(); ++i) {
    const uint64_t seed = set.SeedOf(i);
    int64_t run_id = 0;
    RunOutcome outcome;
    if (Status s = StartRun(store, options, seed, runs[i], &run_id, &outcome); !s.ok()) return s;
    if (options.observer != nullptr) {
      options.observer->LevelMade(set.levels[i].name, run_id, seed, outcome);
    }
    total->written += outcome.result.written;
    total->duplicates += outcome.result.duplicates;
    total->seconds += outcome.result.seconds;
    if (outcome.result.stopped) {
      *stopped = true;
      return Status::Ok();
    }
  }
  return Status::Ok();
}

}  // namespace sudoku
