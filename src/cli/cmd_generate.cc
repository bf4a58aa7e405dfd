#include "cmd_generate.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli_util.h"
#include "grid_source.h"
#include "run_params.h"
#include "sudoku/core/scorer.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {
namespace {

std::atomic<bool> g_stop{false};

// More puzzles than any disk holds, and far enough below INT64_MAX that counts, shard item
// indices (count times up to a million shards) and duplicate allowances cannot overflow.
constexpr int64_t kMaxCount = 1'000'000'000'000;
// More worker threads than any machine has cores; above it a typo (100000) would ask the
// system for threads it may not give.
constexpr int kMaxThreads = 1024;

// The first signal stops the run after its committed batches; a second one, while the first
// waits (say on a long open of a big corpus), ends the process at once as it would have.
extern "C" void OnSignal(int signal) {
  if (g_stop.exchange(true)) {
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

uint64_t RandomSeed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ device();
}

// Looks `name` up with `parse`; throws UserError listing `choices` when it is unknown.
template <typename Parse>
auto ParseChoice(const char* option, const std::string& name, Parse parse, const char* choices) {
  auto parsed = parse(name);
  if (!parsed) {
    throw UsageError(std::string(option) + " '" + name + "': unknown; use " + choices);
  }
  return *parsed;
}

// Turns the command-line options into generator options; throws UserError when they are bad.
GeneratorOptions ToGeneratorOptions(const GenerateOptions& options) {
  GeneratorOptions generator;
  generator.dig.minimal = options.minimal;
  generator.grid_method = ParseChoice("--grid-method", options.grid_method, ParseGridMethod,
                                      "search, digit-rows, box-fill, pattern or random-clues");
  generator.transform =
      ParseChoice("--transform", options.transform, ParseTransformKind, "relabel or full");
  generator.random_symmetry = options.symmetry == "random";
  if (!generator.random_symmetry) {
    generator.dig.symmetry =
        ParseChoice("--symmetry", options.symmetry, ParseSymmetry,
                    "none, rot180, rot90, mirror, flip, diagonal, antidiagonal or random");
  }
  generator.dig.order = ParseChoice("--dig-order", options.dig_order, ParseDigOrder,
                                    "random, per-row or controlled-bias");
  // Controlled-bias digging makes minimal puzzles only: --minimal is implied.
  if (generator.dig.order == DigOrder::kControlledBias) generator.dig.minimal = true;
  if (!generator.dig.minimal) {  // the span of the clue classes; --minimal keeps the digger's 17-80
    generator.dig.min_clues = ClueClasses().back().min_clues;
    generator.dig.max_clues = ClueClasses().front().max_clues;
  }
  if (!options.clue_class.empty()) {
    const auto band = FindClueClass(options.clue_class);
    if (!band) {
      throw UsageError("--clue-class '" + options.clue_class +
                       "': unknown clue class; use easy, medium or hard");
    }
    generator.dig.min_clues = band->min_clues;
    generator.dig.max_clues = band->max_clues;
  }
  if (!options.level.empty()) {
    const RatingBand band = ParseRatingLevel("--level", options.level);
    generator.min_rating = band.min_rating;
    generator.max_rating = std::min(band.max_rating, kGuessRating);
    // Where the level is common: beginner puzzles among 26-56 clues, easy ones among 26-31,
    // harder ones among minimal puzzles (the shares per clue band: docs/rating.md).
    if (options.clues.empty() && options.clue_class.empty() && !options.minimal &&
        band.min_rating > FindRatingBand("beginner")->max_rating) {
      if (band.max_rating <= FindRatingBand("easy")->max_rating) {
        generator.dig.min_clues = 26;
        generator.dig.max_clues = 31;
      } else {
        generator.dig = DigOptions{
            .minimal = true, .symmetry = generator.dig.symmetry, .order = generator.dig.order};
      }
    }
  }
  if (!options.rating.empty()) {
    const RatingRange rating = ParseRatingRange("--rating", options.rating);
    generator.min_rating = rating.min;
    generator.max_rating = rating.max;
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
  ThrowIfError(CheckGeneratorOptions(generator));
  if (options.count < 1 || options.count > kMaxCount)
    throw UsageError("--count " + std::to_string(options.count) + ": must be from 1 to " +
                     std::to_string(kMaxCount));
  return generator;
}

// The options a new run and a resumed run share; throws UserError when they are bad.
void CheckExecutionOptions(const GenerateOptions& options) {
  // SQLite would take ":memory:" for a database that vanishes at exit, and "" for a temporary
  // file: a run there would report "finished" and keep nothing.
  if (options.db.empty() || options.db == ":memory:") {
    throw UsageError("--db '" + options.db +
                     "': not a file; a corpus must be kept in a file, e.g. --db corpus.db");
  }
  if (options.threads < 0 || options.threads > kMaxThreads)
    throw UsageError("--threads " + std::to_string(options.threads) +
                     ": must be from 0 (all cores) to " + std::to_string(kMaxThreads));
  if (options.batch_size < 1) throw UsageError("--batch-size must be at least 1");
  if (options.resume_run && *options.resume_run < 1)
    throw UserError("--resume " + std::to_string(*options.resume_run) +
                    ": a run id is 1 or more (or give none for the latest unfinished run)");
  if (options.extend < 0 || options.extend > kMaxCount)
    throw UsageError("--extend " + std::to_string(options.extend) + ": must be from 0 to " +
                     std::to_string(kMaxCount));
  if (options.extend > 0 && !options.resume)
    throw UserError("--extend " + std::to_string(options.extend) +
                    " extends a stored run: use it with --resume [RUN_ID]");
}

struct RunOutcome {
  const char* status = "";  // what EndRun recorded: finished, interrupted (or failed: thrown)
  PipelineResult result;
};

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

// "--clues, --seed" from {"--clues", "--seed"}.
std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

// Reads back the parameters of `run`, refusing what this build cannot continue exactly. A run
// made from a grid source reads the file again into *source, which must be unchanged.
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

// ", 3 duplicates skipped" when there were any.
std::string DuplicatesNote(int64_t duplicates) {
  if (duplicates == 0) return "";
  return ", " + std::to_string(duplicates) + (duplicates == 1 ? " duplicate" : " duplicates") +
         " skipped";
}

// `generate --resume [RUN_ID]`: finishes an unfinished run in place.
int ResumeGenerate(const GenerateOptions& options) {
  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store, OpenMode::kMustExist));
  StoredRun run;
  if (options.extend > 0) {
    ThrowIfError(store->FindRun(options.resume_run.value_or(0), /*finished_too=*/true, &run));
  } else {
    ThrowIfError(store->FindUnfinishedRun(options.resume_run.value_or(0), &run));
  }
  if (!options.run_flags_given.empty()) {
    throw UserError("--resume takes its parameters from run " + std::to_string(run.id) + "; drop " +
                    JoinNames(options.run_flags_given));
  }
  GridSource source;
  const RunParams params = StoredRunParams(options.db, run, &source);
  // Checks again, now inside a write transaction.
  ThrowIfError(store->ResumeRun(run.id, &run, options.extend));

  const int64_t remaining = run.requested - run.written;
  const RunOutcome outcome = FillRun(store.get(), options, run.seed, params.generator, params.shard,
                                     params.shard.FirstItemFrom(run.next_item), remaining);
  if (!options.quiet) {
    std::printf(
        "resumed run %lld: %s: %lld puzzles in %.2f s (%.0f/s) to %s, %lld of %lld "
        "written%s, seed %llu\n",
        static_cast<long long>(run.id), outcome.status,
        static_cast<long long>(outcome.result.written), outcome.result.seconds,
        Rate(outcome.result), options.db.c_str(),
        static_cast<long long>(run.written + outcome.result.written),
        static_cast<long long>(run.requested),
        DuplicatesNote(run.duplicates + outcome.result.duplicates).c_str(),
        static_cast<unsigned long long>(run.seed));
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
                    ->check(WholeNumber(1, kMaxCount))
                    ->capture_default_str();
  auto* seed =
      cmd->add_option("--seed", options->seed, "Run seed (default: random, printed at the end)")
          ->check(UnsignedNumber());
  cmd->add_option("-j,--threads", options->threads,
                  "Worker threads (0 = all cores; at most " + std::to_string(kMaxThreads) + ")")
      ->check(WholeNumber(0, kMaxThreads))
      ->capture_default_str();
  auto* clues = cmd->add_option("--clues", options->clues,
                                "Clue band MIN-MAX, e.g. 22-30 (default 26-56, the span of the "
                                "clue classes; 17-80 with --minimal)");
  auto* level = cmd->add_option("--level", options->level,
                                "Rating level: beginner, easy, medium, hard, expert or extreme "
                                "(docs/rating.md)");
  auto* clue_class = cmd->add_option("--clue-class,--clue-level", options->clue_class,
                                     "Clue class: easy (54-56 clues), medium (41-46) or hard "
                                     "(26-31)");
  clues->excludes(clue_class);
  auto* rating = cmd->add_option("--rating", options->rating,
                                 "SE rating band MIN-MAX, e.g. 3.0-4.4 (10.0 = needs a guess)");
  rating->excludes(level);
  auto* freedom =
      cmd->add_option("--freedom", options->freedom, "Freedom band MIN-MAX (0-729), e.g. 243-486");
  auto* minimal = cmd->add_flag("--minimal", options->minimal, "Dig until no clue can be removed");
  auto* grid_method =
      cmd->add_option("--grid-method", options->grid_method,
                      "How finished grids are made: search, digit-rows, box-fill, pattern or "
                      "random-clues")
          ->capture_default_str();
  auto* grid_source = cmd->add_option("--grid-source", options->grid_source,
                                      "Draw finished grids from this file (one 81-digit grid "
                                      "per line) instead of making them");
  grid_source->excludes(grid_method);
  auto* transform = cmd->add_option("--transform", options->transform,
                                    "Transform each grid: relabel (digits only) or full (any "
                                    "validity-preserving transform)")
                        ->capture_default_str();
  auto* symmetry = cmd->add_option("--symmetry", options->symmetry,
                                   "Symmetry of the clues: none, rot180, rot90, mirror, flip, "
                                   "diagonal, antidiagonal, or random (one per puzzle)")
                       ->capture_default_str();
  auto* dig_order = cmd->add_option("--dig-order", options->dig_order,
                                    "random, per-row (the same share of holes in every row), "
                                    "or controlled-bias (minimal puzzles whose bias is known, "
                                    "for stats --unbiased; implies --minimal)")
                        ->capture_default_str();
  cmd->add_flag("-q,--quiet", options->quiet, "No progress line and no summary");
  cmd->add_option("--batch-size", options->batch_size,
                  "Puzzles per write to the database (a transaction holds one or more)")
      ->check(WholeNumber(1, std::numeric_limits<int>::max()))
      ->capture_default_str();
  auto* shard = cmd->add_option("--shard", options->shard,
                                "Make part K of N of the run (K/N, e.g. 2/8): run the N parts "
                                "anywhere with the same options, then merge them")
                    ->type_name("K/N");
  auto* resume = cmd->add_option("--resume", options->resume_run,
                                 "Finish an unfinished run: RUN_ID, or the latest if none is given "
                                 "(its seed and parameters are reused)")
                     ->expected(0, 1)
                     ->type_name("[RUN_ID]");
  cmd->add_option("--extend", options->extend,
                  "With --resume: make the run N puzzles longer, even a finished one")
      ->check(WholeNumber(0, kMaxCount))
      ->type_name("N");
  const std::vector<CLI::Option*> run_flags = {
      count,   seed,        clues,       level,     clue_class, rating,    freedom,
      minimal, grid_method, grid_source, transform, symmetry,   dig_order, shard};
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
  // From before the file is created: a SIGTERM while it is set up ends the run 'interrupted'
  // with the schema and the run's row in place, never a process killed over an empty file.
  g_stop.store(false);
  std::signal(SIGINT, OnSignal);
  std::signal(SIGTERM, OnSignal);
  if (options.resume) return ResumeGenerate(options);
  GeneratorOptions generator = ToGeneratorOptions(options);
  const uint64_t seed = options.seed.value_or(RandomSeed());
  RunParams params;
  params.count = options.count;
  params.level = options.level;
  params.clue_class = options.clue_class;
  params.generator = generator;
  if (!options.shard.empty()) {
    params.shard = ParseShard(options.shard);
    if (!options.seed) {
      throw UserError("--shard " + options.shard +
                      " needs --seed: every shard of a run takes the same seed");
    }
  }
  const int64_t requested = params.shard.ShareOf(options.count);
  GridSource source;
  if (!options.grid_source.empty()) {
    source = LoadGridSource(options.grid_source);
    generator.grid_source = source.grids;
    params.grid_source_path = source.path;
    params.grid_source_grids = static_cast<int64_t>(source.grids.size());
    params.grid_source_fingerprint = source.fingerprint;
  }

  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store));
  RunInfo info{seed, ToParamsJson(params), kToolVersion, requested};
  int64_t run_id = 0;
  ThrowIfError(store->BeginRun(info, &run_id));

  const RunOutcome outcome =
      FillRun(store.get(), options, seed, generator, params.shard, params.shard.k - 1, requested);
  if (!options.quiet) {
    std::printf("%s: %lld puzzles in %.2f s (%.0f/s) to %s, run %lld%s, seed %llu\n",
                outcome.status, static_cast<long long>(outcome.result.written),
                outcome.result.seconds, Rate(outcome.result), options.db.c_str(),
                static_cast<long long>(run_id), DuplicatesNote(outcome.result.duplicates).c_str(),
                static_cast<unsigned long long>(seed));
  }
  return outcome.result.stopped ? 130 : 0;
}

}  // namespace sudoku::cli
