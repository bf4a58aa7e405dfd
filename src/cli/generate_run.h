// How `generate` fills runs: the pipeline into the store's open run, stopped by SIGINT or
// SIGTERM after its committed batches; reading back a stored run's parameters to resume it; the
// runs of a level set in turn; and the summaries printed. cmd_generate.cc turns the command
// line into the runs these make.
#ifndef SUDOKU_CLI_GENERATE_RUN_H_
#define SUDOKU_CLI_GENERATE_RUN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "cmd_generate.h"
#include "grid_source.h"
#include "run_params.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {

// From now on the first SIGINT or SIGTERM stops the run after its committed batches (it ends
// 'interrupted'); a second one, while the first waits (say on a long open of a big corpus), ends
// the process at once as it would have. Called before the corpus is opened, so that a signal
// while it is set up ends the run with the schema and the run's row in place.
void CatchStopSignals();

// How a run that was filled ended. The functions that fill a run (StartRun, ContinueRun,
// MakeLevels) end it with EndRun; on a failure they record it 'failed' and throw UserError.
struct RunOutcome {
  const char* status = "";  // what EndRun recorded: finished, interrupted (or failed: thrown)
  PipelineResult result;
};

// Reads back the parameters of `run`, refusing what this build cannot continue exactly. A run
// made from a grid source reads the file again into *source, which must be unchanged.
RunParams StoredRunParams(const std::string& db, const StoredRun& run, GridSource* source);

// ", 3 duplicates skipped" when there were any.
std::string DuplicatesNote(int64_t duplicates);

// Makes `run` (as the store found it, with its stored parameters `params`) the store's run
// again and fills it up to its requested count, with options.extend more; *run is then the run
// as ResumeRun found it.
RunOutcome ContinueRun(SqliteStore* store, const GenerateOptions& options, StoredRun* run,
                       const RunParams& params);

// "resumed run 3: finished: 120 puzzles in 0.50 s (240/s) to x.db, 1000 of 1000 written, seed
// 7": the summary of ContinueRun.
void PrintResumed(const GenerateOptions& options, const StoredRun& run, const RunOutcome& outcome);

// Begins a new run of `params` seeded with `seed` in the store and fills it; *run_id is its id.
RunOutcome StartRun(SqliteStore* store, const GenerateOptions& options, uint64_t seed,
                    const RunParams& params, int64_t* run_id);

// "finished: 2000 puzzles in 0.20 s (9932/s) to x.db, run 1, seed 7": the summary of StartRun.
void PrintStarted(const GenerateOptions& options, int64_t run_id, uint64_t seed,
                  const RunOutcome& outcome);

// Makes the runs of the levels `first`.. of a level set, in order: `runs` holds the parameters
// of all its levels, the seeds are LevelSet::SeedOf. Adds what was written to *total. Returns
// false when a signal stopped it.
bool MakeLevels(SqliteStore* store, const GenerateOptions& options,
                const std::vector<RunParams>& runs, size_t first, PipelineResult* total);

// A level set stopped between two levels leaves no unfinished run. True, and the corpus's
// latest run in *run, when that run is a level of a set before the set's last level.
bool FindStoppedLevelSet(SqliteStore* store, StoredRun* run);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_GENERATE_RUN_H_
