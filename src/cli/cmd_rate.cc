#include "cmd_rate.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli_util.h"
#include "sudoku/scorer.h"
#include "sudoku/solver.h"

namespace sudoku::cli {
namespace {

// The scores of one input puzzle.
struct Rating {
  int line = 0;
  std::string puzzle;
  int solutions = 0;  // 0, 1, or 2 meaning "two or more"
  int clues = 0;
  int freedom = 0;
  std::string_view level;  // empty unless the puzzle is unique
};

Rating RatePuzzle(int line, const Grid& puzzle) {
  Rating rating;
  rating.line = line;
  rating.puzzle = ToString(puzzle);
  rating.solutions = CountSolutions(puzzle, 2);
  rating.clues = CountGivens(puzzle);
  rating.freedom = TotalFreedom(puzzle);
  if (rating.solutions == 1) rating.level = ClassifyLevel(rating.clues);
  return rating;
}

// Why a puzzle has no level, or "" when it has one.
const char* NoLevelReason(const Rating& rating) {
  if (rating.solutions == 0) return "no solution";
  if (rating.solutions > 1) return "not unique";
  return "";
}

void PrintJson(const Rating& r) {
  nlohmann::ordered_json record = {
      {"line", r.line},   {"puzzle", r.puzzle},   {"solutions", r.solutions},
      {"clues", r.clues}, {"freedom", r.freedom},
  };
  if (r.solutions == 1) {
    record["level"] = r.level;
  } else {
    record["level"] = nullptr;
    record["note"] = std::string(NoLevelReason(r)) + ": a level needs exactly one solution";
  }
  std::cout << record.dump() << '\n';
}

constexpr char kTableFormat[] = "%6s  %-81s  %9s  %5s  %7s  %s\n";

void PrintRow(const Rating& r) {
  const std::string level =
      r.solutions == 1 ? std::string(r.level) : "- (" + std::string(NoLevelReason(r)) + ")";
  std::printf(kTableFormat, std::to_string(r.line).c_str(), r.puzzle.c_str(),
              r.solutions > 1 ? "2+" : std::to_string(r.solutions).c_str(),
              std::to_string(r.clues).c_str(), std::to_string(r.freedom).c_str(), level.c_str());
}

}  // namespace

void SetupRateCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<RateOptions>();
  CLI::App* cmd = app.add_subcommand(
      "rate",
      "Score puzzles, one 81-character line each: solutions (0, 1, 2+), clues, freedom, level "
      "(only for unique puzzles). Blank and '#' lines are skipped.");
  cmd->add_option("input", options->input, "Puzzle file, or - for standard input")
      ->capture_default_str();
  cmd->add_flag("--json", options->json, "One JSON object per puzzle (JSON Lines)");
  cmd->callback([options, exit_code] { *exit_code = RunRate(*options); });
}

int RunRate(const RateOptions& options) {
  if (!options.json) {
    std::printf(kTableFormat, "line", "puzzle", "solutions", "clues", "freedom", "level");
  }
  return ForEachInputPuzzle(options.input, [&options](int line, const Grid& puzzle) {
    const Rating rating = RatePuzzle(line, puzzle);
    if (options.json) {
      PrintJson(rating);
    } else {
      PrintRow(rating);
    }
  });
}

}  // namespace sudoku::cli
