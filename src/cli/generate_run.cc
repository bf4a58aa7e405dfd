#include "generate_run.h"

#include <cstdio>

#include "cli_util.h"

namespace sudoku::cli {
namespace {

double Rate(const PipelineResult& result) {
  return result.seconds > 0 ? static_cast<double>(result.written) / result.seconds : 0.0;
}

}  // namespace

GenerateObserver::GenerateObserver(const GenerateOptions& options) : options_(options) {}

GenerateObserver::~GenerateObserver() = default;

void GenerateObserver::FillBegins(int64_t count) {
  progress_ = std::make_unique<ProgressLine>(!options_.quiet && IsTerminal(2), count, "generated");
}

void GenerateObserver::FillProgress(int64_t done) { progress_->Update(done); }

void GenerateObserver::FillEnds() { progress_->Clear(); }

void GenerateObserver::LevelMade(const std::string& level, int64_t run_id, uint64_t seed,
                                 const RunOutcome& outcome) {
  if (options_.quiet) return;
  std::printf("%s: ", level.c_str());
  PrintStarted(options_, run_id, seed, outcome);
  if (outcome.result.stopped) {
    std::printf(
        "stopped at level %s: generate --db %s --resume finishes it and the levels after it\n",
        level.c_str(), options_.db.c_str());
  }
}

RunnerOptions ToRunnerOptions(const GenerateOptions& options, RunObserver* observer) {
  return {.threads = options.threads,
          .batch_size = options.batch_size,
          .tool_version = kToolVersion,
          .observer = observer};
}

RunParams StoredRunParams(const std::string& db, const StoredRun& run, GridSource* source) {
  RunParams params;
  if (const Status s = ReadStoredRun(run, kToolVersion, &params); !s.ok()) {
    throw UserError(db + ": " + InOptionTerms(s.message()));
  }
  if (!params.grid_source_path.empty()) {
    *source = LoadGridSource(params.grid_source_path);
    if (const Status s = AttachGridSource(run, source->grids, source->fingerprint, &params);
        !s.ok()) {
      throw UserError(db + ": " + s.message());
    }
  }
  return params;
}

std::string DuplicatesNote(int64_t duplicates) {
  if (duplicates == 0) return "";
  return ", " + std::to_string(duplicates) + (duplicates == 1 ? " duplicate" : " duplicates") +
         " skipped";
}

void PrintResumed(const GenerateOptions& options, const StoredRun& run, const RunOutcome& outcome) {
  std::printf(
      "resumed run %lld: %s: %lld puzzles in %.2f s (%s) to %s, %lld of %lld "
      "written%s, seed %llu\n",
      static_cast<long long>(run.id), outcome.status,
      static_cast<long long>(outcome.result.written), outcome.result.seconds,
      FormatRate(Rate(outcome.result)).c_str(), options.db.c_str(),
      static_cast<long long>(run.written + outcome.result.written),
      static_cast<long long>(run.requested),
      DuplicatesNote(run.duplicates + outcome.result.duplicates).c_str(),
      static_cast<unsigned long long>(run.seed));
}

void PrintStarted(const GenerateOptions& options, int64_t run_id, uint64_t seed,
                  const RunOutcome& outcome) {
  std::printf("%s: %lld puzzles in %.2f s (%s) to %s, run %lld%s, seed %llu\n", outcome.status,
              static_cast<long long>(outcome.result.written), outcome.result.seconds,
              FormatRate(Rate(outcome.result)).c_str(), options.db.c_str(),
              static_cast<long long>(run_id),
              DuplicatesNote(outcome.result.duplicates).c_str(),
              static_cast<unsigned long long>(seed));
}

}  // namespace sudoku::cli
