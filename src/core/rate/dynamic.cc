// SE's dynamic forcing chains of the logical solver (rate/logic.h), found and rated as Sudoku
// Explainer 1.2.1 does (docs/se-rules.md): tried where no multiple forcing chain applies.
//
// Every candidate of a cell with two or more is assumed on, then off, and followed with cell and
// house links as SE's dynamic chaining follows it: one candidate at a time, those turned on first,
// those turned off in the order found; a candidate turned off leaves the grid once followed, so
// that a cell or a house can come down to two candidates later and turn the last one on. Such a
// candidate has as causes the candidate just turned off and the candidates of that cell (house)
// that went before it, SE's "hidden parents"; its node count is every candidate it descends from
// through any cause. The first candidate found both on and off ends the assumption. Hints:
// - contradiction: an assumption that ends so is false (nodes: the two candidates' counts);
// - double: a candidate both states of an assumption turn on (off), in a cell of three or more
//   (the two branches' counts);
// - cell and region: a candidate every candidate of a cell, or every place of a digit in a
//   house, turns on (off) (the counts summed over the branches).
// SE sorts them by rating (8.5 + ChainLengthBonus(nodes - 2)), nodes, then kind (double, cell,
// region, contradiction) and takes the first.
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>

#include "core/rate/implications.h"
#include "core/rate/logic.h"
#include "core/rate/plus_rules.h"

namespace sudoku::core_internal {
namespace {

constexpr int kCandidates = kCells * kDigits;
constexpr int kNodes = 2 * kCandidates;  // 2i: candidate i = cell * 9 + digit on, 2i + 1: off
constexpr int kNodeWords = (kNodes + 63) / 64;

int NodeOf(int cell, int d, bool on) { return 2 * (cell * kDigits + d) + (on ? 0 : 1); }

// Why a node holds: the node that turned it (-1: the assumption) and, for a candidate turned on
// because its cell (`hidden` kCellRule) or a house (`hidden` that house) came down to two, SE's
// hidden causes: the candidates of that cell (places of that house) turned off before it, read
// when counted from when each "off" was followed.
// For a candidate turned off by an easier rule inside a chain (kPlus), `node` is instead the
// rule's hint (PlusHints), whose causes are the candidates it needed turned off.
struct Cause {
  static constexpr int8_t kPlus = -3, kNone = -2, kCellRule = -1;
  int16_t node = -1;
  int8_t hidden = kNone;
};

// The candidates that one assumption turns on and off (SE's toOn, toOff), with their causes.
class Propagation {
 public:
  // The grid the assumptions start from; level 1: with the easier rules inside (plus_rules.h).
  void Reset(const State& s, const CellMasks& masks, int level) {
    level_ = level;
    base_ = s.cand;
    base_masks_ = masks;
    std::fill(&base_where_[0][0], &base_where_[0][0] + kDigits * kHouses, uint16_t{0});
    for (int d = 0; d < kDigits; ++d) {
      s.cand[d].ForEach([&](int cell) {
        const CellHouses& houses = kCellHouses[cell];
        for (int which = 0; which < 3; ++which) {
          base_where_[d][houses.number[which]] |=
              static_cast<uint16_t>(1u << houses.position[which]);
        }
      });
    }
    if (level == 0) return;
    hidden_pair_houses_ = naked_pair_houses_ = 0;
    for (int h = 0; h < kHouses; ++h) {
      const int empty = (s.empty & House(h)).Count();
      if (empty > 4) hidden_pair_houses_ |= 1u << h;
      if (empty >= 4) naked_pair_houses_ |= 1u << h;
    }
    int placed[kDigits + 1] = {};
    for (int cell = 0; cell < kCells; ++cell) ++placed[s.grid[cell]];
    fish_digits_ = 0;
    for (int d = 0; d < kDigits; ++d) {
      if (placed[d + 1] <= 5) fish_digits_ |= static_cast<uint16_t>(1u << d);
    }
  }

  // Follows candidate (cell, d) assumed on (off); true iff it ends in a contradiction. depth[n]:
  // the length of the chain of first causes from the assumption to node n, for the nodes reached.
  bool Follow(int cell, int d, bool on, uint8_t* depth);

  Potentials on_set, off_set;
  uint16_t order[kNodes];  // when each node was reached (valid for nodes of the sets)
  // After a contradiction: the node reached earlier and the one found against it, not stored,
  // with its cause.
  int held = -1, fresh = -1;
  Cause fresh_cause;

  // SE's node count of `node` (the distinct nodes it descends from, itself included).
  int Count(int node) const { return CountFrom(node, causes_[node]); }
  int CountFresh() const { return CountFrom(fresh, fresh_cause); }

 private:
  static constexpr uint16_t kUnfollowed = UINT16_MAX;

  int CountFrom(int node, const Cause& cause) const;
  // Offers a node; true iff its negation holds (a contradiction). Add: one known to be new.
  template <bool on>
  bool Offer(int cell, int d, const Cause& cause);
  void Add(int cell, int d, bool on, const Cause& cause);
  bool FollowOn(int cell, int d);
  bool FollowOff(int cell, int d);
  // Where the propagation stalls: turns off what the easier rules remove; false if nothing.
  bool AddPlusEliminations();
  // The depth of a node caused by `cause` (-1: the assumption).
  uint8_t NextDepth(int cause) const {
    return static_cast<uint8_t>(cause < 0 ? 0 : std::min(depth_[cause] + 1, int{UINT8_MAX}));
  }

  std::array<CellSet, kDigits> base_;
  CellMasks base_masks_;
  std::array<CellSet, kDigits> cur_;  // the grid as the assumption leaves it so far
  CellMasks cur_masks_;
  // Per digit and house, its places in base_ (cur_), as positions in the house (bit i: its i-th
  // cell): a house down to one turns it on.
  uint16_t base_where_[kDigits][kHouses];
  uint16_t cur_where_[kDigits][kHouses];
  uint16_t removed_digits_[kHouses];  // bit d: digit d lost a place in the house
  Cause causes_[kNodes];
  // For "off" nodes: when each was followed (kUnfollowed: not yet), so that it left the grid.
  uint16_t followed_[kNodes];
  // Candidates to follow, as cell * 16 + digit (no division to read them).
  int16_t on_queue_[kCandidates], off_queue_[kCandidates];
  int on_count_ = 0, off_count_ = 0;
  int reached_ = 0;
  int followed_count_ = 0;
  uint8_t* depth_ = nullptr;
  int level_ = 0;
  uint32_t hidden_pair_houses_ = 0, naked_pair_houses_ = 0;
  uint16_t fish_digits_ = 0;
  PlusHints plus_;
};

// Inlined, each state apart: called for nearly every node.
template <bool on>
[[gnu::always_inline]] inline bool Propagation::Offer(int cell, int d, const Cause& cause) {
  if ((on ? off_set : on_set).of[d].Has(cell)) {
    fresh = NodeOf(cell, d, on);
    held = fresh ^ 1;
    fresh_cause = cause;
    return true;
  }
  if (!(on ? on_set : off_set).of[d].Has(cell)) Add(cell, d, on, cause);
  return false;
}

// Inlined: called for nearly every node, from three places.
[[gnu::always_inline]] inline void Propagation::Add(int cell, int d, bool on, const Cause& cause) {
  const int node = NodeOf(cell, d, on);
  (on ? on_set : off_set).of[d].Set(cell);
  causes_[node] = cause;
  order[node] = static_cast<uint16_t>(reached_++);
  depth_[node] = NextDepth(cause.node);
  const int16_t cand = static_cast<int16_t>(cell << 4 | d);
  if (on) {
    on_queue_[on_count_++] = cand;
  } else {
    followed_[node] = kUnfollowed;
    off_queue_[off_count_++] = cand;
  }
}

// Inlined into Follow, the one caller, as FollowOff.
[[gnu::always_inline]] inline bool Propagation::FollowOn(int cell, int d) {
  const Cause cause{static_cast<int16_t>(NodeOf(cell, d, true)), Cause::kNone};
  for (uint16_t m = cur_masks_[cell] & ~(1u << d); m; m &= m - 1) {
    if (Offer<false>(cell, std::countr_zero(m), cause)) return true;
  }
  // SE's order: the box, then the row and the column outside it, each in cell order. Whole sets
  // at a time: what is off already stays as it is, and a place on is the contradiction. The
  // nodes of a set share their cause and depth; the loop keeps its counters in locals, as the
  // depth stores (bytes) may alias any member.
  const uint8_t depth = NextDepth(cause.node);
  uint8_t* const depths = depth_;
  const CellHouses& houses = kCellHouses[cell];
  for (const CellSet& cells : houses.part) {
    const CellSet part = cur_[d] & cells;
    CellSet fresh = part & ~off_set.of[d];
    const CellSet clash = part & on_set.of[d];
    if (clash.Any()) fresh &= ~CellSet::From(clash.First());
    if (fresh.Any()) {
      off_set.of[d] |= fresh;
      int reached = reached_, count = off_count_;
      fresh.ForEach([&](int x) {
        const int node = NodeOf(x, d, false);
        causes_[node] = cause;
        order[node] = static_cast<uint16_t>(reached++);
        followed_[node] = kUnfollowed;
        off_queue_[count++] = static_cast<int16_t>(x << 4 | d);
        depths[node] = depth;
      });
      reached_ = reached;
      off_count_ = count;
    }
    if (clash.Any()) {
      held = NodeOf(clash.First(), d, true);
      this->fresh = held ^ 1;
      fresh_cause = cause;
      return true;
    }
  }
  return false;
}

[[gnu::always_inline]] inline bool Propagation::FollowOff(int cell, int d) {
  const int16_t node = static_cast<int16_t>(NodeOf(cell, d, false));
  // The candidate leaves the grid first: a cell (house) down to two before is down to one now.
  // Offering reads no part of the grid, so what turns on is offered as found. An "off" is followed
  // once, with its candidate still in the grid, so the house places stay those of cur_.
  const uint16_t mask = static_cast<uint16_t>(cur_masks_[cell] & ~(1u << d));
  cur_masks_[cell] = mask;
  cur_[d].Clear(cell);
  followed_[node] = static_cast<uint16_t>(followed_count_++);
  if (mask != 0 && (mask & (mask - 1)) == 0 &&
      Offer<true>(cell, std::countr_zero(static_cast<unsigned>(mask)), {node, Cause::kCellRule})) {
    return true;
  }
  const CellHouses& houses = kCellHouses[cell];
  uint16_t* const where = cur_where_[d];
  for (int which = 0; which < 3; ++which) {
    const int h = houses.number[which];
    const unsigned left = where[h] &= static_cast<uint16_t>(~(1u << houses.position[which]));
    removed_digits_[h] |= static_cast<uint16_t>(1u << d);  // read at level 1 only
    if (left != 0 && (left & (left - 1)) == 0 &&
        Offer<true>(kTables.house_cells[h][std::countr_zero(left)], d,
                    {node, houses.number[which]})) {
      return true;
    }
  }
  return false;
}

bool Propagation::Follow(int cell, int d, bool on, uint8_t* depth) {
  depth_ = depth;
  cur_ = base_;
  cur_masks_ = base_masks_;
  std::copy(&base_where_[0][0], &base_where_[0][0] + kDigits * kHouses, &cur_where_[0][0]);
  if (level_ != 0) std::fill(removed_digits_, removed_digits_ + kHouses, uint16_t{0});
  on_set = off_set = Potentials{};
  on_count_ = off_count_ = 0;
  reached_ = 0;
  followed_count_ = 0;
  held = fresh = -1;
  plus_.Clear();
  Add(cell, d, on, Cause{});  // the sets are empty
  int next_on = 0, next_off = 0;
  for (;;) {
    while (next_on < on_count_ || next_off < off_count_) {
      if (next_on < on_count_) {
        const int e = on_queue_[next_on++];
        if (FollowOn(e >> 4, e & 15)) return true;
      } else {
        const int e = off_queue_[next_off++];
        if (FollowOff(e >> 4, e & 15)) return true;
      }
    }
    if (level_ == 0 || !AddPlusEliminations()) return false;
  }
}

bool Propagation::AddPlusEliminations() {
  uint16_t elim[kCandidates], hint_of[kCandidates];
  const int first_hint = plus_.hint_count;
  const int n =
      FindPlusEliminations({base_where_, cur_where_, removed_digits_, &base_masks_, &cur_masks_,
                            hidden_pair_houses_, naked_pair_houses_, fish_digits_},
                           &plus_, elim, hint_of);
  // A hint's eliminations share its causes, all "off"s followed already: one above the deepest.
  uint8_t hint_depth[kCandidates];
  for (int k = first_hint; k < plus_.hint_count; ++k) {
    int deepest = 0;
    const PlusHints::Hint& hint = plus_.hint[k];
    for (int i = 0; i < hint.count; ++i) {
      deepest = std::max(deepest, int{depth_[2 * plus_.cause[hint.first + i] + 1]});
    }
    hint_depth[k - first_hint] = static_cast<uint8_t>(std::min(deepest + 1, int{UINT8_MAX}));
  }
  // SE adds each as a new "off" without looking for it among the "on"s.
  for (int i = 0; i < n; ++i) {
    const int cell = elim[i] / kDigits, d = elim[i] % kDigits;
    const int node = NodeOf(cell, d, false);
    off_set.of[d].Set(cell);
    causes_[node] = {static_cast<int16_t>(hint_of[i]), Cause::kPlus};
    order[node] = static_cast<uint16_t>(reached_++);
    depth_[node] = hint_depth[hint_of[i] - first_hint];
    followed_[node] = kUnfollowed;
    off_queue_[off_count_++] = static_cast<int16_t>(cell << 4 | d);
  }
  return n > 0;
}

int Propagation::CountFrom(int node, const Cause& cause) const {
  // Each node is marked when first pushed, so the stack holds each node at most once.
  uint64_t seen[kNodeWords] = {};
  int16_t stack[kNodes];
  int top = 0, count = 0;
  auto push = [&](int n) {
    if ((seen[n >> 6] >> (n & 63)) & 1) return;
    seen[n >> 6] |= uint64_t{1} << (n & 63);
    stack[top++] = static_cast<int16_t>(n);
    ++count;
  };
  // A node's causes; for an "on" with hidden causes, those of its cell's candidates (its house's
  // places) followed before the "off" that turned it.
  auto push_causes = [&](int n, const Cause& c) {
    if (c.hidden == Cause::kPlus) {
      const PlusHints::Hint& hint = plus_.hint[c.node];
      for (int i = 0; i < hint.count; ++i) push(2 * plus_.cause[hint.first + i] + 1);
      return;
    }
    if (c.node < 0) return;
    push(c.node);
    if (c.hidden == Cause::kNone) return;
    const int cand = n >> 1;
    const int cell = cand / kDigits, d = cand % kDigits;
    const uint16_t before = followed_[c.node];
    auto push_if_before = [&](int x, int v) {
      const int off = NodeOf(x, v, false);
      if (off_set.of[v].Has(x) && followed_[off] < before) push(off);
    };
    if (c.hidden == Cause::kCellRule) {
      for (uint16_t m = base_masks_[cell] & ~(1u << d); m; m &= m - 1) {
        push_if_before(cell, std::countr_zero(m));
      }
    } else {
      (base_[d] & House(c.hidden) & ~CellSet::Of(cell)).ForEach([&](int x) {
        push_if_before(x, d);
      });
    }
  };
  // The node itself may be one found against a stored one (a contradiction's), with its own cause.
  seen[node >> 6] |= uint64_t{1} << (node & 63);
  count = 1;
  push_causes(node, cause);
  while (top > 0) {
    const int n = stack[--top];
    push_causes(n, causes_[n]);
  }
  return count;
}

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
  int16_t sum[kNodes];  // nodes summed over branches
};

thread_local std::unique_ptr<DynamicScratch> t_dynamic;

// The search: every assumption followed once for its sets and depths, the contradictions counted
// as found; the other hints counted afterwards, from the one with the fewest nodes it may have,
// and only while that can still match the best (their branches followed again).
class DynamicSearch {
 public:
  // Level 0: SE's dynamic forcing chains; 1: with the easier rules inside, SE's "+".
  DynamicSearch(const State& s, const Work& w, int level)
      : s_(s), w_(w), base_(level == 0 ? kDynamicChainBase : kDynamicPlusChainBase) {
    if (t_dynamic == nullptr) t_dynamic = std::make_unique<DynamicScratch>();
    x_ = t_dynamic.get();
    x_->on.Reset(s, w.masks, level);
    x_->off.Reset(s, w.masks, level);
    x_->branch.Reset(s, w.masks, level);
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

 private:
  const Implied& ImpliedBy(int cell, int d) {
    const int cand = cell * kDigits + d;
    Implied& entry = x_->implied[cand];
    if (!x_->ready[d].Has(cell)) {
      Propagation& p = x_->branch;
      const bool clash = p.Follow(cell, d, true, entry.depth);
      entry.on = p.on_set;
      entry.off = p.off_set;
      entry.contradiction = clash ? p.Count(p.held) + p.CountFresh() : 0;
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
      Offer(off.Count(off.held) + off.CountFresh(), 7, OrderKey(cell, 0, d, 1, 0), cell, d, true);
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
    Offer(on.Count(p.node) + off.Count(p.node), 1, p.order | on.order[p.node], c, v,
          (p.node & 1) == 0);
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
            x_->sum[node] = static_cast<int16_t>((i == 0 ? 0 : x_->sum[node]) + branch.Count(node));
            if (i == 0) first_order_[node] = branch.order[node];
          });
        }
      }
    }
    for (int state = 0; state < 2; ++state) {
      for (int v = 0; v < kDigits; ++v) {
        common[state].of[v].ForEach([&](int c) {
          const int node = NodeOf(c, v, state == 0);
          Offer(x_->sum[node], chain.kind, chain.order[state] | first_order_[node], c, v,
                state == 0);
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
  if (best.rating == 0 || !ApplyCandidate(s, w, best.cell, best.digit, best.place)) return false;
  *step = {level == 0 ? Technique::kDynamicForcingChain : Technique::kDynamicForcingChainPlus,
           best.rating, 1};
  return true;
}

}  // namespace

bool FindDynamicForcingChain(State& s, const Work& w, Step* step) {
  return ApplyDynamicChain(s, w, 0, step);
}

bool FindDynamicForcingChainPlus(State& s, const Work& w, Step* step) {
  return ApplyDynamicChain(s, w, 1, step);
}

}  // namespace sudoku::core_internal
