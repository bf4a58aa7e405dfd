// Tests of rating.h: names, ratings and bands, and each technique on a hand-made position.
//
// A hand-made position starts from the empty board (all 729 candidates) and removes candidates
// until one pattern is there and nothing easier is. The solver's easiest step must then be that
// technique, with exactly the expected eliminations (or placement).
#include "sudoku/core/rating.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/rate/chains/chain_rating.h"
#include "core/rate/state.h"
#include "core/rate/step_loop.h"
#include "core/rate/work.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::State;
using core_internal::Step;

constexpr int Cell(int row, int col) { return row * 9 + col; }

// (digit 1-9, cell) pairs.
using Candidates = std::set<std::pair<int, int>>;

State EmptyBoard() {
  State s;
  EXPECT_TRUE(core_internal::InitState(Grid{}, &s));
  return s;
}

// Leaves `digit` (1-9) only on `keep` among `cells`.
void KeepOnly(State& s, int digit, std::vector<int> cells, std::vector<int> keep) {
  for (int cell : cells) s.cand[digit - 1].Clear(cell);
  for (int cell : keep) s.cand[digit - 1].Set(cell);
}

// Leaves only `digits` (1-9) as candidates of `cell`.
void SetCell(State& s, int cell, std::vector<int> digits) {
  for (CellSet& set : s.cand) set.Clear(cell);
  for (int d : digits) s.cand[d - 1].Set(cell);
}

std::vector<int> Row(int r) {
  std::vector<int> cells;
  for (int c = 0; c < 9; ++c) cells.push_back(Cell(r, c));
  return cells;
}

std::vector<int> Col(int c) {
  std::vector<int> cells;
  for (int r = 0; r < 9; ++r) cells.push_back(Cell(r, c));
  return cells;
}

Candidates AllCandidates(const State& s) {
  Candidates out;
  for (int d = 0; d < kDigits; ++d) s.cand[d].ForEach([&](int cell) { out.insert({d + 1, cell}); });
  return out;
}

// The candidates of `before` that `after` no longer has.
Candidates Removed(const Candidates& before, const State& after) {
  const Candidates now = AllCandidates(after);
  Candidates removed;
  for (const auto& c : before) {
    if (!now.count(c)) removed.insert(c);
  }
  return removed;
}

// Applies the easiest step; expects `technique` and returns the candidates it removed.
Candidates EasiestStepRemoves(State& s, Technique technique) {
  const Candidates before = AllCandidates(s);
  Step step;
  EXPECT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(TechniqueName(step.technique), TechniqueName(technique));
  EXPECT_EQ(step.uses, 1);
  return Removed(before, s);
}

// Every cell of `cells` with `digit`, as candidates.
Candidates Of(int digit, std::vector<int> cells) {
  Candidates out;
  for (int cell : cells) out.insert({digit, cell});
  return out;
}

Candidates Union(Candidates a, const Candidates& b) {
  a.insert(b.begin(), b.end());
  return a;
}

TEST(Rating, TechniqueNamesAreStableAndParse) {
  EXPECT_EQ(TechniqueName(Technique::kHiddenSingleBox), "hidden-single-box");
  EXPECT_EQ(TechniqueName(Technique::kXyzWing), "xyz-wing");
  EXPECT_EQ(TechniqueName(Technique::kGuess), "guess");
  EXPECT_EQ(TechniqueName(Technique::kDirectPointing), "direct-pointing");
  EXPECT_EQ(TechniqueName(Technique::kDirectClaiming), "direct-claiming");
  EXPECT_EQ(TechniqueName(Technique::kDirectHiddenPair), "direct-hidden-pair");
  EXPECT_EQ(TechniqueName(Technique::kDirectHiddenTriple), "direct-hidden-triple");
  EXPECT_EQ(TechniqueName(Technique::kForcingChain), "forcing-chain");
  EXPECT_EQ(TechniqueName(Technique::kNishioChain), "nishio-forcing-chain");
  EXPECT_EQ(TechniqueName(Technique::kCellForcingChain), "cell-forcing-chain");
  EXPECT_EQ(TechniqueName(Technique::kRegionForcingChain), "region-forcing-chain");
  EXPECT_EQ(TechniqueName(Technique::kDynamicForcingChain), "dynamic-forcing-chain");
  std::set<std::string_view> names;
  for (int t = 0; t < kTechniqueCount; ++t) {
    const auto technique = static_cast<Technique>(t);
    const std::string_view name = TechniqueName(technique);
    EXPECT_TRUE(names.insert(name).second) << name;
    for (char ch : name)
      EXPECT_TRUE((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-');
    ASSERT_TRUE(ParseTechnique(name).has_value()) << name;
    EXPECT_EQ(*ParseTechnique(name), technique);
  }
  EXPECT_FALSE(ParseTechnique("Hidden-Single-Box").has_value());
}

TEST(Rating, TechniqueRatingsFollowSudokuExplainer) {
  const std::pair<Technique, int> published[] = {{Technique::kFullHouse, 10},
                                                 {Technique::kHiddenSingleBox, 12},
                                                 {Technique::kHiddenSingleLine, 15},
                                                 {Technique::kDirectPointing, 17},
                                                 {Technique::kDirectClaiming, 19},
                                                 {Technique::kDirectHiddenPair, 20},
                                                 {Technique::kNakedSingle, 23},
                                                 {Technique::kDirectHiddenTriple, 25},
                                                 {Technique::kPointing, 26},
                                                 {Technique::kClaiming, 28},
                                                 {Technique::kNakedPair, 30},
                                                 {Technique::kXWing, 32},
                                                 {Technique::kHiddenPair, 34},
                                                 {Technique::kNakedTriple, 36},
                                                 {Technique::kSwordfish, 38},
                                                 {Technique::kHiddenTriple, 40},
                                                 {Technique::kXyWing, 42},
                                                 {Technique::kXyzWing, 44},
                                                 {Technique::kUniqueRectangle1, 45},
                                                 {Technique::kUniqueRectangle2, 45},
                                                 {Technique::kUniqueRectangle3, 45},
                                                 {Technique::kUniqueRectangle4, 45},
                                                 {Technique::kUniqueLoop, 46},
                                                 {Technique::kNakedQuad, 50},
                                                 {Technique::kJellyfish, 52},
                                                 {Technique::kHiddenQuad, 54},
                                                 {Technique::kBugPlusOne, 56},
                                                 {Technique::kBugType2, 57},
                                                 {Technique::kBugType4, 57},
                                                 {Technique::kBugType3, 58},
                                                 {Technique::kSkyscraper, 66},
                                                 {Technique::kTwoStringKite, 66},
                                                 {Technique::kXChain, 66},
                                                 {Technique::kXyChain, 70},
                                                 {Technique::kForcingChain, 70},
                                                 {Technique::kWWing, 71},
                                                 {Technique::kNishioChain, 75},
                                                 {Technique::kCellForcingChain, 80},
                                                 {Technique::kRegionForcingChain, 80},
                                                 {Technique::kDynamicForcingChain, 85},
                                                 {Technique::kGuess, kGuessRating}};
  for (const auto& [technique, rating] : published) {
    EXPECT_EQ(TechniqueRating(technique), rating) << TechniqueName(technique);
  }
  // Easiest first: the enum order never decreases in rating.
  for (int t = 1; t < kTechniqueCount; ++t) {
    EXPECT_LE(TechniqueRating(static_cast<Technique>(t - 1)),
              TechniqueRating(static_cast<Technique>(t)));
  }
}

TEST(Rating, ChainLengthBonusFollowsSeThresholds) {
  EXPECT_EQ(core_internal::ChainLengthBonus(4), 0);
  EXPECT_EQ(core_internal::ChainLengthBonus(5), 1);
  EXPECT_EQ(core_internal::ChainLengthBonus(6), 1);
  EXPECT_EQ(core_internal::ChainLengthBonus(8), 2);
  EXPECT_EQ(core_internal::ChainLengthBonus(12), 3);
  EXPECT_EQ(core_internal::ChainLengthBonus(16), 4);
  EXPECT_EQ(core_internal::ChainLengthBonus(24), 5);
  EXPECT_EQ(core_internal::ChainLengthBonus(25), 6);
}

TEST(Rating, BandsCoverAllRatingsInOrder) {
  const auto bands = RatingBands();
  ASSERT_FALSE(bands.empty());
  EXPECT_EQ(bands.front().min_rating, 0);
  EXPECT_EQ(bands.back().max_rating, INT_MAX);
  for (size_t i = 1; i < bands.size(); ++i) {
    EXPECT_EQ(bands[i].min_rating, bands[i - 1].max_rating + 1);
  }
  for (const RatingBand& band : bands) {
    EXPECT_EQ(RatingLevel(band.min_rating), band.name);
    EXPECT_EQ(RatingLevel(band.max_rating), band.name);
    ASSERT_TRUE(FindRatingBand(band.name).has_value());
    EXPECT_EQ(FindRatingBand(band.name)->min_rating, band.min_rating);
  }
  EXPECT_FALSE(FindRatingBand("impossible").has_value());
  // Families: singles, then locked candidates and pairs, then the rest, chains, guesses.
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kHiddenSingleBox)), "beginner");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kNakedSingle)), "easy");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kHiddenPair)), "medium");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kNakedTriple)), "hard");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kBugPlusOne)), "hard");
  EXPECT_EQ(RatingLevel(TechniqueRating(Technique::kSkyscraper)), "expert");
  EXPECT_EQ(RatingLevel(kGuessRating), "extreme");
}

TEST(Rating, RefusesPuzzlesWithoutExactlyOneSolution) {
  Rating rating;
  EXPECT_FALSE(RatePuzzle(Grid{}, &rating));
  EXPECT_EQ(rating.solutions, 2);
  EXPECT_FALSE(rating.solved);
  Grid conflict{};
  conflict[0] = conflict[1] = 5;
  EXPECT_FALSE(RatePuzzle(conflict, &rating));
  EXPECT_EQ(rating.solutions, 0);
  EXPECT_FALSE(rating.solved);
}

TEST(Rating, FullGridNeedsNothing) {
  const ParseResult grid = ParseGrid(
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  ASSERT_TRUE(grid.ok);
  Rating rating;
  ASSERT_TRUE(RatePuzzle(grid.grid, &rating));
  EXPECT_TRUE(rating.solved);
  EXPECT_EQ(rating.rating, 0);
  EXPECT_EQ(rating.hardest, Technique::kNone);
  EXPECT_EQ(rating.steps, 0);
}

TEST(Rating, OneHoleIsAFullHouse) {
  ParseResult grid = ParseGrid(
      "534678912672195348198342567859761423426853791713924856961537284287419635345286179");
  ASSERT_TRUE(grid.ok);
  grid.grid[40] = 0;
  Rating rating;
  ASSERT_TRUE(RatePuzzle(grid.grid, &rating));
  EXPECT_EQ(rating.rating, 10);
  EXPECT_EQ(rating.hardest, Technique::kFullHouse);
  EXPECT_EQ(rating.uses[static_cast<int>(Technique::kFullHouse)], 1);
  EXPECT_EQ(rating.steps, 1);
  EXPECT_EQ(rating.guesses, 0);
}

TEST(RatingPosition, HiddenSingleInBoxBeforeLine) {
  State s = EmptyBoard();
  KeepOnly(s, 4, Row(0), {Cell(0, 5)});  // 4 only at r0c5 in row 0: a line single
  // 7 only at r4c4 in box 4: a box single.
  for (int cell : {Cell(3, 3), Cell(3, 4), Cell(3, 5), Cell(4, 3), Cell(4, 5), Cell(5, 3),
                   Cell(5, 4), Cell(5, 5)}) {
    s.cand[6].Clear(cell);
  }
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kHiddenSingleBox);
  EXPECT_EQ(s.grid[Cell(4, 4)], 7);
  EXPECT_EQ(s.grid[Cell(0, 5)], 0);
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kHiddenSingleLine);
  EXPECT_EQ(s.grid[Cell(0, 5)], 4);
}

TEST(RatingPosition, NakedSingle) {
  State s = EmptyBoard();
  SetCell(s, Cell(2, 2), {9});
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kNakedSingle);
  EXPECT_EQ(step.rating, 23);
  EXPECT_EQ(s.grid[Cell(2, 2)], 9);
}

TEST(RatingPosition, Pointing) {
  State s = EmptyBoard();
  // 1 in box 0 only on row 0: 1 leaves the rest of row 0.
  KeepOnly(s, 1, {Cell(1, 0), Cell(1, 1), Cell(1, 2), Cell(2, 0), Cell(2, 1), Cell(2, 2)}, {});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kPointing),
            Of(1, {Cell(0, 3), Cell(0, 4), Cell(0, 5), Cell(0, 6), Cell(0, 7), Cell(0, 8)}));
}

TEST(RatingPosition, Claiming) {
  State s = EmptyBoard();
  // 1 in row 0 only in box 0: 1 leaves the rest of box 0.
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 1), Cell(0, 2)});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kClaiming),
            Of(1, {Cell(1, 0), Cell(1, 1), Cell(1, 2), Cell(2, 0), Cell(2, 1), Cell(2, 2)}));
}

TEST(RatingPosition, NakedPair) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 4), {1, 2});
  std::vector<int> rest = {Cell(0, 1), Cell(0, 2), Cell(0, 3), Cell(0, 5),
                           Cell(0, 6), Cell(0, 7), Cell(0, 8)};
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kNakedPair), Union(Of(1, rest), Of(2, rest)));
}

TEST(RatingPosition, XWing) {
  State s = EmptyBoard();
  KeepOnly(s, 5, Row(1), {Cell(1, 2), Cell(1, 6)});
  KeepOnly(s, 5, Row(4), {Cell(4, 2), Cell(4, 6)});
  std::vector<int> hit;
  for (int r : {0, 2, 3, 5, 6, 7, 8}) {
    hit.push_back(Cell(r, 2));
    hit.push_back(Cell(r, 6));
  }
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kXWing), Of(5, hit));
}

TEST(RatingPosition, HiddenPair) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 4)});
  KeepOnly(s, 2, Row(0), {Cell(0, 0), Cell(0, 4)});
  Candidates expected;
  for (int d = 3; d <= 9; ++d) expected = Union(expected, Of(d, {Cell(0, 0), Cell(0, 4)}));
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kHiddenPair), expected);
}

TEST(RatingPosition, NakedTriple) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 3), {2, 3});
  SetCell(s, Cell(0, 6), {1, 3});
  std::vector<int> rest = {Cell(0, 1), Cell(0, 2), Cell(0, 4), Cell(0, 5), Cell(0, 7), Cell(0, 8)};
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kNakedTriple),
            Union(Union(Of(1, rest), Of(2, rest)), Of(3, rest)));
}

TEST(RatingPosition, Swordfish) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 1, Row(3), {Cell(3, 3), Cell(3, 6)});
  KeepOnly(s, 1, Row(6), {Cell(6, 0), Cell(6, 6)});
  std::vector<int> hit;
  for (int r : {1, 2, 4, 5, 7, 8}) {
    for (int c : {0, 3, 6}) hit.push_back(Cell(r, c));
  }
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kSwordfish), Of(1, hit));
}

TEST(RatingPosition, HiddenTriple) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 2, Row(0), {Cell(0, 3), Cell(0, 6)});
  KeepOnly(s, 3, Row(0), {Cell(0, 0), Cell(0, 6)});
  Candidates expected;
  for (int d = 4; d <= 9; ++d)
    expected = Union(expected, Of(d, {Cell(0, 0), Cell(0, 3), Cell(0, 6)}));
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kHiddenTriple), expected);
}

TEST(RatingPosition, XyWing) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});  // pivot
  SetCell(s, Cell(0, 4), {1, 3});
  SetCell(s, Cell(4, 0), {2, 3});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kXyWing), Of(3, {Cell(4, 4)}));
}

TEST(RatingPosition, XyzWing) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2, 3});  // pivot
  SetCell(s, Cell(0, 4), {1, 3});     // sees it along row 0
  SetCell(s, Cell(1, 1), {2, 3});     // sees it in box 0
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kXyzWing), Of(3, {Cell(0, 1), Cell(0, 2)}));
}

TEST(RatingPosition, UniqueRectangleType1) {
  State s = EmptyBoard();
  // Corners r0c0, r0c1, r3c0 hold {1,2}; r3c1 holds {1,2,5}. The naked pairs the three corners
  // form are already used up (1 and 2 gone from the rest of row 0, box 0 and column 0).
  for (int d : {1, 2}) {
    std::vector<int> gone;
    for (int cell : Row(0)) gone.push_back(cell);
    for (int cell : Col(0)) gone.push_back(cell);
    for (int cell : {Cell(1, 1), Cell(1, 2), Cell(2, 1), Cell(2, 2)}) gone.push_back(cell);
    KeepOnly(s, d, gone, {Cell(0, 0), Cell(0, 1), Cell(3, 0)});
  }
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 1), {1, 2});
  SetCell(s, Cell(3, 0), {1, 2});
  SetCell(s, Cell(3, 1), {1, 2, 5});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kUniqueRectangle1),
            Union(Of(1, {Cell(3, 1)}), Of(2, {Cell(3, 1)})));
}

// The cells of box b (0-8).
std::vector<int> BoxCells(int b) {
  std::vector<int> cells;
  for (int i = 0; i < 9; ++i) cells.push_back(Cell(b / 3 * 3 + i / 3, b % 3 * 3 + i % 3));
  return cells;
}

// Removes `digits` from `cells` but `keep`.
void RemoveBut(State& s, std::vector<int> digits, std::vector<int> cells, std::vector<int> keep) {
  for (int d : digits) {
    for (int cell : cells) {
      if (std::find(keep.begin(), keep.end(), cell) == keep.end()) s.cand[d - 1].Clear(cell);
    }
  }
}

// The easiest step, which must be `technique` at `rating`; the candidates it removed.
Candidates EasiestStepRemoves(State& s, Technique technique, int rating) {
  const Candidates before = AllCandidates(s);
  Step step;
  EXPECT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(TechniqueName(step.technique), TechniqueName(technique));
  EXPECT_EQ(step.rating, rating);
  return Removed(before, s);
}

// A rectangle r0c0, r0c1 {1,2} over r3c0, r3c1 (the naked pair of the first two used up).
State Rectangle(std::vector<int> r3c0, std::vector<int> r3c1) {
  State s = EmptyBoard();
  RemoveBut(s, {1, 2}, Row(0), {Cell(0, 0), Cell(0, 1)});
  RemoveBut(s, {1, 2}, BoxCells(0), {Cell(0, 0), Cell(0, 1)});
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 1), {1, 2});
  SetCell(s, Cell(3, 0), r3c0);
  SetCell(s, Cell(3, 1), r3c1);
  return s;
}

TEST(RatingPosition, UniqueRectangleType2) {
  // r3c0 and r3c1 both {1,2,5}: one of them is 5, which leaves the cells seeing both.
  State s = Rectangle({1, 2, 5}, {1, 2, 5});
  std::vector<int> seeing = {Cell(4, 0), Cell(4, 1), Cell(4, 2),
                             Cell(5, 0), Cell(5, 1), Cell(5, 2)};
  for (int c = 2; c < 9; ++c) seeing.push_back(Cell(3, c));
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kUniqueRectangle2, 45), Of(5, seeing));
}

TEST(RatingPosition, UniqueRectangleType3) {
  // {5,6} at r3c5: with the extras of r3c0 and r3c1 a naked pair of row 3 (SE: 4.5 + 0.1).
  State s = Rectangle({1, 2, 5}, {1, 2, 6});
  SetCell(s, Cell(3, 5), {5, 6});
  const std::vector<int> rest = {Cell(3, 2), Cell(3, 3), Cell(3, 4),
                                 Cell(3, 6), Cell(3, 7), Cell(3, 8)};
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kUniqueRectangle3, 46),
            Union(Of(5, rest), Of(6, rest)));
}

TEST(RatingPosition, UniqueRectangleType4) {
  // 1 in row 3 only at r3c0 and r3c1 (and, so that no claiming or X-wing comes first, not in
  // the rest of box 3 and columns 0-1): one of them is 1, the other then 2 is impossible.
  State s = Rectangle({1, 2, 5}, {1, 2, 6});
  RemoveBut(s, {1}, Row(3), {Cell(3, 0), Cell(3, 1)});
  RemoveBut(s, {1}, BoxCells(3), {Cell(3, 0), Cell(3, 1)});
  RemoveBut(s, {1}, Col(0), {Cell(0, 0), Cell(3, 0)});
  RemoveBut(s, {1}, Col(1), {Cell(0, 1), Cell(3, 1)});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kUniqueRectangle4, 45),
            Of(2, {Cell(3, 0), Cell(3, 1)}));
}

TEST(RatingPosition, UniqueLoopOfSixCells) {
  // r0c0 r0c3 r1c3 r1c6 r2c6 r2c0: each row, column and box it visits holds two of its cells.
  // All {1,2} but r2c0 {1,2,5}, which loses 1 and 2 (type 1 on a 6-cell loop: 4.6).
  State s = EmptyBoard();
  const std::vector<int> loop = {Cell(0, 0), Cell(0, 3), Cell(1, 3),
                                 Cell(1, 6), Cell(2, 6), Cell(2, 0)};
  for (const std::vector<int>& house : {Row(0), Row(1), Col(3), Col(6), BoxCells(1), BoxCells(2)}) {
    RemoveBut(s, {1, 2}, house, loop);
  }
  for (int i = 0; i < 5; ++i) SetCell(s, loop[i], {1, 2});
  SetCell(s, Cell(2, 0), {1, 2, 5});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kUniqueLoop, 46),
            Union(Of(1, {Cell(2, 0)}), Of(2, {Cell(2, 0)})));
}

TEST(RatingPosition, NakedQuad) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 3), {2, 3});
  SetCell(s, Cell(0, 6), {3, 4});
  SetCell(s, Cell(0, 8), {4, 1});
  const std::vector<int> rest = {Cell(0, 1), Cell(0, 2), Cell(0, 4), Cell(0, 5), Cell(0, 7)};
  Candidates expected;
  for (int d = 1; d <= 4; ++d) expected = Union(expected, Of(d, rest));
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kNakedQuad), expected);
}

TEST(RatingPosition, Jellyfish) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 1, Row(2), {Cell(2, 3), Cell(2, 6)});
  KeepOnly(s, 1, Row(4), {Cell(4, 6), Cell(4, 1)});
  KeepOnly(s, 1, Row(6), {Cell(6, 0), Cell(6, 1), Cell(6, 3)});
  std::vector<int> hit;
  for (int r : {1, 3, 5, 7, 8}) {
    for (int c : {0, 1, 3, 6}) hit.push_back(Cell(r, c));
  }
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kJellyfish), Of(1, hit));
}

TEST(RatingPosition, HiddenQuad) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 2, Row(0), {Cell(0, 3), Cell(0, 6)});
  KeepOnly(s, 3, Row(0), {Cell(0, 6), Cell(0, 1)});
  KeepOnly(s, 4, Row(0), {Cell(0, 0), Cell(0, 1), Cell(0, 3)});
  Candidates expected;
  for (int d = 5; d <= 9; ++d) {
    expected = Union(expected, Of(d, {Cell(0, 0), Cell(0, 1), Cell(0, 3), Cell(0, 6)}));
  }
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kHiddenQuad), expected);
}

// The path's puzzles have no hidden quad (solve_path_pattern_test.cc): its pattern here, the row
// and the quad's cells.
TEST(RatingPosition, HiddenQuadShowsItsRowAndCells) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 3)});
  KeepOnly(s, 2, Row(0), {Cell(0, 3), Cell(0, 6)});
  KeepOnly(s, 3, Row(0), {Cell(0, 6), Cell(0, 1)});
  KeepOnly(s, 4, Row(0), {Cell(0, 0), Cell(0, 1), Cell(0, 3)});
  PathStep shown;
  Step step;
  step.shown = &shown;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kHiddenQuad);
  EXPECT_EQ(shown.houses, std::vector<uint8_t>{0});
  EXPECT_EQ(shown.cells, (std::vector<uint8_t>{Cell(0, 0), Cell(0, 1), Cell(0, 3), Cell(0, 6)}));
}

TEST(RatingPosition, Skyscraper) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 4)});
  KeepOnly(s, 1, Row(5), {Cell(5, 0), Cell(5, 5)});
  // Of the cells seeing both tails (r2c6, r3c6, r4c5, r5c5), SE's chain search removes the
  // first in its order alone.
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kSkyscraper), Of(1, {Cell(1, 5)}));
}

TEST(RatingPosition, TwoStringKite) {
  State s = EmptyBoard();
  KeepOnly(s, 1, Row(0), {Cell(0, 1), Cell(0, 6)});
  KeepOnly(s, 1, Col(0), {Cell(2, 0), Cell(7, 0)});
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kTwoStringKite), Of(1, {Cell(7, 6)}));
}

TEST(RatingPosition, XChain) {
  State s = EmptyBoard();
  // r0c0 = r0c4 - r3c4 = r3c7 - r6c7 = r6c1: 1 is in r0c0 or r6c1.
  KeepOnly(s, 1, Row(0), {Cell(0, 0), Cell(0, 4)});
  KeepOnly(s, 1, Row(3), {Cell(3, 4), Cell(3, 7)});
  KeepOnly(s, 1, Row(6), {Cell(6, 1), Cell(6, 7)});
  const Candidates before = AllCandidates(s);
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kXChain);
  EXPECT_EQ(step.rating, 67);  // 3 strong links, 8 nodes: 6.6 + 0.1
  // SE's chain removes one candidate: of r1c1, r2c1, r7c0, r8c0, all seeing both ends, the
  // first in cell order.
  EXPECT_EQ(Removed(before, s), Of(1, {Cell(1, 1)}));
}

TEST(RatingPosition, WWing) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(4, 5), {1, 2});
  KeepOnly(s, 1, Row(2), {Cell(2, 1), Cell(2, 5)});  // strong link on 1 between the wings
  // SE's chain removes the first of r0c5 and r4c0, which see both wings.
  EXPECT_EQ(EasiestStepRemoves(s, Technique::kWWing), Of(2, {Cell(0, 5)}));
}

TEST(RatingPosition, XyChain) {
  State s = EmptyBoard();
  SetCell(s, Cell(0, 0), {1, 2});
  SetCell(s, Cell(0, 4), {2, 3});
  SetCell(s, Cell(4, 4), {3, 4});
  SetCell(s, Cell(4, 8), {4, 1});
  const Candidates before = AllCandidates(s);
  Step step;
  ASSERT_TRUE(core_internal::ApplyEasiestStep(s, &step));
  EXPECT_EQ(step.technique, Technique::kXyChain);
  EXPECT_EQ(step.rating, 72);                          // 4 cells, 10 nodes: 7.0 + 0.2
  EXPECT_EQ(Removed(before, s), Of(1, {Cell(0, 8)}));  // of r0c8 and r4c0, the first
}

TEST(RatingPosition, NothingAppliesOnTheEmptyBoard) {
  State s = EmptyBoard();
  Step step;
  EXPECT_FALSE(core_internal::ApplyEasiestStep(s, &step));
}

}  // namespace
}  // namespace sudoku
