// Properties of grid generation, relabelling, digging, scoring and the per-item generator,
// checked over many seeds against slow, obviously-correct recomputations.
#include "sudoku/core/generator.h"

#include <gtest/gtest.h>

#include <set>

#include "common/puzzle_checks.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/techniques.h"
#include "sudoku/core/transform.h"

namespace sudoku {
namespace {

// Freedom by the definition, digit by digit and peer by peer.
int SlowFreedom(const Grid& puzzle) {
  int total = 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] != 0) continue;
    for (int digit = 1; digit <= 9; ++digit) {
      bool seen = false;
      for (int other = 0; other < kCells; ++other) {
        const bool peer = RowOf(other) == RowOf(cell) || ColOf(other) == ColOf(cell) ||
                          BoxOf(other) == BoxOf(cell);
        if (peer && puzzle[other] == digit) seen = true;
      }
      total += seen ? 0 : 1;
    }
  }
  return total;
}

using testing::IsUnique;

TEST(Rng, BelowStaysInRangeAndShuffleIsAPermutation) {
  Rng rng(7);
  for (uint32_t n : {1u, 2u, 9u, 81u, 1000u}) {
    for (int i = 0; i < 1000; ++i) EXPECT_LT(rng.Below(n), n);
  }
  std::array<int, 9> items = {0, 1, 2, 3, 4, 5, 6, 7, 8};
  rng.Shuffle(std::span<int>(items));
  EXPECT_EQ(std::set<int>(items.begin(), items.end()).size(), 9u);
}

TEST(Rng, SameSeedSameStreamAndItemSeedsDiffer) {
  Rng a(42), b(42), c(43);
  for (int i = 0; i < 10; ++i) {
    const uint64_t x = a();
    EXPECT_EQ(x, b());
    EXPECT_NE(x, c());
  }
  std::set<uint64_t> seeds;
  for (uint64_t i = 0; i < 1000; ++i) seeds.insert(ItemSeed(1, i));
  EXPECT_EQ(seeds.size(), 1000u);
  EXPECT_NE(ItemSeed(1, 0), ItemSeed(2, 0));
}

TEST(GridGenerator, MakesValidVariedGrids) {
  std::set<std::string> seen;
  for (uint64_t seed = 0; seed < 500; ++seed) {
    Rng rng(seed);
    const Grid grid = GenerateGrid(rng);
    ASSERT_TRUE(IsCompleteValidGrid(grid)) << ToString(grid);
    seen.insert(ToString(grid));
  }
  EXPECT_EQ(seen.size(), 500u);
}

TEST(Transform, RelabelKeepsValidityAndSolutionCount) {
  Rng rng(5);
  for (int i = 0; i < 50; ++i) {
    const Grid grid = GenerateGrid(rng);
    const DigitMap map = RandomDigitMap(rng);
    const Grid relabelled = RelabelDigits(grid, map);
    EXPECT_TRUE(IsCompleteValidGrid(relabelled));
    Grid puzzle = grid;
    for (int cell = 0; cell < kCells; cell += 2) puzzle[cell] = 0;
    EXPECT_EQ(CountSolutions(puzzle, 50), CountSolutions(RelabelDigits(puzzle, map), 50));
  }
}

TEST(Digger, MinimalPuzzlesAreUniqueMinimalAndMatchTheGrid) {
  for (uint64_t seed = 0; seed < 60; ++seed) {
    Rng rng(seed);
    const Grid grid = GenerateGrid(rng);
    Grid puzzle;
    ASSERT_TRUE(DigUniquePuzzle(grid, DigOptions{17, 81, true}, rng, &puzzle));
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1) << ToString(puzzle);
    EXPECT_EQ(solution, grid);
    EXPECT_TRUE(AgreesWith(puzzle, grid));
    EXPECT_TRUE(testing::NoGivenCanGo(puzzle)) << ToString(puzzle);
  }
}

TEST(Digger, StopsInsideTheClueBand) {
  for (const ClueClass& band : ClueClasses()) {
    for (uint64_t seed = 0; seed < 40; ++seed) {
      Rng rng(seed);
      const Grid grid = GenerateGrid(rng);
      Grid puzzle;
      const bool ok =
          DigUniquePuzzle(grid, DigOptions{band.min_clues, band.max_clues, false}, rng, &puzzle);
      EXPECT_TRUE(IsUnique(puzzle));
      const int clues = CountGivens(puzzle);
      EXPECT_EQ(ok, clues >= band.min_clues && clues <= band.max_clues)
          << band.name << " " << clues;
      if (band.name != "hard") {
        EXPECT_TRUE(ok) << band.name << " " << clues;  // hard may end minimal above 31
      }
    }
  }
}

TEST(Scorer, FreedomMatchesTheDefinition) {
  Grid empty;
  EXPECT_EQ(TotalFreedom(empty), 729);
  Rng rng(11);
  for (int i = 0; i < 100; ++i) {
    const Grid grid = GenerateGrid(rng);
    EXPECT_EQ(TotalFreedom(grid), 0);
    Grid puzzle;
    DigUniquePuzzle(grid, DigOptions{17, 81, i % 2 == 0}, rng, &puzzle);
    EXPECT_EQ(TotalFreedom(puzzle), SlowFreedom(puzzle)) << ToString(puzzle);
  }
}

TEST(Scorer, LevelsClassifyTheirOwnBands) {
  for (const ClueClass& band : ClueClasses()) {
    for (int clues = band.min_clues; clues <= band.max_clues; ++clues) {
      EXPECT_EQ(ClueClassOf(clues), band.name);
    }
    ASSERT_TRUE(FindClueClass(band.name).has_value());
  }
  EXPECT_FALSE(FindClueClass("extreme").has_value());
  EXPECT_EQ(ClueClassOf(17), "hard");
  EXPECT_EQ(ClueClassOf(81), "easy");
}

// The message of a refused request, which names fields, not command-line flags.
std::string Refusal(const GeneratorOptions& options) {
  const Status status = CheckGeneratorOptions(options);
  EXPECT_EQ(status.code(), StatusCode::kInvalidArgument) << status.message();
  return status.message();
}

TEST(Generator, RejectsImpossibleRequestsUpFront) {
  GeneratorOptions options;
  EXPECT_TRUE(CheckGeneratorOptions(options).ok());
  options.dig = {5, 10, false};
  EXPECT_NE(Refusal(options).find("clue band 5-10"), std::string::npos);
  options.dig = {30, 20, false};
  EXPECT_NE(Refusal(options), "");
  options.dig = {17, 81, false};  // a full grid is not a puzzle
  EXPECT_NE(Refusal(options), "");
  options.dig = {54, 56, true};
  EXPECT_NE(Refusal(options).find("minimal"), std::string::npos);
  options.dig = {54, 56, false};
  options.min_freedom = 500;  // 25-27 holes give at most 243
  EXPECT_NE(Refusal(options).find("freedom band 500-729"), std::string::npos);
  EXPECT_EQ(Refusal(options).find("--"), std::string::npos);
}

TEST(Generator, RecordsAreUniqueInsideBandsAndScored) {
  GeneratorOptions options;
  options.dig = {26, 31, false};
  options.min_freedom = 130;
  options.max_freedom = 170;
  for (int64_t index = 0; index < 40; ++index) {
    PuzzleRecord record;
    ASSERT_TRUE(GeneratePuzzle(options, index, ItemSeed(3, static_cast<uint64_t>(index)), &record));
    EXPECT_EQ(record.item_index, index);
    Grid solution;
    ASSERT_EQ(CountSolutions(record.givens, 2, &solution), 1);
    EXPECT_EQ(solution, record.solution);
    EXPECT_EQ(record.clues, CountGivens(record.givens));
    EXPECT_GE(record.clues, 26);
    EXPECT_LE(record.clues, 31);
    EXPECT_EQ(record.freedom, SlowFreedom(record.givens));
    EXPECT_GE(record.freedom, 130);
    EXPECT_LE(record.freedom, 170);
    EXPECT_EQ(record.clue_class, "hard");
    Rating rating;
    ASSERT_TRUE(RatePuzzle(record.givens, &rating));
    EXPECT_EQ(record.rating, rating.rating);
    EXPECT_EQ(record.hardest, rating.hardest);
    EXPECT_EQ(record.guesses, rating.guesses);
    EXPECT_EQ(record.technique_uses, rating.uses);
    EXPECT_EQ(record.level, RatingLevel(rating.rating));
  }
}

// A rating band keeps only puzzles rated inside it; a band above what the solver gives is
// refused up front.
TEST(Generator, RatingBandKeepsOnlyPuzzlesRatedInIt) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.min_rating = 65;  // chains: expert
  options.max_rating = 79;
  ASSERT_TRUE(CheckGeneratorOptions(options).ok());
  for (int64_t index = 0; index < 10; ++index) {
    PuzzleRecord record;
    ASSERT_TRUE(GeneratePuzzle(options, index, ItemSeed(8, static_cast<uint64_t>(index)), &record));
    EXPECT_GE(record.rating, 65);
    EXPECT_LE(record.rating, 79);
    EXPECT_EQ(record.level, "expert");
  }
  options.min_rating = 121;
  options.max_rating = 130;
  EXPECT_NE(Refusal(options).find("no puzzle rates above 12.0"), std::string::npos)
      << Refusal(options);
  options.min_rating = 50;
  options.max_rating = 40;
  EXPECT_NE(Refusal(options).find("rating band 5.0-4.0: minimum above maximum"), std::string::npos);
}

TEST(Generator, SameSeedSameRecordDifferentSeedDifferentRecord) {
  GeneratorOptions options;
  options.dig.minimal = true;
  PuzzleRecord a, b, c;
  ASSERT_TRUE(GeneratePuzzle(options, 0, 99, &a));
  ASSERT_TRUE(GeneratePuzzle(options, 0, 99, &b));
  ASSERT_TRUE(GeneratePuzzle(options, 0, 100, &c));
  EXPECT_EQ(a.givens, b.givens);
  EXPECT_NE(a.givens, c.givens);
}

TEST(Generator, GivesUpAfterBoundedEffort) {
  GeneratorOptions options;
  options.dig = {17, 17, true};  // random digging essentially never reaches 17 clues
  options.max_attempts = 3;
  PuzzleRecord record;
  EXPECT_FALSE(GeneratePuzzle(options, 0, 1, &record));
}

// A hardest technique keeps only puzzles whose rating's hardest step is it: at its fixed rating
// (x-wing, where the rating is capped), or at its base or more (an XY-chain rates by length).
TEST(Generator, HardestTechniqueKeepsOnlyPuzzlesWithThatHardestStep) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.max_attempts = 100000;  // as generate sets it for a technique target
  for (const Technique technique : {Technique::kXWing, Technique::kXyChain}) {
    options.hardest = technique;
    ASSERT_TRUE(CheckGeneratorOptions(options).ok());
    for (int64_t index = 0; index < 4; ++index) {
      PuzzleRecord record;
      ASSERT_TRUE(
          GeneratePuzzle(options, index, ItemSeed(11, static_cast<uint64_t>(index)), &record));
      Rating rating;
      ASSERT_TRUE(RatePuzzle(record.givens, &rating));
      EXPECT_EQ(rating.hardest, technique) << ToString(record.givens);
      EXPECT_EQ(record.hardest, technique);
      EXPECT_GE(record.rating, TechniqueRating(technique));
    }
  }
  EXPECT_EQ(HardestTechniqueBand(Technique::kXWing).max_rating, 32);
  EXPECT_EQ(HardestTechniqueBand(Technique::kXyChain).max_rating, kMaxRating);
}

TEST(Generator, RequiredTechniquesAreOnEveryPath) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.required.set(static_cast<size_t>(Technique::kPointing));
  options.required.set(static_cast<size_t>(Technique::kNakedPair));
  for (int64_t index = 0; index < 4; ++index) {
    PuzzleRecord record;
    ASSERT_TRUE(
        GeneratePuzzle(options, index, ItemSeed(12, static_cast<uint64_t>(index)), &record));
    Rating rating;
    ASSERT_TRUE(RatePuzzle(record.givens, &rating));
    EXPECT_GT(rating.uses[static_cast<size_t>(Technique::kPointing)], 0);
    EXPECT_GT(rating.uses[static_cast<size_t>(Technique::kNakedPair)], 0);
  }
}

TEST(Generator, RefusesTechniqueTargetsNoPuzzleMeets) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.hardest = Technique::kXWing;
  options.min_rating = 13;  // easy
  options.max_rating = 23;
  EXPECT_NE(Refusal(options).find("hardest technique x-wing rates 3.2, outside rating band"),
            std::string::npos)
      << Refusal(options);
  options.min_rating = 0;
  options.max_rating = kMaxRating;
  options.required.set(static_cast<size_t>(Technique::kSwordfish));
  EXPECT_NE(Refusal(options).find("required technique swordfish rates 3.8, above hardest"),
            std::string::npos)
      << Refusal(options);
  options.required.reset();
  options.hardest = Technique::kNone;
  EXPECT_NE(Refusal(options).find("hardest technique none"), std::string::npos);
  options.hardest = Technique::kNestedForcingChain;
  EXPECT_NE(Refusal(options).find("nested"), std::string::npos);
  options.hardest = Technique::kXyChain;
  options.min_rating = 90;  // a long XY-chain may rate this much
  EXPECT_TRUE(CheckGeneratorOptions(options).ok());
}

// An item that gives up on a technique target says what share of its puzzles met it.
TEST(Generator, TellsTheShareOfATechniqueWhenItGivesUp) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.hardest = Technique::kJellyfish;
  options.max_attempts = 20;
  PuzzleRecord record;
  ItemTally tally;
  if (GeneratePuzzle(options, 0, 5, &record, &tally)) GTEST_SKIP() << "a jellyfish in 20 tries";
  EXPECT_EQ(tally.dug, 20);
  EXPECT_EQ(DescribeFailedItem(options, tally)
                .rfind(std::to_string(tally.technique_matches) +
                           " of 20 puzzles dug had hardest technique jellyfish (",
                       0),
            0u)
      << DescribeFailedItem(options, tally);
  options.hardest.reset();
  EXPECT_NE(DescribeFailedItem(options, tally).find("no puzzle met the requested bands in 20"),
            std::string::npos);
}

}  // namespace
}  // namespace sudoku
