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

// A Y-cycle where SE takes one before the cheapest chain, rating `rating`: a cheaper one (at one
// rating, the chain, on a higher base, has fewer nodes). INT_MAX: any.
bool ApplyCycleBefore(State& s, const Work& w, int rating, Step* step) {
  const Cycle cycle = FindCycle(s, w, rating - 1);
  if (cycle.rating == 0) return false;
  if (step->Showing()) {
    const State before = s;
    if (!ApplyCycle(s, cycle)) return false;
    ShowCycle(before, w, cycle, step);
  } else if (!ApplyCycle(s, cycle)) {
    return false;
  }
  step->Set(Technique::kYCycle, cycle.rating, 1);
  return true;
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
  if (technique == Technique::kYCycle) return ApplyCycleBefore(s, work, INT_MAX, step);
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
  // SE finds the chains with one search and takes its cheapest chain; between chains of one
  // rating, the shorter (fewer nodes). The X-chain finder keeps its results between steps, so it
  // goes first: nothing but a Y-cycle of 6.5 beats its cheapest, 6.6.
  const Elimination x_chain = FindXChain(s, work, memory->x_chain);
  if (x_chain.rating == kXChainBase) {
    return ApplyCycleBefore(s, work, kXChainBase, step) ||
           ApplyChain(s, Technique::kXChain, x_chain, step);
  }
  // A chain rating no more than the solve so far changes neither the rating nor the hardest
  // step, whichever chain it is (step_loop.h): what is known or cheaper to find goes first.
  const int so_far = memory->sound ? memory->rating_so_far : 0;
  if (x_chain.rating != 0 && x_chain.rating <= so_far) {
    return ApplyChain(s, Technique::kXChain, x_chain, step);
  }
  ChainConclusions& proved = memory->chains;
  for (int i = 0; i < proved.count; ++i) {
    const ChainConclusion& c = proved.at[i];
    if (c.rating > so_far) continue;
    if (ApplyForcing(s, work, {c.rating, 0, c.mixed, c.cell, c.digit, c.place}, step)) return true;
  }
  if (so_far >= kMixedChainBase) {
    const Elimination xy_chain = FindXyChain(s, work, so_far + 1);
    if (xy_chain.rating != 0) return ApplyChain(s, Technique::kXyChain, xy_chain, step);
  }
  // Any other chain no dearer (a mixed chain of the X-chain's rating is the shorter).
  const ForcingChain chain =
      FindForcingChain(s, work, x_chain.rating, memory->sound ? &proved : nullptr);
  if (chain.rating == 0) {
    if (x_chain.rating != 0) {
      return ApplyCycleBefore(s, work, x_chain.rating, step) ||
             ApplyChain(s, Technique::kXChain, x_chain, step);
    }
    // What a cycle removes, a forcing chain removes too: with none, there is no cycle either.
    // SE tries the aligned triple exclusion after those chains, before the others.
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
  if (ApplyCycleBefore(s, work, chain.rating, step)) return true;
  // A mixed chain goes by the name of the pattern of its rating where there is one.
  if (chain.mixed) {
    if (chain.rating == TechniqueRating(Technique::kWWing) &&
        ApplyRemembered(s, memory, Technique::kWWing, step)) {
      return true;
    }
    const Elimination xy_chain = FindXyChain(s, work, chain.rating + 1);
    if (xy_chain.rating == chain.rating) return ApplyChain(s, Technique::kXyChain, xy_chain, step);
  }
  return ApplyForcing(s, work, chain, step);
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
      core_internal::AppendPathStep(before, s, step.technique, step.rating, std::move(shown),
                                    path);
    }
    if (rating->rating > max_rating) return false;
    memory.rating_so_far = rating->rating;
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
