// The path as JSON and text: see steps_json.h.
#include "steps_json.h"

#include <cstdio>
#include <string>
#include <utility>

#include "cli_util.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"

namespace sudoku::cli {
namespace {

using Json = nlohmann::ordered_json;

// The chains of a step: a new list at each node that starts a chain.
Json ChainJson(const std::vector<ChainNode>& nodes) {
  Json chains = Json::array();
  for (const ChainNode& node : nodes) {
    if (node.starts_chain || chains.empty()) chains.push_back(Json::array());
    chains.back().push_back(FormatChainNode(node));
  }
  return chains;
}

// "[box 5: r4c6 r5c6; r4c6<>7 - r4c8=7, ...]" or "" for a step that shows no pattern.
std::string PatternText(const PathStep& step) {
  std::string text;
  for (uint8_t house : step.houses) text += (text.empty() ? "" : " ") + FormatHouse(house);
  if (!step.cells.empty()) text += text.empty() ? "" : ":";
  for (uint8_t cell : step.cells) text += (text.empty() ? "" : " ") + FormatCell(cell);
  for (size_t i = 0; i < step.chain.size(); ++i) {
    const ChainNode& node = step.chain[i];
    const char* join = text.empty() ? "" : node.starts_chain ? (i == 0 ? "; " : ", ") : " - ";
    text += join + FormatChainNode(node);
  }
  return text.empty() ? text : " [" + text + "]";
}

}  // namespace

Json StepsJson(const SolvePath& path) {
  Json steps = Json::array();
  for (const PathStep& step : path.steps) {
    Json placements = Json::array(), removals = Json::array();
    Json cells = Json::array(), houses = Json::array();
    for (const CellDigit& p : step.placements) placements.push_back(FormatPlacement(p));
    for (const CellDigit& r : step.removals) removals.push_back(FormatRemoval(r));
    for (uint8_t cell : step.cells) cells.push_back(FormatCell(cell));
    for (uint8_t house : step.houses) houses.push_back(FormatHouse(house));
    Json record = {{"technique", TechniqueName(step.technique)},
                   {"rating", step.rating / 10.0},
                   {"placements", std::move(placements)},
                   {"removals", std::move(removals)},
                   {"cells", std::move(cells)},
                   {"houses", std::move(houses)}};
    if (!step.chain.empty()) record["chain"] = ChainJson(step.chain);
    steps.push_back(std::move(record));
  }
  return steps;
}

SolvePath StoredPath(const StoredPuzzle& puzzle) {
  const ParseResult parsed = ParseGrid(puzzle.givens);
  const std::string which = "puzzle " + std::to_string(puzzle.id);
  if (!parsed.ok) throw UserError(which + ": its givens do not parse: " + parsed.error);
  SolvePath path;
  Rating rating;
  if (!RatePuzzle(parsed.grid, RatingOptions{}, &rating, &path)) {
    throw UserError(which + ": its givens do not have exactly one solution");
  }
  if (rating.rating != puzzle.rating || TechniqueName(rating.hardest) != puzzle.hardest) {
    throw UserError(which + ": stored as " + FormatRating(puzzle.rating) + " " + puzzle.hardest +
                    ", but this version's path rates it " + FormatRating(rating.rating) + " " +
                    std::string(TechniqueName(rating.hardest)) +
                    "; re-rate the corpus with `sudoku-corpus migrate`");
  }
  return path;
}

std::string StepsText(const SolvePath& path) {
  std::string text;
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const PathStep& step = path.steps[i];
    char head[64];
    std::snprintf(head, sizeof(head), "  %4zu  %-26s  %4s ", i + 1,
                  std::string(TechniqueName(step.technique)).c_str(),
                  FormatRating(step.rating).c_str());
    text += head;
    for (const CellDigit& p : step.placements) text += ' ' + FormatPlacement(p);
    for (const CellDigit& r : step.removals) text += ' ' + FormatRemoval(r);
    text += PatternText(step);
    text += '\n';
  }
  return text;
}

}  // namespace sudoku::cli
