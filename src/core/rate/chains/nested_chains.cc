// SE's static chains inside its nested forcing chains (nested_chains.h), followed as SE 1.2.1's
// static chaining follows them.
//
// Level 2, its forcing chains and cycles (Chaining.doCycles, doForcingChains): from every
// candidate of a cell with two or more, in cell then digit order, first on one digit (X-links),
// then, from the candidates of bivalue cells, through bivalue cells only (Y-links), then with
// both; each search breadth first, every node with the one parent it was first reached from (a
// cycle's search reaches an "off" again from each "on" that is not its descendant), so that a
// chain's nodes and the cells and houses it reads are SE's. Level 3 adds, where those give
// nothing, its multiple forcing chains without the grid updated (Chaining.doChaining; see
// MultipleChains). Hints, as SE sorts them: by rating (cycles 6.5, forcing chains on one digit
// 6.6, with both kinds of links 7.0, multiple chains 8.0, each plus the length bonus of its
// nodes), nodes, then kind (X, Y, XY; cell, region); of two that remove the same candidates only
// the first counts.
#include "core/rate/chains/nested_chains.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <vector>

#include "core/board/bits.h"
#include "core/rate/chains/chain_hints.h"
#include "core/rate/chains/implications.h"

namespace sudoku::core_internal {
namespace {

// Why a node holds: the assumption, a house of its parent (SE's order: box, row, column), or
// its parent's cell.
constexpr int8_t kAssumed = -1;
constexpr int kAll = kCells * kDigits;  // candidates
constexpr int kWords = (kAll + 63) / 64;

// A node as a number: candidate `cand` on (2 * cand) or off (2 * cand + 1).
constexpr int Key(int cand, bool on) { return 2 * cand + (on ? 0 : 1); }

struct Node {
  int16_t cand;
  bool on;
  int8_t cause;
  int32_t parent;  // into StaticChains::nodes_, -1: the assumption
  int32_t above;   // "on" nodes of cycles: into StaticChains::above_, the "off"s it descends from
};

struct Link {
  int16_t cand;
  int8_t cause;
};

// One candidate followed on as SE's static doChaining follows it: its nodes, those of each state
// in the order SE's sets hold them (and follow them), and which candidates it reached in each.
struct Branch {
  std::vector<Node> nodes;
  std::vector<int32_t> on_order, off_order;
  uint64_t reached[2][kWords];  // [0] on, [1] off

  void Reset() {
    nodes.clear();
    on_order.clear();
    off_order.clear();
    std::fill(&reached[0][0], &reached[0][0] + 2 * kWords, uint64_t{0});
  }
  bool Has(int key) const { return (reached[key & 1][key >> 7] >> ((key >> 1) & 63)) & 1; }
  // Where the node of `key` is. REQUIRES: Has(key).
  int At(int key) const {
    int i = 0;
    while (Key(nodes[i].cand, nodes[i].on) != key) ++i;
    return i;
  }
  void Add(const Node& node) {
    reached[node.on ? 0 : 1][node.cand >> 6] |= uint64_t{1} << (node.cand & 63);
    (node.on ? on_order : off_order).push_back(static_cast<int32_t>(nodes.size()));
    nodes.push_back(node);
  }
};

class StaticChains {
 public:
  // Finds the hints on g's grid and gives out those with causes: the forcing chains and cycles,
  // then at level 3, if none of those has any, the multiple forcing chains.
  void Collect(const PlusGrid& g, int level, PlusCollector& out) {
    g_ = &g;
    for (int d = 0; d < kDigits; ++d) now_[d] = CellSet{};
    for (int cell = 0; cell < kCells; ++cell) {
      for (uint16_t m = (*g.now_masks)[cell]; m; m &= m - 1) now_[std::countr_zero(m)].Set(cell);
    }
    hints_.Clear(g);
    ChainsAndCycles();
    hints_.Emit(out);
    if (level < 3 || out.count() != 0) return;
    hints_.Clear(g);
    MultipleChains();
    hints_.Emit(out);
  }

 private:
  // SE's Chaining(false, false, false, 0): X-, Y- and XY-passes from every candidate.
  void ChainsAndCycles() {
    for (int pass = 0; pass < 3; ++pass) {
      const bool y = pass != 0, x = pass != 1;
      for (int cell = 0; cell < kCells; ++cell) {
        const uint16_t mask = (*g_->now_masks)[cell];
        const int count = PopCount(mask);
        if (count < 2 || (!x && count > 2)) continue;
        for (uint16_t m = mask; m; m &= m - 1) {
          const int cand = cell * kDigits + std::countr_zero(m);
          Cycles(cand, y, x);
          if (x) {
            ForcingChains(cand, true, y);
            ForcingChains(cand, false, y);
          }
        }
      }
    }
  }

  int NewNode(int cand, bool on, int cause, int parent) {
    nodes_.push_back({static_cast<int16_t>(cand), on, static_cast<int8_t>(cause), parent, -1});
    return static_cast<int>(nodes_.size()) - 1;
  }

  // What an "on" turns off: with Y-links, the other candidates of its cell; then its digit's other
  // places in its box, row and column.
  int OnToOff(const Node& p, bool y, Link* out) const {
    const int cell = p.cand / kDigits, d = p.cand % kDigits;
    int n = 0;
    if (y) {
      for (uint16_t m = (*g_->now_masks)[cell] & ~(1u << d); m; m &= m - 1) {
        out[n++] = {static_cast<int16_t>(cell * kDigits + std::countr_zero(m)), kByCell};
      }
    }
    const CellHouses& houses = kCellHouses[cell];
    for (int which = 0; which < 3; ++which) {
      (houses.part[which] & now_[d]).ForEach([&](int c) {
        out[n++] = {static_cast<int16_t>(c * kDigits + d), static_cast<int8_t>(which)};
      });
    }
    return n;
  }

  // What an "off" turns on: with Y-links, the other candidate of a bivalue cell; with X-links, the
  // other place of its digit in a house where it has two.
  int OffToOn(const Node& p, bool y, bool x, Link* out) const {
    const int cell = p.cand / kDigits, d = p.cand % kDigits;
    int n = 0;
    const uint16_t mask = (*g_->now_masks)[cell];
    if (y && PopCount(mask) == 2) {
      out[n++] = {static_cast<int16_t>(cell * kDigits +
                                       std::countr_zero(static_cast<unsigned>(mask & ~(1u << d)))),
                  kByCell};
    }
    if (x) {
      const CellHouses& houses = kCellHouses[cell];
      for (int which = 0; which < 3; ++which) {
        const int h = houses.number[which];
        const unsigned w = g_->now_where[h][d];
        if (PopCount(w) != 2) continue;
        const int other =
            kTables.house_cells[h][std::countr_zero(w & ~(1u << houses.position[which]))];
        const int cand = other * kDigits + d;
        bool seen = false;
        for (int i = 0; i < n; ++i) seen |= out[i].cand == cand;
        if (!seen) out[n++] = {static_cast<int16_t>(cand), static_cast<int8_t>(which)};
      }
    }
    return n;
  }

  // Starts a search from candidate `source` assumed on (off): returns its node, the first.
  int Start(int source, bool on) {
    nodes_.clear();
    pending_on_.clear();
    pending_off_.clear();
    found_.clear();
    ++stamp_;
    mark_[Key(source, on)] = stamp_;
    return NewNode(source, on, kAssumed, -1);
  }

  // SE's doForcingChains: the assumption followed until it turns itself round.
  void ForcingChains(int source, bool source_on, bool y) {
    const int root = Start(source, source_on);
    std::vector<int32_t>& on = pending_on_;
    std::vector<int32_t>& off = pending_off_;
    (source_on ? on : off).push_back(root);
    Link links[kDigits + 3 * kDigits];
    size_t on_head = 0, off_head = 0;
    while (on_head < on.size() || off_head < off.size()) {
      while (on_head < on.size()) {
        const int p = on[on_head++];
        const int n = OnToOff(nodes_[p], y, links);
        Reach(p, links, n, false, source, source_on, off);
      }
      while (off_head < off.size()) {
        const int p = off[off_head++];
        const int n = OffToOn(nodes_[p], y, true, links);
        Reach(p, links, n, true, source, source_on, on);
      }
    }
    for (const int target : found_) {
      const uint32_t first = hints_.AddRemovals(nodes_[target].cand, nodes_[target].on);
      int nodes = 0;
      for (int i = target; i >= 0; i = nodes_[i].parent) ++nodes;
      AddHint(y ? kMixedChainBase : kXChainBase, nodes, y ? 4 : 2, first, target, true);
    }
  }

  // Offers the nodes of state `on` that links[0, n) reach from node p: the assumption's other
  // state ends a chain (once), a node not reached before is followed. SE's test for ancestors
  // changes nothing here: every ancestor has been reached.
  void Reach(int p, const Link* links, int n, bool on, int source, bool source_on,
             std::vector<int32_t>& queue) {
    for (int i = 0; i < n; ++i) {
      const int key = Key(links[i].cand, on);
      const bool chain = on != source_on && links[i].cand == source && found_mark_[key] != stamp_;
      const bool fresh = mark_[key] != stamp_;
      if (!chain && !fresh) continue;
      const int node = NewNode(links[i].cand, on, links[i].cause, p);
      if (chain) {
        found_mark_[key] = stamp_;
        found_.push_back(node);
      }
      if (fresh) {
        mark_[key] = stamp_;
        queue.push_back(node);
      }
    }
  }

  // SE's doCycles: from a candidate assumed on, back to it in four links or more.
  void Cycles(int source, bool y, bool x) {
    above_.clear();
    const int root = Start(source, true);
    std::vector<int32_t>& on = pending_on_;
    std::vector<int32_t>& off = pending_off_;
    nodes_[root].above = NewAbove(-1);
    on.push_back(root);
    Link links[kDigits + 3 * kDigits];
    size_t on_head = 0, off_head = 0;
    int length = 0;
    while (on_head < on.size() || off_head < off.size()) {
      ++length;
      while (on_head < on.size()) {
        const int p = on[on_head++];
        const int n = OnToOff(nodes_[p], y, links);
        const uint64_t* above = &above_[nodes_[p].above * kWords];
        for (int i = 0; i < n; ++i) {
          const int cand = links[i].cand;
          if ((above[cand >> 6] >> (cand & 63)) & 1) continue;  // SE's isParent
          // SE follows an "off" again from each "on" that reaches it, but what it turns on was
          // turned on the first time: later copies matter only where they close a cycle.
          if (off_mark_[cand] == stamp_ && (length < 3 || !OffTurnsOn(cand, source, y, x))) {
            continue;
          }
          off_mark_[cand] = stamp_;
          off.push_back(NewNode(cand, false, links[i].cause, p));
        }
      }
      ++length;
      while (off_head < off.size()) {
        const int p = off[off_head++];
        const int n = OffToOn(nodes_[p], y, x, links);
        for (int i = 0; i < n; ++i) {
          const int cand = links[i].cand;
          if (length >= 4 && cand == source)
            found_.push_back(NewNode(cand, true, links[i].cause, p));
          const int key = Key(cand, true);
          if (mark_[key] == stamp_) continue;
          mark_[key] = stamp_;
          const int node = NewNode(cand, true, links[i].cause, p);
          // The "off"s above it: its parent's parent's, and its parent.
          const int above = NewAbove(nodes_[nodes_[p].parent].above);
          above_[above * kWords + (nodes_[p].cand >> 6)] |= uint64_t{1} << (nodes_[p].cand & 63);
          nodes_[node].above = above;
          on.push_back(node);
        }
      }
    }
    for (const int end : found_) CycleHint(end, y, x);
  }

  // True iff `off`, turned off, turns `on` on (OffToOn's links).
  bool OffTurnsOn(int off, int on, bool y, bool x) const {
    const int cell = off / kDigits, d = off % kDigits, other = on / kDigits, v = on % kDigits;
    if (cell == other) return y && v != d && (*g_->now_masks)[cell] == ((1u << d) | (1u << v));
    if (!x || d != v) return false;
    for (int which = 0; which < 3; ++which) {
      const int h = kCellHouses[cell].number[which];
      const unsigned w = g_->now_where[h][d];
      if (House(h).Has(other) && PopCount(w) == 2) return true;
    }
    return false;
  }

  int NewAbove(int from) {
    const size_t at = above_.size();
    above_.resize(at + kWords);
    if (from >= 0) std::copy_n(&above_[from * kWords], kWords, &above_[at]);
    return static_cast<int>(at / kWords);
  }

  // SE's createCycleHint: a candidate every "on" of the cycle and every "off" of it turn off,
  // outside the cycle's cells, goes.
  void CycleHint(int end, bool y, bool x) {
    CellSet cells;
    int nodes = 0;
    for (int i = end; nodes_[i].parent >= 0; i = nodes_[i].parent) {
      cells.Set(nodes_[i].cand / kDigits);
      ++nodes;
    }
    std::array<CellSet, kDigits> forward{}, back{};
    for (int i = end; nodes_[i].parent >= 0; i = nodes_[i].parent) {
      const int cell = nodes_[i].cand / kDigits, d = nodes_[i].cand % kDigits;
      const CellSet seen = Peers(cell) & now_[d] & ~cells;
      (nodes_[i].on ? forward : back)[d] |= seen;
    }
    const uint32_t first = static_cast<uint32_t>(hints_.removed().size());
    for (int cell = 0; cell < kCells; ++cell) {
      for (int d = 0; d < kDigits; ++d) {
        if (forward[d].Has(cell) && back[d].Has(cell)) {
          hints_.AddRemoval(cell * kDigits + d);
        }
      }
    }
    if (hints_.removed().size() == first) return;
    AddHint(y && x ? kMixedChainBase : kCycleBase, nodes, y && x ? 4 : (y ? 3 : 2), first, end,
            false);
  }

  // A chain's nodes in order, into its id (SE's FullChain: two hints of the same nodes are one).
  static void HashPath(const std::vector<Node>& nodes, int end, uint64_t* id) {
    for (int i = end; i >= 0; i = nodes[i].parent) {
      *id = (*id ^ static_cast<uint64_t>(Key(nodes[i].cand, nodes[i].on))) * 0x100000001b3ull;
      *id ^= *id >> 29;
    }
  }

  // Records a forcing chain or cycle ending at node `end`, with SE's rule parents: the causes of
  // a forcing chain's "on"s; of a cycle, of every node but the first (it reads them both ways).
  void AddHint(int base, int nodes, int kind, uint32_t first, int end, bool ons_only) {
    ChainHint h = hints_.Begin(base, nodes, kind, first);
    for (int i = end; nodes_[i].parent >= 0; i = nodes_[i].parent) {
      const Node& p = nodes_[i];
      if (!ons_only || p.on) hints_.AddCauses(p.cand / kDigits, p.cand % kDigits, p.cause);
    }
    HashPath(nodes_, end, &h.id);
    hints_.End(h);
  }

  // SE's Chaining(true, false, false, 0), multiple forcing chains without the grid updated: from
  // every cell of three candidates or more (cell order), each candidate followed on (SE's
  // doChaining, one node at a time, "on"s first, until a contradiction or the end), then the
  // region chains of that digit in each house (box, row, column) whose first place is this cell;
  // after its digits, the cell chain. A conclusion every branch reaches makes a hint.
  void MultipleChains() {
    ++follow_stamp_;
    for (int cell = 0; cell < kCells; ++cell) {
      const uint16_t mask = (*g_->now_masks)[cell];
      if (PopCount(mask) < 3) continue;
      const Branch* branches[kDigits];
      int n = 0;
      for (uint16_t m = mask; m; m &= m - 1) {
        const int d = std::countr_zero(m);
        branches[n] = &Followed(cell * kDigits + d);
        RegionChains(cell, d, *branches[n]);
        ++n;
      }
      Reductions(branches, n, 5, -1, 0);
    }
  }

  void RegionChains(int cell, int d, const Branch& own) {
    const CellHouses& houses = kCellHouses[cell];
    for (int which = 0; which < 3; ++which) {
      const int h = houses.number[which];
      const unsigned w = g_->now_where[h][d];
      if (PopCount(w) < 2 || kTables.house_cells[h][std::countr_zero(w)] != cell) continue;
      const Branch* branches[kDigits];
      int n = 0;
      for (unsigned m = w; m; m &= m - 1) {
        const int x = kTables.house_cells[h][std::countr_zero(m)];
        branches[n++] = x == cell ? &own : &Followed(x * kDigits + d);
      }
      Reductions(branches, n, 6, which, d);
    }
  }

  // The hints of the conclusions every branch reaches, "on"s then "off"s, in the first branch's
  // order. kind 5: a cell chain (the source cell's removed candidates are causes); 6: a region
  // chain, of digit d in the source cell's house `which`.
  void Reductions(const Branch* const* branches, int n, int kind, int which, int d) {
    const Branch& first = *branches[0];
    for (int state = 0; state < 2; ++state) {
      for (const int32_t at : state == 0 ? first.on_order : first.off_order) {
        const int key = Key(first.nodes[at].cand, state == 0);
        bool all = true;
        for (int i = 1; i < n && all; ++i) all = branches[i]->Has(key);
        if (all) AddMultipleHint(branches, n, kind, which, d, key);
      }
    }
  }

  void AddMultipleHint(const Branch* const* branches, int n, int kind, int which, int d, int key) {
    const uint32_t first = hints_.AddRemovals(key >> 1, (key & 1) == 0);
    if (hints_.removed().size() == first) return;
    int end[kDigits];  // where each branch reaches the conclusion
    int nodes = 0;
    for (int i = 0; i < n; ++i) {
      const Branch& b = *branches[i];
      end[i] = b.At(key);
      for (int j = end[i]; j >= 0; j = b.nodes[j].parent) ++nodes;
    }
    ChainHint h = hints_.Begin(kMultipleChainBase, nodes, kind, first);
    for (int i = 0; i < n; ++i) {
      const Branch& b = *branches[i];
      for (int j = end[i]; j >= 0; j = b.nodes[j].parent) {
        const Node& p = b.nodes[j];
        if (!p.on) continue;
        const int c = p.cand / kDigits;
        if (p.parent >= 0) {
          hints_.AddCauses(c, p.cand % kDigits, p.cause);
        } else {
          hints_.AddCauses(c, d, kind == 5 ? kByCell : which);  // the assumption: the cell or house
        }
      }
      HashPath(b.nodes, end[i], &h.id);
    }
    hints_.End(h);
  }

  // SE's static doChaining from candidate `cand` assumed on. SE follows a candidate again for
  // each region chain it is a place of; the branch is the same, so it is kept for the call.
  const Branch& Followed(int cand) {
    Branch& b = followed_[cand];
    if (followed_at_[cand] != follow_stamp_) {
      followed_at_[cand] = follow_stamp_;
      Follow(b, cand);
    }
    return b;
  }
  void Follow(Branch& b, int cand) {
    b.Reset();
    b.Add({static_cast<int16_t>(cand), true, kAssumed, -1, -1});
    size_t on_head = 0, off_head = 0;
    Link links[kDigits + 3 * kDigits];
    while (on_head < b.on_order.size() || off_head < b.off_order.size()) {
      const bool on = on_head < b.on_order.size();
      const int p = on ? b.on_order[on_head++] : b.off_order[off_head++];
      const int n = on ? OnToOff(b.nodes[p], true, links) : OffToOn(b.nodes[p], true, true, links);
      for (int i = 0; i < n; ++i) {
        if (b.Has(Key(links[i].cand, on))) return;  // a contradiction ends it
        if (!b.Has(Key(links[i].cand, !on))) b.Add({links[i].cand, !on, links[i].cause, p, -1});
      }
    }
  }

  const PlusGrid* g_ = nullptr;
  std::array<CellSet, kDigits> now_;
  std::vector<Node> nodes_;
  std::vector<uint64_t> above_;
  std::vector<int32_t> pending_on_, pending_off_, found_;
  ChainHints hints_;
  std::vector<Branch> followed_ = std::vector<Branch>(kAll);  // per candidate, for one call
  uint32_t followed_at_[kAll] = {};
  uint32_t follow_stamp_ = 0;
  uint32_t stamp_ = 0;
  uint32_t mark_[2 * kAll] = {};
  uint32_t off_mark_[kAll] = {};  // cycles: "off"s followed once already
  uint32_t found_mark_[2 * kAll] = {};
};

thread_local std::unique_ptr<StaticChains> t_chains;

}  // namespace

int FindChainEliminations(const PlusGrid& g, int level, PlusHints* hints, uint16_t* elim,
                          uint16_t* hint_of) {
  if (t_chains == nullptr) t_chains = std::make_unique<StaticChains>();
  PlusCollector out(hints, elim, hint_of);
  t_chains->Collect(g, level, out);
  return out.count();
}

}  // namespace sudoku::core_internal
