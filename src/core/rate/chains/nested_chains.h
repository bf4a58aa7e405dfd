// The chains inside SE's nested forcing chains (rate/chains/dynamic.cc, docs/se-rules.md).
//
// SE 1.2.1's nested forcing chains of level 2 (base 9.5) are its dynamic forcing chains (+) with
// one more rule where an assumption's implications stall and the four easier rules of
// plus_rules.h remove nothing: its "forcing chains and cycles" (Chaining.getAdvancedPotentials;
// the X-, Y- and XY-cycles and forcing chains of levels 6.5-7.0 and up) run on the grid as the
// assumption has left it. Every chain it finds there with causes (a cell or a house its links
// read lost a candidate to the assumption) turns off what it removes, the chains taken in SE's
// order of their hints; those removed candidates are its causes and count among the nodes of the
// chain that uses them. Level 3 (10.0) adds its multiple forcing chains where those give nothing;
// level 4 (10.5) runs its dynamic forcing chains there instead of both (nested_dynamic.cc).
// Private to src/core/rate.
#ifndef SUDOKU_CORE_RATE_CHAINS_NESTED_CHAINS_H_
#define SUDOKU_CORE_RATE_CHAINS_NESTED_CHAINS_H_

#include <cstdint>

#include "core/rate/chains/plus_rules.h"

namespace sudoku::core_internal {

// Finds SE's static chains on g's grid as FindPlusEliminations finds the rules' hints: appends
// to *hints those with causes and a new elimination, writes their eliminations to elim and
// hint_of, and returns how many. Level 2: the forcing chains and cycles; level 3: and, where
// those give nothing, the multiple forcing chains. Same requirements.
int FindChainEliminations(const PlusGrid& g, int level, PlusHints* hints, uint16_t* elim,
                          uint16_t* hint_of);

// As FindChainEliminations, for level 4: SE's dynamic forcing chains, every hint of them
// (nested_dynamic.cc).
int FindDynamicChainEliminations(const PlusGrid& g, PlusHints* hints, uint16_t* elim,
                                 uint16_t* hint_of);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_NESTED_CHAINS_H_
