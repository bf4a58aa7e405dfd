// SE's aligned pair and triple exclusions (techniques/aligned.h): base cells whose digits, taken
// together, would leave some cell they all see with no candidate. Read from SE 1.2.1's
// AlignedExclusion and AlignedPairExclusion (docs/se-rules.md): which cells may be bases, which
// excluders count, the order in which sets of bases are tried; the first set that removes anything
// is the step.
#include "core/rate/techniques/aligned.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <iterator>
#include <utility>

#include "core/board/bits.h"

namespace sudoku::core_internal {
namespace {

constexpr int kMaxExcluders = 20;  // a cell's peers

// The base cells SE may align (its candidate list, in rows: cell order) with their excluders: the
// peers holding 2 to `size` candidates. A base holds two candidates or more, sees an excluder,
// and sees no cell with a single candidate left.
struct Bases {
  CellSet cells;
  std::array<CellSet, kCells> excluders;  // of each base
  std::array<int8_t, kCells> digits;      // the number of candidates of each base
};

void FindBases(const State& s, const Work& w, CellSet small, Bases* bases) {
  CellSet single;
  s.empty.ForEach([&](int cell) {
    if (w.masks[cell] != 0 && (w.masks[cell] & (w.masks[cell] - 1)) == 0) single.Set(cell);
  });
  s.empty.ForEach([&](int cell) {
    const uint16_t mask = w.masks[cell];
    if ((mask & (mask - 1)) == 0) return;
    const CellSet excluders = Peers(cell) & small;
    if (excluders.Empty() || Peers(cell).Meets(single)) return;
    bases->cells.Set(cell);
    bases->excluders[cell] = excluders;
    bases->digits[cell] = static_cast<int8_t>(PopCount(mask));
  });
}

// True iff `cells` holds two cells or more.
bool TwoOrMore(CellSet cells) {
  return cells.lo != 0 ? (cells.lo & (cells.lo - 1)) != 0 || cells.hi != 0
                       : (cells.hi & (cells.hi - 1)) != 0;
}

// Records the bivalue cell of digits `pair` in barred: each of its two digits is barred with the
// other (barred[d]: the digits that, taken with d, take every digit of such a cell).
void BarPair(uint16_t pair, uint16_t* barred) {
  const uint16_t high = pair & static_cast<uint16_t>(pair - 1);
  barred[std::countr_zero(pair)] |= high;
  barred[std::countr_zero(high)] |= static_cast<uint16_t>(pair & ~high);
}

// What aligning bases a and b against the excluders `common` (bivalue cells) removes: a digit of
// one base goes when each digit of the other is barred with it, by an excluder holding both or, if
// the bases see each other, by being the same. Returns true iff it removes anything, with
// remove[0] (remove[1]) the digits off a (b).
bool ExcludePair(const Work& w, int a, int b, CellSet common, uint16_t* remove) {
  uint16_t barred[kDigits] = {};
  common.ForEach([&](int cell) { BarPair(w.masks[cell], barred); });
  const bool sees = Sees(a, b);
  const auto off = [&](uint16_t mine, uint16_t other) {
    uint16_t gone = 0;
    for (unsigned r = mine; r != 0; r &= r - 1) {
      const int d = std::countr_zero(r);
      const uint16_t bar = static_cast<uint16_t>(barred[d] | (sees ? 1u << d : 0u));
      if ((other & ~bar) == 0) gone |= static_cast<uint16_t>(1u << d);
    }
    return gone;
  };
  remove[0] = off(w.masks[a], w.masks[b]);
  remove[1] = off(w.masks[b], w.masks[a]);
  return (remove[0] | remove[1]) != 0;
}

// True iff a digit d of one of three bases (masks `own`) may be barred by the excluders (their
// candidates): a combination giving d to its base covers only excluders within d and the other
// two bases' digits, so without one d stays. (Where the bases do not all see each other, each
// digit has a combination that no two of them forbid: only excluders can bar it.)
bool MayLose(const uint16_t* own, const uint16_t* excluder, int excluders) {
  const uint16_t others[3] = {static_cast<uint16_t>(own[1] | own[2]),
                              static_cast<uint16_t>(own[0] | own[2]),
                              static_cast<uint16_t>(own[0] | own[1])};
  for (int i = 0; i < excluders; ++i) {
    for (int x = 0; x < 3; ++x) {
      const uint16_t out = excluder[i] & static_cast<uint16_t>(~others[x]);
      if (out == 0 || ((out & (out - 1)) == 0 && (out & own[x]) != 0)) return true;
    }
  }
  return false;
}

// The same for three bases against excluders of two or three digits: a combination (one digit per
// base) is not allowed when two bases that see each other take one digit, or when its digits
// cover all of an excluder's; a digit goes when no allowed combination gives it to its base.
bool ExcludeTriple(const Work& w, const int* cells, CellSet common, uint16_t* remove) {
  const uint16_t mask[3] = {w.masks[cells[0]], w.masks[cells[1]], w.masks[cells[2]]};
  const bool sees01 = Sees(cells[0], cells[1]);
  const bool sees02 = Sees(cells[0], cells[2]), sees12 = Sees(cells[1], cells[2]);
  uint16_t excluder[kMaxExcluders];
  int excluders = 0;
  common.ForEach([&](int cell) { excluder[excluders++] = w.masks[cell]; });
  if (!(sees01 && sees02 && sees12) && !MayLose(mask, excluder, excluders)) return false;
  // The bivalue excluders as barred pairs of digits; the trivalue ones as they are.
  uint16_t barred[kDigits] = {};
  uint16_t triple[kMaxExcluders];
  int triples = 0;
  for (int i = 0; i < excluders; ++i) {
    const uint16_t high = excluder[i] & static_cast<uint16_t>(excluder[i] - 1);
    if ((high & (high - 1)) != 0) {
      triple[triples++] = excluder[i];
    } else {
      BarPair(excluder[i], barred);
    }
  }
  // The base with the most digits is taken all at once (p); the other two (q, r) digit by digit.
  const bool sees[3][3] = {
      {false, sees01, sees02}, {sees01, false, sees12}, {sees02, sees12, false}};
  int p = 0;
  for (int i = 1; i < 3; ++i) {
    if (PopCount(mask[i]) > PopCount(mask[p])) p = i;
  }
  const int q = p == 0 ? 1 : 0, r = p == 2 ? 1 : 2;
  uint16_t ok[3] = {0, 0, 0};
  for (unsigned rq = mask[q]; rq != 0; rq &= rq - 1) {
    const int dq = std::countr_zero(rq);
    const uint16_t bq = static_cast<uint16_t>(1u << dq);
    for (unsigned rr = mask[r]; rr != 0; rr &= rr - 1) {
      const int dr = std::countr_zero(rr);
      const uint16_t br = static_cast<uint16_t>(1u << dr);
      if ((bq == br && sees[q][r]) || (barred[dq] & br) != 0) continue;
      // The digits of p left with these two.
      uint16_t left = mask[p] & static_cast<uint16_t>(~(barred[dq] | barred[dr]));
      if (sees[p][q]) left &= static_cast<uint16_t>(~bq);
      if (sees[p][r]) left &= static_cast<uint16_t>(~br);
      for (int i = 0; i < triples && left != 0; ++i) {
        const uint16_t rest = triple[i] & static_cast<uint16_t>(~(bq | br));
        if ((rest & (rest - 1)) == 0) left &= static_cast<uint16_t>(~rest);
      }
      if (left == 0) continue;
      ok[q] |= bq;
      ok[r] |= br;
      ok[p] |= left;
      // The other digits of r can only add what is known already.
      if (ok[r] == mask[r] && ok[p] == mask[p]) break;
    }
  }
  bool any = false;
  for (int i = 0; i < 3; ++i) {
    remove[i] = static_cast<uint16_t>(mask[i] & ~ok[i]);
    any |= remove[i] != 0;
  }
  return any;
}

bool Apply(State& s, const int* cells, int size, const uint16_t* remove, Step* step) {
  for (int i = 0; i < size; ++i) {
    for (uint16_t r = remove[i]; r != 0; r &= r - 1) {
      Eliminate(s, std::countr_zero(r), CellSet::Of(cells[i]));
    }
  }
  for (int i = 0; i < size && step->Showing(); ++i) step->ShowCell(cells[i]);
  step->Set(size == 2 ? Technique::kAlignedPairExclusion : Technique::kAlignedTripleExclusion,
            TechniqueRating(size == 2 ? Technique::kAlignedPairExclusion
                                      : Technique::kAlignedTripleExclusion),
            1);
  return true;
}

// A triple's third base is one of the first two's excluders that is a base itself, in SE's order:
// the first base's peers (box, then row and column outside the box), then the second's. Those of
// `thirds` (the ones worth trying) go to `tail`; returns their number.
int TailCells(const Bases& bases, int a, int b, CellSet thirds, uint8_t* tail) {
  int count = 0;
  CellSet taken;
  for (const int base : {a, b}) {
    const CellSet excluders = bases.excluders[base];
    const CellSet box = House(BoxHouse(base));
    const CellSet parts[3] = {box, House(RowHouse(base)) & ~box, House(ColHouse(base)) & ~box};
    for (const CellSet& part : parts) {
      (part & excluders & thirds & ~taken).ForEach([&](int c) {
        tail[count++] = static_cast<uint8_t>(c);
      });
      taken |= part & excluders;
    }
  }
  return count;
}

// The sets of three bases one search has tried: a hash set of their cells, emptied by a new
// generation rather than cleared.
class TriedTriples {
 public:
  TriedTriples() {
    if (++generation_ == 0) {  // wrapped: stamps of old searches could match again
      std::fill(std::begin(stamp_), std::end(stamp_), 0u);
      generation_ = 1;
    }
  }
  // True iff {a, b, c} was not tried yet in this search (now it is).
  bool Insert(int a, int b, int c) {
    if (a > b) std::swap(a, b);
    if (b > c) std::swap(b, c);
    if (a > b) std::swap(a, b);
    const uint32_t key = static_cast<uint32_t>((a * kCells + b) * kCells + c) + 1;
    uint32_t slot = (key * 2654435761u) >> (32 - kBits);
    for (;; slot = (slot + 1) & (kSlots - 1)) {
      if (stamp_[slot] != generation_) {
        if (++used_ > kSlots / 2) return true;  // full: try again rather than lose a set
        stamp_[slot] = generation_;
        key_[slot] = key;
        return true;
      }
      if (key_[slot] == key) return false;
    }
  }

 private:
  static constexpr int kBits = 13;
  static constexpr uint32_t kSlots = 1u << kBits;
  static thread_local uint32_t stamp_[kSlots];
  static thread_local uint32_t key_[kSlots];
  static thread_local uint32_t generation_;
  uint32_t used_ = 0;
};
thread_local uint32_t TriedTriples::stamp_[TriedTriples::kSlots];
thread_local uint32_t TriedTriples::key_[TriedTriples::kSlots];
thread_local uint32_t TriedTriples::generation_ = 0;

// Searches the pair of first bases (a, b), for a triple with the third bases among `third_of`:
// true iff it removes anything, then applied.
bool SearchPair(State& s, const Work& w, const Bases& bases, int size, int a, int b,
                CellSet third_of, TriedTriples* tried, Step* step) {
  const CellSet common = bases.excluders[a] & bases.excluders[b];
  if (!TwoOrMore(common)) return false;
  int cells[3] = {a, b, 0};
  uint16_t remove[3];
  if (size == 2) {
    // A digit of one base goes only if each digit of the other is barred with it, each by an
    // excluder but for the same digit.
    const int fewest = std::min(bases.digits[a], bases.digits[b]);
    if (fewest > 3 && common.Count() + 1 < fewest) return false;
    return ExcludePair(w, a, b, common, remove) && Apply(s, cells, 2, remove, step);
  }
  // The third bases that see two of these two's excluders (peers counted bit-sliced).
  CellSet once, twice;
  common.ForEach([&](int cell) {
    twice |= once & Peers(cell);
    once |= Peers(cell);
  });
  const CellSet thirds = (bases.excluders[a] | bases.excluders[b]) & bases.cells & third_of &
                         ~(CellSet::Of(a) | CellSet::Of(b)) & twice;
  if (thirds.Empty()) return false;
  uint8_t tail[2 * kMaxExcluders];
  const int tails = TailCells(bases, a, b, thirds, tail);
  for (int t = 0; t < tails; ++t) {
    const int c = tail[t];
    // A set of three bases met again (from another pair of them) removes what it did: nothing.
    if (!tried->Insert(a, b, c)) continue;
    cells[2] = c;
    if (ExcludeTriple(w, cells, common & Peers(c), remove)) {
      return Apply(s, cells, 3, remove, step);
    }
  }
  return false;
}

// Of the first bases a (of `firsts`) whose pair with b found nothing at the last search, those
// that may find something now, given the cells that lost a candidate since (`changed`; `small`:
// the cells with 2 to `size` candidates now). A pair's search reads its two cells, the excluders
// they share and, for a triple, its third bases and their excluders; an excluder or third base
// that ceased to be one cannot make it succeed. *whole: one of the two changed, so the pair is
// searched again; *near (triples): a changed cell is an excluder of both or a third base (two or
// three candidates, an excluder of one, seeing two of theirs), so the triples whose third is
// changed or sees a changed cell are.
void Touched(const Bases& bases, int size, int b, CellSet firsts, CellSet changed, CellSet small,
             CellSet* whole, CellSet* near) {
  *near = CellSet{};
  if (changed.Has(b)) {
    *whole = firsts;
    return;
  }
  *whole = firsts & changed;
  CellSet* excluder_changed = size == 2 ? whole : near;
  (changed & small & Peers(b)).ForEach([&](int x) { *excluder_changed |= firsts & Peers(x); });
  if (size == 2) return;
  (changed & small).ForEach([&](int x) {
    const CellSet maybe = (Peers(b).Has(x) ? firsts : firsts & Peers(x)) & ~*whole & ~*near;
    maybe.ForEach([&](int a) {
      if (TwoOrMore(bases.excluders[a] & bases.excluders[b] & Peers(x))) near->Set(a);
    });
  });
  *near &= ~*whole;
}

// Which pairs of bases an aligned pair exclusion may remove anything from. A digit d leaves base
// a (with b) only if each other digit x of b is barred with d by an excluder {d, x} that sees both:
// so b sees a bivalue cell {d, x} for each such x. covered[c]: the digits d for which base c sees
// one for each of its other digits; by_digit[d]: the bases covered for d.
struct PairCover {
  std::array<uint16_t, kCells> covered;
  CellSet by_digit[kDigits];

  void Compute(const Work& w, const Bases& bases) {
    bases.cells.ForEach([&](int c) {
      const uint16_t mask = w.masks[c];
      // partner[x]: the digits d of the bivalue cells {d, x} that c sees.
      uint16_t partner[kDigits] = {};
      (w.bivalue & Peers(c)).ForEach([&](int e) { BarPair(w.masks[e], partner); });
      uint16_t digits = 0x1FF;
      for (unsigned r = mask; r != 0; r &= r - 1) {
        const int x = std::countr_zero(r);
        digits &= static_cast<uint16_t>(partner[x] | (1u << x));
      }
      covered[c] = digits;
      for (unsigned r = digits; r != 0; r &= r - 1) by_digit[std::countr_zero(r)].Set(c);
    });
  }

  // The cells that may go with base b: those holding a digit b is covered for, and the bases
  // covered for one of b's digits.
  CellSet Partners(const State& s, const Work& w, int b) const {
    CellSet out;
    for (unsigned r = covered[b]; r != 0; r &= r - 1) out |= s.cand[std::countr_zero(r)];
    for (unsigned r = w.masks[b]; r != 0; r &= r - 1) out |= by_digit[std::countr_zero(r)];
    return out;
  }
};

}  // namespace

bool FindAlignedExclusion(State& s, const Work& w, int size, Step* step, AlignedMemory* memory,
                          const Scan* scan) {
  Bases bases;
  const CellSet small = size == 2 ? w.with_count[2] : w.with_count[2] | w.with_count[3];
  FindBases(s, w, small, &bases);
  const bool remembered = memory != nullptr && memory->valid && scan != nullptr && scan->clean != 0;
  bool found = false;
  TriedTriples tried;
  // SE's Permutations(2, n) over its candidate list: pairs of bases {a, b}, a before b, in
  // increasing order of (1 << a's index) | (1 << b's index): by b, then by a.
  PairCover cover;
  if (size == 2) cover.Compute(w, bases);
  bases.cells.Find([&](int b) {
    const CellSet firsts = bases.cells & ~CellSet::From(b);
    CellSet whole = firsts, near;
    if (remembered) {
      Touched(bases, size, b, firsts & memory->failed[b], scan->changed, small, &whole, &near);
      whole |= firsts & ~memory->failed[b];
    }
    if (size == 2) whole &= cover.Partners(s, w, b);
    if ((whole | near).Find([&](int a) {
          return SearchPair(s, w, bases, size, a, b, whole.Has(a) ? CellSet::All() : scan->near,
                            &tried, step);
        })) {
      found = true;
      return true;
    }
    if (memory != nullptr) memory->failed[b] = firsts;  // each found nothing, then or now
    return false;
  });
  if (memory != nullptr) {
    // Rows of cells that are no bases now are not kept up to date: cleared. After progress the
    // rows past the step's are stale: all are dropped.
    if (found) {
      memory->valid = false;
    } else {
      for (int cell = 0; cell < kCells; ++cell) {
        if (!bases.cells.Has(cell)) memory->failed[cell] = CellSet{};
      }
      memory->valid = true;
    }
  }
  return found;
}

}  // namespace sudoku::core_internal
