// The implication graph of Sudoku Explainer's static chaining and the search that follows every
// assumption through it at once, shared by the forcing chains (rate/chains/forcing.cc), which
// search it, and the multiple forcing chains (rate/chains/multiple.cc), which read what a search
// that found no chain left in it. Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_CHAINS_IMPLICATIONS_H_
#define SUDOKU_CORE_RATE_CHAINS_IMPLICATIONS_H_

#include <array>
#include <cstdint>

#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// A cell's houses in SE's order: box, row, column.
constexpr int HouseOf(int cell, int which) {
  constexpr int kIndex[3] = {2, 0, 1};  // kHousePlaces holds row, column, box
  return kHousePlaces[cell].house[kIndex[which]];
}

// True iff `s` holds exactly two cells (without a bit count, which the x86-64 baseline lacks).
inline bool ExactlyTwo(CellSet s) {
  uint64_t lo = s.lo, hi = s.hi;
  if (lo != 0) {
    lo &= lo - 1;
  } else {
    hi &= hi - 1;
  }
  return lo != 0 ? (lo & (lo - 1)) == 0 && hi == 0 : hi != 0 && (hi & (hi - 1)) == 0;
}

// Per cell, what following one of its candidates one at a time reads (rate/chains/nishio.cc,
// rate/chains/dynamic.cc): its houses in SE's order (box, row, column), their numbers, and the
// parts of them an "on" turns off in SE's order: the box less the cell, then the row and the column
// outside the box. Read from one table rather than made per candidate followed.
struct CellHouses {
  CellSet house[3];
  CellSet part[3];
  int8_t number[3];
  int8_t position[3];  // the cell's place in each house: kHousePlaces's, in SE's order
};
inline constexpr std::array<CellHouses, kCells> kCellHouses = [] {
  std::array<CellHouses, kCells> table{};
  for (int cell = 0; cell < kCells; ++cell) {
    CellHouses& c = table[cell];
    for (int which = 0; which < 3; ++which) {
      c.number[which] = static_cast<int8_t>(HouseOf(cell, which));
      c.house[which] = House(c.number[which]);
      c.position[which] = kHousePlaces[cell].position[(which + 2) % 3];  // row, column, box there
    }
    c.part[0] = c.house[0] & ~CellSet::Of(cell);
    c.part[1] = c.house[1] & ~c.house[0];
    c.part[2] = c.house[2] & ~c.house[0];
  }
  return table;
}();
static_assert([] {
  for (int cell = 0; cell < kCells; ++cell) {
    for (int which = 0; which < 3; ++which) {
      if (kHousePlaces[cell].house[(which + 2) % 3] != kCellHouses[cell].number[which])
        return false;
    }
  }
  return true;
}());

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
      if (on.of[d].Empty()) continue;  // most digits, in the small layers of a search
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
      if (off.of[d].Empty()) continue;  // most digits, in the small layers of a search
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
  // "off" sources (one digit's chains from "on" are FindXChainFromOn's).
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

// What the searches keep per thread (about 1.9 MB for a state where every candidate remains: too
// large for the stack, and for static thread-local storage, which every thread would carry),
// made at a thread's first search (ThreadForcingScratch), so the searches allocate nothing.
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
// The calling thread's scratch, made at its first call.
ForcingScratch& ThreadForcingScratch();

// The calling thread's scratch if its last FindForcingChain searched `s` with no bound and found
// no chain (ForcingScratch::complete), else null.
const ForcingScratch* CompleteForcingSearch(const State& s);

// Applies a conclusion about candidate (cell, d): with `place` the digit is placed (as SE's hint
// sets it: it leaves the peers too), else it leaves the cell. False if nothing changed.
bool ApplyCandidate(State& s, const Work& w, int cell, int d, bool place);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_IMPLICATIONS_H_
