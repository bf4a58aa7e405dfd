// SE's aligned pair and triple exclusions (rate/techniques/aligned.cc): on positions where Sudoku
// Explainer 1.2.1 took one (tests/data/se_aligned_steps.txt: its pencil marks, rating and what it
// removed), the easiest step is that exclusion and removes what SE's did; and on random states the
// finder takes the same first hint as a plain transcription of SE's AlignedExclusion.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "common/random_state.h"
#include "common/se_positions.h"
#include "common/test_data.h"
#include "core/rate/memory.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/techniques/aligned.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::State;
using core_internal::Step;
using core_internal::Work;

// Sanitizer builds are about ten times slower: fewer random rounds and puzzles there.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kRounds = 300;
constexpr size_t kPuzzleStride = 4;
#else
constexpr int kRounds = 2000;
constexpr size_t kPuzzleStride = 1;
#endif

// What a step removed: per cell, the digits (bit d: digit d + 1).
using Removed = std::array<uint16_t, kCells>;

Removed Difference(const State& before, const State& after) {
  Removed out{};
  for (int d = 0; d < kDigits; ++d) {
    (before.cand[d] & ~after.cand[d]).ForEach([&](int cell) { out[cell] |= 1 << d; });
  }
  return out;
}

// "CELL:DIGITS,..." as se-steps.sh prints it.
bool ParseRemoved(const std::string& text, Removed* out) {
  *out = Removed{};
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    const size_t colon = item.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == item.size()) return false;
    const int cell = std::stoi(item.substr(0, colon));
    if (cell < 0 || cell >= kCells) return false;
    for (char ch : item.substr(colon + 1)) {
      if (ch < '1' || ch > '9') return false;
      (*out)[cell] |= static_cast<uint16_t>(1 << (ch - '1'));
    }
  }
  return true;
}

struct SeStep {
  std::string puzzle;
  int rating = 0;  // tenths
  int size = 0;
  State state;
  Removed removed{};
};

// Lines: PUZZLE RATING SIZE POSITION REMOVED HINT ('#' lines skipped).
std::vector<SeStep> ReadSteps(const std::string& path) {
  std::vector<SeStep> out;
  for (const std::string& line : testing::ReadStepLines(path)) {
    std::stringstream fields(line);
    SeStep step;
    double rating = 0;
    std::string position, removed;
    fields >> step.puzzle >> rating >> step.size >> position >> removed;
    step.rating = testing::Tenths(rating);
    if ((step.size != 2 && step.size != 3) || !testing::ParsePosition(position, &step.state) ||
        !ParseRemoved(removed, &step.removed)) {
      ADD_FAILURE() << "bad line: " << line;
      continue;
    }
    out.push_back(step);
  }
  return out;
}

TEST(RatingAligned, TakesTheExclusionSeTookAndRemovesTheSame) {
  // SUDOKU_SE_ALIGNED_STEPS: another file of such steps (scripts/dev/se-steps.sh --aligned).
  const std::vector<SeStep> steps =
      ReadSteps(testing::StepsPath("SUDOKU_SE_ALIGNED_STEPS", "se_aligned_steps.txt"));
  ASSERT_FALSE(steps.empty());
  int same = 0, pairs = 0;
  for (const SeStep& se : steps) {
    SCOPED_TRACE(se.puzzle + " at SE " + std::to_string(se.rating));
    State s = se.state;
    Step step;
    ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
    const Technique want =
        se.size == 2 ? Technique::kAlignedPairExclusion : Technique::kAlignedTripleExclusion;
    EXPECT_EQ(step.technique, want);
    EXPECT_EQ(step.rating, se.rating);
    const bool removed_same = Difference(se.state, s) == se.removed;
    EXPECT_TRUE(removed_same);
    same += step.technique == want && step.rating == se.rating && removed_same;
    pairs += se.size == 2;
  }
  std::printf("aligned steps: %zu (%d pairs), as SE took them: %d\n", steps.size(), pairs, same);
}

// The finders keep what their last searches found between the steps of a solve (Memory), and
// search again only the pairs of bases whose cells, excluders or third bases changed since: the
// same steps as searching everything afresh at each step, on the puzzles where SE needed an
// aligned exclusion (each also has many steps where the searches found none).
TEST(RatingAligned, RememberedSearchesTakeTheStepsFreshOnesTake) {
  std::vector<std::string> puzzles;
  for (const SeStep& se : ReadSteps(testing::GoldenPath("se_aligned_steps.txt"))) {
    if (puzzles.empty() || puzzles.back() != se.puzzle) puzzles.push_back(se.puzzle);
  }
  ASSERT_GT(puzzles.size(), 50u);
  int aligned_steps = 0, solved = 0;
  for (size_t i = 0; i < puzzles.size(); i += kPuzzleStride) {
    const std::string& text = puzzles[i];
    ++solved;
    SCOPED_TRACE(text);
    const Grid puzzle = ParseGrid(text).grid;
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
    State remembered, fresh;
    core_internal::SetUpState(puzzle, &remembered);
    fresh = remembered;
    core_internal::Memory memory;
    while (fresh.empty.Any()) {
      Step a, b;
      const bool progress = core_internal::ApplyEasiestStep(remembered, &memory, &a);
      ASSERT_EQ(core_internal::ApplyEasiestStep(fresh, &b), progress);
      if (!progress) {  // a guess: the solution's digit in the first cell
        const int cell = fresh.empty.First();
        core_internal::PlaceDigit(remembered, cell, solution[cell] - 1);
        core_internal::PlaceDigit(fresh, cell, solution[cell] - 1);
        continue;
      }
      ASSERT_EQ(a.technique, b.technique);
      ASSERT_EQ(remembered.cand, fresh.cand);
      aligned_steps += b.technique == Technique::kAlignedPairExclusion ||
                       b.technique == Technique::kAlignedTripleExclusion;
    }
  }
  std::printf("puzzles: %d, aligned exclusion steps: %d\n", solved, aligned_steps);
  EXPECT_GE(aligned_steps, solved);
}

// SE's AlignedExclusion.getHints (and AlignedPairExclusion's, the same for two cells) written as
// SE's is: bases in rows, excluders in getHouseCells order, cell sets in Permutations order with
// the third cell from the first two's "twin area", every combination of digits tried. Returns
// the first hint that removes anything (cells and removals), as SE's accumulator takes it.
struct RefHint {
  std::vector<int> cells;
  Removed removed{};
};

std::vector<int> HouseCells(int cell) {  // SE's Cell.getHouseCells: box, row, column
  std::vector<int> out;
  const int houses[3] = {core_internal::BoxHouse(cell), core_internal::RowHouse(cell),
                         core_internal::ColHouse(cell)};
  for (int h : houses) {
    for (int i = 0; i < 9; ++i) {
      const int c = core_internal::kTables.house_cells[h][i];
      if (c != cell && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
    }
  }
  return out;
}

bool ReferenceAligned(const State& s, int degree, RefHint* hint) {
  const core_internal::CellMasks masks = core_internal::ComputeMasks(s);
  const auto count = [&](int cell) { return std::popcount(static_cast<unsigned>(masks[cell])); };
  std::vector<int> candidates;
  std::vector<std::vector<int>> excluders(kCells);
  for (int cell = 0; cell < kCells; ++cell) {
    if (count(cell) < 2) continue;
    bool naked_single = false;
    std::vector<int> list;
    for (int other : HouseCells(cell)) {
      if (count(other) == 1) naked_single = true;
      if (count(other) >= 2 && count(other) <= degree) list.push_back(other);
    }
    if (naked_single || list.empty()) continue;
    candidates.push_back(cell);
    excluders[cell] = list;
  }
  const int n = static_cast<int>(candidates.size());
  if (n < 2) return false;
  EXPECT_LE(n, 64);  // SE's Permutations takes no more; a puzzle has at most 64 empty cells
  // SE's Permutations(2, n): Gosper's next bit set with two bits, from 0b11 up.
  const uint64_t last_mask = (uint64_t{1} << (n - 2)) - 1;
  uint64_t v = 3;
  for (bool is_last = false; !is_last;) {
    const uint64_t value = v;
    is_last = ((v & (0 - v)) & last_mask) == 0;
    if (!is_last) {
      const uint64_t smallest = v & (0 - v), ripple = v + smallest;
      v = ripple | (((v ^ ripple) >> 2) / smallest);
    }
    const int c0 = candidates[std::countr_zero(value)];
    const int c1 = candidates[63 - std::countl_zero(value)];
    std::vector<int> twin = excluders[c0];
    for (int c : excluders[c1]) {
      if (std::find(twin.begin(), twin.end(), c) == twin.end()) twin.push_back(c);
    }
    std::erase_if(twin, [&](int c) {
      return c == c0 || c == c1 ||
             std::find(candidates.begin(), candidates.end(), c) == candidates.end();
    });
    const int tails = degree == 2 ? 1 : static_cast<int>(twin.size());
    for (int t = 0; t < tails; ++t) {
      std::vector<int> cells = {c0, c1};
      if (degree == 3) cells.push_back(twin[t]);
      std::vector<int> common;
      for (int e : excluders[c0]) {
        bool in_all = true;
        for (int c : cells) {
          in_all &= std::find(excluders[c].begin(), excluders[c].end(), e) != excluders[c].end();
        }
        if (in_all) common.push_back(e);
      }
      if (common.size() < 2) continue;
      std::vector<uint16_t> allowed(cells.size(), 0);
      std::vector<int> digit(cells.size(), 0);
      std::function<void(size_t)> combine = [&](size_t i) {
        if (i == cells.size()) {
          for (size_t a = 0; a < cells.size(); ++a) {
            for (size_t b = a + 1; b < cells.size(); ++b) {
              if (digit[a] == digit[b] && core_internal::Sees(cells[a], cells[b])) return;
            }
          }
          for (int e : common) {
            uint16_t left = masks[e];
            for (int d : digit) left &= static_cast<uint16_t>(~(1 << d));
            if (left == 0) return;
          }
          for (size_t a = 0; a < cells.size(); ++a) allowed[a] |= 1 << digit[a];
          return;
        }
        for (int d = 0; d < kDigits; ++d) {
          if (!((masks[cells[i]] >> d) & 1)) continue;
          digit[i] = d;
          combine(i + 1);
        }
      };
      combine(0);
      RefHint found{cells, {}};
      bool any = false;
      for (size_t a = 0; a < cells.size(); ++a) {
        found.removed[cells[a]] = static_cast<uint16_t>(masks[cells[a]] & ~allowed[a]);
        any |= found.removed[cells[a]] != 0;
      }
      if (any) {
        *hint = found;
        return true;
      }
    }
  }
  return false;
}

TEST(RatingAligned, FinderTakesSesFirstHintOnRandomStates) {
  Rng rng(2026);
  int found[4] = {0, 0, 0, 0};
  for (int round = 0; round < kRounds; ++round) {
    // Many small cells, so that sets of bases with two common excluders abound; a few single
    // candidates left, which keep their peers from being bases.
    State s = samples::RandomState(rng, 5 + round % 50, 15 + round % 30);
    while (s.empty.Count() > kCells - 17) {  // as many as a puzzle may have
      const int cell = s.empty.First();
      s.empty.Clear(cell);
      for (CellSet& cells : s.cand) cells.Clear(cell);
    }
    if (round % 5 == 0) {
      const int cell = static_cast<int>(rng.Below(kCells));
      if (s.empty.Has(cell)) {
        for (int d = 0; d < kDigits; ++d) s.cand[d].Clear(cell);
        s.cand[rng.Below(kDigits)].Set(cell);
      }
    }
    for (int degree : {2, 3}) {
      if (degree == 3 && round % 3 != 0) continue;  // the reference is slow there
      SCOPED_TRACE("round " + std::to_string(round) + " degree " + std::to_string(degree));
      RefHint want;
      const bool has = ReferenceAligned(s, degree, &want);
      Work w;
      core_internal::ComputeWork(s, &w);
      State after = s;
      Step step;
      ASSERT_EQ(core_internal::FindAlignedExclusion(after, w, degree, &step), has);
      found[degree] += has;
      if (!has) continue;
      EXPECT_EQ(Difference(s, after), want.removed);
      EXPECT_EQ(step.rating, degree == 2 ? 62 : 75);
    }
  }
  std::printf("random states: %d, with a pair exclusion: %d, with a triple: %d of %d\n", kRounds,
              found[2], found[3], (kRounds + 2) / 3);
  EXPECT_GT(found[2], kRounds / 2);  // many with and without
  EXPECT_LT(found[2], kRounds);
  EXPECT_GT(found[3], kRounds / 6);
}

}  // namespace
}  // namespace sudoku
