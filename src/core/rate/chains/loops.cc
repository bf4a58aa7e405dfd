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
  // The "on" nodes an "off" node turns on, in SE's order (the other digit of a bivalue cell in
  // the mixed pass, then the other place of the digit in the box, row and column that hold it
  // twice), each once.
  uint8_t on_count[kCells * kDigits];
  int16_t on[kCells * kDigits][4];
  // The steps of "on" node i, one round of a search: each "off" z it turns off, in SE's order
  // (the cell's other digits in the mixed pass, then the digit in the box, the row outside it,
  // the column outside it), then each "on" node b that z turns on, b in i's strongly connected
  // component (below): step_off[k], step_on[k] for k in [step_begin[i], step_begin[i + 1]). An
  // "off" that turns on nothing in the component takes no step.
  int step_begin[kCells * kDigits + 1];
  // (3 more: BuildSteps writes 4 at a time)
  int16_t step_off[kCells * kDigits * 28 * 4 + 3];
  int16_t step_on[kCells * kDigits * 28 * 4 + 3];
  // The closers of "on" node b: the nodes with a step to b (an "off" that turns b on),
  // closer[k] for k in [closer_begin[b], closer_begin[b + 1]), each once or more.
  int closer_begin[kCells * kDigits + 1];
  int16_t closer[kCells * kDigits * 28 * 4];

  // With `only` (0-8), that digit's candidates alone (the X pass links no other to them).
  void Build(const State& s, const Work& w, bool mixed, int only = -1) {
    Number(s, w, only);
    const std::array<CellSet, kDigits> linked = BuildOnLinks(s, w, mixed);
    BuildSteps(w, mixed, linked);
    FindComponents();
    KeepStepsWithinComponents();
    BuildClosers();
  }

  // component[i]: the strongly connected component of "on" node i in the graph of "on" nodes (A
  // to B where A turns off a node that turns B on). A cycle's nodes, and the path of first
  // causes to each, lie in its start's component (each reaches the start along the cycle), so
  // the search follows no link out of it: the same cycles, in the same order. single[i]: i is
  // alone in its component, on no cycle.
  int16_t component[kCells * kDigits];
  bool single[kCells * kDigits];

 private:
  // Numbers the candidates (count, cell, digit, index).
  void Number(const State& s, const Work& w, int only) {
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
  }

  // Sets on_count and on; returns, per digit, the cells whose "off" turns something on.
  std::array<CellSet, kDigits> BuildOnLinks(const State& s, const Work& w, bool mixed) {
    std::array<CellSet, kDigits> linked{};
    for (int i = 0; i < count; ++i) {
      const int c = cell[i], d = digit[i];
      int n = 0;
      on[i][0] = on[i][1] = on[i][2] = on[i][3] = 0;  // copied whole by BuildSteps
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
      if (n != 0) linked[d].Set(c);
    }
    return linked;
  }

  // Every step of every "on" node, before KeepStepsWithinComponents; the "off"s that turn
  // nothing on (outside `linked`) are passed over.
  void BuildSteps(const Work& w, bool mixed, const std::array<CellSet, kDigits>& linked) {
    int k = 0;
    // All four of z's "on" slots are copied, without a loop that the compiler makes a call to
    // memcpy; only the first on_count[z] count.
    auto add = [&](int z) {
      for (int j = 0; j < 4; ++j) {
        step_off[k + j] = static_cast<int16_t>(z);
        step_on[k + j] = on[z][j];
      }
      k += on_count[z];
    };
    for (int i = 0; i < count; ++i) {
      step_begin[i] = k;
      // A node that no "off" turns on (it turns none on: the links go both ways) is on no
      // cycle and met by no search: its steps are never taken.
      if (on_count[i] == 0) continue;
      const int c = cell[i], d = digit[i];
      if (mixed) {
        for (uint16_t m = w.masks[c] & ~(1u << d); m; m &= m - 1)
          add(index[std::countr_zero(m)][c]);
      }
      const CellSet box = House(BoxHouse(c));
      const CellSet others = linked[d] & ~CellSet::Of(c);
      auto add_cell = [&](int x) { add(index[d][x]); };
      (others & box).ForEach(add_cell);
      (others & House(RowHouse(c)) & ~box).ForEach(add_cell);
      (others & House(ColHouse(c)) & ~box).ForEach(add_cell);
    }
    step_begin[count] = k;
  }

  // Tarjan's algorithm, iterative, over the steps; a call's place is its node's next step.
  void FindComponents() {
    std::fill_n(single, count, false);
    int16_t index[kCells * kDigits], low[kCells * kDigits], stack[kCells * kDigits];
    int16_t call_node[kCells * kDigits];
    int call_step[kCells * kDigits];
    bool on_stack[kCells * kDigits];
    std::fill_n(index, count, int16_t{-1});
    std::fill_n(on_stack, count, false);
    int next_index = 0, top = 0, components = 0;
    for (int root = 0; root < count; ++root) {
      if (index[root] >= 0) continue;
      int depth = 0;
      call_node[0] = static_cast<int16_t>(root);
      call_step[0] = step_begin[root];
      index[root] = low[root] = static_cast<int16_t>(next_index++);
      stack[top++] = static_cast<int16_t>(root);
      on_stack[root] = true;
      while (depth >= 0) {
        const int n = call_node[depth];
        if (call_step[depth] < step_begin[n + 1]) {
          const int m = step_on[call_step[depth]++];
          if (index[m] < 0) {
            index[m] = low[m] = static_cast<int16_t>(next_index++);
            stack[top++] = static_cast<int16_t>(m);
            on_stack[m] = true;
            call_node[++depth] = static_cast<int16_t>(m);
            call_step[depth] = step_begin[m];
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

  // Drops the steps to an "on" node outside the component of the node they start from, in place.
  // Counts each node's closers in closer_begin[b + 1], for BuildClosers.
  void KeepStepsWithinComponents() {
    std::fill_n(closer_begin, count + 1, 0);
    int kept = 0, begin = step_begin[0];
    for (int i = 0; i < count; ++i) {
      const int end = step_begin[i + 1];
      step_begin[i] = kept;
      for (int k = begin; k < end; ++k) {
        const int b = step_on[k];
        if (component[b] != component[i]) continue;
        ++closer_begin[b + 1];
        step_off[kept] = step_off[k];
        step_on[kept++] = static_cast<int16_t>(b);
      }
      begin = end;
    }
    step_begin[count] = kept;
  }

  // closer_begin and closer, from the steps kept and their count per node (a counting sort by
  // the node turned on).
  void BuildClosers() {
    for (int b = 0; b < count; ++b) closer_begin[b + 1] += closer_begin[b];
    int next[kCells * kDigits];
    std::copy_n(closer_begin, count, next);
    for (int a = 0; a < count; ++a) {
      for (int k = step_begin[a]; k < step_begin[a + 1]; ++k) {
        closer[next[step_on[k]]++] = static_cast<int16_t>(a);
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
    if (g_.closer_begin[source] == g_.closer_begin[source + 1] || g_.single[source]) return;
    // The "on" nodes that make an "off" turning the start on: only they close a cycle in the
    // last round, so the round before it turns on no other.
    std::array<uint64_t, kWords> closers{};
    for (int k = g_.closer_begin[source]; k < g_.closer_begin[source + 1]; ++k) {
      closers[g_.closer[k] >> 6] |= uint64_t{1} << (g_.closer[k] & 63);
    }
    // The nodes not to turn on: those turned on before, and in the round before the last those
    // that are not closers.
    std::array<uint64_t, kWords> blocked{};
    blocked[source >> 6] |= uint64_t{1} << (source & 63);
    int on_count = 1, on_begin = 0;
    pending_[0] = static_cast<int16_t>(source);
    for (int round = 1; round <= rounds && on_begin < on_count; ++round) {
      const int on_end = on_count;
      const bool last = round == rounds;
      if (round + 1 == rounds) {
        for (int j = 0; j < kWords; ++j) blocked[j] |= ~closers[j];
      }
      for (int i = on_begin; i < on_end; ++i) {
        const int a = pending_[i];
        if (last && (closers[a >> 6] >> (a & 63) & 1) == 0) continue;
        for (int k = g_.step_begin[a]; k < g_.step_begin[a + 1]; ++k) {
          const int z = g_.step_off[k], b = g_.step_on[k];
          // An "off" closes a cycle iff it turns the start on (strong links go both ways). Those
          // of z's steps before this one turned on nodes that are not on a's path of causes.
          if (b == source) {
            if (round >= 2 && !Causes(a, z) && found(a, z, 2 * round)) return;
            continue;
          }
          if (last) continue;
          const uint64_t bit = uint64_t{1} << (b & 63);
          if ((blocked[b >> 6] & bit) != 0) continue;
          blocked[b >> 6] |= bit;
          off_cause_[b] = static_cast<int16_t>(z);
          on_cause_[b] = static_cast<int16_t>(a);
          pending_[on_count++] = static_cast<int16_t>(b);
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

  // True iff "off" z is among the causes of "on" a (SE follows no such "off" from a).
  bool Causes(int a, int z) const {
    for (int node = a; node != source_; node = on_cause_[node]) {
      if (off_cause_[node] == z) return true;
    }
    return false;
  }

  const LoopGraph& g_;
  int source_ = 0;
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
