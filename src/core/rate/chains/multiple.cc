// SE's multiple forcing chains of the logical solver (chains/chains.h), found and rated as Sudoku
// Explainer 1.2.1 does (docs/se-rules.md).
//
// Cell and region forcing chains (SE 8.0 and up), where no Nishio chain applies: the
// implications of each candidate of a cell with three or more (a cell forcing chain), or of each
// place of a digit in a house (a region forcing chain), followed without updating the grid up to
// the first contradiction; what all of them force is forced. Each candidate is reached once, by its
// first cause, so its nodes are its depth plus one, and a conclusion's are the sum over the
// branches. Which chains conclude anything comes from each candidate's implications alone: in the
// step loop, read from the forcing chain search that just found no chain in the same state (with no
// chain, no assumption meets a contradiction, so its implications are all it reaches: the sets
// that search holds); elsewhere followed once per candidate. The depths are followed only for
// the chains that conclude anything, and no deeper than can still match the cheapest so far: each
// candidate once per search, and again only to go deeper.
#include <algorithm>
#include <array>
#include <climits>
#include <memory>

#include "core/board/bits.h"
#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/chains.h"
#include "core/rate/chains/implications.h"

namespace sudoku::core_internal {
namespace {

// What a candidate assumed on implies, without the depths.
struct Implied {
  Potentials on, off;
};

// The implications of one candidate assumed on, without updating the grid (SE's static
// chaining), up to the first contradiction, with the depth at which each candidate is reached
// (the assumption 0). SE follows them one at a time, but each candidate first in a breadth-first
// order, so by layers the depths are the same; at a contradiction SE keeps part of the last layer
// or two, this none of the layer that meets it.
struct Implications : Implied {
  // Up to `max_depth` layers: what lies deeper is left out. The layers are the same whatever the
  // bound, so what was followed to one bound holds what any lower bound would find, and its
  // candidates no deeper than that bound are all that one finds.
  void From(const Links& links, int cell, int d, int max_depth = INT_MAX);
  // True iff `on` and `off` hold all that From would find up to `max_depth` layers.
  bool Covers(int max_depth) const { return complete || max_depth <= followed; }

  uint16_t on_depth[kCells * kDigits];  // valid where `on` (`off`) holds the candidate
  uint16_t off_depth[kCells * kDigits];
  int followed = 0;       // the layers followed
  bool complete = false;  // true iff the implications ended before the bound
};

void Implications::From(const Links& links, int cell, int d, int max_depth) {
  on = off = Potentials{};
  on.of[d].Set(cell);
  on_depth[cell * kDigits + d] = 0;
  complete = true;
  Potentials layer = on;
  for (int depth = 1; depth <= max_depth; ++depth) {
    const bool to_off = depth % 2 == 1;
    Potentials next = to_off ? links.OffFrom(layer) : links.OnFrom(layer);
    Potentials& same = to_off ? off : on;
    const Potentials& other = to_off ? on : off;
    // One pass for what is new and whether it meets its negation, one to keep it.
    CellSet clash;
    uint32_t digits = 0;  // those with a new candidate
    for (int v = 0; v < kDigits; ++v) {
      next.of[v] &= ~same.of[v];
      if (next.of[v].Any()) digits |= 1u << v;
      clash |= next.of[v] & other.of[v];
    }
    if (digits == 0 || clash.Any()) return;
    uint16_t* depths = to_off ? off_depth : on_depth;
    for (uint32_t m = digits; m != 0; m &= m - 1) {
      const int v = std::countr_zero(m);
      same.of[v] |= next.of[v];
      next.of[v].ForEach([&](int c) { depths[c * kDigits + v] = static_cast<uint16_t>(depth); });
    }
    layer = next;
  }
  complete = false;
  followed = max_depth;
}

// One search's implications by candidate (cell * 9 + digit), each followed as deep as a chain
// asked for: a candidate starts a branch of its cell's chain and of up to three houses' chains,
// first to find which conclude anything, then to count their nodes. Per thread, made at its first
// search (too large for static thread-local storage).
class Followed {
 public:
  Followed(const State& s, const Work& w) : links_(s, w, true) {
    if (t_entries == nullptr) t_entries = std::make_unique<Entries>();
    entries_ = t_entries->of;
  }

  // Candidate (cell, d)'s implications, holding all those up to `max_depth` layers deep.
  const Implications& Of(int cell, int d, int max_depth = INT_MAX) {
    Implications& entry = entries_[cell * kDigits + d];
    if (!ready_[d].Has(cell) || !entry.Covers(max_depth)) {
      entry.From(links_, cell, d, max_depth);
      ready_[d].Set(cell);
    }
    return entry;
  }

 private:
  struct Entries {
    Implications of[kCells * kDigits];
  };
  static thread_local std::unique_ptr<Entries> t_entries;

  const Links links_;
  Implications* entries_;
  std::array<CellSet, kDigits> ready_{};  // candidates whose entry this search filled
};

thread_local std::unique_ptr<Followed::Entries> Followed::t_entries;

// What every branch of a cell or region forcing chain forces, with the nodes summed over them.
struct Common {
  Potentials on, off;
  uint16_t on_nodes[kCells * kDigits];  // valid for candidates in `on` (`off`)
  uint16_t off_nodes[kCells * kDigits];
  bool first = true;

  bool Any() const { return on.Any() || off.Any(); }

  // Joins a branch followed up to `max_depth` layers (what it holds deeper is left out).
  void Join(const Implications& branch, int max_depth) {
    if (first) {
      on = branch.on;
      off = branch.off;
    } else {
      on.Keep(branch.on);
      off.Keep(branch.off);
    }
    Sum(on, branch.on_depth, on_nodes, max_depth);
    Sum(off, branch.off_depth, off_nodes, max_depth);
    first = false;
  }

 private:
  void Sum(Potentials& common, const uint16_t* depth, uint16_t* nodes, int max_depth) const {
    for (int d = 0; d < kDigits; ++d) {
      CellSet deeper;
      common.of[d].ForEach([&](int c) {
        const int n = c * kDigits + d;
        if (depth[n] > max_depth) {
          deeper.Set(c);
        } else {
          nodes[n] = static_cast<uint16_t>((first ? 0 : nodes[n]) + depth[n] + 1);
        }
      });
      common.of[d] &= ~deeper;
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
  int chain = 0;  // the index of the chain that concludes it

  bool BeatenBy(int r, int n, int k) const {
    if (rating == 0 || r != rating) return rating == 0 || r < rating;
    return n != nodes ? n < nodes : k < kind;
  }
};

// The order in which SE's static chaining (doChaining) first reaches each candidate, on and off,
// from (cell, d) assumed on: an "on" is followed as soon as it is made, the "off"s in the order
// made; an "on" turns off its cell's other digits, then its digit in its box, row and column (each
// in cell order), an "off" turns on the other digit of a bivalue cell, then the other place of its
// digit in a box, row or column holding it twice. SE keeps a chain's conclusions in that order.
// rank[2 * (cell * 9 + digit) + on]: 0 where not reached.
void DiscoveryOrder(const State& s, const Work& w, int cell, int d,
                    std::array<uint16_t, 2 * kCells * kDigits>* rank) {
  rank->fill(0);
  uint16_t next = 1;
  int16_t on_queue[kCells * kDigits], off_queue[kCells * kDigits];
  int on_head = 0, on_tail = 0, off_head = 0, off_tail = 0;
  auto reach = [&](int c, int digit, bool on) {
    uint16_t& r = (*rank)[2 * (c * kDigits + digit) + (on ? 1 : 0)];
    if (r != 0) return;
    r = next++;
    (on ? on_queue[on_tail++] : off_queue[off_tail++]) = static_cast<int16_t>(c * kDigits + digit);
  };
  reach(cell, d, true);
  while (on_head < on_tail || off_head < off_tail) {
    if (on_head < on_tail) {
      const int p = on_queue[on_head++], c = p / kDigits, digit = p % kDigits;
      for (uint16_t m = w.masks[c] & ~(1u << digit); m; m &= m - 1) {
        reach(c, std::countr_zero(m), false);
      }
      const CellHouses& houses = kCellHouses[c];
      for (const CellSet& part : houses.part) {
        (part & s.cand[digit]).ForEach([&](int x) { reach(x, digit, false); });
      }
      continue;
    }
    const int p = off_queue[off_head++], c = p / kDigits, digit = p % kDigits;
    if (PopCount(w.masks[c]) == 2) reach(c, std::countr_zero(w.masks[c] & ~(1u << digit)), true);
    for (const CellSet& house : kCellHouses[c].house) {
      const CellSet places = s.cand[digit] & house;
      if (ExactlyTwo(places)) reach((places & ~CellSet::Of(c)).First(), digit, true);
    }
  }
}

// Keeps in *best the cheapest conclusion of `common`, from chain `chain` (kind: 5 cell, 6
// region, as SE sorts) whose first branch assumes (first_cell, first_digit) on. Among a chain's
// conclusions of one rating and node count, SE takes its "on"s before its "off"s, each in the
// order its first branch reached them.
void KeepCheapest(const State& s, const Work& w, const Common& common, int kind, int chain,
                  int first_cell, int first_digit, Conclusion* best) {
  Conclusion mine;
  int ties = 0;
  for (int on = 1; on >= 0; --on) {
    const Potentials& set = on ? common.on : common.off;
    const uint16_t* nodes = on ? common.on_nodes : common.off_nodes;
    for (int d = 0; d < kDigits; ++d) {
      set.of[d].ForEach([&](int cell) {
        const int n = nodes[cell * kDigits + d];
        const int rating = kMultipleChainBase + ChainLengthBonus(n - 2);
        if (mine.BeatenBy(rating, n, kind)) {
          mine = {rating, n, kind, cell, d, on == 1, chain};
          ties = 0;
        } else if (rating == mine.rating && n == mine.nodes && (on == 1) == mine.on) {
          ++ties;
        }
      });
    }
  }
  if (mine.rating == 0 || !best->BeatenBy(mine.rating, mine.nodes, kind)) return;
  if (ties > 0) {
    std::array<uint16_t, 2 * kCells * kDigits> rank;
    DiscoveryOrder(s, w, first_cell, first_digit, &rank);
    const Potentials& set = mine.on ? common.on : common.off;
    const uint16_t* nodes = mine.on ? common.on_nodes : common.off_nodes;
    int first = INT_MAX;
    for (int d = 0; d < kDigits; ++d) {
      set.of[d].ForEach([&](int cell) {
        const int r = rank[2 * (cell * kDigits + d) + (mine.on ? 1 : 0)];
        if (nodes[cell * kDigits + d] != mine.nodes || r == 0 || r >= first) return;
        first = r;
        mine.cell = cell;
        mine.digit = d;
      });
    }
  }
  *best = mine;
}

// The implications of each candidate assumed on, each followed on its own (Implications), once.
class ReachByBranch {
 public:
  using Set = Implied;

  explicit ReachByBranch(Followed& followed) : followed_(followed) {}

  const Set& Of(int cell, int d) { return followed_.Of(cell, d); }
  // Keeps in *set what `o` holds too; true iff anything remains.
  bool Keep(Set* set, const Set& o) const {
    set->on.Keep(o.on);
    set->off.Keep(o.off);
    return Any(*set);
  }
  bool Any(const Set& set) const { return set.on.Any() || set.off.Any(); }

 private:
  Followed& followed_;
};

// One stage of Transpose64: the bits of rows k and k + J (k with bit J clear) whose column has
// bit J set in row k and clear in row k + J trade places. J is a constant, so that the rows of a
// stage run in straight lines the compiler can unroll and pair in vector registers.
template <int J>
void TransposeStage(uint64_t a[64]) {
  constexpr uint64_t kMask = [] {
    uint64_t mask = 0;
    for (int p = 0; p < 64; ++p) {
      if ((p & J) == 0) mask |= uint64_t{1} << p;
    }
    return mask;
  }();
  for (int k0 = 0; k0 < 64; k0 += 2 * J) {
    for (int k = k0; k < k0 + J; ++k) {
      const uint64_t t = ((a[k] >> J) ^ a[k + J]) & kMask;
      a[k] ^= t << J;
      a[k + J] ^= t;
    }
  }
}

// A 64 x 64 bit matrix transposed in place: bit j of a[i] trades places with bit i of a[j].
void Transpose64(uint64_t a[64]) {
  TransposeStage<32>(a);
  TransposeStage<16>(a);
  TransposeStage<8>(a);
  TransposeStage<4>(a);
  TransposeStage<2>(a);
  TransposeStage<1>(a);
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
    const int nodes = 2 * graph_.count, sources = search.sources();
    for (int j = 0; 64 * j < sources; ++j) {
      const int rows = std::min(64, sources - 64 * j);  // the sources of this block
      for (int b = 0; b < words_; ++b) {
        uint64_t block[64];
        const int filled = std::min(64, nodes - 64 * b);  // the nodes of this block
        for (int r = 0; r < filled; ++r) block[r] = search.Reached(64 * b + r)[j];
        std::fill(block + filled, block + 64, 0);
        Transpose64(block);
        for (int t = 0; t < rows; ++t) by_source_[64 * j + t][b] = block[t];
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
  bool Keep(Set* set, const Set& o) const {
    uint64_t any = 0;
    for (int i = 0; i < words_; ++i) any |= set->nodes[i] &= o.nodes[i];
    return any != 0;
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
        bool any = reach.Any(by_house);
        places.ForEach([&](int x) {
          if (x != cell && any) any = reach.Keep(&by_house, reach.Of(x, d));
        });
        if (any) chains[count++] = {cell, d, h};
      }
    }
    if (reach.Any(by_cell)) chains[count++] = {cell, -1, -1};
  });
  return count;
}

// Shows each branch of `chain` (a candidate of its cell, or a place of its digit in its house,
// assumed on) to `conclusion`, as one chain each, in the state `s` the chain was found in.
void ShowBranches(const State& s, const Work& w, const MultipleChain& chain,
                  const Conclusion& conclusion, Step* step) {
  const Literal to = {conclusion.cell, conclusion.digit, conclusion.on};
  if (chain.house < 0) {
    for (uint16_t m = w.masks[chain.cell]; m; m &= m - 1) {
      ShowImplication(s, ChainLinks::kMixed, {chain.cell, std::countr_zero(m), true}, to, step);
    }
    return;
  }
  (s.cand[chain.digit] & House(chain.house)).ForEach([&](int x) {
    ShowImplication(s, ChainLinks::kMixed, {x, chain.digit, true}, to, step);
  });
}

}  // namespace

bool FindMultipleForcingChain(State& s, const Work& w, Step* step, bool reuse_search) {
  MultipleChain chains[kCells + kHouses * kDigits];
  int count = 0;
  Followed followed(s, w);
  if (reuse_search && CompleteForcingSearch(s) != nullptr) {
    ReachBySource reach(ThreadForcingScratch());
    count = ConcludingChains(s, w, reach, chains);
  } else {
    ReachByBranch reach(followed);
    count = ConcludingChains(s, w, reach, chains);
  }
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
      if (common.first || common.Any()) common.Join(followed.Of(cell, d, max_depth), max_depth);
    };
    if (by_cell) {
      for (uint16_t m = w.masks[chain.cell]; m; m &= m - 1) join(chain.cell, std::countr_zero(m));
    } else {
      places.ForEach([&](int x) { join(x, chain.digit); });
    }
    // The first branch: the cell's first candidate, or the house's first place (the chain's
    // cell).
    KeepCheapest(s, w, common, by_cell ? 5 : 6, i, chain.cell,
                 by_cell ? std::countr_zero(w.masks[chain.cell]) : chain.digit, &best);
  }
  if (best.rating == 0) return false;
  if (step->Showing()) {
    const State before = s;
    if (!ApplyCandidate(s, w, best.cell, best.digit, best.on)) return false;
    ShowBranches(before, w, chains[best.chain], best, step);
  } else if (!ApplyCandidate(s, w, best.cell, best.digit, best.on)) {
    return false;
  }
  step->Set(best.kind == 5 ? Technique::kCellForcingChain : Technique::kRegionForcingChain,
            best.rating, 1);
  return true;
}

}  // namespace sudoku::core_internal
