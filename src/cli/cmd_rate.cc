#include "cmd_rate.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "steps_json.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/solve_path.h"

namespace sudoku::cli {
namespace {

// The scores of one input puzzle.
struct PuzzleScores {
  int line = 0;
  std::string puzzle;
  int clues = 0;
  int freedom = 0;
  Rating rating;          // rating.solutions is 0, 1, or 2 meaning "two or more"
  std::string canonical;  // CanonicalForm: equal for equivalent puzzles
  SolvePath path;         // with --steps: the steps the rating took
  bool unique() const { return rating.solutions == 1; }
};

PuzzleScores Score(int line, const Grid& puzzle, const RatingOptions& rating_options, bool steps) {
  PuzzleScores scores;
  scores.line = line;
  scores.puzzle = ToString(puzzle);
  scores.clues = CountGivens(puzzle);
  scores.freedom = TotalFreedom(puzzle);
  RatePuzzle(puzzle, rating_options, &scores.rating, steps ? &scores.path : nullptr);
  scores.canonical = ToString(CanonicalForm(puzzle));
  return scores;
}

// Why a puzzle has no rating, or "" when it has one.
const char* NoRatingReason(const PuzzleScores& s) {
  if (s.rating.solutions == 0) return "no solution";
  if (s.rating.solutions > 1) return "not unique";
  return "";
}

using Json = nlohmann::ordered_json;

void PrintJson(const PuzzleScores& s, bool steps) {
  Json record = {
      {"line", s.line},   {"puzzle", s.puzzle},   {"solutions", s.rating.solutions},
      {"clues", s.clues}, {"freedom", s.freedom},
  };
  if (s.unique()) {
    record["rating"] = s.rating.rating / 10.0;
    record["ep"] = s.rating.ep / 10.0;
    record["ed"] = s.rating.ed / 10.0;
    record["level"] = RatingLevel(s.rating.rating);
    record["clue_level"] = ClueClassOf(s.clues);
    record["hardest"] = TechniqueName(s.rating.hardest);
    record["guesses"] = s.rating.guesses;
    record["techniques"] = Json::parse(TechniqueUsesJson(s.rating.uses));
  } else {
    record["rating"] = nullptr;
    record["ep"] = nullptr;
    record["ed"] = nullptr;
    record["level"] = nullptr;
    record["note"] = std::string(NoRatingReason(s)) + ": a rating needs exactly one solution";
  }
  record["canonical"] = s.canonical;
  if (steps) record["steps"] = StepsJson(s.path);
  std::cout << record.dump() << '\n';
}

// The hardest column takes the longest technique name, dynamic-forcing-chain-plus (26).
constexpr char kTableFormat[] =
    "%6s  %-81s  %9s  %5s  %7s  %6s  %4s  %4s  %-8s  %-10s  %-26s  %7s  %s\n";

void PrintRow(const PuzzleScores& s) {
  const std::string none = "- (" + std::string(NoRatingReason(s)) + ")";
  const bool unique = s.unique();
  std::printf(kTableFormat, std::to_string(s.line).c_str(), s.puzzle.c_str(),
              s.rating.solutions > 1 ? "2+" : std::to_string(s.rating.solutions).c_str(),
              std::to_string(s.clues).c_str(), std::to_string(s.freedom).c_str(),
              unique ? FormatRating(s.rating.rating).c_str() : "-",
              unique ? FormatRating(s.rating.ep).c_str() : "-",
              unique ? FormatRating(s.rating.ed).c_str() : "-",
              unique ? std::string(RatingLevel(s.rating.rating)).c_str() : none.c_str(),
              unique ? std::string(ClueClassOf(s.clues)).c_str() : "-",
              unique ? std::string(TechniqueName(s.rating.hardest)).c_str() : "-",
              unique ? std::to_string(s.rating.guesses).c_str() : "-", s.canonical.c_str());
}

}  // namespace

void SetupRateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<RateOptions>();
  CLI::App* cmd = app.add_subcommand(
      "rate",
      "Score puzzles, one 81-character line each: solutions (0, 1, 2+), clues, freedom, and for "
      "unique puzzles the SE rating (ER) with EP and ED, level, clue class, hardest technique and "
      "guesses; the "
      "canonical form. Blank and '#' lines are skipped.");
  cmd->add_option("input", options->input, "Puzzle file, or - for standard input")
      ->capture_default_str()
      ->type_name("FILE");
  cmd->add_flag("--json", options->json,
                "One JSON object per puzzle (JSON Lines), with the uses of each technique");
  cmd->add_flag("--steps", options->steps,
                "Also the path the rating took, a step a line under the puzzle's row (with "
                "--json: a steps array): technique, rating, placements (r4c6=7), removals "
                "(r3c4<>2), and the pattern's houses, cells and chain nodes; a guess is a step");
  cmd->add_flag("--nested", options->nested,
                "Try SE's nested forcing chains (9.5 and up) before a guess: only the hardest "
                "known puzzles need them, and each search there takes a few tenths of a second "
                "(the deepest, 10.5 and up: about a second)");
  cmd->callback([options, exit_code] { *exit_code = RunRate(*options); });
}

int RunRate(const RateOptions& options) {
  if (!options.json) {
    std::printf(kTableFormat, "line", "puzzle", "solutions", "clues", "freedom", "rating", "ep",
                "ed", "level", "clue level", "hardest", "guesses", "canonical");
  }
  RatingOptions rating_options;
  rating_options.nested_chains = options.nested;
  return ForEachInputPuzzle(options.input, [&](int line, const Grid& puzzle) {
    const PuzzleScores scores = Score(line, puzzle, rating_options, options.steps);
    if (options.json) {
      PrintJson(scores, options.steps);
    } else {
      PrintRow(scores);
      if (options.steps) std::fputs(StepsText(scores.path).c_str(), stdout);
    }
  });
}

}  // namespace sudoku::cli
