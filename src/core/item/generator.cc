#include "sudoku/core/generator.h"

#include <algorithm>
#include <cstdio>
#include <iterator>

#include "sudoku/core/canonical.h"
#include "sudoku/core/controlled_bias.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

constexpr int kMinUniqueClues = 17;        // McGuire et al. 2012: no 16-clue puzzle exists
constexpr int kMaxKnownMinimalClues = 40;  // the largest minimal puzzles known have 40 clues

std::string Range(int lo, int hi) { return std::to_string(lo) + "-" + std::to_string(hi); }

// Controlled-bias digging makes minimal puzzles with probabilities known for every clue count;
// a band on its output would change those, so it takes none.
Status CheckControlledBias(const GeneratorOptions& options) {
  const DigOptions& dig = options.dig;
  auto bad = [](const std::string& what) {
    return Status::InvalidArgument("controlled-bias dig order: " + what);
  };
  if (!dig.minimal) return bad("makes minimal puzzles only (minimal digging)");
  if (dig.min_clues > kMinUniqueClues || dig.max_clues < kCells - 1) {
    return bad("clue band " + Range(dig.min_clues, dig.max_clues) +
               ": takes no band, as its weights need every clue count");
  }
  if (options.min_freedom > 0 || options.max_freedom < 729) {
    return bad("freedom band " + Range(options.min_freedom, options.max_freedom) +
               ": takes no band, as its weights need every puzzle");
  }
  if (options.min_rating > 0 || options.max_rating < kMaxRating) {
    return bad("takes no rating band or level, as its weights need every puzzle");
  }
  if (dig.symmetry != Symmetry::kNone || options.random_symmetry) {
    return bad("works with symmetry none only");
  }
  if (HasTechniqueTarget(options)) {
    return bad("takes no technique target, as its weights need every puzzle");
  }
  if (options.controlled_bias_tries_per_grid < 1) return bad("tries per grid must be at least 1");
  return Status::Ok();
}

// Whether a step of `technique` always rates its table rating (a pattern of one size).
bool HasFixedRating(Technique technique) {
  switch (technique) {
    case Technique::kUniqueRectangle1:
    case Technique::kUniqueRectangle2:
    case Technique::kUniqueRectangle4:
    case Technique::kBugPlusOne:
    case Technique::kBugType2:
    case Technique::kBugType4:
      return true;
    default:
      break;
  }
  switch (DescribeTechnique(technique).family) {
    case TechniqueFamily::kSingle:
    case TechniqueFamily::kDirect:
    case TechniqueFamily::kLocked:
    case TechniqueFamily::kSubset:
    case TechniqueFamily::kFish:
    case TechniqueFamily::kWing:
      return true;
    default:
      return false;
  }
}

// "x-wing, swordfish": the techniques set in `set`, in table order.
std::string TechniqueList(const std::bitset<kTechniqueCount>& set) {
  std::string list;
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (!set[t]) continue;
    if (!list.empty()) list += ", ";
    list += TechniqueName(static_cast<Technique>(t));
  }
  return list;
}

bool MeetsTechniqueTargets(const GeneratorOptions& options, const Rating& rating) {
  if (options.hardest && rating.hardest != *options.hardest) return false;
  for (int t = 0; t < kTechniqueCount; ++t) {
    if (options.required[t] && rating.uses[t] == 0) return false;
  }
  return true;
}

}  // namespace

bool HasTechniqueTarget(const GeneratorOptions& options) {
  return options.hardest.has_value() || options.required.any();
}

TechniqueBand HardestTechniqueBand(Technique technique) {
  const int rating = TechniqueRating(technique);
  return {rating, HasFixedRating(technique) ? rating : kMaxRating};
}

Status CheckTechniqueTargets(const GeneratorOptions& options) {
  auto bad = [](std::string message) { return Status::InvalidArgument(std::move(message)); };
  if (options.required[static_cast<int>(Technique::kNone)]) {
    return bad("required technique none: no step is of technique none");
  }
  if (options.required[static_cast<int>(Technique::kNestedForcingChain)]) {
    return bad("required technique nested-forcing-chain: puzzles are rated without nested chains");
  }
  int max_rating = options.max_rating;
  std::string ceiling =
      "rating band " + FormatRating(options.min_rating) + "-" + FormatRating(options.max_rating);
  if (options.hardest) {
    const std::string name(TechniqueName(*options.hardest));
    if (*options.hardest == Technique::kNone) {
      return bad("hardest technique none: every puzzle has an empty cell, so takes a step");
    }
    // The generator rates with the default RatingOptions, which search no nested chains.
    if (*options.hardest == Technique::kNestedForcingChain) {
      return bad("hardest technique " + name + ": puzzles are rated without nested chains");
    }
    const TechniqueBand band = HardestTechniqueBand(*options.hardest);
    if (band.max_rating < options.min_rating || band.min_rating > options.max_rating) {
      return bad("hardest technique " + name + " rates " + FormatRating(band.min_rating) +
                 (band.max_rating > band.min_rating ? " or more" : "") + ", outside " + ceiling);
    }
    if (band.max_rating < max_rating) {
      max_rating = band.max_rating;
      ceiling = "hardest technique " + name + " (" + FormatRating(max_rating) + ")";
    }
  }
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    if (options.required[t] && TechniqueRating(technique) > max_rating) {
      return bad("required technique " + std::string(TechniqueName(technique)) + " rates " +
                 FormatRating(TechniqueRating(technique)) + ", above " + ceiling);
    }
  }
  return Status::Ok();
}

Status CheckGeneratorOptions(const GeneratorOptions& options) {
  const DigOptions& dig = options.dig;
  const std::string clues = "clue band " + Range(dig.min_clues, dig.max_clues);
  auto bad = [](std::string message) { return Status::InvalidArgument(std::move(message)); };
  if (dig.min_clues > dig.max_clues) return bad(clues + ": minimum above maximum");
  if (dig.max_clues >= kCells) {
    return bad(clues + ": a puzzle has at most 80 clues (one empty cell)");
  }
  if (dig.max_clues < kMinUniqueClues) {
    return bad(clues + ": no unique puzzle has fewer than 17 clues");
  }
  if (dig.minimal && dig.min_clues > kMaxKnownMinimalClues) {
    return bad(clues + " with minimal digging: no minimal puzzle with more than 40 clues is known");
  }
  const std::string freedom = "freedom band " + Range(options.min_freedom, options.max_freedom);
  if (options.min_freedom > options.max_freedom) return bad(freedom + ": minimum above maximum");
  if (options.min_freedom < 0 || options.max_freedom > 729) {
    return bad(freedom + ": freedom lies between 0 and 729");
  }
  // Every empty cell has freedom 1 to 9, so the bands must overlap [holes, 9 * holes].
  const int min_holes = kCells - dig.max_clues;
  const int max_holes = kCells - std::max(dig.min_clues, kMinUniqueClues);
  if (options.max_freedom < min_holes || options.min_freedom > 9 * max_holes) {
    return bad(freedom + ": unreachable with " + clues);
  }
  const std::string rating =
      "rating band " + FormatRating(options.min_rating) + "-" + FormatRating(options.max_rating);
  if (options.min_rating > options.max_rating) return bad(rating + ": minimum above maximum");
  if (options.min_rating < 0) return bad(rating + ": ratings are 0 or more");
  if (options.min_rating > kMaxRating) {
    return bad(rating + ": no puzzle rates above " + FormatRating(kMaxRating) +
               " with this solver");
  }
  if (options.max_attempts < 1) return bad("max attempts must be at least 1");
  if (dig.order == DigOrder::kPerRow &&
      (dig.symmetry != Symmetry::kNone || options.random_symmetry)) {
    return bad("per-row dig order works with symmetry none only");
  }
  if (dig.order == DigOrder::kControlledBias) return CheckControlledBias(options);
  return CheckTechniqueTargets(options);
}

std::string_view SourceGridMethodName() { return "source"; }

namespace {

// The symmetries `--symmetry random` chooses from: all but none.
constexpr Symmetry kRandomSymmetries[] = {Symmetry::kRot180,   Symmetry::kRot90,
                                          Symmetry::kMirror,   Symmetry::kFlip,
                                          Symmetry::kDiagonal, Symmetry::kAntidiagonal};

// Stages 1 and 2: a finished grid, made or drawn, then transformed.
Grid MakeGrid(const GeneratorOptions& options, Rng& rng) {
  const Grid grid =
      options.grid_source.empty()
          ? GenerateGrid(options.grid_method, rng)
          : options.grid_source[rng.Below(static_cast<uint32_t>(options.grid_source.size()))];
  if (options.transform == TransformKind::kFull) return ApplyTransform(grid, RandomTransform(rng));
  return RelabelDigits(grid, RandomDigitMap(rng));
}

}  // namespace

namespace {

// Controlled-bias items: grids until one of its tries ends at a minimal puzzle. There is no
// band to miss, so no attempt limit: every grid has minimal puzzles, and a grid's tries find one
// with a fixed positive probability (about one try in 200,000), so the loop ends.
void DigControlledBiasItem(const GeneratorOptions& options, Rng& rng, Grid* grid, Grid* puzzle) {
  do {
    *grid = MakeGrid(options, rng);
  } while (!DigControlledBias(*grid, options.controlled_bias_tries_per_grid, rng, puzzle, nullptr));
}

}  // namespace

std::string DescribeFailedItem(const GeneratorOptions& options, const ItemTally& tally) {
  const std::string attempts = std::to_string(options.max_attempts) + " attempts";
  if (!HasTechniqueTarget(options)) {
    const bool rated = options.min_rating > 0 || options.max_rating < kMaxRating;
    return "no puzzle met the requested bands in " + attempts +
           "; widen the clue band or the freedom band" +
           (rated ? " (SE ratings " + FormatRating(options.min_rating) + "-" +
                        FormatRating(options.max_rating) + " are rare among these clues)"
                  : "");
  }
  std::string target;
  if (options.hardest) {
    target = "had hardest technique " + std::string(TechniqueName(*options.hardest));
  }
  if (options.required.any()) {
    target += (target.empty() ? "used " : " and used ") + TechniqueList(options.required);
  }
  const double share = tally.dug > 0 ? 100.0 * static_cast<double>(tally.technique_matches) /
                                           static_cast<double>(tally.dug)
                                     : 0.0;
  char percent[32];
  std::snprintf(percent, sizeof(percent), "%.3f%%", share);
  const std::string measured = std::to_string(tally.technique_matches) + " of " +
                               std::to_string(tally.dug) + " puzzles dug " + target + " (" +
                               percent + ")";
  if (tally.technique_matches > 0) return measured + ", none rated inside the band asked for";
  return measured + ": too rare among these puzzles; ask for a commoner technique or other clues";
}

bool GeneratePuzzle(const GeneratorOptions& options, int64_t item_index, uint64_t item_seed,
                    PuzzleRecord* record, ItemTally* tally) {
  ItemTally unused;
  if (tally == nullptr) tally = &unused;
  *tally = ItemTally();
  // A hardest technique of fixed rating caps the rating: a puzzle that rates above it has
  // another hardest step, and the rater stops as soon as it knows so.
  const int rating_cap =
      options.hardest
          ? std::min(options.max_rating, HardestTechniqueBand(*options.hardest).max_rating)
          : options.max_rating;
  Rng rng(item_seed);
  DigOptions dig = options.dig;
  if (options.random_symmetry) {
    dig.symmetry = kRandomSymmetries[rng.Below(std::size(kRandomSymmetries))];
  }
  const bool controlled_bias = dig.order == DigOrder::kControlledBias;
  for (int attempt = 0; attempt < options.max_attempts; ++attempt) {
    Grid grid, puzzle;
    if (controlled_bias) {
      DigControlledBiasItem(options, rng, &grid, &puzzle);
    } else {
      grid = MakeGrid(options, rng);
      if (!DigUniquePuzzle(grid, dig, rng, &puzzle)) continue;
    }
    const int freedom = TotalFreedom(puzzle);
    if (freedom < options.min_freedom || freedom > options.max_freedom) continue;
    ++tally->dug;
    Rating rating;
    if (!RateUniquePuzzleUpTo(puzzle, grid, rating_cap, &rating)) continue;
    if (!MeetsTechniqueTargets(options, rating)) continue;
    ++tally->technique_matches;
    if (rating.rating < options.min_rating) continue;
    record->item_index = item_index;
    record->givens = puzzle;
    record->solution = grid;
    record->clues = CountGivens(puzzle);
    record->freedom = freedom;
    record->level = RatingLevel(rating.rating);
    record->clue_class = ClueClassOf(record->clues);
    record->rating = rating.rating;
    record->ep = rating.ep;
    record->ed = rating.ed;
    record->hardest = rating.hardest;
    record->guesses = rating.guesses;
    record->technique_uses = rating.uses;
    record->symmetry = SymmetryName(dig.symmetry);
    record->grid_method =
        options.grid_source.empty() ? GridMethodName(options.grid_method) : SourceGridMethodName();
    record->dig_order = DigOrderName(dig.order);
    record->canonical = CanonicalForm(puzzle);
    record->solution_canonical = CanonicalGrid(grid);
    return true;
  }
  return false;
}

}  // namespace sudoku
