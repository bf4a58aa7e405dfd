#include "cmd_verify.h"

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_pipeline.h>
#include <oneapi/tbb/task_arena.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "sudoku/core/canonical.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/solver.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kChunkPuzzles = 256;  // puzzles per pipeline token
constexpr int kTokensPerThread = 4;
constexpr int kMaxIntegrityProblems = 100;  // SQLite's own default for its checks

// Puzzles travelling through the pipeline together, and what checking them found.
struct Chunk {
  std::vector<StoredPuzzle> puzzles;
  std::string report;  // one "puzzle ID: ..." line per mismatch
  int64_t mismatches = 0;
  int64_t bad_puzzles = 0;
};

// Collects the mismatch lines of one puzzle.
class Findings {
 public:
  explicit Findings(int64_t id) : prefix_("puzzle " + std::to_string(id) + ": ") {}
  void Add(const std::string& what) {
    report_ += prefix_ + what + "\n";
    ++count_;
  }
  template <typename T>
  void Compare(const char* name, const T& stored, const T& recomputed) {
    if (stored == recomputed) return;
    Add("stored " + std::string(name) + " " + Show(stored) + ", recomputed " + Show(recomputed));
  }
  const std::string& report() const { return report_; }
  int count() const { return count_; }

 private:
  static std::string Show(int value) { return std::to_string(value); }
  static std::string Show(int64_t value) { return std::to_string(value); }
  static std::string Show(const std::string& value) { return "'" + value + "'"; }
  std::string prefix_;
  std::string report_;
  int count_ = 0;
};

// The stored solution against the unique solution of the givens; returns true and sets *solved
// when the givens have exactly one solution.
bool CheckSolution(const StoredPuzzle& stored, const Grid& givens, Grid* solved,
                   Findings& findings) {
  const ParseResult solution = ParseGrid(stored.solution);
  if (!solution.ok || !IsCompleteValidGrid(solution.grid)) {
    findings.Add("stored solution is not a complete valid grid");
  }
  const int count = CountSolutions(givens, 2, solved);
  if (count == 0) {
    findings.Add("givens have no solution");
  } else if (count > 1) {
    findings.Add("givens have more than one solution (not unique)");
  } else if (ToString(*solved) != stored.solution) {
    findings.Add("stored solution differs from the unique solution of the givens");
  }
  return count == 1;
}

// The stored rating, hardest technique, guesses, technique uses and level against a new rating
// of the givens, whose one solution is `solved`.
void CheckRating(const StoredPuzzle& stored, const Grid& givens, const Grid& solved,
                 Findings& findings) {
  Rating rating;
  RateUniquePuzzle(givens, solved, &rating);
  findings.Compare("rating", stored.rating, rating.rating);
  findings.Compare("ep", stored.ep, rating.ep);
  findings.Compare("ed", stored.ed, rating.ed);
  findings.Compare("hardest", stored.hardest, std::string(TechniqueName(rating.hardest)));
  findings.Compare("guesses", stored.guesses, rating.guesses);
  findings.Compare("techniques", stored.techniques, TechniqueUsesJson(rating.uses));
  findings.Compare("level", stored.level, std::string(RatingLevel(rating.rating)));
}

// The names stored for how the puzzle was made, and the symmetry its givens must have.
void CheckMethodNames(const StoredPuzzle& stored, const Grid& givens, Findings& findings) {
  if (stored.grid_method != SourceGridMethodName() && !ParseGridMethod(stored.grid_method)) {
    findings.Add("unknown grid_method '" + stored.grid_method + "'");
  }
  if (!ParseDigOrder(stored.dig_order)) {
    findings.Add("unknown dig_order '" + stored.dig_order + "'");
  }
  const auto symmetry = ParseSymmetry(stored.symmetry);
  if (!symmetry) {
    findings.Add("unknown symmetry '" + stored.symmetry + "'");
  } else if (!HasSymmetry(givens, *symmetry)) {
    findings.Add("givens do not have the stored symmetry '" + stored.symmetry + "'");
  }
}

// The stored key against the key of the givens' canonical form, or a collision row's stored form
// against that form: the indexes keep forms unique only while each is its puzzle's. That no
// other row holds a collision row's form is FindCopiedCollisionRows's check.
void CheckCanonical(const StoredPuzzle& stored, const Grid& givens, Findings& findings) {
  const Grid form = CanonicalForm(givens);
  if (stored.has_canonical_key) {
    findings.Compare("canonical_key", stored.canonical_key, CanonicalKey(form));
  } else if (!stored.collision_canonical.empty()) {
    findings.Compare("collision_canonical", stored.collision_canonical, ToString(form));
  } else {
    findings.Add("no canonical form: equivalent to an earlier puzzle (kept from schema 1)");
  }
}

// Appends to *chunk the mismatch lines of one puzzle.
void CheckPuzzle(const StoredPuzzle& stored, Chunk* chunk) {
  Findings findings(stored.id);
  const ParseResult givens = ParseGrid(stored.givens);
  if (!givens.ok) {
    findings.Add("givens are not a puzzle: " + givens.error);
  } else {
    if (ToString(givens.grid) != stored.givens) {
      findings.Add("givens are not in text form (81 characters, '.' for empty)");
    }
    Grid solved;
    const bool unique = CheckSolution(stored, givens.grid, &solved, findings);
    const int clues = CountGivens(givens.grid);
    findings.Compare("clues", stored.clues, clues);
    findings.Compare("freedom", stored.freedom, TotalFreedom(givens.grid));
    findings.Compare("clue_level", stored.clue_class, std::string(ClueClassOf(clues)));
    if (unique) CheckRating(stored, givens.grid, solved, findings);  // else reported above
    CheckCanonical(stored, givens.grid, findings);
    CheckMethodNames(stored, givens.grid, findings);
  }
  if (findings.count() == 0) return;
  chunk->report += findings.report();
  chunk->mismatches += findings.count();
  ++chunk->bad_puzzles;
}

struct Totals {
  int64_t checked = 0;
  int64_t mismatches = 0;
  int64_t bad_puzzles = 0;
};

// serial reader -> parallel CheckPuzzle -> serial in-order report on stdout.
Status CheckAllPuzzles(PuzzleCursor& cursor, int threads, ProgressLine& progress, Totals* totals) {
  auto read = [&cursor](tbb::flow_control& fc) {
    Chunk chunk;
    StoredPuzzle puzzle;
    while (static_cast<int>(chunk.puzzles.size()) < kChunkPuzzles && cursor.Next(&puzzle)) {
      chunk.puzzles.push_back(std::move(puzzle));
    }
    if (chunk.puzzles.empty()) fc.stop();
    return chunk;
  };
  auto check = [](Chunk chunk) {
    for (const StoredPuzzle& puzzle : chunk.puzzles) CheckPuzzle(puzzle, &chunk);
    return chunk;
  };
  auto report = [&](const Chunk& chunk) {
    if (!chunk.report.empty()) {
      progress.Clear();
      std::fwrite(chunk.report.data(), 1, chunk.report.size(), stdout);
    }
    totals->checked += static_cast<int64_t>(chunk.puzzles.size());
    totals->mismatches += chunk.mismatches;
    totals->bad_puzzles += chunk.bad_puzzles;
    progress.Update(totals->checked);
  };
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            static_cast<size_t>(threads));
  tbb::task_arena arena(threads);
  arena.execute([&] {
    tbb::parallel_pipeline(
        static_cast<size_t>(threads * kTokensPerThread),
        tbb::make_filter<void, Chunk>(tbb::filter_mode::serial_in_order, read) &
            tbb::make_filter<Chunk, Chunk>(tbb::filter_mode::parallel, check) &
            tbb::make_filter<Chunk, void>(tbb::filter_mode::serial_in_order, report));
  });
  return cursor.status();
}

// What is wrong with a run's counts, or "": `written` must be the puzzles stored for it, and
// items 0..next_item-1 the items it accounted for, stored or dropped as duplicates.
std::string RunCountsProblem(const RunRow& run) {
  const auto n = [](int64_t v) { return std::to_string(v); };
  if (run.written != run.stored) return "written " + n(run.written) + ", stored " + n(run.stored);
  if (run.duplicates < 0) return "duplicates " + n(run.duplicates) + " is negative";
  if (run.written + run.duplicates > run.next_item) {
    return "written " + n(run.written) + " and duplicates " + n(run.duplicates) +
           " exceed next_item " + n(run.next_item);
  }
  if (run.end_item > run.next_item) {
    return "a puzzle of item " + n(run.end_item - 1) + " is stored, past next_item " +
           n(run.next_item);
  }
  return "";
}

// One line per run whose counts disagree with its rows (RunCountsProblem).
int64_t CheckRunCounts(CorpusReader& reader, const PuzzleFilter& filter) {
  std::vector<RunRow> runs;
  ThrowIfError(reader.ListRuns(filter, &runs));
  int64_t mismatches = 0;
  for (const RunRow& run : runs) {
    const std::string problem = RunCountsProblem(run);
    if (problem.empty()) continue;
    std::printf("run %lld: %s\n", static_cast<long long>(run.id), problem.c_str());
    ++mismatches;
  }
  return mismatches;
}

}  // namespace

void SetupVerifyCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<VerifyOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify",
      "Re-check every stored puzzle: unique, matches its solution; clues, freedom, rating, "
      "techniques, levels, canonical forms and symmetry recomputed. One line per mismatch; exit "
      "1 if any");
  cmd->add_option("--db", options->db, "Corpus database (read-only)")
      ->capture_default_str()
      ->type_name("FILE");
  AddFilterOptions(cmd, &options->filter, /*with_scores=*/false);
  cmd->add_option("-j,--threads", options->threads, "Worker threads (0 = all cores)")
      ->check(WholeNumber(0, 1024))
      ->capture_default_str()
      ->type_name("N");
  cmd->add_flag("-q,--quiet", options->quiet, "No progress line");
  cmd->add_flag("--full", options->full,
                "Check the file with SQLite's full integrity_check (also every index against its "
                "table) instead of the quicker quick_check");
  cmd->callback([options, exit_code] { *exit_code = RunVerify(*options); });
}

int RunVerify(const VerifyOptions& options) {
  const PuzzleFilter filter = ToPuzzleFilter(options.filter);
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, filter);
  // The file first: a damaged page can hide rows from the puzzle scan, or break it.
  std::vector<std::string> problems;
  ThrowIfError(reader->CheckIntegrity(options.full, kMaxIntegrityProblems, &problems));
  if (!problems.empty()) {
    for (const std::string& problem : problems) std::printf("database: %s\n", problem.c_str());
    std::printf(
        "verify: %s: the file is damaged (SQLite %s: %zu problem%s%s); puzzles not "
        "checked\n",
        options.db.c_str(), options.full ? "integrity_check" : "quick_check", problems.size(),
        problems.size() == 1 ? "" : "s",
        static_cast<int>(problems.size()) >= kMaxIntegrityProblems ? " or more" : "");
    CheckStdoutWritten();
    return 1;
  }
  int64_t total = 0;
  ThrowIfError(reader->CountPuzzles(filter, &total));
  PuzzleQuery query;
  query.filter = filter;
  std::unique_ptr<PuzzleCursor> cursor;
  ThrowIfError(reader->Query(query, &cursor));

  const int threads = options.threads > 0 ? options.threads : tbb::info::default_concurrency();
  ProgressLine progress(!options.quiet && IsTerminal(2), total, "verified");
  Totals totals;
  const Status status = CheckAllPuzzles(*cursor, threads, progress, &totals);
  progress.Clear();
  ThrowIfError(status);
  const int64_t bad_runs = CheckRunCounts(*reader, filter);
  std::vector<int64_t> copied;
  ThrowIfError(reader->FindCopiedCollisionRows(&copied));
  for (int64_t id : copied) {
    std::printf("puzzle %lld: its canonical form is stored in another puzzle too\n",
                static_cast<long long>(id));
  }
  totals.mismatches += static_cast<int64_t>(copied.size());
  totals.bad_puzzles += static_cast<int64_t>(copied.size());

  std::printf("verify: %lld puzzles checked in %.2f s: ", static_cast<long long>(totals.checked),
              progress.Seconds());
  if (totals.mismatches == 0 && bad_runs == 0) {
    std::printf("all match\n");
    CheckStdoutWritten();
    return 0;
  }
  std::printf("%lld mismatches in %lld puzzles, %lld runs with a wrong count\n",
              static_cast<long long>(totals.mismatches), static_cast<long long>(totals.bad_puzzles),
              static_cast<long long>(bad_runs));
  CheckStdoutWritten();
  return 1;
}

}  // namespace sudoku::cli
