// The chains of a recorded path's chain steps, node by node (ChainNode, sudoku/core/solve_path.h).
// The engine's searches measure chain lengths without keeping parents, so the nodes are traced
// again here, from the state before the step, by a breadth-first search with parents over the
// links the engine follows: the shortest chain that proves what the step applied, which has the
// length the step was rated by. Called only when a step shows its pattern (Step::Showing), after
// its instance is chosen; never by a search. Private to src/core.
//
// Links ("on": the cell takes the digit, "off": it does not): an "on" turns off its digit in the
// peers and, through the cell, the cell's other digits; an "off" turns on the other place of its
// digit in a house with two places and, through the cell, the other digit of a bivalue cell.
//
// Thread-safety: pure functions of their arguments.
#ifndef SUDOKU_CORE_RATE_CHAINS_CHAIN_NODES_H_
#define SUDOKU_CORE_RATE_CHAINS_CHAIN_NODES_H_

#include <span>

#include "core/board/cell_set.h"
#include "core/rate/chains/chains.h"
#include "core/rate/state.h"
#include "core/rate/work.h"

namespace sudoku::core_internal {

// Which links a chain may use.
enum class ChainLinks {
  kDigit,    // one digit: houses only (X-chains, skyscraper, 2-string kite)
  kBivalue,  // bivalue cells: their cell link, then their digit to a bivalue peer (XY-chains)
  kMixed,    // both (forcing chains, W-wing)
};

// A candidate with its state; digit 0-8.
struct Literal {
  int cell = 0;
  int digit = 0;
  bool on = false;
};

// Shows `nodes` as one chain (the first starts it) and their cells, each once per step.
void ShowChain(std::span<const Literal> nodes, Step* step);

// Shows, for the removal of digit d from each of `cells`, a shortest chain c0 ... cN (c0 off
// first, cN on last, both seeing the removal) of `links` in `s`; one chain serves every removal
// that sees both its ends. REQUIRES: `s` the state before the removal.
void ShowEliminationChains(const State& s, ChainLinks links, int d, CellSet cells, Step* step);

// The nodes of the shortest XY-chain in `s` removing digit d from `removal`, counted as SE counts
// the forcing chain from that candidate (its cells' candidates, and the candidate on and off); 0
// if none. Names a step, so it runs once a forcing chain is chosen.
int XyChainNodes(const State& s, int d, int removal);

// Shows the shortest chain of `links` in `s` from `from` to `to`, as one chain. False, showing
// nothing, if `to` does not follow from `from` by those links.
bool ShowImplication(const State& s, ChainLinks links, Literal from, Literal to, Step* step);

// Shows the chain of a forcing chain that applied in `s`: from its assumption (the candidate
// on, for a removal; off, for a placement) to the assumption's negation.
void ShowForcingChain(const State& s, const ForcingChain& chain, Step* step);

// Shows what the engine found in a fixed chain pattern (skyscraper, 2-string kite, W-wing) that
// took `before` to `after`: its chain, as ShowEliminationChains, keeping the cells the finder
// showed. Nothing for other techniques.
void ShowPatternChain(const State& before, const State& after, Step* step);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_RATE_CHAINS_CHAIN_NODES_H_
