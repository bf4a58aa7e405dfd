// Nishio forcing chains of the logical solver (chains/chains.h), found and rated as Sudoku
// Explainer 1.2.1 does (docs/se-rules.md): tried where no forcing chain of rate/chains/forcing.cc
// applies. A candidate assumed on or off whose implications on its digit alone, with the grid
// updated, end in a contradiction is refuted.
#include "core/rate/chains/chains.h"

#include <array>
#include <cstdint>
#include <vector>

#include "core/board/bits.h"
#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/implications.h"

namespace sudoku::core_internal {
namespace {

// Nishio forcing chains on one digit (SE 7.5 and up): a candidate assumed on (or off) and the
// implications on its digit alone followed as SE's dynamic chaining does: one candidate at a time
// (those turned on first, those turned off in the order found), a candidate turned off leaving the
// grid once followed, so that a house can come down to two places later. A candidate turned on
// that way has as causes the candidate just turned off and the places of the house that went
// before it, so its nodes are all the candidates it descends from through any cause. A
// contradiction (a candidate both on and off) refutes the assumption; its nodes are the two
// candidates' counts added. Nodes: cell (on), kCells + cell (off); their ancestors as bit sets.
class Nishio {
 public:
  explicit Nishio(CellSet cand) : cand_(cand) {}

  // The nodes of the contradiction the assumption leads to, or 0.
  int Refute(int cell, bool assume_on);

 private:
  using Ancestors = std::array<uint64_t, 3>;
  static constexpr int kOff = kCells;

  static int Count(const Ancestors& a) { return PopCount(a[0]) + PopCount(a[1]) + PopCount(a[2]); }
  static void Join(Ancestors& a, const Ancestors& b) {
    for (int i = 0; i < 3; ++i) a[i] |= b[i];
  }
  static Ancestors Self(int node) {
    Ancestors a{};
    a[node / 64] = uint64_t{1} << (node % 64);
    return a;
  }
  // Follows the assumption; with kCount the contradiction's nodes, else 1 for one; 0 if none.
  // Few assumptions meet a contradiction, and whether one does does not depend on the
  // ancestors: they are kept only when following again one that does.
  template <bool kCount>
  int Follow(int cell, bool assume_on);
  // Processes the next candidate turned on (off); as Follow, for what it meets.
  template <bool kCount>
  int FollowOn(int cell);
  template <bool kCount>
  int FollowOff(int cell);

  const CellSet cand_;
  CellSet now_;  // the digit's places, less the candidates turned off and followed
  CellSet on_, off_;
  Ancestors ancestors_[2 * kCells];
  int8_t on_queue_[kCells], off_queue_[kCells];
  int on_count_ = 0, off_count_ = 0;
  // Per house, the candidates turned off and followed (those gone from now_): the union of their
  // ancestors, valid for the houses of gone_houses_.
  Ancestors gone_[kHouses];
  uint32_t gone_houses_ = 0;
};

template <bool kCount>
int Nishio::FollowOn(int cell) {
  // The box, then the row and the column outside it: the cells they share are off once the box
  // is followed, and none is on where the box meets no contradiction.
  for (const CellSet& part : kCellHouses[cell].part) {
    const CellSet others = now_ & part;
    // A place of the house already on is the contradiction, its new "off" this cell's child:
    // what this house turned off before it no longer matters.
    const CellSet clash = others & on_;
    if (clash.Any()) {
      return kCount ? Count(ancestors_[clash.First()]) + Count(ancestors_[cell]) + 1 : 1;
    }
    const CellSet fresh = others & ~off_;
    off_ |= fresh;
    fresh.ForEach([&](int x) {
      if constexpr (kCount) {
        ancestors_[kOff + x] = ancestors_[cell];
        Join(ancestors_[kOff + x], Self(kOff + x));
      }
      off_queue_[off_count_++] = static_cast<int8_t>(x);
    });
  }
  return 0;
}

template <bool kCount>
int Nishio::FollowOff(int cell) {
  const CellHouses& houses = kCellHouses[cell];
  for (int which = 0; which < 3; ++which) {
    const int h = houses.number[which];
    const CellSet places = now_ & houses.house[which];
    if (!ExactlyTwo(places)) continue;
    const int x = (places & ~CellSet::Of(cell)).First();
    Ancestors ancestors{};
    if constexpr (kCount) {
      ancestors = ancestors_[kOff + cell];
      Join(ancestors, Self(x));
      if ((gone_houses_ >> h) & 1) Join(ancestors, gone_[h]);
    }
    if (off_.Has(x)) return kCount ? Count(ancestors) + Count(ancestors_[kOff + x]) : 1;
    if (on_.Has(x)) continue;
    on_.Set(x);
    if constexpr (kCount) ancestors_[x] = ancestors;
    on_queue_[on_count_++] = static_cast<int8_t>(x);
  }
  now_.Clear(cell);
  if constexpr (!kCount) return 0;
  for (const int h : houses.number) {
    if ((gone_houses_ >> h) & 1) {
      Join(gone_[h], ancestors_[kOff + cell]);
    } else {
      gone_[h] = ancestors_[kOff + cell];
      gone_houses_ |= uint32_t{1} << h;
    }
  }
  return 0;
}

int Nishio::Refute(int cell, bool assume_on) {
  return Follow<false>(cell, assume_on) != 0 ? Follow<true>(cell, assume_on) : 0;
}

template <bool kCount>
int Nishio::Follow(int cell, bool assume_on) {
  now_ = cand_;
  on_ = off_ = CellSet{};
  on_count_ = off_count_ = 0;
  gone_houses_ = 0;
  if (assume_on) {
    on_.Set(cell);
    if constexpr (kCount) ancestors_[cell] = Self(cell);
    on_queue_[on_count_++] = static_cast<int8_t>(cell);
  } else {
    off_.Set(cell);
    if constexpr (kCount) ancestors_[kOff + cell] = Self(kOff + cell);
    off_queue_[off_count_++] = static_cast<int8_t>(cell);
  }
  int next_on = 0, next_off = 0;
  while (next_on < on_count_ || next_off < off_count_) {
    const int nodes = next_on < on_count_ ? FollowOn<kCount>(on_queue_[next_on++])
                                          : FollowOff<kCount>(off_queue_[next_off++]);
    if (nodes != 0) return nodes;
  }
  return 0;
}

// The cheapest Nishio chain on digit d, first in SE's order (cells, "on" before "off").
NishioResult DigitNishio(const State& s, int d) {
  Nishio nishio(s.cand[d]);
  NishioResult best;
  s.cand[d].ForEach([&](int cell) {
    for (const bool assume_on : {true, false}) {
      const int nodes = nishio.Refute(cell, assume_on);
      if (nodes == 0) continue;
      const int rating = kNishioBase + ChainLengthBonus(nodes - 2);
      if (best.rating == 0 || rating < best.rating ||
          (rating == best.rating && nodes < best.nodes)) {
        best = {rating, nodes, cell, !assume_on};
      }
    }
  });
  return best;
}

// Shows the contradiction that refutes the assumption (cell, assume_on) on digit d, whose places
// are `cand`, as two chains from the assumption: to a candidate on, and to the same off. It
// follows the implications as Nishio::Follow does, each candidate with its first cause only (a
// candidate turned on also descends from the places its house lost before: not shown).
void ShowNishio(CellSet cand, int d, int cell, bool assume_on, Step* step) {
  constexpr int kOff = kCells;  // nodes: cell (on), kOff + cell (off)
  int16_t parent[2 * kCells];
  int8_t on_queue[kCells], off_queue[kCells];
  int on_count = 0, off_count = 0;
  CellSet now = cand, on, off;
  const int start = assume_on ? cell : kOff + cell;
  parent[start] = static_cast<int16_t>(start);
  (assume_on ? on : off).Set(cell);
  (assume_on ? on_queue[on_count++] : off_queue[off_count++]) = static_cast<int8_t>(cell);
  // The chain to node n, then `last` (a node) if not -1.
  auto show = [&](int n, int last) {
    std::vector<Literal> chain;
    if (last >= 0) chain.push_back({last % kOff, d, last < kOff});
    for (;; n = parent[n]) {
      chain.push_back({n % kOff, d, n < kOff});
      if (parent[n] == n) break;
    }
    ShowChain(std::vector<Literal>(chain.rbegin(), chain.rend()), step);
  };
  int next_on = 0, next_off = 0;
  while (next_on < on_count || next_off < off_count) {
    if (next_on < on_count) {
      const int x = on_queue[next_on++];
      for (const CellSet& part : kCellHouses[x].part) {
        const CellSet others = now & part;
        if ((others & on).Any()) {
          const int y = (others & on).First();
          show(y, -1);
          show(x, kOff + y);
          return;
        }
        const CellSet fresh = others & ~off;
        off |= fresh;
        fresh.ForEach([&](int y) {
          parent[kOff + y] = static_cast<int16_t>(x);
          off_queue[off_count++] = static_cast<int8_t>(y);
        });
      }
      continue;
    }
    const int x = off_queue[next_off++];
    for (const CellSet& house : kCellHouses[x].house) {
      const CellSet places = now & house;
      if (!ExactlyTwo(places)) continue;
      const int y = (places & ~CellSet::Of(x)).First();
      if (off.Has(y)) {
        show(kOff + y, -1);
        show(kOff + x, y);
        return;
      }
      if (on.Has(y)) continue;
      on.Set(y);
      parent[y] = static_cast<int16_t>(kOff + x);
      on_queue[on_count++] = static_cast<int8_t>(y);
    }
    now.Clear(x);
  }
}

}  // namespace

bool FindNishioChain(State& s, const Work& w, Step* step, NishioMemory* memory) {
  // SE's order: cells, their digits, "on" before "off"; the cheapest, then the shortest. A digit's
  // chains read its candidates only, so a digit whose candidates did not change keeps its result.
  NishioResult best;
  int best_digit = 0;
  for (int d = 0; d < kDigits; ++d) {
    NishioResult result;
    if (memory != nullptr && memory[d].valid && memory[d].cand == s.cand[d]) {
      result = memory[d].best;
    } else {
      result = DigitNishio(s, d);
      if (memory != nullptr) memory[d] = {true, s.cand[d], result};
    }
    if (result.rating == 0) continue;
    const bool beats =
        best.rating == 0 || result.rating < best.rating ||
        (result.rating == best.rating &&
         (result.nodes < best.nodes ||
          (result.nodes == best.nodes &&
           (result.cell < best.cell || (result.cell == best.cell && result.place < best.place)))));
    if (beats) {
      best = result;
      best_digit = d;
    }
  }
  const ForcingChain chain = {best.rating, best.nodes, false, best.cell, best_digit, best.place};
  const CellSet cand = s.cand[best_digit];
  if (best.rating == 0 || !ApplyForcingChain(s, w, chain)) return false;
  if (step->Showing()) ShowNishio(cand, best_digit, best.cell, !best.place, step);
  step->Set(Technique::kNishioChain, best.rating, 1);
  return true;
}

}  // namespace sudoku::core_internal
