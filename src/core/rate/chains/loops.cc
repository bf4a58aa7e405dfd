// SE's bidirectional cycles (chains/chains.h), found and rated as Sudoku Explainer 1.2.1 does
// (docs/se-rules.md): SE's "forcing chains and cycles" search looks for them beside the forcing
// chains, and its first hint may be either.
//
// From a candidate assumed on, SE follows the implications breadth-first, every "on" of a round
// (each candidate turned on once, by its first cause), then every "off" (a candidate turned off by
// each "on" that is not already among its causes). An "on" turns off the cell's other candidates
// (where cell links count), then its digit in its box, row and column (in that order, each in cell
// order); an "off" turns on the other digit of a bivalue cell (cell links) and the other place of
// its digit in a box, row or column holding it twice (house links). An "off" that turns the start
// on again, two rounds or more from it, closes a cycle: the path of first causes to the "on"
// before it, that "off", and the start. Its nodes are the path's candidates, each with its state;
// it rates its base + ChainLengthBonus(nodes - 2). A cycle holds both ways round, so a candidate
// off the cycle that sees one of its "on" candidates of a digit and one of its "off" candidates of
// that digit goes; a cycle that removes nothing is no hint.
//
// SE runs three such searches: house links alone (X-cycles, 6.5 and up), cell links alone
// (Y-cycles, 6.5: rate/chains/cycles.cc, on the bivalue cells alone), and both (7.0 and up). This
// file runs the other two. Each follows, from a start, only the links inside the start's strongly
// connected component of "on" nodes, and in the round before its last only the "on"s that can
// close a cycle in it: the same cycles, in the same order.
#include <algorithm>
#include <array>
#include <bit>
#include <climits>
#include <memory>
#include <vector>

#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/chains.h"

namespace sudoku::core_internal {
namespace {

// The candidates and links of SE's X pass (one digit: house links) or mixed pass (house and cell
// links) of its cycle search. Node i: the i-th candidate in cell order, digits in order.
struct LoopGraph {
  int count = 0;
  uint8_t cell[kCells * kDigits];
  uint8_t digit[kCells * kDigits];
  int16_t index[kDigits][kCells];
  // The "off" nodes an "on" node i turns off, in SE's order (the cell's other digits in the
  // mixed pass, then the digit in the box, the row outside it, the column outside it):
  // off[off_begin[i] .. off_begin[i + 1]).
  int off_begin[kCells * kDigits + 1];
  int16_t off[kCells * kDigits * 28];
  // The "on" nodes an "off" node turns on, in SE's order (the other digit of a bivalue cell in
  // the mixed pass, then the other place of the digit in the box, row and column that hold it
  // twice), each once.
  uint8_t on_count[kCells * kDigits];
  int16_t on[kCells * kDigits][4];

  // With `only` (0-8), that digit's candidates alone (the X pass links no other to them).
  void Build(const State& s, const Work& w, bool mixed, int only = -1) {
    count = 0;
    auto number = [&](int c, int d) {
      index[d][c] = static_cast<int16_t>(count);
      cell[count] = static_cast<uint8_t>(c);
      digit[count++] = static_cast<uint8_t>(d);
    };
    if (only >= 0) {
      s.cand[only].ForEach([&](int c) { number(c, only); });
    } else {
      s.empty.ForEach([&](int c) {
        for (uint16_t m = w.masks[c]; m; m &= m - 1) number(c, std::countr_zero(m));
      });
    }
    int e = 0;
    for (int i = 0; i < count; ++i) {
      const int c = cell[i], d = digit[i];
      off_begin[i] = e;
      if (mixed) {
        for (uint16_t m = w.masks[c] & ~(1u << d); m; m &= m - 1) {
          off[e++] = index[std::countr_zero(m)][c];
        }
      }
      const CellSet box = House(BoxHouse(c));
      const CellSet others = s.cand[d] & ~CellSet::Of(c);
      auto add = [&](int x) { off[e++] = index[d][x]; };
      (others & box).ForEach(add);
      (others & House(RowHouse(c)) & ~box).ForEach(add);
      (others & House(ColHouse(c)) & ~box).ForEach(add);
      int n = 0;
      auto add_on = [&](int j) {
        for (int k = 0; k < n; ++k) {
          if (on[i][k] == j) return;
        }
        on[i][n++] = static_cast<int16_t>(j);
      };
      if (mixed && w.bivalue.Has(c)) add_on(index[std::countr_zero(w.masks[c] & ~(1u << d))][c]);
      for (const int h : {BoxHouse(c), RowHouse(c), ColHouse(c)}) {
        if ((w.houses_with_count[d][2] >> h & 1) == 0) continue;
        add_on(index[d][(s.cand[d] & House(h) & ~CellSet::Of(c)).First()]);
      }
      on_count[i] = static_cast<uint8_t>(n);
    }
    off_begin[count] = e;
    FindComponents();
  }

  // component[i]: the strongly connected component of "on" node i in the graph of "on" nodes (A
  // to B where A turns off a node that turns B on). A cycle's nodes, and the path of first
  // causes to each, lie in its start's component (each reaches the start along the cycle), so
  // the search follows no link out of it: the same cycles, in the same order. single[i]: i is
  // alone in its component, on no cycle.
  int16_t component[kCells * kDigits];
  bool single[kCells * kDigits];

 private:
  // Tarjan's algorithm, iterative; a call's place is its node's edge (off k, on j).
  void FindComponents() {
    std::fill_n(single, count, false);
    int16_t index[kCells * kDigits], low[kCells * kDigits], stack[kCells * kDigits];
    int16_t call_node[kCells * kDigits];
    int call_off[kCells * kDigits], call_on[kCells * kDigits];
    bool on_stack[kCells * kDigits];
    std::fill_n(index, count, int16_t{-1});
    std::fill_n(on_stack, count, false);
    int next_index = 0, top = 0, components = 0;
    for (int root = 0; root < count; ++root) {
      if (index[root] >= 0) continue;
      int depth = 0;
      call_node[0] = static_cast<int16_t>(root);
      call_off[0] = off_begin[root];
      call_on[0] = 0;
      index[root] = low[root] = static_cast<int16_t>(next_index++);
      stack[top++] = static_cast<int16_t>(root);
      on_stack[root] = true;
      while (depth >= 0) {
        const int n = call_node[depth];
        if (call_off[depth] < off_begin[n + 1]) {
          const int z = off[call_off[depth]];
          if (call_on[depth] >= on_count[z]) {
            ++call_off[depth];
            call_on[depth] = 0;
            continue;
          }
          const int m = on[z][call_on[depth]++];
          if (index[m] < 0) {
            index[m] = low[m] = static_cast<int16_t>(next_index++);
            stack[top++] = static_cast<int16_t>(m);
            on_stack[m] = true;
            call_node[++depth] = static_cast<int16_t>(m);
            call_off[depth] = off_begin[m];
            call_on[depth] = 0;
          } else if (on_stack[m]) {
            low[n] = std::min(low[n], index[m]);
          }
          continue;
        }
        if (low[n] == index[n]) {
          int m, size = 0;
          do {
            m = stack[--top];
            on_stack[m] = false;
            component[m] = static_cast<int16_t>(components);
            ++size;
          } while (m != n);
          if (size == 1) single[n] = true;
          ++components;
        }
        if (--depth >= 0) {
          const int parent = call_node[depth];
          low[parent] = std::min(low[parent], low[n]);
        }
      }
    }
  }
};

// SE's breadth-first search for cycles from one "on" node at a time (as YCycleSearch, over every
// candidate): every "on" of a round (each node turned on once, by its first cause), then every
// "off" each of them makes but those among its own causes; an "off" that turns the start on again
// two rounds or more from it closes a cycle.
class LoopSearch {
 public:
  explicit LoopSearch(const LoopGraph& g) : g_(g) {}

  // Follows node `source` assumed on for at most `rounds` rounds, calling found(on, off, nodes)
  // for every "off" `off`, made by "on" `on`, that closes a cycle of `nodes` nodes, until it
  // returns true.
  template <class Found>
  void From(int source, int rounds, Found found) {
    source_ = source;
    // The "off"s that turn the start on: its strong links' other ends, which the start turns on
    // when off (the links go both ways).
    closing_count_ = g_.on_count[source];
    closing_ = g_.on[source];
    if (closing_count_ == 0 || g_.single[source]) return;
    const int component = g_.component[source];
    // The "on" nodes that make a closing "off": only they close a cycle in the last round, so
    // the round before it turns on no other.
    std::array<uint64_t, kWords> closers{};
    for (int c = 0; c < closing_count_; ++c) {
      const int z = closing_[c];
      for (int k = g_.off_begin[z]; k < g_.off_begin[z + 1]; ++k) {
        closers[g_.off[k] >> 6] |= uint64_t{1} << (g_.off[k] & 63);
      }
    }
    std::array<uint64_t, kWords> seen{};
    seen[source >> 6] |= uint64_t{1} << (source & 63);
    int on_count = 1, on_begin = 0;
    pending_[0] = static_cast<int16_t>(source);
    for (int round = 1; round <= rounds && on_begin < on_count; ++round) {
      const int on_end = on_count;
      const bool last = round == rounds;
      // Turned on this round: any "on" if it is followed further, else only closers.
      const std::array<uint64_t, kWords>& wanted = round + 1 == rounds ? closers : kAll;
      for (int i = on_begin; i < on_end; ++i) {
        const int a = pending_[i];
        if (last && (closers[a >> 6] >> (a & 63) & 1) == 0) continue;
        for (int k = g_.off_begin[a]; k < g_.off_begin[a + 1]; ++k) {
          const int z = g_.off[k];
          if (round >= 2 && Closes(z) && !Causes(a, z) && found(a, z, 2 * round)) return;
          if (last) continue;
          for (int j = 0; j < g_.on_count[z]; ++j) {
            const int b = g_.on[z][j];
            const uint64_t bit = uint64_t{1} << (b & 63);
            if ((seen[b >> 6] & bit) != 0 || (wanted[b >> 6] & bit) == 0 ||
                g_.component[b] != component) {
              continue;
            }
            seen[b >> 6] |= bit;
            off_cause_[b] = static_cast<int16_t>(z);
            on_cause_[b] = static_cast<int16_t>(a);
            pending_[on_count++] = static_cast<int16_t>(b);
          }
        }
      }
      on_begin = on_end;
    }
  }

  // What the cycle closed by `off` from `on` in the last search removes: a candidate off the
  // cycle that sees one of its "on" nodes of a digit and one of its "off" nodes of that digit.
  void Removable(const State& s, int on, int off, std::array<CellSet, kDigits>* removable) const {
    std::array<CellSet, kDigits> on_peers{}, off_peers{};
    CellSet cells;
    auto add = [&](int node, bool is_on) {
      const int c = g_.cell[node], d = g_.digit[node];
      cells.Set(c);
      (is_on ? on_peers : off_peers)[d] |= Peers(c);
    };
    add(source_, true);
    add(off, false);
    for (int node = on; node != source_; node = on_cause_[node]) {
      add(node, true);
      add(off_cause_[node], false);
    }
    for (int d = 0; d < kDigits; ++d) {
      (*removable)[d] = on_peers[d] & off_peers[d] & s.cand[d] & ~cells;
    }
  }

  // That cycle's nodes in chain order: the start (on), ..., the "off" closing it.
  std::vector<Literal> Nodes(int on, int off) const {
    auto literal = [&](int node, bool is_on) {
      return Literal{g_.cell[node], g_.digit[node], is_on};
    };
    std::vector<Literal> back = {literal(off, false)};
    for (int node = on; node != source_; node = on_cause_[node]) {
      back.push_back(literal(node, true));
      back.push_back(literal(off_cause_[node], false));
    }
    back.push_back(literal(source_, true));
    return {back.rbegin(), back.rend()};
  }

 private:
  static constexpr int kWords = (kCells * kDigits + 63) / 64;
  static constexpr std::array<uint64_t, kWords> kAll = [] {
    std::array<uint64_t, kWords> all{};
    all.fill(~uint64_t{0});
    return all;
  }();

  bool Closes(int z) const {
    for (int k = 0; k < closing_count_; ++k) {
      if (closing_[k] == z) return true;
    }
    return false;
  }
  // True iff "off" z is among the causes of "on" a (SE follows no such "off" from a).
  bool Causes(int a, int z) const {
    for (int node = a; node != source_; node = on_cause_[node]) {
      if (off_cause_[node] == z) return true;
    }
    return false;
  }

  const LoopGraph& g_;
  int source_ = 0;
  int closing_count_ = 0;
  const int16_t* closing_ = nullptr;
  int16_t pending_[kCells * kDigits];
  int16_t off_cause_[kCells * kDigits];  // of an "on" node: the "off" that first turned it on
  int16_t on_cause_[kCells * kDigits];   // and the "on" that made that "off"
};

thread_local std::unique_ptr<LoopGraph> t_loop_graph;
thread_local std::unique_ptr<LoopSearch> t_loop_search;

LoopSearch& ThreadLoopSearch(const State& s, const Work& w, bool mixed, int only = -1) {
  if (t_loop_graph == nullptr) {
    t_loop_graph = std::make_unique<LoopGraph>();
    t_loop_search = std::make_unique<LoopSearch>(*t_loop_graph);
  }
  t_loop_graph->Build(s, w, mixed, only);
  return *t_loop_search;
}

// The cheapest cycle of the graph ThreadLoopSearch last built, as FindLoop.
Cycle SearchLoops(const State& s, LoopSearch& search, bool mixed, int max_nodes,
                  int max_nodes_after, int after) {
  Cycle best;
  const LoopGraph& g = *t_loop_graph;
  const int base = mixed ? kMixedChainBase : kCycleBase;
  for (int source = 0; source < g.count && max_nodes >= 4; ++source) {
    if (g.cell[source] * kDigits + g.digit[source] > after) {
      max_nodes = std::min(max_nodes, max_nodes_after);
      if (max_nodes < 4) break;
    }
    search.From(source, max_nodes / 2, [&](int on, int off, int nodes) {
      // The first found wins a tie: a later one needs fewer nodes, so none from this start can.
      if (nodes > max_nodes) return true;
      std::array<CellSet, kDigits> removable;
      search.Removable(s, on, off, &removable);
      bool any = false;
      for (const CellSet& cells : removable) any |= cells.Any();
      if (!any) return false;
      best = {base + ChainLengthBonus(nodes - 2), nodes, removable, source};
      best.start = g.cell[source] * kDigits + g.digit[source];
      max_nodes = nodes - 2;
      return true;
    });
  }
  return best;
}

}  // namespace

Cycle FindLoop(const State& s, const Work& w, bool mixed, int max_nodes, int max_nodes_after,
               int after) {
  if (max_nodes < 4) return {};
  LoopSearch& search = ThreadLoopSearch(s, w, mixed);
  return SearchLoops(s, search, mixed, max_nodes, max_nodes_after, after);
}

Cycle FindXCycle(const State& s, const Work& w, int max_nodes, XCycleMemory* memory) {
  Cycle best;
  if (max_nodes < 4) return best;
  for (int d = 0; d < kDigits; ++d) {
    XCycleMemory& known = memory[d];
    // A search finds the fewest nodes within its bound, so what it found holds for any bound.
    // A cycle has two strong links or more: a digit with fewer has none.
    if (std::popcount(w.houses_with_count[d][2]) < 2) continue;
    if (known.cand != s.cand[d] || (known.best.rating == 0 && known.bound < max_nodes)) {
      LoopSearch& search = ThreadLoopSearch(s, w, false, d);
      known = {s.cand[d], max_nodes, SearchLoops(s, search, false, max_nodes, max_nodes, INT_MAX)};
    }
    const Cycle& found = known.best;
    if (found.rating == 0 || found.nodes > max_nodes) continue;
    if (best.rating == 0 || found.nodes < best.nodes ||
        (found.nodes == best.nodes && found.start < best.start)) {
      best = found;
    }
  }
  return best;
}

void ShowLoop(const State& s, const Work& w, bool mixed, const Cycle& cycle, Step* step) {
  // FindXCycle numbers one digit's candidates.
  LoopSearch& search = ThreadLoopSearch(s, w, mixed, mixed ? -1 : cycle.start % kDigits);
  search.From(cycle.source, cycle.nodes / 2, [&](int on, int off, int nodes) {
    std::array<CellSet, kDigits> removable;
    search.Removable(s, on, off, &removable);
    if (nodes != cycle.nodes || removable != cycle.removable) return false;
    ShowChain(search.Nodes(on, off), step);
    return true;
  });
}

}  // namespace sudoku::core_internal
