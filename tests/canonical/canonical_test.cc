// Canonical forms: the same for every equivalent of a puzzle, a fixed point, equivalent to the
// input, different for inequivalent puzzles, and equal to a brute-force minimum over the whole
// group.
#include "sudoku/core/canonical.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "canonical/canonical_reference.h"
#include "common/samples.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/transform.h"
#include "common/test_data.h"

namespace sudoku {
namespace {

bool LexLessOrEqual(const Grid& a, const Grid& b) {
  return !std::lexicographical_compare(b.cells.begin(), b.cells.end(), a.cells.begin(),
                                       a.cells.end());
}

// Unique puzzles: minimal ones, ones in the 26-56 band and ones with default options.
std::vector<Grid> SomePuzzles(uint64_t seed, int per_kind) {
  Rng rng(seed);
  std::vector<Grid> puzzles;
  const DigOptions kinds[] = {DigOptions{17, 81, true}, DigOptions{26, 56, false}, DigOptions{}};
  for (const DigOptions& options : kinds) {
    for (const Grid& puzzle : samples::DugPuzzles(rng, per_kind, options)) {
      puzzles.push_back(puzzle);
    }
  }
  return puzzles;
}

std::vector<Grid> GoldenPuzzles() {
  std::vector<Grid> puzzles;
  for (const char* name : {"puzzles2_17_clue_golden", "puzzles3_magictour_golden",
                           "puzzles6_forum_hardest_golden", "puzzles7_serg_golden"}) {
    for (const Grid& p : testing::ReadPuzzles(testing::GoldenPath(name))) puzzles.push_back(p);
  }
  return puzzles;
}

Grid MustParse(const char* text) {
  ParseResult parsed = ParseGrid(text);
  EXPECT_TRUE(parsed.ok) << parsed.error;
  return parsed.grid;
}

TEST(Canonical, MatchesBruteForceOnPuzzles) {
  std::vector<Grid> puzzles = SomePuzzles(3, 1);
  puzzles.push_back(GoldenPuzzles().front());  // 17 clues, two empty rows
  puzzles.push_back(MustParse(
      "1.......2.3.....4......5.........6.........73.................8......1...2...9..."));
  // A symmetric puzzle dug from the most symmetric grid: many tied arrangements.
  Rng rng(15);
  Grid symmetric;
  DigUniquePuzzle(MustParse("123456789456789123789123456214365897365897214897214365531642978"
                            "642978531978531642"),
                  DigOptions{30, 40, false, Symmetry::kDiagonal}, rng, &symmetric);
  puzzles.push_back(symmetric);
  for (const Grid& puzzle : puzzles) {
    EXPECT_EQ(ToString(CanonicalForm(puzzle)),
              ToString(canonical_reference::BruteForceMinlex(puzzle)))
        << ToString(puzzle);
  }
}

TEST(Canonical, MatchesBruteForceOnGridsAndConflictingGivens) {
  Rng rng(4);
  const Grid grid = GenerateGrid(rng);
  EXPECT_EQ(ToString(CanonicalGrid(grid)), ToString(canonical_reference::BruteForceMinlex(grid)));
  // Repeated digits in rows and boxes: the search must not assume a valid puzzle.
  const Grid conflicts = MustParse(
      "11.2...........3.3..4....4..........55.........6....6.....7.7..........8.8.....99");
  EXPECT_EQ(ToString(CanonicalForm(conflicts)),
            ToString(canonical_reference::BruteForceMinlex(conflicts)));
}

TEST(Canonical, KnownSmallestGridIsItsOwnForm) {
  // The lexicographically smallest Sudoku grid of all: its class's minlex form is itself.
  const Grid smallest = MustParse(
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  Rng rng(6);
  for (int i = 0; i < 20; ++i) {
    const Grid moved = ApplyTransform(smallest, RandomTransform(rng));
    EXPECT_EQ(CanonicalGrid(moved), smallest);
    EXPECT_EQ(CanonicalForm(moved), smallest);
  }
}

TEST(Canonical, SameFormForEveryEquivalentPuzzle) {
  std::vector<Grid> puzzles = SomePuzzles(7, 40);
  for (const Grid& p : GoldenPuzzles()) puzzles.push_back(p);
  Rng rng(8);
  for (const Grid& puzzle : puzzles) {
    const Grid form = CanonicalForm(puzzle);
    for (int i = 0; i < 4; ++i) {
      const Grid moved = ApplyTransform(puzzle, RandomTransform(rng));
      ASSERT_EQ(ToString(CanonicalForm(moved)), ToString(form)) << ToString(puzzle);
    }
  }
}

TEST(Canonical, SameFormForEveryEquivalentGrid) {
  Rng rng(9);
  for (int i = 0; i < 100; ++i) {
    const Grid grid = GenerateGrid(rng);
    const Grid form = CanonicalGrid(grid);
    EXPECT_EQ(CanonicalForm(grid), form);
    for (int k = 0; k < 3; ++k) {
      ASSERT_EQ(CanonicalGrid(ApplyTransform(grid, RandomTransform(rng))), form) << ToString(grid);
    }
  }
}

TEST(Canonical, FormIsAFixedPointAndEquivalentToTheInput) {
  std::vector<Grid> puzzles = SomePuzzles(10, 30);
  for (const Grid& p : GoldenPuzzles()) puzzles.push_back(p);
  for (const Grid& puzzle : puzzles) {
    const Grid form = CanonicalForm(puzzle);
    EXPECT_EQ(CanonicalForm(form), form);
    EXPECT_EQ(CountGivens(form), CountGivens(puzzle));
    EXPECT_EQ(CountSolutions(form, 3), CountSolutions(puzzle, 3));
    EXPECT_TRUE(LexLessOrEqual(form, puzzle)) << ToString(puzzle);
    EXPECT_EQ(HasNoConflict(form), HasNoConflict(puzzle));
  }
}

TEST(Canonical, GridFormIsAFixedPointOfAValidGrid) {
  Rng rng(12);
  for (int i = 0; i < 50; ++i) {
    const Grid grid = GenerateGrid(rng);
    const Grid form = CanonicalGrid(grid);
    EXPECT_TRUE(IsCompleteValidGrid(form));
    EXPECT_EQ(CanonicalGrid(form), form);
    EXPECT_TRUE(LexLessOrEqual(form, grid));
    EXPECT_EQ(ToString(form).substr(0, 11), "12345678945");  // so every minlex grid starts
  }
}

// Forms computed by the previous implementation, which the stored corpora hold: a pure and
// several mixed top bands, the most symmetric grid and the smallest grid (moved), and two grids
// without swapped digit pairs in any band.
TEST(Canonical, GridFormsMatchStoredForms) {
  const char* kPairs[][2] = {
      {"531962748268471539794583621473856912859127463612349857945218376327694185186735294",
       "123456789457189236689723541265817493371942658948635172594361827712598364836274915"},
      {"762395814318624975954178263673249158249581736581736429196857342425913687837462591",
       "123456789456789132789231546247698315365174928918325467534867291672913854891542673"},
      {"493285761125367498678941253956128374382794516741653982819472635237516849564839127",
       "123456789457189236689327154246935817795218643831674925378592461562741398914863572"},
      {"829347156564981732137526984245169873918732465673854291756418329492673518381295647",
       "123456789457189236689732514216574398534698172978213645392861457741925863865347921"},
      {"216583749975142683438796521829674315657831294341925867593468172164257938782319456",
       "123456789457189236869327154281563947345792861796814325512678493638941572974235618"},
      {"378564921194782365256139478923456187685971243741823659437615892519248736862397514",
       "123456789457189236968237154246718593381695427795342618534871962679523841812964375"},
      {"163254897897613524524987163975842631482361975631795482748136259316529748259478316",
       "123456789456789123789123456214365897365897214897214365531642978642978531978531642"},
      {"841639725725148936936527841692475183574381692183296574458913267319762458267854319",
       "123456789456789123789123456234567891567891234891234567345678912678912345912345678"},
      {"453821796789643521162759384978516243521438679634972158816297435295364817347185962",
       "123456789457289613896137245279341568348562971561978432612894357785623194934715826"},
      {"653792184714865329928314576345627891279581643186943257867159432532476918491238765",
       "123456789457289613698317245285731496761894352934562178319645827576128934842973561"},
  };
  for (const auto& [grid, form] : kPairs) {
    EXPECT_EQ(ToString(CanonicalGrid(MustParse(grid))), form) << grid;
    EXPECT_EQ(ToString(canonical_reference::PreviousCanonicalGrid(MustParse(grid))), form) << grid;
  }
}

// The fast search against the previous one on random grids, on grids with many automorphisms
// (many tied column orders) and on rare grids where no two rows of a band hold two digits in
// swapped columns (a search path of its own), each moved by random transforms.
TEST(Canonical, GridFormMatchesReferenceImplementation) {
  Rng rng(16);
  std::vector<Grid> grids;
  for (int i = 0; i < 3000; ++i) grids.push_back(GenerateGrid(rng));
  for (const char* text :
       {"123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
        "453821796789643521162759384978516243521438679634972158816297435295364817347185962",
        "653792184714865329928314576345627891279581643186943257867159432532476918491238765",
        "853762491791453682462819753914537268386124975275986314527641839638295147149378526"}) {
    const Grid special = MustParse(text);
    ASSERT_TRUE(IsCompleteValidGrid(special)) << text;
    for (int i = 0; i < 20; ++i) grids.push_back(ApplyTransform(special, RandomTransform(rng)));
  }
  for (const Grid& grid : grids) {
    ASSERT_EQ(ToString(CanonicalGrid(grid)),
              ToString(canonical_reference::PreviousCanonicalGrid(grid)))
        << ToString(grid);
  }
}

TEST(Canonical, InequivalentPuzzlesDiffer) {
  Rng rng(13);
  std::vector<Grid> forms;
  for (int i = 0; i < 60; ++i) {
    const Grid grid = GenerateGrid(rng);
    Grid puzzle;
    DigUniquePuzzle(grid, DigOptions{}, rng, &puzzle);
    forms.push_back(CanonicalGrid(grid));
    forms.push_back(CanonicalForm(puzzle));
    // The same puzzle with one more clue of its solution is not equivalent to it.
    for (int cell = 0; cell < kCells; ++cell) {
      if (puzzle[cell] != 0) continue;
      Grid more = puzzle;
      more[cell] = grid[cell];
      EXPECT_NE(CanonicalForm(more), CanonicalForm(puzzle));
      break;
    }
  }
  std::vector<Grid> sorted = forms;
  std::sort(sorted.begin(), sorted.end(),
            [](const Grid& a, const Grid& b) { return a.cells < b.cells; });
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());
}

TEST(Canonical, SameGivensDifferentDigitsDiffer) {
  // Two puzzles on one pattern whose digits are not a relabelling of each other.
  const Grid a = MustParse(
      "12.......3.......................................................................");
  const Grid b = MustParse(
      "12.......2.......................................................................");
  EXPECT_NE(CanonicalForm(a), CanonicalForm(b));
}

TEST(Canonical, HandlesEmptyAndNearlyEmptyBoards) {
  const Grid empty;
  EXPECT_EQ(CanonicalForm(empty), empty);
  Grid one;
  one[40] = 7;
  Grid expected_one;
  expected_one[80] = 1;
  EXPECT_EQ(CanonicalForm(one), expected_one);
  // Full boards that are not valid grids go through the general search.
  Rng rng(14);
  Grid broken = GenerateGrid(rng);
  broken[0] = broken[1];
  const Grid form = CanonicalForm(broken);
  EXPECT_EQ(CountGivens(form), kCells);
  EXPECT_EQ(CanonicalForm(ApplyTransform(broken, RandomTransform(rng))), form);
}

}  // namespace
}  // namespace sudoku
