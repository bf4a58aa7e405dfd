// The logical solver behind rating.h: pencil-mark state, bit sets of cells, and one finder per
// technique. Private to src/core (and its tests).
//
// State: for each digit d (0-8) the 81-bit set of empty cells where d is still a candidate, the
// set of empty cells, and the grid of placed digits. Cell sets (board/cell_set.h) are two 64-bit
// words, so a house, the peers of a cell (board/geometry.h) or all candidates of a digit are
// combined with a few word operations.
//
// Each finder looks for its technique in the current state; if an instance makes progress it
// applies it (places digits or removes candidates), fills *step and returns true; else it leaves
// the state unchanged and returns false. All of this is allocation-free.
//
// Memory between steps (Memory, Scan). Within one solve candidates only ever disappear. So a part
// of a finder's search (an "item": one digit of a fish, one house of a subset, one pivot of a
// wing, ...) that made no progress at an earlier state cannot make progress now unless a
// candidate it reads has gone since: its pattern is the same and its eliminations only fewer.
// The step loop therefore records what each round of the finders past the singles found
// changed, remembers per finder the round of its last search and which items then failed, and
// the finder skips those items that nothing has touched since. Items keep their order, so the
// first instance that makes progress is the one a full search finds first. The singles place
// everything they find; their memory (SinglesMemory) counts cells per house instead.
#ifndef SUDOKU_CORE_RATE_LOGIC_H_
#define SUDOKU_CORE_RATE_LOGIC_H_

#include <array>
#include <bit>
#include <climits>
#include <cstdint>

#include "core/board/bits.h"
#include "core/board/cell_set.h"
#include "core/board/geometry.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"

namespace sudoku::core_internal {

// kSpread[bits]: bit i of 9 bits moved to bit 4 * i (one count per nibble).
constexpr std::array<uint64_t, 512> MakeSpread() {
  std::array<uint64_t, 512> spread{};
  for (int bits = 0; bits < 512; ++bits) {
    for (int i = 0; i < 9; ++i) spread[bits] |= static_cast<uint64_t>((bits >> i) & 1) << (4 * i);
  }
  return spread;
}
inline constexpr std::array<uint64_t, 512> kSpread = MakeSpread();

// The 9-bit rows of `cells` (bit c of row[r]: cell r * 9 + c).
inline void RowsOf(CellSet cells, uint32_t* row) {
  for (int r = 0; r < 7; ++r) row[r] = static_cast<uint32_t>(cells.lo >> (9 * r)) & 0x1FF;
  row[7] = static_cast<uint32_t>((cells.lo >> 63) | (cells.hi << 1)) & 0x1FF;
  row[8] = static_cast<uint32_t>(cells.hi >> 8) & 0x1FF;
}

struct State {
  std::array<CellSet, kDigits> cand;  // cand[d]: empty cells where digit d + 1 may go
  CellSet empty;                      // cells without a placed digit
  Grid grid;                          // givens and placed digits
};

// A count per house of the cells of some set, four bits per house (a count is at most 9):
// house h at bits 4 * (h % 16) of w[h / 16]. Counts of a subset subtract without a borrow
// crossing houses, so one word operation updates every house of a cell.
struct HouseCounts {
  uint64_t w[2] = {0, 0};

  HouseCounts& operator+=(HouseCounts o) {
    w[0] += o.w[0];
    w[1] += o.w[1];
    return *this;
  }
  HouseCounts& operator-=(HouseCounts o) {
    w[0] -= o.w[0];
    w[1] -= o.w[1];
    return *this;
  }
};

// The counts of `cells` per house.
HouseCounts CountPerHouse(CellSet cells);

// Bit h: house h's count in `counts` is at least k. REQUIRES: k >= 2.
uint32_t HousesWithAtLeast(const HouseCounts& counts, int k);

// Candidate masks per cell (bit d: digit d + 1 is a candidate); 0 for filled cells.
using CellMasks = std::array<uint16_t, kCells>;
CellMasks ComputeMasks(const State& s);

// Views of a state that the finders past the singles share; computed once per step.
struct Work {
  CellMasks masks;
  // where[h][d]: positions (bit i: kTables.house_cells[h][i]) of house h where digit d may go.
  // For a row that is the column set, for a column the row set.
  uint16_t where[kHouses][kDigits];
  CellSet bivalue;              // empty cells with exactly two candidates
  HouseCounts empty_per_house;  // empty cells of each house
  // For k = 2-4 (0, 1 unused): with_count[k], the cells with exactly k candidates.
  CellSet with_count[5];
  // For k = 0-9: digits_with_count[h][k], bit d: digit d has exactly k positions in house h
  // (all k, so that a lost position moves a digit from k to k - 1 without a test).
  uint16_t digits_with_count[kHouses][kDigits + 1];
  // The same by digit: bit h of houses_with_count[d][k]: digit d has exactly k positions in h.
  uint32_t houses_with_count[kDigits][kDigits + 1];
};
void ComputeWork(const State& s, Work* w);

// Chains found but not yet applied, so that the cheapest can be chosen.
struct Elimination {
  int rating = 0;  // 0: none found
  int digit = 0;
  CellSet cells;
};

// What changed since a finder last searched, and which of its items may be skipped.
struct Scan {
  uint16_t digits = 0;                   // bit d: digit d lost a candidate since
  uint32_t houses = 0;                   // bit h: a cell of house h lost a candidate since
  uint32_t digit_houses[kDigits] = {};   // bit h of [d]: digit d lost one in h (kNeedsDigitHouses)
  CellSet changed;                       // cells that lost a candidate (kNeedsNear)
  CellSet near;                          // cells that lost a candidate, and their peers
  uint16_t pairs_changed[kDigits] = {};  // bit y of [x]: the class of {x,y} cells changed
  int clean = 0;  // items [0, clean) made no progress at the last search (0: search all)
  int found = 0;  // out: the item that made progress (items before it made none)
  // True when every easier finder (singles included) made no progress in this state and the
  // state keeps a solution among its candidates (Memory::sound). A locked set of size k in a
  // house of m empty cells is then the complement of one of size m - k (naked and hidden, row
  // and column fish; a single for m - k = 1) with the same eliminations, so it makes no progress
  // either when an easier finder searched that one.
  bool after_easier = false;
  // True when, besides, no naked single is left in this state (searched earlier in this step).
  bool after_naked_single = false;

  // True iff `item` needs no search: it failed before and its input is not `touched`. Items
  // are numbered in search order by each finder.
  bool Skip(int item, bool touched) const { return item < clean && !touched; }
  // The items of [0, n) (n <= 32) that need a search, as bits, given the touched ones.
  uint32_t Todo(int n, uint32_t touched) const {
    const uint32_t all = n == 32 ? ~0u : (1u << n) - 1;
    return (clean >= n ? 0 : all & ~((1u << clean) - 1)) | (touched & all);
  }
  // The items that need a search among items numbered by cell, given the touched ones.
  CellSet TodoCells(CellSet touched) const { return CellSet::From(clean) | touched; }
  // The same for items [first, first + n) (n < 32), as bits from bit 0.
  uint32_t TodoAt(int first, int n, uint32_t touched) const {
    const int skipped = clean <= first ? 0 : clean - first >= n ? n : clean - first;
    const uint32_t all = (1u << n) - 1;
    return (all & ~((1u << skipped) - 1)) | (touched & all);
  }
  bool DigitTouched(int d) const { return (digits >> d) & 1; }
  bool DigitHouseTouched(int d, int h) const { return (digit_houses[d] >> h) & 1; }
  // True iff a cell whose mask is {x, y} may have appeared, gone or changed: x or y lost a
  // candidate somewhere, or a changed cell now has exactly {x, y}.
  bool PairTouched(uint16_t pair) const {
    const int x = std::countr_zero(pair);
    return (pairs_changed[x] >> std::countr_zero(static_cast<unsigned>(pair & (pair - 1)))) & 1;
  }
};

// A finder's memory: the round (Memory::round) of its last search and how far it got.
struct FinderMemory {
  int round = -1;  // -1: never searched
  int clean = 0;   // as Scan::clean
};

// What changed from one round of the finders past the singles to the next (UpdateWork).
struct Change {
  uint16_t digits = 0;                  // bit d: digit d lost a candidate
  uint32_t houses = 0;                  // bit h: a cell of house h lost a candidate
  uint32_t digit_houses[kDigits] = {};  // bit h of [d]: digit d lost a candidate in house h
  CellSet cells;                        // cells that lost a candidate
};

// The cheapest X-chain of one digit, kept while that digit's candidates stay the same.
struct DigitChain {
  CellSet cand;
  int bound = -1;    // the search ignored chains rating `bound` or more (0: none; -1: unknown)
  Elimination best;  // the cheapest chain under `bound` (rating 0: none)
};

// The cheapest Nishio chain on one digit (rate/chains/nishio.cc), kept while its candidates stay the
// same.
struct NishioResult {
  int rating = 0;  // 0: none
  int nodes = 0;
  int cell = 0;
  bool place = false;  // refuted "off": the digit goes in the cell; else it leaves the cell
};
struct NishioMemory {
  bool valid = false;
  CellSet cand;
  NishioResult best;
};

// What the singles finders keep between steps: per house, the number of empty cells and of
// cells of each digit, in the state `empty` and `cand` describe. Houses whose count is one hold a
// single; the finders read them from the counts instead of searching houses, and keep the counts up
// to date as they place.
struct SinglesMemory {
  bool valid = false;  // false: nothing taken yet (RefreshSingles counts from scratch)
  CellSet empty;
  std::array<CellSet, kDigits> cand;
  HouseCounts empty_count;
  std::array<HouseCounts, kDigits> count;  // count[d]: cells of each house where d may go
};

// Brings m's counts up to date with s (candidates and cells lost since m last saw the state).
// REQUIRES: since m last saw it, s only lost candidates and empty cells.
void RefreshSingles(const State& s, SinglesMemory* m);

// What the other chains of a forcing chain search prove: each assumption refuted, as the
// candidate and whether its digit goes in the cell (refuted "off") or leaves it.
struct ChainConclusion {
  uint8_t cell;
  uint8_t digit;
  bool place;
  bool mixed;
  uint8_t rating;  // at least the chain's
};
struct ChainConclusions {
  int count = 0;
  // Per graph searched, each assumption at most once: off ones on one digit, both with cells.
  ChainConclusion at[3 * kCells * kDigits];  // left unset past count
};

// The loops the unique loop search closed from each bivalue start cell at its last search
// there, with what that search read: the cells holding both of the start's digits and their
// candidates. While those stay the same, a search from the start closes the same loops in the
// same order, and only their hints need evaluating again.
struct LoopMemory {
  static constexpr int kMaxCells = 32;   // of the cells holding both digits
  static constexpr int kPathBytes = 96;  // per start: each loop's length, then its cells
  struct Start {
    bool known = false;
    uint16_t pair;
    CellSet both;
    uint16_t masks[kMaxCells];  // of the cells of `both`, in cell order
    uint8_t loops;
    uint8_t bytes;
    uint8_t path[kPathBytes];
  };
  Start start[kCells];
};

// What an aligned exclusion search (rate/techniques/aligned.cc) found at its last search: bit a of
// failed[b] (a before b): the pair of first bases a and b made no progress.
struct AlignedMemory {
  bool valid = false;
  CellSet failed[kCells];
};

// Everything the step loop keeps between the steps of one solve.
struct Memory {
  // Set by the caller when every state of the solve keeps one solution among its candidates (a
  // puzzle with a unique solution: RateUniquePuzzle). Lets finders skip by Scan::after_easier.
  bool sound = false;
  // Set by the caller when `sound`: the highest step rating of the solve so far (tenths). Once
  // it reaches the naked single's, naked singles are taken before the direct techniques
  // rated below them, which leaves the rating unchanged (see ApplyEasiestStep).
  int rating_so_far = 0;
  // Set by a caller that has no use for a step rated above it (tenths): once every technique
  // left to try rates more, ApplyEasiestStep stops searching and sets `capped`.
  int cap = INT_MAX;
  bool capped = false;
  // SE's nested forcing chains (levels 2 and 3) are tried after the dynamic chains (+).
  bool nested = false;
  SinglesMemory singles;
  Work work;
  std::array<CellSet, kDigits> work_cand{};  // candidates `work` describes
  bool work_valid = false;
  // A round is one UpdateWork, before the finders past the singles search. The finders' scans
  // join the changes of the rounds since their last search (at most kRounds back).
  static constexpr int kRounds = 32;
  int round = -1;
  Change changes[kRounds];  // changes[r % kRounds]: from round r - 1 to round r
  FinderMemory finder[kTechniqueCount];
  DigitChain x_chain[kDigits];
  LoopMemory loops;
  NishioMemory nishio[kDigits];
  AlignedMemory aligned[2];  // pair, triple
  // What the last forcing chain search proved: once the solve's rating reaches their ratings,
  // they serve as its later chain steps.
  ChainConclusions chains;
};

// Starts a round: brings m->work up to date with s, recomputing only the cells whose
// candidates changed, and records that change.
void UpdateWork(const State& s, Memory* m);

// What a finder's Scan must fill beyond digits and houses.
enum ScanNeeds : int { kNeedsNear = 1, kNeedsPairs = 2, kNeedsDigitHouses = 4 };

// The scan for one finder in the current round of m (marks the round as its last search;
// `needs`: ScanNeeds bits) and, after the search, its result.
Scan BeginScan(const Memory& m, int needs, FinderMemory* finder);
void EndScan(const Scan& scan, bool progress, FinderMemory* finder);

// Sets up the pencil marks of `puzzle`: every digit not seen among the cell's peers.
// Returns false if two givens of a house are equal.
bool InitState(const Grid& puzzle, State* s);
// As InitState, for a puzzle known to be valid. REQUIRES: HasNoConflict(puzzle).
void SetUpState(const Grid& puzzle, State* s);

// Places digit d (0-8) at `cell`: the cell leaves every candidate set, d leaves the peers.
void PlaceDigit(State& s, int cell, int d);

// Removes digit d (0-8) from `cells`; true iff a candidate was removed.
bool Eliminate(State& s, int d, CellSet cells);

// One step of the solver: what it did and at what rating.
struct Step {
  Technique technique = Technique::kNone;
  int rating = 0;  // tenths; chains include their length bonus
  int uses = 0;    // placements for singles, 1 otherwise
  int nodes = 0;   // the dynamic and nested chains: SE's complexity of the chain; else 0
};

// SE's chain bases in tenths (docs/se-rules.md): a cycle through bivalue cells (Y-cycle), a forcing
// chain on one digit (X-chain, skyscraper, 2-string kite), one that also goes through cells
// (XY-chain, W-wing, mixed chains), Nishio forcing chains, the multiple forcing chains (cell and
// region), the dynamic ones and those with the easier rules inside (SE's "+"), and the nested ones
// (SE's levels 2 to 4). A chain rates its base plus ChainLengthBonus(nodes - 2), nodes being SE's
// count of the chain's candidates.
inline constexpr int kCycleBase = 65;
inline constexpr int kXChainBase = 66;
inline constexpr int kMixedChainBase = 70;
inline constexpr int kNishioBase = 75;
inline constexpr int kMultipleChainBase = 80;
inline constexpr int kDynamicChainBase = 85;
inline constexpr int kDynamicPlusChainBase = 90;
inline constexpr int kNestedChainBase = 95;           // SE's nested chains, level 2
inline constexpr int kNestedMultipleChainBase = 100;  // and level 3
inline constexpr int kNestedDynamicChainBase = 105;   // and level 4

// SE's chain length bonus in tenths: thresholds 4, 6, 8, 12, 16, 24, 32, ... nodes. constexpr,
// so that the chain searches tabulate their rating per layer at compile time.
constexpr int ChainLengthBonus(int nodes) {
  int bonus = 0;
  int ceiling = 4;
  bool three_halves = true;  // the ceilings grow by 3/2 and 4/3 in turn: 4, 6, 8, 12, 16, ...
  while (nodes > ceiling) {
    ++bonus;
    ceiling = three_halves ? ceiling * 3 / 2 : ceiling * 4 / 3;
    three_halves = !three_halves;
  }
  return bonus;
}

// Finders (rate/techniques/singles.cc, rate/techniques/locked.cc, rate/techniques/subsets.cc, rate/techniques/patterns.cc, rate/chains/chains.cc,
// rate/techniques/unique.cc, rate/chains/cycles.cc, rate/chains/xy_chain.cc, rate/chains/forcing.cc, rate/chains/nishio.cc,
// rate/chains/multiple.cc, rate/chains/dynamic.cc).
// The singles read the houses with a single from m and keep m up to date.
// REQUIRES: m describes s (RefreshSingles).
bool FindFullHouse(State& s, SinglesMemory* m, Step* step);
bool FindHiddenSingleBox(State& s, SinglesMemory* m, Step* step);
bool FindHiddenSingleLine(State& s, SinglesMemory* m, Step* step);
bool FindFullHouse(State& s, Step* step);
bool FindHiddenSingleBox(State& s, Step* step);
bool FindHiddenSingleLine(State& s, Step* step);
bool FindNakedSingle(State& s, Step* step);
// The finders past the singles search what `scan` does not skip (a default Scan: everything).
// SE's direct techniques place one digit: the one a pointing or claiming (a hidden pair or
// triple) would leave with one place in a house, as SE defines them (docs/se-rules.md); they
// remove nothing else.
bool FindDirectPointing(State& s, const Work& w, Scan& scan, Step* step);
bool FindDirectClaiming(State& s, const Work& w, Scan& scan, Step* step);
bool FindDirectHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step);
bool FindPointing(State& s, const Work& w, Scan& scan, Step* step);
bool FindClaiming(State& s, const Work& w, Scan& scan, Step* step);
// Naked and hidden subsets of `size` 2-4.
bool FindNakedSubset(State& s, const Work& w, int size, Scan& scan, Step* step);
bool FindHiddenSubset(State& s, const Work& w, int size, Scan& scan, Step* step);
// Fish of `size` 2 (X-wing), 3 (swordfish), 4 (jellyfish), rows or columns as base.
bool FindFish(State& s, const Work& w, int size, Scan& scan, Step* step);
bool FindXyWing(State& s, const Work& w, Scan& scan, Step* step);
bool FindXyzWing(State& s, const Work& w, Scan& scan, Step* step);
// Unique rectangles and loops, types 1-4 (rate/techniques/unique.cc): SE's one producer for all of them,
// which takes the cheapest hint (rating, then type) over every loop; the step's technique is
// the rectangle's type, or kUniqueLoop for longer loops, its rating the hint's.
// `memory` (may be null): kept between searches of one solve.
bool FindUniqueLoop(State& s, const Work& w, Scan& scan, Step* step, LoopMemory* memory = nullptr);
// BUG types 1-4 (rate/techniques/unique.cc), SE's one producer: the first hint it reports.
bool FindBug(State& s, const Work& w, Step* step);
// SE's aligned pair (size 2, rated 6.2) and triple (size 3, 7.5) exclusions (rate/techniques/aligned.cc):
// the first set of base cells, in SE's order, whose exclusion removes anything. With `memory`
// (one per size) and the scan of this finder since its last search (kNeedsNear), the pairs of
// first bases that found nothing then and whose cells, excluders and third bases are unchanged
// are not searched again. REQUIRES with `memory`: no cell has a single candidate left (the
// finder comes after the naked singles).
bool FindAlignedExclusion(State& s, const Work& w, int size, Step* step,
                          AlignedMemory* memory = nullptr, const Scan* scan = nullptr);
bool FindSkyscraper(State& s, const Work& w, Scan& scan, Step* step);
bool FindTwoStringKite(State& s, const Work& w, Scan& scan, Step* step);
bool FindWWing(State& s, const Work& w, Scan& scan, Step* step);

// Shortest X-chain (over all digits) that eliminates something. With `memory` (one per digit),
// digits whose candidates did not change reuse the last result.
Elimination FindXChain(const State& s, const Work& w, DigitChain* memory = nullptr);
// Shortest XY-chain that eliminates something (the first found among equals).
// Only chains rating below `bound` count (0: any); the first cheapest such chain, or none.
Elimination FindXyChain(const State& s, const Work& w, int bound = 0);

// SE's bidirectional Y-cycles (rate/chains/cycles.cc): the cheapest that removes anything, rating at
// most `max_rating` (then the first in SE's order), or none (rating 0).
struct Cycle {
  int rating = 0;  // 0: none found
  int nodes = 0;
  std::array<CellSet, kDigits> removable{};
};
Cycle FindCycle(const State& s, const Work& w, int max_rating);
// Removes what `cycle` removes; false if nothing.
bool ApplyCycle(State& s, const Cycle& cycle);

// Forcing chains as SE finds them (rate/chains/forcing.cc): a candidate assumed on that turns itself off
// (removed), or assumed off that turns itself on (its cell's other candidates removed).
struct ForcingChain {
  int rating = 0;      // 0: none found
  int nodes = 0;       // SE's complexity: the candidates, with their state, the chain uses
  bool mixed = false;  // through cell links too (SE's XY search), else on one digit (X)
  int cell = 0;
  int digit = 0;
  bool place = false;  // true: the digit goes in the cell; false: it leaves the cell
};
// The cheapest forcing chain rating at most `bound` (0: any), the shorter on a tie and, between
// equals, the first in SE's order (single-digit chains, then mixed; cells, digits in order; "on"
// before "off"), not counting single-digit chains from "on" (FindXChain finds those). With
// `others`, also every assumption the search refuted on its way, the cheapest among them.
ForcingChain FindForcingChain(const State& s, const Work& w, int bound = 0,
                              ChainConclusions* others = nullptr);
// Applies what `chain` concludes; false if it removes nothing.
bool ApplyForcingChain(State& s, const Work& w, const ForcingChain& chain);
// SE's Nishio forcing chains (7.5 and up, rate/chains/nishio.cc): a candidate whose assumption, followed
// on its digit alone, leads to a contradiction; the cheapest, if any. With `memory` (one per
// digit), digits whose candidates did not change reuse the last result.
bool FindNishioChain(State& s, const Work& w, Step* step, NishioMemory* memory = nullptr);
// SE's multiple forcing chains (cell and region forcing chains, 8.0 and up, rate/chains/multiple.cc): the
// cheapest, if any.
// With `reuse_search`, where the thread's last FindForcingChain searched this very state with no
// bound and found no chain, it reads each assumption's implications from that search instead of
// following them again: the same result (rating_reference_test.cc checks it), at less cost.
bool FindMultipleForcingChain(State& s, const Work& w, Step* step, bool reuse_search = true);
// SE's dynamic forcing chains (contradiction, double, cell and region; 8.5 and up,
// rate/chains/dynamic.cc): the cheapest, if any.
bool FindDynamicForcingChain(State& s, const Work& w, Step* step);
// The same with pointing, claiming, hidden and naked pairs and X-wings inside the chains (SE's
// dynamic forcing chains (+), 9.0 and up; rate/plus_rules.h): the cheapest, if any.
bool FindDynamicForcingChainPlus(State& s, const Work& w, Step* step);
// The same with SE's forcing chains and cycles inside too, and at level 3 its multiple forcing
// chains as well (its nested forcing chains of level 2, 9.5 and up, and 3, 10.0 and up;
// rate/nested_chains.h); at level 4 (10.5 and up), its dynamic forcing chains inside instead:
// the cheapest, if any. REQUIRES: level is 2, 3 or 4.
bool FindNestedForcingChain(State& s, const Work& w, int level, Step* step);
// True iff the thread's last FindForcingChain searched `s` with no bound and found no chain.
bool ForcingSearchComplete(const State& s);

// Runs the finder of `technique` alone (kNone and kGuess: false). For tests.
bool ApplyTechnique(State& s, Technique technique, Step* step);

// Applies the easiest technique that makes progress, trying them in SE's order (rating.h);
// false if none does (a guess is needed).
bool ApplyEasiestStep(State& s, Step* step);

// As above, reusing what `memory` kept from earlier steps of the same solve: same results, but
// for one change of order: with memory->sound and memory->rating_so_far at least the naked
// single's rating (2.3), a naked single is taken before the direct pointing, claiming and hidden
// pair. Those and the singles only place digits, each placement also follows after the others
// (by a single or the same direct technique), so the placements they reach before anything else
// is needed are the same in any order, and so is every later step: only the uses of each differ,
// never the rating or the hardest technique. Likewise for chains: once the solve's rating is at
// least a chain's, that chain may serve as the step in place of SE's cheapest (it changes
// neither the rating nor the hardest step), so the X-chain kept from an earlier step, what the
// last forcing chain search proved on its way (Memory::chains) and the XY-chains go before a
// new forcing chain search. That this leaves the rating, hardest technique and guesses as SE's
// order gives them is not proved but checked (rating_reference_test.cc, on golden files and
// generated puzzles). With memory->sound it does not look for direct claimings, which never
// come first in such a state (rate/techniques/locked.cc).
// Where every technique not yet tried rates above memory->cap, it returns false with
// memory->capped set, not having searched them: the step would rate above the cap.
// REQUIRES: *memory is default-constructed for a new solve (but for sound, rating_so_far and
// cap), and between calls s only loses candidates (PlaceDigit, Eliminate).
bool ApplyEasiestStep(State& s, Memory* memory, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_LOGIC_H_
