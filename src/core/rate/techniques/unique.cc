// Unique rectangles and loops, types 1-4 (techniques/unique.h), as SE's UniqueLoops producer
// defines and rates them (docs/se-rules.md): a loop of 4, 6, 8, ... cells holding both digits {a,
// b}, every house it visits visited by exactly two of its cells at opposite places along the loop.
// Without the cells holding more than {a, b} the loop would let a and b swap: two solutions.
#include "core/rate/techniques/unique.h"

#include <bit>

#include "core/board/bits.h"

namespace sudoku::core_internal {
namespace {

// A loop's hint: what it removes and how SE orders it (rating, then type).
struct LoopHint {
  int rating = 0;  // tenths; 0: none
  int type = 0;
  int cells = 0;  // cells on the loop
  CellSet remove[kDigits];
  CellSet loop;    // the loop's cells, what the step shows
  int house = -1;  // types 3 and 4: the house of the set or of the confined digit
};

// SE's base by loop length: 4.5 a rectangle, 4.6 six cells, 4.7 eight, 5.0 ten or more.
int LoopBase(int cells) { return cells == 4 ? 45 : cells == 6 ? 46 : cells == 8 ? 47 : 50; }

// Calls f(set, digits) for each choice of `size` cells among cells[0, m) (the naked sets of types
// 3), with the union of their candidates, until f returns true; true iff it did.
template <typename F>
bool AnyCellSubset(const int* cells, int m, int size, const Work& w, F&& f) {
  for (uint32_t pick = 0; pick < (1u << m); ++pick) {
    if (PopCount(pick) != size) continue;
    uint16_t digits = 0;
    CellSet set;
    for (uint32_t p = pick; p; p &= p - 1) {
      const int c = cells[std::countr_zero(p)];
      digits |= w.masks[c];
      set.Set(c);
    }
    if (f(set, digits)) return true;
  }
  return false;
}

bool Before(int rating, int type, const LoopHint& best) {
  return best.rating == 0 || rating < best.rating || (rating == best.rating && type < best.type);
}

bool RemovesAny(const State& s, const LoopHint& hint) {
  for (int d = 0; d < kDigits; ++d) {
    if ((hint.remove[d] & s.cand[d]).Any()) return true;
  }
  return false;
}

// The houses of a cell in SE's order: box, row, column.
void HousesInSeOrder(int cell, int* houses) {
  houses[0] = BoxHouse(cell);
  houses[1] = RowHouse(cell);
  houses[2] = ColHouse(cell);
}

class LoopSearch {
 public:
  LoopSearch(const State& s, const Work& w, const Scan& scan, LoopHint* best, LoopMemory* memory)
      : s_(s), w_(w), scan_(scan), best_(best), memory_(memory) {}

  // Every loop SE finds from `start`, a bivalue cell.
  void From(int start) {
    start_ = start;
    pair_ = w_.masks[start];
    a_ = std::countr_zero(pair_);
    b_ = std::countr_zero(static_cast<unsigned>(pair_ & (pair_ - 1)));
    both_ = s_.cand[a_] & s_.cand[b_];
    if (both_.Count() < 4) return;
    // Nothing found last time: unless the cells with a and b changed (or a cell became {a,b}),
    // or a cell of theirs or one of their peers lost a candidate, no loop from here has a hint.
    if (scan_.Skip(0, scan_.PairTouched(pair_) || (scan_.near & both_).Any())) return;
    record_ = memory_ != nullptr ? &memory_->start[start] : nullptr;
    if (record_ != nullptr && Unchanged(*record_)) {
      Replay(*record_);
      return;
    }
    if (record_ != nullptr) Remember();
    Search();
    // A search cut short by a hint SE takes first may not have closed every loop.
    if (record_ != nullptr && !Done()) record_->known = true;
  }

  bool Done() const { return best_->rating == 45 && best_->type == 1; }

 private:
  // Whether the cells holding both digits of the start and their candidates are as `memo`
  // keeps them.
  bool Unchanged(const LoopMemory::Start& memo) const {
    if (!memo.known || memo.pair != pair_ || !(memo.both == both_)) return false;
    int i = 0;
    return !both_.Find([&](int c) { return memo.masks[i++] != w_.masks[c]; });
  }

  // Evaluates again the loops kept in `memo`, in the order they closed.
  void Replay(const LoopMemory::Start& memo) {
    for (int at = 0, n = 0; n < memo.loops && !Done(); ++n) {
      const int len = memo.path[at++];
      for (int i = 0; i < len; ++i) path_[i] = memo.path[at++];
      Evaluate(len);
    }
  }

  // Starts keeping the search's loops in *record_, with what the search reads; gives up (no
  // record) where the cells holding both digits are too many.
  void Remember() {
    record_->known = false;
    if (both_.Count() > LoopMemory::kMaxCells) {
      record_ = nullptr;
      return;
    }
    record_->pair = pair_;
    record_->both = both_;
    int i = 0;
    both_.ForEach([&](int c) { record_->masks[i++] = w_.masks[c]; });
    record_->loops = 0;
    record_->bytes = 0;
  }

  // Keeps the loop path_[0, len) in *record_, or gives the record up when it is full.
  void Record(int len) {
    if (record_ == nullptr) return;
    if (record_->bytes + len + 1 > LoopMemory::kPathBytes || record_->loops == UINT8_MAX) {
      record_ = nullptr;
      return;
    }
    record_->path[record_->bytes++] = static_cast<uint8_t>(len);
    for (int i = 0; i < len; ++i) record_->path[record_->bytes++] = static_cast<uint8_t>(path_[i]);
    ++record_->loops;
  }

  // The loops from start_, once its digits and both_ are set.
  void Search() {
    // A loop holds at most two cells with extra digits but when every such cell has the same
    // one extra digit x: with start the only cell of just {a,b}, it needs three cells {a,b,x}.
    if (!(both_ & w_.bivalue & ~CellSet::Of(start_)).Any()) {
      int with_one_extra[kDigits] = {};
      bool enough = false;
      (both_ & w_.with_count[3]).ForEach([&](int c) {
        enough |=
            ++with_one_extra[std::countr_zero(static_cast<unsigned>(w_.masks[c] & ~pair_))] >= 3;
      });
      if (!enough) return;
    }
    // A loop closes only when every house holding one of its cells holds two, so each loop cell
    // has another in each of its three houses: drop, until none is left, the cells of both_
    // without others of both_ in all three of their houses. The search still reads the extra
    // digits of the dropped cells it looks at, as SE does, but goes no further.
    // Computed once per pair of digits (starts of the same pair share it).
    const int pair_index = a_ * kDigits + b_;
    if (!((alive_known_[pair_index / 64] >> (pair_index % 64)) & 1)) {
      CellSet alive = both_;
      for (bool dropped = true; dropped;) {
        dropped = false;
        alive.ForEach([&](int c) {
          const CellSet others = alive & ~CellSet::Of(c);
          const int houses = int{(others & House(RowHouse(c))).Any()} +
                             int{(others & House(ColHouse(c))).Any()} +
                             int{(others & House(BoxHouse(c))).Any()};
          if (houses < 3) {
            alive.Clear(c);
            dropped = true;
          }
        });
      }
      alive_by_pair_[pair_index] = alive;
      alive_known_[pair_index / 64] |= uint64_t{1} << (pair_index % 64);
    }
    alive_ = alive_by_pair_[pair_index];
    if (!alive_.Has(start_)) return;
    path_[0] = start_;
    Extend(1, -1, CellSet::Of(start_), HousesOf(start_), 0, 0, 2, 0);
  }

  // path_[0, len) is the loop so far, its last two cells linked by house `from` (-1: none);
  // `once`/`twice`: houses holding one/two of its cells; `odd`: of `once`, those whose cell is
  // at an odd place. SE goes on from a cell through each house but the one it came by, to any
  // cell with both digits, and checks only when the loop closes that every house holds two of
  // its cells at opposite places; this search drops a cell as soon as it breaks that, which
  // finds the same loops. SE's filter on extra digits reads the extra digits of every cell it
  // looked at in this call so far, taken or not, and so does this one.
  void Extend(int len, int from, CellSet in_loop, uint32_t once, uint32_t twice, uint32_t odd,
              int allowed_extra, uint16_t extra_digits) {
    const int last = path_[len - 1];
    if (len >= 4 && once == 0) {
      if (Sees(last, start_)) {
        Record(len);
        Evaluate(len);
      }
      return;
    }
    int houses[3];
    HousesInSeOrder(last, houses);
    const uint32_t parity = len & 1;
    uint16_t seen_extra = extra_digits;
    // Once no further cell with extras can be taken (two taken, two extra digits seen), only
    // the cells with just a and b can extend the loop, and the extra digits of those looked at
    // no longer matter.
    const bool pairs_only = allowed_extra <= 0 && PopCount(extra_digits) >= 2;
    const CellSet pool = pairs_only ? alive_ & w_.bivalue : both_;
    for (int h : houses) {
      if (h == from) continue;
      const bool closed = ((twice >> h) & 1) != 0;
      if (closed && pairs_only) continue;
      const bool stop = (pool & House(h) & ~in_loop).Find([&](int next) {
        const uint16_t extra = w_.masks[next] & ~pair_;
        seen_extra |= extra;
        if (closed) return false;
        if (extra != 0 && PopCount(seen_extra) != 1 && allowed_extra == 0) return false;
        if (!alive_.Has(next)) return false;
        const uint32_t next_houses = HousesOf(next);
        if (next_houses & twice) return false;
        // A house already visited once must have its cell at the other parity.
        const uint32_t shared = next_houses & once;
        if ((parity ? shared & odd : shared & ~odd) != 0) return false;
        const int allowed = allowed_extra - (extra != 0 ? 1 : 0);
        const CellSet loop = in_loop | CellSet::Of(next);
        const uint32_t next_once = once ^ next_houses;
        // With two extra digits seen, at most `allowed` more cells with extras may follow, the
        // others being cells of just {a,b}: too few of those to make four cells, or (none
        // allowed) none next to `next` where the loop does not close, is a dead end.
        if (PopCount(seen_extra) >= 2) {
          const CellSet pairs = alive_ & w_.bivalue & ~loop;
          if (len + 1 + pairs.Count() + (allowed > 0 ? allowed : 0) < 4) return false;
          if (allowed <= 0 && !(pairs & Peers(next)).Any() && !(len + 1 >= 4 && next_once == 0)) {
            return false;
          }
        }
        // Every house holding one loop cell needs another later, from the cells still allowed.
        if (next_once != 0) {
          const bool pairs_only_next = allowed <= 0 && PopCount(seen_extra) >= 2;
          const CellSet rest = (pairs_only_next ? alive_ & w_.bivalue : alive_) & ~loop;
          for (uint32_t hs = next_once; hs; hs &= hs - 1) {
            if (!(rest & House(std::countr_zero(hs))).Any()) return false;
          }
        }
        path_[len] = next;
        const uint32_t fresh = next_houses & ~once;
        Extend(len + 1, h, loop, next_once, twice | shared, (odd & ~shared) | (parity ? fresh : 0),
               allowed, seen_extra);
        return Done();
      });
      if (stop) return;
    }
  }

  void Evaluate(int len) {
    const int base = LoopBase(len);
    if (!Before(base, 1, *best_) && !Before(base, 4, *best_)) return;
    int extras[kCells];
    int n = 0;
    uint16_t extra_digits = 0;
    for (int i = 0; i < len; ++i) {
      const uint16_t extra = w_.masks[path_[i]] & ~pair_;
      if (extra != 0) {
        extras[n++] = path_[i];
        extra_digits |= extra;
      }
    }
    if (n == 0) return;  // a deadly pattern: not in a puzzle with one solution
    // SE finds a loop from each of its bivalue cells, both ways round; its hints depend only on
    // the cells and which extra cell comes first.
    CellSet cells;
    for (int i = 0; i < len; ++i) cells.Set(path_[i]);
    for (int i = 0; i < seen_count_; ++i) {
      if (seen_[i].cells == cells && seen_[i].first == extras[0]) return;
    }
    if (seen_count_ < kSeen) seen_[seen_count_++] = {cells, extras[0]};
    loop_ = cells;
    LoopHint hint;
    hint.rating = base;
    hint.cells = len;
    hint.loop = cells;
    if (n == 1) {
      hint.type = 1;
      hint.remove[a_] = hint.remove[b_] = CellSet::Of(extras[0]);
      Offer(hint);
      return;
    }
    if (PopCount(extra_digits) == 1) {
      // Type 2: the extra digit x is in one of the extra cells, so it leaves their common peers.
      const int x = std::countr_zero(extra_digits);
      CellSet seen = CellSet::All();
      for (int i = 0; i < n; ++i) seen = seen & Peers(extras[i]);
      hint.type = 2;
      hint.remove[x] = seen & s_.cand[x];
      Offer(hint);
    }
    if (n != 2) return;
    const int c1 = extras[0], c2 = extras[1];
    const uint32_t shared = HousesOf(c1) & HousesOf(c2);
    if (shared == 0) return;
    if (PopCount(extra_digits) >= 2 && Before(base, 3, *best_)) {
      Type3(base, len, c1, c2, extra_digits, shared);
    }
    if (Before(base, 4, *best_)) {
      // Type 4: a or b confined to c1 and c2 in a shared house; the other leaves both.
      int keep = -1, house = -1;
      const CellSet ends = CellSet::Of(c1) | CellSet::Of(c2);
      for (uint32_t hs = shared; hs; hs &= hs - 1) {
        const CellSet rest = House(std::countr_zero(hs)) & ~ends;
        if (!(rest & s_.cand[a_]).Any()) {
          keep = a_;
          house = std::countr_zero(hs);
        }
      }
      if (keep < 0) {
        for (uint32_t hs = shared; hs; hs &= hs - 1) {
          const CellSet rest = House(std::countr_zero(hs)) & ~ends;
          if (!(rest & s_.cand[b_]).Any()) {
            keep = b_;
            house = std::countr_zero(hs);
          }
        }
      }
      if (keep >= 0) {
        LoopHint four;
        four.rating = base;
        four.type = 4;
        four.cells = len;
        four.loop = cells;
        four.house = house;
        four.remove[keep == a_ ? b_ : a_] = ends;
        Offer(four);
      }
    }
  }

  // Type 3: c1 and c2 act as one cell holding their extra digits, which forms a naked set with
  // other cells of a shared house (SE: plus 0.1 per cell of the set beyond the first), or a and
  // b with other digits form a hidden set there (plus 0.1 per cell beyond the first two). SE
  // tries sizes from the number of extra digits up, naked before hidden, houses box, row, column.
  void Type3(int base, int len, int c1, int c2, uint16_t extra, uint32_t shared) {
    int houses[3];
    HousesInSeOrder(c1, houses);
    const int extra_count = PopCount(extra);
    const uint16_t in_both = extra & w_.masks[c1] & w_.masks[c2];
    const CellSet ends = CellSet::Of(c1) | CellSet::Of(c2);
    for (int degree = extra_count; degree <= 4; ++degree) {
      for (int h : houses) {
        if (!((shared >> h) & 1)) continue;
        const int empty = (House(h) & s_.empty).Count();
        if (degree * 2 <= empty && Before(base + degree - 1, 3, *best_)) {
          // Other cells of the house with two candidates or more.
          int cells[9];
          int m = 0;
          // Only cells with at least two candidates, none outside a set of `degree` digits.
          (House(h) & s_.empty & ~ends).ForEach([&](int c) {
            const int count = PopCount(w_.masks[c]);
            if (count >= 2 && PopCount(w_.masks[c] | extra) <= degree) cells[m++] = c;
          });
          // Subsets of degree - 1 of them; the first kept hint ends the house's search.
          AnyCellSubset(cells, m, degree - 1, w_, [&](CellSet set, uint16_t others) {
            if (PopCount((others | extra)) != degree || PopCount((others | in_both)) != degree) {
              return false;
            }
            LoopHint hint;
            hint.rating = base + degree - 1;
            hint.type = 3;
            hint.cells = len;
            hint.loop = loop_;
            hint.house = h;
            const CellSet rest = House(h) & ~ends & ~set;
            for (uint16_t ds = others | extra; ds; ds &= ds - 1) {
              const int d = std::countr_zero(ds);
              hint.remove[d] = rest & s_.cand[d];
            }
            return Offer(hint);
          });
        }
        if (degree * 2 < empty && Before(base + degree - 2, 3, *best_)) {
          // a, b and degree - 2 digits neither a, b nor extra, confined to `degree` cells of the
          // house other than c2.
          const uint16_t rem = static_cast<uint16_t>(0x1FF & ~pair_ & ~extra);
          // The subsets of rem, from the empty one up, of degree - 2 digits.
          uint32_t pick = 0;
          do {
            if (PopCount(pick) == degree - 2 && HiddenSet(base, len, degree, h, pick, c2, ends)) {
              break;
            }
            pick = (pick - rem) & rem;
          } while (pick != 0);
        }
      }
    }
  }

  // The hidden set of a, b and the digits `others` in house h but c2, if it is one: true iff
  // its hint was kept.
  bool HiddenSet(int base, int len, int degree, int h, uint32_t others, int c2, CellSet ends) {
    const uint16_t digits = static_cast<uint16_t>(others | pair_);
    CellSet where;
    for (uint16_t ds = digits; ds; ds &= ds - 1) {
      const CellSet at = s_.cand[std::countr_zero(ds)] & House(h) & ~CellSet::Of(c2);
      if (!at.Any()) return false;
      where = where | at;
    }
    if (where.Count() != degree) return false;
    LoopHint hint;
    hint.rating = base + degree - 2;
    hint.type = 3;
    hint.cells = len;
    hint.loop = loop_;
    hint.house = h;
    const CellSet cells = where & ~ends;
    for (uint16_t ds = static_cast<uint16_t>(0x1FF & ~digits); ds; ds &= ds - 1) {
      const int d = std::countr_zero(ds);
      hint.remove[d] = cells & s_.cand[d];
    }
    return Offer(hint);
  }

  // Keeps `hint` if it removes something and SE would sort it first; true iff kept.
  bool Offer(const LoopHint& hint) {
    if (!Before(hint.rating, hint.type, *best_) || !RemovesAny(s_, hint)) return false;
    *best_ = hint;
    return true;
  }

  const State& s_;
  const Work& w_;
  const Scan& scan_;
  LoopHint* best_;
  LoopMemory* memory_;
  LoopMemory::Start* record_ = nullptr;  // where this search keeps its loops (null: nowhere)
  // Loops evaluated so far: their cells and first extra cell.
  struct Seen {
    CellSet cells;
    int first;
  };
  static constexpr int kSeen = 32;
  Seen seen_[kSeen];
  int seen_count_ = 0;
  int start_ = 0;
  uint16_t pair_ = 0;
  int a_ = 0, b_ = 0;
  CellSet both_;
  CellSet loop_;                              // the cells of the loop being evaluated
  CellSet alive_;                             // the cells of both_ that may be on a loop
  CellSet alive_by_pair_[kDigits * kDigits];  // alive_ by a * 9 + b, once known
  uint64_t alive_known_[2] = {};
  int path_[kCells] = {};
};

Technique LoopTechnique(const LoopHint& hint) {
  if (hint.cells > 4) return Technique::kUniqueLoop;
  switch (hint.type) {
    case 1:
      return Technique::kUniqueRectangle1;
    case 2:
      return Technique::kUniqueRectangle2;
    case 3:
      return Technique::kUniqueRectangle3;
    default:
      return Technique::kUniqueRectangle4;
  }
}

}  // namespace

// Items: one, skipped per start cell by what changed near the cells holding its two digits.
bool FindUniqueLoop(State& s, const Work& w, Scan& scan, Step* step, LoopMemory* memory) {
  LoopHint best;
  LoopSearch search(s, w, scan, &best, memory);
  // SE searches from every bivalue cell, in order, and sorts the hints of all the loops found.
  w.bivalue.Find([&](int start) {
    search.From(start);
    return search.Done();
  });
  if (best.rating == 0) return false;
  for (int d = 0; d < kDigits; ++d) Eliminate(s, d, best.remove[d]);
  step->Set(LoopTechnique(best), best.rating, 1);
  if (step->Showing()) {
    best.loop.ForEach([&](int cell) { step->ShowCell(cell); });
    if (best.house >= 0) step->ShowHouse(best.house);
  }
  return true;
}

namespace {

// The houses in SE's order: boxes, rows, columns.
constexpr int kSeHouseOrder[kHouses] = {18, 19, 20, 21, 22, 23, 24, 25, 26, 0,  1,  2,  3, 4,
                                        5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17};

}  // namespace

bool FindBug(State& s, const Work& w, Step* step) {
  // The BUG cells: where a digit has neither zero nor two places in a house, the one cell of
  // those places with three candidates or more holds a BUG digit (SE reads every house; none
  // such a cell: no BUG; several: another house decides).
  int bug_cells[kCells];
  int n = 0;
  const auto show_bug_cells = [&]() {
    for (int i = 0; i < n && step->Showing(); ++i) step->ShowCell(bug_cells[i]);
  };
  uint16_t bug_digits[kCells] = {};
  uint16_t all_digits = 0;
  CellSet bug_set;
  CellSet common = CellSet::All();
  std::array<CellSet, kDigits> rest = s.cand;  // candidates without the BUG digits
  // The cells with three candidates or more.
  CellSet multi = s.empty & ~w.bivalue;
  (multi & ~w.with_count[3] & ~w.with_count[4]).ForEach([&](int c) {
    if (PopCount(w.masks[c]) < 3) multi.Clear(c);
  });
  for (int h : kSeHouseOrder) {
    const uint16_t odd_counts = 0x1FF & ~(w.digits_with_count[h][0] | w.digits_with_count[h][2]);
    for (uint16_t ds = odd_counts; ds; ds &= ds - 1) {
      const int d = std::countr_zero(ds);
      const CellSet candidates = s.cand[d] & House(h) & multi;
      if (!candidates.Any()) return false;
      if (!candidates.IsSingle()) continue;
      const int cell = candidates.First();
      if (!bug_set.Has(cell)) {
        bug_set.Set(cell);
        bug_cells[n++] = cell;
      }
      bug_digits[cell] |= static_cast<uint16_t>(1u << d);
      all_digits |= static_cast<uint16_t>(1u << d);
      rest[d].Clear(cell);
      common = common & Peers(cell) & ~bug_set;
      if (n > 1 && PopCount(all_digits) > 1 && !common.Any()) return false;
    }
  }
  if (n == 0) return false;
  // Without them every cell is bivalue and every digit has two places or none in every house.
  bool grave = true;
  s.empty.Find([&](int cell) {
    grave = PopCount((w.masks[cell] & ~bug_digits[cell])) == 2;
    return !grave;
  });
  if (!grave) return false;
  for (int d = 0; d < kDigits; ++d) {
    for (int h = 0; h < kHouses; ++h) {
      const int count = (rest[d] & House(h)).Count();
      if (count != 0 && count != 2) return false;
    }
  }
  if (n == 1) {
    // Type 1: the cell keeps its BUG digits. Its other candidates go, and nothing is placed
    // even where one BUG digit is left (SE's Bug1Hint only removes; a single follows).
    const int cell = bug_cells[0];
    const uint16_t others = w.masks[cell] & ~all_digits;
    for (uint16_t m = others; m; m &= m - 1) Eliminate(s, std::countr_zero(m), CellSet::Of(cell));
    step->Set(Technique::kBugPlusOne, TechniqueRating(Technique::kBugPlusOne), 1);
    step->ShowCell(cell);
    return true;
  }
  // Type 4 (two BUG cells in one house sharing one other digit x, which has no other place
  // there): each cell is its BUG digit or x, so its third digit goes. SE tries it after type 2
  // with one BUG digit, before type 3 with several.
  const auto type4 = [&]() {
    if (n != 2) return false;
    const int c1 = bug_cells[0], c2 = bug_cells[1];
    const uint16_t shared = w.masks[c1] & w.masks[c2] & ~all_digits;
    if (PopCount(shared) != 1 || (HousesOf(c1) & HousesOf(c2)) == 0) return false;
    for (int c : {c1, c2}) {
      for (uint16_t m = w.masks[c] & ~bug_digits[c] & ~shared; m; m &= m - 1) {
        Eliminate(s, std::countr_zero(m), CellSet::Of(c));
      }
    }
    step->Set(Technique::kBugType4, TechniqueRating(Technique::kBugType4), 1);
    show_bug_cells();
    return true;
  };
  if (PopCount(all_digits) == 1) {
    // Type 2: one BUG digit, true in one of the cells: it leaves the cells seeing them all.
    const int d = std::countr_zero(all_digits);
    if (Eliminate(s, d, common)) {
      step->Set(Technique::kBugType2, TechniqueRating(Technique::kBugType2), 1);
      show_bug_cells();
      return true;
    }
    return type4();
  }
  if (!common.Any()) return false;
  if (type4()) return true;
  // Type 3: the BUG digits, one of them true, act as one cell forming a naked set with
  // degree - 1 cells of a house holding all BUG cells (SE: boxes, rows, columns; sizes 2-6).
  int houses[3];
  HousesInSeOrder(bug_cells[0], houses);
  for (int h : houses) {
    bool all_in = true;
    for (int i = 1; i < n; ++i) all_in = all_in && House(h).Has(bug_cells[i]);
    if (!all_in) continue;
    int cells[9];
    int m = 0;
    CellSet region = common & House(h);
    region.ForEach([&](int c) {
      if (PopCount(w.masks[c]) >= 2) cells[m++] = c;
    });
    const int region_count = region.Count();
    for (int degree = 2; degree <= 6; ++degree) {
      if (region_count < degree) break;
      const bool removed =
          AnyCellSubset(cells, m, degree - 1, w, [&](CellSet set, uint16_t digits) {
            if (PopCount(digits) != degree || (all_digits & ~digits) != 0) return false;
            bool any = false;
            for (uint16_t ds = digits; ds; ds &= ds - 1) {
              any |= Eliminate(s, std::countr_zero(ds), region & ~set);
            }
            return any;
          });
      if (removed) {
        step->Set(Technique::kBugType3, 57 + degree - 1, 1);
        show_bug_cells();
        step->ShowHouse(h);
        return true;
      }
    }
  }
  return false;
}

}  // namespace sudoku::core_internal
