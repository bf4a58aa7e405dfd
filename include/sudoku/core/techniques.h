// The rater's techniques as one read-only table: for each Technique (rating.h) its stable name,
// its SE rating (for a chain, its base), its family and a one-line description of the step. The
// rater's step loop, TechniqueName, ParseTechnique, TechniqueRating and TechniqueUsesJson read
// this table; so do the man page's list of techniques and the table of docs/rating.md
// (tests/cli/readme_techniques_test.cc compares them).
//
// Thread-safety: constant data; every function is pure and thread-safe.
#ifndef SUDOKU_CORE_TECHNIQUES_H_
#define SUDOKU_CORE_TECHNIQUES_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "sudoku/core/rating.h"

namespace sudoku {

// The kinds of technique, as the rater's source groups their finders.
enum class TechniqueFamily : uint8_t {
  kNone,        // no step (Technique::kNone)
  kSingle,      // full house, hidden and naked singles
  kDirect,      // SE's direct techniques: a placement an elimination would force
  kLocked,      // locked candidates: pointing, claiming
  kSubset,      // naked and hidden pairs, triples, quads
  kFish,        // X-wing, swordfish, jellyfish
  kWing,        // XY-wing, XYZ-wing
  kUniqueness,  // unique rectangles and loops, BUG: sound only on puzzles with one solution
  kAligned,     // aligned pair and triple exclusion
  kChain,       // cycles and chains, skyscraper to nested forcing chains
  kGuess,       // no technique applied
};

struct TechniqueInfo {
  Technique technique;
  std::string_view name;  // stable, stored in corpora: TechniqueName
  // SE rating in tenths: TechniqueRating. For a technique whose rating varies (chains, unique
  // loops, BUG type 3, unique rectangle type 3) the least it rates.
  int rating;
  TechniqueFamily family;
  std::string_view description;  // what the step is, in one line (no trailing period)
};

// The row of `technique`.
const TechniqueInfo& DescribeTechnique(Technique technique);

// The rows of every technique, indexed by Technique (kNone first, kGuess last).
std::span<const TechniqueInfo> TechniqueTable();

// Every technique's name, in Technique order ("none" first, "guess" last): the words a
// technique option completes to.
std::span<const std::string_view> TechniqueNames();

// The family's name, lowercase: "single", "direct", "locked", ..., "chain", "guess".
std::string_view TechniqueFamilyName(TechniqueFamily family);

}  // namespace sudoku

#endif  // SUDOKU_CORE_TECHNIQUES_H_
