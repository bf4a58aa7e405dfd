// The puzzle search's separate paths against the brute-force reference: rows placed all at once
// and group by group (lines with a repeated digit), many tied prefixes searched in batches, the
// first-row filters; then every golden puzzle's form under random transforms.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "canonical/canonical_reference.h"
#include "common/samples.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/transform.h"
#include "common/test_data.h"

namespace sudoku {
namespace {

void ExpectBruteForceForm(const std::vector<Grid>& puzzles) {
  for (const Grid& puzzle : puzzles) {
    EXPECT_EQ(ToString(CanonicalForm(puzzle)),
              ToString(canonical_reference::BruteForceMinlex(puzzle)))
        << ToString(puzzle);
  }
}

Grid MustParse(const char* text) {
  ParseResult parsed = ParseGrid(text);
  EXPECT_TRUE(parsed.ok) << parsed.error;
  return parsed.grid;
}

TEST(CanonicalSearch, MatchesBruteForceOnRandomPuzzles) {
  Rng rng(21);
  std::vector<Grid> puzzles = samples::DugPuzzles(rng, 5, DigOptions{17, 81, true});
  for (const Grid& p : samples::DugPuzzles(rng, 5, DigOptions{26, 56, false})) {
    puzzles.push_back(p);
  }
  ExpectBruteForceForm(puzzles);
}

TEST(CanonicalSearch, MatchesBruteForceOnGoldenPuzzles) {
  std::vector<Grid> puzzles;
  for (const char* name : {"puzzles2_17_clue_golden", "puzzles3_magictour_golden",
                           "puzzles6_forum_hardest_golden", "puzzles7_serg_golden"}) {
    const std::vector<Grid> file = testing::ReadPuzzles(testing::GoldenPath(name));
    for (size_t i = 1; i < file.size(); i += file.size() / 2 + 1) puzzles.push_back(file[i]);
  }
  ExpectBruteForceForm(puzzles);
}

// Boards with a digit twice in a line (placed group by group), and sparse or regular ones whose
// first rows tie in many ways (more tied nodes than one batch holds).
TEST(CanonicalSearch, MatchesBruteForceOnConflictingAndTiedBoards) {
  std::vector<Grid> boards;
  for (const char* text : {
           "1...2...3...4...5...6...7...8...9................................................",
           "1..2..3..........................................................................",
           "...4.....5...................6........................7.................8........",
           "1.......................................................................2.......3",
           "1...................................1...................................1........",
           "12.3..........4...5..............2.......1....6.............3............2....5.7",
       }) {
    boards.push_back(MustParse(text));
  }
  Rng rng(22);
  for (int i = 0; i < 4; ++i) {
    Grid board;
    const int givens = 8 + static_cast<int>(rng.Below(30));
    for (int k = 0; k < givens; ++k) {
      board[static_cast<int>(rng.Below(kCells))] = static_cast<uint8_t>(1 + rng.Below(9));
    }
    boards.push_back(board);
  }
  ExpectBruteForceForm(boards);
}

TEST(CanonicalSearch, GoldenFormsAreFixedPointsOfEveryTransform) {
  Rng rng(23);
  for (const char* name : {"puzzles2_17_clue_golden", "puzzles3_magictour_golden",
                           "puzzles6_forum_hardest_golden", "puzzles7_serg_golden"}) {
    for (const Grid& puzzle : testing::ReadPuzzles(testing::GoldenPath(name))) {
      const Grid form = CanonicalForm(puzzle);
      ASSERT_EQ(CanonicalForm(form), form) << ToString(puzzle);
      const Grid moved = ApplyTransform(puzzle, RandomTransform(rng));
      ASSERT_EQ(ToString(CanonicalForm(moved)), ToString(form)) << ToString(puzzle);
    }
  }
}

// The full 17-clue list, when ../shared/data holds it: every form is a fixed point and the same
// for a random transform of the puzzle.
TEST(CanonicalSearch, SharedSeventeenClueFormsAreFixedPointsOfEveryTransform) {
  SUDOKU_REQUIRE_SHARED(path, "puzzles2_17_clue");
  Rng rng(24);
  for (const Grid& puzzle : testing::ReadPuzzles(path)) {
    const Grid form = CanonicalForm(puzzle);
    ASSERT_EQ(CanonicalForm(form), form) << ToString(puzzle);
    const Grid moved = ApplyTransform(puzzle, RandomTransform(rng));
    ASSERT_EQ(CanonicalForm(moved), form) << ToString(puzzle);
  }
}

}  // namespace
}  // namespace sudoku
