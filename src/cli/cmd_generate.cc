#include "cmd_generate.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "cli_util.h"
#include "generate_run.h"
#include "grid_source.h"
#include "run_params.h"
#include "sudoku/core/scorer.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/run/runner.h"
#include "sudoku/storage/store.h"

namespace sudoku::cli {
namespace {

// More puzzles than any disk holds, and far enough below INT64_MAX that counts, shard item
// indices (count times up to a million shards) and duplicate allowances cannot overflow.
constexpr int64_t kMaxCount = 1'000'000'000'000;
// More worker threads than any machine has cores; above it a typo (100000) would ask the
// system for threads it may not give.
constexpr int kMaxThreads = 1024;
// The pipeline holds up to five batches of records (about 600 bytes each) at once: 100,000 is
// 300 MB, and larger batches write no faster (docs/performance.md, batch size).
constexpr int kMaxBatchSize = 100'000;
// Grids an item of a technique target tries before it gives up: a technique met by one minimal
// puzzle in 10,000 (0.01%) fails an item about once in 20,000 items, and an item that tries
// them all takes from seconds to about two minutes on one core (docs/performance.md, puzzles by
// technique).
constexpr int kTechniqueMaxAttempts = 100'000;

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

// Sets the hardest and required techniques of --hardest and --requires (UsageError on an unknown
// name), and a generous attempt limit when there are any.
void SetTechniqueTargets(const GenerateOptions& options, GeneratorOptions* generator) {
  if (!options.hardest.empty()) {
    generator->hardest = ParseTechniqueName("--hardest", options.hardest);
  }
  if (!options.requires_techniques.empty()) {
    for (const Technique t : ParseTechniqueList("--requires", options.requires_techniques)) {
      generator->required.set(static_cast<size_t>(t));
    }
  }
  if (HasTechniqueTarget(*generator)) generator->max_attempts = kTechniqueMaxAttempts;
}

// The SE ratings the puzzles asked for can have: the rating band, narrowed to the hardest
// technique's band and to at least the rating of each required technique.
RatingRange RequestedRatings(const GeneratorOptions& generator) {
  RatingRange ratings{generator.min_rating, generator.max_rating};
  if (generator.hardest) {
    const TechniqueBand band = HardestTechniqueBand(*generator.hardest);
    ratings.min = std::max(ratings.min, band.min_rating);
    ratings.max = std::min(ratings.max, band.max_rating);
  }
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (generator.required[t]) {
      ratings.min = std::max(ratings.min, TechniqueRating(static_cast<Technique>(t)));
    }
  }
  return ratings;
}

// The highest level a clue class's puzzles reach in practice: above it fewer than one in 200 of
// them (docs/generation.md, "Requests refused before any work"), so rare that an item misses
// them in its 1000 attempts once in a hundred items or more. A class not listed reaches every
// level.
struct ClueClassReach {
  std::string_view clue_class;
  std::string_view top_level;
};
constexpr ClueClassReach kClueClassReach[] = {{"easy", "beginner"}, {"medium", "beginner"}};

// Throws UsageError, naming both options, where the ratings asked for lie above every level the
// clue class reaches.
void CheckClueClassReach(const GenerateOptions& options, const GeneratorOptions& generator) {
  for (const ClueClassReach& reach : kClueClassReach) {
    if (options.clue_class != reach.clue_class) continue;
    const RatingBand top = *FindRatingBand(reach.top_level);
    if (generator.min_rating <= top.max_rating) return;
    const std::string asked =
        options.level.empty() ? "--rating " + options.rating : "--level " + options.level;
    const ClueClass clue_class = *FindClueClass(reach.clue_class);
    throw UsageError(asked + " with --clue-class " + options.clue_class + ": puzzles of " +
                     std::to_string(clue_class.min_clues) + "-" +
                     std::to_string(clue_class.max_clues) + " clues rate above " +
                     FormatRating(top.max_rating) + " (" + std::string(reach.top_level) +
                     ") too rarely to be generated; choose an easier level or a harder clue "
                     "class");
  }
}

// The fewest clues a unique puzzle has: its freedom is at most 9 for each of the other cells.
constexpr int kFewestUniqueClues = 17;
// Freedom above this is rare (under 1%) among puzzles dug to 26-56 clues but common among
// minimal ones (docs/generation.md): a band that starts above it is dug minimal.
constexpr int kDugFreedomReach = 210;

// Sets the freedom band of --freedom (UsageError where no puzzle of the clue band has it) and
// digs minimal puzzles where the band needs fewer clues than the default digging leaves.
void SetFreedomBand(const GenerateOptions& options, GeneratorOptions* generator) {
  if (options.freedom.empty()) return;
  const IntRange freedom = ParseRange("--freedom", options.freedom);
  generator->min_freedom = freedom.min;
  generator->max_freedom = freedom.max;
  const bool clues_chosen = !options.clues.empty() || !options.clue_class.empty();
  if (!clues_chosen && !generator->dig.minimal && freedom.min > kDugFreedomReach) {
    generator->dig = DigOptions{
        .minimal = true, .symmetry = generator->dig.symmetry, .order = generator->dig.order};
  }
  const int fewest = std::max(generator->dig.min_clues, kFewestUniqueClues);
  if (freedom.min > 9 * (81 - fewest)) {
    throw UsageError("--freedom " + options.freedom + ": a puzzle of " + std::to_string(fewest) +
                     " or more clues has a freedom of " + std::to_string(9 * (81 - fewest)) +
                     " at most" + (clues_chosen ? "; allow fewer clues" : ""));
  }
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
    generator.max_rating = std::min(band.max_rating, kMaxRating);
  }
  if (!options.rating.empty()) {
    const RatingRange rating = ParseRatingRange("--rating", options.rating);
    generator.min_rating = rating.min;
    generator.max_rating = rating.max;
  }
  SetTechniqueTargets(options, &generator);
  // A request no puzzle can meet (x-wing as the hardest step of an easy puzzle) is not a
  // malformed command line: exit 1, not 2.
  if (const Status s = CheckTechniqueTargets(generator); !s.ok()) {
    throw UserError(InOptionTerms(s.message()));
  }
  // Where the ratings asked for are common, unless the clues are chosen: beginner puzzles among
  // 26-56 clues, easy ones among 26-31, harder ones among minimal puzzles (the shares per clue
  // band: docs/rating.md). A technique target asks for the ratings of its techniques.
  const RatingRange ratings = RequestedRatings(generator);
  if (options.clues.empty() && options.clue_class.empty() && !options.minimal &&
      ratings.min > FindRatingBand("beginner")->max_rating) {
    if (ratings.max <= FindRatingBand("easy")->max_rating) {
      generator.dig.min_clues = 26;
      generator.dig.max_clues = 31;
    } else {
      generator.dig = DigOptions{
          .minimal = true, .symmetry = generator.dig.symmetry, .order = generator.dig.order};
    }
  }
  if (!options.clues.empty()) {
    const IntRange clues = ParseRange("--clues", options.clues);
    generator.dig.min_clues = clues.min;
    generator.dig.max_clues = clues.max;
  }
  SetFreedomBand(options, &generator);
  CheckClueClassReach(options, generator);
  ThrowIfBadOptions(CheckGeneratorOptions(generator));
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
  if (options.batch_size < 1 || options.batch_size > kMaxBatchSize) {
    throw UsageError("--batch-size " + std::to_string(options.batch_size) + ": must be from 1 to " +
                     std::to_string(kMaxBatchSize));
  }
  if (options.resume_run && *options.resume_run < 1)
    throw UsageError("--resume " + std::to_string(*options.resume_run) +
                     ": a run id is 1 or more (or give none for the latest unfinished run)");
  if (options.extend < 0 || options.extend > kMaxCount)
    throw UsageError("--extend " + std::to_string(options.extend) + ": must be from 0 to " +
                     std::to_string(kMaxCount));
  if (options.extend > 0 && !options.resume)
    throw UsageError("--extend " + std::to_string(options.extend) +
                     " extends a stored run: use it with --resume [RUN_ID]");
}

// "--clues, --seed" from {"--clues", "--seed"}.
std::string JoinNames(const std::vector<std::string>& names) {
  std::string joined;
  for (const std::string& name : names) joined += (joined.empty() ? "" : ", ") + name;
  return joined;
}

// The parameters of a new run of `options` (one level at most), without its grid source
// (DrawGridsFrom); throws UserError when they are bad.
RunParams NewRunParams(const GenerateOptions& options) {
  RunParams params;
  params.count = options.count;
  params.level = options.level;
  params.clue_class = options.clue_class;
  params.generator = ToGeneratorOptions(options);
  if (!options.shard.empty()) {
    params.shard = ParseShard(options.shard);
    if (!options.seed) {
      throw UsageError("--shard " + options.shard +
                       " needs --seed: every shard of a run takes the same seed");
    }
  }
  return params;
}

// Makes the run draw its grids from `source`, which must outlive the run.
void DrawGridsFrom(const GridSource& source, RunParams* params) {
  UseGridSource(source.path, source.grids, source.fingerprint, params);
}

// `generate --resume [RUN_ID]`: finishes an unfinished run in place; when it is a level of a
// level set (and nothing is extended), makes the set's levels after it as well.
int ResumeGenerate(const GenerateOptions& options) {
  std::unique_ptr<SqliteStore> store;
  const Status opened = SqliteStore::Open(options.db, &store, OpenMode::kMustExist);
  StoredRun run;
  bool between_levels = false;
  const Status found = opened.ok() ? FindRunToResume(store.get(), options.resume_run.value_or(0),
                                                     options.extend > 0, &run, &between_levels)
                                   : opened;
  // A bad command line is told as such (exit 2) whether or not the run can be found.
  if (!options.run_flags_given.empty()) {
    throw UsageError("--resume takes its parameters from " +
                     (found.ok() ? "run " + std::to_string(run.id) : std::string("the run")) +
                     "; drop " + JoinNames(options.run_flags_given));
  }
  ThrowIfError(found);
  GridSource source;
  const RunParams params = StoredRunParams(options.db, run, &source);
  GenerateObserver observer(options);
  const RunnerOptions runner = ToRunnerOptions(options, &observer);
  if (!between_levels) {
    RunOutcome outcome;
    ThrowIfError(ContinueRun(store.get(), runner, options.extend, &run, params, &outcome));
    if (!options.quiet) PrintResumed(options, run, outcome);
    if (outcome.result.stopped) return 130;
  }
  if (options.extend > 0 || params.level_set.empty()) return 0;
  std::vector<RunParams> runs;
  if (const Status s = LevelRuns(params, run.id, &runs); !s.ok()) {
    throw UserError(options.db + ": " + InOptionTerms(s.message()));
  }
  PipelineResult total;
  bool stopped = false;
  const size_t next = params.level_set.IndexOf(params.level) + 1;
  ThrowIfError(MakeLevels(store.get(), runner, runs, next, &total, &stopped));
  return stopped ? 130 : 0;
}

// `generate --level A,B,...` (or all): a level set, one ordinary run per level, easiest first,
// into one corpus.
int GenerateLevels(const GenerateOptions& options) {
  const uint64_t seed = options.seed.value_or(RandomSeed());
  const std::vector<std::string> levels = ParseLevelList(options.level);
  if (options.count < static_cast<int64_t>(levels.size())) {
    throw UsageError("--count " + std::to_string(options.count) +
                     ": less than one puzzle for each of " + std::to_string(levels.size()) +
                     " levels");
  }
  // Every level's parameters first: a bad request is refused before any work.
  LevelSet shares;  // the set's arithmetic, for each level's count
  shares.count = options.count;
  shares.levels.resize(levels.size());
  std::vector<RunParams> runs;
  for (size_t i = 0; i < levels.size(); ++i) {
    GenerateOptions one = options;
    one.level = levels[i];
    one.count = shares.ShareOf(i);
    runs.push_back(NewRunParams(one));
  }
  JoinLevelSet(seed, options.count, &runs);
  GridSource source;
  if (!options.grid_source.empty()) {
    source = LoadGridSource(options.grid_source);
    for (RunParams& params : runs) DrawGridsFrom(source, &params);
  }

  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store));
  GenerateObserver observer(options);
  PipelineResult total;
  bool stopped = false;
  ThrowIfError(
      MakeLevels(store.get(), ToRunnerOptions(options, &observer), runs, 0, &total, &stopped));
  if (stopped) return 130;
  if (!options.quiet) {
    std::printf("finished: %lld puzzles of %zu levels in %.2f s to %s%s, seed %llu\n",
                static_cast<long long>(total.written), levels.size(), total.seconds,
                options.db.c_str(), DuplicatesNote(total.duplicates).c_str(),
                static_cast<unsigned long long>(seed));
  }
  return 0;
}

}  // namespace

void SetupGenerateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<GenerateOptions>();
  CLI::App* cmd = app.add_subcommand("generate", "Generate unique puzzles into a corpus database");
  cmd->add_option("--db", options->db,
                  "Corpus database file (created if missing; runs are appended)")
      ->capture_default_str()
      ->type_name("FILE");
  auto* count = cmd->add_option("-n,--count", options->count, "How many puzzles to write")
                    ->check(WholeNumber(1, kMaxCount))
                    ->capture_default_str()
                    ->type_name("N");
  auto* seed =
      cmd->add_option("--seed", options->seed, "Run seed (default: random, printed at the end)")
          ->check(UnsignedNumber())
          ->type_name("SEED");
  cmd->add_option("-j,--threads", options->threads,
                  "Threads making puzzles, besides the writer (0 = all cores; at most " +
                      std::to_string(kMaxThreads) + ")")
      ->check(WholeNumber(0, kMaxThreads))
      ->capture_default_str()
      ->type_name("N");
  auto* clues = cmd->add_option("--clues", options->clues,
                                "Clue band MIN-MAX, e.g. 22-30 (default 26-56, the span of the "
                                "clue classes; 17-80 with --minimal)")
                    ->type_name("MIN-MAX");
  auto* level = cmd->add_option("--level", options->level,
                                "Rating level: beginner, easy, medium, hard, expert or extreme "
                                "(docs/rating.md); several, comma-separated, or all: one run "
                                "per level, the count shared equally")
                    ->type_name("LEVEL");
  auto* clue_class = cmd->add_option("--clue-class,--clue-level", options->clue_class,
                                     "Clue class: easy (54-56 clues), medium (41-46) or hard "
                                     "(26-31)")
                         ->type_name("CLASS");
  clues->excludes(clue_class);
  auto* rating =
      cmd->add_option(
             "--rating", options->rating,
             "SE rating band MIN-MAX, e.g. 3.0-4.4 (10.0: a guess, or a rare dynamic chain)")
          ->type_name("MIN-MAX");
  rating->excludes(level);
  auto* freedom = cmd->add_option("--freedom", options->freedom,
                                  "Freedom band MIN-MAX (0-729), e.g. 130-170; above 210 digs "
                                  "minimal puzzles")
                      ->type_name("MIN-MAX");
  auto* hardest = cmd->add_option("--hardest", options->hardest,
                                  "Only puzzles whose hardest step is this technique, e.g. "
                                  "x-wing (an unknown name lists them)")
                      ->type_name("TECHNIQUE");
  auto* requires_techniques =
      cmd->add_option("--requires", options->requires_techniques,
                      "Only puzzles whose solving path uses each of these techniques, "
                      "comma-separated, e.g. x-wing,pointing")
          ->type_name("T,T...");
  auto* minimal = cmd->add_flag("--minimal", options->minimal, "Dig until no clue can be removed");
  auto* grid_method =
      cmd->add_option("--grid-method", options->grid_method,
                      "How finished grids are made: search, digit-rows, box-fill, pattern or "
                      "random-clues")
          ->capture_default_str()
          ->type_name("METHOD");
  auto* grid_source = cmd->add_option("--grid-source", options->grid_source,
                                      "Draw finished grids from this file (one 81-digit grid "
                                      "per line) instead of making them")
                          ->type_name("FILE");
  grid_source->excludes(grid_method);
  auto* transform = cmd->add_option("--transform", options->transform,
                                    "Transform each grid: relabel (digits only) or full (any "
                                    "validity-preserving transform)")
                        ->capture_default_str()
                        ->type_name("TRANSFORM");
  auto* symmetry = cmd->add_option("--symmetry", options->symmetry,
                                   "Symmetry of the clues: none, rot180, rot90, mirror, flip, "
                                   "diagonal, antidiagonal, or random (one per puzzle)")
                       ->capture_default_str()
                       ->type_name("SYMMETRY");
  auto* dig_order = cmd->add_option("--dig-order", options->dig_order,
                                    "random, per-row (the same share of holes in every row), "
                                    "or controlled-bias (minimal puzzles whose bias is known, "
                                    "for stats --unbiased; implies --minimal)")
                        ->capture_default_str()
                        ->type_name("ORDER");
  cmd->add_flag("-q,--quiet", options->quiet, "No progress line and no summary");
  cmd->add_option("--batch-size", options->batch_size,
                  "Puzzles per write to the database (a transaction holds one or more; at most " +
                      std::to_string(kMaxBatchSize) + ")")
      ->check(WholeNumber(1, kMaxBatchSize))
      ->capture_default_str()
      ->type_name("N");
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
  const std::vector<CLI::Option*> run_flags = {count,     seed,        clues,
                                               level,     clue_class,  rating,
                                               freedom,   hardest,     requires_techniques,
                                               minimal,   grid_method, grid_source,
                                               transform, symmetry,    dig_order,
                                               shard};
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
  CatchStopSignals();
  if (options.resume) return ResumeGenerate(options);
  if (IsLevelList(options.level)) return GenerateLevels(options);
  const uint64_t seed = options.seed.value_or(RandomSeed());
  RunParams params = NewRunParams(options);
  GridSource source;
  if (!options.grid_source.empty()) {
    source = LoadGridSource(options.grid_source);
    DrawGridsFrom(source, &params);
  }

  std::unique_ptr<SqliteStore> store;
  ThrowIfError(SqliteStore::Open(options.db, &store));
  GenerateObserver observer(options);
  int64_t run_id = 0;
  RunOutcome outcome;
  ThrowIfError(
      StartRun(store.get(), ToRunnerOptions(options, &observer), seed, params, &run_id, &outcome));
  if (!options.quiet) PrintStarted(options, run_id, seed, outcome);
  return outcome.result.stopped ? 130 : 0;
}

}  // namespace sudoku::cli
