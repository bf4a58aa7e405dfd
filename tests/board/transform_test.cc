// The validity-preserving group: RandomTransform draws every part of it, deterministically, and
// ApplyTransform keeps grids valid and puzzles' solutions.
#include "sudoku/core/transform.h"

#include <gtest/gtest.h>

#include <set>

#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

// True iff `lines` keeps the groups of three together (a band or stack order).
bool KeepsGroups(const std::array<uint8_t, 9>& lines) {
  std::set<int> seen(lines.begin(), lines.end());
  if (seen.size() != 9 || *seen.rbegin() > 8) return false;
  for (int g = 0; g < 3; ++g) {
    for (int i = 1; i < 3; ++i) {
      if (lines[3 * g + i] / 3 != lines[3 * g] / 3) return false;
    }
  }
  return true;
}

bool IsDigitPermutation(const DigitMap& map) {
  std::set<int> digits(map.begin() + 1, map.end());
  return map[0] == 0 && digits.size() == 9 && *digits.begin() == 1 && *digits.rbegin() == 9;
}

TEST(Transform, RandomDigitMapKeepsItsStream) {
  // Existing corpora depend on RandomDigitMap's draws: these are the values it always gave.
  Rng rng(2024);
  const char* expected[] = {"352648971", "483257916", "579243861"};
  for (const char* want : expected) {
    const DigitMap map = RandomDigitMap(rng);
    std::string got;
    for (int d = 1; d <= 9; ++d) got += static_cast<char>('0' + map[d]);
    EXPECT_EQ(got, want);
  }
  EXPECT_EQ(rng(), 8854820714165103459ull);
}

TEST(Transform, IdentityChangesNothing) {
  Rng rng(1);
  const Grid grid = GenerateGrid(rng);
  EXPECT_EQ(ApplyTransform(grid, Transform{}), grid);
}

TEST(Transform, ApplyFollowsTheDefinition) {
  Rng rng(2);
  const Grid grid = GenerateGrid(rng);
  for (int i = 0; i < 50; ++i) {
    const Transform t = RandomTransform(rng);
    const Grid out = ApplyTransform(grid, t);
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        const int source_row = t.transpose ? t.cols[c] : t.rows[r];
        const int source_col = t.transpose ? t.rows[r] : t.cols[c];
        ASSERT_EQ(out[r * 9 + c], t.digits[grid[source_row * 9 + source_col]]);
      }
    }
  }
}

TEST(Transform, RandomTransformIsAGroupElementAndDeterministic) {
  Rng a(77), b(77), c(78);
  bool differs = false;
  for (int i = 0; i < 200; ++i) {
    const Transform ta = RandomTransform(a);
    const Transform tb = RandomTransform(b);
    const Transform tc = RandomTransform(c);
    EXPECT_TRUE(KeepsGroups(ta.rows));
    EXPECT_TRUE(KeepsGroups(ta.cols));
    EXPECT_TRUE(IsDigitPermutation(ta.digits));
    EXPECT_EQ(ta.transpose, tb.transpose);
    EXPECT_EQ(ta.rows, tb.rows);
    EXPECT_EQ(ta.cols, tb.cols);
    EXPECT_EQ(ta.digits, tb.digits);
    differs = differs || ta.rows != tc.rows || ta.cols != tc.cols || ta.digits != tc.digits;
  }
  EXPECT_TRUE(differs);
}

TEST(Transform, RandomTransformCoversEveryPart) {
  // Over 6000 draws each part takes each of its values about equally often.
  Rng rng(5);
  constexpr int kDraws = 6000;
  int transposed = 0;
  std::array<int, 9> first_row{}, first_col{}, digit_of_one{};
  std::array<int, 3> middle_band{}, middle_stack{};
  for (int i = 0; i < kDraws; ++i) {
    const Transform t = RandomTransform(rng);
    transposed += t.transpose;
    ++first_row[t.rows[0]];
    ++first_col[t.cols[0]];
    ++middle_band[t.rows[3] / 3];
    ++middle_stack[t.cols[3] / 3];
    ++digit_of_one[t.digits[1] - 1];
  }
  EXPECT_NEAR(transposed, kDraws / 2, 300);
  for (int v = 0; v < 9; ++v) {
    EXPECT_NEAR(first_row[v], kDraws / 9, 150) << "row " << v;
    EXPECT_NEAR(first_col[v], kDraws / 9, 150) << "column " << v;
    EXPECT_NEAR(digit_of_one[v], kDraws / 9, 150) << "digit " << v + 1;
  }
  for (int v = 0; v < 3; ++v) {
    EXPECT_NEAR(middle_band[v], kDraws / 3, 200) << "band " << v;
    EXPECT_NEAR(middle_stack[v], kDraws / 3, 200) << "stack " << v;
  }
}

TEST(Transform, KeepsGridsValidAndPuzzlesSolutions) {
  Rng rng(11);
  for (int i = 0; i < 40; ++i) {
    const Grid grid = GenerateGrid(rng);
    Grid puzzle;
    DigUniquePuzzle(grid, DigOptions{}, rng, &puzzle);
    const Transform t = RandomTransform(rng);
    EXPECT_TRUE(IsCompleteValidGrid(ApplyTransform(grid, t)));
    const Grid moved = ApplyTransform(puzzle, t);
    EXPECT_EQ(CountGivens(moved), CountGivens(puzzle));
    Grid solution;
    ASSERT_EQ(CountSolutions(moved, 2, &solution), 1);
    EXPECT_EQ(solution, ApplyTransform(grid, t));
  }
}

TEST(Transform, KindNamesRoundTrip) {
  for (TransformKind kind : {TransformKind::kRelabel, TransformKind::kFull}) {
    EXPECT_EQ(ParseTransformKind(TransformKindName(kind)), kind);
  }
  EXPECT_EQ(TransformKindName(TransformKind::kRelabel), "relabel");
  EXPECT_EQ(TransformKindName(TransformKind::kFull), "full");
  EXPECT_FALSE(ParseTransformKind("Full").has_value());
  EXPECT_FALSE(ParseTransformKind("").has_value());
}

}  // namespace
}  // namespace sudoku
