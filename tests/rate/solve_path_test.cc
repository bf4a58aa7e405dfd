// Tests of the solving path (solve_path.h, RatePuzzle with a SolvePath*): it is the path the
// rating is taken from, and replayed from the givens it solves the puzzle.
#include "sudoku/core/solve_path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "common/test_data.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

// The puzzles of an SE ratings file ("PUZZLE ER EP ED" lines, '#' lines skipped).
std::vector<Grid> ReadSeRatedPuzzles(const std::string& path) {
  std::vector<Grid> puzzles;
  std::ifstream in(path);
  EXPECT_TRUE(in) << "cannot open " << path;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::string puzzle;
    std::istringstream(line) >> puzzle;
    const ParseResult parsed = ParseGrid(puzzle);
    EXPECT_TRUE(parsed.ok) << line;
    if (parsed.ok) puzzles.push_back(parsed.grid);
  }
  return puzzles;
}

// The pencil marks of a replay: bit d - 1 of cand[cell], digit d may go in an empty cell.
struct Marks {
  Grid grid{};
  std::array<uint16_t, kCells> cand{};
};

bool SamePeerGroup(int a, int b) {
  return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

Marks MarksOf(const Grid& puzzle) {
  Marks m;
  for (int cell = 0; cell < kCells; ++cell) m.cand[cell] = puzzle[cell] == 0 ? 0x1FF : 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    m.grid[cell] = puzzle[cell];
    for (int peer = 0; peer < kCells; ++peer) {
      if (SamePeerGroup(cell, peer)) m.cand[peer] &= ~(1u << (puzzle[cell] - 1));
    }
  }
  return m;
}

// The i-th cell of `house` (0-8 rows, 9-17 columns, 18-26 boxes).
int HouseCell(int house, int i) {
  if (house < 9) return house * 9 + i;
  if (house < 18) return i * 9 + house - 9;
  const int box = house - 18;
  return box / 3 * 27 + box % 3 * 3 + i / 3 * 9 + i % 3;
}

// The number of cells of `house` where digit d may go; *empty: its empty cells.
int PlacesIn(const Marks& m, int house, int d, int* empty) {
  int places = 0;
  *empty = 0;
  for (int i = 0; i < 9; ++i) {
    const int cell = HouseCell(house, i);
    if (m.grid[cell] == 0) ++*empty;
    if (m.cand[cell] >> d & 1) ++places;
  }
  return places;
}

// True iff the marks show `p` as a single of `technique`: so the removals before it were
// recorded.
bool ShowsSingle(const Marks& m, Technique technique, CellDigit p) {
  const int d = p.digit - 1;
  const int houses[3] = {p.cell / 9, 9 + p.cell % 9, 18 + p.cell / 27 * 3 + p.cell % 9 / 3};
  int empty = 0;
  for (int k = 0; k < 3; ++k) {
    const bool line = k < 2;
    const int places = PlacesIn(m, houses[k], d, &empty);
    if (technique == Technique::kFullHouse && empty == 1) return true;
    if (technique == Technique::kHiddenSingleBox && !line && places == 1) return true;
    if (technique == Technique::kHiddenSingleLine && line && places == 1) return true;
  }
  return technique == Technique::kNakedSingle && m.cand[p.cell] == 1u << d;
}

// Places p.digit at p.cell and removes it from the cell's peers.
void Place(Marks& m, CellDigit p) {
  m.grid[p.cell] = p.digit;
  m.cand[p.cell] = 0;
  for (int peer = 0; peer < kCells; ++peer) {
    if (SamePeerGroup(p.cell, peer)) m.cand[peer] &= ~(1u << (p.digit - 1));
  }
}

// Places a single technique's placements in an order where each is a single of the technique
// when it comes (a placement may open up the next one of the same step): false if none is.
bool PlaceSingles(Marks& m, Technique technique, std::vector<CellDigit> pending) {
  while (!pending.empty()) {
    const auto next = std::find_if(pending.begin(), pending.end(),
                                   [&](CellDigit p) { return ShowsSingle(m, technique, p); });
    if (next == pending.end()) return false;
    Place(m, *next);
    pending.erase(next);
  }
  return true;
}

// Replays `path` on `puzzle`'s pencil marks, with placements removing their digit from the
// peers: every placement is the solution's digit in an empty cell that still has it, and a
// single's is a single when it comes; no removal takes the solution's digit or a candidate
// already gone; and the grid ends solved.
void ExpectReplaySolves(const Grid& puzzle, const Grid& solution, const SolvePath& path) {
  Marks m = MarksOf(puzzle);
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const PathStep& step = path.steps[i];
    const std::string where = ToString(puzzle) + " step " + std::to_string(i + 1) + " " +
                              std::string(TechniqueName(step.technique));
    ASSERT_FALSE(step.placements.empty() && step.removals.empty()) << where << ": no progress";
    for (const CellDigit& r : step.removals) {
      ASSERT_NE(r.digit, solution[r.cell]) << where << ": removes " << FormatRemoval(r);
      ASSERT_TRUE(m.cand[r.cell] >> (r.digit - 1) & 1) << where << ": " << FormatRemoval(r);
      m.cand[r.cell] &= ~(1u << (r.digit - 1));
    }
    for (const CellDigit& p : step.placements) {
      ASSERT_EQ(p.digit, solution[p.cell]) << where << ": places " << FormatPlacement(p);
      ASSERT_TRUE(m.cand[p.cell] >> (p.digit - 1) & 1) << where << ": " << FormatPlacement(p);
    }
    if (DescribeTechnique(step.technique).family == TechniqueFamily::kSingle) {
      ASSERT_TRUE(PlaceSingles(m, step.technique, step.placements)) << where << ": not singles";
    } else {
      for (const CellDigit& p : step.placements) Place(m, p);
    }
  }
  EXPECT_EQ(m.grid, solution) << ToString(puzzle) << ": the replay ends at " << ToString(m.grid);
}

// The path agrees with the rating: its hardest step, its uses and guesses, its replay.
void ExpectPathOfRating(const Grid& puzzle, const RatingOptions& options = {}) {
  Grid solution;
  ASSERT_EQ(CountSolutions(puzzle, 2, &solution), 1) << ToString(puzzle);
  Rating rating;
  SolvePath path;
  ASSERT_TRUE(RatePuzzle(puzzle, options, &rating, &path));
  Rating plain;
  RatePuzzle(puzzle, options, &plain);
  EXPECT_EQ(rating.rating, plain.rating) << "asking for the path changed the rating";
  EXPECT_EQ(rating.uses, plain.uses);
  ASSERT_EQ(path.steps.size(), static_cast<size_t>(rating.steps)) << ToString(puzzle);
  int highest = 0;
  Technique hardest = Technique::kNone;
  std::array<int, kTechniqueCount> uses{};
  for (const PathStep& step : path.steps) {
    if (step.rating > highest) {
      highest = step.rating;
      hardest = step.technique;
    }
    const bool single = DescribeTechnique(step.technique).family == TechniqueFamily::kSingle;
    uses[static_cast<int>(step.technique)] += single ? static_cast<int>(step.placements.size()) : 1;
    if (step.technique == Technique::kGuess) {
      EXPECT_EQ(step.rating, kGuessRating);
      EXPECT_EQ(step.placements.size(), 1u);
      EXPECT_TRUE(step.removals.empty());
    }
  }
  EXPECT_EQ(highest, rating.rating) << ToString(puzzle);
  EXPECT_EQ(hardest, rating.hardest) << ToString(puzzle);
  for (int t = 0; t < kTechniqueCount; ++t) {
    EXPECT_EQ(uses[t], rating.uses[t])
        << ToString(puzzle) << " " << TechniqueName(static_cast<Technique>(t));
  }
  ExpectReplaySolves(puzzle, solution, path);
}

TEST(SolvePath, FormatsCellsAsRowAndColumn) {
  EXPECT_EQ(FormatPlacement({0, 5}), "r1c1=5");
  EXPECT_EQ(FormatPlacement({3 * 9 + 5, 7}), "r4c6=7");
  EXPECT_EQ(FormatRemoval({2 * 9 + 3, 2}), "r3c4<>2");
  EXPECT_EQ(FormatRemoval({80, 9}), "r9c9<>9");
}

TEST(SolvePath, FollowsTheRatingOnMagicTour) {
  for (const Grid& puzzle : ReadPuzzles(GoldenPath("puzzles3_magictour_golden"))) {
    ExpectPathOfRating(puzzle);
  }
}

TEST(SolvePath, FollowsTheRatingOnGeneratedPuzzles) {
  for (const Grid& puzzle : ReadSeRatedPuzzles(GoldenPath("se_ratings_default.txt"))) {
    ExpectPathOfRating(puzzle);
  }
}

// The hardest puzzles need dynamic chains and guesses: a guess is a step of its own.
TEST(SolvePath, GuessesAreStepsOnForumHardest) {
  int guesses = 0;
  for (const Grid& puzzle : ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden"))) {
    ExpectPathOfRating(puzzle);
    Rating rating;
    RatePuzzle(puzzle, &rating);
    guesses += rating.guesses;
  }
  EXPECT_GT(guesses, 0) << "the set no longer exercises guesses";
}

TEST(SolvePath, EmptyForPuzzlesNotRated) {
  SolvePath path;
  path.steps.emplace_back();
  Rating rating;
  EXPECT_FALSE(RatePuzzle(Grid{}, RatingOptions{}, &rating, &path));
  EXPECT_TRUE(path.steps.empty());
}

// A single technique's step holds every placement it made, in cell order, and nothing else.
TEST(SolvePath, SinglesHoldTheirPlacementsOnly) {
  const ParseResult parsed = ParseGrid(
      "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  ASSERT_TRUE(parsed.ok);
  Rating rating;
  SolvePath path;
  ASSERT_TRUE(RatePuzzle(parsed.grid, RatingOptions{}, &rating, &path));
  for (const PathStep& step : path.steps) {
    if (DescribeTechnique(step.technique).family != TechniqueFamily::kSingle) continue;
    EXPECT_TRUE(step.removals.empty()) << TechniqueName(step.technique);
    EXPECT_TRUE(std::is_sorted(step.placements.begin(), step.placements.end(),
                               [](CellDigit a, CellDigit b) { return a.cell < b.cell; }));
  }
}

}  // namespace
}  // namespace sudoku
