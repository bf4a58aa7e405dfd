// Reference canonical forms for tests/canonical_test.cc: slow, simple, independent of the fast
// ones in src/core, so the tests can compare the two.
#ifndef SUDOKU_TESTS_CANONICAL_REFERENCE_H_
#define SUDOKU_TESTS_CANONICAL_REFERENCE_H_

#include "sudoku/core/grid.h"

namespace sudoku::canonical_reference {

// The minlex form by definition: every orientation, row order and column order, each
// relabelled by first appearance, keeping the smallest string (3.4 million arrangements; a
// fraction of a second per puzzle in Release).
Grid BruteForceMinlex(const Grid& puzzle);

// The first fast CanonicalGrid (a branch-and-bound over column orders, ~17 us per grid), whose
// output the corpora of schema 2 hold: the current one must agree with it.
Grid PreviousCanonicalGrid(const Grid& grid);

}  // namespace sudoku::canonical_reference

#endif  // SUDOKU_TESTS_CANONICAL_REFERENCE_H_
