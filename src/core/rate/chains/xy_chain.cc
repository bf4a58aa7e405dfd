// XY-chains of the logical solver (chains/chains.h): a breadth-first search per start over bit
// sets of graph nodes.
//
// Graph. Node 2k + j stands for "the k-th bivalue cell (in cell order) holds its j-th digit"
// (j = 0: the lower one), so node n ^ 1 is the other digit of the same cell. Node n forces node
// m when m's cell is a bivalue peer of n's cell holding n's digit and m is that cell's other
// digit. The chain from bivalue cell A assumed not to be z starts at the node "A is x" (x: A's
// other digit); reaching a node "C is z" (C != A) after k cells, z leaves every cell that sees
// both A and C, and the chain rates kMixedChainBase + ChainLengthBonus(2k).
//
// Search. Each start's search is stopped at its first eliminating layer; the cheapest chain is
// kept, the first start (in cell order, then z order) on a tie. So the starts go in that order
// and each searches only the layers that rate below the best chain so far: most stop after a
// layer or two. A start that no end node can serve is not searched. The nodes a layer forces
// are the union of one precomputed set per node of the layer, a word or three per node.
#include "core/rate/chains/chains.h"

#include <array>


namespace sudoku::core_internal {
namespace {

constexpr int kMaxNodes = 2 * kCells;

// kRating[k]: the rating of a chain of k layers' cells, k from 2 to kMaxNodes + 1 (each layer
// reaches a new node, and a cell may come twice, once per digit).
constexpr std::array<int8_t, kMaxNodes + 2> MakeRatings() {
  std::array<int8_t, kMaxNodes + 2> rating{};
  for (int k = 2; k <= kMaxNodes + 1; ++k) {
    rating[k] = static_cast<int8_t>(kMixedChainBase + ChainLengthBonus(2 * k));
  }
  return rating;
}
constexpr std::array<int8_t, kMaxNodes + 2> kRating = MakeRatings();

// A set of graph nodes, W words of 64.
template <int W>
struct NodeSet {
  uint64_t w[W];

  bool Any() const {
    uint64_t any = 0;
    for (int i = 0; i < W; ++i) any |= w[i];
    return any != 0;
  }
  void Set(int n) { w[n >> 6] |= uint64_t{1} << (n & 63); }
  void Clear(int n) { w[n >> 6] &= ~(uint64_t{1} << (n & 63)); }
  NodeSet& operator|=(const NodeSet& o) {
    for (int i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  NodeSet operator&(const NodeSet& o) const {
    NodeSet out;
    for (int i = 0; i < W; ++i) out.w[i] = w[i] & o.w[i];
    return out;
  }
  NodeSet Without(const NodeSet& o) const {
    NodeSet out;
    for (int i = 0; i < W; ++i) out.w[i] = w[i] & ~o.w[i];
    return out;
  }
  template <typename F>
  void ForEach(F&& f) const {
    for (int i = 0; i < W; ++i) {
      for (uint64_t x = w[i]; x; x &= x - 1) f(64 * i + std::countr_zero(x));
    }
  }
};

int LowDigit(uint16_t mask) { return std::countr_zero(mask); }
int HighDigit(uint16_t mask) { return std::countr_zero(static_cast<unsigned>(mask & (mask - 1))); }

template <int W>
class XySearch {
 public:
  XySearch(const State& s, const Work& w) : s_(s), w_(w) {}

  // The cheapest chain rating below `bound` (0: any), or rating 0.
  Elimination Run(int bound);

 private:
  void Build();
  void MarkEnds();
  // The rating of start n's first eliminating layer if it rates below `limit` (0: any), with
  // the end nodes of that layer in *ends; else 0.
  int Search(int n, int limit, NodeSet<W>* ends) const;
  // What start n eliminates with the end nodes `ends`.
  CellSet Hit(int n, const NodeSet<W>& ends) const;

  const State& s_;
  const Work& w_;
  int nodes_ = 0;
  int8_t cell_[kCells];                // cell_[k]: the k-th bivalue cell
  int8_t digit_[kMaxNodes];            // the digit node n stands for
  NodeSet<W> forces_[kMaxNodes];       // the nodes node n forces
  NodeSet<W> ends_[kMaxNodes];         // ends_[n]: the nodes where start n's chain eliminates
  uint8_t of_digit_[kDigits][kCells];  // of_digit_[v]: the nodes standing for v, increasing
  int8_t count_[kDigits] = {};         // of_digit_[v] has count_[v] nodes
};

template <int W>
void XySearch<W>::Build() {
  int8_t rank[kCells];
  w_.bivalue.ForEach([&](int c) {
    const int k = nodes_ >> 1;
    rank[c] = static_cast<int8_t>(k);
    cell_[k] = static_cast<int8_t>(c);
    digit_[nodes_++] = static_cast<int8_t>(LowDigit(w_.masks[c]));
    digit_[nodes_++] = static_cast<int8_t>(HighDigit(w_.masks[c]));
  });
  for (int n = 0; n < nodes_; ++n) {
    const int v = digit_[n];
    of_digit_[v][count_[v]++] = static_cast<uint8_t>(n);
    forces_[n] = ends_[n] = NodeSet<W>{};
    (Peers(cell_[n >> 1]) & w_.bivalue & s_.cand[v]).ForEach([&](int peer) {
      // The peer is not v: it is its other digit.
      forces_[n].Set(2 * rank[peer] + (LowDigit(w_.masks[peer]) == v));
    });
  }
}

// Start n (its end node e = n ^ 1, "A is z") eliminates on reaching node m ("C is z", C != A)
// iff some candidate z sees both A and C; the relation is symmetric in m and e.
template <int W>
void XySearch<W>::MarkEnds() {
  for (int z = 0; z < kDigits; ++z) {
    const uint8_t* nodes = of_digit_[z];
    for (int i = 0; i < count_[z]; ++i) {
      const int e = nodes[i];
      const CellSet targets = s_.cand[z] & Peers(cell_[e >> 1]);
      if (targets.Empty()) continue;
      for (int j = i + 1; j < count_[z]; ++j) {
        const int m = nodes[j];
        if (!(targets & Peers(cell_[m >> 1])).Any()) continue;
        ends_[e ^ 1].Set(m);
        ends_[m ^ 1].Set(e);
      }
    }
  }
}

template <int W>
int XySearch<W>::Search(int n, int limit, NodeSet<W>* ends) const {
  NodeSet<W> seen{}, layer{};
  seen.Set(n);
  layer.Set(n);
  for (int cells = 2; cells <= kMaxNodes + 1; ++cells) {
    const int rating = kRating[cells];
    if (limit != 0 && rating >= limit) return 0;
    NodeSet<W> next{};
    layer.ForEach([&](int m) { next |= forces_[m]; });
    next = next.Without(seen);
    if (!next.Any()) return 0;
    seen |= next;
    *ends = next & ends_[n];
    if (ends->Any()) return rating;
    layer = next;
    layer.Clear(n ^ 1);  // "A is z": no elimination, and no going on
  }
  return 0;  // not reached: a layer without a new node ends the search first
}

template <int W>
CellSet XySearch<W>::Hit(int n, const NodeSet<W>& ends) const {
  CellSet seen_by_ends;
  ends.ForEach([&](int m) { seen_by_ends |= Peers(cell_[m >> 1]); });
  return s_.cand[digit_[n ^ 1]] & Peers(cell_[n >> 1]) & seen_by_ends;
}

template <int W>
Elimination XySearch<W>::Run(int bound) {
  Build();
  MarkEnds();
  Elimination best;
  int limit = bound;  // a later start must rate below the best so far: it loses ties
  for (int order = 0; order < nodes_ && (limit == 0 || limit > kMixedChainBase); ++order) {
    const int n = order ^ 1;
    if (!ends_[n].Any()) continue;
    NodeSet<W> ends;
    const int rating = Search(n, limit, &ends);
    if (rating == 0) continue;
    best = {rating, digit_[n ^ 1], Hit(n, ends)};
    limit = rating;
  }
  return best;
}

}  // namespace

Elimination FindXyChain(const State& s, const Work& w, int bound) {
  if (2 * w.bivalue.Count() <= 64) return XySearch<1>(s, w).Run(bound);
  return XySearch<(kMaxNodes + 63) / 64>(s, w).Run(bound);
}

}  // namespace sudoku::core_internal
