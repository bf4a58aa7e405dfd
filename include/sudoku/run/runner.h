// How runs are made: a new run filled into a corpus store, a stored run read back and continued
// (resumed, or extended), the runs of a level set in turn, and stopping a run by a signal after
// its committed batches. The same seed and parameters give the same rows however a run was
// stopped and resumed. Built on the pipeline and the SQLite store; prints nothing (RunObserver
// sees what a command shows). A store is used by one thread at a time; the stop request is
// process-wide (signals), so one run is filled at a time in a process.
#ifndef SUDOKU_RUN_RUNNER_H_
#define SUDOKU_RUN_RUNNER_H_

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sudoku/core/grid.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/run/params.h"
#include "sudoku/status.h"
#include "sudoku/storage/merge.h"
#include "sudoku/storage/store.h"

namespace sudoku {

// How a run that was filled ended.
struct RunOutcome {
  const char* status = "";  // what EndRun recorded: finished, interrupted or failed
  PipelineResult result;
};

// What a command shows of a run as it is made. Called on the calling thread, except
// FillProgress (the pipeline's writer thread, one call at a time).
class RunObserver {
 public:
  virtual ~RunObserver() = default;
  // A fill of `count` items begins / has written `done` / has ended (before EndRun).
  virtual void FillBegins(int64_t /*count*/) {}
  virtual void FillProgress(int64_t /*done*/) {}
  virtual void FillEnds() {}
  // The run of level `level` of a set was made as run `run_id` with `seed`.
  virtual void LevelMade(const std::string& /*level*/, int64_t /*run_id*/, uint64_t /*seed*/,
                         const RunOutcome& /*outcome*/) {}
};

// How runs are carried out; none of it changes the rows a run makes.
struct RunnerOptions {
  int threads = 0;                  // threads making puzzles, 0 = all cores. Default: 0
  int batch_size = 5000;            // puzzles per write (pipeline.h). Default: 5000
  std::string tool_version;         // stored with a new run; a resume needs the same. Default: ""
  RunObserver* observer = nullptr;  // Default: none
};

// From now on the first SIGINT or SIGTERM stops the run being filled after its committed
// batches (it ends 'interrupted'); a second one, while the first waits, ends the process at once
// as it would have. Clears an earlier stop request. Each fill installs the same handlers for
// its time and restores the default ones after.
void CatchStopSignals();

// Asks the run being filled (or the next one) to stop after its committed batches, as the first
// signal does. Async-signal-safe.
void RequestStop();

// Begins a new run of `params` seeded with `seed` in `store` and fills it to its count (a
// shard: its share of it), then ends it. *run_id is its id. On a failure after the run began,
// the run is recorded 'failed' and the failure returned.
Status StartRun(SqliteStore* store, const RunnerOptions& options, uint64_t seed,
                const RunParams& params, int64_t* run_id, RunOutcome* outcome);

// The run a resume continues: with `extend`, run `run_id` even if finished, else the unfinished
// run `run_id` (0: the latest). *between_levels is set when none is unfinished but `run_id` is
// 0 and a level set stopped between two levels: *run is then its last made level.
Status FindRunToResume(SqliteStore* store, int64_t run_id, bool extend, StoredRun* run,
                       bool* between_levels);

// Reads back the parameters of `run`, refusing what this build cannot continue exactly: another
// tool version, params it cannot parse, a count that does not fit, bad bands. Messages start
// "run N". A run with grid_source_path set still needs AttachGridSource.
Status ReadStoredRun(const StoredRun& run, std::string_view tool_version, RunParams* params);

// Makes `params` draw from `grids` (the file at params->grid_source_path, read again, with its
// fingerprint), refusing a file whose grids changed since `run` started. `grids` must outlive
// the run.
Status AttachGridSource(const StoredRun& run, std::span<const Grid> grids, uint64_t fingerprint,
                        RunParams* params);

// Makes a new run draw its grids from the file `path` holding `grids` (with `fingerprint`):
// stored with the run so that a resume can check the file. `grids` must outlive the run.
void UseGridSource(const std::string& path, std::span<const Grid> grids, uint64_t fingerprint,
                   RunParams* params);

// Makes `run` (as found, with its stored parameters `params`) the store's run again, `extend`
// puzzles longer, and fills it up to its requested count; *run is then the run as ResumeRun
// found it.
Status ContinueRun(SqliteStore* store, const RunnerOptions& options, int64_t extend, StoredRun* run,
                   const RunParams& params, RunOutcome* outcome);

// Makes the items a merge of short shards asks for (MergeOptions::make_items, storage/merge.h):
// items.first_item, first_item + 1, ... of the run of `params` (its stored parameters, parsed,
// with a grid source attached) into `sink` until items.count puzzles are stored, as one machine
// goes on; *next_item is one past the last item made. kNotSupported for shards of another tool
// version; stopped by a signal as a fill is, then kIoError ("interrupted").
Status MakeMissingItems(const RunnerOptions& options, const MissingItems& items,
                        const RunParams& params, PuzzleSink* sink, int64_t* next_item);

// The parameters of every level of the set `params` (any run of it, stored as run `run_id`)
// belongs to, each checked. A bad one fails with "run N: stored level L: <reason>".
Status LevelRuns(const RunParams& params, int64_t run_id, std::vector<RunParams>* runs);

// Makes the runs of the levels `first`.. of a level set in turn: `runs` holds the parameters of
// all its levels, the seeds are LevelSet::SeedOf. Adds what was written to *total; *stopped
// when a stop request ended a level (the levels after it are not begun).
Status MakeLevels(SqliteStore* store, const RunnerOptions& options,
                  const std::vector<RunParams>& runs, size_t first, PipelineResult* total,
                  bool* stopped);

}  // namespace sudoku

#endif  // SUDOKU_RUN_RUNNER_H_
