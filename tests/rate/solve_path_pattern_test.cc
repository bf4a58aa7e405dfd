// Tests of the pattern a path's steps show (PathStep::cells and houses, solve_path.h): for each
// fixed technique, the cells and houses its finder shows make the pattern of what the step did,
// read against the pencil marks before the step (each removal or placement lies in a shown house
// or sees the shown cells, as the technique has it).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <bit>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "common/test_data.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/solve_path.h"
#include "sudoku/core/solver.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

using ::sudoku::testing::GoldenPath;
using ::sudoku::testing::ReadPuzzles;

// Geometry, spelled out again so as not to test the finders with their own tables.
int RowOf(int cell) { return cell / 9; }
int ColOf(int cell) { return cell % 9; }
int BoxOf(int cell) { return cell / 27 * 3 + cell % 9 / 3; }
bool InHouse(int cell, int house) {
  if (house < 9) return RowOf(cell) == house;
  if (house < 18) return ColOf(cell) == house - 9;
  return BoxOf(cell) == house - 18;
}
bool Sees(int a, int b) {
  return a != b && (RowOf(a) == RowOf(b) || ColOf(a) == ColOf(b) || BoxOf(a) == BoxOf(b));
}
int HouseKind(int house) { return house / 9; }  // 0 row, 1 column, 2 box

// The pencil marks of a replay: bit d - 1 of cand[cell], digit d may go in an empty cell.
struct Marks {
  Grid grid{};
  std::array<uint16_t, kCells> cand{};

  bool Has(int cell, int digit) const { return (cand[cell] >> (digit - 1)) & 1; }
  int Count(int cell) const { return std::popcount(cand[cell]); }
  // The cells of `house` where `digit` may go.
  std::vector<int> Places(int house, int digit) const {
    std::vector<int> cells;
    for (int cell = 0; cell < kCells; ++cell) {
      if (InHouse(cell, house) && Has(cell, digit)) cells.push_back(cell);
    }
    return cells;
  }
  void Place(CellDigit p) {
    grid[p.cell] = p.digit;
    cand[p.cell] = 0;
    for (int peer = 0; peer < kCells; ++peer) {
      if (Sees(p.cell, peer)) cand[peer] &= ~(1u << (p.digit - 1));
    }
  }
};

Marks MarksOf(const Grid& puzzle) {
  Marks m;
  for (int cell = 0; cell < kCells; ++cell) m.cand[cell] = puzzle[cell] == 0 ? 0x1FF : 0;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] != 0) m.Place({static_cast<uint8_t>(cell), puzzle[cell]});
  }
  return m;
}

bool Contains(const std::vector<int>& list, int x) {
  return std::find(list.begin(), list.end(), x) != list.end();
}

// The union of the candidates of `cells`.
uint16_t DigitsOf(const Marks& m, const std::vector<uint8_t>& cells) {
  uint16_t digits = 0;
  for (int cell : cells) digits |= m.cand[cell];
  return digits;
}

// The one digit of a step's removals and placements (a pattern on one digit); 0 if several.
int OneDigit(const PathStep& step) {
  std::set<int> digits;
  for (const CellDigit& x : step.removals) digits.insert(x.digit);
  for (const CellDigit& x : step.placements) digits.insert(x.digit);
  return digits.size() == 1 ? *digits.begin() : 0;
}

// True iff `cells` (in the pattern's order) are exactly the places of `digit` in `house`.
bool ArePlaces(const Marks& m, int house, int digit, const std::vector<uint8_t>& cells) {
  std::vector<int> shown(cells.begin(), cells.end());
  std::sort(shown.begin(), shown.end());
  return shown == m.Places(house, digit);
}

// Each technique family's pattern, checked on the marks before the step. `where` names the step.
class PatternCheck {
 public:
  PatternCheck(const Marks& m, const PathStep& step, const std::string& where)
      : m_(m), step_(step), where_(where) {}

  void Run() {
    switch (DescribeTechnique(step_.technique).family) {
      case TechniqueFamily::kLocked:
        return Locked();
      case TechniqueFamily::kDirect:
        return Direct();
      case TechniqueFamily::kSubset:
        return Subset();
      case TechniqueFamily::kFish:
        return Fish();
      case TechniqueFamily::kWing:
        return Wing();
      case TechniqueFamily::kUniqueness:
        return Uniqueness();
      case TechniqueFamily::kAligned:
        return Aligned();
      default:
        return ChainPattern();
    }
  }

 private:
  const std::vector<uint8_t>& cells() const { return step_.cells; }
  const std::vector<uint8_t>& houses() const { return step_.houses; }
  bool Shown(int cell) const {
    return std::find(cells().begin(), cells().end(), cell) != cells().end();
  }

  // Pointing: box then line; claiming: line then box. The cells are the digit's places in the
  // first house, all in the second; the removals are of the second house, off the first.
  void Locked() {
    const bool pointing = step_.technique == Technique::kPointing;
    ASSERT_EQ(houses().size(), 2u) << where_;
    EXPECT_EQ(HouseKind(houses()[pointing ? 0 : 1]), 2) << where_;
    EXPECT_NE(HouseKind(houses()[pointing ? 1 : 0]), 2) << where_;
    const int d = OneDigit(step_);
    ASSERT_NE(d, 0) << where_;
    EXPECT_TRUE(ArePlaces(m_, houses()[0], d, cells())) << where_;
    for (int cell : cells()) EXPECT_TRUE(InHouse(cell, houses()[1])) << where_;
    for (const CellDigit& r : step_.removals) {
      EXPECT_TRUE(InHouse(r.cell, houses()[1]) && !InHouse(r.cell, houses()[0])) << where_;
    }
  }

  // Direct pointing and claiming: the locked pattern's two houses and cells, then the house of
  // the placement, where the digit has no place off the second house but the placement's.
  // Direct hidden pair and triple: the house and the set's cells, which hold `size` digits with
  // no place elsewhere in the house; the placement lies in the house.
  void Direct() {
    ASSERT_EQ(step_.placements.size(), 1u) << where_;
    const CellDigit p = step_.placements[0];
    if (step_.technique == Technique::kDirectHiddenPair ||
        step_.technique == Technique::kDirectHiddenTriple) {
      const size_t size = step_.technique == Technique::kDirectHiddenPair ? 2 : 3;
      ASSERT_EQ(houses().size(), 1u) << where_;
      EXPECT_TRUE(InHouse(p.cell, houses()[0])) << where_;
      ExpectHiddenSet(houses()[0], size);
      return;
    }
    const bool pointing = step_.technique == Technique::kDirectPointing;
    ASSERT_EQ(houses().size(), 3u) << where_;
    EXPECT_EQ(HouseKind(houses()[pointing ? 0 : 1]), 2) << where_;
    EXPECT_EQ(HouseKind(houses()[2]), pointing ? 2 : HouseKind(houses()[0])) << where_;
    EXPECT_TRUE(ArePlaces(m_, houses()[0], p.digit, cells())) << where_;
    for (int cell : cells()) EXPECT_TRUE(InHouse(cell, houses()[1])) << where_;
    std::vector<int> left;
    for (int cell : m_.Places(houses()[2], p.digit)) {
      if (!InHouse(cell, houses()[1])) left.push_back(cell);
    }
    EXPECT_EQ(left, std::vector<int>{p.cell}) << where_;
  }

  // The shown cells, all of houses()[0], hold `size` digits that have no place elsewhere there.
  void ExpectHiddenSet(int house, size_t size) {
    ASSERT_EQ(cells().size(), size) << where_;
    int locked = 0;
    for (int d = 1; d <= kDigits; ++d) {
      const std::vector<int> places = m_.Places(house, d);
      const bool inside = !places.empty() && std::all_of(places.begin(), places.end(),
                                                         [&](int c) { return Shown(c); });
      locked += inside ? 1 : 0;
    }
    for (int cell : cells()) EXPECT_TRUE(InHouse(cell, house)) << where_;
    EXPECT_GE(locked, static_cast<int>(size)) << where_;
  }

  // The house and the set's cells: a naked set's cells hold exactly `size` digits, which leave
  // the rest of the house; a hidden set's removals are from its cells.
  void Subset() {
    const std::string_view name = TechniqueName(step_.technique);
    const bool naked = name.starts_with("naked");
    const size_t size = name.ends_with("pair") ? 2 : name.ends_with("triple") ? 3 : 4;
    ASSERT_EQ(houses().size(), 1u) << where_;
    const int house = houses()[0];
    if (!naked) {
      ExpectHiddenSet(house, size);
      for (const CellDigit& r : step_.removals) {
        EXPECT_TRUE(Shown(r.cell)) << where_;
      }
      return;
    }
    ASSERT_EQ(cells().size(), size) << where_;
    const uint16_t digits = DigitsOf(m_, cells());
    EXPECT_EQ(std::popcount(digits), static_cast<int>(size)) << where_;
    for (int cell : cells()) EXPECT_TRUE(InHouse(cell, house)) << where_;
    for (const CellDigit& r : step_.removals) {
      EXPECT_TRUE(InHouse(r.cell, house)) << where_;
      EXPECT_FALSE(Shown(r.cell)) << where_;
      EXPECT_TRUE((digits >> (r.digit - 1)) & 1) << where_;
    }
  }

  // Base lines then cover lines, `size` each, of the two directions; the cells are the digit's
  // places on the base lines, each on a cover line; the removals are on cover lines, off the
  // base lines.
  void Fish() {
    const size_t size = step_.technique == Technique::kXWing       ? 2
                        : step_.technique == Technique::kSwordfish ? 3
                                                                   : 4;
    ASSERT_EQ(houses().size(), 2 * size) << where_;
    const std::vector<int> base(houses().begin(), houses().begin() + size);
    const std::vector<int> cover(houses().begin() + size, houses().end());
    const int d = OneDigit(step_);
    ASSERT_NE(d, 0) << where_;
    std::vector<uint8_t> places;
    for (int h : base) {
      EXPECT_EQ(HouseKind(h), HouseKind(base[0])) << where_;
      for (int cell : m_.Places(h, d)) places.push_back(static_cast<uint8_t>(cell));
    }
    for (int h : cover) EXPECT_EQ(HouseKind(h), 1 - HouseKind(base[0])) << where_;
    std::sort(places.begin(), places.end());
    EXPECT_EQ(cells(), places) << where_;
    const auto on_any = [](int cell, const std::vector<int>& lines) {
      return std::any_of(lines.begin(), lines.end(), [&](int h) { return InHouse(cell, h); });
    };
    for (int cell : cells()) EXPECT_TRUE(on_any(cell, cover)) << where_;
    for (const CellDigit& r : step_.removals) {
      EXPECT_TRUE(on_any(r.cell, cover) && !on_any(r.cell, base)) << where_;
    }
  }

  // Pivot then pincers: bivalue pincers seeing the pivot (of two digits for an XY-wing, three
  // for an XYZ-wing), the removed digit common to the pincers; a removal sees both pincers
  // (and the pivot for an XYZ-wing).
  void Wing() {
    ASSERT_EQ(cells().size(), 3u) << where_;
    const int pivot = cells()[0], a = cells()[1], b = cells()[2];
    const bool xyz = step_.technique == Technique::kXyzWing;
    EXPECT_EQ(m_.Count(pivot), xyz ? 3 : 2) << where_;
    EXPECT_TRUE(m_.Count(a) == 2 && m_.Count(b) == 2 && Sees(pivot, a) && Sees(pivot, b)) << where_;
    const uint16_t z = m_.cand[a] & m_.cand[b];
    EXPECT_EQ(std::popcount(z), 1) << where_;
    for (const CellDigit& r : step_.removals) {
      EXPECT_EQ(1u << (r.digit - 1), z) << where_;
      EXPECT_TRUE(Sees(r.cell, a) && Sees(r.cell, b) && (!xyz || Sees(r.cell, pivot))) << where_;
    }
  }

  // Unique rectangles and loops: an even loop of 4 (a rectangle) or more cells sharing two
  // digits; types 3 and 4 add a house holding two of its cells. BUG: its cells, of three
  // candidates or more; type 3 adds the house of them all.
  void Uniqueness() {
    const Technique t = step_.technique;
    if (t == Technique::kBugPlusOne || t == Technique::kBugType2 || t == Technique::kBugType3 ||
        t == Technique::kBugType4) {
      return Bug();
    }
    const bool rectangle = t != Technique::kUniqueLoop;
    ASSERT_TRUE(rectangle ? cells().size() == 4 : cells().size() >= 6 && cells().size() % 2 == 0)
        << where_;
    uint16_t shared = 0x1FF;
    for (int cell : cells()) shared &= m_.cand[cell];
    EXPECT_GE(std::popcount(shared), 2) << where_;
    const bool with_house = t == Technique::kUniqueRectangle3 || t == Technique::kUniqueRectangle4;
    EXPECT_TRUE(rectangle ? houses().size() == (with_house ? 1u : 0u) : houses().size() <= 1)
        << where_;
    for (int h : houses()) {
      EXPECT_EQ(std::count_if(cells().begin(), cells().end(), [&](int c) { return InHouse(c, h); }),
                2)
          << where_;
    }
    for (const CellDigit& r : step_.removals) {
      const bool on_loop = Shown(r.cell);
      const bool seen =
          std::any_of(cells().begin(), cells().end(), [&](int c) { return Sees(r.cell, c); });
      EXPECT_TRUE(on_loop || seen) << where_;
      if (t == Technique::kUniqueRectangle1 || t == Technique::kUniqueRectangle4) {
        EXPECT_TRUE(on_loop) << where_;
      }
      if (t == Technique::kUniqueRectangle3) {
        EXPECT_TRUE(!on_loop && InHouse(r.cell, houses()[0])) << where_;
      }
    }
  }

  void Bug() {
    const Technique t = step_.technique;
    ASSERT_FALSE(cells().empty()) << where_;
    const size_t count = t == Technique::kBugPlusOne ? 1 : t == Technique::kBugType4 ? 2 : 0;
    if (count != 0) {
      EXPECT_EQ(cells().size(), count) << where_;
    }
    EXPECT_EQ(houses().size(), t == Technique::kBugType3 ? 1u : 0u) << where_;
    for (int cell : cells()) {
      EXPECT_GE(m_.Count(cell), 3) << where_;
      for (int h : houses()) EXPECT_TRUE(InHouse(cell, h)) << where_;
    }
    const std::vector<int> bug(cells().begin(), cells().end());
    for (const CellDigit& r : step_.removals) {
      if (t == Technique::kBugPlusOne || t == Technique::kBugType4) {
        EXPECT_TRUE(Contains(bug, r.cell)) << where_;
      } else if (t == Technique::kBugType2) {
        EXPECT_TRUE(std::all_of(bug.begin(), bug.end(), [&](int c) { return Sees(r.cell, c); }))
            << where_;
      } else {
        EXPECT_TRUE(InHouse(r.cell, houses()[0]) && !Contains(bug, r.cell)) << where_;
      }
    }
    for (const CellDigit& p : step_.placements) EXPECT_EQ(p.cell, cells()[0]) << where_;
  }

  // The aligned cells (two or three bases of two candidates or more); removals are theirs.
  void Aligned() {
    const size_t size = step_.technique == Technique::kAlignedPairExclusion ? 2 : 3;
    ASSERT_EQ(cells().size(), size) << where_;
    EXPECT_TRUE(houses().empty()) << where_;
    for (int cell : cells()) EXPECT_GE(m_.Count(cell), 2) << where_;
    for (const CellDigit& r : step_.removals) {
      EXPECT_TRUE(Shown(r.cell)) << where_;
    }
  }

  // The patterns SE finds as chains that the fixed finders name: skyscraper (two lines, four
  // cells), 2-string kite (row, column, box; four cells), W-wing (the link's house; four
  // cells, the ends bivalue alike): cells from one end to the other, every removal seeing both
  // ends. Other chains are not this finders' (their nodes are checked elsewhere).
  void ChainPattern() {
    const Technique t = step_.technique;
    if (t != Technique::kSkyscraper && t != Technique::kTwoStringKite && t != Technique::kWWing) {
      return;
    }
    ASSERT_EQ(cells().size(), 4u) << where_;
    const int first = cells()[0], last = cells()[3];
    const size_t house_count = t == Technique::kSkyscraper ? 2 : t == Technique::kWWing ? 1 : 3;
    ASSERT_EQ(houses().size(), house_count) << where_;
    if (t == Technique::kWWing) {
      EXPECT_TRUE(m_.Count(first) == 2 && m_.cand[first] == m_.cand[last]) << where_;
      EXPECT_TRUE(InHouse(cells()[1], houses()[0]) && InHouse(cells()[2], houses()[0])) << where_;
      EXPECT_TRUE(Sees(first, cells()[1]) && Sees(cells()[2], last)) << where_;
    } else {
      const int d = OneDigit(step_);
      for (int cell : cells()) EXPECT_TRUE(m_.Has(cell, d)) << where_;
      // Each line (the kite's row, then column) holds two of the cells in turn, the digit's
      // only places there; the kite's box holds the middle two.
      for (size_t i = 0; i < 2; ++i) {
        EXPECT_TRUE(ArePlaces(m_, houses()[i], d, {cells()[2 * i], cells()[2 * i + 1]})) << where_;
      }
      if (t == Technique::kTwoStringKite) {
        EXPECT_TRUE(InHouse(cells()[1], houses()[2]) && InHouse(cells()[2], houses()[2])) << where_;
      }
    }
    for (const CellDigit& r : step_.removals) {
      EXPECT_TRUE(Sees(r.cell, first) && Sees(r.cell, last)) << where_;
    }
  }

  const Marks& m_;
  const PathStep& step_;
  const std::string& where_;
};

// Places a singles step's placements, each when it is single in its shown house (the only
// place of its digit there, or the house's last empty cell for a full house), in an order
// where each is: a placement may open the next one. False if some never is.
bool PlaceSinglesInShownHouses(Marks& m, const PathStep& step) {
  std::vector<size_t> pending(step.placements.size());
  for (size_t i = 0; i < pending.size(); ++i) pending[i] = i;
  while (!pending.empty()) {
    const auto next = std::find_if(pending.begin(), pending.end(), [&](size_t i) {
      const CellDigit p = step.placements[i];
      const int house = step.houses[i];
      if (!InHouse(p.cell, house)) return false;
      if (step.technique == Technique::kFullHouse) {
        int empty = 0;
        for (int cell = 0; cell < kCells; ++cell) empty += InHouse(cell, house) && !m.grid[cell];
        return empty == 1;
      }
      const bool box = HouseKind(house) == 2;
      return box == (step.technique == Technique::kHiddenSingleBox) &&
             m.Places(house, p.digit) == std::vector<int>{p.cell};
    });
    if (next == pending.end()) return false;
    m.Place(step.placements[*next]);
    pending.erase(next);
  }
  return true;
}

// Replays `puzzle`'s path, checking each step's pattern against the marks before it, and
// counts the steps of each technique seen.
void ExpectPatternsOfPath(const Grid& puzzle, std::array<int, kTechniqueCount>* seen) {
  Rating rating;
  SolvePath path;
  ASSERT_TRUE(RatePuzzle(puzzle, RatingOptions{}, &rating, &path)) << ToString(puzzle);
  Marks m = MarksOf(puzzle);
  for (size_t i = 0; i < path.steps.size(); ++i) {
    const PathStep& step = path.steps[i];
    const std::string where = ToString(puzzle) + " step " + std::to_string(i + 1) + " " +
                              std::string(TechniqueName(step.technique));
    ++(*seen)[static_cast<int>(step.technique)];
    const TechniqueFamily family = DescribeTechnique(step.technique).family;
    if (step.technique == Technique::kNakedSingle) {
      // The cell is the placement's, and a cell is its own house: the path keeps neither.
      EXPECT_TRUE(step.cells.empty() && step.houses.empty()) << where;
    } else if (family == TechniqueFamily::kSingle) {
      ASSERT_EQ(step.houses.size(), step.placements.size()) << where << ": a house each";
      ASSERT_TRUE(PlaceSinglesInShownHouses(m, step)) << where << ": not single in its house";
      continue;
    } else if (family != TechniqueFamily::kGuess && family != TechniqueFamily::kChain) {
      EXPECT_FALSE(step.cells.empty()) << where << ": shows no cell";
    }
    PatternCheck(m, step, where).Run();
    for (const CellDigit& r : step.removals) m.cand[r.cell] &= ~(1u << (r.digit - 1));
    for (const CellDigit& p : step.placements) m.Place(p);
  }
}

// The techniques of the golden files whose patterns are checked: each must have come up.
void ExpectPatternsOn(const std::vector<Grid>& puzzles, std::initializer_list<Technique> met) {
  std::array<int, kTechniqueCount> seen{};
  for (const Grid& puzzle : puzzles) ExpectPatternsOfPath(puzzle, &seen);
  for (Technique t : met) {
    EXPECT_GT(seen[static_cast<int>(t)], 0) << TechniqueName(t) << ": no step to check";
  }
}

// The puzzles of SE's paths, from every band of ratings: every fixed technique comes up but
// the direct claiming (never first where the state keeps its solution, rating.cc) and the
// hidden quad, whose patterns rating_direct_test.cc and rating_test.cc check on positions.
TEST(SolvePathPattern, ShowsEachStepsPatternOnSePathPuzzles) {
  using T = Technique;
  ExpectPatternsOn(ReadPuzzles(GoldenPath("se_path_puzzles.txt")), {T::kFullHouse,
                                                                    T::kHiddenSingleBox,
                                                                    T::kHiddenSingleLine,
                                                                    T::kDirectPointing,
                                                                    T::kDirectHiddenPair,
                                                                    T::kDirectHiddenTriple,
                                                                    T::kNakedSingle,
                                                                    T::kPointing,
                                                                    T::kClaiming,
                                                                    T::kNakedPair,
                                                                    T::kNakedTriple,
                                                                    T::kNakedQuad,
                                                                    T::kHiddenPair,
                                                                    T::kHiddenTriple,
                                                                    T::kXWing,
                                                                    T::kSwordfish,
                                                                    T::kJellyfish,
                                                                    T::kXyWing,
                                                                    T::kXyzWing,
                                                                    T::kUniqueRectangle1,
                                                                    T::kUniqueRectangle2,
                                                                    T::kUniqueRectangle3,
                                                                    T::kUniqueRectangle4,
                                                                    T::kUniqueLoop,
                                                                    T::kBugPlusOne,
                                                                    T::kBugType2,
                                                                    T::kBugType3,
                                                                    T::kBugType4,
                                                                    T::kAlignedPairExclusion,
                                                                    T::kAlignedTripleExclusion,
                                                                    T::kSkyscraper,
                                                                    T::kTwoStringKite,
                                                                    T::kWWing});
}

}  // namespace
}  // namespace sudoku
