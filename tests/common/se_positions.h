// Positions that Sudoku Explainer printed while it solved (scripts/dev/se-steps.sh): its pencil
// marks before a step, for the tests that check our step there against SE's (tests/rate/), and
// the reading of those files.
#ifndef SUDOKU_TESTS_SE_POSITIONS_H_
#define SUDOKU_TESTS_SE_POSITIONS_H_

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_data.h"
#include "core/rate/state.h"

namespace sudoku::testing {

// A position: 81 comma-separated cells, "=5" for a placed digit, else the cell's candidates.
// False if `text` is not one.
inline bool ParsePosition(const std::string& text, core_internal::State* s) {
  std::stringstream in(text);
  std::string cell_text;
  *s = core_internal::State{};
  int cell = 0;
  while (std::getline(in, cell_text, ',')) {
    if (cell >= kCells || cell_text.empty()) return false;
    if (cell_text[0] == '=') {
      if (cell_text.size() != 2 || cell_text[1] < '1' || cell_text[1] > '9') return false;
      s->grid[cell] = static_cast<uint8_t>(cell_text[1] - '0');
    } else {
      s->empty.Set(cell);
      for (char ch : cell_text) {
        if (ch < '1' || ch > '9') return false;
        s->cand[ch - '1'].Set(cell);
      }
    }
    ++cell;
  }
  return cell == kCells;
}

// A file of SE steps: the one $env_var names when set (another such file, for development), else
// `golden` in tests/data.
inline std::string StepsPath(const char* env_var, const std::string& golden) {
  const char* other = std::getenv(env_var);
  return other ? other : GoldenPath(golden);
}

// The step lines of such a file, '#' and blank lines left out; fails the calling test when the
// file cannot be read.
inline std::vector<std::string> ReadStepLines(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

// SE's rating as it prints it (7.5), in tenths.
inline int Tenths(double rating) { return static_cast<int>(rating * 10 + 0.5); }

// A step of a dynamic chain SE took (se-steps.sh --level N).
struct SeChainStep {
  std::string puzzle;
  int rating = 0;  // tenths
  int nodes = 0;   // SE's complexity of the step
  int level = 0;   // SE's chaining level: 1 the "+" chains, 2 and up the nested ones
  core_internal::State state;

  // Where a failure happened, for SCOPED_TRACE.
  std::string Where() const {
    return puzzle + " at SE " + std::to_string(rating) + " (SE nodes " + std::to_string(nodes) +
           ")";
  }
};

// The steps of such a file (lines PUZZLE RATING NODES LEVEL POSITION HINT) of levels `min_level`
// to `max_level`, every `every`th line; a line that is not one fails the calling test.
inline std::vector<SeChainStep> ReadChainSteps(const std::string& path, int min_level,
                                               int max_level, int every = 1) {
  std::vector<SeChainStep> out;
  int index = 0;
  for (const std::string& line : ReadStepLines(path)) {
    if (index++ % every != 0) continue;
    std::stringstream fields(line);
    SeChainStep p;
    double rating = 0;
    std::string position;
    fields >> p.puzzle >> rating >> p.nodes >> p.level >> position;
    p.rating = Tenths(rating);
    if (p.level < min_level || p.level > max_level || !ParsePosition(position, &p.state)) {
      ADD_FAILURE() << "bad line: " << line;
      continue;
    }
    out.push_back(p);
  }
  return out;
}

}  // namespace sudoku::testing

#endif  // SUDOKU_TESTS_SE_POSITIONS_H_
