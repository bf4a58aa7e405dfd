// Chains node by node for a recorded path (chains/chain_nodes.h): breadth-first searches with
// parents over the candidates of one state, each with its state.
#include "core/rate/chains/chain_nodes.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "core/board/geometry.h"
#include "sudoku/core/techniques.h"

namespace sudoku::core_internal {
namespace {

constexpr int kNodes = 2 * kCells * kDigits;  // node 2 * (cell * 9 + digit) + on

int NodeOf(Literal l) { return 2 * (l.cell * kDigits + l.digit) + (l.on ? 1 : 0); }
Literal LiteralOf(int n) { return {n / 2 / kDigits, n / 2 % kDigits, (n & 1) != 0}; }

// Breadth-first searches from one literal over the links of one state.
class Tracer {
 public:
  Tracer(const State& s, ChainLinks links) : s_(s), links_(links), masks_(ComputeMasks(s)) {
    for (int c = 0; c < kCells; ++c) {
      if (std::popcount(masks_[c]) == 2) bivalue_.Set(c);
    }
  }

  // True iff a chain of these links may start at `cell` (an XY-chain at a bivalue cell).
  bool CanStart(int cell) const { return links_ != ChainLinks::kBivalue || bivalue_.Has(cell); }

  // The first node (in breadth-first order, so at the least depth) for which goal(literal)
  // holds, reached from `start` in at most `max_links` links without entering `blocked` cells;
  // -1 if none.
  template <class Goal>
  int Search(Literal start, CellSet blocked, int max_links, Goal goal) {
    std::fill_n(parent_, kNodes, int16_t{-1});
    std::vector<int> layer = {NodeOf(start)}, next;
    parent_[layer[0]] = static_cast<int16_t>(layer[0]);
    for (int depth = 1; depth <= max_links && !layer.empty(); ++depth) {
      next.clear();
      for (const int n : layer) {
        int found = -1;
        ForEachNext(LiteralOf(n), [&](Literal to) {
          const int m = NodeOf(to);
          if (found >= 0 || parent_[m] >= 0 || blocked.Has(to.cell)) return;
          parent_[m] = static_cast<int16_t>(n);
          if (goal(to)) found = m;
          next.push_back(m);
        });
        if (found >= 0) return found;
      }
      layer.swap(next);
    }
    return -1;
  }

  // The literals from the last search's start to node n, in chain order.
  std::vector<Literal> PathTo(int n) const {
    std::vector<Literal> path;
    for (;; n = parent_[n]) {
      path.push_back(LiteralOf(n));
      if (parent_[n] == n) break;
    }
    std::reverse(path.begin(), path.end());
    return path;
  }

 private:
  // Calls f(literal) for each literal `l` implies by the links allowed, in a fixed order.
  template <class F>
  void ForEachNext(Literal l, F&& f) const {
    const CellSet digit = s_.cand[l.digit];
    if (l.on) {
      const CellSet seen = Peers(l.cell) & digit;
      (links_ == ChainLinks::kBivalue ? seen & bivalue_ : seen).ForEach([&](int p) {
        f(Literal{p, l.digit, false});
      });
      if (links_ != ChainLinks::kMixed) return;
      for (uint16_t m = masks_[l.cell] & ~(1u << l.digit); m; m &= m - 1) {
        f(Literal{l.cell, std::countr_zero(m), false});
      }
      return;
    }
    if (links_ != ChainLinks::kBivalue) {
      for (const int h : {RowHouse(l.cell), ColHouse(l.cell), BoxHouse(l.cell)}) {
        const CellSet places = digit & House(h);
        if (places.Count() == 2) f(Literal{(places & ~CellSet::Of(l.cell)).First(), l.digit, true});
      }
    }
    if (links_ != ChainLinks::kDigit && bivalue_.Has(l.cell)) {
      f(Literal{l.cell, std::countr_zero(static_cast<unsigned>(masks_[l.cell] & ~(1u << l.digit))),
                true});
    }
  }

  const State& s_;
  const ChainLinks links_;
  const CellMasks masks_;
  CellSet bivalue_;
  int16_t parent_[kNodes];  // the node that first implied each; itself for the start; -1: none
};

// The shortest chain c0 (d off) ... cN (d on), both ends seeing `removal`, first c0 in cell
// order on a tie; empty if none.
std::vector<Literal> ShortestEliminationChain(Tracer& tracer, const State& s, int d, int removal) {
  std::vector<Literal> best;
  (Peers(removal) & s.cand[d]).ForEach([&](int c0) {
    const int max_links = best.empty() ? kNodes : static_cast<int>(best.size()) - 2;
    if (max_links < 1 || !tracer.CanStart(c0)) return;
    const int end =
        tracer.Search(Literal{c0, d, false}, CellSet::Of(removal), max_links, [&](Literal to) {
          return to.on && to.digit == d && to.cell != c0 && Peers(removal).Has(to.cell);
        });
    if (end >= 0) best = tracer.PathTo(end);
  });
  return best;
}

}  // namespace

void ShowChain(std::span<const Literal> nodes, Step* step) {
  if (!step->Showing()) return;
  for (size_t i = 0; i < nodes.size(); ++i) {
    const Literal& l = nodes[i];
    step->ShowNode(l.cell, l.digit + 1, l.on, i == 0);
    const std::vector<uint8_t>& cells = step->shown->cells;
    if (std::find(cells.begin(), cells.end(), l.cell) == cells.end()) step->ShowCell(l.cell);
  }
}

void ShowEliminationChains(const State& s, ChainLinks links, int d, CellSet cells, Step* step) {
  Tracer tracer(s, links);
  CellSet todo = cells & s.cand[d];
  while (todo.Any()) {
    const int removal = todo.First();
    todo.Clear(removal);
    const std::vector<Literal> chain = ShortestEliminationChain(tracer, s, d, removal);
    if (chain.empty()) continue;
    ShowChain(chain, step);
    todo &= ~(Peers(chain.front().cell) & Peers(chain.back().cell));
  }
}

int XyChainNodes(const State& s, int d, int removal) {
  Tracer tracer(s, ChainLinks::kBivalue);
  const std::vector<Literal> chain = ShortestEliminationChain(tracer, s, d, removal);
  return chain.empty() ? 0 : static_cast<int>(chain.size()) + 2;
}

bool ShowImplication(const State& s, ChainLinks links, Literal from, Literal to, Step* step) {
  if (NodeOf(from) == NodeOf(to)) {
    ShowChain(std::span(&from, 1), step);
    return true;
  }
  Tracer tracer(s, links);
  const int goal = NodeOf(to);
  const int end =
      tracer.Search(from, CellSet{}, kNodes, [&](Literal l) { return NodeOf(l) == goal; });
  if (end < 0) return false;
  ShowChain(tracer.PathTo(end), step);
  return true;
}

void ShowForcingChain(const State& s, const ForcingChain& chain, Step* step) {
  const ChainLinks links = chain.mixed ? ChainLinks::kMixed : ChainLinks::kDigit;
  ShowImplication(s, links, {chain.cell, chain.digit, !chain.place},
                  {chain.cell, chain.digit, chain.place}, step);
}

void ShowPatternChain(const State& before, const State& after, Step* step) {
  ChainLinks links;
  if (step->technique == Technique::kSkyscraper || step->technique == Technique::kTwoStringKite) {
    links = ChainLinks::kDigit;
  } else if (step->technique == Technique::kWWing) {
    links = ChainLinks::kMixed;
  } else {
    return;
  }
  // The finder showed the pattern's own cells (docs/rating.md's table); the chains traced here
  // may pass through others, which the pattern does not name.
  const std::vector<uint8_t> cells = step->shown->cells;
  for (int d = 0; d < kDigits; ++d) {
    const CellSet removed = before.cand[d] & ~after.cand[d] & after.empty;
    if (removed.Any()) ShowEliminationChains(before, links, d, removed, step);
  }
  if (!cells.empty()) step->shown->cells = cells;
}

}  // namespace sudoku::core_internal
