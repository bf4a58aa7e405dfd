// XY-chains of the logical solver (logic_internal.h), every start searched at once.
//
// Graph. Node 2k + j stands for "the k-th bivalue cell (in cell order) holds its j-th digit"
// (j = 0: the lower one), so node n ^ 1 is the other digit of the same cell. Node n forces node
// m when m's cell is a bivalue peer of n's cell holding n's digit and m is that cell's other
// digit. The chain from bivalue cell A assumed not to be z starts at the node "A is x" (x: A's
// other digit); reaching a node "C is z" (C != A) after k cells, z leaves every cell that sees
// both A and C, and the chain rates kXyChainBase + ChainLengthBonus(2k).
//
// Search. The chains found are those of a breadth-first search per start, stopped at its first
// eliminating layer, the cheapest kept and the first start (in cell order, then z order) on a
// tie. Each start's search depends on nothing but its own seen set, so all starts advance
// together, one layer per pass: per node a word of start bits says which starts reach it in the
// current layer and which have seen it. One pass over the edges serves every start, where a
// search per start would walk the same edges again for each.
#include "logic_internal.h"

namespace sudoku::logic {
namespace {

constexpr int kXyChainBase = 66;
constexpr int kMaxNodes = 2 * kCells;
constexpr int kMaxPeers = 20;

struct XyGraph {
  int nodes = 0;
  int8_t cell[kCells];           // cell[k]: the k-th bivalue cell
  int8_t digit[kMaxNodes];       // the digit node n stands for
  int16_t first[kMaxNodes + 1];  // the nodes n forces: to[first[n]] to to[first[n + 1] - 1]
  uint8_t to[kMaxNodes * kMaxPeers];
  uint8_t of_digit[kDigits][kCells];  // of_digit[v]: the nodes standing for v, increasing
  int8_t count[kDigits];              // of_digit[v] has count[v] nodes
};

int LowDigit(uint16_t mask) { return std::countr_zero(mask); }
int HighDigit(uint16_t mask) { return std::countr_zero(static_cast<unsigned>(mask & (mask - 1))); }

void BuildXyGraph(const State& s, const Work& w, XyGraph* g) {
  int8_t rank[kCells];
  int k = 0;
  w.bivalue.ForEach([&](int c) {
    rank[c] = static_cast<int8_t>(k);
    g->cell[k] = static_cast<int8_t>(c);
    g->digit[2 * k] = static_cast<int8_t>(LowDigit(w.masks[c]));
    g->digit[2 * k + 1] = static_cast<int8_t>(HighDigit(w.masks[c]));
    ++k;
  });
  g->nodes = 2 * k;
  for (int8_t& count : g->count) count = 0;
  int edges = 0;
  for (int n = 0; n < g->nodes; ++n) {
    g->first[n] = static_cast<int16_t>(edges);
    const int v = g->digit[n];
    g->of_digit[v][g->count[v]++] = static_cast<uint8_t>(n);
    (Peers(g->cell[n >> 1]) & w.bivalue & s.cand[v]).ForEach([&](int peer) {
      // The peer is not v: it is its other digit.
      g->to[edges++] = static_cast<uint8_t>(2 * rank[peer] + (LowDigit(w.masks[peer]) == v));
    });
  }
  g->first[g->nodes] = static_cast<int16_t>(edges);
}

// Sets of starts (start n: the search from node n), W words of 64.
template <int W>
struct Starts {
  uint64_t w[W];

  bool Has(int n) const { return (w[n >> 6] >> (n & 63)) & 1; }
  void Set(int n) { w[n >> 6] |= uint64_t{1} << (n & 63); }
};

template <int W>
class XySearch {
 public:
  XySearch(const State& s, const XyGraph& g) : s_(s), g_(g) {}

  // The cheapest chain rating below `bound` (0: any), or rating 0.
  Elimination Run(int bound);

 private:
  void Init();
  void MarkEnds();
  // One layer for every live start; the starts whose new layer eliminates something. Sets
  // moving_ iff some start has a new layer.
  Starts<W> Advance();
  // What start n eliminates with its current layer.
  CellSet Hit(int n) const;

  const State& s_;
  const XyGraph& g_;
  bool moving_ = false;
  Starts<W> live_;              // starts still searching
  Starts<W> layer_[kMaxNodes];  // layer_[m]: starts whose newest layer holds m
  Starts<W> seen_[kMaxNodes];   // seen_[m]: starts that have reached m
  Starts<W> ends_[kMaxNodes];   // ends_[m]: starts that eliminate something on reaching m
};

template <int W>
void XySearch<W>::Init() {
  live_ = Starts<W>{};
  for (int n = 0; n < g_.nodes; ++n) {
    layer_[n] = seen_[n] = ends_[n] = Starts<W>{};
    layer_[n].Set(n);
    seen_[n].Set(n);
    live_.Set(n);
  }
}

// Start n (its end node e = n ^ 1, "A is z") eliminates on reaching node m ("C is z", C != A)
// iff some candidate z sees both A and C; the relation is symmetric in m and e.
template <int W>
void XySearch<W>::MarkEnds() {
  for (int z = 0; z < kDigits; ++z) {
    const uint8_t* nodes = g_.of_digit[z];
    for (int i = 0; i < g_.count[z]; ++i) {
      const int e = nodes[i];
      const CellSet targets = s_.cand[z] & Peers(g_.cell[e >> 1]);
      for (int j = i + 1; j < g_.count[z]; ++j) {
        const int m = nodes[j];
        if (!(targets & Peers(g_.cell[m >> 1])).Any()) continue;
        ends_[m].Set(e ^ 1);
        ends_[e].Set(m ^ 1);
      }
    }
  }
}

template <int W>
Starts<W> XySearch<W>::Advance() {
  Starts<W> reach[kMaxNodes];
  for (int m = 0; m < g_.nodes; ++m) reach[m] = Starts<W>{};
  for (int n = 0; n < g_.nodes; ++n) {
    Starts<W> from;
    uint64_t any = 0;
    for (int i = 0; i < W; ++i) any |= from.w[i] = layer_[n].w[i] & live_.w[i];
    if (any == 0) continue;
    for (int e = g_.first[n]; e < g_.first[n + 1]; ++e) {
      for (int i = 0; i < W; ++i) reach[g_.to[e]].w[i] |= from.w[i];
    }
  }
  Starts<W> hits{};
  uint64_t any = 0;
  for (int m = 0; m < g_.nodes; ++m) {
    for (int i = 0; i < W; ++i) {
      const uint64_t fresh = reach[m].w[i] & ~seen_[m].w[i];
      seen_[m].w[i] |= fresh;
      layer_[m].w[i] = fresh;
      hits.w[i] |= fresh & ends_[m].w[i];
      any |= fresh;
    }
    // Start m ^ 1 has reached its own cell's other digit: no elimination, and no going on.
    layer_[m].w[(m ^ 1) >> 6] &= ~(uint64_t{1} << ((m ^ 1) & 63));
  }
  moving_ = any != 0;
  return hits;
}

template <int W>
CellSet XySearch<W>::Hit(int n) const {
  const int z = g_.digit[n ^ 1];
  CellSet seen_by_ends;
  for (int i = 0; i < g_.count[z]; ++i) {
    const int m = g_.of_digit[z][i];
    if (ends_[m].Has(n) && layer_[m].Has(n)) seen_by_ends |= Peers(g_.cell[m >> 1]);
  }
  return s_.cand[z] & Peers(g_.cell[n >> 1]) & seen_by_ends;
}

template <int W>
Elimination XySearch<W>::Run(int bound) {
  Init();
  MarkEnds();
  Elimination best;
  int best_order = kMaxNodes;  // starts go in cell order, then z order: start n is n ^ 1th
  for (int cells = 2; cells <= g_.nodes + 1; ++cells) {
    const int rating = kXyChainBase + ChainLengthBonus(2 * cells);
    if (best.rating != 0 ? rating > best.rating : bound != 0 && rating >= bound) break;
    const Starts<W> hits = Advance();
    if (!moving_) break;
    for (int i = 0; i < W; ++i) {
      live_.w[i] &= ~hits.w[i];
      for (uint64_t x = hits.w[i]; x; x &= x - 1) {
        const int n = 64 * i + std::countr_zero(x);
        if ((n ^ 1) >= best_order) continue;
        best_order = n ^ 1;
        best = {rating, g_.digit[n ^ 1], Hit(n)};
      }
    }
  }
  return best;
}

}  // namespace

Elimination FindXyChain(const State& s, const Work& w, int bound) {
  XyGraph graph;
  BuildXyGraph(s, w, &graph);
  if (graph.nodes <= 64) return XySearch<1>(s, graph).Run(bound);
  return XySearch<(kMaxNodes + 63) / 64>(s, graph).Run(bound);
}

}  // namespace sudoku::logic
