// Rating (rating.h): the easiest-first step loop (step_loop.h), guessing, bands.
#include "sudoku/core/rating.h"

#include <algorithm>
#include <climits>
#include <string>
#include <utility>

#include "core/board/bits.h"
#include "core/rate/chains/chain_nodes.h"
#include "core/rate/chains/chain_rating.h"
#include "core/rate/chains/chains.h"
#include "core/rate/memory.h"
#include "core/rate/path_recorder.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/technique_table.h"
#include "core/rate/techniques/patterns.h"
#include "core/rate/techniques/singles.h"
#include "core/rate/work.h"
#include "sudoku/core/solve_path.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

constexpr RatingBand kBands[] = {
    {"beginner", 0, 12}, {"easy", 13, 23},   {"medium", 24, 34},
    {"hard", 35, 64},    {"expert", 65, 79}, {"extreme", 80, INT_MAX},
};

}  // namespace

std::string FormatRating(int tenths) {
  return std::to_string(tenths / 10) + "." + std::to_string(tenths % 10);
}

std::span<const RatingBand> RatingBands() { return kBands; }

std::optional<RatingBand> FindRatingBand(std::string_view name) {
  for (const RatingBand& band : kBands) {
    if (band.name == name) return band;
  }
  return std::nullopt;
}

std::string_view RatingLevel(int rating_tenths) {
  for (const RatingBand& band : kBands) {
    if (rating_tenths <= band.max_rating) return band.name;
  }
  return kBands[std::size(kBands) - 1].name;
}

namespace core_internal {
namespace {

bool ApplyChain(State& s, Technique technique, const Elimination& chain, Step* step) {
  const CellSet removed = s.cand[chain.digit] & chain.cells;
  if (chain.rating == 0 || removed.Empty()) return false;
  if (step->Showing()) {
    const ChainLinks links =
        technique == Technique::kXyChain ? ChainLinks::kBivalue : ChainLinks::kDigit;
    ShowEliminationChains(s, links, chain.digit, removed, step);
  }
  Eliminate(s, chain.digit, removed);
  step->Set(technique, chain.rating, 1);
  return true;
}

// A forcing chain goes by `x-chain` on one digit, else by `forcing-chain`. Its chain runs from
// the assumption to its negation.
bool ApplyForcing(State& s, const Work& w, const ForcingChain& chain, Step* step) {
  if (step->Showing()) {
    const State before = s;
    if (!ApplyForcingChain(s, w, chain)) return false;
    ShowForcingChain(before, chain, step);
  } else if (!ApplyForcingChain(s, w, chain)) {
    return false;
  }
  step->Set(chain.mixed ? Technique::kForcingChain : Technique::kXChain, chain.rating, 1);
  return true;
}

// Applies `cycle`, of technique kYCycle, kXCycle or kXyCycle.
bool ApplyFoundCycle(State& s, const Work& w, Technique technique, const Cycle& cycle, Step* step) {
  if (step->Showing()) {
    const State before = s;
    if (!ApplyCycle(s, cycle)) return false;
    if (technique == Technique::kYCycle) {
      ShowCycle(before, w, cycle, step);
    } else {
      ShowLoop(before, w, technique == Technique::kXyCycle, cycle, step);
    }
  } else if (!ApplyCycle(s, cycle)) {
    return false;
  }
  step->Set(technique, cycle.rating, 1);
  return true;
}

// The cheapest cycle of one kind alone. For tests.
bool ApplyCycleAlone(State& s, const Work& w, Technique technique, Step* step) {
  const int most = 2 * kCells * kDigits;
  const Cycle cycle = technique == Technique::kYCycle
                          ? FindCycle(s, w, most)
                          : FindLoop(s, w, technique == Technique::kXyCycle, most);
  return ApplyFoundCycle(s, w, technique, cycle, step);
}

// One hint of SE's forcing chains and cycles, as SE sorts them: rating, nodes, then kind (its
// sort key: 2 one digit, 3 bivalue cells, 4 both), then the order found: 3 * the start candidate
// (cell * 9 + digit), plus 0 for its cycles, 1 for its chain from "on", 2 from "off".
struct ChainHint {
  int rating = INT_MAX;
  int nodes = 0;
  int kind = 0;
  int order = 0;
};

bool Before(const ChainHint& a, const ChainHint& b) {
  if (a.rating != b.rating) return a.rating < b.rating;
  if (a.nodes != b.nodes) return a.nodes < b.nodes;
  if (a.kind != b.kind) return a.kind < b.kind;
  return a.order < b.order;
}

// The most nodes a cycle of `base` and `kind` may have to come before `best` (or tie it, the
// order found deciding): an even number, less than 4 if none can.
int MaxCycleNodes(int base, int kind, const ChainHint& best) {
  int nodes = 2;
  while (nodes + 2 <= 2 * kCells * kDigits) {
    const int rating = base + ChainLengthBonus(nodes + 2 - 2);
    if (rating > best.rating) break;
    if (rating == best.rating &&
        (nodes + 2 > best.nodes || (nodes + 2 == best.nodes && kind > best.kind))) {
      break;
    }
    nodes += 2;
  }
  return nodes;
}

// Applies a forcing chain under the name of the pattern it is where it is one, shown as that
// pattern; else shown as its chain from the assumption to its negation.
bool ApplyNamedChain(State& s, const Work& w, const ForcingChain& chain, Step* step) {
  Technique name = chain.mixed ? Technique::kForcingChain : Technique::kXChain;
  if (!chain.mixed) {
    if (chain.nodes == 6) name = TurbotFishName(s, w, chain.cell, chain.digit, chain.place, step);
  } else if (!chain.place) {
    if (XyChainNodes(s, chain.digit, chain.cell) == chain.nodes) {
      name = Technique::kXyChain;
    } else if (chain.nodes == 8 && WWingRemoves(s, w, chain.cell, chain.digit, step)) {
      name = Technique::kWWing;
    }
  }
  const bool pattern = name == Technique::kSkyscraper || name == Technique::kTwoStringKite ||
                       name == Technique::kWWing;
  if (pattern ? !ApplyForcingChain(s, w, chain) : !ApplyForcing(s, w, chain, step)) return false;
  step->Set(name, chain.rating, 1);
  return true;
}

// SE's forcing chains and cycles (its first chaining level, docs/se-rules.md): one search for
// cycles and forcing chains on one digit, cycles through bivalue cells, then cycles and forcing
// chains through cells and houses both, whose hints SE sorts (ChainHint); the first is the step.
// The forcing chains are searched first, for all kinds at once; each kind of cycle then only as
// far as it could come first.
bool ApplyChainOrCycle(State& s, const Work& w, Memory* memory, Step* step) {
  auto hint_of = [](const ForcingChain& c) {
    return ChainHint{c.rating, c.nodes, c.mixed ? 4 : 2,
                     3 * (c.cell * kDigits + c.digit) + (c.place ? 2 : 1)};
  };
  // The searches kept per digit between steps go first, to bound the others: the chains on one
  // digit from "on", then the X-cycles (what one removes, such a chain from that candidate
  // removes too: with no chain, no cycle).
  ForcingChain chain = FindXChainFromOn(s, w, memory->x_chains);
  ChainHint best = chain.rating != 0 ? hint_of(chain) : ChainHint{};
  Cycle cycle;
  Technique cycle_technique = Technique::kNone;
  auto offer = [&](const Cycle& found, int kind, Technique technique) {
    const ChainHint hint{found.rating, found.nodes, kind, 3 * found.start};
    if (found.rating == 0 || !Before(hint, best)) return;
    best = hint;
    cycle = found;
    cycle_technique = technique;
  };
  if (chain.rating != 0) {
    offer(FindXCycle(s, w, MaxCycleNodes(kCycleBase, 2, best), memory->x_cycles), 2,
          Technique::kXCycle);
  }
  // The other forcing chains, none rating more than the best so far.
  const ForcingChain other = FindForcingChain(s, w, best.rating == INT_MAX ? 0 : best.rating);
  if (other.rating != 0 && Before(hint_of(other), best)) {
    chain = other;
    best = hint_of(other);
    cycle_technique = Technique::kNone;
  }
  if (best.rating == INT_MAX) return false;  // no chain, so no cycle either
  if (w.bivalue.Count() >= 2) {
    offer(FindCycle(s, w, MaxCycleNodes(kCycleBase, 3, best)), 3, Technique::kYCycle);
  }
  if (best.rating >= kMixedChainBase) {
    // A cycle with as many nodes as a mixed chain comes first only from an earlier start (or
    // the chain's own, a start's cycles coming before its chains).
    offer(FindLoop(s, w, true, MaxCycleNodes(kMixedChainBase, 4, best),
                   MaxCycleNodes(kMixedChainBase, 5, best), best.order / 3),
          4, Technique::kXyCycle);
  }
  if (cycle_technique == Technique::kNone) return ApplyNamedChain(s, w, chain, step);
  return ApplyFoundCycle(s, w, cycle_technique, cycle, step);
}

// The finder of `technique` alone, from scratch: its producer's, which every fixed technique
// has (technique_table.h); false for the others.
bool ApplyFixedTechnique(State& s, const Work& m, Technique technique, Scan& scan, Step* step) {
  const Finder find = RowOf(RowOf(technique).producer).find;
  return find != nullptr && find(s, m, scan, nullptr, step);
}

// Runs a finder with the scan its memory allows, and remembers the outcome. `after_naked_single`:
// this step searched for naked singles before and found none.
bool ApplyRemembered(State& s, Memory* memory, Technique technique, Step* step,
                     bool after_naked_single = true) {
  const TechniqueRow& row = RowOf(technique);
  FinderMemory* finder = &memory->finder[static_cast<int>(technique)];
  Scan scan = BeginScan(*memory, row.needs, finder);
  scan.after_easier = memory->sound;
  scan.after_naked_single = after_naked_single;
  const bool progress = row.find(s, memory->work, scan, memory, step);
  EndScan(scan, progress, finder);
  return progress;
}

// True iff `least`, the least rating of the techniques left to try, is above memory->cap (then
// sets memory->capped).
bool Capped(Memory* memory, int least) {
  if (least <= memory->cap) return false;
  memory->capped = true;
  return true;
}

}  // namespace

bool ApplyTechnique(State& s, Technique technique, Step* step) {
  if (RowOf(technique).info.family == TechniqueFamily::kSingle) {
    Work unread;  // the singles read the state only
    Scan everything;
    return RowOf(technique).find(s, unread, everything, nullptr, step);
  }
  Work work;
  ComputeWork(s, &work);
  if (technique == Technique::kXChain) return ApplyChain(s, technique, FindXChain(s, work), step);
  if (technique == Technique::kXyChain) {
    return ApplyChain(s, technique, FindXyChain(s, work), step);
  }
  if (technique == Technique::kForcingChain) {
    return ApplyForcing(s, work, FindForcingChain(s, work), step);
  }
  if (technique == Technique::kNishioChain) return FindNishioChain(s, work, step);
  if (technique == Technique::kYCycle || technique == Technique::kXCycle ||
      technique == Technique::kXyCycle) {
    return ApplyCycleAlone(s, work, technique, step);
  }
  if (technique == Technique::kCellForcingChain || technique == Technique::kRegionForcingChain) {
    return FindMultipleForcingChain(s, work, step);
  }
  if (technique == Technique::kDynamicForcingChain) return FindDynamicForcingChain(s, work, step);
  if (technique == Technique::kDynamicForcingChainPlus) {
    return FindDynamicForcingChainPlus(s, work, step);
  }
  if (technique == Technique::kNestedForcingChain) {
    return FindNestedForcingChain(s, work, 2, step) || FindNestedForcingChain(s, work, 3, step) ||
           FindNestedForcingChain(s, work, 4, step);
  }
  Scan everything;
  return ApplyFixedTechnique(s, work, technique, everything, step);
}

bool ApplyEasiestStep(State& s, Step* step) {
  Memory memory;
  return ApplyEasiestStep(s, &memory, step);
}

bool ApplyEasiestStep(State& s, Memory* memory, Step* step) {
  SinglesMemory* singles = &memory->singles;
  RefreshSingles(s, singles);
  if (FindFullHouse(s, singles, step) || FindHiddenSingleBox(s, singles, step) ||
      FindHiddenSingleLine(s, singles, step)) {
    return true;
  }
  if (Capped(memory, TechniqueRating(Technique::kDirectPointing))) return false;
  // SE's order: direct pointing, claiming, hidden pair, naked single, direct hidden triple.
  UpdateWork(s, memory);
  // A direct claiming comes with a direct pointing or a hidden single wherever the state keeps
  // its solution (locked.cc), so it is never the first to apply there.
  if (ApplyRemembered(s, memory, Technique::kDirectPointing, step) ||
      (!memory->sound && ApplyRemembered(s, memory, Technique::kDirectClaiming, step)) ||
      ApplyRemembered(s, memory, Technique::kDirectHiddenPair, step, false) ||
      FindNakedSingle(s, step) ||
      ApplyRemembered(s, memory, Technique::kDirectHiddenTriple, step)) {
    return true;
  }
  const Work& work = memory->work;
  // The fixed techniques in table order, each tried by its producer (one search finds every
  // unique rectangle and loop, one every BUG).
  for (const TechniqueRow& row : TechniqueRows()) {
    if (row.trial != Trial::kFixed || row.producer != row.info.technique) continue;
    if (Capped(memory, row.info.rating)) return false;
    if (ApplyRemembered(s, memory, row.info.technique, step)) return true;
  }
  if (ApplyChainOrCycle(s, work, memory, step)) return true;
  // With no forcing chain there is no cycle either: what a cycle removes, a forcing chain from
  // the candidate removed removes too. SE tries the aligned triple exclusion next.
  if (Capped(memory, kNishioBase)) return false;
  if (ApplyRemembered(s, memory, Technique::kAlignedTripleExclusion, step) ||
      FindNishioChain(s, work, step, memory->nishio)) {
    return true;
  }
  if (Capped(memory, kMultipleChainBase)) return false;
  if (FindMultipleForcingChain(s, work, step)) return true;
  if (Capped(memory, kDynamicChainBase)) return false;
  if (FindDynamicForcingChain(s, work, step)) return true;
  if (Capped(memory, kDynamicPlusChainBase)) return false;
  if (FindDynamicForcingChainPlus(s, work, step)) return true;
  if (!memory->nested || Capped(memory, kNestedChainBase)) return false;
  if (FindNestedForcingChain(s, work, 2, step)) return true;
  if (Capped(memory, kNestedMultipleChainBase)) return false;
  if (FindNestedForcingChain(s, work, 3, step)) return true;
  return !Capped(memory, kNestedDynamicChainBase) && FindNestedForcingChain(s, work, 4, step);
}

}  // namespace core_internal

namespace {

void Record(Technique technique, int rating, int uses, Rating* out) {
  ++out->steps;
  out->uses[static_cast<int>(technique)] =
      static_cast<uint16_t>(out->uses[static_cast<int>(technique)] + uses);
  if (rating > out->rating) {
    out->rating = rating;
    out->hardest = technique;
  }
}

// The guess: the empty cell with the fewest candidates gets its digit from the solution.
void Guess(core_internal::State& s, const Grid& solution, Rating* out) {
  int best = -1, fewest = kDigits + 1;
  const core_internal::CellMasks masks = core_internal::ComputeMasks(s);
  s.empty.ForEach([&](int cell) {
    const int count = core_internal::PopCount(masks[cell]);
    if (count < fewest) {
      fewest = count;
      best = cell;
    }
  });
  core_internal::PlaceDigit(s, best, solution[best] - 1);
  ++out->guesses;
  Record(Technique::kGuess, kGuessRating, 1, out);
}

// The rating with a cap (as RateUniquePuzzleUpTo's) and options; the path when `path` is not
// null.
bool RateWith(const Grid& puzzle, const Grid& solution, int max_rating,
              const RatingOptions& options, Rating* rating, SolvePath* path = nullptr) {
  *rating = Rating{};
  rating->solutions = 1;
  rating->solved = true;
  core_internal::State s;
  core_internal::SetUpState(puzzle, &s);  // a puzzle with one solution has no conflict
  core_internal::Memory memory;
  memory.sound = true;  // the solve only ever removes candidates the solution does not use
  memory.cap = max_rating;
  memory.nested = options.nested_chains;
  core_internal::Step step;
  core_internal::State before;
  PathStep shown;  // the pattern the finders report, when a path is recorded
  if (path != nullptr) step.shown = &shown;
  bool placed = false;  // a step has placed a digit: EP and ED are known
  while (s.empty.Any()) {
    if (path != nullptr) {
      before = s;
      shown = PathStep{};
    }
    const int open = placed ? 0 : s.empty.Count();
    if (core_internal::ApplyEasiestStep(s, &memory, &step)) {
      Record(step.technique, step.rating, step.uses, rating);
    } else if (memory.capped) {
      return false;
    } else {
      Guess(s, solution, rating);
      step.Set(Technique::kGuess, kGuessRating, 1);
    }
    if (!placed) {
      if (rating->steps == 1) rating->ed = step.rating;
      rating->ep = std::max(rating->ep, step.rating);
      placed = s.empty.Count() != open;
    }
    if (path != nullptr) {
      // The fixed chain patterns' finders show their cells; their chains are traced here.
      if (shown.chain.empty()) core_internal::ShowPatternChain(before, s, &step);
      core_internal::AppendPathStep(before, s, step.technique, step.rating, std::move(shown), path);
    }
    if (rating->rating > max_rating) return false;
  }
  return true;
}

}  // namespace

void RateUniquePuzzle(const Grid& puzzle, const Grid& solution, Rating* rating) {
  RateUniquePuzzleUpTo(puzzle, solution, INT_MAX, rating);
}

bool RateUniquePuzzleUpTo(const Grid& puzzle, const Grid& solution, int max_rating,
                          Rating* rating) {
  return RateWith(puzzle, solution, max_rating, RatingOptions{}, rating);
}

bool RatePuzzle(const Grid& puzzle, Rating* rating) {
  return RatePuzzle(puzzle, RatingOptions{}, rating);
}

bool RatePuzzle(const Grid& puzzle, const RatingOptions& options, Rating* rating) {
  return RatePuzzle(puzzle, options, rating, nullptr);
}

bool RatePuzzle(const Grid& puzzle, const RatingOptions& options, Rating* rating, SolvePath* path) {
  if (path != nullptr) path->steps.clear();
  Grid solution;
  const int solutions = CountSolutions(puzzle, 2, &solution);
  if (solutions != 1) {
    *rating = Rating{};
    rating->solutions = solutions;
    return false;
  }
  RateWith(puzzle, solution, INT_MAX, options, rating, path);
  return true;
}

}  // namespace sudoku
