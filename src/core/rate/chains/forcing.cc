// Forcing chains of the logical solver (chains/chains.h), found and rated as Sudoku Explainer 1.2.1
// does (docs/se-rules.md).
//
// SE reasons on candidates with a state, "r1c1 is 5" (on) or "r1c1 is not 5" (off). A candidate
// on turns off every candidate of its digit that it sees and the other candidates of its cell
// (the cell links, left out by single-digit chains); a candidate off turns on the other place of
// its digit in a house where the digit has two places and, through a cell link, the other digit
// of a bivalue cell. A chain's node count (SE's "complexity") is the number of candidates, each
// with its state, that its conclusion descends from; it rates base + ChainLengthBonus(nodes - 2).
//
// Forcing chains (SE's "forcing chains and cycles", tried with one digit, then with cell links
// too): a candidate T assumed on that turns itself off is removed; assumed off, it turns itself
// on, and the other candidates of its cell go. SE follows the implications layer by layer from
// every candidate, so each assumption's shortest chain is the one found; the search here finds
// the same length from layers half as deep (ChainFrom), whole layers being sets of candidates,
// per digit a cell set. FindForcingChain follows the layers of every assumption at once
// (AllSources), one bit per assumption, and measures with ChainFrom only the assumptions whose
// layers show a chain.
//
// Nishio forcing chains (SE 7.5 and up), tried where no forcing chain applies, are in
// rate/chains/nishio.cc.
//
// Multiple forcing chains (SE 8.0 and up), where no Nishio chain applies, are in
// rate/chains/multiple.cc: they read the implications a search that found no chain followed.
#include <algorithm>
#include <array>
#include <climits>
#include <memory>
#include <new>

#include "core/rate/chains/chains.h"
#include "core/rate/chains/implications.h"
#include "core/rate/chains/words.h"

namespace sudoku::core_internal {
namespace {

// The node count of the shortest chain by which candidate (cell, d), assumed on (`from_on`) or
// off, comes back in the other state, if it has at most `max_nodes`; else 0.
//
// The links are symmetric: if a forces b, not-b forces not-a. So a chain of L links from the
// assumption A to not-A exists iff some candidate x and its negation are both reached from A at
// depths adding up to L (A forces x, and A forces not-x, so x forces not-A), and on the shortest
// chain, its middle candidate and that one's negation are both within ceil(L / 2) layers. The
// search therefore goes half as deep as the chain: it stops at the layer past which no pair can
// beat the best found or the bound. The assumption is node 1, so a chain of L links has L + 1.
int ChainFrom(const Links& links, int cell, int d, bool from_on, int max_nodes) {
  // The first layers are kept whole, to find a pair's depth with a few set operations; deeper
  // ones, which only uncapped searches reach, by their candidates' depths.
  constexpr int kKept = 24;
  const int max_links = max_nodes - 1;
  union Kept {  // left unset: each layer is stored before it is read
    Kept() {}
    Potentials layer[kKept];
  } kept;
  uint16_t depth[2][kCells * kDigits];  // [0] on, [1] off: set for candidates of layers >= kKept
  Potentials seen[2], layer;
  const int start = from_on ? 0 : 1;
  seen[start].of[d].Set(cell);
  layer.of[d].Set(cell);
  kept.layer[0] = layer;
  int best = INT_MAX;
  for (int k = 1, to = 1 - start; k <= (max_links + 1) / 2 && k < best; ++k, to = 1 - to) {
    Potentials next = to == 1 ? links.OffFrom(layer) : links.OnFrom(layer);
    next.Remove(seen[to]);
    if (!next.Any()) break;
    Potentials pairs = next;
    pairs.Keep(seen[1 - to]);
    if (pairs.Any()) {
      // The shallowest layer holding a negation: layers of the other state have the other parity.
      int j = (k + 1) % 2;
      for (; j < k && j < kKept; j += 2) {
        Potentials in_layer = pairs;
        in_layer.Keep(kept.layer[j]);
        if (in_layer.Any()) break;
      }
      if (j < k && j < kKept) {
        best = std::min(best, k + j);
      } else {
        for (int v = 0; v < kDigits; ++v) {
          pairs.of[v].ForEach(
              [&](int c) { best = std::min(best, k + depth[1 - to][c * kDigits + v]); });
        }
      }
    }
    if (k < kKept) {
      kept.layer[k] = next;
    } else {
      for (int v = 0; v < kDigits; ++v) {
        next.of[v].ForEach([&](int c) { depth[to][c * kDigits + v] = static_cast<uint16_t>(k); });
      }
    }
    seen[to].Add(next);
    layer = next;
  }
  return best <= max_links ? best + 1 : 0;
}

// The most nodes a chain of `base` may have to beat a chain of rating `rating` and `nodes` nodes
// (rating 0: none; the cheaper rating wins, then the fewer nodes). Less than 2: none can.
int MaxNodesToBeat(int base, int rating, int nodes) {
  if (rating == 0) return 2 * kCells * kDigits;
  int n = 1;
  while (n < 2 * kCells * kDigits) {
    const int r = base + ChainLengthBonus(n + 1 - 2);
    if (r > rating || (r == rating && n + 1 >= nodes)) break;
    ++n;
  }
  return n;
}

thread_local std::unique_ptr<ForcingScratch> t_forcing;

// Empties the sets of `count` nodes.
template <int W>
void EmptySets(uint64_t* sets, const int16_t* nodes, int count) {
  for (int a = 0; a < count; ++a) Words<W>::Zero().Store(sets + nodes[a] * W);
}

// Sets the sets of a search's start (AllSources::Start), one pass over the nodes in place of a
// call to memset then one over the sources: each node's set of sources that reached it, and
// frontier's sets of the source nodes, each its own source.
template <int W>
void StartSets(uint64_t* seen, uint64_t* frontier, const int16_t* node, int16_t* active,
               int sources, int nodes) {
  int a = 0;
  for (int n = 0; n < nodes; ++n) {
    uint64_t* row = seen + n * W;
    Words<W>::Zero().Store(row);
    if (a < sources && node[a] == n) {  // sources are numbered in node order
      const uint64_t bit = uint64_t{1} << (a & 63);
      row[a >> 6] = bit;
      frontier[n * W + (a >> 6)] = bit;
      active[a] = static_cast<int16_t>(n);
      ++a;
    }
  }
}

// Ors the last layer's set of each of its nodes (`active`, `count` of them, sets in `from`) into
// the sets of the nodes it implies (in `to`), emptying it; with kMark, marks those nodes in
// `touched`.
template <int W, bool kMark>
void Push(const int16_t* active, int count, uint64_t* from, uint64_t* to, const LinkGraph& graph,
          const int* end, uint64_t* touched) {
  for (int a = 0; a < count; ++a) {
    const int x = active[a];
    uint64_t* f = from + x * W;
    const Words<W> set = Words<W>::Load(f);
    Words<W>::Zero().Store(f);
    // Unsigned offsets and a local end: no sign extension, no reload of the end past each
    // store, in the loop that costs the most.
    const int16_t* const stop = graph.edges + end[x];
    for (const int16_t* e = graph.edges + graph.start[x]; e != stop; ++e) {
      const size_t y = static_cast<uint16_t>(*e);
      if constexpr (kMark) touched[y >> 6] |= uint64_t{1} << (y & 63);
      uint64_t* n = to + y * W;
      (Words<W>::Load(n) | set).Store(n);
    }
  }
}

// Takes the new layer's sets of nodes into account (AllSources::StepOf): each node's new set is
// the sources that reached it, less those that reached it before and the dead ones; a source
// that reaches a node whose negation it has reached has a pair. Nodes come one by one (`Node`),
// or both nodes of a candidate, 2q (on) and 2q + 1 (off), together (`Candidate`): each one's
// set is the other's negation, and the two are next to each other.
template <int W>
class LayerUpdate {
 public:
  LayerUpdate(uint64_t* to, uint64_t* seen, const uint64_t* live, int16_t* active)
      : to_(to), seen_(seen), active_(active), live_(Words<W>::Load(live)) {}

  void Node(int y) {
    uint64_t* n = to_ + y * W;
    uint64_t* seen = seen_ + y * W;
    const Words<W> before = Words<W>::Load(seen);
    const Words<W> now = Words<W>::Load(n).AndNot(before) & live_;
    now.Store(n);
    (before | now).Store(seen);
    found_ = found_ | (now & Words<W>::Load(seen_ + (y ^ 1) * W));
    active_[count_] = static_cast<int16_t>(y);
    count_ += !now.Empty();
  }

  // Updates both nodes even if neither was reached (their sets stay empty, nothing else
  // changes): in the large layers that come here, most candidates were, and the test cost more
  // than it saved.
  void Candidate(int q) {
    uint64_t* n = to_ + 2 * q * W;
    const Words<W> in_on = Words<W>::Load(n), in_off = Words<W>::Load(n + W);
    uint64_t* seen = seen_ + 2 * q * W;
    const Words<W> seen_on = Words<W>::Load(seen), seen_off = Words<W>::Load(seen + W);
    const Words<W> on = in_on.AndNot(seen_on) & live_, off = in_off.AndNot(seen_off) & live_;
    on.Store(n);
    off.Store(n + W);
    const Words<W> now_on = seen_on | on;
    now_on.Store(seen);
    (seen_off | off).Store(seen + W);
    found_ = found_ | (on & seen_off) | (off & now_on);
    active_[count_] = static_cast<int16_t>(2 * q);
    count_ += !on.Empty();
    active_[count_] = static_cast<int16_t>(2 * q + 1);
    count_ += !off.Empty();
  }

  int count() const { return count_; }
  void Found(uint64_t* pairs) const { found_.Store(pairs); }

 private:
  uint64_t* const to_;
  uint64_t* const seen_;
  int16_t* const active_;
  int count_ = 0;
  const Words<W> live_;  // a copy the compiler can keep in registers
  Words<W> found_ = Words<W>::Zero();
};

}  // namespace

void LinkGraph::Build(const State& s, const Work& w) {
  // A cell's candidates are numbered in a row, size[c] of them from first[c]: its cell mates
  // need no lookup.
  int16_t first[kCells];
  uint8_t size[kCells];
  count = 0;
  s.empty.ForEach([&](int c) {
    first[c] = static_cast<int16_t>(count);
    for (uint16_t m = w.masks[c]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      index[d][c] = static_cast<int16_t>(count);
      cell[count] = static_cast<uint8_t>(c);
      digit[count++] = static_cast<uint8_t>(d);
    }
    size[c] = static_cast<uint8_t>(count - first[c]);
  });
  // The strong links, found house by house rather than candidate by candidate: the "on" nodes
  // each candidate's "off" implies through its digit's houses (one per house, so twice where
  // two houses hold the same pair, which implies nothing more).
  uint8_t strong_count[kCells * kDigits];
  int16_t strong[kCells * kDigits][3];
  std::fill_n(strong_count, count, 0);
  for (int d = 0; d < kDigits; ++d) {
    for (uint32_t houses = w.houses_with_count[d][2]; houses; houses &= houses - 1) {
      const CellSet pair = s.cand[d] & House(std::countr_zero(houses));
      // The pair's cells: the lower, then the lower of the rest.
      const uint64_t lo = pair.lo, hi = pair.hi;
      const int first = lo != 0 ? std::countr_zero(lo) : 64 + std::countr_zero(hi);
      const uint64_t rest_lo = lo & (lo - 1), rest_hi = lo != 0 ? hi : hi & (hi - 1);
      const int second = rest_lo != 0 ? std::countr_zero(rest_lo) : 64 + std::countr_zero(rest_hi);
      const int a = index[d][first], b = index[d][second];
      strong[a][strong_count[a]++] = static_cast<int16_t>(2 * b);
      strong[b][strong_count[b]++] = static_cast<int16_t>(2 * a);
    }
  }
  int e = 0;
  for (int i = 0; i < count; ++i) {
    const int c = cell[i], d = digit[i];
    start[2 * i] = e;
    (Peers(c) & s.cand[d]).ForEach([&](int p) {
      edges[e++] = static_cast<int16_t>(2 * index[d][p] + 1);
    });
    one_digit_end[2 * i] = e;
    const int from = first[c], to = from + size[c];
    for (int j = from; j < to; ++j) {
      edges[e] = static_cast<int16_t>(2 * j + 1);
      e += j != i;
    }
    start[2 * i + 1] = e;
    for (int k = 0; k < strong_count[i]; ++k) edges[e++] = strong[i][k];
    one_digit_end[2 * i + 1] = e;
    if (to - from == 2) edges[e++] = static_cast<int16_t>(2 * (2 * from + 1 - i));
  }
  start[2 * count] = e;
}

void AllSources::Start(const LinkGraph& graph, bool cells) {
  // Outside the last layer's sets both buffers are empty (as made, and as StepOf leaves them):
  // emptying those sets leaves them all empty, whatever this search's numbering.
  switch (words_) {  // the usual sizes inline, rather than a call to memset per set
    case 1:
      EmptySets<1>(frontier_[current_], active_, active_count_);
      break;
    case 2:
      EmptySets<2>(frontier_[current_], active_, active_count_);
      break;
    case 3:
      EmptySets<3>(frontier_[current_], active_, active_count_);
      break;
    case 4:
      EmptySets<4>(frontier_[current_], active_, active_count_);
      break;
    default:
      for (int a = 0; a < active_count_; ++a) {
        std::fill_n(&frontier_[current_][active_[a] * words_], words_, 0);
      }
  }
  graph_ = &graph;
  end_ = cells ? graph.start + 1 : graph.one_digit_end;
  const int nodes = 2 * graph.count;
  nodes_ = nodes;
  // Sources numbered in node order; an assumption that implies nothing has no chain.
  int sources = 0;  // a local count, not stored back past each store to node_
  for (int n = cells ? 0 : 1; n < nodes; n += cells ? 1 : 2) {
    node_[sources] = static_cast<int16_t>(n);
    sources += end_[n] != graph.start[n];
  }
  sources_ = sources;
  const int need = std::max((sources_ + 63) / 64, 1);
  words_ = need <= 4    ? need
           : need <= 6  ? 6
           : need <= 8  ? 8
           : need <= 12 ? 12
           : need <= 16 ? 16
                        : kMaxWords;
  layers_ = 0;
  current_ = 0;
  active_count_ = sources_;
  for (int j = 0; j < words_; ++j) {
    const int begin = 64 * j, end = std::min(sources_, begin + 64);
    live_[j] = end <= begin ? 0 : ~uint64_t{0} >> (64 - (end - begin));
  }
  switch (words_) {
    case 1:
      return StartSets<1>(seen_, frontier_[0], node_, active_, sources_, nodes);
    case 2:
      return StartSets<2>(seen_, frontier_[0], node_, active_, sources_, nodes);
    case 3:
      return StartSets<3>(seen_, frontier_[0], node_, active_, sources_, nodes);
    case 4:
      return StartSets<4>(seen_, frontier_[0], node_, active_, sources_, nodes);
    default:
      break;
  }
  std::fill_n(seen_, nodes * words_, 0);
  for (int a = 0; a < sources_; ++a) {
    const int n = node_[a];
    const uint64_t bit = uint64_t{1} << (a & 63);
    frontier_[0][n * words_ + (a >> 6)] = bit;
    seen_[n * words_ + (a >> 6)] = bit;
    active_[a] = static_cast<int16_t>(n);
  }
}

template <int W>
void AllSources::StepOf(uint64_t* pairs) {
  uint64_t* from = frontier_[current_];
  uint64_t* to = frontier_[current_ ^ 1];
  ++layers_;
  // Both buffers are empty but for the last layer's sets, emptied as they are read. A layer of
  // less than half the nodes marks the nodes it reaches, so as to update those alone; a larger
  // one updates every candidate, which costs less than marking.
  LayerUpdate<W> update(to, seen_, live_, active_);
  if (2 * active_count_ < nodes_) {
    uint64_t touched[kMaxWords];
    std::fill_n(touched, (nodes_ + 63) / 64, 0);
    Push<W, true>(active_, active_count_, from, to, *graph_, end_, touched);
    for (int j = 0; j < (nodes_ + 63) / 64; ++j) {
      for (uint64_t bits = touched[j]; bits; bits &= bits - 1) {
        update.Node(64 * j + std::countr_zero(bits));
      }
    }
  } else {
    Push<W, false>(active_, active_count_, from, to, *graph_, end_, nullptr);
    for (int q = 0; q < nodes_ / 2; ++q) update.Candidate(q);
  }
  active_count_ = update.count();
  update.Found(pairs);
  current_ ^= 1;
}

ForcingScratch& ThreadForcingScratch() {
  if (t_forcing == nullptr) t_forcing = std::make_unique<ForcingScratch>();
  return *t_forcing;
}

const ForcingScratch* CompleteForcingSearch(const State& s) {
  const ForcingScratch* scratch = t_forcing.get();
  return scratch != nullptr && scratch->complete && scratch->cand == s.cand ? scratch : nullptr;
}

bool ForcingSearchComplete(const State& s) { return CompleteForcingSearch(s) != nullptr; }

bool ApplyCandidate(State& s, const Work&, int cell, int d, bool place) {
  if (!place) return Eliminate(s, d, CellSet::Of(cell));
  // SE sets the digit, which leaves the cell's peers too (its hint's apply).
  if (!s.empty.Has(cell)) return false;
  PlaceDigit(s, cell, d);
  return true;
}

ForcingChain FindForcingChain(const State& s, const Work& w, int bound) {
  ForcingScratch& scratch = ThreadForcingScratch();
  scratch.complete = false;
  const LinkGraph& c = scratch.links;
  scratch.links.Build(s, w);
  // Each graph's search starts when first chosen: one whose chains cannot beat the bound or the
  // best chain found is never set up. Until then its bound is that of its start (no layer
  // followed), which is no more than the one Start sets: chosen, it starts and the choice is
  // made again, so the layers followed are those of searches started up front.
  bool started[2] = {false, false};
  const int limit = bound != 0 ? bound : INT_MAX;
  constexpr int kBase[2] = {kXChainBase, kMixedChainBase};  // [g]
  ForcingChain best;
  int best_key = INT_MAX;  // cells * kMaxNodes + node: SE's order of assumptions
  // The cheapest chain graph g's unmeasured sources may still have, if it can match the best.
  auto lower_bound = [&](int g, int* rating, int* nodes) {
    const AllSources& graph = scratch.graph[g];
    if (started[g] && graph.Exhausted()) return false;
    *nodes = started[g] ? 2 * graph.layers() + 2 : 2;
    *rating = kBase[g] + ChainLengthBonus(*nodes - 2);
    if (*rating > limit) return false;
    return best.rating == 0 || *rating < best.rating ||
           (*rating == best.rating && *nodes <= best.nodes);
  };
  // Made when first needed, in the scratch: a std::optional would clear its storage.
  Links* links[2] = {nullptr, nullptr};
  // Each round follows one layer of the graph whose unmeasured sources may hold the cheapest
  // chain. Chains measured are compared by rating, nodes, then SE's order of assumptions, so
  // the order they are measured in leaves the result as a search in SE's order finds it.
  for (;;) {
    int r0 = 0, n0 = 0, r1 = 0, n1 = 0;
    const bool go0 = lower_bound(0, &r0, &n0), go1 = lower_bound(1, &r1, &n1);
    if (!go0 && !go1) break;
    const int g = !go0 || (go1 && (r1 < r0 || (r1 == r0 && n1 < n0))) ? 1 : 0;
    AllSources& graph = scratch.graph[g];
    if (!started[g]) {
      graph.Start(c, g == 1);
      started[g] = true;
      continue;
    }
    uint64_t pairs[AllSources::kMaxWords];
    graph.Step(pairs);
    const int base = kBase[g];
    for (int i = 0; i < graph.words(); ++i) {
      for (uint64_t bits = pairs[i]; bits; bits &= bits - 1) {
        const int source = 64 * i + std::countr_zero(bits);
        graph.Kill(source);
        const int a = graph.Node(source);
        const int key = g * AllSources::kMaxNodes + a;
        const int cell = c.cell[a / 2], d = c.digit[a / 2];
        const bool from_on = a % 2 == 0;
        int max_nodes =
            limit == INT_MAX ? 2 * kCells * kDigits : MaxNodesToBeat(base, limit, INT_MAX);
        if (best.rating != 0) {
          // An earlier assumption wins a tie.
          max_nodes = std::min(
              max_nodes, MaxNodesToBeat(base, best.rating, best.nodes + (key < best_key ? 1 : 0)));
        }
        if (max_nodes < 4) continue;
        if (links[g] == nullptr) links[g] = new (scratch.links_storage[g]) Links(s, w, g == 1);
        const int nodes = ChainFrom(*links[g], cell, d, from_on, max_nodes);
        if (nodes == 0) continue;
        best = {base + ChainLengthBonus(nodes - 2), nodes, g == 1, cell, d, !from_on};
        best_key = key;
      }
    }
  }
  if (limit == INT_MAX && best.rating == 0) {
    scratch.complete = true;
    scratch.cand = s.cand;
  }
  return best;
}

bool ApplyForcingChain(State& s, const Work& w, const ForcingChain& chain) {
  return chain.rating != 0 && ApplyCandidate(s, w, chain.cell, chain.digit, chain.place);
}

}  // namespace sudoku::core_internal
