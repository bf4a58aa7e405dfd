// What `generate` shows of the runs the run library makes (include/sudoku/run/runner.h): the
// progress line, the summaries, the levels of a set as they are made; and a stored run's
// parameters read back with its grid source loaded again. cmd_generate.cc binds the options.
#ifndef SUDOKU_CLI_GENERATE_RUN_H_
#define SUDOKU_CLI_GENERATE_RUN_H_

#include <cstdint>
#include <memory>
#include <string>

#include "cmd_generate.h"
#include "grid_source.h"
#include "run_params.h"
#include "sudoku/run/runner.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {

class ProgressLine;

// The progress line of each fill on a terminal, and with level sets each level's summary.
class GenerateObserver : public RunObserver {
 public:
  explicit GenerateObserver(const GenerateOptions& options);
  ~GenerateObserver() override;
  void FillBegins(int64_t count) override;
  void FillProgress(int64_t done) override;
  void FillEnds() override;
  void LevelMade(const std::string& level, int64_t run_id, uint64_t seed,
                 const RunOutcome& outcome) override;

 private:
  const GenerateOptions& options_;
  std::unique_ptr<ProgressLine> progress_;
};

// The run library's options for `options`, reporting to `observer`.
RunnerOptions ToRunnerOptions(const GenerateOptions& options, RunObserver* observer);

// Reads back the parameters of `run` of corpus `db` (ReadStoredRun); a run made from a grid
// source reads the file again into *source, which must be unchanged. Throws UserError.
RunParams StoredRunParams(const std::string& db, const StoredRun& run, GridSource* source);

// ", 3 duplicates skipped" when there were any.
std::string DuplicatesNote(int64_t duplicates);

// "resumed run 3: finished: 120 puzzles in 0.50 s (240/s) to x.db, 1000 of 1000 written, seed
// 7": the summary of ContinueRun.
void PrintResumed(const GenerateOptions& options, const StoredRun& run, const RunOutcome& outcome);

// "finished: 2000 puzzles in 0.20 s (9932/s) to x.db, run 1, seed 7": the summary of StartRun.
void PrintStarted(const GenerateOptions& options, int64_t run_id, uint64_t seed,
                  const RunOutcome& outcome);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_GENERATE_RUN_H_
