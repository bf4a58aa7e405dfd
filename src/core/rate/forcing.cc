// Forcing chains of the logical solver (rate/logic.h), found and rated as Sudoku Explainer 1.2.1
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
// rate/nishio.cc.
//
// Multiple forcing chains (SE 8.0 and up), where no Nishio chain applies: the implications of
// each candidate of a cell with three or more (a cell forcing chain), or of each place of a digit
// in a house (a region forcing chain), followed without updating the grid up to the first
// contradiction; what all of them force is forced. Each candidate is reached once, by its first
// cause, so its nodes are its depth plus one, and a conclusion's are the sum over the branches.
// Which chains conclude anything comes from each candidate's implications alone: in the step
// loop, read from the forcing chain search that just found no chain in the same state (with no
// chain, no assumption meets a contradiction, so its implications are all it reaches: the sets
// that search holds); elsewhere followed once per candidate. The depths are followed only for
// the chains that conclude anything, and no deeper than can still match the cheapest so far.
#include <algorithm>
#include <array>
#include <climits>
#include <memory>
#include <new>

#include "core/rate/logic.h"

namespace sudoku::core_internal {
namespace {

// Candidates of one state: per digit, the cells.
struct Potentials {
  std::array<CellSet, kDigits> of{};

  bool Any() const {
    CellSet all;
    for (const CellSet& cells : of) all |= cells;
    return all.Any();
  }
  void Remove(const Potentials& o) {
    for (int d = 0; d < kDigits; ++d) of[d] &= ~o.of[d];
  }
  void Add(const Potentials& o) {
    for (int d = 0; d < kDigits; ++d) of[d] |= o.of[d];
  }
  void Keep(const Potentials& o) {
    for (int d = 0; d < kDigits; ++d) of[d] &= o.of[d];
  }
};

// The implications between candidates of one state, whole sets at a time.
class Links {
 public:
  // With `cells`, the cell links too (SE's XY search), else one digit's links only (X).
  Links(const State& s, const Work& w, bool cells) : s_(s), w_(w), cells_(cells) {
    for (int d = 0; d < kDigits; ++d) {
      for (uint32_t houses = w.houses_with_count[d][2]; houses; houses &= houses - 1) {
        linked_[d] |= s.cand[d] & House(std::countr_zero(houses));
      }
      // Only the linked cells' entries are read: those alone are cleared.
      linked_[d].ForEach([&](int cell) { strong_.of[d][cell] = CellSet{}; });
      for (uint32_t houses = w.houses_with_count[d][2]; houses; houses &= houses - 1) {
        const CellSet pair = s.cand[d] & House(std::countr_zero(houses));
        const int a = pair.First(), b = (pair & ~CellSet::Of(a)).First();
        strong_.of[d][a] |= CellSet::Of(b);
        strong_.of[d][b] |= CellSet::Of(a);
      }
    }
  }

  // The candidates that `on` turns off.
  Potentials OffFrom(const Potentials& on) const {
    Potentials off;
    CellSet any, twice;  // cells with a candidate on, with two
    for (int d = 0; d < kDigits; ++d) {
      CellSet seen;
      on.of[d].ForEach([&](int cell) { seen |= Peers(cell); });
      off.of[d] = seen & s_.cand[d];
      twice |= any & on.of[d];
      any |= on.of[d];
    }
    if (cells_) {
      for (int d = 0; d < kDigits; ++d) off.of[d] |= s_.cand[d] & ((any & ~on.of[d]) | twice);
    }
    return off;
  }

  // The candidates that `off` turns on.
  Potentials OnFrom(const Potentials& off) const {
    Potentials on;
    for (int d = 0; d < kDigits; ++d) {
      CellSet to;
      (off.of[d] & linked_[d]).ForEach([&](int cell) { to |= strong_.of[d][cell]; });
      on.of[d] |= to;
      if (!cells_) continue;
      const CellSet bivalue = off.of[d] & w_.bivalue;
      if (bivalue.Empty()) continue;
      for (int e = 0; e < kDigits; ++e) {
        if (e != d) on.of[e] |= bivalue & s_.cand[e];
      }
    }
    return on;
  }

 private:
  const State& s_;
  const Work& w_;
  const bool cells_;
  std::array<CellSet, kDigits> linked_{};  // cells with a strong link on the digit
  // The cells strongly linked to each cell, set for the cells of linked_ alone.
  union Strong {
    Strong() {}
    CellSet of[kDigits][kCells];
  } strong_;
};

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

// The implications of one candidate assumed on, without updating the grid (SE's static
// chaining), up to the first contradiction, with the depth at which each candidate is reached
// (the assumption 0). SE follows them one at a time, but each candidate first in a breadth-first
// order, so by layers the depths are the same; at a contradiction SE keeps part of the last layer
// or two, this none of the layer that meets it.
class Implications {
 public:
  explicit Implications(const Links& links) : links_(links) {}

  // Up to `max_depth` layers: what lies deeper is left out.
  void From(int cell, int d, int max_depth = INT_MAX);

  Potentials on, off;
  uint16_t on_depth[kCells * kDigits];  // valid where `on` (`off`) holds the candidate
  uint16_t off_depth[kCells * kDigits];

 private:
  const Links& links_;
};

void Implications::From(int cell, int d, int max_depth) {
  on = off = Potentials{};
  on.of[d].Set(cell);
  on_depth[cell * kDigits + d] = 0;
  Potentials layer = on;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const bool to_off = depth % 2 == 1;
    Potentials next = to_off ? links_.OffFrom(layer) : links_.OnFrom(layer);
    next.Remove(to_off ? off : on);
    Potentials clash = next;
    clash.Keep(to_off ? on : off);
    if (!next.Any() || clash.Any()) return;
    (to_off ? off : on).Add(next);
    uint16_t* depths = to_off ? off_depth : on_depth;
    for (int v = 0; v < kDigits; ++v) {
      next.of[v].ForEach([&](int c) { depths[c * kDigits + v] = static_cast<uint16_t>(depth); });
    }
    layer = next;
  }
}

// What every branch of a cell or region forcing chain forces, with the nodes summed over them.
struct Common {
  Potentials on, off;
  uint16_t on_nodes[kCells * kDigits];  // valid for candidates in `on` (`off`)
  uint16_t off_nodes[kCells * kDigits];
  bool first = true;

  bool Any() const { return on.Any() || off.Any(); }

  void Join(const Implications& branch) {
    if (first) {
      on = branch.on;
      off = branch.off;
    } else {
      on.Keep(branch.on);
      off.Keep(branch.off);
    }
    Sum(on, branch.on_depth, on_nodes);
    Sum(off, branch.off_depth, off_nodes);
    first = false;
  }

 private:
  void Sum(const Potentials& common, const uint16_t* depth, uint16_t* nodes) const {
    for (int d = 0; d < kDigits; ++d) {
      common.of[d].ForEach([&](int c) {
        const int n = c * kDigits + d;
        nodes[n] = static_cast<uint16_t>((first ? 0 : nodes[n]) + depth[n] + 1);
      });
    }
  }
};

// The cheapest conclusion so far: what SE sorts its hints by (rating, nodes, then the kind),
// and what it removes: the other candidates of the cell (on) or the candidate (off).
struct Conclusion {
  int rating = 0;  // 0: none
  int nodes = 0;
  int kind = 0;
  int cell = 0;
  int digit = 0;
  bool on = false;

  bool BeatenBy(int r, int n, int k) const {
    if (rating == 0 || r != rating) return rating == 0 || r < rating;
    return n != nodes ? n < nodes : k < kind;
  }
};

// Keeps in *best the cheapest conclusion of `common` (kind: 5 cell, 6 region, as SE sorts).
void KeepCheapest(const Common& common, int kind, Conclusion* best) {
  for (int on = 1; on >= 0; --on) {
    const Potentials& set = on ? common.on : common.off;
    const uint16_t* nodes = on ? common.on_nodes : common.off_nodes;
    for (int d = 0; d < kDigits; ++d) {
      set.of[d].ForEach([&](int cell) {
        const int n = nodes[cell * kDigits + d];
        const int rating = kMultipleChainBase + ChainLengthBonus(n - 2);
        if (best->BeatenBy(rating, n, kind)) *best = {rating, n, kind, cell, d, on == 1};
      });
    }
  }
}

bool Apply(State& s, const Work& w, const Conclusion& c) {
  if (!c.on) return Eliminate(s, c.digit, CellSet::Of(c.cell));
  bool any = false;
  for (uint16_t m = w.masks[c.cell] & ~(1u << c.digit); m; m &= m - 1) {
    any |= Eliminate(s, std::countr_zero(m), CellSet::Of(c.cell));
  }
  return any;
}

// The implications between the candidates of a state, each with its state: node 2i (on) and
// 2i + 1 (off) for the i-th candidate in cell order, then digit order, so that a node's
// negation is node ^ 1 and node order is SE's order of assumptions. Per node, its one-digit
// links first, then its cell links.
struct LinkGraph {
  static constexpr int kMaxNodes = 2 * kCells * kDigits;
  // An "on" has at most 20 peers and 8 cell mates; an "off" 3 houses and a bivalue cell.
  static constexpr int kMaxEdges = kCells * kDigits * (20 + 8 + 3 + 1);

  int count = 0;                   // candidates
  int16_t index[kDigits][kCells];  // valid for candidates
  uint8_t cell[kCells * kDigits];
  uint8_t digit[kCells * kDigits];
  // Node n implies edges[start[n], start[n + 1]), the one-digit links up to one_digit_end[n].
  int start[kMaxNodes + 1];
  int one_digit_end[kMaxNodes];
  int16_t edges[kMaxEdges];

  void Build(const State& s, const Work& w);
};

void LinkGraph::Build(const State& s, const Work& w) {
  count = 0;
  s.empty.ForEach([&](int c) {
    for (uint16_t m = w.masks[c]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      index[d][c] = static_cast<int16_t>(count);
      cell[count] = static_cast<uint8_t>(c);
      digit[count++] = static_cast<uint8_t>(d);
    }
  });
  int e = 0;
  for (int i = 0; i < count; ++i) {
    const int c = cell[i], d = digit[i];
    start[2 * i] = e;
    (Peers(c) & s.cand[d]).ForEach([&](int p) {
      edges[e++] = static_cast<int16_t>(2 * index[d][p] + 1);
    });
    one_digit_end[2 * i] = e;
    for (uint16_t m = w.masks[c] & ~(1u << d); m; m &= m - 1) {
      edges[e++] = static_cast<int16_t>(2 * index[std::countr_zero(m)][c] + 1);
    }
    start[2 * i + 1] = e;
    const uint32_t pairs = w.houses_with_count[d][2];
    for (int h : {BoxHouse(c), RowHouse(c), ColHouse(c)}) {
      if (((pairs >> h) & 1) == 0) continue;
      const int partner = (s.cand[d] & House(h) & ~CellSet::Of(c)).First();
      edges[e++] = static_cast<int16_t>(2 * index[d][partner]);
    }
    one_digit_end[2 * i + 1] = e;
    if (w.bivalue.Has(c)) {
      const int other = std::countr_zero(static_cast<unsigned>(w.masks[c] & ~(1u << d)));
      edges[e++] = static_cast<int16_t>(2 * index[other][c]);
    }
  }
  start[2 * count] = e;
}

// Every assumption of one graph followed at once (the one-digit links, or with the cell links
// too): the breadth-first searches of ChainFrom, transposed. The assumption from a node is a
// source; per node, the sources whose current layer holds it and those that reached it at all,
// as bit sets over sources: a layer is the union, over the edges into a node, of the sets of
// the nodes they leave, a few words per edge for every source at once. A source whose new layer
// holds a node whose negation it reached has a chain (ChainFrom's pair), at most 2k - 1 links
// long at layer k; one with none after k layers has none shorter than 2k + 1 links. So
// FindForcingChain follows the layers while they can beat the best chain, and measures each
// source's chain with ChainFrom when its first pair shows.
class AllSources {
 public:
  static constexpr int kMaxNodes = LinkGraph::kMaxNodes;
  static constexpr int kMaxWords = (kMaxNodes + 63) / 64;

  // With `cells`, the cell links too, and both states as sources; else one digit's links and the
  // "off" sources (ChainFrom's searches from "on" on one digit are FindXChain's).
  void Start(const LinkGraph& graph, bool cells);

  int layers() const { return layers_; }
  bool Exhausted() const { return active_count_ == 0; }
  int words() const { return words_; }

  // Follows one layer; *pairs (words() words): the live sources that found a pair in it.
  void Step(uint64_t* pairs) {
    switch (words_) {
      case 1:
        return StepOf<1>(pairs);
      case 2:
        return StepOf<2>(pairs);
      case 3:
        return StepOf<3>(pairs);
      case 4:
        return StepOf<4>(pairs);
      case 6:
        return StepOf<6>(pairs);
      case 8:
        return StepOf<8>(pairs);
      case 12:
        return StepOf<12>(pairs);
      case 16:
        return StepOf<16>(pairs);
      default:
        return StepOf<kMaxWords>(pairs);
    }
  }
  // Stops following source a.
  void Kill(int a) { live_[a >> 6] &= ~(uint64_t{1} << (a & 63)); }
  // The node source a starts from.
  int Node(int a) const { return node_[a]; }
  int sources() const { return sources_; }
  // The sources that reached node n so far (words() words).
  const uint64_t* Reached(int n) const { return seen_ + n * words_; }

 private:
  template <int W>
  void StepOf(uint64_t* pairs);

  const LinkGraph* graph_ = nullptr;
  const int* end_ = nullptr;  // node n's edges end at end_[n]
  int nodes_ = 0;
  int sources_ = 0;
  int words_ = 1;  // per node set, rounded up to a size StepOf is compiled for
  int layers_ = 0;
  int active_count_ = 0;
  int current_ = 0;            // frontier_[current_] holds the last layer
  int16_t active_[kMaxNodes];  // the nodes of the last layer
  int16_t node_[kMaxNodes];    // node_[a]: source a's node
  uint64_t live_[kMaxWords];   // sources still followed
  uint64_t frontier_[2][kMaxNodes * kMaxWords];
  uint64_t seen_[kMaxNodes * kMaxWords];
};

void AllSources::Start(const LinkGraph& graph, bool cells) {
  // Outside the last layer's sets both buffers are empty (as made, and as StepOf leaves them):
  // emptying those sets leaves them all empty, whatever this search's numbering.
  for (int a = 0; a < active_count_; ++a) {
    std::fill_n(&frontier_[current_][active_[a] * words_], words_, 0);
  }
  graph_ = &graph;
  end_ = cells ? graph.start + 1 : graph.one_digit_end;
  const int nodes = 2 * graph.count;
  nodes_ = nodes;
  // Sources numbered in node order; an assumption that implies nothing has no chain.
  sources_ = 0;
  for (int n = 0; n < nodes; ++n) {
    if ((cells || n % 2 == 1) && end_[n] != graph.start[n]) {
      node_[sources_++] = static_cast<int16_t>(n);
    }
  }
  const int need = std::max((sources_ + 63) / 64, 1);
  words_ = need <= 4    ? need
           : need <= 6  ? 6
           : need <= 8  ? 8
           : need <= 12 ? 12
           : need <= 16 ? 16
                        : kMaxWords;
  std::fill_n(seen_, nodes * words_, 0);
  std::fill_n(live_, words_, 0);
  layers_ = 0;
  current_ = 0;
  active_count_ = 0;
  for (int a = 0; a < sources_; ++a) {
    const int n = node_[a];
    const uint64_t bit = uint64_t{1} << (a & 63);
    frontier_[0][n * words_ + (a >> 6)] = bit;
    seen_[n * words_ + (a >> 6)] = bit;
    live_[a >> 6] |= bit;
    active_[active_count_++] = static_cast<int16_t>(n);
  }
}

template <int W>
void AllSources::StepOf(uint64_t* pairs) {
  uint64_t* from = frontier_[current_];
  uint64_t* to = frontier_[current_ ^ 1];
  ++layers_;
  // Both buffers are empty but for the last layer's sets, emptied as they are read. A layer of
  // few nodes marks the nodes it reaches, so as to update those alone; a larger one (the usual
  // case with the cell links) updates every node, which costs less than marking.
  const bool sparse = 3 * active_count_ < nodes_;
  uint64_t touched[kMaxWords];
  if (sparse) std::fill_n(touched, (nodes_ + 63) / 64, 0);
  const int16_t* edges = graph_->edges;
  for (int a = 0; a < active_count_; ++a) {
    const int x = active_[a];
    uint64_t f[W];
    for (int i = 0; i < W; ++i) {
      f[i] = from[x * W + i];
      from[x * W + i] = 0;
    }
    const int first = graph_->start[x], end = end_[x];
    if (sparse) {
      for (int e = first; e < end; ++e) touched[edges[e] >> 6] |= uint64_t{1} << (edges[e] & 63);
    }
    for (int e = first; e < end; ++e) {
      uint64_t* n = to + edges[e] * W;
      for (int i = 0; i < W; ++i) n[i] |= f[i];
    }
  }
  uint64_t found[W] = {};
  uint64_t live[W];  // a copy the compiler can keep in registers
  for (int i = 0; i < W; ++i) live[i] = live_[i];
  active_count_ = 0;
  auto update = [&](int y) {
    uint64_t* n = to + y * W;
    uint64_t* seen = seen_ + y * W;
    const uint64_t* negation = seen_ + (y ^ 1) * W;
    uint64_t any = 0;
    for (int i = 0; i < W; ++i) {
      const uint64_t v = n[i] & ~seen[i] & live[i];
      n[i] = v;
      seen[i] |= v;
      found[i] |= v & negation[i];
      any |= v;
    }
    active_[active_count_] = static_cast<int16_t>(y);
    active_count_ += any != 0;
  };
  if (sparse) {
    for (int j = 0; j < (nodes_ + 63) / 64; ++j) {
      for (uint64_t bits = touched[j]; bits; bits &= bits - 1) {
        update(64 * j + std::countr_zero(bits));
      }
    }
  } else {
    for (int y = 0; y < nodes_; ++y) update(y);
  }
  for (int i = 0; i < W; ++i) pairs[i] = found[i];
  current_ ^= 1;
}

// Per thread, as the searches that use them; made at a thread's first search (about 1.9 MB
// for a state where every candidate remains: too large for the stack, and for static
// thread-local storage, which every thread would carry), so the searches allocate nothing.
struct ForcingScratch {
  LinkGraph links;
  alignas(Links) unsigned char links_storage[2][sizeof(Links)];  // [cells]
  AllSources graph[2];  // [0] one digit, [1] with the cell links
  // Set by a search that followed every assumption to its end and found no chain: graph[1] then
  // holds every assumption's implications, up to no contradiction, in the state of `cand`.
  bool complete = false;
  std::array<CellSet, kDigits> cand;
  // The implications by source, as node sets, for the multiple forcing chains (ReachBySource).
  uint64_t by_source[LinkGraph::kMaxNodes][AllSources::kMaxWords];
};
thread_local std::unique_ptr<ForcingScratch> t_forcing;

}  // namespace

ForcingChain FindForcingChain(const State& s, const Work& w, int bound, ChainConclusions* others) {
  if (others != nullptr) others->count = 0;
  if (t_forcing == nullptr) t_forcing = std::make_unique<ForcingScratch>();
  ForcingScratch& scratch = *t_forcing;
  scratch.complete = false;
  const LinkGraph& c = scratch.links;
  scratch.links.Build(s, w);
  for (int g = 0; g < 2; ++g) scratch.graph[g].Start(c, g == 1);
  const int limit = bound != 0 ? bound : INT_MAX;
  constexpr int kBase[2] = {kXChainBase, kMixedChainBase};  // [g]
  ForcingChain best;
  int best_key = INT_MAX;  // cells * kMaxNodes + node: SE's order of assumptions
  // The cheapest chain graph g's unmeasured sources may still have, if it can match the best.
  auto lower_bound = [&](int g, int* rating, int* nodes) {
    const AllSources& graph = scratch.graph[g];
    if (graph.Exhausted()) return false;
    *nodes = 2 * graph.layers() + 2;
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
        if (others != nullptr) {
          // A pair at layer k: a chain of at most 2k nodes (the negation is at most k - 1 deep).
          others->at[others->count++] = {
              static_cast<uint8_t>(cell), static_cast<uint8_t>(d), !from_on, g == 1,
              static_cast<uint8_t>(base + ChainLengthBonus(2 * graph.layers() - 2))};
        }
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
  if (chain.rating == 0) return false;
  return Apply(s, w, {chain.rating, chain.nodes, 0, chain.cell, chain.digit, chain.place});
}

namespace {

// What a candidate assumed on implies, without the depths.
struct Implied {
  Potentials on, off;
};

// One search's implications by candidate (node cell * 9 + digit): a candidate starts a branch of
// its cell's chain and of up to three houses' chains, and is followed once. Per thread, as the
// search that fills it.
thread_local std::array<Implied, kCells * kDigits> t_implied;

// The implications of each candidate assumed on, each followed on its own (Implications), once.
class ReachByBranch {
 public:
  using Set = Implied;

  ReachByBranch(const State& s, const Work& w) : links_(s, w, true), branch_(links_) {}

  const Set& Of(int cell, int d) {
    Implied& entry = t_implied[cell * kDigits + d];
    if (!ready_[d].Has(cell)) {
      branch_.From(cell, d);
      entry = {branch_.on, branch_.off};
      ready_[d].Set(cell);
    }
    return entry;
  }
  void Keep(Set* set, const Set& o) const {
    set->on.Keep(o.on);
    set->off.Keep(o.off);
  }
  bool Any(const Set& set) const { return set.on.Any() || set.off.Any(); }

 private:
  const Links links_;
  Implications branch_;
  std::array<CellSet, kDigits> ready_{};  // candidates whose t_implied this search filled
};

// A 64 x 64 bit matrix transposed in place: bit j of a[i] trades places with bit i of a[j].
void Transpose64(uint64_t a[64]) {
  uint64_t mask = 0x00000000FFFFFFFFull;
  for (int j = 32; j != 0; j >>= 1, mask ^= mask << j) {
    for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
      const uint64_t t = ((a[k] >> j) ^ a[k | j]) & mask;
      a[k] ^= t << j;
      a[k | j] ^= t;
    }
  }
}

// The same implications, read from a complete forcing chain search of the state (with no
// contradiction, each is all its assumption reaches): the search holds, per node, the sources
// that reached it; transposed a block of 64 x 64 at a time, per source the nodes it reached.
class ReachBySource {
 public:
  struct Set {
    uint64_t nodes[AllSources::kMaxWords];
  };

  explicit ReachBySource(ForcingScratch& scratch)
      : graph_(scratch.links), by_source_(scratch.by_source), words_((2 * graph_.count + 63) / 64) {
    const AllSources& search = scratch.graph[1];
    std::fill_n(source_of_, 2 * graph_.count, -1);
    for (int a = 0; a < search.sources(); ++a) source_of_[search.Node(a)] = a;
    for (int j = 0; 64 * j < search.sources(); ++j) {
      for (int b = 0; b < words_; ++b) {
        uint64_t block[64];
        for (int r = 0; r < 64; ++r) {
          const int node = 64 * b + r;
          block[r] = node < 2 * graph_.count ? search.Reached(node)[j] : 0;
        }
        Transpose64(block);
        for (int t = 0; t < 64 && 64 * j + t < search.sources(); ++t) {
          by_source_[64 * j + t][b] = block[t];
        }
      }
    }
  }

  // By value: an assumption that implies nothing is no source, and reaches only itself.
  Set Of(int cell, int d) const {
    const int node = 2 * graph_.index[d][cell];
    Set set;
    const int a = source_of_[node];
    if (a >= 0) {
      std::copy_n(by_source_[a], words_, set.nodes);
    } else {
      std::fill_n(set.nodes, words_, 0);
      set.nodes[node >> 6] = uint64_t{1} << (node & 63);
    }
    return set;
  }
  void Keep(Set* set, const Set& o) const {
    for (int i = 0; i < words_; ++i) set->nodes[i] &= o.nodes[i];
  }
  bool Any(const Set& set) const {
    uint64_t any = 0;
    for (int i = 0; i < words_; ++i) any |= set.nodes[i];
    return any != 0;
  }

 private:
  const LinkGraph& graph_;
  uint64_t (*by_source_)[AllSources::kMaxWords];
  const int words_;  // per node set
  int16_t source_of_[LinkGraph::kMaxNodes];
};

// A cell chain (house -1) or a region chain, found to conclude something.
struct MultipleChain {
  int cell;
  int digit;
  int house;
};

// Which chains conclude anything, from the implications alone, in SE's order: SE starts from
// cells with three candidates or more, each digit's houses where the cell is the first place
// (so each house once), then the cell itself. Returns their count.
template <class Reach>
int ConcludingChains(const State& s, const Work& w, Reach& reach, MultipleChain* chains) {
  int count = 0;
  s.empty.ForEach([&](int cell) {
    if (PopCount(w.masks[cell]) < 3) return;
    typename Reach::Set by_cell;
    bool first = true;
    for (uint16_t m = w.masks[cell]; m; m &= m - 1) {
      const int d = std::countr_zero(m);
      const auto& own = reach.Of(cell, d);
      if (first) {
        by_cell = own;
      } else {
        reach.Keep(&by_cell, own);
      }
      first = false;
      for (int h : {BoxHouse(cell), RowHouse(cell), ColHouse(cell)}) {
        const CellSet places = s.cand[d] & House(h);
        if (places.First() != cell || places.IsSingle()) continue;
        typename Reach::Set by_house = own;
        places.ForEach([&](int x) {
          if (x != cell && reach.Any(by_house)) reach.Keep(&by_house, reach.Of(x, d));
        });
        if (reach.Any(by_house)) chains[count++] = {cell, d, h};
      }
    }
    if (reach.Any(by_cell)) chains[count++] = {cell, -1, -1};
  });
  return count;
}

}  // namespace

bool ForcingSearchComplete(const State& s) {
  return t_forcing != nullptr && t_forcing->complete && t_forcing->cand == s.cand;
}

bool FindMultipleForcingChain(State& s, const Work& w, Step* step, bool reuse_search) {
  MultipleChain chains[kCells + kHouses * kDigits];
  int count = 0;
  if (reuse_search && ForcingSearchComplete(s)) {
    ReachBySource reach(*t_forcing);
    count = ConcludingChains(s, w, reach, chains);
  } else {
    ReachByBranch reach(s, w);
    count = ConcludingChains(s, w, reach, chains);
  }
  const Links links(s, w, true);
  Implications branch(links);
  // Then the nodes of what they conclude, for the cheapest. A conclusion is no branch's
  // assumption, so at least one deep in each branch: with k branches, one that can match the best
  // so far lies at most best.nodes - 2k + 1 deep in each, and the branches are followed no deeper.
  Conclusion best;
  for (int i = 0; i < count; ++i) {
    const MultipleChain& chain = chains[i];
    const bool by_cell = chain.house < 0;
    const CellSet places = by_cell ? CellSet{} : s.cand[chain.digit] & House(chain.house);
    const int branches = by_cell ? PopCount(w.masks[chain.cell]) : places.Count();
    const int max_depth = best.rating == 0 ? INT_MAX : best.nodes - 2 * branches + 1;
    if (max_depth < 1) continue;
    Common common;
    auto join = [&](int cell, int d) {
      if (common.first || common.Any()) {
        branch.From(cell, d, max_depth);
        common.Join(branch);
      }
    };
    if (by_cell) {
      for (uint16_t m = w.masks[chain.cell]; m; m &= m - 1) join(chain.cell, std::countr_zero(m));
    } else {
      places.ForEach([&](int x) { join(x, chain.digit); });
    }
    KeepCheapest(common, by_cell ? 5 : 6, &best);
  }
  if (best.rating == 0 || !Apply(s, w, best)) return false;
  *step = {best.kind == 5 ? Technique::kCellForcingChain : Technique::kRegionForcingChain,
           best.rating, 1};
  return true;
}

}  // namespace sudoku::core_internal
