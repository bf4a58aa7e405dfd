// Tests of the chains a solving path shows (PathStep::chain, solve_path.h) on hard puzzles: every
// chain step shows its chains node by node, each link of a chain holds in the pencil marks before
// the step, and the chains prove what the step removed or placed.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "common/test_data.h"
#include "core/rate/chains/chain_rating.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solve_path.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

bool SameHouse(int a, int b) {
  return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}
bool Sees(int a, int b) { return a != b && SameHouse(a, b); }

// The pencil marks along a replay: bit d - 1 of cand[cell], digit d may go in an empty cell.
struct Marks {
  std::array<uint16_t, kCells> cand{};

  explicit Marks(const Grid& puzzle) {
    for (int cell = 0; cell < kCells; ++cell) cand[cell] = puzzle[cell] == 0 ? 0x1FF : 0;
    for (int cell = 0; cell < kCells; ++cell) {
      if (puzzle[cell] != 0) Place({static_cast<uint8_t>(cell), puzzle[cell]});
    }
  }
  bool Has(int cell, int digit) const { return (cand[cell] >> (digit - 1)) & 1; }
  void Place(CellDigit p) {
    cand[p.cell] = 0;
    for (int peer = 0; peer < kCells; ++peer) {
      if (SameHouse(p.cell, peer)) cand[peer] &= ~(1u << (p.digit - 1));
    }
  }
  void Apply(const PathStep& step) {
    for (const CellDigit& r : step.removals) cand[r.cell] &= ~(1u << (r.digit - 1));
    for (const CellDigit& p : step.placements) Place(p);
  }
  // True iff digit has exactly two places in a house holding both a and b.
  bool StrongLink(int a, int b, int digit) const {
    for (int house = 0; house < 27; ++house) {
      int places = 0;
      bool has_a = false, has_b = false;
      for (int cell = 0; cell < kCells; ++cell) {
        const bool in = house < 9    ? cell / 9 == house
                        : house < 18 ? cell % 9 == house - 9
                                     : cell / 27 * 3 + cell % 9 / 3 == house - 18;
        if (!in || !Has(cell, digit)) continue;
        ++places;
        has_a |= cell == a;
        has_b |= cell == b;
      }
      if (places == 2 && has_a && has_b) return true;
    }
    return false;
  }
  // True iff `from` implies `to` by one link in these marks (chain_nodes.h's links).
  bool Implies(ChainNode from, ChainNode to) const {
    if (from.on == to.on) return false;
    if (from.on)
      return from.cell == to.cell ? from.digit != to.digit
                                  : from.digit == to.digit && Sees(from.cell, to.cell);
    if (from.cell == to.cell) return std::popcount(cand[from.cell]) == 2 && from.digit != to.digit;
    return from.digit == to.digit && StrongLink(from.cell, to.cell, from.digit);
  }
};

// The chains of a step, split at the nodes that start one.
std::vector<std::vector<ChainNode>> ChainsOf(const PathStep& step) {
  std::vector<std::vector<ChainNode>> chains;
  for (const ChainNode& node : step.chain) {
    if (node.starts_chain || chains.empty()) chains.emplace_back();
    chains.back().push_back(node);
  }
  return chains;
}

// Techniques whose chains are static: every link holds in the marks before the step.
bool StaticChain(Technique t) {
  switch (t) {
    case Technique::kYCycle:
    case Technique::kXCycle:
    case Technique::kXyCycle:
    case Technique::kSkyscraper:
    case Technique::kTwoStringKite:
    case Technique::kXChain:
    case Technique::kXyChain:
    case Technique::kForcingChain:
    case Technique::kWWing:
      return true;
    default:
      return false;
  }
}

// The rating of a static chain of `technique` with these nodes: its base and the length bonus
// of SE's count, which adds the removed candidate, on and off, to a chain between two ends.
int RatingOf(Technique technique, const std::vector<ChainNode>& chain) {
  using core_internal::ChainLengthBonus;
  const ChainNode &a = chain.front(), &b = chain.back();
  const bool from_itself = a.cell == b.cell && a.digit == b.digit;
  const int nodes = static_cast<int>(chain.size()) + (from_itself ? 0 : 2);
  switch (technique) {
    case Technique::kYCycle:
    case Technique::kXCycle:
      return core_internal::kCycleBase + ChainLengthBonus(static_cast<int>(chain.size()) - 2);
    case Technique::kXyCycle:
      return core_internal::kMixedChainBase + ChainLengthBonus(static_cast<int>(chain.size()) - 2);
    case Technique::kSkyscraper:
    case Technique::kTwoStringKite:
    case Technique::kXChain:
      return core_internal::kXChainBase + ChainLengthBonus(nodes - 2);
    default:
      return core_internal::kMixedChainBase + ChainLengthBonus(nodes - 2);
  }
}

// The dynamic and nested forcing chains: their contradictions end a candidate on and off.
bool Dynamic(Technique t) {
  return t == Technique::kDynamicForcingChain || t == Technique::kDynamicForcingChainPlus ||
         t == Technique::kNestedForcingChain;
}

// Checks the chains of one static chain step against the marks before it.
void ExpectStaticChains(const Marks& m, const PathStep& step, const std::string& where) {
  const auto chains = ChainsOf(step);
  for (const auto& chain : chains) {
    // A forcing chain the step loop took from an earlier search's conclusions rates what that
    // search bounded it by (chains.h, ChainConclusion): at least its chain's rating.
    const bool from_itself =
        chain.front().cell == chain.back().cell && chain.front().digit == chain.back().digit;
    if (from_itself) {
      EXPECT_LE(RatingOf(step.technique, chain), step.rating) << where << ": a longer chain";
    } else {
      EXPECT_EQ(RatingOf(step.technique, chain), step.rating) << where << ": not the chain rated";
    }
    ASSERT_TRUE(chain.front().starts_chain) << where;
    EXPECT_TRUE(m.Has(chain.front().cell, chain.front().digit))
        << where << ": starts at " << FormatChainNode(chain.front()) << ", not a candidate";
    for (size_t i = 1; i < chain.size(); ++i) {
      EXPECT_FALSE(chain[i].starts_chain) << where;
      EXPECT_TRUE(m.Implies(chain[i - 1], chain[i]))
          << where << ": " << FormatChainNode(chain[i - 1]) << " to " << FormatChainNode(chain[i]);
    }
  }
  // Each removal sees both ends of a chain on its digit, or is the end of one.
  for (const CellDigit& r : step.removals) {
    const bool proved = std::any_of(chains.begin(), chains.end(), [&](const auto& chain) {
      const ChainNode &a = chain.front(), &b = chain.back();
      const bool ends = a.digit == r.digit && b.digit == r.digit && !a.on && b.on &&
                        Sees(r.cell, a.cell) && Sees(r.cell, b.cell);
      const bool self = a.cell == b.cell && a.digit == b.digit && a.on != b.on;
      return ends || (self && a.cell == r.cell);
    });
    const bool cycle = step.technique == Technique::kYCycle ||
                       step.technique == Technique::kXCycle ||
                       step.technique == Technique::kXyCycle;
    EXPECT_TRUE(proved || cycle) << where << ": " << FormatRemoval(r) << " not proved by a chain";
  }
}

// Checks the chains of a forcing chain of several branches: each starts at a candidate, and
// they end at one conclusion (Nishio: a candidate on in one, off in the other).
void ExpectBranches(const Marks& m, const PathStep& step, const std::string& where) {
  const auto chains = ChainsOf(step);
  ASSERT_GE(chains.size(), 2u) << where;
  const ChainNode& end = chains[0].back();
  const bool nishio = step.technique == Technique::kNishioChain;
  const bool any_state = Dynamic(step.technique);
  const bool inner_rules = any_state && step.technique != Technique::kDynamicForcingChain;
  for (const auto& chain : chains) {
    const ChainNode& last = chain.back();
    EXPECT_TRUE(
        last.cell == end.cell && last.digit == end.digit &&
        (any_state || (nishio ? &chain == &chains[0] || last.on != end.on : last.on == end.on)))
        << where << ": ends at " << FormatChainNode(last) << " and " << FormatChainNode(end);
    if (nishio) {
      EXPECT_EQ(chain.front(), chains[0].front()) << where << ": another assumption";
    }
    if (step.technique == Technique::kCellForcingChain) {
      EXPECT_EQ(chain.front().cell, chains[0].front().cell) << where << ": another cell";
    }
    if (step.technique == Technique::kRegionForcingChain) {
      EXPECT_EQ(chain.front().digit, chains[0].front().digit) << where << ": another digit";
      EXPECT_TRUE(SameHouse(chain.front().cell, chains[0].front().cell)) << where;
    }
    EXPECT_TRUE(m.Has(chain.front().cell, chain.front().digit))
        << where << ": starts at " << FormatChainNode(chain.front()) << ", not a candidate";
    // Each node follows from the one before by a link, on to off or off to on, but where the
    // easier rules or the inner chains of the plus and nested chains removed a candidate: that
    // follows from its rule's first cause.
    for (size_t i = 1; i < chain.size(); ++i) {
      const ChainNode &a = chain[i - 1], &b = chain[i];
      const bool linked =
          a.cell == b.cell ? a.digit != b.digit : a.digit == b.digit && Sees(a.cell, b.cell);
      EXPECT_TRUE(inner_rules || (linked && a.on != b.on))
          << where << ": " << FormatChainNode(a) << " to " << FormatChainNode(b);
    }
  }
}

// Rates `puzzles` with their paths and checks every chain step's chains; counts the steps of
// each chain technique in *steps.
void ExpectChainsShown(const std::vector<Grid>& puzzles, const RatingOptions& options,
                       std::array<int, kTechniqueCount>* steps) {
  for (const Grid& puzzle : puzzles) {
    Rating rating;
    SolvePath path;
    ASSERT_TRUE(RatePuzzle(puzzle, options, &rating, &path));
    Marks m(puzzle);
    for (size_t i = 0; i < path.steps.size(); ++i) {
      const PathStep& step = path.steps[i];
      const std::string where = ToString(puzzle) + " step " + std::to_string(i + 1) + " " +
                                std::string(TechniqueName(step.technique));
      if (DescribeTechnique(step.technique).family == TechniqueFamily::kChain) {
        ++(*steps)[static_cast<int>(step.technique)];
        if (step.chain.empty()) {
          ADD_FAILURE() << where << ": no chain";
        } else if (StaticChain(step.technique)) {
          ExpectStaticChains(m, step, where);
        } else {
          ExpectBranches(m, step, where);
        }
      }
      m.Apply(step);
    }
  }
}

TEST(ChainNodes, EveryChainStepShowsLinkedChains) {
  std::array<int, kTechniqueCount> steps{};
  ExpectChainsShown(ReadPuzzles(GoldenPath("se_path_puzzles.txt")), RatingOptions{}, &steps);
  for (Technique t : {Technique::kXChain, Technique::kXyChain, Technique::kForcingChain,
                      Technique::kYCycle, Technique::kSkyscraper, Technique::kTwoStringKite,
                      Technique::kWWing, Technique::kNishioChain, Technique::kCellForcingChain,
                      Technique::kRegionForcingChain, Technique::kDynamicForcingChain}) {
    EXPECT_GT(steps[static_cast<int>(t)], 0) << TechniqueName(t) << " not covered";
  }
}

TEST(ChainNodes, DynamicPlusAndNestedChainsShowTheirBranches) {
  const std::vector<Grid> hardest = ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden"));
  ASSERT_GE(hardest.size(), 8u);
  std::array<int, kTechniqueCount> steps{};
  ExpectChainsShown({hardest.begin(), hardest.begin() + 8}, RatingOptions{}, &steps);
  RatingOptions nested;
  nested.nested_chains = true;
  ExpectChainsShown({hardest.begin(), hardest.begin() + 1}, nested, &steps);
  EXPECT_GT(steps[static_cast<int>(Technique::kDynamicForcingChainPlus)], 0);
  EXPECT_GT(steps[static_cast<int>(Technique::kNestedForcingChain)], 0);
}

}  // namespace
}  // namespace sudoku
