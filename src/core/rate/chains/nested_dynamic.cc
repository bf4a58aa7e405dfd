// SE's dynamic forcing chains inside its nested forcing chains of level 4 (nested_chains.h),
// every hint of them, as SE 1.2.1's Chaining(true, true, false, 0) lists them on the grid an
// assumption has left (Chaining.getMultipleChainsHintList): from every cell of two candidates or
// more, in cell order, each candidate assumed on, then off (propagation.h, level 0), giving
// - a contradiction where either ends in one (kind 7);
// - in a cell of three or more, each candidate both states turn on, then each they turn off
//   (double chains, kind 1), in the order the "on" state reached them;
// - the region chains of that digit from each house (box, row, column) whose first place is the
//   cell (kind 6), each branch one place assumed on;
// and after the cell's digits, its cell chain (kind 5). A hint's nodes are its chains' nodes,
// every cause counted; its rule parents, what the assumption around it removed from the cell or
// the house of each of its "on"s (of a cell or region chain's assumption too).
#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/board/bits.h"
#include "core/rate/chains/chain_hints.h"
#include "core/rate/chains/nested_chains.h"
#include "core/rate/chains/propagation.h"

namespace sudoku::core_internal {
namespace {

// A hint's targets: the nodes its chains end at, each in the propagation that reached it.
struct Target {
  const Propagation* from;
  int node;  // -1: the contradiction's node found against the one held (fresh)
};

// A double chain's or a contradiction's assumption is no rule parent's source (AddHint).
constexpr int kNoAssumption = -1;

// What a candidate assumed on turns on and off.
struct Implied {
  Potentials on, off;
};

// The hints found on a grid (those with causes: the others are never taken), kept for when the
// same grid comes again: the search around them follows each assumption more than once (to count
// its nodes), and different assumptions can leave the same grid.
struct Found {
  CellMasks base, now;
  ChainHintList list;
};
constexpr size_t kMaxFound = 1024;

struct DynamicScratch {
  Propagation on[kDigits];     // the cell's candidates assumed on: its cell chain's branches
  Propagation off;             // one candidate assumed off
  Propagation place[kDigits];  // the other branches of a region chain
  // Per candidate, what it implies, for the region chains: most have no conclusion, and their
  // branches are followed again only where one has.
  Implied implied[kCandidates];
  uint32_t implied_at[kCandidates] = {};  // the search (stamp) that filled implied[]
  uint32_t stamp = 0;
  uint8_t depth[kNodes];  // not read
  Ancestry ancestry;
  ChainHints hints;
  int16_t common[kNodes];
  std::vector<std::array<int, 3>> causes;     // cell, digit, why (ChainHints::AddCauses)
  std::unordered_map<uint64_t, Found> found;  // by Key()
};

class DynamicChains {
 public:
  explicit DynamicChains(DynamicScratch* x) : x_(x) {}

  void Collect(const PlusGrid& g, PlusCollector& out) {
    const uint64_t key = Key(g);
    const auto known = x_->found.find(key);
    if (known != x_->found.end() && known->second.base == *g.base_masks &&
        known->second.now == *g.now_masks) {
      known->second.list.Give(out);
      return;
    }
    g_ = &g;
    for (int d = 0; d < kDigits; ++d) cand_[d] = CellSet{};
    for (int cell = 0; cell < kCells; ++cell) {
      for (uint16_t m = (*g.now_masks)[cell]; m; m &= m - 1) cand_[std::countr_zero(m)].Set(cell);
    }
    for (Propagation& p : x_->on) p.Reset(cand_, *g.now_masks, g.now_where);
    for (Propagation& p : x_->place) p.Reset(cand_, *g.now_masks, g.now_where);
    x_->off.Reset(cand_, *g.now_masks, g.now_where);
    x_->hints.Clear(g);
    ++x_->stamp;
    for (int cell = 0; cell < kCells; ++cell) {
      if (PopCount((*g.now_masks)[cell]) >= 2) FromCell(cell);
    }
    const ChainHintList& all = x_->hints.Sorted();
    all.Give(out);
    if (x_->found.size() >= kMaxFound) x_->found.clear();
    Found& keep = x_->found[key];
    keep.base = *g.base_masks;
    keep.now = *g.now_masks;
    keep.list.removed = all.removed;
    keep.list.causes = all.causes;
    keep.list.hints.clear();
    for (const ChainHint& h : all.hints) {
      if (h.cause_count != 0) keep.list.hints.push_back(h);
    }
  }

 private:
  void FromCell(int cell) {
    const uint16_t mask = (*g_->now_masks)[cell];
    const int count = PopCount(mask);
    const Propagation* branches[kDigits];
    int n = 0;
    for (uint16_t m = mask; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      Propagation& on = x_->on[n];
      branches[n++] = &on;
      if (on.Follow(cell, d, true, x_->depth)) Contradiction(on, cell * kDigits + d, false);
      Keep(cell * kDigits + d, on);
      Propagation& off = x_->off;
      if (off.Follow(cell, d, false, x_->depth)) Contradiction(off, cell * kDigits + d, true);
      if (count >= 3) {
        const Propagation* both[2] = {&on, &off};
        for (int state = 0; state < 2; ++state) Conclusions(both, 2, state, 1, kNoAssumption);
      }
      Regions(cell, d, on);
    }
    for (int state = 0; state < 2; ++state) Conclusions(branches, n, state, 5, kByCell);
  }

  void Keep(int cand, const Propagation& p) {
    x_->implied[cand] = {p.on_set, p.off_set};
    x_->implied_at[cand] = x_->stamp;
  }
  const Implied& ImpliedBy(int cell, int d) {
    const int cand = cell * kDigits + d;
    if (x_->implied_at[cand] != x_->stamp) {
      x_->place[0].Follow(cell, d, true, x_->depth);
      Keep(cand, x_->place[0]);
    }
    return x_->implied[cand];
  }

  // True iff the places of d in `places`, each assumed on, all imply a conclusion that removes
  // something (a region chain's hint).
  bool AnyConclusion(CellSet places, int d) {
    Potentials all[2];
    bool first = true;
    places.ForEach([&](int x) {
      const Implied& branch = ImpliedBy(x, d);
      if (first) {
        all[0] = branch.on;
        all[1] = branch.off;
        first = false;
      } else {
        all[0].Keep(branch.on);
        all[1].Keep(branch.off);
      }
    });
    if (all[1].Any()) return true;  // an "off" removes its candidate
    for (int v = 0; v < kDigits; ++v) {
      bool removes = false;
      all[0].of[v].ForEach([&](int c) { removes |= (*g_->now_masks)[c] != (1u << v); });
      if (removes) return true;
    }
    return false;
  }

  // The region chains of digit d from the houses whose first place is `cell`.
  void Regions(int cell, int d, const Propagation& own) {
    const CellHouses& houses = kCellHouses[cell];
    for (int which = 0; which < 3; ++which) {
      const CellSet places = cand_[d] & House(houses.number[which]);
      if (places.First() != cell || places.IsSingle() || !AnyConclusion(places, d)) continue;
      const Propagation* branches[kDigits];
      int n = 0;
      places.ForEach([&](int x) {
        if (x == cell) {
          branches[n++] = &own;
        } else {
          x_->place[n].Follow(x, d, true, x_->depth);
          branches[n] = &x_->place[n];
          ++n;
        }
      });
      for (int state = 0; state < 2; ++state) Conclusions(branches, n, state, 6, which);
    }
  }

  // A contradiction of the assumption on candidate `cand`, assumed on (off, `place`).
  void Contradiction(const Propagation& p, int cand, bool place) {
    ChainHints& hints = x_->hints;
    const uint32_t first = hints.AddRemovals(cand, place);
    if (hints.removed().size() == first) return;
    const Target targets[2] = {{&p, p.held}, {&p, -1}};
    AddHint(targets, 2, 7, first, kNoAssumption);
  }

  // The conclusions of state `state` (0 on, 1 off) that every branch reaches, in the first
  // branch's order: a hint each, of `kind`. A cell or region chain's assumption holds by its cell
  // (`assumed` kByCell) or its house (the cell's `assumed`th: box, row, column).
  void Conclusions(const Propagation* const* branches, int n, int state, int kind, int assumed) {
    Potentials all = state == 0 ? branches[0]->on_set : branches[0]->off_set;
    for (int i = 1; i < n; ++i) all.Keep(state == 0 ? branches[i]->on_set : branches[i]->off_set);
    int count = 0;
    for (int v = 0; v < kDigits; ++v) {
      all.of[v].ForEach(
          [&](int c) { x_->common[count++] = static_cast<int16_t>(NodeOf(c, v, state == 0)); });
    }
    const uint16_t* order = branches[0]->order;
    std::sort(x_->common, x_->common + count,
              [order](int16_t a, int16_t b) { return order[a] < order[b]; });
    ChainHints& hints = x_->hints;
    for (int i = 0; i < count; ++i) {
      const int node = x_->common[i];
      const uint32_t first = hints.AddRemovals(node >> 1, state == 0);
      if (hints.removed().size() == first) continue;
      Target targets[kDigits];
      for (int k = 0; k < n; ++k) targets[k] = {branches[k], node};
      AddHint(targets, n, kind, first, assumed);
    }
  }

  // A hint removing hints.removed[first...], its nodes and rule parents read from its targets.
  void AddHint(const Target* targets, int n, int kind, uint32_t first, int assumed) {
    ChainHints& hints = x_->hints;
    Ancestry& a = x_->ancestry;
    int nodes = 0;
    uint64_t id = static_cast<uint64_t>(kind);
    for (int k = 0; k < n; ++k) {
      a.ons = 0;
      a.hash = 0;
      const Propagation& p = *targets[k].from;
      nodes += targets[k].node < 0 ? p.CountFresh(&a) : p.Count(targets[k].node, &a);
      id = (id ^ a.hash) * 0x100000001b3ull;
      id ^= id >> 29;
      for (int i = 0; i < a.ons; ++i) {
        const int cand = a.on_node[i] >> 1;
        const int cell = cand / kDigits, d = cand % kDigits;
        const int why = a.on_hidden[i];
        if (why == Cause::kNone) {  // the assumption
          if (assumed != kNoAssumption) x_->causes.push_back({cell, d, assumed});
        } else {
          x_->causes.push_back(
              {cell, d, why == Cause::kCellRule ? kByCell : WhichHouse(cell, why)});
        }
      }
    }
    ChainHint h = hints.Begin(kDynamicChainBase, nodes, kind, first);
    for (const auto& c : x_->causes) hints.AddCauses(c[0], c[1], c[2]);
    x_->causes.clear();
    h.id = id;
    hints.End(h);
  }

  // The grids' candidates, hashed.
  static uint64_t Key(const PlusGrid& g) {
    uint64_t key = 0;
    for (const CellMasks* masks : {g.base_masks, g.now_masks}) {
      for (const uint16_t m : *masks) key = (key ^ m) * 0x100000001b3ull;
    }
    return key;
  }

  // Which of the cell's houses (box, row, column) house h is.
  static int WhichHouse(int cell, int h) {
    const CellHouses& houses = kCellHouses[cell];
    return houses.number[0] == h ? 0 : (houses.number[1] == h ? 1 : 2);
  }

  DynamicScratch* x_;
  const PlusGrid* g_ = nullptr;
  std::array<CellSet, kDigits> cand_;
};

thread_local std::unique_ptr<DynamicScratch> t_scratch;

}  // namespace

int FindDynamicChainEliminations(const PlusGrid& g, PlusHints* hints, uint16_t* elim,
                                 uint16_t* hint_of) {
  if (t_scratch == nullptr) t_scratch = std::make_unique<DynamicScratch>();
  PlusCollector out(hints, elim, hint_of);
  DynamicChains(t_scratch.get()).Collect(g, out);
  return out.count();
}

}  // namespace sudoku::core_internal
