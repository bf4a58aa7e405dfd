// CanonicalKey: a compact 64-bit key of a canonical form, the corpus's duplicate index.
//
// The corpus keeps its canonical forms unique through a UNIQUE index on puzzles.canonical_key
// (schema/004_canonical_key.sql) instead of one on the 81-character text: an 8-byte key makes
// an index about a fifth the size, which the writer can keep in its page cache. The key is a
// hash, so two different forms may share one (about once in 2^64 pairs); the store then
// compares the texts and never takes a colliding form for a duplicate (store.h).
//
// The definition is part of the corpus format and never changes: read the 81 cells (0 for
// empty) as five decimal numbers of 19, 19, 19, 19 and 5 digits, most significant first, and
// fold them as key = Mix(key ^ number) from key = 0, where Mix is SplitMix64's finalizer
// (z = (z ^ z >> 30) * 0xBF58476D1CE4E5B9; z = (z ^ z >> 27) * 0x94D049BB133111EB; z ^ z >> 31).
// SQLite stores it as a signed 64-bit integer (the same bits). Apps can compute it the same way
// to look a puzzle up by its canonical form through the index.
//
// Pure; thread-safe.
#ifndef SUDOKU_CORE_CANONICAL_KEY_H_
#define SUDOKU_CORE_CANONICAL_KEY_H_

#include <cstdint>

#include "sudoku/core/grid.h"

namespace sudoku {

// The key of `canonical` as stored in puzzles.canonical_key. Defined for any grid; equal grids
// give equal keys. REQUIRES: cells hold 0-9.
int64_t CanonicalKey(const Grid& canonical);

}  // namespace sudoku

#endif  // SUDOKU_CORE_CANONICAL_KEY_H_
