// SE's dynamic forcing chains (+) (rate/chains/dynamic.cc with rate/chains/plus_rules.cc) on
// positions where Sudoku Explainer 1.2.1 itself took one: tests/data/se_dynamic_plus_steps.txt
// lists, for public puzzles, the pencil marks SE had when its step was a dynamic (+) chain, and
// that step's rating. In each, the dynamic chains without the rules inside find nothing (SE tried
// them first), and the cheapest chain with them rates as SE's, with SE's node count.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/se_positions.h"
#include "common/test_data.h"
#include "core/rate/chains/chains.h"
#include "core/rate/chains/plus_rules.h"
#include "core/rate/state.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::kHouses;
using core_internal::State;
using core_internal::Step;
using core_internal::Work;

TEST(RatingDynamicPlus, RatesAsSeWhereSeTookIt) {
  // SUDOKU_SE_PLUS_STEPS: another file of such steps (scripts/dev/se-steps.sh), for development.
  const std::vector<testing::SeChainStep> positions = testing::ReadChainSteps(
      testing::StepsPath("SUDOKU_SE_PLUS_STEPS", "se_dynamic_plus_steps.txt"), 1, 1);
  ASSERT_FALSE(positions.empty());
  int same = 0;
  for (const testing::SeChainStep& p : positions) {
    SCOPED_TRACE(p.Where());
    State s = p.state;
    Work w;
    core_internal::ComputeWork(s, &w);
    Step step;
    EXPECT_FALSE(core_internal::FindDynamicForcingChain(s, w, &step));
    ASSERT_TRUE(core_internal::FindDynamicForcingChainPlus(s, w, &step));
    EXPECT_EQ(step.technique, Technique::kDynamicForcingChainPlus);
    EXPECT_EQ(step.rating, p.rating);
    EXPECT_EQ(step.nodes, p.nodes);
    same += step.rating == p.rating;
  }
  std::printf("dynamic (+) steps: %zu, rated as SE: %d\n", positions.size(), same);
}

// SE's four rules written as SE's Locking, HiddenSet, NakedSet and Fisherman are (region by
// region, tuples in Permutations order, every hint listed, getRuleParents), for the differential
// test below. Candidates as cell * 9 + digit; regions by SE's types (0 box, 1 column, 2 row).
struct Grids {
  std::array<CellSet, kDigits> base, now;
  CellSet empty;
  uint16_t fish_digits = 0;
};
struct RefHint {
  std::vector<int> causes;
  std::vector<int> gone;  // in cell order, as our rules list them (SE's order is a hash map's)
};

std::vector<int> RegionCells(int type, int i) {
  const int h = type == 0 ? 18 + i : type == 1 ? 9 + i : i;
  return std::vector<int>(core_internal::kTables.house_cells[h],
                          core_internal::kTables.house_cells[h] + 9);
}
bool Contains(const std::vector<int>& cells, int cell) {
  return std::find(cells.begin(), cells.end(), cell) != cells.end();
}
// SE's Permutations(2, 9), as index pairs.
std::vector<std::pair<int, int>> Pairs() {
  std::vector<std::pair<int, int>> out;
  for (unsigned v = 3; v < 512; ++v) {
    if (std::popcount(v) == 2) out.push_back({std::countr_zero(v), 31 - std::countl_zero(v)});
  }
  return out;
}

std::vector<RefHint> RefLocking(const Grids& g) {
  std::vector<RefHint> out;
  const int kTypes[4][2] = {{0, 1}, {0, 2}, {1, 0}, {2, 0}};
  for (const auto& types : kTypes) {
    for (int i1 = 0; i1 < 9; ++i1) {
      for (int i2 = 0; i2 < 9; ++i2) {
        const std::vector<int> r1 = RegionCells(types[0], i1), r2 = RegionCells(types[1], i2);
        bool crosses = false;
        for (int c : r1) crosses |= Contains(r2, c);
        if (!crosses) continue;
        for (int d = 0; d < kDigits; ++d) {
          int places = 0;
          bool inside = true;
          for (int c : r1) {
            if (g.now[d].Has(c)) {
              ++places;
              inside &= Contains(r2, c);
            }
          }
          if (places <= 1 || !inside) continue;
          RefHint hint;
          for (int c : r2) {
            if (!Contains(r1, c) && g.now[d].Has(c)) hint.gone.push_back(c * 9 + d);
          }
          if (hint.gone.empty()) continue;
          for (int c : r1) {
            if (g.base[d].Has(c) && !g.now[d].Has(c) && !Contains(r2, c)) {
              hint.causes.push_back(c * 9 + d);
            }
          }
          out.push_back(hint);
        }
      }
    }
  }
  return out;
}

std::vector<RefHint> RefHiddenPairs(const Grids& g) {
  std::vector<RefHint> out;
  for (int type = 0; type < 3; ++type) {
    for (int i = 0; i < 9; ++i) {
      const std::vector<int> cells = RegionCells(type, i);
      int empty = 0;
      for (int c : cells) empty += g.empty.Has(c);
      if (empty <= 4) continue;
      for (auto [a, b] : Pairs()) {
        unsigned pa = 0, pb = 0;
        for (int k = 0; k < 9; ++k) {
          pa |= unsigned{g.now[a].Has(cells[k])} << k;
          pb |= unsigned{g.now[b].Has(cells[k])} << k;
        }
        if (std::popcount(pa) < 2 || std::popcount(pb) < 2 || std::popcount(pa | pb) != 2) {
          continue;
        }
        RefHint hint;
        for (int k = 0; k < 9; ++k) {
          if (!((pa | pb) >> k & 1)) continue;
          for (int d = 0; d < kDigits; ++d) {
            if (d != a && d != b && g.now[d].Has(cells[k])) hint.gone.push_back(cells[k] * 9 + d);
          }
        }
        if (hint.gone.empty()) continue;
        for (int k = 0; k < 9; ++k) {
          if ((pa | pb) >> k & 1) continue;
          for (int d : {a, b}) {
            if (g.base[d].Has(cells[k])) hint.causes.push_back(cells[k] * 9 + d);
          }
        }
        out.push_back(hint);
      }
    }
  }
  return out;
}

std::vector<RefHint> RefNakedPairs(const Grids& g) {
  std::vector<RefHint> out;
  auto mask = [](const std::array<CellSet, kDigits>& sets, int cell) {
    unsigned m = 0;
    for (int d = 0; d < kDigits; ++d) m |= unsigned{sets[d].Has(cell)} << d;
    return m;
  };
  for (int type = 0; type < 3; ++type) {
    for (int i = 0; i < 9; ++i) {
      const std::vector<int> cells = RegionCells(type, i);
      int empty = 0;
      for (int c : cells) empty += g.empty.Has(c);
      if (empty < 4) continue;
      for (auto [p, q] : Pairs()) {
        const unsigned m1 = mask(g.now, cells[p]), m2 = mask(g.now, cells[q]);
        if (std::popcount(m1) < 2 || std::popcount(m2) < 2 || std::popcount(m1 | m2) != 2) {
          continue;
        }
        RefHint hint;
        for (int k = 0; k < 9; ++k) {
          if (k == p || k == q) continue;
          for (int d = 0; d < kDigits; ++d) {
            if ((m1 >> d & 1) && g.now[d].Has(cells[k])) hint.gone.push_back(cells[k] * 9 + d);
          }
        }
        if (hint.gone.empty()) continue;
        for (int k : {p, q}) {
          for (int d = 0; d < kDigits; ++d) {
            if (g.base[d].Has(cells[k]) && !((m1 | m2) >> d & 1)) {
              hint.causes.push_back(cells[k] * 9 + d);
            }
          }
        }
        out.push_back(hint);
      }
    }
  }
  return out;
}

std::vector<RefHint> RefXWings(const Grids& g) {
  std::vector<RefHint> out;
  for (int bases : {1, 2}) {  // columns, then rows
    const int covers = bases == 1 ? 2 : 1;
    for (auto [j1, j2] : Pairs()) {
      for (int d = 0; d < kDigits; ++d) {
        if (!(g.fish_digits >> d & 1)) continue;
        const std::vector<int> b1 = RegionCells(bases, j1), b2 = RegionCells(bases, j2);
        unsigned p1 = 0, p2 = 0;
        for (int k = 0; k < 9; ++k) {
          p1 |= unsigned{g.now[d].Has(b1[k])} << k;
          p2 |= unsigned{g.now[d].Has(b2[k])} << k;
        }
        if (std::popcount(p1) < 2 || std::popcount(p2) < 2 || std::popcount(p1 | p2) != 2) {
          continue;
        }
        RefHint hint;
        std::vector<int> cover_cells;
        for (int k = 0; k < 9; ++k) {
          if (!((p1 | p2) >> k & 1)) continue;
          const std::vector<int> cover = RegionCells(covers, k);
          cover_cells.insert(cover_cells.end(), cover.begin(), cover.end());
          for (int pos = 0; pos < 9; ++pos) {
            if (pos != j1 && pos != j2 && g.now[d].Has(cover[pos])) {
              hint.gone.push_back(cover[pos] * 9 + d);
            }
          }
        }
        std::sort(hint.gone.begin(), hint.gone.end());
        if (hint.gone.empty()) continue;
        for (const std::vector<int>* base : {&b1, &b2}) {
          for (int c : *base) {
            if (g.base[d].Has(c) && !g.now[d].Has(c) && !Contains(cover_cells, c)) {
              hint.causes.push_back(c * 9 + d);
            }
          }
        }
        out.push_back(hint);
      }
    }
  }
  return out;
}

using Eliminations = std::vector<std::pair<int, std::vector<int>>>;  // candidate, its causes

// SE's getAdvancedPotentials for the rules from `first` to `last`: the hints with causes of the
// first rule that has any; each candidate once, with the causes of the first hint removing it.
Eliminations RefEliminations(const Grids& g, int first, int last) {
  Eliminations out;
  constexpr std::vector<RefHint> (*kRules[])(const Grids&) = {RefLocking, RefHiddenPairs,
                                                              RefNakedPairs, RefXWings};
  for (int r = first; r <= last && out.empty(); ++r) {
    for (const RefHint& hint : kRules[r](g)) {
      if (hint.causes.empty()) continue;
      for (int cand : hint.gone) {
        bool seen = false;
        for (const auto& e : out) seen |= e.first == cand;
        if (!seen) out.push_back({cand, hint.causes});
      }
    }
  }
  return out;
}

// The same through FindPlusEliminations (rule < 0: all) or FindPlusEliminationsOf.
Eliminations OurEliminations(const Grids& g, int rule) {
  // The grids as the chains pass them: from the Work of each.
  Work base, now;
  core_internal::ComputeWork({g.base, g.empty, {}}, &base);
  core_internal::ComputeWork({g.now, g.empty, {}}, &now);
  uint16_t removed[kHouses] = {};
  for (int h = 0; h < kHouses; ++h) {
    for (int d = 0; d < kDigits; ++d) {
      if (base.where[h][d] != now.where[h][d]) removed[h] |= static_cast<uint16_t>(1u << d);
    }
  }
  const uint32_t hidden = core_internal::HousesWithAtLeast(base.empty_per_house, 5);
  const uint32_t naked = core_internal::HousesWithAtLeast(base.empty_per_house, 4);
  auto hints = std::make_unique<core_internal::PlusHints>();
  uint16_t elim[kCells * kDigits], hint_of[kCells * kDigits];
  const core_internal::PlusGrid grid{base.where, now.where, removed, &base.masks,
                                     &now.masks, hidden,    naked,   g.fish_digits};
  const int n = rule < 0
                    ? core_internal::FindPlusEliminations(grid, hints.get(), elim, hint_of)
                    : core_internal::FindPlusEliminationsOf(rule, grid, hints.get(), elim, hint_of);
  Eliminations out;
  for (int i = 0; i < n; ++i) {
    const core_internal::PlusHints::Hint& hint = hints->hint[hint_of[i]];
    out.push_back({elim[i], std::vector<int>(hints->cause.data() + hint.first,
                                             hints->cause.data() + hint.first + hint.count)});
  }
  return out;
}

// Random grids: every cell empty (two to seven candidates) or filled, digits placed at random
// for the X-wing's count; the chain's grid loses each candidate with odds 1 in `loss`.
TEST(RatingDynamicPlus, RulesFindWhatSesOwnFindOnRandomGrids) {
  Rng rng(20261128);
  int found_by[4] = {};
  const int kRounds = 3000;
  for (int round = 0; round < kRounds; ++round) {
    Grids g;
    int placed[kDigits] = {};
    for (int cell = 0; cell < kCells; ++cell) {
      if (rng() % 100 < 15) {
        ++placed[rng() % kDigits];
        continue;
      }
      g.empty.Set(cell);
      const int count = 2 + static_cast<int>(rng() % 6);
      for (int k = 0; k < count;) {
        const int d = static_cast<int>(rng() % kDigits);
        if (g.base[d].Has(cell)) continue;
        g.base[d].Set(cell);
        ++k;
      }
    }
    for (int d = 0; d < kDigits; ++d) {
      if (placed[d] <= 5) g.fish_digits |= static_cast<uint16_t>(1u << d);
    }
    const int loss = 2 + round % 6;
    g.now = g.base;
    for (int d = 0; d < kDigits; ++d) {
      g.base[d].ForEach([&](int c) {
        if (rng() % loss == 0) g.now[d].Clear(c);
      });
    }
    ASSERT_EQ(OurEliminations(g, -1), RefEliminations(g, 0, 3)) << "round " << round;
    for (int rule = 0; rule < 4; ++rule) {
      const Eliminations reference = RefEliminations(g, rule, rule);
      ASSERT_EQ(OurEliminations(g, rule), reference) << "round " << round << ", rule " << rule;
      found_by[rule] += !reference.empty();
    }
  }
  // The grids must exercise every rule.
  std::printf("random grids where each rule alone removes something: %d %d %d %d of %d\n",
              found_by[0], found_by[1], found_by[2], found_by[3], kRounds);
  for (int count : found_by) EXPECT_GE(count, kRounds / 20);
}

}  // namespace
}  // namespace sudoku
