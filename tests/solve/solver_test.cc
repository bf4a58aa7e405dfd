// Tests of the solver (include/sudoku/core/solver.h): golden data with known answers, edge cases, and a
// differential test against a tiny reference backtracker defined here.
#include "sudoku/core/solver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <fstream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "common/test_data.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

// A finished grid used by several tests.
constexpr const char* kSolved =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Grid MustParse(const std::string& text) {
  ParseResult r = ParseGrid(text);
  EXPECT_TRUE(r.ok) << r.error;
  return r.grid;
}

// The reference: plain recursion over the cells in order, trying each digit that breaks no rule.
bool RefAllowed(const Grid& g, int cell, int d) {
  for (int o = 0; o < 81; ++o) {
    if (o != cell && g[o] == d &&
        (RowOf(o) == RowOf(cell) || ColOf(o) == ColOf(cell) || BoxOf(o) == BoxOf(cell))) {
      return false;
    }
  }
  return true;
}

void RefCount(Grid& g, int cell, int limit, int& found) {
  while (cell < 81 && g[cell] != 0) ++cell;
  if (cell == 81) {
    ++found;
    return;
  }
  for (int d = 1; d <= 9 && found < limit; ++d) {
    if (!RefAllowed(g, cell, d)) continue;
    g[cell] = static_cast<uint8_t>(d);
    RefCount(g, cell + 1, limit, found);
    g[cell] = 0;
  }
}

int ReferenceCount(Grid g, int limit) {
  if (!HasNoConflict(g)) return 0;
  int found = 0;
  RefCount(g, 0, limit, found);
  return found;
}

// A random finished grid: kSolved relabelled, rows shuffled inside bands, columns inside stacks,
// and sometimes transposed.
Grid RandomSolvedGrid(std::mt19937& rng) {
  Grid base = MustParse(kSolved);
  std::array<int, 9> label{1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::shuffle(label.begin(), label.end(), rng);
  std::array<int, 9> rows{}, cols{};
  for (int band = 0; band < 3; ++band) {
    std::array<int, 3> p{0, 1, 2}, q{0, 1, 2};
    std::shuffle(p.begin(), p.end(), rng);
    std::shuffle(q.begin(), q.end(), rng);
    for (int k = 0; k < 3; ++k) {
      rows[band * 3 + k] = band * 3 + p[k];
      cols[band * 3 + k] = band * 3 + q[k];
    }
  }
  bool transpose = rng() & 1;
  Grid g;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      int src = transpose ? cols[c] * 9 + rows[r] : rows[r] * 9 + cols[c];
      g[r * 9 + c] = static_cast<uint8_t>(label[base[src] - 1]);
    }
  }
  return g;
}

// Empties cells of `g` in random order until only `givens` remain.
Grid EmptyRandomCells(Grid g, int givens, std::mt19937& rng) {
  std::array<int, 81> order{};
  for (int i = 0; i < 81; ++i) order[i] = i;
  std::shuffle(order.begin(), order.end(), rng);
  for (int i = 0; i < 81 - givens; ++i) g[order[i]] = 0;
  return g;
}

// Every puzzle counts `expected` with limit 2, and the solution found is a valid grid that
// agrees with the givens.
void ExpectCountWithValidSolution(const std::vector<Grid>& puzzles, int expected) {
  ASSERT_FALSE(puzzles.empty());
  for (size_t i = 0; i < puzzles.size(); ++i) {
    Grid solution;
    ASSERT_EQ(CountSolutions(puzzles[i], 2, &solution), expected)
        << "puzzle " << i << ": " << ToString(puzzles[i]);
    ASSERT_TRUE(IsCompleteValidGrid(solution)) << "puzzle " << i;
    ASSERT_TRUE(AgreesWith(puzzles[i], solution)) << "puzzle " << i;
  }
}

void ExpectUniqueWithValidSolution(const std::vector<Grid>& puzzles) {
  ExpectCountWithValidSolution(puzzles, 1);
}

// The whole ../shared/data file `name` has `size` puzzles, each counting `expected`.
// Skips the calling test when the file is absent.
void ExpectSharedFileCounts(const std::string& name, size_t size, int expected) {
  SUDOKU_REQUIRE_SHARED(path, name);
  const std::vector<Grid> puzzles = ReadPuzzles(path);
  EXPECT_EQ(puzzles.size(), size);
  ExpectCountWithValidSolution(puzzles, expected);
}

TEST(Solver, CountsOneForEvery17CluePuzzleGolden) {
  ExpectUniqueWithValidSolution(ReadPuzzles(GoldenPath("puzzles2_17_clue_golden")));
}

TEST(Solver, CountsOneForEvery17CluePuzzleShared) {
  ExpectSharedFileCounts("puzzles2_17_clue", 49158, 1);
}

TEST(Solver, CountsOneForMagictourGolden) {
  ExpectUniqueWithValidSolution(ReadPuzzles(GoldenPath("puzzles3_magictour_golden")));
}

TEST(Solver, CountsOneForForumHardestGolden) {
  ExpectUniqueWithValidSolution(ReadPuzzles(GoldenPath("puzzles6_forum_hardest_golden")));
}

TEST(Solver, CountsOneForForumHardestShared) {
  ExpectSharedFileCounts("puzzles6_forum_hardest_1106", 375, 1);
}

TEST(Solver, CountsOneForEveryMagictourPuzzleShared) {
  ExpectSharedFileCounts("puzzles3_magictour_top1465", 1465, 1);
}

TEST(Solver, CountsOneForEveryForumHardest1905Shared) {
  ExpectSharedFileCounts("puzzles5_forum_hardest_1905_11+", 48766, 1);
}

TEST(Solver, CountsTwoForEverySergPuzzleGolden) {
  ExpectCountWithValidSolution(ReadPuzzles(GoldenPath("puzzles7_serg_golden")), 2);
}

TEST(Solver, CountsTwoForEverySergPuzzleShared) {
  ExpectSharedFileCounts("puzzles7_serg_benchmark", 10000, 2);
}

TEST(Solver, FindsTheStoredKaggleSolutions) {
  std::ifstream in(GoldenPath("kaggle_golden.csv"));
  ASSERT_TRUE(in);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line, "quizzes,solutions");
  int rows = 0;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    ASSERT_EQ(line.size(), 163u) << line;
    Grid quiz = MustParse(line.substr(0, 81));
    Grid expected = MustParse(line.substr(82, 81));
    Grid solution;
    ASSERT_EQ(CountSolutions(quiz, 2, &solution), 1) << line;
    EXPECT_EQ(solution, expected) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 100);
}

TEST(Solver, CountsZeroForTwoEqualDigitsInARow) {
  Grid g;
  g[0] = 5;
  g[8] = 5;
  EXPECT_EQ(CountSolutions(g, 2), 0);
}

TEST(Solver, CountsZeroForTwoEqualDigitsInAColumn) {
  Grid g;
  g[4] = 7;
  g[76] = 7;
  EXPECT_EQ(CountSolutions(g, 2), 0);
}

// Every column and every pair of bands: the clash is found across bands, and the same digit in
// different columns of those rows (no clash) still counts as ambiguous.
TEST(Solver, CountsZeroForTwoEqualDigitsInAColumnOfAnyTwoBands) {
  for (int col = 0; col < 9; ++col) {
    for (int r1 = 0; r1 < 9; ++r1) {
      for (int r2 = r1 / 3 * 3 + 3; r2 < 9; ++r2) {
        SCOPED_TRACE(std::to_string(col) + " " + std::to_string(r1) + " " + std::to_string(r2));
        Grid clash;
        clash[r1 * 9 + col] = 4;
        clash[r2 * 9 + col] = 4;
        EXPECT_EQ(CountSolutions(clash, 2), 0);
        Grid apart;
        apart[r1 * 9 + col] = 4;
        apart[r2 * 9 + (col + 3) % 9] = 4;
        EXPECT_EQ(CountSolutions(apart, 2), 2);
      }
    }
  }
}

TEST(Solver, CountsZeroForTwoEqualDigitsInABox) {
  Grid g;
  g[30] = 3;
  g[50] = 3;  // row 5 col 5: same box 4 as row 3 col 3
  ASSERT_EQ(BoxOf(30), BoxOf(50));
  EXPECT_EQ(CountSolutions(g, 2), 0);
}

TEST(Solver, CountsZeroForACellWithNoCandidateLeft) {
  // Cell 0 sees 1-8 in its row and 9 in its column.
  Grid g = MustParse(".12345678" + std::string(18, '.') + "9" + std::string(53, '.'));
  EXPECT_TRUE(HasNoConflict(g));
  EXPECT_EQ(CountSolutions(g, 2), 0);
  EXPECT_EQ(ReferenceCount(g, 2), 0);
}

TEST(Solver, CountsZeroForAFullGridThatBreaksARule) {
  Grid g = MustParse(kSolved);
  std::swap(g[0], g[1]);
  EXPECT_EQ(CountSolutions(g, 2), 0);
}

TEST(Solver, CountsZeroForOutOfRangeCellValues) {
  Grid g;
  g[10] = 12;
  EXPECT_EQ(CountSolutions(g, 2), 0);
}

TEST(Solver, EmptyGridCountsUpToTheLimit) {
  Grid empty;
  for (int limit : {1, 2, 1000}) {
    Grid solution;
    EXPECT_EQ(CountSolutions(empty, limit, &solution), limit);
    EXPECT_TRUE(IsCompleteValidGrid(solution));
  }
}

TEST(Solver, SolvedGridCountsOne) {
  Grid g = MustParse(kSolved);
  Grid solution;
  EXPECT_EQ(CountSolutions(g, 2, &solution), 1);
  EXPECT_EQ(solution, g);
}

TEST(Solver, SolvedGridMinusOneCellCountsOne) {
  const Grid full = MustParse(kSolved);
  for (int cell = 0; cell < 81; ++cell) {
    Grid g = full;
    g[cell] = 0;
    Grid solution;
    ASSERT_EQ(CountSolutions(g, 2, &solution), 1) << cell;
    EXPECT_EQ(solution, full);
  }
}

// A deadly rectangle: two rows of one band, two columns, digits a b / b a. Emptying its four cells
// leaves exactly two solutions (the digits can swap, nothing else can change).
TEST(Solver, DeadlyRectangleCountsTwo) {
  const Grid full = MustParse(kSolved);
  int rectangles = 0;
  for (int r1 = 0; r1 < 9; ++r1) {
    for (int r2 = r1 + 1; r2 < (r1 / 3) * 3 + 3; ++r2) {
      for (int c1 = 0; c1 < 9; ++c1) {
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          int a = full[r1 * 9 + c1], b = full[r1 * 9 + c2];
          if (full[r2 * 9 + c1] != b || full[r2 * 9 + c2] != a) continue;
          Grid g = full;
          for (int cell : {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}) g[cell] = 0;
          EXPECT_EQ(CountSolutions(g, 1000), 2) << r1 << r2 << c1 << c2;
          ++rectangles;
        }
      }
    }
  }
  EXPECT_GT(rectangles, 0);
}

// Emptying two disjoint deadly rectangles gives 4 solutions when they swap independently (other
// counts when they interact). The solver agrees with the reference on every such pair.
TEST(Solver, TwoDeadlyRectanglesMatchTheReference) {
  const Grid full = MustParse(kSolved);
  std::vector<std::array<int, 4>> found;
  for (int r1 = 0; r1 < 9; ++r1) {
    for (int r2 = r1 + 1; r2 < (r1 / 3) * 3 + 3; ++r2) {
      for (int c1 = 0; c1 < 9; ++c1) {
        for (int c2 = c1 + 1; c2 < 9; ++c2) {
          if (full[r1 * 9 + c1] == full[r2 * 9 + c2] && full[r1 * 9 + c2] == full[r2 * 9 + c1]) {
            found.push_back({r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2});
          }
        }
      }
    }
  }
  int fours = 0;
  for (size_t i = 0; i < found.size(); ++i) {
    for (size_t j = i + 1; j < found.size(); ++j) {
      Grid h = full;
      for (int x : found[i]) h[x] = 0;
      for (int y : found[j]) h[y] = 0;
      int count = CountSolutions(h, 1000);
      ASSERT_EQ(count, ReferenceCount(h, 1000)) << ToString(h);
      fours += count == 4;
    }
  }
  EXPECT_GT(fours, 0) << found.size() << " rectangles";
}

TEST(Solver, CountsMatchTheReferenceOnRandomPuzzles) {
  std::mt19937 rng(20261121);
  int unique = 0, multiple = 0;
  for (int trial = 0; trial < 400; ++trial) {
    Grid full = RandomSolvedGrid(rng);
    int givens = 30 + static_cast<int>(rng() % 20);
    Grid p = EmptyRandomCells(full, givens, rng);
    for (int limit : {2, 10}) {
      Grid solution;
      int count = CountSolutions(p, limit, &solution);
      ASSERT_EQ(count, ReferenceCount(p, limit)) << ToString(p) << " limit " << limit;
      if (count > 0) {
        ASSERT_TRUE(IsCompleteValidGrid(solution));
        ASSERT_TRUE(AgreesWith(p, solution));
      }
    }
    (CountSolutions(p, 2) == 1 ? unique : multiple)++;
  }
  EXPECT_GT(unique, 20);
  EXPECT_GT(multiple, 20);
}

TEST(Solver, CountsMatchTheReferenceOnRandomPuzzlesWithConflicts) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    Grid p = EmptyRandomCells(RandomSolvedGrid(rng), 35 + static_cast<int>(rng() % 10), rng);
    // Overwrite one or two cells with random digits: often a conflict, sometimes not.
    for (int k = 0; k <= static_cast<int>(rng() % 2); ++k) {
      p[rng() % 81] = static_cast<uint8_t>(1 + rng() % 9);
    }
    ASSERT_EQ(CountSolutions(p, 3), ReferenceCount(p, 3)) << ToString(p);
  }
}

// HasSolutionAvoiding against its definition, via the reference on the variant with the cell
// filled by each other digit.
TEST(Solver, HasSolutionAvoidingMatchesTheDefinition) {
  std::mt19937 rng(99);
  int trues = 0, falses = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Grid full = RandomSolvedGrid(rng);
    Grid p = EmptyRandomCells(full, 28 + static_cast<int>(rng() % 15), rng);
    int cell;
    do {
      cell = static_cast<int>(rng() % 81);
    } while (p[cell] != 0);
    int digit = (trial % 3 == 0) ? 1 + static_cast<int>(rng() % 9) : full[cell];
    bool expected = false;
    for (int d = 1; d <= 9 && !expected; ++d) {
      if (d == digit) continue;
      Grid v = p;
      v[cell] = static_cast<uint8_t>(d);
      expected = ReferenceCount(v, 1) > 0;
    }
    ASSERT_EQ(HasSolutionAvoiding(p, cell, digit), expected)
        << ToString(p) << " cell " << cell << " digit " << digit;
    (expected ? trues : falses)++;
  }
  EXPECT_GT(trues, 20);
  EXPECT_GT(falses, 20);
}

// Every 17-clue puzzle is minimal: without any one clue it has another solution, one that differs
// from the known solution at that cell.
TEST(Solver, HasSolutionAvoidingIsTrueForEveryClueOfAMinimalPuzzle) {
  std::vector<Grid> puzzles = ReadPuzzles(GoldenPath("puzzles2_17_clue_golden"));
  ASSERT_FALSE(puzzles.empty());
  for (const Grid& p : puzzles) {
    Grid solution;
    ASSERT_EQ(CountSolutions(p, 2, &solution), 1);
    for (int cell = 0; cell < 81; ++cell) {
      if (p[cell] == 0) continue;
      Grid q = p;
      q[cell] = 0;
      ASSERT_TRUE(HasSolutionAvoiding(q, cell, solution[cell])) << ToString(p) << " " << cell;
      ASSERT_EQ(CountSolutions(q, 2), 2);
    }
  }
}

TEST(Solver, HasSolutionAvoidingIsFalseForASolvedGridMinusOneCell) {
  const Grid full = MustParse(kSolved);
  for (int cell = 0; cell < 81; ++cell) {
    Grid g = full;
    g[cell] = 0;
    EXPECT_FALSE(HasSolutionAvoiding(g, cell, full[cell])) << cell;
    int other = full[cell] % 9 + 1;
    EXPECT_TRUE(HasSolutionAvoiding(g, cell, other)) << cell;
  }
}

TEST(Solver, HasSolutionAvoidingIsFalseForBadGivens) {
  Grid g;
  g[0] = 5;
  g[1] = 5;
  EXPECT_FALSE(HasSolutionAvoiding(g, 40, 1));
}

// Deductions from a base (a puzzle minus some givens) answer every question exactly as
// HasSolutionAvoiding does, including when a given of the question contradicts what the base
// forces, when `added` repeats givens of the base, and for cells the base already fixes.
TEST(Deductions, AnswerAsHasSolutionAvoidingDoes) {
  std::mt19937 rng(2026);
  int trues = 0, falses = 0, contradicted = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const Grid full = RandomSolvedGrid(rng);
    Grid p = EmptyRandomCells(full, 24 + static_cast<int>(rng() % 20), rng);
    std::vector<uint8_t> givens;
    for (int c = 0; c < 81; ++c) {
      if (p[c] != 0) givens.push_back(static_cast<uint8_t>(c));
    }
    std::shuffle(givens.begin(), givens.end(), rng);
    const size_t n_added = 1 + rng() % 8;
    std::vector<uint8_t> added(givens.begin(), givens.begin() + n_added);
    Grid base = p;
    for (uint8_t c : added) base[c] = 0;
    if (trial % 4 == 0) added.push_back(givens[n_added]);  // a given of the base, listed again
    if (trial % 5 == 0) {
      p[added[0]] = static_cast<uint8_t>(1 + rng() % 9);  // maybe contradicts the base
      contradicted += p[added[0]] != full[added[0]];
    }
    Deductions deductions;
    ASSERT_TRUE(deductions.Deduce(base)) << ToString(base);
    for (int cell = 0; cell < 81; ++cell) {
      if (p[cell] != 0) continue;
      const int digit = (cell % 3 == 0) ? 1 + static_cast<int>(rng() % 9) : full[cell];
      const bool expected = HasSolutionAvoiding(p, cell, digit);
      ASSERT_EQ(deductions.HasSolutionAvoiding(p, added, cell, digit), expected)
          << ToString(base) << " + " << ToString(p) << " cell " << cell << " digit " << digit;
      (expected ? trues : falses)++;
    }
  }
  EXPECT_GT(trues, 1000);
  EXPECT_GT(falses, 1000);
  EXPECT_GT(contradicted, 50);
}

// A cell the deductions fix holds its digit in every solution: its givens, and empty cells no
// solution of the base changes.
TEST(Deductions, FixOnlyCellsEverySolutionAgreesOn) {
  std::mt19937 rng(11);
  int fixed_empty = 0, free_cells = 0;
  for (int trial = 0; trial < 200; ++trial) {
    const Grid full = RandomSolvedGrid(rng);
    const Grid base = EmptyRandomCells(full, 20 + static_cast<int>(rng() % 20), rng);
    Deductions deductions;
    ASSERT_TRUE(deductions.Deduce(base));
    for (int cell = 0; cell < 81; ++cell) {
      if (base[cell] != 0) {
        EXPECT_TRUE(deductions.Fixes(cell));
      } else if (deductions.Fixes(cell)) {
        ++fixed_empty;
        ASSERT_FALSE(HasSolutionAvoiding(base, cell, full[cell])) << ToString(base) << " " << cell;
        ASSERT_FALSE(deductions.HasSolutionAvoiding(base, {}, cell, full[cell]));
      } else {
        ++free_cells;
      }
    }
  }
  EXPECT_GT(fixed_empty, 500);
  EXPECT_GT(free_cells, 500);
}

TEST(Deductions, RefuseContradictoryGivens) {
  Grid g;
  g[0] = 5;
  g[1] = 5;
  Deductions deductions;
  EXPECT_FALSE(deductions.Deduce(g));
}

TEST(Solver, IsDeterministic) {
  std::vector<Grid> puzzles = ReadPuzzles(GoldenPath("puzzles7_serg_golden"));
  for (const Grid& p : puzzles) {
    Grid a, b;
    ASSERT_EQ(CountSolutions(p, 2, &a), CountSolutions(p, 2, &b));
    EXPECT_EQ(a, b);
  }
}

// The first solution found is pinned: the random-clues grid method and the generator's golden
// corpora depend on it, and every build of the solver (vectorized or portable) must find it.
TEST(Solver, FindsThePinnedFirstSolution) {
  const std::pair<const char*, const char*> cases[] = {
      {".................................................................................",
       "123456789456789123789123456231674895597218364864935217378561942642897531915342678"},
      {"8.........95.......76.........426798...571243...893165......916....3.487....1.532",
       "841762359295348671376159824153426798968571243427893165534287916612935487789614532"},
      {"8.........95.......76.........428967...573412...691583.....4196....3.748...8..235",
       "842965371395187624176342859513428967689573412427691583238754196951236748764819235"},
      {".................1.....2.3......3.2...1.4......5.......3......4.7..8...962...7...",
       "413678592752934861896512437947863125261745983385291746538129674174386259629457318"},
  };
  for (const auto& [puzzle, first] : cases) {
    for (int limit : {1, 2}) {
      Grid solution;
      ASSERT_EQ(CountSolutions(MustParse(puzzle), limit, &solution), limit) << puzzle;
      EXPECT_EQ(ToString(solution), first) << puzzle << " limit " << limit;
    }
  }
}

}  // namespace
}  // namespace sudoku
