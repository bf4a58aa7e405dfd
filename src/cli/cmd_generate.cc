#include "cmd_generate.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>

#include "cli_util.h"
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
  if (options.threads < 0)
    throw UserError("--threads " + std::to_string(options.threads) +
                    ": must be 0 (all cores) or more");
  if (options.batch_size < 1) throw UserError("--batch-size must be at least 1");
  return generator;
}

std::string ParamsJson(const GenerateOptions& options, const GeneratorOptions& generator) {
  nlohmann::json params = {
      {"count", options.count},
      {"clues", {generator.dig.min_clues, generator.dig.max_clues}},
      {"freedom", {generator.min_freedom, generator.max_freedom}},
      {"level", options.level.empty() ? nlohmann::json(nullptr) : nlohmann::json(options.level)},
      {"minimal", generator.dig.minimal},
      {"grid_method", "search"},
      {"symmetry", "none"},
      {"max_attempts", generator.max_attempts},
  };
  return params.dump();
}

// Prints "\r done/total  rate/s  ETA" on stderr, at most five times a second.
class ProgressLine {
 public:
  explicit ProgressLine(int64_t total) : total_(total), start_(Clock::now()), last_(start_) {}
  void Update(int64_t done) {
    const auto now = Clock::now();
    if (now - last_ < std::chrono::milliseconds(200) && done < total_) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
    const double left = rate > 0 ? static_cast<double>(total_ - done) / rate : 0;
    std::fprintf(stderr, "\r%lld/%lld puzzles  %.0f/s  %.0f s left   ",
                 static_cast<long long>(done), static_cast<long long>(total_), rate, left);
    std::fflush(stderr);
  }
  void Clear() { std::fprintf(stderr, "\r\033[K"); }

 private:
  using Clock = std::chrono::steady_clock;
  int64_t total_;
  Clock::time_point start_, last_;
};

void Check(const Status& status) {
  if (!status.ok()) throw UserError(status.message());
}

}  // namespace

void SetupGenerateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Generate unique puzzles into a corpus database");
  cmd->add_option("--db", options->db,
                  "Corpus database file (created if missing; runs are appended)")
      ->capture_default_str();
  cmd->add_option("-n,--count", options->count, "How many puzzles to write")->capture_default_str();
  cmd->add_option("--seed", options->seed, "Run seed (default: random, printed at the end)");
  cmd->add_option("-j,--threads", options->threads, "Worker threads (0 = all cores)")
      ->capture_default_str();
  auto* clues = cmd->add_option("--clues", options->clues,
                                "Clue band MIN-MAX, e.g. 22-30 (default 26-56, the span of the "
                                "levels; 17-80 with --minimal)");
  auto* level = cmd->add_option("--level", options->level,
                                "easy (54-56 clues), medium (41-46) or hard (26-31)");
  clues->excludes(level);
  cmd->add_option("--freedom", options->freedom, "Freedom band MIN-MAX (0-729), e.g. 243-486");
  cmd->add_flag("--minimal", options->minimal, "Dig until no clue can be removed");
  cmd->add_flag("-q,--quiet", options->quiet, "No progress line and no summary");
  cmd->add_option("--batch-size", options->batch_size, "Puzzles per database transaction")
      ->capture_default_str();
  cmd->callback([options, exit_code] { *exit_code = RunGenerate(*options); });
}

int RunGenerate(const GenerateOptions& options) {
  const GeneratorOptions generator = ToGeneratorOptions(options);
  const uint64_t seed = options.seed.value_or(RandomSeed());

  std::unique_ptr<SqliteStore> store;
  Check(SqliteStore::Open(options.db, &store));
  RunInfo info{seed, ParamsJson(options, generator), kToolVersion, options.count};
  int64_t run_id = 0;
  Check(store->BeginRun(info, &run_id));

  PipelineOptions pipeline;
  pipeline.seed = seed;
  pipeline.count = options.count;
  pipeline.threads = options.threads;
  pipeline.batch_size = options.batch_size;
  pipeline.generator = generator;
  pipeline.stop = &g_stop;
  const bool show_progress = !options.quiet && IsTerminal(2);
  ProgressLine progress(options.count);
  if (show_progress) pipeline.progress = [&progress](int64_t done) { progress.Update(done); };

  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  PipelineResult result;
  const Status status = RunPipeline(pipeline, store.get(), &result);
  std::signal(SIGINT, SIG_DFL);
  std::signal(SIGTERM, SIG_DFL);
  if (show_progress) progress.Clear();

  const char* run_status = !status.ok() ? "failed" : result.stopped ? "interrupted" : "finished";
  const Status ended = store->EndRun(run_status);
  Check(status);
  Check(ended);
  if (!options.quiet) {
    std::printf("%s: %lld puzzles in %.2f s (%.0f/s) to %s, run %lld, seed %llu\n", run_status,
                static_cast<long long>(result.written), result.seconds,
                result.seconds > 0 ? static_cast<double>(result.written) / result.seconds : 0.0,
                options.db.c_str(), static_cast<long long>(run_id),
                static_cast<unsigned long long>(seed));
  }
  return result.stopped ? 130 : 0;
}

}  // namespace sudoku::cli
