// Differential tests of the logical solver's faster searches against plain reference versions
// of the same searches, on random pencil-mark states: many bivalue cells, broken states too, so
// that every size path of a search runs (the generated puzzles rarely leave the smallest one).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "common/random_state.h"
#include "common/samples.h"
#include "common/se_chaining.h"
#include "common/test_data.h"
#include "core/rate/chains/chain_rating.h"
#include "core/rate/chains/chains.h"
#include "core/rate/memory.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::Elimination;
using core_internal::Peers;
using core_internal::State;
using core_internal::Work;

// The union of Peers(cell) over `set`.
CellSet PeersOf(CellSet set) {
  CellSet out;
  set.ForEach([&](int cell) { out |= Peers(cell); });
  return out;
}

// Reference XY-chain search: one breadth-first search per start, per digit the cells known to
// be that digit (the pre-optimisation implementation).
void ReferenceXyChainsFrom(const State& s, const Work& w, int a, int z, Elimination* found) {
  std::array<CellSet, kDigits> is{}, seen{};
  const int x = std::countr_zero(static_cast<unsigned>(w.masks[a] & ~(1u << z)));
  is[x].Set(a);
  seen[x].Set(a);
  for (int cells = 2;; ++cells) {
    const int rating = core_internal::kMixedChainBase + core_internal::ChainLengthBonus(2 * cells);
    if (found->rating != 0 && rating >= found->rating) return;
    std::array<CellSet, kDigits> next{};
    bool any = false;
    for (int v = 0; v < kDigits; ++v) {
      const CellSet reach = PeersOf(is[v]) & w.bivalue & s.cand[v];
      reach.ForEach([&](int cell) {
        const int other = std::countr_zero(static_cast<unsigned>(w.masks[cell] & ~(1u << v)));
        if (seen[other].Has(cell)) return;
        next[other].Set(cell);
        any = true;
      });
    }
    if (!any) return;
    for (int v = 0; v < kDigits; ++v) seen[v] |= next[v];
    next[z].Clear(a);
    const CellSet hit = s.cand[z] & Peers(a) & PeersOf(next[z]);
    if (hit.Any()) {
      *found = {rating, z, hit};
      return;
    }
    is = next;
  }
}

Elimination ReferenceXyChain(const State& s, const Work& w, int bound) {
  Elimination found{bound, 0, CellSet{}};
  w.bivalue.ForEach([&](int a) {
    for (uint16_t m = w.masks[a]; m; m &= m - 1) {
      ReferenceXyChainsFrom(s, w, a, std::countr_zero(m), &found);
    }
  });
  return found.rating == bound ? Elimination{} : found;
}

using samples::RandomState;

void ExpectSame(const Elimination& got, const Elimination& want) {
  EXPECT_EQ(got.rating, want.rating);
  if (want.rating == 0) return;
  EXPECT_EQ(got.digit, want.digit);
  EXPECT_EQ(got.cells, want.cells);
}

TEST(RatingReference, XyChainMatchesPerStartSearch) {
  Rng rng(2024);
  // (bivalue, filled) odds: sparse states have long chains, dense ones more than 64 nodes.
  constexpr std::pair<int, int> kOdds[] = {{15, 70}, {25, 60}, {30, 40}, {60, 20}, {100, 0}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 300; ++i) {
      const State s = RandomState(rng, bivalue, filled);
      Work w;
      core_internal::ComputeWork(s, &w);
      for (int bound : {0, 67, 69, 72}) {
        SCOPED_TRACE(::testing::Message()
                     << bivalue << "/" << filled << " state " << i << " bound " << bound);
        ExpectSame(core_internal::FindXyChain(s, w, bound), ReferenceXyChain(s, w, bound));
      }
    }
  }
}

// Reference forcing-chain search, written as SE's: one candidate at a time, every "on" of a
// layer then every "off", each candidate kept with the depth it was first reached at. Returns
// the node count of the chain by which (cell, d), assumed on (`from_on`) or off, comes back in
// the other state, or 0.
int ReferenceChainFrom(const State& s, const Work& w, bool cells, int cell, int d, bool from_on) {
  constexpr int kNodes = kCells * kDigits;
  std::array<int, kNodes> on_depth, off_depth;
  on_depth.fill(-1);
  off_depth.fill(-1);
  std::vector<int> pending_on, pending_off;
  (from_on ? on_depth : off_depth)[cell * kDigits + d] = 0;
  (from_on ? pending_on : pending_off).push_back(cell * kDigits + d);
  const int target = cell * kDigits + d;
  while (!pending_on.empty() || !pending_off.empty()) {
    std::vector<int> next;
    for (int n : pending_on) {
      const int c = n / kDigits, v = n % kDigits;
      auto turn_off = [&](int x, int e) {
        const int m = x * kDigits + e;
        if (from_on && m == target) return on_depth[n] + 2;  // nodes: depth + 1
        if (off_depth[m] < 0) {
          off_depth[m] = on_depth[n] + 1;
          next.push_back(m);
        }
        return 0;
      };
      for (int e = 0; e < kDigits; ++e) {
        if (cells && e != v && s.cand[e].Has(c)) {
          if (const int nodes = turn_off(c, e)) return nodes;
        }
      }
      for (int x = 0; x < kCells; ++x) {
        if (Peers(c).Has(x) && s.cand[v].Has(x)) {
          if (const int nodes = turn_off(x, v)) return nodes;
        }
      }
    }
    pending_off.insert(pending_off.end(), next.begin(), next.end());
    pending_on.clear();
    next.clear();
    for (int n : pending_off) {
      const int c = n / kDigits, v = n % kDigits;
      auto turn_on = [&](int x, int e) {
        const int m = x * kDigits + e;
        if (!from_on && m == target) return off_depth[n] + 2;
        if (on_depth[m] < 0 && !(from_on && m == target)) {
          on_depth[m] = off_depth[n] + 1;
          next.push_back(m);
        }
        return 0;
      };
      if (cells && w.bivalue.Has(c)) {
        const int e = std::countr_zero(static_cast<unsigned>(w.masks[c] & ~(1u << v)));
        if (const int nodes = turn_on(c, e)) return nodes;
      }
      for (int h = 0; h < core_internal::kHouses; ++h) {
        if (!core_internal::House(h).Has(c)) continue;
        const CellSet places = s.cand[v] & core_internal::House(h);
        if (places.Count() != 2) continue;
        if (const int nodes = turn_on((places & ~CellSet::Of(c)).First(), v)) return nodes;
      }
    }
    pending_on = next;
    pending_off.clear();
  }
  return 0;
}

// The cheapest chain over every assumption in SE's order (as FindForcingChain: one digit's
// chains from "off" only, then mixed chains both ways).
core_internal::ForcingChain ReferenceForcingChain(const State& s, const Work& w) {
  core_internal::ForcingChain best;
  for (const bool cells : {false, true}) {
    const int base = cells ? core_internal::kMixedChainBase : core_internal::kXChainBase;
    s.empty.ForEach([&](int cell) {
      for (uint16_t m = w.masks[cell]; m; m &= m - 1) {
        const int d = std::countr_zero(m);
        for (const bool from_on : {true, false}) {
          if (from_on && !cells) continue;
          const int nodes = ReferenceChainFrom(s, w, cells, cell, d, from_on);
          if (nodes == 0) continue;
          const int rating = base + core_internal::ChainLengthBonus(nodes - 2);
          if (best.rating == 0 || rating < best.rating ||
              (rating == best.rating && nodes < best.nodes)) {
            best = {rating, nodes, cells, cell, d, !from_on};
          }
        }
      }
    });
  }
  return best;
}

TEST(RatingReference, ForcingChainMatchesOneCandidateAtATimeSearch) {
  Rng rng(2026);
  constexpr std::pair<int, int> kOdds[] = {{15, 70}, {30, 40}, {60, 20}, {100, 0}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 40; ++i) {
      SCOPED_TRACE(::testing::Message() << bivalue << "/" << filled << " state " << i);
      const State s = RandomState(rng, bivalue, filled);
      Work w;
      core_internal::ComputeWork(s, &w);
      const core_internal::ForcingChain got = core_internal::FindForcingChain(s, w);
      const core_internal::ForcingChain want = ReferenceForcingChain(s, w);
      ASSERT_EQ(got.rating, want.rating);
      if (want.rating == 0) continue;
      EXPECT_EQ(got.nodes, want.nodes);
      EXPECT_EQ(got.mixed, want.mixed);
      EXPECT_EQ(got.cell, want.cell);
      EXPECT_EQ(got.digit, want.digit);
      EXPECT_EQ(got.place, want.place);
    }
  }
}

// Reference Y-cycle search, written as SE's: every candidate of a bivalue cell assumed on, its
// implications followed one at a time by rounds over all candidates (an "on" turns off its cell's
// other candidates, then its digit in its box, row and column; an "off" in a bivalue cell turns
// the other on), each "on" kept with its first cause, each "off" with every "on" not among its
// causes; an "off" turning the start on again from the second round closes a cycle. The cheapest
// cycle that removes anything (the first found among equals).
core_internal::Cycle ReferenceYCycle(const State& s, const Work& w) {
  struct Node {
    int candidate;  // cell * 9 + digit
    bool on;
    int parent;  // index into nodes, -1 for the start
  };
  core_internal::Cycle best;
  s.empty.ForEach([&](int start_cell) {
    if (!w.bivalue.Has(start_cell)) return;
    for (uint16_t m = w.masks[start_cell]; m; m &= m - 1) {
      const int start = start_cell * kDigits + std::countr_zero(m);
      std::vector<Node> nodes = {{start, true, -1}};
      std::vector<bool> on_seen(kCells * kDigits, false);
      on_seen[start] = true;
      std::vector<int> pending_on = {0};
      for (int round = 1; !pending_on.empty(); ++round) {
        std::vector<int> pending_off;
        for (int i : pending_on) {
          const int c = nodes[i].candidate / kDigits, d = nodes[i].candidate % kDigits;
          std::vector<int> offs;
          for (int e = 0; e < kDigits; ++e) {
            if (e != d && s.cand[e].Has(c)) offs.push_back(c * kDigits + e);
          }
          for (int h : {core_internal::BoxHouse(c), core_internal::RowHouse(c),
                        core_internal::ColHouse(c)}) {
            (core_internal::House(h) & s.cand[d]).ForEach([&](int x) {
              const int off = x * kDigits + d;
              if (x != c && std::find(offs.begin(), offs.end(), off) == offs.end()) {
                offs.push_back(off);
              }
            });
          }
          for (int off : offs) {
            bool cause = false;
            for (int a = nodes[i].parent; a >= 0; a = nodes[a].parent) {
              cause |= !nodes[a].on && nodes[a].candidate == off;
            }
            if (cause) continue;
            nodes.push_back({off, false, i});
            pending_off.push_back(static_cast<int>(nodes.size()) - 1);
          }
        }
        pending_on.clear();
        for (int i : pending_off) {
          const int c = nodes[i].candidate / kDigits, d = nodes[i].candidate % kDigits;
          if (!w.bivalue.Has(c)) continue;
          const int on =
              c * kDigits + std::countr_zero(static_cast<unsigned>(w.masks[c] & ~(1u << d)));
          if (round >= 2 && on == start) {
            // The cycle: the start again, then this "off" and its causes.
            std::array<CellSet, kDigits> seen_on{}, seen_off{};
            CellSet cells = CellSet::Of(start_cell);
            seen_on[start % kDigits] |= Peers(start_cell);
            for (int a = i; a > 0; a = nodes[a].parent) {
              const int x = nodes[a].candidate / kDigits, e = nodes[a].candidate % kDigits;
              cells.Set(x);
              (nodes[a].on ? seen_on : seen_off)[e] |= Peers(x);
            }
            const int count = 2 * round;
            const int rating =
                core_internal::kCycleBase + core_internal::ChainLengthBonus(count - 2);
            std::array<CellSet, kDigits> removable;
            bool any = false;
            for (int e = 0; e < kDigits; ++e) {
              removable[e] = seen_on[e] & seen_off[e] & s.cand[e] & ~cells;
              any |= removable[e].Any();
            }
            if (any && (best.rating == 0 || count < best.nodes)) best = {rating, count, removable};
          }
          if (on_seen[on]) continue;
          on_seen[on] = true;
          nodes.push_back({on, true, i});
          pending_on.push_back(static_cast<int>(nodes.size()) - 1);
        }
      }
    }
  });
  return best;
}

void ExpectSameYCycle(const State& s) {
  Work w;
  core_internal::ComputeWork(s, &w);
  const core_internal::Cycle want = ReferenceYCycle(s, w);
  const core_internal::Cycle got = core_internal::FindCycle(s, w, INT_MAX);
  ASSERT_EQ(got.rating, want.rating);
  if (want.rating == 0) return;
  EXPECT_EQ(got.nodes, want.nodes);
  EXPECT_EQ(got.removable, want.removable);
}

TEST(RatingReference, YCycleMatchesCandidateByCandidateSearch) {
  Rng rng(2028);
  constexpr std::pair<int, int> kOdds[] = {{20, 60}, {40, 40}, {60, 20}};
  int found = 0;
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 40; ++i) {
      SCOPED_TRACE(::testing::Message() << bivalue << "/" << filled << " state " << i);
      const State s = RandomState(rng, bivalue, filled);
      ExpectSameYCycle(s);
      if (HasFatalFailure()) return;
      Work w;
      core_internal::ComputeWork(s, &w);
      found += core_internal::FindCycle(s, w, INT_MAX).rating != 0;
    }
  }
  // And the positions of solves of generated minimal puzzles where chains are needed.
  for (const Grid& puzzle : samples::DugPuzzles(rng, 100, DigOptions{17, 80, true})) {
    State s;
    core_internal::SetUpState(puzzle, &s);
    core_internal::Step step;
    while (s.empty.Any() && core_internal::ApplyEasiestStep(s, &step)) {
      if (step.rating < core_internal::kCycleBase) continue;
      ExpectSameYCycle(s);
      if (HasFatalFailure()) return;
    }
  }
  EXPECT_GT(found, 0);
}

// Reference multiple forcing chain branch, written as SE's static chaining: the candidates a
// candidate assumed on implies, one at a time with the depth each is first reached at, layer by
// layer ("on", then "off"), up to the first contradiction (none of the layer that meets it).
struct ReferenceBranch {
  static constexpr int kNodes = kCells * kDigits;
  std::array<int, kNodes> on, off;  // depth, or -1

  ReferenceBranch(const State& s, const Work& w, int cell, int d) {
    on.fill(-1);
    off.fill(-1);
    on[cell * kDigits + d] = 0;
    std::vector<int> layer = {cell * kDigits + d};
    for (int depth = 1; !layer.empty(); ++depth) {
      const bool to_off = depth % 2 == 1;
      std::array<int, kNodes>& mine = to_off ? off : on;
      const std::array<int, kNodes>& other = to_off ? on : off;
      std::vector<int> next;
      auto reach = [&](int x, int e) {
        const int m = x * kDigits + e;
        if (mine[m] < 0 && std::find(next.begin(), next.end(), m) == next.end()) next.push_back(m);
      };
      for (int n : layer) {
        const int c = n / kDigits, v = n % kDigits;
        if (to_off) {
          for (int e = 0; e < kDigits; ++e) {
            if (e != v && s.cand[e].Has(c)) reach(c, e);
          }
          for (int x = 0; x < kCells; ++x) {
            if (Peers(c).Has(x) && s.cand[v].Has(x)) reach(x, v);
          }
          continue;
        }
        if (w.bivalue.Has(c)) {
          reach(c, std::countr_zero(static_cast<unsigned>(w.masks[c] & ~(1u << v))));
        }
        for (int h = 0; h < core_internal::kHouses; ++h) {
          const CellSet places = s.cand[v] & core_internal::House(h);
          if (places.Has(c) && places.Count() == 2) reach((places & ~CellSet::Of(c)).First(), v);
        }
      }
      for (int m : next) {
        if (other[m] >= 0) return;
      }
      for (int m : next) mine[m] = depth;
      layer = next;
    }
  }
};

// The order in which SE's doChaining first reaches each candidate (index 2 * (cell * 9 + digit)
// + on) from (cell, d) assumed on, written from SE's code: an "on" is followed as soon as it is
// made, the "off"s in the order made; an "on" turns off the cell's other values, then the digit
// in its box, row and column (each in the house's order, each candidate once); an "off" turns on
// the other value of a two-value cell, then the other place of the digit in a box, row or column
// holding it twice. -1: not reached.
std::vector<int> SeDiscoveryOrder(const State& s, const Work& w, int cell, int d) {
  std::vector<int> rank(2 * kCells * kDigits, -1);
  std::vector<int> on_queue, off_queue;
  size_t on_head = 0, off_head = 0;
  int next = 0;
  auto reach = [&](int c, int e, bool on) {
    int& r = rank[2 * (c * kDigits + e) + (on ? 1 : 0)];
    if (r >= 0) return;
    r = next++;
    (on ? on_queue : off_queue).push_back(c * kDigits + e);
  };
  reach(cell, d, true);
  while (on_head < on_queue.size() || off_head < off_queue.size()) {
    const bool on = on_head < on_queue.size();
    const int p = on ? on_queue[on_head++] : off_queue[off_head++];
    const int c = p / kDigits, v = p % kDigits;
    const int box = core_internal::BoxHouse(c), row = core_internal::RowHouse(c),
              col = core_internal::ColHouse(c);
    if (on) {
      for (int e = 0; e < kDigits; ++e) {
        if (e != v && s.cand[e].Has(c)) reach(c, e, false);
      }
      for (int h : {box, row, col}) {
        for (int x = 0; x < kCells; ++x) {
          if (x != c && core_internal::House(h).Has(x) && s.cand[v].Has(x)) reach(x, v, false);
        }
      }
      continue;
    }
    if (std::popcount(w.masks[c]) == 2) {
      for (int e = 0; e < kDigits; ++e) {
        if (e != v && s.cand[e].Has(c)) reach(c, e, true);
      }
    }
    for (int h : {box, row, col}) {
      const CellSet places = s.cand[v] & core_internal::House(h);
      if (places.Count() == 2) reach((places & ~CellSet::Of(c)).First(), v, true);
    }
  }
  return rank;
}

// Reference multiple forcing chain search: every chain in SE's order (from each cell with three
// candidates or more: its digits' houses where it is the first place, then the cell), every
// branch followed in full, the cheapest conclusion applied: rating, nodes, cell before region,
// then the first found, SE's order of a chain's conclusions being its "on"s, then its "off"s,
// each in the order its first branch reached them. Returns the step's rating (0: none) and its
// technique in *technique.
int ReferenceMultipleForcingChain(State& s, const Work& w, Technique* technique) {
  struct Best {
    int rating = 0, nodes = 0, kind = 0, cell = 0, digit = 0;
    bool on = false;
  } best;
  // `first`: the first branch's assumption, whose order sorts the chain's conclusions.
  auto weigh = [&](const std::vector<ReferenceBranch>& branches, int kind, int first_cell,
                   int first_digit) {
    const std::vector<int> rank = SeDiscoveryOrder(s, w, first_cell, first_digit);
    Best mine;
    int mine_rank = 0;
    for (const bool on : {true, false}) {
      for (int d = 0; d < kDigits; ++d) {
        for (int cell = 0; cell < kCells; ++cell) {
          int nodes = 0;
          for (const ReferenceBranch& b : branches) {
            const int depth = (on ? b.on : b.off)[cell * kDigits + d];
            if (depth < 0) {
              nodes = 0;
              break;
            }
            nodes += depth + 1;
          }
          if (nodes == 0) continue;
          const int rating =
              core_internal::kMultipleChainBase + core_internal::ChainLengthBonus(nodes - 2);
          const int r = rank[2 * (cell * kDigits + d) + (on ? 1 : 0)];
          if (mine.rating == 0 || rating < mine.rating ||
              (rating == mine.rating &&
               (nodes < mine.nodes || (nodes == mine.nodes && on == mine.on && r < mine_rank)))) {
            mine = {rating, nodes, kind, cell, d, on};
            mine_rank = r;
          }
        }
      }
    }
    if (mine.rating != 0 &&
        (best.rating == 0 || mine.rating < best.rating ||
         (mine.rating == best.rating &&
          (mine.nodes < best.nodes || (mine.nodes == best.nodes && kind < best.kind))))) {
      best = mine;
    }
  };
  s.empty.ForEach([&](int cell) {
    if (std::popcount(w.masks[cell]) < 3) return;
    std::vector<ReferenceBranch> by_cell;
    for (uint16_t m = w.masks[cell]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      by_cell.emplace_back(s, w, cell, d);
      for (int h : {core_internal::BoxHouse(cell), core_internal::RowHouse(cell),
                    core_internal::ColHouse(cell)}) {
        const CellSet places = s.cand[d] & core_internal::House(h);
        if (places.First() != cell || places.IsSingle()) continue;
        std::vector<ReferenceBranch> by_house;
        places.ForEach([&](int x) { by_house.emplace_back(s, w, x, d); });
        weigh(by_house, 6, cell, d);
      }
    }
    weigh(by_cell, 5, cell, std::countr_zero(w.masks[cell]));
  });
  if (best.rating == 0) return 0;
  *technique = best.kind == 5 ? Technique::kCellForcingChain : Technique::kRegionForcingChain;
  if (best.on) {
    core_internal::PlaceDigit(s, best.cell, best.digit);  // as SE's hint sets the digit
  } else {
    core_internal::Eliminate(s, best.digit, CellSet::Of(best.cell));
  }
  return best.rating;
}

// FindMultipleForcingChain against the reference, following its branches itself and, after a
// forcing chain search of the state that found none, reading them from that search.
void ExpectSameMultipleChain(const State& s) {
  Work w;
  core_internal::ComputeWork(s, &w);
  State want_state = s;
  Technique want_technique = Technique::kNone;
  const int want = ReferenceMultipleForcingChain(want_state, w, &want_technique);
  for (const bool reuse : {false, true}) {
    SCOPED_TRACE(reuse ? "reading the forcing chain search" : "following each branch");
    if (reuse) {
      if (core_internal::FindForcingChain(s, w).rating != 0) return;
      ASSERT_TRUE(core_internal::ForcingSearchComplete(s));
    }
    State got_state = s;
    core_internal::Step step;
    const bool found = core_internal::FindMultipleForcingChain(got_state, w, &step, reuse);
    ASSERT_EQ(found, want != 0);
    if (!found) continue;
    EXPECT_EQ(step.rating, want);
    EXPECT_EQ(step.technique, want_technique);
    EXPECT_EQ(got_state.cand, want_state.cand);
  }
}

TEST(RatingReference, MultipleForcingChainMatchesFullBranches) {
  Rng rng(2027);
  constexpr std::pair<int, int> kOdds[] = {{10, 60}, {20, 40}, {30, 20}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 20; ++i) {
      SCOPED_TRACE(::testing::Message() << bivalue << "/" << filled << " state " << i);
      ExpectSameMultipleChain(RandomState(rng, bivalue, filled));
      if (HasFatalFailure()) return;
    }
  }
  // The positions of solves where no forcing chain applies, those the step loop searches: of
  // generated minimal puzzles and of the magictour puzzles SE rated (most need these chains).
  std::vector<Grid> puzzles = samples::DugPuzzles(rng, 150, DigOptions{17, 80, true});
  std::ifstream rated(testing::GoldenPath("se_ratings_magictour.txt"));
  std::string line;
  while (std::getline(rated, line) && puzzles.size() < 200) {
    if (line.empty() || line[0] == '#') continue;
    const ParseResult parsed = ParseGrid(line.substr(0, kCells));
    ASSERT_TRUE(parsed.ok) << line;
    puzzles.push_back(parsed.grid);
  }
  ASSERT_EQ(puzzles.size(), 200u);
  int searched = 0;
  for (const Grid& puzzle : puzzles) {
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
    State s;
    core_internal::SetUpState(puzzle, &s);
    core_internal::Step step;
    while (s.empty.Any()) {
      Work w;
      core_internal::ComputeWork(s, &w);
      if (core_internal::FindForcingChain(s, w).rating == 0) {
        ++searched;
        ExpectSameMultipleChain(s);
        if (HasFatalFailure()) return;
      }
      if (!core_internal::ApplyEasiestStep(s, &step)) {
        const int cell = s.empty.First();
        core_internal::PlaceDigit(s, cell, solution[cell] - 1);
      }
    }
  }
  EXPECT_GT(searched, 0);
}

// Reference Nishio search: SE's dynamic chaining on the assumed digit alone
// (common/se_chaining.h). The nodes of the contradiction that assumption (cell, d) on
// (`assume_on`) or off leads to, or 0.
int ReferenceNishio(const State& s, int cell, int d, bool assume_on) {
  const reference::Branch branch = reference::Follow(s, cell, d, assume_on, false);
  if (branch.clash_on < 0) return 0;
  return branch.Ancestors(branch.clash_on) + branch.Ancestors(branch.clash_off);
}

TEST(RatingReference, NishioMatchesSeStyleSearch) {
  Rng rng(2027);
  constexpr std::pair<int, int> kOdds[] = {{15, 70}, {30, 40}, {60, 20}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 60; ++i) {
      SCOPED_TRACE(::testing::Message() << bivalue << "/" << filled << " state " << i);
      const State s = RandomState(rng, bivalue, filled);
      Work w;
      core_internal::ComputeWork(s, &w);
      // The reference's cheapest, in SE's order.
      int best_rating = 0, best_nodes = 0, best_cell = -1;
      s.empty.ForEach([&](int cell) {
        for (uint16_t m = w.masks[cell]; m; m &= m - 1) {
          const int d = std::countr_zero(m);
          for (const bool assume_on : {true, false}) {
            const int nodes = ReferenceNishio(s, cell, d, assume_on);
            if (nodes == 0) continue;
            const int rating =
                core_internal::kNishioBase + core_internal::ChainLengthBonus(nodes - 2);
            if (best_rating == 0 || rating < best_rating ||
                (rating == best_rating && nodes < best_nodes)) {
              best_rating = rating;
              best_nodes = nodes;
              best_cell = cell;
            }
          }
        }
      });
      State got = s;
      core_internal::Step step;
      const bool found = core_internal::FindNishioChain(got, w, &step);
      ASSERT_EQ(found, best_rating != 0);
      if (!found) continue;
      EXPECT_EQ(step.rating, best_rating);
      // The step changes the reference's cell, and where it sets a digit there, that digit in
      // its peers.
      for (int d = 0; d < kDigits; ++d) {
        const CellSet changed = (got.cand[d] & ~s.cand[d]) | (s.cand[d] & ~got.cand[d]);
        const bool placed = got.grid[best_cell] == d + 1;
        const CellSet allowed =
            CellSet::Of(best_cell) | (placed ? core_internal::Peers(best_cell) : CellSet{});
        EXPECT_TRUE(changed.Empty() || (changed.Has(best_cell) && (changed & ~allowed).Empty()))
            << d;
      }
    }
  }
}

// Solves `puzzle` twice in lockstep, each side stepping with its own `step` (State&, Step*) ->
// bool, and expects the same step and the same candidates every time; a guess (no progress)
// places the solution's digit in the first empty cell on both sides.
template <typename StepA, typename StepB>
void ExpectSameSteps(const Grid& puzzle, StepA step_a, StepB step_b) {
  Grid solution;
  ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1) << ToString(puzzle);
  State a, b;
  ASSERT_TRUE(core_internal::InitState(puzzle, &a));
  b = a;
  while (a.empty.Any()) {
    core_internal::Step a_step, b_step;
    const bool progress = step_a(a, &a_step);
    ASSERT_EQ(step_b(b, &b_step), progress) << ToString(puzzle);
    if (!progress) {
      const int cell = a.empty.First();
      core_internal::PlaceDigit(a, cell, solution[cell] - 1);
      core_internal::PlaceDigit(b, cell, solution[cell] - 1);
      continue;
    }
    ASSERT_EQ(b_step.technique, a_step.technique) << ToString(puzzle);
    ASSERT_EQ(b_step.rating, a_step.rating);
    ASSERT_EQ(b_step.uses, a_step.uses);
    ASSERT_EQ(b.cand, a.cand) << TechniqueName(a_step.technique);
  }
}

// Memory::sound off (every finder searches in full) against on (as RateUniquePuzzle).
void ExpectSoundMemoryChangesNothing(const Grid& puzzle) {
  core_internal::Memory plain, sound;
  sound.sound = true;
  ExpectSameSteps(
      puzzle,
      [&](State& s, core_internal::Step* step) {
        return core_internal::ApplyEasiestStep(s, &plain, step);
      },
      [&](State& s, core_internal::Step* step) {
        return core_internal::ApplyEasiestStep(s, &sound, step);
      });
}

TEST(RatingReference, SoundMemoryGivesTheSameSteps) {
  for (const char* name :
       {"puzzles2_17_clue_golden", "puzzles3_magictour_golden", "puzzles6_forum_hardest_golden"}) {
    for (const Grid& puzzle : testing::ReadPuzzles(testing::GoldenPath(name))) {
      ExpectSoundMemoryChangesNothing(puzzle);
      if (HasFatalFailure()) return;
    }
  }
  Rng rng(77);
  for (const DigOptions& options : {DigOptions{17, 80, true}, DigOptions{26, 31, false}}) {
    for (const Grid& puzzle : samples::DugPuzzles(rng, 400, options)) {
      ExpectSoundMemoryChangesNothing(puzzle);
      if (HasFatalFailure()) return;
    }
  }
}

// One Memory for the whole solve against a fresh search from scratch at every step
// (ApplyEasiestStep without memory).
void ExpectMemoryChangesNothing(const Grid& puzzle) {
  core_internal::Memory memory;
  ExpectSameSteps(
      puzzle,
      [&](State& s, core_internal::Step* step) {
        return core_internal::ApplyEasiestStep(s, &memory, step);
      },
      [](State& s, core_internal::Step* step) { return core_internal::ApplyEasiestStep(s, step); });
}

TEST(RatingReference, MemoryGivesTheSameStepsAsFreshSearches) {
  for (const char* name : {"puzzles3_magictour_golden", "puzzles6_forum_hardest_golden"}) {
    for (const Grid& puzzle : testing::ReadPuzzles(testing::GoldenPath(name))) {
      ExpectMemoryChangesNothing(puzzle);
      if (HasFatalFailure()) return;
    }
  }
  Rng rng(78);
  for (const DigOptions& options :
       {DigOptions{17, 80, true}, DigOptions{26, 31, false}, DigOptions{41, 46, false}}) {
    for (const Grid& puzzle : samples::DugPuzzles(rng, 150, options)) {
      ExpectMemoryChangesNothing(puzzle);
      if (HasFatalFailure()) return;
    }
  }
}

// Rates `puzzle` as RateUniquePuzzle does, but with a fresh search at every step (no memory of
// the solve), every step in SE's order of trial. A guess takes the empty cell with the fewest
// candidates, as RateUniquePuzzle.
Rating RateInSeOrder(const Grid& puzzle, const Grid& solution) {
  Rating out;
  State s;
  core_internal::SetUpState(puzzle, &s);
  auto record = [&out](Technique technique, int rating) {
    ++out.steps;
    ++out.uses[static_cast<int>(technique)];
    if (rating > out.rating) {
      out.rating = rating;
      out.hardest = technique;
    }
  };
  while (s.empty.Any()) {
    core_internal::Step step;
    if (core_internal::ApplyEasiestStep(s, &step)) {
      record(step.technique, step.rating);
      continue;
    }
    const core_internal::CellMasks masks = core_internal::ComputeMasks(s);
    int best = -1;
    s.empty.ForEach([&](int cell) {
      if (best < 0 || std::popcount(masks[cell]) < std::popcount(masks[best])) best = cell;
    });
    core_internal::PlaceDigit(s, best, solution[best] - 1);
    ++out.guesses;
    record(Technique::kGuess, kGuessRating);
  }
  return out;
}

// RateUniquePuzzle takes naked singles before the direct pointing, claiming and hidden pair
// once a step rated 2.3 or more was needed, and any chain no dearer than the rating so far
// before SE's cheapest (ApplyEasiestStep in step_loop.h): the same rating, hardest technique and
// guesses as SE's order throughout.
void ExpectSeOrderRating(const Grid& puzzle) {
  Grid solution;
  ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1) << ToString(puzzle);
  Rating fast;
  RateUniquePuzzle(puzzle, solution, &fast);
  const Rating se_order = RateInSeOrder(puzzle, solution);
  ASSERT_EQ(fast.rating, se_order.rating) << ToString(puzzle);
  ASSERT_EQ(fast.hardest, se_order.hardest) << ToString(puzzle);
  ASSERT_EQ(fast.guesses, se_order.guesses) << ToString(puzzle);
}

TEST(RatingReference, NakedSinglesFirstKeepTheRating) {
  for (const char* name :
       {"puzzles2_17_clue_golden", "puzzles3_magictour_golden", "puzzles6_forum_hardest_golden"}) {
    for (const Grid& puzzle : testing::ReadPuzzles(testing::GoldenPath(name))) {
      ExpectSeOrderRating(puzzle);
      if (HasFatalFailure()) return;
    }
  }
  Rng rng(81);
  for (const DigOptions& options :
       {DigOptions{17, 80, true}, DigOptions{26, 31, false}, DigOptions{41, 46, false}}) {
    for (const Grid& puzzle : samples::DugPuzzles(rng, 400, options)) {
      ExpectSeOrderRating(puzzle);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(RatingReference, HouseCountsMatchCountsPerHouse) {
  Rng rng(79);
  constexpr std::pair<int, int> kOdds[] = {{15, 70}, {30, 40}, {100, 0}};
  for (const auto& [bivalue, filled] : kOdds) {
    for (int i = 0; i < 200; ++i) {
      const State s = RandomState(rng, bivalue, filled);
      for (int d = -1; d < kDigits; ++d) {
        const CellSet cells = d < 0 ? s.empty : s.cand[d];
        const core_internal::HouseCounts counts = core_internal::CountPerHouse(cells);
        for (int k = 2; k <= 10; ++k) {
          uint32_t want = 0;
          for (int h = 0; h < core_internal::kHouses; ++h) {
            const int count = (cells & core_internal::House(h)).Count();
            ASSERT_EQ(static_cast<int>((counts.w[h / 16] >> (4 * (h % 16))) & 0xF), count);
            want |= static_cast<uint32_t>(count >= k) << h;
          }
          ASSERT_EQ(core_internal::HousesWithAtLeast(counts, k), want) << "k " << k;
        }
      }
    }
  }
}

TEST(RatingReference, ScanMasksMatchItemByItemSkips) {
  for (int first = -1; first <= kCells + 1; ++first) {
    for (int cell = 0; cell < kCells; ++cell) {
      ASSERT_EQ(CellSet::From(first).Has(cell), cell >= first) << first << " " << cell;
    }
    ASSERT_EQ(CellSet::From(first) & ~CellSet::All(), CellSet{});
  }
  Rng rng(80);
  for (int clean : {0, 1, 5, 17, 18, 40, 80, 81, 200, INT_MAX}) {
    core_internal::Scan scan;
    scan.clean = clean;
    const CellSet touched{rng(), rng() & CellSet::kHiMask};
    const CellSet cells = scan.TodoCells(touched);
    for (int cell = 0; cell < kCells; ++cell) {
      ASSERT_EQ(cells.Has(cell), !scan.Skip(cell, touched.Has(cell))) << clean << " " << cell;
    }
    for (int first : {0, 9, 18, 72, 144}) {
      const uint32_t bits = static_cast<uint32_t>(rng()) & 0x3FFFF;
      const uint32_t todo = scan.TodoAt(first, 18, bits);
      for (int i = 0; i < 18; ++i) {
        ASSERT_EQ((todo >> i) & 1, !scan.Skip(first + i, (bits >> i) & 1)) << clean << " " << i;
      }
    }
  }
}

}  // namespace
}  // namespace sudoku
