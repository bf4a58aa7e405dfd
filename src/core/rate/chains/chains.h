// The rater's chain engine (src/core/rate/chains/): X-chains, XY-chains, Y-cycles, forcing
// chains, Nishio, multiple, dynamic, dynamic (+) and nested forcing chains, found and rated as
// Sudoku Explainer 1.2.1 finds them (docs/se-rules.md). The step loop (rating.cc) calls these in
// SE's order; what each keeps between the steps of one solve is declared here too. Private to
// src/core.
//
// Thread-safety: the forcing chain searches keep their buffers per thread, allocated at
// a thread's first search.
#ifndef SUDOKU_CORE_RATE_CHAINS_CHAINS_H_
#define SUDOKU_CORE_RATE_CHAINS_CHAINS_H_

#include <array>
#include <climits>
#include <cstdint>

#include "core/board/cell_set.h"
#include "core/rate/chains/chain_rating.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// Chains found but not yet applied, so that the cheapest can be chosen.
struct Elimination {
  int rating = 0;  // 0: none found
  int digit = 0;
  CellSet cells;
};

// One digit's shortest forcing chain from "on" (FindXChainFromOn), kept while the digit's
// candidates stay the same.
struct XOnMemory {
  CellSet cand;
  bool valid = false;
  int nodes = 0;  // 0: none
  int cell = 0;   // the first candidate with a chain of that many nodes
};

// The cheapest Nishio chain on one digit (rate/chains/nishio.cc), kept while its candidates stay
// the same.
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

// Shortest X-chain (over all digits) that eliminates something, from every cell seeing both ends:
// the finder alone (ApplyTechnique); the step loop takes SE's forcing chains instead.
Elimination FindXChain(const State& s, const Work& w);
// Shortest XY-chain that eliminates something (the first found among equals).
// Only chains rating below `bound` count (0: any); the first cheapest such chain, or none.
Elimination FindXyChain(const State& s, const Work& w, int bound = 0);

// SE's bidirectional cycles (rate/chains/cycles.cc): what a search found, the cheapest that
// removes anything (then the first in SE's order), or none (rating 0).
struct Cycle {
  int rating = 0;  // 0: none found
  int nodes = 0;
  std::array<CellSet, kDigits> removable{};
  int source = 0;  // the start, as its search numbers the candidates
  int start = 0;   // the start candidate, cell * 9 + digit
};
// One digit's cheapest X-cycle (FindXCycle), kept while the digit's candidates stay the same.
struct XCycleMemory {
  CellSet cand;
  int bound = -1;  // the most nodes searched (-1: nothing known)
  Cycle best;      // the cheapest of at most `bound` nodes (rating 0: none)
};

// The cheapest Y-cycle of at most `max_nodes` nodes.
Cycle FindCycle(const State& s, const Work& w, int max_nodes);
// SE's other cycles (rate/chains/loops.cc): on one digit (X-cycles, 6.5 and up) or, `mixed`,
// through house and cell links both (7.0 and up), the cheapest of at most `max_nodes` nodes that
// removes anything, the first in SE's order (of starts, then of cycles found) among equals; from
// a start candidate (cell * 9 + digit) past `after`, of at most `max_nodes_after` nodes.
Cycle FindLoop(const State& s, const Work& w, bool mixed, int max_nodes,
               int max_nodes_after = INT_MAX, int after = INT_MAX);
// FindLoop's X-cycles, digit by digit, each digit's from `memory` (one per digit) where its
// candidates did not change.
Cycle FindXCycle(const State& s, const Work& w, int max_nodes, XCycleMemory* memory);
// Shows a cycle FindLoop or FindXCycle found in `s` and `w`, as ShowCycle.
void ShowLoop(const State& s, const Work& w, bool mixed, const Cycle& cycle, Step* step);
// Removes what `cycle` removes; false if nothing.
bool ApplyCycle(State& s, const Cycle& cycle);
// Shows `cycle`'s nodes as one chain, from its start (on) round to the "off" that turns the start
// on again, and their cells. REQUIRES: `cycle` found by FindCycle in `s` and `w`.
void ShowCycle(const State& s, const Work& w, const Cycle& cycle, Step* step);

// Forcing chains as SE finds them (rate/chains/forcing.cc): a candidate assumed on that turns
// itself off (removed), or assumed off that turns itself on (its cell's other candidates removed).
struct ForcingChain {
  int rating = 0;      // 0: none found
  int nodes = 0;       // SE's complexity: the candidates, with their state, the chain uses
  bool mixed = false;  // through cell links too (SE's XY search), else on one digit (X)
  int cell = 0;
  int digit = 0;
  bool place = false;  // true: the digit goes in the cell; false: it leaves the cell
};
// SE's forcing chains on one digit from "on" (rate/chains/chains.cc): the cheapest, the first
// candidate in SE's order (cells, then digits) among equals; rating 0 if none. Each digit's from
// `memory` (one per digit) where its candidates did not change.
ForcingChain FindXChainFromOn(const State& s, const Work& w, XOnMemory* memory);
// The cheapest forcing chain rating at most `bound` (0: any), the shorter on a tie and, between
// equals, the first in SE's order (single-digit chains, then mixed; cells, digits in order; "on"
// before "off"), not counting single-digit chains from "on" (FindXChainFromOn finds those).
ForcingChain FindForcingChain(const State& s, const Work& w, int bound = 0);
// Applies what `chain` concludes; false if it removes nothing.
bool ApplyForcingChain(State& s, const Work& w, const ForcingChain& chain);
// SE's Nishio forcing chains (7.5 and up, rate/chains/nishio.cc): a candidate whose assumption,
// followed on its digit alone, leads to a contradiction; the cheapest, if any. With `memory` (one
// per digit), digits whose candidates did not change reuse the last result.
bool FindNishioChain(State& s, const Work& w, Step* step, NishioMemory* memory = nullptr);
// SE's multiple forcing chains (cell and region forcing chains, 8.0 and up,
// rate/chains/multiple.cc): the cheapest, if any. With `reuse_search`, where the thread's last
// FindForcingChain searched this very state with no bound and found no chain, it reads each
// assumption's implications from that search instead of following them again: the same result
// (rating_reference_test.cc checks it), at less cost.
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

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_CHAINS_H_
