// Tests of SE's direct techniques in the rater (rating.h, rate/techniques/locked.cc,
// rate/techniques/subsets.cc): direct pointing (1.7), direct claiming (1.9), direct hidden pair
// (2.0) and triple (2.5), which SE tries between the hidden singles and the naked single (the
// triple after it) and which place one digit.
//
// Hand-made positions start from the empty board (all 729 candidates) and remove candidates until
// the pattern is there and nothing SE tries earlier is; the solver's first step (in SE's order)
// must then be that technique, placing exactly the expected digit and removing nothing else.
// Whole puzzles come with Sudoku Explainer 1.2.1's own rating (tests/data/se_ratings_*.txt).
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "common/samples.h"
#include "core/rate/memory.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::State;
using core_internal::Step;

constexpr int Cell(int row, int col) { return row * 9 + col; }

State EmptyBoard() {
  State s;
  EXPECT_TRUE(core_internal::InitState(Grid{}, &s));
  return s;
}

// The cells of box b (0-8), row-major.
std::vector<int> Box(int b) {
  std::vector<int> cells;
  for (int i = 0; i < 9; ++i) cells.push_back(Cell((b / 3) * 3 + i / 3, (b % 3) * 3 + i % 3));
  return cells;
}

std::vector<int> Row(int r) {
  std::vector<int> cells;
  for (int c = 0; c < 9; ++c) cells.push_back(Cell(r, c));
  return cells;
}

// Leaves `digit` (1-9) only on `keep` among `cells`.
void KeepOnly(State& s, int digit, const std::vector<int>& cells, const std::vector<int>& keep) {
  for (int cell : cells) s.cand[digit - 1].Clear(cell);
  for (int cell : keep) s.cand[digit - 1].Set(cell);
}

// Expects that the solver's first step from `s`, in SE's order, is `technique` and that it only
// places `digit` at `cell` (the placement's own removals, nothing else).
void ExpectFirstStepPlaces(const State& s, Technique technique, int digit, int cell) {
  State got = s, want = s;
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(got, &step));
  EXPECT_EQ(TechniqueName(step.technique), TechniqueName(technique));
  EXPECT_EQ(step.rating, TechniqueRating(technique));
  EXPECT_EQ(step.uses, 1);
  core_internal::PlaceDigit(want, cell, digit - 1);
  EXPECT_EQ(got.grid, want.grid);
  EXPECT_EQ(got.cand, want.cand);
}

// Cells as rRcC, 1-based. Box 1 (top left) holds 1 on row 1 only (r1c1, r1c2); box 2 holds it
// on row 1 (r1c4, r1c5) and, off row 1, at r2c5 only. Pointing would take 1 off r1c4 and r1c5,
// leaving box 2 only r2c5.
State DirectPointingPosition() {
  State s = EmptyBoard();
  KeepOnly(s, 1, Box(0), {Cell(0, 0), Cell(0, 1)});
  KeepOnly(s, 1, Box(1), {Cell(0, 3), Cell(0, 4), Cell(1, 4)});
  return s;
}

TEST(RatingDirect, DirectPointingPlacesTheDigitLeftAlone) {
  ExpectFirstStepPlaces(DirectPointingPosition(), Technique::kDirectPointing, 1, Cell(1, 4));
}

// SE's condition: the pointing must leave the other box one place. With two places left there,
// there is no direct pointing, and the first step is the plain pointing (2.6).
TEST(RatingDirect, NoDirectPointingWhenTwoPlacesAreLeft) {
  State s = DirectPointingPosition();
  s.cand[0].Set(Cell(2, 5));
  State copy = s;
  Step step;
  EXPECT_FALSE(core_internal::ApplyTechnique(copy, Technique::kDirectPointing, &step));
  EXPECT_EQ(copy.cand, s.cand);
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kPointing);
  EXPECT_FALSE(s.cand[0].Has(Cell(0, 3)));
  EXPECT_FALSE(s.cand[0].Has(Cell(0, 4)));
  EXPECT_EQ(s.grid[Cell(1, 4)], 0);
}

// Row 1 holds 1 in box 1 only (r1c1, r1c2); row 2 holds it in box 1 (r2c3) and, outside, at r2c6
// only. Claiming would take 1 off r2c3, leaving row 2 only r2c6. Box 3 holds no 1 at all: in a
// state that keeps its solution box 3 would point along row 3 and make this a direct pointing
// (DirectClaimingComesWithADirectPointing), so only such a broken state shows a direct claiming.
TEST(RatingDirect, DirectClaimingPlacesTheDigitLeftAlone) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 1)});
  KeepOnly(s, 1, Row(1), {Cell(1, 2), Cell(1, 5)});
  KeepOnly(s, 1, Box(2), {});
  ExpectFirstStepPlaces(s, Technique::kDirectClaiming, 1, Cell(1, 5));
  // Its pattern (no path's puzzle has a direct claiming): the claiming row, its box, the row of
  // the placement; the claiming cells.
  PathStep shown;
  Step step;
  step.shown = &shown;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(shown.houses, (std::vector<uint8_t>{0, 18, 1}));
  EXPECT_EQ(shown.cells, (std::vector<uint8_t>{Cell(0, 0), Cell(0, 1)}));
}

// Row 1: 1 and 2 only at r1c1 and r1c4 (a hidden pair, in two boxes: no claiming); 3 at r1c1
// and, outside the pair, r1c6 only. The pair's eliminations would leave 3 only r1c6.
State DirectHiddenPairPosition() {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 2, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 3, Row(0), {Cell(0, 0), Cell(0, 5)});
  return s;
}

TEST(RatingDirect, DirectHiddenPairPlacesTheDigitLeftAlone) {
  ExpectFirstStepPlaces(DirectHiddenPairPosition(), Technique::kDirectHiddenPair, 3, Cell(0, 5));
}

// With two places of 3 outside the pair there is no direct hidden pair; the plain hidden pair
// (3.4) is the first step.
TEST(RatingDirect, NoDirectHiddenPairWhenTwoPlacesAreLeft) {
  State s = DirectHiddenPairPosition();
  s.cand[2].Set(Cell(0, 6));
  State copy = s;
  Step step;
  EXPECT_FALSE(core_internal::ApplyTechnique(copy, Technique::kDirectHiddenPair, &step));
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kHiddenPair);
  EXPECT_EQ(s.grid[Cell(0, 5)], 0);
}

// Row 1: 1, 2 and 3 only in r1c1, r1c4 and r1c7, each in two of them (no hidden pair); 4 at
// r1c1 and, outside the triple, r1c6 only. The triple's eliminations would leave 4 only r1c6.
TEST(RatingDirect, DirectHiddenTriplePlacesTheDigitLeftAlone) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 2, Row(0), {Cell(0, 3), Cell(0, 6)});
  KeepOnly(s, 3, Row(0), {Cell(0, 0), Cell(0, 6)});
  KeepOnly(s, 4, Row(0), {Cell(0, 0), Cell(0, 5)});
  ExpectFirstStepPlaces(s, Technique::kDirectHiddenTriple, 4, Cell(0, 5));
}

// SE tries the direct pointing (1.7) before the naked single (2.3), and so does the rater, also
// with the memory of a solve.
TEST(RatingDirect, DirectPointingComesBeforeNakedSingleInSeOrder) {
  State s = DirectPointingPosition();
  for (int d = 0; d < 8; ++d) s.cand[d].Clear(Cell(8, 8));  // r9c9 can only hold 9
  ExpectFirstStepPlaces(s, Technique::kDirectPointing, 1, Cell(1, 4));

  core_internal::Memory memory;
  memory.sound = true;
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &memory, &step));
  EXPECT_EQ(step.technique, Technique::kDirectPointing);
  EXPECT_EQ(s.grid[Cell(1, 4)], 1);
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &memory, &step));
  EXPECT_EQ(step.technique, Technique::kNakedSingle);
  EXPECT_EQ(s.grid[Cell(8, 8)], 9);
}

// A direct claiming never comes first where the state keeps its solution (the reason is in
// rate/techniques/locked.cc), which is why the rater does not look for one there: at every state of
// the solve of generated puzzles without a hidden single, a direct claiming comes with a direct
// pointing.
TEST(RatingDirect, DirectClaimingComesWithADirectPointing) {
  Rng rng(91);
  int claimings = 0;
  for (const DigOptions& options : {DigOptions{17, 80, true}, DigOptions{26, 31, false}}) {
    for (const Grid& puzzle : samples::DugPuzzles(rng, 300, options)) {
      Grid solution;
      ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1);
      State s;
      core_internal::SetUpState(puzzle, &s);
      while (s.empty.Any()) {
        State probe = s;
        Step step;
        const bool hidden_single =
            core_internal::ApplyTechnique(probe, Technique::kHiddenSingleBox, &step) ||
            core_internal::ApplyTechnique(probe, Technique::kHiddenSingleLine, &step);
        probe = s;
        if (!hidden_single &&
            core_internal::ApplyTechnique(probe, Technique::kDirectClaiming, &step)) {
          ++claimings;
          probe = s;
          EXPECT_TRUE(core_internal::ApplyTechnique(probe, Technique::kDirectPointing, &step))
              << ToString(puzzle);
        }
        if (!core_internal::ApplyEasiestStep(s, &step)) {
          const int cell = s.empty.First();
          core_internal::PlaceDigit(s, cell, solution[cell] - 1);
        }
      }
    }
  }
  EXPECT_GT(claimings, 0);  // the check above ran
}

struct SeRated {
  const char* puzzle;
  int se_rating;  // Sudoku Explainer 1.2.1's ER, tenths
  Technique hardest;
  int hardest_uses;  // SE's uses of the hardest technique, where ours count the same (else -1)
};

// Puzzles whose SE rating is a direct technique's, with SE's steps counted by the serate build of
// docs/se-rules.md. The first three are in tests/data/se_ratings_17clue.txt.
constexpr SeRated kSeRated[] = {
    // SE: 1 direct pointing, otherwise hidden singles.
    {".................1..1..2.34.....1....5....6..67....8......6.5......7.....24.....9", 17,
     Technique::kDirectPointing, 1},
    // SE: 5 direct hidden pairs.
    {".................1....23.4......4.2...5........67..5...4........8.5..7..32....9..", 20,
     Technique::kDirectHiddenPair, 5},
    // SE: 1 direct hidden triple (and, after it, 3 direct hidden pairs where the rater takes
    // naked singles).
    {"..............1..2..3..4.5........46......1.7..5.8........3..2..7...6...16.......", 25,
     Technique::kDirectHiddenTriple, 1},
    // HoDoKu's pointing example lc102 (hodoku.sourceforge.net/en/show_example.php?file=lc102):
    // SE needs no pointing there, only 1 direct pointing and 6 direct hidden pairs.
    {"34...6.7..8....93...2....6.....1.....97...85......2...............6.8.9....923785", 20,
     Technique::kDirectHiddenPair, 6},
};

TEST(RatingDirect, PuzzlesRateAsSudokuExplainer) {
  for (const SeRated& c : kSeRated) {
    SCOPED_TRACE(c.puzzle);
    const ParseResult parsed = ParseGrid(c.puzzle);
    ASSERT_TRUE(parsed.ok);
    Rating rating;
    ASSERT_TRUE(RatePuzzle(parsed.grid, &rating));
    EXPECT_EQ(rating.rating, c.se_rating);
    EXPECT_EQ(TechniqueName(rating.hardest), TechniqueName(c.hardest));
    if (c.hardest_uses >= 0) {
      EXPECT_EQ(rating.uses[static_cast<int>(c.hardest)], c.hardest_uses)
          << TechniqueUsesJson(rating.uses);
    }
  }
}

TEST(RatingDirect, LevelsOfTheDirectTechniques) {
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kDirectPointing)), "easy");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kDirectClaiming)), "easy");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kDirectHiddenPair)), "easy");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kDirectHiddenTriple)), "medium");
}

}  // namespace
}  // namespace sudoku
