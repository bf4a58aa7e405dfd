// One assumption of SE's dynamic forcing chains followed (propagation.h).
#include "core/rate/chains/propagation.h"

#include <algorithm>
#include <bit>

#include "core/rate/chains/nested_chains.h"

namespace sudoku::core_internal {

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
  for (int which = 0; which < 3; ++which) {
    const int h = houses.number[which];
    const unsigned left = cur_where_[h][d] &=
        static_cast<uint16_t>(~(1u << houses.position[which]));
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
  std::copy(&base_where_[0][0], &base_where_[0][0] + kHouses * kDigits, &cur_where_[0][0]);
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
  const PlusGrid grid{base_where_, cur_where_,          removed_digits_,    &base_masks_,
                      &cur_masks_, hidden_pair_houses_, naked_pair_houses_, fish_digits_};
  int n = FindPlusEliminations(grid, &plus_, elim, hint_of);
  if (n == 0 && level_ >= 4) {
    n = FindDynamicChainEliminations(grid, &plus_, elim, hint_of);
  } else if (n == 0 && level_ >= 2) {
    n = FindChainEliminations(grid, level_, &plus_, elim, hint_of);
  }
  // A hint's eliminations share its causes, all "off"s followed already: one above the deepest.
  uint8_t hint_depth[kCandidates];
  for (int k = first_hint; k < plus_.hint_count; ++k) {
    int deepest = 0;
    const PlusHints::Hint& hint = plus_.hint[k];
    for (uint32_t i = 0; i < hint.count; ++i) {
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

std::vector<int> Propagation::PathFrom(int node, Cause cause) const {
  std::vector<int> path = {node};
  // Causes come before what they cause; the bound only guards against a malformed cause.
  while (path.size() < kNodes) {
    int next = cause.node;
    if (cause.hidden == Cause::kPlus) {
      const PlusHints::Hint& hint = plus_.hint[cause.node];
      if (hint.count == 0) break;
      next = 2 * plus_.cause[hint.first] + 1;
    }
    if (next < 0) break;
    path.push_back(next);
    cause = causes_[next];
  }
  std::reverse(path.begin(), path.end());
  return path;
}

template <bool kWalked>
int Propagation::CountFrom(int node, const Cause& cause, NestedChains* nested,
                           Ancestry* ancestry) const {
  NestedChains own;
  if (nested == nullptr) nested = &own;
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
  // places) followed before the "off" that turned it. Inlined into both calls: the count's
  // inner loop, which GCC leaves out of line unasked (twice the instructions).
  auto push_causes = [&](int n, const Cause& c) __attribute__((always_inline)) {
    if constexpr (kWalked) {
      uint64_t mixed = (static_cast<uint64_t>(n) + 1) * 0x9e3779b97f4a7c15ull;
      mixed ^= mixed >> 31;
      ancestry->hash += mixed * 0xbf58476d1ce4e5b9ull;
      if ((n & 1) == 0) {
        ancestry->on_node[ancestry->ons] = static_cast<int16_t>(n);
        ancestry->on_hidden[ancestry->ons++] = c.node < 0 ? Cause::kNone : c.hidden;
      }
    }
    if (c.hidden == Cause::kPlus) {
      const PlusHints::Hint& hint = plus_.hint[c.node];
      if (hint.nested_nodes != 0) nested->Add(hint.nested_id, static_cast<int>(hint.nested_nodes));
      for (uint32_t i = 0; i < hint.count; ++i) push(2 * plus_.cause[hint.first + i] + 1);
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
  return nested == &own ? count + own.total : count;
}

template int Propagation::CountFrom<false>(int, const Cause&, NestedChains*, Ancestry*) const;
template int Propagation::CountFrom<true>(int, const Cause&, NestedChains*, Ancestry*) const;

}  // namespace sudoku::core_internal
