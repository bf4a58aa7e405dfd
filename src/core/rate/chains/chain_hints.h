// The hints of a chain rule run inside SE's nested forcing chains (nested_chains.h), gathered and
// given out as SE 1.2.1 gives them to the chain around them (Chaining.getHints, then
// getAdvancedPotentials): sorted by rating, nodes, then kind; of two that remove the same
// candidates only the first; each with its rule parents (the candidates the assumption around it
// removed from a cell or a house its links read). Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_CHAINS_CHAIN_HINTS_H_
#define SUDOKU_CORE_RATE_CHAINS_CHAIN_HINTS_H_

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "core/board/bits.h"
#include "core/rate/chains/chain_rating.h"
#include "core/rate/chains/implications.h"
#include "core/rate/chains/plus_rules.h"
#include "core/rate/state.h"

namespace sudoku::core_internal {

// Why a node of a chain holds, where SE's rule parents are read: a house of the node's cell (its
// number among the cell's houses: box, row, column) or its cell.
inline constexpr int kByCell = 3;

struct ChainHint {
  int rating;
  int nodes;
  int kind;                               // SE's sort key (its getSortKey)
  uint32_t removed_first, removed_count;  // into ChainHintList::removed, in cell order
  uint32_t cause_first, cause_count;      // into ChainHintList::causes
  uint64_t id;                            // its nodes, hashed (SE's FullChain)
};

// Hints with their eliminations and causes (candidates, cell * 9 + digit).
struct ChainHintList {
  std::vector<ChainHint> hints;
  std::vector<uint16_t> removed, causes;

  // Gives out the hints in their order.
  void Give(PlusCollector& out) const {
    for (const ChainHint& h : hints) {
      out.Begin();
      out.Nested(h.nodes, h.id);
      for (uint32_t k = 0; k < h.cause_count; ++k) {
        const int cand = causes[h.cause_first + k];
        out.Cause(cand / kDigits, cand % kDigits);
      }
      for (uint32_t k = 0; k < h.removed_count; ++k) {
        const int cand = removed[h.removed_first + k];
        out.Eliminate(cand / kDigits, cand % kDigits);
      }
      out.End();
    }
  }
};

// The hints one search finds, as it finds them, then in SE's order (Sorted).
class ChainHints {
 public:
  // Starts over on the grid g (the assumption around the rule left it so).
  void Clear(const PlusGrid& g) {
    g_ = &g;
    list_.hints.clear();
    list_.removed.clear();
    list_.causes.clear();
  }

  // Appends to removed() what a conclusion removes (a candidate off: itself; on: the other
  // candidates of its cell); returns where they start.
  uint32_t AddRemovals(int cand, bool on) {
    std::vector<uint16_t>& removed = list_.removed;
    const uint32_t first = static_cast<uint32_t>(removed.size());
    const int cell = cand / kDigits;
    if (!on) {
      removed.push_back(static_cast<uint16_t>(cand));
    } else {
      for (uint16_t m = (*g_->now_masks)[cell] & ~(1u << (cand % kDigits)); m; m &= m - 1) {
        removed.push_back(static_cast<uint16_t>(cell * kDigits + std::countr_zero(m)));
      }
    }
    return first;
  }

  void AddRemoval(int cand) { list_.removed.push_back(static_cast<uint16_t>(cand)); }

  // Starts a hint whose eliminations are removed()[first...] (the causes and id follow).
  ChainHint Begin(int base, int nodes, int kind, uint32_t first) {
    ChainHint h;
    h.rating = base + ChainLengthBonus(nodes - 2);
    h.nodes = nodes;
    h.kind = kind;
    h.removed_first = first;
    h.removed_count = static_cast<uint32_t>(list_.removed.size()) - first;
    h.cause_first = static_cast<uint32_t>(list_.causes.size());
    h.id = static_cast<uint64_t>(kind);
    ++cause_stamp_;
    return h;
  }
  void End(ChainHint& h) {
    h.cause_count = static_cast<uint32_t>(list_.causes.size()) - h.cause_first;
    list_.hints.push_back(h);
  }

  // SE's rule parents of a node (cell, d) turned on by `cause`: the candidates the assumption
  // removed from its cell (kByCell) or the places of d it removed from that house of the cell.
  void AddCauses(int cell, int d, int cause) {
    auto add = [&](int cand) {
      if (cause_mark_[cand] == cause_stamp_) return;
      cause_mark_[cand] = cause_stamp_;
      list_.causes.push_back(static_cast<uint16_t>(cand));
    };
    if (cause == kByCell) {
      for (uint16_t m = (*g_->base_masks)[cell] & ~(*g_->now_masks)[cell]; m; m &= m - 1) {
        add(cell * kDigits + std::countr_zero(m));
      }
    } else {
      const int h = kCellHouses[cell].number[cause];
      for (unsigned m = g_->base_where[h][d] & ~g_->now_where[h][d]; m; m &= m - 1) {
        add(kTables.house_cells[h][std::countr_zero(m)] * kDigits + d);
      }
    }
  }

  // The hints in SE's order, without repeats (SE keeps them in a set: one per removal).
  const ChainHintList& Sorted() {
    std::vector<ChainHint>& hints = list_.hints;
    std::stable_sort(hints.begin(), hints.end(), [](const ChainHint& a, const ChainHint& b) {
      if (a.rating != b.rating) return a.rating < b.rating;
      if (a.nodes != b.nodes) return a.nodes < b.nodes;
      return a.kind < b.kind;
    });
    MarkRepeats();
    size_t kept = 0;
    for (size_t i = 0; i < hints.size(); ++i) {
      if (!repeat_[i]) hints[kept++] = hints[i];
    }
    hints.resize(kept);
    return list_;
  }
  void Emit(PlusCollector& out) { Sorted().Give(out); }

  // The eliminations of the hints (AddRemovals), read by the finders before they add one.
  const std::vector<uint16_t>& removed() const { return list_.removed; }

 private:
  bool SameRemoval(const ChainHint& a, const ChainHint& b) const {
    return a.removed_count == b.removed_count &&
           std::equal(&list_.removed[a.removed_first],
                      &list_.removed[a.removed_first] + a.removed_count,
                      &list_.removed[b.removed_first]);
  }

  // repeat_[i]: a hint before hint i removes the same candidates. The hints compared are those
  // of the same hash of their removals (there can be thousands of hints).
  void MarkRepeats() {
    const std::vector<ChainHint>& hints = list_.hints;
    const size_t n = hints.size();
    repeat_.assign(n, false);
    by_hash_.resize(n);
    for (size_t i = 0; i < n; ++i) {
      uint64_t hash = 0;
      const ChainHint& h = hints[i];
      for (uint32_t k = 0; k < h.removed_count; ++k) {
        hash = (hash ^ list_.removed[h.removed_first + k]) * 0x100000001b3ull;
      }
      by_hash_[i] = {hash, static_cast<uint32_t>(i)};
    }
    std::sort(by_hash_.begin(), by_hash_.end());
    for (size_t start = 0, end; start < n; start = end) {
      for (end = start + 1; end < n && by_hash_[end].first == by_hash_[start].first; ++end) {
        const ChainHint& h = hints[by_hash_[end].second];
        for (size_t j = start; j < end && !repeat_[by_hash_[end].second]; ++j) {
          repeat_[by_hash_[end].second] = SameRemoval(hints[by_hash_[j].second], h);
        }
      }
    }
  }

  const PlusGrid* g_ = nullptr;
  ChainHintList list_;
  std::vector<std::pair<uint64_t, uint32_t>> by_hash_;  // hash of its removals, index
  std::vector<bool> repeat_;
  uint32_t cause_stamp_ = 0;
  uint32_t cause_mark_[kCells * kDigits] = {};
};

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_CHAIN_HINTS_H_
