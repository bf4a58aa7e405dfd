// The rater's table of techniques (technique_table.cc): the public row of each Technique
// (sudoku/core/techniques.h) with how the step loop (rating.cc) tries it. Private to src/core.
//
// Adding a fixed technique is a row here, its finder in techniques/ and its tests: the step loop
// tries the rows of Trial::kFixed in table order, each with the scan its `needs` asks for.
// technique_table.cc checks at compile time that the rows are in Technique order and that the
// fixed rows rise in rating (the step loop's cap relies on it).
#ifndef SUDOKU_CORE_RATE_TECHNIQUE_TABLE_H_
#define SUDOKU_CORE_RATE_TECHNIQUE_TABLE_H_

#include <array>

#include "core/rate/state.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/techniques.h"

namespace sudoku::core_internal {

struct Memory;

// Where the step loop (ApplyEasiestStep) tries a technique.
enum class Trial : uint8_t {
  kNever,        // kNone: not a step
  kSingles,      // first: full house, hidden singles (from the singles' memory)
  kDirect,       // SE's direct techniques and the naked single, in the order the loop spells out
  kFixed,        // then each row in table order, the ratings rising
  kChains,       // SE's one chain search, the cheapest chain first (the loop spells out SE's order)
  kAfterChains,  // the aligned triple exclusion: where no chain of the first kinds applies
  kGuess,        // where nothing applies
};

// A finder of a fixed technique: searches what `scan` does not skip; applies the first instance
// that makes progress, fills *step and returns true, or returns false with s unchanged.
// `memory`: what the finder kept from earlier steps of the solve, or null (a search from scratch,
// as ApplyTechnique runs it; then `scan` is a default Scan).
using Finder = bool (*)(State& s, const Work& w, Scan& scan, Memory* memory, Step* step);

struct TechniqueRow {
  TechniqueInfo info;
  Trial trial;
  // The technique whose search finds this one: SE has one producer for every unique rectangle
  // and loop (run as kUniqueRectangle1), one for every BUG (as kBugPlusOne). Else itself.
  Technique producer;
  Finder find;  // of the producer rows of the singles and of the fixed techniques; else null
  int needs;    // ScanNeeds bits (memory.h) its scan must fill beyond digits and houses
};

// The rows, indexed by Technique.
const std::array<TechniqueRow, kTechniqueCount>& TechniqueRows();

// The row of `technique`.
inline const TechniqueRow& RowOf(Technique technique) {
  return TechniqueRows()[static_cast<int>(technique)];
}

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_TECHNIQUE_TABLE_H_
