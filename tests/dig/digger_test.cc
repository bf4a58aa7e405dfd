// Digging: every symmetry and order gives unique puzzles that agree with their grid and have the
// requested symmetry; minimal digs leave no removable orbit (checked by brute force); per-row
// digging spreads holes evenly; the default path still makes the puzzles of existing corpora.
#include "sudoku/core/digger.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <numeric>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "common/puzzle_checks.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

constexpr Symmetry kSymmetries[] = {Symmetry::kNone,        Symmetry::kRot180, Symmetry::kRot90,
                                    Symmetry::kMirror,      Symmetry::kFlip,   Symmetry::kDiagonal,
                                    Symmetry::kAntidiagonal};

struct Band {
  int min_clues, max_clues;
};
constexpr Band kBands[] = {{26, 31}, {41, 46}, {54, 56}};

using testing::IsUnique;

// The orbit of `cell`, straight from the definitions in digger.h.
std::vector<int> OrbitOf(Symmetry symmetry, int cell) {
  const int r = RowOf(cell), c = ColOf(cell);
  std::vector<std::pair<int, int>> images = {{r, c}};
  switch (symmetry) {
    case Symmetry::kNone:
      break;
    case Symmetry::kRot180:
      images.push_back({8 - r, 8 - c});
      break;
    case Symmetry::kRot90:
      images.insert(images.end(), {{c, 8 - r}, {8 - r, 8 - c}, {8 - c, r}});
      break;
    case Symmetry::kMirror:
      images.push_back({r, 8 - c});
      break;
    case Symmetry::kFlip:
      images.push_back({8 - r, c});
      break;
    case Symmetry::kDiagonal:
      images.push_back({c, r});
      break;
    case Symmetry::kAntidiagonal:
      images.push_back({8 - c, 8 - r});
      break;
  }
  std::vector<int> orbit;
  for (const auto& [row, col] : images) orbit.push_back(row * 9 + col);
  std::sort(orbit.begin(), orbit.end());
  orbit.erase(std::unique(orbit.begin(), orbit.end()), orbit.end());
  return orbit;
}

// True iff some orbit of givens can be emptied with the puzzle staying unique.
bool HasRemovableOrbit(const Grid& puzzle, Symmetry symmetry) {
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    Grid fewer = puzzle;
    for (int c : OrbitOf(symmetry, cell)) fewer[c] = 0;
    if (IsUnique(fewer)) return true;
  }
  return false;
}

std::array<int, 9> HolesPerRow(const Grid& puzzle) {
  std::array<int, 9> holes{};
  for (int cell = 0; cell < kCells; ++cell) holes[RowOf(cell)] += puzzle[cell] == 0;
  return holes;
}

int Spread(const Grid& puzzle) {
  const std::array<int, 9> holes = HolesPerRow(puzzle);
  return *std::max_element(holes.begin(), holes.end()) -
         *std::min_element(holes.begin(), holes.end());
}

Grid SomeGrid(uint64_t seed) {
  Rng rng(seed);
  return GenerateGrid(rng);
}

DigOptions Options(Symmetry symmetry, DigOrder order, bool minimal, Band band = {17, 80}) {
  DigOptions options;
  options.min_clues = band.min_clues;
  options.max_clues = band.max_clues;
  options.minimal = minimal;
  options.symmetry = symmetry;
  options.order = order;
  return options;
}

// Digs one puzzle and checks what every dig promises; returns the puzzle.
Grid DigAndCheck(const Grid& solution, const DigOptions& options, uint64_t seed) {
  Rng rng(seed);
  Grid puzzle;
  const bool in_band = DigUniquePuzzle(solution, options, rng, &puzzle);
  const int clues = CountGivens(puzzle);
  EXPECT_TRUE(IsUnique(puzzle)) << ToString(puzzle);
  EXPECT_TRUE(AgreesWith(puzzle, solution)) << ToString(puzzle);
  EXPECT_TRUE(HasSymmetry(puzzle, options.symmetry)) << ToString(puzzle);
  EXPECT_EQ(in_band, clues >= options.min_clues && clues <= options.max_clues) << clues;
  Rng again(seed);
  Grid same;
  DigUniquePuzzle(solution, options, again, &same);
  EXPECT_EQ(puzzle, same) << "not deterministic";
  return puzzle;
}

// Regression pins, computed by the digger before symmetries and orders were added: existing
// corpora depend on the default path (Symmetry::kNone, DigOrder::kRandom) making these puzzles.
TEST(Digger, DefaultPathMakesThePinnedPuzzles) {
  const Grid grid = SomeGrid(7);
  ASSERT_EQ(ToString(grid),
            "281647395459312876637859412745138629892765134163924587326491758574283961918576243");
  const std::string minimal[] = {
      "2..6.7....59....7....8..4...4513.........5..41.......7..64.....57.28...1..8...2..",
      ".8....3.5.5...2.76..7...4....51....9..2.......6.9...873...9......42.3.......76.4.",
      "2..6...9.4....28........4.....1.8........5.34..39..58..2...1....74....6..1.5....."};
  const std::string banded[] = {
      "2.16.7....59....7.6.78.94...4513....8..765..416....5.7..649....57.28...1.185.62..",
      ".8.6..3.5.59..2876..78.94..7.51..6.9.927...34.6392..8732.491758.742.39...1..76243",
      "2..6...9.45...28.6......4.....1.8..98...651341.39..58.326..1....742.3.6..1.57..4."};
  const std::string chained[] = {
      ".6....1...4...7..58....3.......4.3.6.1.....8...6.5....431..95...8..6...7...8..9.1",
      "...1..694..53................3......1...4..8......61...29..18.5..46.52...1.4....7",
      ".81.....6.......7......8.5367...32.....6.51....3.2...84.2..1....18......3..5....."};
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    SCOPED_TRACE(seed);
    Grid puzzle;
    DigOptions options;
    options.minimal = true;
    Rng rng(seed);
    EXPECT_TRUE(DigUniquePuzzle(grid, options, rng, &puzzle));
    EXPECT_EQ(ToString(puzzle), minimal[seed - 1]);

    DigOptions band;
    band.min_clues = 26;
    band.max_clues = 56;
    Rng rng2(seed);
    EXPECT_TRUE(DigUniquePuzzle(grid, band, rng2, &puzzle));
    EXPECT_EQ(ToString(puzzle), banded[seed - 1]);

    Rng rng3(seed);  // grid and dig from one engine, as the generator does
    const Grid own = GenerateGrid(rng3);
    DigUniquePuzzle(own, options, rng3, &puzzle);
    EXPECT_EQ(ToString(puzzle), chained[seed - 1]);
  }
}

// The default path written out plainly, as digger.h defines it, with CountSolutions deciding
// every removal. The digger decides most removals without the solver (naked and hidden singles,
// emptied unavoidable sets); those shortcuts must not change a single choice.
Grid ReferenceDig(const Grid& solution, const DigOptions& options, Rng& rng) {
  Grid puzzle = solution;
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  rng.Shuffle(std::span<uint8_t>(order));
  const int target = options.minimal
                         ? 0
                         : options.min_clues + static_cast<int>(rng.Below(static_cast<uint32_t>(
                                                   options.max_clues - options.min_clues + 1)));
  int clues = kCells;
  for (int i = 0; i < kCells && clues > target; ++i) {
    const int cell = order[i];
    puzzle[cell] = 0;
    if (IsUnique(puzzle)) {
      --clues;
    } else {
      puzzle[cell] = solution[cell];
    }
  }
  return puzzle;
}

// Grids of every method (the pattern method's are very regular, rich in small unavoidable sets),
// dug to minimal and into each level's band.
TEST(Digger, DefaultPathMatchesAPlainUniquenessTest) {
  std::vector<DigOptions> options = {Options(Symmetry::kNone, DigOrder::kRandom, true)};
  for (const Band& band : kBands) {
    options.push_back(Options(Symmetry::kNone, DigOrder::kRandom, false, band));
  }
  for (GridMethod method : kGridMethods) {
    SCOPED_TRACE(GridMethodName(method));
    for (uint64_t seed = 1; seed <= 40; ++seed) {
      Rng grid_rng(seed);
      const Grid grid = GenerateGrid(method, grid_rng);
      for (const DigOptions& option : options) {
        Rng rng(seed), reference_rng(seed);
        Grid puzzle;
        DigUniquePuzzle(grid, option, rng, &puzzle);
        EXPECT_EQ(ToString(puzzle), ToString(ReferenceDig(grid, option, reference_rng)));
        EXPECT_EQ(rng(), reference_rng()) << "the Rng was used differently";
      }
    }
  }
}

TEST(Digger, NamesRoundTrip) {
  std::set<std::string_view> names;
  for (Symmetry symmetry : kSymmetries) {
    names.insert(SymmetryName(symmetry));
    EXPECT_EQ(ParseSymmetry(SymmetryName(symmetry)), symmetry);
  }
  EXPECT_EQ(names.size(), static_cast<size_t>(kSymmetryCount));
  EXPECT_EQ(SymmetryName(Symmetry::kRot90), "rot90");
  EXPECT_EQ(SymmetryName(Symmetry::kAntidiagonal), "antidiagonal");
  EXPECT_FALSE(ParseSymmetry("random").has_value());
  EXPECT_FALSE(ParseSymmetry("").has_value());
  for (DigOrder order : {DigOrder::kRandom, DigOrder::kPerRow}) {
    EXPECT_EQ(ParseDigOrder(DigOrderName(order)), order);
  }
  EXPECT_EQ(DigOrderName(DigOrder::kPerRow), "per-row");
  EXPECT_FALSE(ParseDigOrder("per_row").has_value());
}

TEST(Digger, HasSymmetryLooksAtWhichCellsAreGiven) {
  const Grid full = SomeGrid(1);
  Grid centre = full;
  centre[40] = 0;
  Grid corner = full;
  corner[0] = 0;  // (0, 0): on the main diagonal and on the axis of no other symmetry
  Grid pair = corner;
  pair[80] = 0;  // (0, 0) and (8, 8): symmetric under rot180 and both diagonals
  for (Symmetry symmetry : kSymmetries) {
    SCOPED_TRACE(SymmetryName(symmetry));
    EXPECT_TRUE(HasSymmetry(full, symmetry));
    EXPECT_TRUE(HasSymmetry(centre, symmetry));
    EXPECT_TRUE(HasSymmetry(Grid(), symmetry));
    const bool none = symmetry == Symmetry::kNone;
    EXPECT_EQ(HasSymmetry(corner, symmetry), none || symmetry == Symmetry::kDiagonal);
    EXPECT_EQ(HasSymmetry(pair, symmetry), none || symmetry == Symmetry::kRot180 ||
                                               symmetry == Symmetry::kDiagonal ||
                                               symmetry == Symmetry::kAntidiagonal);
  }
  Grid digits = full;  // the digits themselves do not matter
  digits[1] = digits[1] % 9 + 1;
  EXPECT_TRUE(HasSymmetry(digits, Symmetry::kMirror));
}

TEST(Digger, MinimalDigsLeaveNoRemovableOrbit) {
  for (Symmetry symmetry : kSymmetries) {
    for (DigOrder order : {DigOrder::kRandom, DigOrder::kPerRow}) {
      if (order == DigOrder::kPerRow && symmetry != Symmetry::kNone) continue;
      SCOPED_TRACE(std::string(SymmetryName(symmetry)) + " " + std::string(DigOrderName(order)));
      const DigOptions options = Options(symmetry, order, /*minimal=*/true);
      for (uint64_t seed = 1; seed <= 150; ++seed) {
        const Grid puzzle = DigAndCheck(SomeGrid(100 + seed), options, seed);
        // With Symmetry::kNone the orbits are single cells: the puzzle is minimal.
        EXPECT_FALSE(HasRemovableOrbit(puzzle, symmetry)) << ToString(puzzle);
      }
    }
  }
}

TEST(Digger, BandedDigsAreUniqueSymmetricAndMostlyInBand) {
  for (Symmetry symmetry : kSymmetries) {
    for (DigOrder order : {DigOrder::kRandom, DigOrder::kPerRow}) {
      if (order == DigOrder::kPerRow && symmetry != Symmetry::kNone) continue;
      for (const Band& band : kBands) {
        SCOPED_TRACE(std::string(SymmetryName(symmetry)) + " " + std::string(DigOrderName(order)) +
                     " " + std::to_string(band.min_clues));
        const DigOptions options = Options(symmetry, order, /*minimal=*/false, band);
        int in_band = 0;
        constexpr int kDigs = 100;
        for (uint64_t seed = 1; seed <= kDigs; ++seed) {
          const Grid puzzle = DigAndCheck(SomeGrid(200 + seed), options, seed);
          in_band += CountGivens(puzzle) >= band.min_clues && CountGivens(puzzle) <= band.max_clues;
        }
        // Minimal rot90 puzzles have 31 clues on average, so the hard band is often missed.
        const bool hard_rot90 = symmetry == Symmetry::kRot90 && band.min_clues == 26;
        EXPECT_GE(in_band, hard_rot90 ? kDigs / 6 : kDigs * 2 / 3);
      }
    }
  }
}

// Symmetric digging of grids from every method (the pattern method's grids are very regular).
TEST(Digger, SymmetricDigsOfEveryGridMethod) {
  for (GridMethod method : kGridMethods) {
    SCOPED_TRACE(GridMethodName(method));
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      Rng rng(seed);
      const Grid grid = GenerateGrid(method, rng);
      const Symmetry symmetry = kSymmetries[1 + seed % 6];
      const Grid puzzle = DigAndCheck(grid, Options(symmetry, DigOrder::kRandom, true), seed);
      EXPECT_FALSE(HasRemovableOrbit(puzzle, symmetry)) << ToString(puzzle);
    }
  }
}

// Per-row digging asks each row for round((81 - target) / 9) holes; with a one-value band the
// target is known, so no row may exceed that share.
TEST(Digger, PerRowNeverExceedsTheShareOfARow) {
  for (int target : {24, 27, 30, 36, 41, 45, 50, 54, 56}) {
    SCOPED_TRACE(target);
    const int share = (81 - target + 4) / 9;
    const DigOptions options =
        Options(Symmetry::kNone, DigOrder::kPerRow, /*minimal=*/false, {target, target});
    for (uint64_t seed = 1; seed <= 20; ++seed) {
      const Grid puzzle = DigAndCheck(SomeGrid(300 + seed), options, seed);
      EXPECT_GE(CountGivens(puzzle), target);
      for (int holes : HolesPerRow(puzzle)) EXPECT_LE(holes, share) << ToString(puzzle);
    }
  }
}

// Per-row digging spreads holes evenly: the gap between the row with most holes and the row with
// fewest is, on average over many digs, much smaller than when cells go in one random order.
TEST(Digger, PerRowSpreadsHolesMoreEvenlyThanRandomOrder) {
  for (const Band& band : kBands) {
    SCOPED_TRACE(band.min_clues);
    int spread[2] = {0, 0};
    for (DigOrder order : {DigOrder::kRandom, DigOrder::kPerRow}) {
      const DigOptions options = Options(Symmetry::kNone, order, /*minimal=*/false, band);
      for (uint64_t seed = 1; seed <= 100; ++seed) {
        Rng rng(seed);
        Grid puzzle;
        DigUniquePuzzle(SomeGrid(400 + seed), options, rng, &puzzle);
        spread[static_cast<int>(order)] += Spread(puzzle);
      }
    }
    EXPECT_LT(2 * spread[1], spread[0]) << "random " << spread[0] << ", per-row " << spread[1];
  }
}

}  // namespace
}  // namespace sudoku
