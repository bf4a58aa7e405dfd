// Tests of CanonicalKey (include/sudoku/core/canonical_key.h). The key is stored in every corpus, so
// its values are pinned here: a change of definition must fail these tests, not corrupt files.
#include "sudoku/core/canonical_key.h"

#include <gtest/gtest.h>

#include <set>

#include "sudoku/core/canonical.h"
#include "sudoku/core/grid.h"

namespace sudoku {
namespace {

Grid Parse(const char* text) {
  const ParseResult parsed = ParseGrid(text);
  EXPECT_TRUE(parsed.ok) << parsed.error;
  return parsed.grid;
}

// Values from an independent implementation of the definition in the header (Python).
TEST(CanonicalKey, MatchesTheDocumentedDefinition) {
  EXPECT_EQ(CanonicalKey(Grid{}), 0);  // five zeros folded through Mix(0) = 0
  EXPECT_EQ(CanonicalKey(Parse("........1.....1.23..4.5..........5.....6..74.38............2....."
                               "7...6...1...8...")),
            1600086091309734037);
  EXPECT_EQ(CanonicalKey(Parse("........1..1..2.3..42.5..........2.36..4...7.8..53...9.....5..6."
                               "13...8...5.9.4...")),
            -4829844324042442309);
}

// Every cell counts: forms that differ in one cell, anywhere, get different keys.
TEST(CanonicalKey, DiffersForFormsThatDifferInOneCell) {
  const Grid form = CanonicalForm(
      Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"));
  std::set<int64_t> keys = {CanonicalKey(form)};
  for (int cell = 0; cell < kCells; ++cell) {
    Grid changed = form;
    changed[cell] = static_cast<uint8_t>((form[cell] + 1) % 10);
    keys.insert(CanonicalKey(changed));
  }
  EXPECT_EQ(keys.size(), static_cast<size_t>(kCells + 1));
}

}  // namespace
}  // namespace sudoku
