// One assumption of SE's dynamic forcing chains followed as SE's dynamic chaining follows it
// (rate/chains/dynamic.cc searches over them; docs/se-rules.md): one candidate at a time, those
// turned on first, those turned off in the order found; a candidate turned off leaves the grid once
// followed, so that a cell or a house can come down to one candidate later and turn it on, with the
// candidates that went before as its hidden causes; at level 1 (SE's "+"), where the implications
// stall, the easier rules of plus_rules.h remove more. Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_CHAINS_PROPAGATION_H_
#define SUDOKU_CORE_RATE_CHAINS_PROPAGATION_H_

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/rate/chains/implications.h"
#include "core/rate/chains/plus_rules.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

constexpr int kCandidates = kCells * kDigits;
constexpr int kNodes = 2 * kCandidates;  // 2i: candidate i = cell * 9 + digit on, 2i + 1: off
constexpr int kNodeWords = (kNodes + 63) / 64;

inline int NodeOf(int cell, int d, bool on) { return 2 * (cell * kDigits + d) + (on ? 0 : 1); }

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

// The chains of nested_chains.h a count met, each once: SE adds each one's nodes to the count of
// the chain that used it, once per chain of the same nodes however many targets of the hint (the
// branches of a cell or region chain, both states of a double chain) it serves.
struct NestedChains {
  std::vector<std::pair<uint64_t, int>> seen;  // id, nodes
  int total = 0;

  void Add(uint64_t id, int nodes) {
    for (const auto& chain : seen) {
      if (chain.first == id) return;
    }
    seen.push_back({id, nodes});
    total += nodes;
  }
};

// What a count walked through, for a chain inside the nested chains (nested_chains.h): the "on"
// nodes among the ancestors, each with why it holds (Cause::hidden; kNone: the assumption), from
// which SE takes its rule parents; and the nodes walked, hashed without regard to order.
struct Ancestry {
  int ons = 0;
  int16_t on_node[kNodes];
  int8_t on_hidden[kNodes];
  uint64_t hash = 0;
};

// The candidates that one assumption turns on and off (SE's toOn, toOff), with their causes.
class Propagation {
 public:
  // The grid the assumptions start from (w describes s); level 1: with the easier rules inside
  // (plus_rules.h).
  void Reset(const State& s, const Work& w, int level) {
    Reset(s.cand, w.masks, w.where);
    level_ = level;
    if (level == 0) return;
    hidden_pair_houses_ = HousesWithAtLeast(w.empty_per_house, 5);
    naked_pair_houses_ = HousesWithAtLeast(w.empty_per_house, 4);
    int placed[kDigits + 1] = {};
    for (int cell = 0; cell < kCells; ++cell) ++placed[s.grid[cell]];
    fish_digits_ = 0;
    for (int d = 0; d < kDigits; ++d) {
      if (placed[d + 1] <= 5) fish_digits_ |= static_cast<uint16_t>(1u << d);
    }
  }

  // Level 0 from a grid given by its candidates, their masks and places (Work::where); a cell
  // may be left with one candidate, not placed (as an assumption of the nested chains leaves it).
  void Reset(const std::array<CellSet, kDigits>& cand, const CellMasks& masks,
             const uint16_t (*where)[kDigits]) {
    level_ = 0;
    base_ = cand;
    base_masks_ = masks;
    std::copy(&where[0][0], &where[0][0] + kHouses * kDigits, &base_where_[0][0]);
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

  // SE's node count of `node` (the distinct nodes it descends from, itself included, and the
  // nodes of the nested chains among them). With `nested`, the nested chains' nodes go there
  // instead, for a hint of several targets to add once.
  int Count(int node, NestedChains* nested = nullptr) const {
    return CountFrom(node, causes_[node], nested);
  }
  int CountFresh(NestedChains* nested = nullptr) const {
    return CountFrom(fresh, fresh_cause, nested);
  }
  // As Count, and adds to *ancestry what it walked through (level 0 only).
  int Count(int node, Ancestry* ancestry) const {
    return CountFrom<true>(node, causes_[node], nullptr, ancestry);
  }
  int CountFresh(Ancestry* ancestry) const {
    return CountFrom<true>(fresh, fresh_cause, nullptr, ancestry);
  }

  // The nodes from the assumption to `node` (reached by the last Follow) through first causes,
  // in chain order: the path a chain shows (a node's hidden causes are left out, and a candidate
  // an easier rule or an inner chain turned off follows the first of that rule's causes). For
  // the path, not the count; allocates.
  std::vector<int> FirstCausePath(int node) const { return PathFrom(node, causes_[node]); }
  std::vector<int> FirstCausePathOfFresh() const { return PathFrom(fresh, fresh_cause); }

 private:
  static constexpr uint16_t kUnfollowed = UINT16_MAX;

  std::vector<int> PathFrom(int node, Cause cause) const;
  template <bool kWalked = false>
  int CountFrom(int node, const Cause& cause, NestedChains* nested,
                Ancestry* ancestry = nullptr) const;
  // Offers a node; true iff its negation holds (a contradiction). Add: one known to be new, at
  // `depth` (NextDepth of its cause's node, but for the rules' eliminations).
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
  // Per house and digit, its places in base_ (cur_), as Work::where has them (bit i: the house's
  // i-th cell): a house down to one turns it on.
  uint16_t base_where_[kHouses][kDigits];
  uint16_t cur_where_[kHouses][kDigits];
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

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_PROPAGATION_H_
