// The technique table (technique_table.h, sudoku/core/techniques.h) and the functions of
// rating.h that read it: names, ratings, the uses as JSON.
#include "core/rate/technique_table.h"

#include <string>

#include "core/rate/chains/chain_rating.h"
#include "core/rate/memory.h"
#include "core/rate/techniques/aligned.h"
#include "core/rate/techniques/fish.h"
#include "core/rate/techniques/locked.h"
#include "core/rate/techniques/patterns.h"
#include "core/rate/techniques/singles.h"
#include "core/rate/techniques/subsets.h"
#include "core/rate/techniques/unique.h"

namespace sudoku {
namespace core_internal {
namespace {

// The finders in the one signature of the table (Finder). The singles count from scratch here:
// the step loop calls them with their memory itself.
bool RunFullHouse(State& s, const Work&, Scan&, Memory*, Step* step) {
  return FindFullHouse(s, step);
}
bool RunHiddenSingleBox(State& s, const Work&, Scan&, Memory*, Step* step) {
  return FindHiddenSingleBox(s, step);
}
bool RunHiddenSingleLine(State& s, const Work&, Scan&, Memory*, Step* step) {
  return FindHiddenSingleLine(s, step);
}
bool RunNakedSingle(State& s, const Work&, Scan&, Memory*, Step* step) {
  return FindNakedSingle(s, step);
}
bool RunDirectPointing(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindDirectPointing(s, w, scan, step);
}
bool RunDirectClaiming(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindDirectClaiming(s, w, scan, step);
}
template <int kSize>
bool RunDirectHiddenSubset(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindDirectHiddenSubset(s, w, kSize, scan, step);
}
bool RunPointing(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindPointing(s, w, scan, step);
}
bool RunClaiming(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindClaiming(s, w, scan, step);
}
template <int kSize>
bool RunNakedSubset(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindNakedSubset(s, w, kSize, scan, step);
}
template <int kSize>
bool RunHiddenSubset(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindHiddenSubset(s, w, kSize, scan, step);
}
template <int kSize>
bool RunFish(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindFish(s, w, kSize, scan, step);
}
bool RunXyWing(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindXyWing(s, w, scan, step);
}
bool RunXyzWing(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindXyzWing(s, w, scan, step);
}
// Every unique rectangle and loop: the loops it closed are kept between steps.
bool RunUniqueLoop(State& s, const Work& w, Scan& scan, Memory* memory, Step* step) {
  return FindUniqueLoop(s, w, scan, step, memory ? &memory->loops : nullptr);
}
// Every BUG type; it reads no scan.
bool RunBug(State& s, const Work& w, Scan&, Memory*, Step* step) { return FindBug(s, w, step); }
// The pairs of first bases that failed are kept between steps, with the scan to tell which
// changed; alone, a search of every pair.
template <int kSize>
bool RunAlignedExclusion(State& s, const Work& w, Scan& scan, Memory* memory, Step* step) {
  if (memory == nullptr) return FindAlignedExclusion(s, w, kSize, step);
  return FindAlignedExclusion(s, w, kSize, step, &memory->aligned[kSize - 2], &scan);
}
// Skyscrapers and kites, in SE's order of the candidate removed.
bool RunTurbotFish(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindTurbotFish(s, w, scan, step);
}
bool RunWWing(State& s, const Work& w, Scan& scan, Memory*, Step* step) {
  return FindWWing(s, w, scan, step);
}

using T = Technique;
using F = TechniqueFamily;

// Indexed by Technique; the descriptions are docs/rating.md's column "the step". A chain rates its
// base plus its length bonus (chain_rating.h): skyscraper and 2-string kite are X-chains of 6
// nodes, the W-wing a mixed chain of 8.
// clang-format off
constexpr std::array<TechniqueRow, kTechniqueCount> kRows = {{
    {{T::kNone, "none", 0, F::kNone, "nothing was needed: the puzzle has no empty cell"},
     Trial::kNever, T::kNone, nullptr, 0},
    {{T::kFullHouse, "full-house", 10, F::kSingle, "the last empty cell of a house"},
     Trial::kSingles, T::kFullHouse, RunFullHouse, 0},
    {{T::kHiddenSingleBox, "hidden-single-box", 12, F::kSingle,
      "the only place of a digit in a box"},
     Trial::kSingles, T::kHiddenSingleBox, RunHiddenSingleBox, 0},
    {{T::kHiddenSingleLine, "hidden-single-line", 15, F::kSingle,
      "the only place of a digit in a row or column"},
     Trial::kSingles, T::kHiddenSingleLine, RunHiddenSingleLine, 0},
    {{T::kDirectPointing, "direct-pointing", 17, F::kDirect,
      "a pointing that would leave a digit one place: placed"},
     Trial::kDirect, T::kDirectPointing, RunDirectPointing, 0},
    {{T::kDirectClaiming, "direct-claiming", 19, F::kDirect,
      "a claiming that would leave a digit one place: placed"},
     Trial::kDirect, T::kDirectClaiming, RunDirectClaiming, 0},
    {{T::kDirectHiddenPair, "direct-hidden-pair", 20, F::kDirect,
      "a hidden pair that would leave a digit one place: placed"},
     Trial::kDirect, T::kDirectHiddenPair, RunDirectHiddenSubset<2>, 0},
    {{T::kNakedSingle, "naked-single", 23, F::kSingle, "a cell with one candidate"},
     Trial::kDirect, T::kNakedSingle, RunNakedSingle, 0},
    {{T::kDirectHiddenTriple, "direct-hidden-triple", 25, F::kDirect,
      "as the direct hidden pair, for a triple"},
     Trial::kDirect, T::kDirectHiddenTriple, RunDirectHiddenSubset<3>, 0},
    {{T::kPointing, "pointing", 26, F::kLocked, "a box's candidates of a digit on one line"},
     Trial::kFixed, T::kPointing, RunPointing, kNeedsDigitHouses},
    {{T::kClaiming, "claiming", 28, F::kLocked, "a line's candidates of a digit in one box"},
     Trial::kFixed, T::kClaiming, RunClaiming, kNeedsDigitHouses},
    {{T::kNakedPair, "naked-pair", 30, F::kSubset, "two cells, two digits"},
     Trial::kFixed, T::kNakedPair, RunNakedSubset<2>, 0},
    {{T::kXWing, "x-wing", 32, F::kFish, "a digit in two rows, on two columns"},
     Trial::kFixed, T::kXWing, RunFish<2>, 0},
    {{T::kHiddenPair, "hidden-pair", 34, F::kSubset, "two digits, two cells"},
     Trial::kFixed, T::kHiddenPair, RunHiddenSubset<2>, 0},
    {{T::kNakedTriple, "naked-triple", 36, F::kSubset, "three cells, three digits"},
     Trial::kFixed, T::kNakedTriple, RunNakedSubset<3>, 0},
    {{T::kSwordfish, "swordfish", 38, F::kFish, "the X-wing on three lines"},
     Trial::kFixed, T::kSwordfish, RunFish<3>, 0},
    {{T::kHiddenTriple, "hidden-triple", 40, F::kSubset, "three digits, three cells"},
     Trial::kFixed, T::kHiddenTriple, RunHiddenSubset<3>, 0},
    {{T::kXyWing, "xy-wing", 42, F::kWing, "a bivalue pivot and two pincers"},
     Trial::kFixed, T::kXyWing, RunXyWing, kNeedsNear},
    {{T::kXyzWing, "xyz-wing", 44, F::kWing, "a trivalue pivot and two pincers"},
     Trial::kFixed, T::kXyzWing, RunXyzWing, kNeedsNear},
    {{T::kUniqueRectangle1, "unique-rectangle-1", 45, F::kUniqueness,
      "a deadly pattern avoided, one cell with extras"},
     Trial::kFixed, T::kUniqueRectangle1, RunUniqueLoop, kNeedsNear | kNeedsPairs},
    {{T::kUniqueRectangle2, "unique-rectangle-2", 45, F::kUniqueness,
      "the cells with extras share one extra digit: off their common peers"},
     Trial::kFixed, T::kUniqueRectangle1, nullptr, 0},
    {{T::kUniqueRectangle3, "unique-rectangle-3", 45, F::kUniqueness,
      "two cells' extras in a naked set (or a, b in a hidden set) of a house"},
     Trial::kFixed, T::kUniqueRectangle1, nullptr, 0},
    {{T::kUniqueRectangle4, "unique-rectangle-4", 45, F::kUniqueness,
      "a or b only in the two extra cells of a house: the other goes"},
     Trial::kFixed, T::kUniqueRectangle1, nullptr, 0},
    {{T::kUniqueLoop, "unique-loop", 46, F::kUniqueness,
      "types 1-4 on a loop of 6 (4.6), 8 (4.7), 10+ cells (5.0)"},
     Trial::kFixed, T::kUniqueRectangle1, nullptr, 0},
    {{T::kNakedQuad, "naked-quad", 50, F::kSubset, "four cells, four digits"},
     Trial::kFixed, T::kNakedQuad, RunNakedSubset<4>, 0},
    {{T::kJellyfish, "jellyfish", 52, F::kFish, "the X-wing on four lines"},
     Trial::kFixed, T::kJellyfish, RunFish<4>, 0},
    {{T::kHiddenQuad, "hidden-quad", 54, F::kSubset, "four digits, four cells"},
     Trial::kFixed, T::kHiddenQuad, RunHiddenSubset<4>, 0},
    {{T::kBugPlusOne, "bug-plus-one", 56, F::kUniqueness,
      "a bivalue universal grave, one extra candidate"},
     Trial::kFixed, T::kBugPlusOne, RunBug, 0},
    {{T::kBugType2, "bug-type-2", 57, F::kUniqueness,
      "BUG cells with one extra digit: off the cells seeing them all"},
     Trial::kFixed, T::kBugPlusOne, nullptr, 0},
    {{T::kBugType4, "bug-type-4", 57, F::kUniqueness,
      "two BUG cells of a house share a digit: their third digit goes"},
     Trial::kFixed, T::kBugPlusOne, nullptr, 0},
    {{T::kBugType3, "bug-type-3", 58, F::kUniqueness, "the BUG digits in a naked set of a house"},
     Trial::kFixed, T::kBugPlusOne, nullptr, 0},
    {{T::kAlignedPairExclusion, "aligned-pair-exclusion", 62, F::kAligned,
      "two cells' digits that together would empty a cell both see"},
     Trial::kFixed, T::kAlignedPairExclusion, RunAlignedExclusion<2>, kNeedsNear},
    {{T::kYCycle, "y-cycle", kCycleBase, F::kChain,
      "a loop of bivalue cells: a digit leaves the cells seeing two linked by it"},
     Trial::kChains, T::kYCycle, nullptr, 0},
    {{T::kXCycle, "x-cycle", kCycleBase, F::kChain,
      "a loop of strong and weak links on one digit: it leaves the cells seeing two linked by it"},
     Trial::kChains, T::kXCycle, nullptr, 0},
    {{T::kSkyscraper, "skyscraper", kXChainBase + ChainLengthBonus(6 - 2), F::kChain,
      "two strong links on one digit, ends aligned"},
     Trial::kChains, T::kSkyscraper, RunTurbotFish, 0},
    {{T::kTwoStringKite, "two-string-kite", kXChainBase + ChainLengthBonus(6 - 2), F::kChain,
      "a row and a column strong link, joined in a box"},
     Trial::kChains, T::kSkyscraper, nullptr, 0},
    {{T::kXChain, "x-chain", kXChainBase, F::kChain,
      "alternating strong and weak links on one digit"},
     Trial::kChains, T::kXChain, nullptr, 0},
    {{T::kXyCycle, "xy-cycle", kMixedChainBase, F::kChain,
      "a loop through cells and houses: a digit leaves the cells seeing two linked by it"},
     Trial::kChains, T::kXyCycle, nullptr, 0},
    {{T::kXyChain, "xy-chain", kMixedChainBase, F::kChain, "a chain of bivalue cells"},
     Trial::kChains, T::kXyChain, nullptr, 0},
    {{T::kForcingChain, "forcing-chain", kMixedChainBase, F::kChain,
      "an assumption whose links through cells and houses refute it"},
     Trial::kChains, T::kForcingChain, nullptr, 0},
    {{T::kWWing, "w-wing", kMixedChainBase + ChainLengthBonus(8 - 2), F::kChain,
      "two equal bivalue cells joined by a strong link"},
     Trial::kChains, T::kWWing, RunWWing, kNeedsPairs},
    {{T::kAlignedTripleExclusion, "aligned-triple-exclusion", 75, F::kAligned,
      "the same for three cells (where no chain above applies)"},
     Trial::kAfterChains, T::kAlignedTripleExclusion, RunAlignedExclusion<3>, kNeedsNear},
    {{T::kNishioChain, "nishio-forcing-chain", kNishioBase, F::kChain,
      "an assumption refuted on its digit alone, the grid updated"},
     Trial::kAfterChains, T::kNishioChain, nullptr, 0},
    {{T::kCellForcingChain, "cell-forcing-chain", kMultipleChainBase, F::kChain,
      "every candidate of a cell forces the same"},
     Trial::kAfterChains, T::kCellForcingChain, nullptr, 0},
    {{T::kRegionForcingChain, "region-forcing-chain", kMultipleChainBase, F::kChain,
      "every place of a digit in a house forces the same"},
     Trial::kAfterChains, T::kRegionForcingChain, nullptr, 0},
    {{T::kDynamicForcingChain, "dynamic-forcing-chain", kDynamicChainBase, F::kChain,
      "the same, or a contradiction, with the grid updated along the chains"},
     Trial::kAfterChains, T::kDynamicForcingChain, nullptr, 0},
    {{T::kDynamicForcingChainPlus, "dynamic-forcing-chain-plus", kDynamicPlusChainBase, F::kChain,
      "the same, with pointing, claiming, pairs and X-wings inside"},
     Trial::kAfterChains, T::kDynamicForcingChainPlus, nullptr, 0},
    {{T::kNestedForcingChain, "nested-forcing-chain", kNestedChainBase, F::kChain,
      "the same, with forcing chains and cycles (10.0+: multiple, 10.5+: dynamic chains) inside "
      "(`--nested`)"},
     Trial::kAfterChains, T::kNestedForcingChain, nullptr, 0},
    {{T::kGuess, "guess", kGuessRating, F::kGuess,
      "no technique applies: a cell is set from the solution"},
     Trial::kGuess, T::kGuess, nullptr, 0},
}};
// clang-format on

constexpr bool InTechniqueOrder() {
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (kRows[t].info.technique != static_cast<Technique>(t)) return false;
  }
  return true;
}
static_assert(InTechniqueOrder(), "kRows must list the techniques in enum order");

// The cap stops the search at the first technique rated above it (ApplyEasiestStep): that takes
// the fixed techniques tried in order of their least ratings, and the aligned triple exclusion,
// capped with the Nishio chains, rated as their least.
constexpr bool FixedOrderRisesInRating() {
  int last = 0;
  for (const TechniqueRow& row : kRows) {
    if (row.trial != Trial::kFixed) continue;
    if (row.info.rating < last) return false;
    last = row.info.rating;
  }
  return kRows[static_cast<int>(T::kAlignedTripleExclusion)].info.rating == kNishioBase;
}
static_assert(FixedOrderRisesInRating());

// That every producer has a finder is checked by tests/rate/technique_table_test.cc, not here:
// under the sanitizers GCC cannot compare a function's address with nullptr at compile time.

constexpr std::array<TechniqueInfo, kTechniqueCount> InfoOf(
    const std::array<TechniqueRow, kTechniqueCount>& rows) {
  std::array<TechniqueInfo, kTechniqueCount> info{};
  for (int t = 0; t < kTechniqueCount; ++t) info[t] = rows[t].info;
  return info;
}
constexpr std::array<TechniqueInfo, kTechniqueCount> kInfo = InfoOf(kRows);

constexpr std::array<std::string_view, kTechniqueCount> NamesOf(
    const std::array<TechniqueRow, kTechniqueCount>& rows) {
  std::array<std::string_view, kTechniqueCount> names{};
  for (int t = 0; t < kTechniqueCount; ++t) names[t] = rows[t].info.name;
  return names;
}
constexpr std::array<std::string_view, kTechniqueCount> kNames = NamesOf(kRows);

constexpr std::string_view kFamilyNames[] = {"none",    "single", "direct", "locked",
                                             "subset",  "fish",   "wing",   "uniqueness",
                                             "aligned", "chain",  "guess"};
static_assert(std::size(kFamilyNames) == static_cast<size_t>(TechniqueFamily::kGuess) + 1);

}  // namespace

const std::array<TechniqueRow, kTechniqueCount>& TechniqueRows() { return kRows; }

}  // namespace core_internal

const TechniqueInfo& DescribeTechnique(Technique technique) {
  return core_internal::kInfo[static_cast<int>(technique)];
}

std::span<const TechniqueInfo> TechniqueTable() { return core_internal::kInfo; }

std::span<const std::string_view> TechniqueNames() { return core_internal::kNames; }

std::string_view TechniqueFamilyName(TechniqueFamily family) {
  return core_internal::kFamilyNames[static_cast<int>(family)];
}

std::string_view TechniqueName(Technique technique) {
  return core_internal::kNames[static_cast<int>(technique)];
}

std::optional<Technique> ParseTechnique(std::string_view name) {
  for (int i = 0; i < kTechniqueCount; ++i) {
    if (core_internal::kNames[i] == name) return static_cast<Technique>(i);
  }
  return std::nullopt;
}

int TechniqueRating(Technique technique) {
  return core_internal::kInfo[static_cast<int>(technique)].rating;
}

std::string TechniqueUsesJson(const std::array<uint16_t, kTechniqueCount>& uses) {
  std::string json = "{";
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (uses[t] == 0) continue;
    if (json.size() > 1) json += ',';
    json += '"';
    json += core_internal::kNames[t];
    json += "\":";
    json += std::to_string(uses[t]);
  }
  return json + "}";
}

}  // namespace sudoku
