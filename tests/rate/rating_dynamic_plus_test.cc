// SE's dynamic forcing chains (+) (rate/dynamic.cc with rate/plus_rules.cc) on positions where
// Sudoku Explainer 1.2.1 itself took one: tests/data/se_dynamic_plus_steps.txt lists, for public
// puzzles, the pencil marks SE had when its step was a dynamic (+) chain, and that step's rating.
// In each, the dynamic chains without the rules inside find nothing (SE tried them first), and the
// cheapest chain with them rates as SE's.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_data.h"
#include "core/rate/logic.h"
#include "sudoku/core/rating.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;
using core_internal::Work;

struct SePosition {
  std::string puzzle;
  int rating = 0;  // tenths
  int nodes = 0;   // SE's complexity of the step
  State state;
};

// A position: 81 comma-separated cells, "=5" for a placed digit, else the cell's candidates.
bool ParsePosition(const std::string& text, State* s) {
  std::stringstream in(text);
  std::string cell_text;
  *s = State{};
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

// Lines: PUZZLE RATING NODES LEVEL POSITION HINT ('#' lines skipped).
std::vector<SePosition> ReadPositions(const std::string& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot read " << path;
  std::vector<SePosition> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    SePosition p;
    double rating = 0;
    int level = 0;
    std::string position;
    fields >> p.puzzle >> rating >> p.nodes >> level >> position;
    p.rating = static_cast<int>(rating * 10 + 0.5);
    if (level != 1 || !ParsePosition(position, &p.state)) {
      ADD_FAILURE() << "bad line: " << line;
      continue;
    }
    out.push_back(p);
  }
  return out;
}

TEST(RatingDynamicPlus, RatesAsSeWhereSeTookIt) {
  // SUDOKU_SE_PLUS_STEPS: another file of such steps (scripts/dev/se-steps.sh), for development.
  const char* other = std::getenv("SUDOKU_SE_PLUS_STEPS");
  const std::string path = other ? other : testing::GoldenPath("se_dynamic_plus_steps.txt");
  const std::vector<SePosition> positions = ReadPositions(path);
  ASSERT_FALSE(positions.empty());
  int same = 0;
  for (const SePosition& p : positions) {
    SCOPED_TRACE(p.puzzle + " at SE " + std::to_string(p.rating) + " (SE nodes " +
                 std::to_string(p.nodes) + ")");
    State s = p.state;
    Work w;
    core_internal::ComputeWork(s, &w);
    Step step;
    EXPECT_FALSE(core_internal::FindDynamicForcingChain(s, w, &step));
    ASSERT_TRUE(core_internal::FindDynamicForcingChainPlus(s, w, &step));
    EXPECT_EQ(step.technique, Technique::kDynamicForcingChainPlus);
    EXPECT_EQ(step.rating, p.rating);
    same += step.rating == p.rating;
  }
  std::printf("dynamic (+) steps: %zu, rated as SE: %d\n", positions.size(), same);
}

}  // namespace
}  // namespace sudoku
