// SE's dynamic forcing chains (rate/chains/dynamic.cc) against a plain reference written as SE's
// dynamic chaining is: candidates with their state as objects with their list of causes, followed
// one at a time, every hint of every assumption collected in SE's order, sorted as SE sorts them.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "common/random_state.h"
#include "common/se_chaining.h"
#include "common/test_data.h"
#include "core/rate/chains/chain_rating.h"
#include "core/rate/chains/chains.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::State;
using core_internal::Work;
using reference::Branch;
using reference::Follow;
using reference::HouseOf;

struct RefHint {
  int rating;
  int nodes;
  int sort_key;
  int cand;
  bool place;
};

// The hint SE takes: every hint of getMultipleChainsHintList (isDynamic), in its order, stably
// sorted by rating, nodes and kind. Applies it; returns its rating, or 0 if none.
int ReferenceDynamicChain(State& s, const Work& w) {
  std::vector<RefHint> hints;
  auto offer = [&](int nodes, int sort_key, int cand, bool place) {
    // SE keeps a hint only if it removes something: a cell's other candidates, if any.
    if (place && std::popcount(w.masks[cand / kDigits]) < 2) return;
    const int rating =
        core_internal::kDynamicChainBase + core_internal::ChainLengthBonus(nodes - 2);
    hints.push_back({rating, nodes, sort_key, cand, place});
  };
  // The common conclusions of `branches`, in the first one's order, with their nodes summed.
  auto common = [&](const std::vector<const Branch*>& branches, int sort_key) {
    for (const bool state : {true, false}) {
      for (int n : state ? branches[0]->on_list : branches[0]->off_list) {
        const int cand = branches[0]->nodes[n].cand;
        int nodes = 0;
        bool all = true;
        for (const Branch* b : branches) {
          const int m = b->Find(cand, state);
          if (m < 0) {
            all = false;
            break;
          }
          nodes += b->Ancestors(m);
        }
        if (all) offer(nodes, sort_key, cand, state);
      }
    }
  };
  for (int cell = 0; cell < kCells; ++cell) {
    const int count = std::popcount(w.masks[cell]);
    if (!s.empty.Has(cell) || count < 2) continue;
    std::vector<Branch> by_value;
    for (int d = 0; d < kDigits; ++d) {
      if (!s.cand[d].Has(cell)) continue;
      const Branch on = Follow(s, cell, d, true);
      const Branch off = Follow(s, cell, d, false);
      const int cand = cell * kDigits + d;
      if (on.clash_on >= 0)
        offer(on.Ancestors(on.clash_on) + on.Ancestors(on.clash_off), 7, cand, false);
      if (off.clash_on >= 0) {
        offer(off.Ancestors(off.clash_on) + off.Ancestors(off.clash_off), 7, cand, true);
      }
      if (count >= 3) {
        for (const bool state : {true, false}) {
          for (int n : state ? on.on_list : on.off_list) {
            const int m = off.Find(on.nodes[n].cand, state);
            if (m >= 0) offer(on.Ancestors(n) + off.Ancestors(m), 1, on.nodes[n].cand, state);
          }
        }
      }
      for (int which = 0; which < 3; ++which) {
        const CellSet places = s.cand[d] & core_internal::House(HouseOf(cell, which));
        if (places.Count() < 2 || places.First() != cell) continue;
        std::vector<Branch> others;
        others.reserve(9);
        std::vector<const Branch*> branches;
        places.ForEach([&](int x) {
          if (x == cell) {
            branches.push_back(&on);
          } else {
            others.push_back(Follow(s, x, d, true));
            branches.push_back(&others.back());
          }
        });
        common(branches, 6);
      }
      by_value.push_back(on);
    }
    std::vector<const Branch*> branches;
    for (const Branch& b : by_value) branches.push_back(&b);
    common(branches, 5);
  }
  std::stable_sort(hints.begin(), hints.end(), [](const RefHint& a, const RefHint& b) {
    if (a.rating != b.rating) return a.rating < b.rating;
    if (a.nodes != b.nodes) return a.nodes < b.nodes;
    return a.sort_key < b.sort_key;
  });
  if (hints.empty()) return 0;
  const RefHint& h = hints.front();
  const int cell = h.cand / kDigits, d = h.cand % kDigits;
  if (h.place) {
    core_internal::PlaceDigit(s, cell, d);  // as SE's hint sets the digit
  } else {
    s.cand[d].Clear(cell);
  }
  return h.rating;
}

void ExpectSameDynamicChain(const State& s) {
  Work w;
  core_internal::ComputeWork(s, &w);
  State want_state = s;
  const int want = ReferenceDynamicChain(want_state, w);
  State got_state = s;
  core_internal::Step step;
  const bool found = core_internal::FindDynamicForcingChain(got_state, w, &step);
  ASSERT_EQ(found, want != 0);
  if (!found) return;
  EXPECT_EQ(step.rating, want);
  EXPECT_EQ(step.technique, Technique::kDynamicForcingChain);
  EXPECT_EQ(got_state.cand, want_state.cand);
}

TEST(RatingDynamic, MatchesSeStyleSearchOnRandomStates) {
  Rng rng(2028);
  constexpr std::pair<int, int> kOdds[] = {{10, 60}, {20, 40}, {40, 30}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 10; ++i) {
      SCOPED_TRACE(::testing::Message() << bivalue << "/" << filled << " state " << i);
      ExpectSameDynamicChain(samples::RandomState(rng, bivalue, filled));
      if (HasFatalFailure()) return;
    }
  }
}

// The positions where the step loop searches them: of the puzzles SE rated 8.5 or more (their
// files in tests/data), wherever the step loop takes a dynamic chain or finds none (the forum's
// hardest, SE 10.2-11.1, have such positions).
TEST(RatingDynamic, MatchesSeStyleSearchWhereTheStepLoopNeedsThem) {
  std::vector<Grid> puzzles;
  for (const char* name :
       {"se_ratings_minimal.txt", "se_ratings_magictour.txt", "se_ratings_controlled_bias.txt",
        "se_ratings_default.txt", "se_ratings_forum_hardest.txt"}) {
    std::ifstream rated(testing::GoldenPath(name));
    std::string line;
    while (std::getline(rated, line)) {
      if (line.empty() || line[0] == '#') continue;
      if (std::stod(line.substr(kCells + 1)) < 8.5) continue;
      const ParseResult parsed = ParseGrid(line.substr(0, kCells));
      ASSERT_TRUE(parsed.ok) << line;
      puzzles.push_back(parsed.grid);
    }
  }
  ASSERT_GE(puzzles.size(), 20u);
  // Under the sanitizers, a few (the reference follows thousands of assumptions per position).
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  constexpr size_t stride = 8;
#else
  constexpr size_t stride = 2;
#endif
  int searched = 0, found = 0;
  for (size_t i = 0; i < puzzles.size(); i += stride) {
    const Grid& puzzle = puzzles[i];
    SCOPED_TRACE(ToString(puzzle));
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
    State s;
    core_internal::SetUpState(puzzle, &s);
    core_internal::Step step;
    while (s.empty.Any()) {
      State probe = s;
      if (!core_internal::ApplyEasiestStep(probe, &step) ||
          step.technique == Technique::kDynamicForcingChain) {
        ++searched;
        ExpectSameDynamicChain(s);
        if (HasFatalFailure()) return;
      }
      if (core_internal::ApplyEasiestStep(s, &step)) {
        found += step.technique == Technique::kDynamicForcingChain;
      } else {
        const int cell = s.empty.First();
        core_internal::PlaceDigit(s, cell, solution[cell] - 1);
      }
    }
  }
  std::printf("dynamic chain positions checked: %d, taken by the step loop: %d\n", searched, found);
  EXPECT_GT(found, 10);
  EXPECT_GT(searched, found);  // some where there is none
}

}  // namespace
}  // namespace sudoku
