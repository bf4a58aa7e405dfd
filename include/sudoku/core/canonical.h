// Canonical forms: one representative per equivalence class under the whole validity-preserving
// group (docs/spec.md, "equivalent puzzles": digit relabelling, row swaps within a band, column swaps
// within a stack, band swaps, stack swaps, transposition; 2 x 6^8 x 9! elements).
//
// The canonical form of a puzzle or grid is the lexicographically smallest text form among all
// its equivalents, with an empty cell ('.', stored as 0) ordering before every digit ("minlex").
// So two puzzles have the same canonical form iff one is a transform of the other.
//
// Pure functions; allocation-free; thread-safe.
#ifndef SUDOKU_CORE_CANONICAL_H_
#define SUDOKU_CORE_CANONICAL_H_

#include "sudoku/core/grid.h"

namespace sudoku {

// The minlex form of any puzzle (any number of givens and solutions, conflicts allowed).
// CanonicalForm(ApplyTransform(p, t)) == CanonicalForm(p) for every transform t;
// CanonicalForm(CanonicalForm(p)) == CanonicalForm(p).
Grid CanonicalForm(const Grid& puzzle);

// The same for a finished grid, faster. REQUIRES: IsCompleteValidGrid(grid).
Grid CanonicalGrid(const Grid& grid);

}  // namespace sudoku

#endif  // SUDOKU_CORE_CANONICAL_H_
