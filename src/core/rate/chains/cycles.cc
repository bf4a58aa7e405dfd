// SE's bidirectional Y-cycles (chains/chains.h), found and rated as Sudoku Explainer 1.2.1 does
// (docs/se-rules.md): SE's "forcing chains and cycles" search looks for them beside the forcing
// chains, and its first hint may be either. rate/chains/loops.cc says how SE follows a cycle
// (the same here, with cell links alone): only bivalue cells can be turned on, so this search,
// YCycleSearch, runs on them alone, in SE's order, so that the paths, and what a cycle removes,
// are SE's.
#include <algorithm>
#include <array>
#include <vector>

#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/chains.h"

namespace sudoku::core_internal {
namespace {

// The bivalue cells and their links. Node 2 * i + k: the k-th digit (lower first) of the i-th
// bivalue cell in cell order.
struct BivalueGraph {
  int count = 0;
  uint8_t cell[kCells];
  uint8_t digit[kCells][2];
  // Of node n, the bivalue cells (by index) seeing it that hold its digit, in SE's order.
  uint8_t peer_count[2 * kCells];
  uint8_t peers[2 * kCells][20];
  // Of node n, the "on" node its p-th peer turns on: that cell's other digit.
  uint8_t next[2 * kCells][20];

  // Inlined, as the rest of FindCycle's search: ShowCycle calls it too.
  [[gnu::always_inline]] void Build(const State& s, const Work& w) {
    int8_t index[kCells];
    count = 0;
    w.bivalue.ForEach([&](int c) {
      index[c] = static_cast<int8_t>(count);
      cell[count] = static_cast<uint8_t>(c);
      const unsigned mask = w.masks[c];
      digit[count][0] = static_cast<uint8_t>(std::countr_zero(mask));
      digit[count][1] = static_cast<uint8_t>(std::countr_zero(mask & (mask - 1)));
      ++count;
    });
    for (int i = 0; i < count; ++i) {
      const int c = cell[i];
      const CellSet box = House(BoxHouse(c));
      for (int k = 0; k < 2; ++k) {
        const int n = 2 * i + k;
        const CellSet others = s.cand[digit[i][k]] & w.bivalue & ~CellSet::Of(c);
        peer_count[n] = 0;
        auto add = [&](int x) { peers[n][peer_count[n]++] = static_cast<uint8_t>(index[x]); };
        (others & box).ForEach(add);
        (others & House(RowHouse(c)) & ~box).ForEach(add);
        (others & House(ColHouse(c)) & ~box).ForEach(add);
      }
    }
    KeepLinksWithinComponents();
  }

  // The "on" node that an "on" node n turns on through its p-th peer (the other digit there).
  int Next(int n, int p) const {
    const int j = peers[n][p];
    const int d = digit[n / 2][n & 1];
    return 2 * j + (digit[j][0] == d ? 1 : 0);
  }

  // A cycle from a start only passes through "on" nodes that the start reaches and that reach
  // the start: its strongly connected component in the graph of "on" nodes. A link between two
  // components is on no cycle, nor on the path of first causes to one (every node of such a
  // path reaches the start through the rest of the cycle), and leaving it out keeps the order of
  // the others: the searches find the same cycles in the same order, with less to follow.
  [[gnu::always_inline]] void KeepLinksWithinComponents() {
    const int nodes = 2 * count;
    // Tarjan's algorithm, iterative: index, low link, and the stack of open nodes.
    int16_t index[2 * kCells], low[2 * kCells], component[2 * kCells];
    int16_t stack[2 * kCells], call_node[2 * kCells], call_peer[2 * kCells];
    bool on_stack[2 * kCells] = {};
    std::fill_n(index, nodes, int16_t{-1});
    int next_index = 0, top = 0, components = 0;
    for (int root = 0; root < nodes; ++root) {
      if (index[root] >= 0) continue;
      int depth = 0;
      call_node[0] = static_cast<int16_t>(root);
      call_peer[0] = 0;
      index[root] = low[root] = static_cast<int16_t>(next_index++);
      stack[top++] = static_cast<int16_t>(root);
      on_stack[root] = true;
      while (depth >= 0) {
        const int n = call_node[depth];
        if (call_peer[depth] < peer_count[n]) {
          const int m = Next(n, call_peer[depth]++);
          if (index[m] < 0) {
            index[m] = low[m] = static_cast<int16_t>(next_index++);
            stack[top++] = static_cast<int16_t>(m);
            on_stack[m] = true;
            call_node[++depth] = static_cast<int16_t>(m);
            call_peer[depth] = 0;
          } else if (on_stack[m]) {
            low[n] = std::min(low[n], index[m]);
          }
          continue;
        }
        if (low[n] == index[n]) {
          int m;
          do {
            m = stack[--top];
            on_stack[m] = false;
            component[m] = static_cast<int16_t>(components);
          } while (m != n);
          ++components;
        }
        if (--depth >= 0) {
          const int parent = call_node[depth];
          low[parent] = std::min(low[parent], low[n]);
        }
      }
    }
    for (int n = 0; n < nodes; ++n) {
      int kept = 0;
      for (int p = 0; p < peer_count[n]; ++p) {
        const int m = Next(n, p);
        if (component[m] != component[n]) continue;
        peers[n][kept] = peers[n][p];
        next[n][kept++] = static_cast<uint8_t>(m);
      }
      peer_count[n] = static_cast<uint8_t>(kept);
    }
  }
};

// Breadth-first searches over a BivalueGraph, one from each start.
class YCycleSearch {
 public:
  explicit YCycleSearch(const BivalueGraph& g) : g_(g) {}

  // Follows the implications of node `source` assumed on for at most `rounds` rounds, calling
  // found(off, nodes) for every "off" (an index) that closes a cycle of `nodes` nodes, until it
  // returns true.
  template <class Found>
  void From(int source, int rounds, Found found);

  // What the cycle closed by "off" `off` of the last search removes.
  [[gnu::always_inline]] void Removable(const State& s, int off,
                                        std::array<CellSet, kDigits>* removable) const;
  // The nodes of that cycle in chain order: the start (on), ..., the "off" closing it.
  std::vector<Literal> Nodes(int off) const;

 private:
  const BivalueGraph& g_;
  int source_ = 0;
  int on_cause_[2 * kCells];  // the "off" (an index) that first turned the node on
  int pending_on_[2 * kCells];
  int off_count_ = 0;
  // The "off"s kept: one per node turned on, and one per cycle closed (at most one per link).
  int off_node_[2 * kCells * 20];
  int off_cause_[2 * kCells * 20];  // the "on" node that turned it off
};

template <class Found>
void YCycleSearch::From(int source, int rounds, Found found) {
  source_ = source;
  std::array<uint64_t, 3> on_seen{};
  on_seen[source >> 6] |= uint64_t{1} << (source & 63);
  off_count_ = 0;
  int on_count = 1, on_begin = 0;
  pending_on_[0] = source;
  for (int round = 1; round <= rounds && on_begin < on_count; ++round) {
    // SE turns off the cell's other candidate first, which turns only this "on" on again, and
    // skips an "off" among the causes of the "on", which turns on only one turned on before:
    // neither can close a cycle (the start's cell is left in the first round), so neither is
    // followed. Each "off" is taken in SE's order as it is made; only those that turn a node on
    // first or close a cycle are kept.
    const int on_end = on_count;
    for (int i = on_begin; i < on_end; ++i) {
      const int on = pending_on_[i];
      for (int p = 0; p < g_.peer_count[on]; ++p) {
        const int node = g_.next[on][p];
        const uint64_t bit = uint64_t{1} << (node & 63);
        const bool closes = round >= 2 && node == source;
        if (!closes && (on_seen[node >> 6] & bit) != 0) continue;
        off_node_[off_count_] = node ^ 1;
        off_cause_[off_count_] = on;
        const int off = off_count_++;
        if (closes) {
          if (found(off, 2 * round)) return;
          continue;
        }
        on_seen[node >> 6] |= bit;
        on_cause_[node] = off;
        pending_on_[on_count++] = node;
      }
    }
    on_begin = on_end;
  }
}

inline void YCycleSearch::Removable(const State& s, int off,
                                    std::array<CellSet, kDigits>* removable) const {
  // The cycle's nodes, each with its state: the start turned on again, the closing "off", then
  // the path back.
  std::array<CellSet, kDigits> on{}, off_cells{};
  CellSet cells;
  auto add = [&](int node, bool is_on) {
    const int c = g_.cell[node / 2], d = g_.digit[node / 2][node & 1];
    cells.Set(c);
    (is_on ? on : off_cells)[d] |= Peers(c);
  };
  add(source_, true);
  add(off_node_[off], false);
  for (int node = off_cause_[off]; node != source_;) {
    add(node, true);
    const int cause = on_cause_[node];
    add(off_node_[cause], false);
    node = off_cause_[cause];
  }
  for (int d = 0; d < kDigits; ++d) (*removable)[d] = on[d] & off_cells[d] & s.cand[d] & ~cells;
}

std::vector<Literal> YCycleSearch::Nodes(int off) const {
  auto literal = [&](int node, bool on) {
    return Literal{g_.cell[node / 2], g_.digit[node / 2][node & 1], on};
  };
  std::vector<Literal> back = {literal(off_node_[off], false)};
  for (int node = off_cause_[off]; node != source_;) {
    back.push_back(literal(node, true));
    const int cause = on_cause_[node];
    back.push_back(literal(off_node_[cause], false));
    node = off_cause_[cause];
  }
  back.push_back(literal(source_, true));
  return {back.rbegin(), back.rend()};
}

}  // namespace

Cycle FindCycle(const State& s, const Work& w, int max_nodes) {
  max_nodes = std::min(max_nodes, 2 * kCells) & ~1;
  Cycle best;
  if (max_nodes < 4 || w.bivalue.Count() < 2) return best;
  BivalueGraph graph;
  graph.Build(s, w);
  YCycleSearch search(graph);
  for (int source = 0; source < 2 * graph.count && max_nodes >= 4; ++source) {
    search.From(source, max_nodes / 2, [&](int off, int nodes) {
      // The first found wins a tie: a later one needs fewer nodes, so none from this start can.
      if (nodes > max_nodes) return true;
      std::array<CellSet, kDigits> removable;
      search.Removable(s, off, &removable);
      bool any = false;
      for (const CellSet& cells : removable) any |= cells.Any();
      if (!any) return false;
      best = {kCycleBase + ChainLengthBonus(nodes - 2), nodes, removable, source};
      best.start = graph.cell[source / 2] * kDigits + graph.digit[source / 2][source & 1];
      max_nodes = nodes - 2;
      return true;
    });
  }
  return best;
}

bool ApplyCycle(State& s, const Cycle& cycle) {
  if (cycle.rating == 0) return false;
  bool any = false;
  for (int d = 0; d < kDigits; ++d) any |= Eliminate(s, d, cycle.removable[d]);
  return any;
}

void ShowCycle(const State& s, const Work& w, const Cycle& cycle, Step* step) {
  // The search again from the cycle's start, to the first cycle of its length that removes what
  // it removes: the one FindCycle took.
  BivalueGraph graph;
  graph.Build(s, w);
  YCycleSearch search(graph);
  search.From(cycle.source, cycle.nodes / 2, [&](int off, int nodes) {
    std::array<CellSet, kDigits> removable;
    search.Removable(s, off, &removable);
    if (nodes != cycle.nodes || removable != cycle.removable) return false;
    ShowChain(search.Nodes(off), step);
    return true;
  });
}

}  // namespace sudoku::core_internal
