// Chains of the logical solver (chains/chains.h): X-chains (XY-chains: rate/chains/xy_chain.cc),
// found by a breadth-first search over whole cell sets, so the shortest (cheapest) chain comes
// first.
//
// X-chain on digit d: c0 = c1 - c2 = c3 ... = cN, "=" a strong link (the only two cells of d in
// a house), "-" a weak link (two cells that see each other). If d is not in c0 it is in cN, so d
// leaves every cell that sees both ends. The search walks layers from c0: `on` = cells that hold
// d if c0 does not (reached by a strong link), `off` = cells that then cannot hold d.
//
// XY-chain: bivalue cells A, B, ..., E, each seeing the next and sharing a digit with it. If A is
// not z (its other digit x), B is not x, and so on; when E ends up being z, z is in A or in E and
// leaves every cell that sees both.
#include "core/rate/chains/chains.h"

#include <array>

namespace sudoku::core_internal {

namespace {

// kRating[links]: the rating of an X-chain of `links` strong links (2 * links cells). Each
// layer of a search reaches a new "on" cell, so a search has fewer than kCells layers.
constexpr std::array<int8_t, kCells> MakeRatings() {
  std::array<int8_t, kCells> rating{};
  for (int links = 1; links < kCells; ++links) {
    rating[links] = static_cast<int8_t>(kXChainBase + ChainLengthBonus(2 * links));
  }
  return rating;
}
constexpr std::array<int8_t, kCells> kRating = MakeRatings();

// The union of table[cell] over the cells of `set`.
template <typename F>
CellSet UnionOver(CellSet set, F&& table) {
  CellSet out;
  set.ForEach([&](int cell) { out |= table(cell); });
  return out;
}

// Keeps `found` as the cheaper of itself and a chain of `rating` eliminating d from `cells`.
void KeepCheaper(Elimination* found, int rating, int d, CellSet cells) {
  if (found->rating == 0 || rating < found->rating) *found = {rating, d, cells};
}

// The strong links of one digit: the cells strongly linked to each cell of `linked` (the
// others have none). Words without initializers, so that only linked cells' entries are written.
struct StrongLinks {
  CellSet linked;
  uint64_t lo[kCells];
  uint64_t hi[kCells];

  CellSet Of(int cell) const { return {lo[cell], hi[cell]}; }
  void Add(int a, int b) {
    const CellSet to = Of(a) | CellSet::Of(b);
    lo[a] = to.lo;
    hi[a] = to.hi;
  }
};

// The strong links of digit d: the houses where it has exactly two cells.
StrongLinks StrongLinksOf(const State& s, const Work& w, int d) {
  StrongLinks strong;
  for (uint32_t houses = w.houses_with_count[d][2]; houses; houses &= houses - 1) {
    const CellSet x = s.cand[d] & House(std::countr_zero(houses));
    const int a = x.First(), b = (x & ~CellSet::Of(a)).First();
    for (int end : {a, b}) {
      if (!strong.linked.Has(end)) strong.lo[end] = strong.hi[end] = 0;
      strong.linked |= CellSet::Of(end);
    }
    strong.Add(a, b);
    strong.Add(b, a);
  }
  return strong;
}

// The cheapest X-chain on digit d starting at c0 no dearer than `found` (updated in place).
void XChainsFrom(const State& s, int d, int c0, const StrongLinks& strong, Elimination* found) {
  const CellSet cand = s.cand[d];
  CellSet off = CellSet::Of(c0), seen_off = off, seen_on;
  for (int links = 1; links < kCells; ++links) {
    const int rating = kRating[links];
    if (found->rating != 0 && rating >= found->rating) return;
    CellSet on = UnionOver(off & strong.linked, [&](int cell) { return strong.Of(cell); });
    on &= ~seen_on;
    on &= ~CellSet::Of(c0);  // a mask the compiler keeps out of the loop
    if (on.Empty()) return;
    seen_on |= on;
    const CellSet seen_by_on = UnionOver(on, [](int cell) { return Peers(cell); }) & cand;
    const CellSet hit = seen_by_on & Peers(c0);
    if (hit.Any()) return KeepCheaper(found, rating, d, hit);
    off = seen_by_on & ~seen_off;
    seen_off |= off;
  }
}

// The cheapest X-chain on digit d that rates below `bound` (0: any), first start cell on a tie.
Elimination DigitXChain(const State& s, const Work& w, int d, int bound) {
  const StrongLinks strong = StrongLinksOf(s, w, d);
  Elimination found{bound, d, CellSet{}};  // a chain must beat the bound
  strong.linked.ForEach([&](int c0) { XChainsFrom(s, d, c0, strong, &found); });
  return found.rating == bound ? Elimination{} : found;
}

// The fewest nodes of a forcing chain on digit d from "on" (SE's X pass: the candidate assumed
// true until it turns itself false) and its first candidate in cell order; nodes 0 if none.
// Breadth-first from each candidate as SE follows it, whole layers as cell sets: an "on" turns
// off the digit in its peers, an "off" turns on the other place of a house holding the digit
// twice; the candidate's own "off" at depth k ends a chain of k + 1 nodes.
XOnMemory DigitChainsFromOn(const State& s, const Work& w, int d) {
  const StrongLinks strong = StrongLinksOf(s, w, d);
  XOnMemory best{s.cand[d], true, 0, 0};
  const CellSet cand = s.cand[d];
  cand.ForEach([&](int t) {
    CellSet on = CellSet::Of(t), seen_on = on, seen_off;
    for (int depth = 1; best.nodes == 0 || depth + 1 < best.nodes; depth += 2) {
      const CellSet off = UnionOver(on, [](int cell) { return Peers(cell); }) & cand & ~seen_off;
      if (off.Has(t)) {
        best.nodes = depth + 1;
        best.cell = t;
        return;
      }
      if (depth + 3 >= best.nodes && best.nodes != 0) return;  // a later chain needs fewer nodes
      seen_off |= off;
      on = UnionOver(off & strong.linked, [&](int cell) { return strong.Of(cell); }) & ~seen_on;
      if (on.Empty()) return;
      seen_on |= on;
    }
  });
  return best;
}

}  // namespace

ForcingChain FindXChainFromOn(const State& s, const Work& w, XOnMemory* memory) {
  ForcingChain best;
  for (int d = 0; d < kDigits; ++d) {
    XOnMemory& known = memory[d];
    if (!known.valid || known.cand != s.cand[d]) known = DigitChainsFromOn(s, w, d);
    if (known.nodes == 0) continue;
    if (best.rating == 0 || known.nodes < best.nodes ||
        (known.nodes == best.nodes &&
         known.cell * kDigits + d < best.cell * kDigits + best.digit)) {
      best = {kXChainBase + ChainLengthBonus(known.nodes - 2),
              known.nodes,
              false,
              known.cell,
              d,
              false};
    }
  }
  return best;
}

Elimination FindXChain(const State& s, const Work& w) {
  Elimination found;
  // Once a chain rates the base, no later digit can beat it.
  for (int d = 0; d < kDigits && found.rating != kXChainBase; ++d) {
    const Elimination best = DigitXChain(s, w, d, found.rating);
    if (best.rating != 0) found = best;
  }
  return found;
}

}  // namespace sudoku::core_internal
