// The easier rules inside SE's dynamic forcing chains (+) (rate/chains/dynamic.cc,
// docs/se-rules.md).
//
// Where the propagation of an assumption stalls, SE 1.2.1 (Chaining.getAdvancedPotentials, level
// 1) tries pointing and claiming, hidden pairs, naked pairs and X-wings, in that order, on the grid
// as the assumption has left it, and turns off every candidate the first of those rules removes
// with a hint that needs the assumption: one whose pattern exists only because the chain removed
// some candidates (SE's rule parents; a hint without any holds in the grid itself and is left
// out). Those removed candidates are the causes of each elimination of the hint, and count among
// the chain's nodes. Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_CHAINS_PLUS_RULES_H_
#define SUDOKU_CORE_RATE_CHAINS_PLUS_RULES_H_

#include <array>
#include <cstdint>
#include <vector>

#include "core/rate/state.h"

namespace sudoku::core_internal {

// The hints taken so far during one assumption, each with its causes.
struct PlusHints {
  struct Hint {
    uint32_t first;  // into cause
    uint32_t count;
    // A chain's (nested_chains.h): its node count, which SE adds to the count of a chain that
    // uses it, once per chain of the same nodes (`nested_id`); 0 for the four rules' hints.
    uint32_t nested_nodes;
    uint64_t nested_id;
  };
  int hint_count = 0;
  uint32_t cause_count = 0;
  Hint hint[kCells * kDigits];  // only hints with a new elimination are kept: at most one each
  // Candidates (cell * 9 + digit) turned off. A hint of the four rules needs at most 14, a chain
  // inside the nested chains (nested_chains.h) one per removed candidate its links read: grown as
  // needed, kept between assumptions.
  std::vector<uint16_t> cause = std::vector<uint16_t>(kCells * kDigits * 16);

  void Clear() { hint_count = 0, cause_count = 0; }
};

// The grid an assumption started from and the grid it has left so far (only candidates gone):
// per house and digit the places (bit i: the house's i-th cell, as in Work::where), and per cell
// the candidates.
struct PlusGrid {
  const uint16_t (*base_where)[kDigits];
  const uint16_t (*now_where)[kDigits];
  const uint16_t* removed_digits;  // per house, bit d: digit d lost a place there
  const CellMasks* base_masks;
  const CellMasks* now_masks;
  // Bit h: house h has more than four empty cells (SE looks for hidden pairs there), four or
  // more (naked pairs). The assumption places no digit.
  uint32_t hidden_pair_houses;
  uint32_t naked_pair_houses;
  uint16_t fish_digits;  // bit d: digit d is placed at most five times (SE looks for X-wings)
};

// Gathers the hints of one rule: keeps a hint only if it has causes, and each elimination once,
// in the order given. Per hint: Begin, its causes and eliminations, End.
class PlusCollector {
 public:
  PlusCollector(PlusHints* hints, uint16_t* elim, uint16_t* hint_of)
      : hints_(hints), elim_(elim), hint_of_(hint_of) {}

  void Begin() {
    first_cause_ = hints_->cause_count;
    pending_ = 0;
    nested_nodes_ = 0;
    nested_id_ = 0;
  }
  // The hint is a chain of `nodes` nodes, identified by `id` (nested_chains.h).
  void Nested(int nodes, uint64_t id) {
    nested_nodes_ = static_cast<uint32_t>(nodes);
    nested_id_ = id;
  }
  void Cause(int cell, int d) {
    if (hints_->cause_count == hints_->cause.size()) hints_->cause.resize(2 * hints_->cause.size());
    hints_->cause[hints_->cause_count++] = static_cast<uint16_t>(cell * kDigits + d);
  }
  void Eliminate(int cell, int d) {
    pending_elim_[pending_++] = static_cast<uint16_t>(cell * kDigits + d);
  }
  void End();
  int count() const { return count_; }

 private:
  PlusHints* hints_;
  uint16_t* elim_;
  uint16_t* hint_of_;
  int count_ = 0;
  uint32_t first_cause_ = 0;
  uint32_t nested_nodes_ = 0;
  uint64_t nested_id_ = 0;
  int pending_ = 0;
  uint16_t pending_elim_[kCells * kDigits];
  uint16_t taken_[kCells] = {};
};

// Runs the rules in SE's order on g and appends to *hints the hints of the first rule that has
// any needing the assumption. Writes their eliminations to elim (candidates, cell * 9 + digit,
// in SE's order, each once) and, in hint_of, the index in *hints of the hint that made each;
// returns how many. REQUIRES: elim and hint_of hold kCells * kDigits entries; *hints has room for
// the new hints (at most one per elimination).
int FindPlusEliminations(const PlusGrid& g, PlusHints* hints, uint16_t* elim, uint16_t* hint_of);

// As above, for one rule alone (0-3: pointing and claiming, hidden pairs, naked pairs, X-wings):
// what it gives where the rules before it give nothing.
int FindPlusEliminationsOf(int rule, const PlusGrid& g, PlusHints* hints, uint16_t* elim,
                           uint16_t* hint_of);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_PLUS_RULES_H_
