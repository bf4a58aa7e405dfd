// SE's dynamic forcing chains of the logical solver (chains/chains.h), found and rated as Sudoku
// Explainer 1.2.1 does (docs/se-rules.md): tried where no multiple forcing chain applies.
//
// Every candidate of a cell with two or more is assumed on, then off, and followed with cell and
// house links as SE's dynamic chaining follows it (propagation.h): one candidate at a time, those
// turned on first, those turned off in the order found; a candidate turned off leaves the grid
// once followed, so that a cell or a house can come down to two candidates later and turn the last
// one on. Such a candidate has as causes the candidate just turned off and the candidates of that
// cell (house) that went before it, SE's "hidden parents"; its node count is every candidate it
// descends from through any cause. The first candidate found both on and off ends the assumption.
// At level 1 (SE's "+", base 9.0, tried where level 0 finds nothing) the easier rules of
// plus_rules.h continue where the implications stall. Hints:
// - contradiction: an assumption that ends so is false (nodes: the two candidates' counts);
// - double: a candidate both states of an assumption turn on (off), in a cell of three or more
//   (the two branches' counts);
// - cell and region: a candidate every candidate of a cell, or every place of a digit in a
//   house, turns on (off) (the counts summed over the branches).
// SE sorts them by rating (8.5 + ChainLengthBonus(nodes - 2)), nodes, then kind (double, cell,
// region, contradiction) and takes the first.
#include "core/rate/chains/chains.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/board/bits.h"
#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/implications.h"
#include "core/rate/chains/propagation.h"

namespace sudoku::core_internal {
namespace {

// The hint SE would take so far: rating, nodes, its kind's rank (double 1, cell 5, region 6,
// contradiction 7), then the order SE found it in; and what it concludes.
struct Hint {
  int rating = 0;  // 0: none
  int nodes = 0;
  int kind = 0;
  uint64_t order = 0;
  int cell = 0;
  int digit = 0;
  bool place = false;

  void Offer(int base, int n, int k, uint64_t o, int c, int d, bool p) {
    const int r = base + ChainLengthBonus(n - 2);
    const bool beats =
        rating == 0 || r < rating ||
        (r == rating && (n < nodes || (n == nodes && (k < kind || (k == kind && o < order)))));
    if (beats) *this = {r, n, k, o, c, d, p};
  }
};

// SE's order of hints: by cell, then per digit (contradictions, doubles, regions) before the
// cell's own hints, then by the order the chains reached their conclusion.
uint64_t OrderKey(int cell, int group, int digit, int sub, int reached) {
  return (uint64_t(cell) << 32) | (uint64_t(group) << 28) | (uint64_t(digit) << 24) |
         (uint64_t(sub) << 16) | uint64_t(reached);
}

// What a candidate assumed on implies (its branch of the cell and region chains): the sets, the
// first-cause depths, and its contradiction's nodes (0: none).
struct Implied {
  Potentials on, off;
  int contradiction;
  uint8_t depth[kNodes];
};

// A hint whose nodes are not counted yet: at least `least` (each branch's node count is at least
// its depth plus one). A double forcing chain (chain < 0: of candidate `source`) or the cell or
// region chain `chain`.
struct Pending {
  int least;
  int kind;
  uint64_t order;
  int chain;
  int source;
  int node;
};

// A cell or region chain with a conclusion: its branches, candidates assumed on.
struct Chain {
  int n;
  int8_t cells[kDigits];
  int8_t digits[kDigits];
  int kind;
  uint64_t order[2];  // by the state of the conclusion (on, off), but for the branch's order
  bool counted;
};

struct DynamicScratch {
  Propagation on, off, branch;
  Implied implied[kCandidates];
  std::array<CellSet, kDigits> ready;  // candidates whose `implied` this search filled
  uint8_t off_depth[kNodes];
  uint8_t spare_depth[kNodes];
  static constexpr int kMaxPending = 1 << 15;
  Pending pending[kMaxPending];
  Chain chains[kCells + kHouses * kDigits];
  int16_t sum[kNodes];          // nodes summed over branches
  NestedChains nested[kNodes];  // and the nested chains met in them
};

thread_local std::unique_ptr<DynamicScratch> t_dynamic;

// Shows a path of Propagation nodes as one chain.
void ShowPath(const std::vector<int>& path, Step* step) {
  std::vector<Literal> chain;
  for (const int n : path) chain.push_back({(n >> 1) / kDigits, (n >> 1) % kDigits, (n & 1) == 0});
  ShowChain(chain, step);
}

// The search: every assumption followed once for its sets and depths, the contradictions counted
// as found; the other hints counted afterwards, from the one with the fewest nodes it may have,
// and only while that can still match the best (their branches followed again).
class DynamicSearch {
 public:
  // Level 0: SE's dynamic forcing chains; 1: with the easier rules inside, SE's "+"; 2 and 3: and
  // the static chains inside too (3: the multiple ones as well), SE's nested forcing chains; 4:
  // the easier rules, then the dynamic chains inside.
  static constexpr int kBases[5] = {kDynamicChainBase, kDynamicPlusChainBase, kNestedChainBase,
                                    kNestedMultipleChainBase, kNestedDynamicChainBase};
  DynamicSearch(const State& s, const Work& w, int level) : s_(s), w_(w), base_(kBases[level]) {
    if (t_dynamic == nullptr) t_dynamic = std::make_unique<DynamicScratch>();
    x_ = t_dynamic.get();
    x_->on.Reset(s, w, level);
    x_->off.Reset(s, w, level);
    x_->branch.Reset(s, w, level);
    x_->ready = {};
  }

  Hint Run() {
    s_.empty.ForEach([&](int cell) {
      const int count = PopCount(w_.masks[cell]);
      if (count < 2) return;
      for (uint16_t m = w_.masks[cell]; m; m &= m - 1) Binary(cell, std::countr_zero(m), count);
      Multiple(cell, -1, -1);
    });
    CountPending();
    return best_;
  }

  // Shows the branches of `hint`, found by Run in `before`: each from its assumption to the
  // conclusion (a contradiction: to a candidate on, and to it off), through first causes
  // (Propagation::FirstCausePath). Follows them again, after which only Run may be called.
  void Show(const Hint& hint, const State& before, Step* step) {
    const int cell = static_cast<int>(hint.order >> 32);
    const int d = static_cast<int>(hint.order >> 24) & 15,
              sub = static_cast<int>(hint.order >> 16) & 255;
    const int end = NodeOf(hint.cell, hint.digit, hint.place);
    Propagation& p = x_->branch;
    auto follow = [&](int c, int v, bool on) {
      p.Follow(c, v, on, x_->spare_depth);
      if (hint.kind == 7) {
        ShowPath(p.FirstCausePath(p.held), step);
        ShowPath(p.FirstCausePathOfFresh(), step);
      } else {
        ShowPath(p.FirstCausePath(end), step);
      }
    };
    if (hint.kind == 7 || hint.kind == 1) {
      follow(cell, d, hint.kind == 7 ? sub == 0 : true);
      if (hint.kind == 1) follow(cell, d, false);
    } else if (hint.kind == 5) {
      for (uint16_t m = w_.masks[cell]; m; m &= m - 1) follow(cell, std::countr_zero(m), true);
    } else {
      const int h = HouseOf(cell, (sub - 4) / 2);
      (before.cand[d] & House(h)).ForEach([&](int x) { follow(x, d, true); });
    }
  }

 private:
  // A contradiction's nodes: both candidates' counts, the nested chains among them once.
  static int ContradictionCount(const Propagation& p) {
    NestedChains nested;
    return p.Count(p.held, &nested) + p.CountFresh(&nested) + nested.total;
  }

  const Implied& ImpliedBy(int cell, int d) {
    const int cand = cell * kDigits + d;
    Implied& entry = x_->implied[cand];
    if (!x_->ready[d].Has(cell)) {
      Propagation& p = x_->branch;
      const bool clash = p.Follow(cell, d, true, entry.depth);
      entry.on = p.on_set;
      entry.off = p.off_set;
      entry.contradiction = clash ? ContradictionCount(p) : 0;
      x_->ready[d].Set(cell);
    }
    return entry;
  }

  void Add(const Pending& p) { x_->pending[pending_count_++] = p; }

  // SE keeps a hint only if it removes something: to place a digit, the cell needs another.
  void Offer(int nodes, int kind, uint64_t order, int cell, int d, bool place) {
    if (place && PopCount(w_.masks[cell]) < 2) return;
    best_.Offer(base_, nodes, kind, order, cell, d, place);
  }

  // Counts the pending hints that may still match the best, fewest nodes first. Run at the end,
  // and earlier wherever the next Binary or Multiple might not find room for its hints.
  void CountPending() {
    Pending* pending = x_->pending;
    std::stable_sort(pending, pending + pending_count_,
                     [](const Pending& a, const Pending& b) { return a.least < b.least; });
    double_source_ = -1;
    for (int i = 0; i < pending_count_; ++i) {
      const Pending& p = pending[i];
      if (best_.rating != 0 && p.least > best_.nodes) break;
      if (p.chain < 0) {
        CountDouble(p);
      } else if (!x_->chains[p.chain].counted) {
        CountChain(p.chain);
      }
    }
    pending_count_ = 0;
  }
  void MakeRoom() {
    if (pending_count_ > DynamicScratch::kMaxPending - kNodes) CountPending();
  }

  // The contradictions and double forcing chains of candidate (cell, d), then the region chains
  // from it.
  void Binary(int cell, int d, int count) {
    MakeRoom();
    const int cand = cell * kDigits + d;
    const Implied& on = ImpliedBy(cell, d);
    if (on.contradiction != 0) {
      Offer(on.contradiction, 7, OrderKey(cell, 0, d, 0, 0), cell, d, false);
    }
    // In a bivalue cell, "d off" goes as "the other digit on" does, each candidate followed in the
    // same order (the first turns the second on, or off): the same candidates, and a contradiction
    // where that one meets one (its nodes differ: the one assumed is another). Only its
    // contradiction is read, so it is followed only where the other's meets one.
    const int other = std::countr_zero(static_cast<unsigned>(w_.masks[cell] & ~(1u << d)));
    const bool follow_off = count >= 3 || ImpliedBy(cell, other).contradiction != 0;
    Propagation& off = x_->off;
    if (follow_off && off.Follow(cell, d, false, x_->off_depth)) {
      Offer(ContradictionCount(off), 7, OrderKey(cell, 0, d, 1, 0), cell, d, true);
    }
    if (count >= 3) {
      for (int state = 0; state < 2; ++state) {
        Potentials both = state == 0 ? on.on : on.off;
        both.Keep(state == 0 ? off.on_set : off.off_set);
        for (int v = 0; v < kDigits; ++v) {
          both.of[v].ForEach([&](int c) {
            const int node = NodeOf(c, v, state == 0);
            // The order SE found it in is the "on" branch's, read when it is counted.
            Add({on.depth[node] + x_->off_depth[node] + 2, 1, OrderKey(cell, 0, d, 2 + state, 0),
                 -1, cand, node});
          });
        }
      }
    }
    RegionChains(cell, d);
  }

  // The region chains of digit d from the houses where `cell` is its first place.
  void RegionChains(int cell, int d) {
    for (int which = 0; which < 3; ++which) {
      const int h = HouseOf(cell, which);
      const CellSet places = s_.cand[d] & House(h);
      if (places.First() == cell && !places.IsSingle()) Multiple(cell, d, h, which);
    }
  }

  // The cell chain of `cell` (d < 0), or the region chain of digit d in house h (its `type`th).
  void Multiple(int cell, int d, int h, int type = 0) {
    MakeRoom();
    Chain& chain = x_->chains[chain_count_];
    chain.n = 0;
    chain.counted = false;
    chain.kind = d < 0 ? 5 : 6;
    for (int state = 0; state < 2; ++state) {
      chain.order[state] =
          d < 0 ? OrderKey(cell, 1, 0, state, 0) : OrderKey(cell, 0, d, 4 + 2 * type + state, 0);
    }
    if (d < 0) {
      for (uint16_t m = w_.masks[cell]; m; m &= m - 1) {
        chain.cells[chain.n] = static_cast<int8_t>(cell);
        chain.digits[chain.n++] = static_cast<int8_t>(std::countr_zero(m));
      }
    } else {
      (s_.cand[d] & House(h)).ForEach([&](int x) {
        chain.cells[chain.n] = static_cast<int8_t>(x);
        chain.digits[chain.n++] = static_cast<int8_t>(d);
      });
    }
    const Implied* branches[kDigits];
    for (int i = 0; i < chain.n; ++i) branches[i] = &ImpliedBy(chain.cells[i], chain.digits[i]);
    Potentials common[2];
    Intersect(chain, common);
    bool any = false;
    for (int state = 0; state < 2; ++state) {
      for (int v = 0; v < kDigits; ++v) {
        common[state].of[v].ForEach([&](int c) {
          const int node = NodeOf(c, v, state == 0);
          int least = 0;
          for (int i = 0; i < chain.n; ++i) least += branches[i]->depth[node] + 1;
          Add({least, chain.kind, chain.order[state], chain_count_, 0, node});
          any = true;
        });
      }
    }
    if (any) ++chain_count_;
  }

  // What every branch of `chain` implies, on (common[0]) and off. REQUIRES: their `implied` filled.
  void Intersect(const Chain& chain, Potentials common[2]) const {
    for (int i = 0; i < chain.n; ++i) {
      const Implied& branch = x_->implied[chain.cells[i] * kDigits + chain.digits[i]];
      if (i == 0) {
        common[0] = branch.on;
        common[1] = branch.off;
      } else {
        common[0].Keep(branch.on);
        common[1].Keep(branch.off);
      }
    }
  }

  // Counts a double forcing chain's conclusion: both states of the assumption followed again.
  void CountDouble(const Pending& p) {
    const int cell = p.source / kDigits, d = p.source % kDigits;
    Propagation& on = x_->on;
    Propagation& off = x_->off;
    if (double_source_ != p.source) {
      on.Follow(cell, d, true, x_->spare_depth);
      off.Follow(cell, d, false, x_->off_depth);
      double_source_ = p.source;
    }
    const int c = (p.node >> 1) / kDigits, v = (p.node >> 1) % kDigits;
    NestedChains nested;
    const int nodes = on.Count(p.node, &nested) + off.Count(p.node, &nested) + nested.total;
    Offer(nodes, 1, p.order | on.order[p.node], c, v, (p.node & 1) == 0);
  }

  // Counts every conclusion of chain k: each branch followed again.
  void CountChain(int k) {
    Chain& chain = x_->chains[k];
    chain.counted = true;
    Potentials common[2];
    Intersect(chain, common);
    Propagation& branch = x_->branch;
    for (int i = 0; i < chain.n; ++i) {
      branch.Follow(chain.cells[i], chain.digits[i], true, x_->spare_depth);
      for (int state = 0; state < 2; ++state) {
        for (int v = 0; v < kDigits; ++v) {
          common[state].of[v].ForEach([&](int c) {
            const int node = NodeOf(c, v, state == 0);
            NestedChains& nested = x_->nested[node];
            if (i == 0) {
              nested.seen.clear();
              nested.total = 0;
              first_order_[node] = branch.order[node];
            }
            x_->sum[node] =
                static_cast<int16_t>((i == 0 ? 0 : x_->sum[node]) + branch.Count(node, &nested));
          });
        }
      }
    }
    for (int state = 0; state < 2; ++state) {
      for (int v = 0; v < kDigits; ++v) {
        common[state].of[v].ForEach([&](int c) {
          const int node = NodeOf(c, v, state == 0);
          Offer(x_->sum[node] + x_->nested[node].total, chain.kind,
                chain.order[state] | first_order_[node], c, v, state == 0);
        });
      }
    }
  }

  const State& s_;
  const Work& w_;
  const int base_;
  DynamicScratch* x_;
  Hint best_;
  int pending_count_ = 0;
  int chain_count_ = 0;
  int double_source_ = -1;  // the assumption `on` and `off` were last followed from, for doubles
  uint16_t first_order_[kNodes];
};

}  // namespace

namespace {

bool ApplyDynamicChain(State& s, const Work& w, int level, Step* step) {
  DynamicSearch search(s, w, level);
  const Hint best = search.Run();
  if (best.rating == 0) return false;
  if (step->Showing()) {
    const State before = s;
    if (!ApplyCandidate(s, w, best.cell, best.digit, best.place)) return false;
    search.Show(best, before, step);
  } else if (!ApplyCandidate(s, w, best.cell, best.digit, best.place)) {
    return false;
  }
  constexpr Technique kTechniques[5] = {
      Technique::kDynamicForcingChain, Technique::kDynamicForcingChainPlus,
      Technique::kNestedForcingChain, Technique::kNestedForcingChain,
      Technique::kNestedForcingChain};
  step->Set(kTechniques[level], best.rating, 1, best.nodes);
  return true;
}

}  // namespace

bool FindDynamicForcingChain(State& s, const Work& w, Step* step) {
  return ApplyDynamicChain(s, w, 0, step);
}

bool FindDynamicForcingChainPlus(State& s, const Work& w, Step* step) {
  return ApplyDynamicChain(s, w, 1, step);
}

bool FindNestedForcingChain(State& s, const Work& w, int level, Step* step) {
  return ApplyDynamicChain(s, w, level, step);
}

}  // namespace sudoku::core_internal
