// Canonical forms: the same for every equivalent of a puzzle, a fixed point, equivalent to the
// input, different for inequivalent puzzles, and equal to a brute-force minimum over the whole
// group.
#include "sudoku/canonical.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sudoku/digger.h"
#include "sudoku/grid_generator.h"
#include "sudoku/solver.h"
#include "sudoku/transform.h"
#include "test_data.h"

namespace sudoku {
namespace {

// The 1296 orders of nine lines that keep groups of three together.
std::vector<std::array<uint8_t, 9>> AllLineOrders() {
  static constexpr uint8_t kPerms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                           {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  std::vector<std::array<uint8_t, 9>> orders;
  for (const auto& groups : kPerms) {
    for (const auto& a : kPerms) {
      for (const auto& b : kPerms) {
        for (const auto& c : kPerms) {
          const uint8_t* within[3] = {a, b, c};
          std::array<uint8_t, 9> lines{};
          for (int g = 0; g < 3; ++g) {
            for (int i = 0; i < 3; ++i) lines[3 * g + i] = 3 * groups[g] + within[g][i];
          }
          orders.push_back(lines);
        }
      }
    }
  }
  return orders;
}

// The minlex form by definition: every orientation, row order and column order, each relabelled
// by first appearance, keeping the smallest string. (A candidate is abandoned at its first cell
// larger than the best, which does not change the minimum.) 3.4 million arrangements.
Grid BruteForceMinlex(const Grid& puzzle) {
  static const std::vector<std::array<uint8_t, 9>> orders = AllLineOrders();
  std::array<uint8_t, kCells> best;
  best.fill(10);
  std::array<uint8_t, kCells> candidate{};
  for (int transpose = 0; transpose < 2; ++transpose) {
    for (const auto& rows : orders) {
      for (const auto& cols : orders) {
        uint8_t label[10] = {};
        uint8_t next = 1;
        bool smaller = false, larger = false;
        for (int i = 0; i < kCells && !larger; ++i) {
          const int r = rows[i / 9], c = cols[i % 9];
          const uint8_t v = transpose ? puzzle[c * 9 + r] : puzzle[r * 9 + c];
          if (v != 0 && label[v] == 0) label[v] = next++;
          candidate[i] = label[v];
          if (!smaller) {
            larger = candidate[i] > best[i];
            smaller = candidate[i] < best[i];
          }
        }
        if (smaller) best = candidate;
      }
    }
  }
  Grid out;
  out.cells = best;
  return out;
}

// ---------------------------------------------------------------------------------------------
// The previous CanonicalGrid (a branch-and-bound over column orders, ~17 us per grid), kept as
// an independent reference: the stored corpora hold its output, so the fast one must agree.
namespace reference {

using PackedRow = uint64_t;
constexpr PackedRow kUnknownRow = ~PackedRow{0};
constexpr PackedRow RowPrefix(PackedRow row, int len) { return row >> (4 * (9 - len)); }
constexpr uint8_t kNone = 0xFF;

struct Oriented {
  uint8_t cells[2][kCells];
  explicit Oriented(const Grid& grid) {
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) {
        cells[0][r * 9 + c] = grid[r * 9 + c];
        cells[1][c * 9 + r] = grid[r * 9 + c];
      }
    }
  }
};

struct BestRows {
  PackedRow rows[9];
  int known = 0;

  Grid ToGrid() const {
    Grid out;
    for (int r = 0; r < 9; ++r) {
      for (int c = 0; c < 9; ++c) out[r * 9 + c] = (rows[r] >> (4 * (8 - c))) & 0xF;
    }
    return out;
  }
};

// A column permutation under construction, for one choice of the top band's first two rows.
struct ColumnPath {
  uint8_t col[9];    // result position -> source column (kNone: not placed)
  uint8_t pos[9];    // source column -> result position (kNone: not placed)
  uint8_t stack[3];  // result stack -> source stack
  uint8_t slot[3];   // source stack -> result stack (kNone: not placed)
  uint8_t fill[3];   // positions of each result stack placed so far (a prefix)
  uint8_t stacks;    // result stacks assigned so far (a prefix)
};

class GridSearch {
 public:
  explicit GridSearch(const Grid& grid) : grid_(grid) {}

  Grid Run() {
    // The second row starts 456 when some stack of it holds a whole stack of the first row's
    // digits (put that stack first), else 457. Starting from that bound prunes every band choice
    // that cannot reach it at its third position.
    best_second_ = HasPureStack() ? 0x456FFFFFFull : 0x457FFFFFFull;
    for (int o = 0; o < 2; ++o) {
      for (int band = 0; band < 3; ++band) {
        for (int a = 0; a < 3; ++a) {
          for (int b = 0; b < 3; ++b) {
            if (a != b) SearchBand(o, band, 3 * band + a, 3 * band + b, 3 * band + 3 - a - b);
          }
        }
      }
    }
    return best_.ToGrid();
  }

 private:
  // True iff for some orientation, band and two rows of it, the three digits of some stack of
  // the second row all lie in one stack of the first row.
  bool HasPureStack() const {
    for (int o = 0; o < 2; ++o) {
      for (int r0 = 0; r0 < 9; ++r0) {
        uint8_t stack_of[10];
        for (int c = 0; c < 9; ++c)
          stack_of[grid_.cells[o][9 * r0 + c]] = static_cast<uint8_t>(c / 3);
        for (int r1 = 3 * (r0 / 3); r1 < 3 * (r0 / 3) + 3; ++r1) {
          if (r1 == r0) continue;
          const uint8_t* row = grid_.cells[o] + 9 * r1;
          for (int s = 0; s < 3; ++s) {
            const int t = stack_of[row[3 * s]];
            if (stack_of[row[3 * s + 1]] == t && stack_of[row[3 * s + 2]] == t) return true;
          }
        }
      }
    }
    return false;
  }

  void SearchBand(int o, int band, int first, int second, int third) {
    cells_ = grid_.cells[o];
    band_ = band;
    third_ = third;
    const uint8_t* row0 = cells_ + 9 * first;
    const uint8_t* row1 = cells_ + 9 * second;
    for (int c = 0; c < 9; ++c) column_of_[row0[c]] = static_cast<uint8_t>(c);
    for (int c = 0; c < 9; ++c) target_[c] = column_of_[row1[c]];
    ColumnPath path{};
    std::fill(std::begin(path.col), std::end(path.col), kNone);
    std::fill(std::begin(path.pos), std::end(path.pos), kNone);
    std::fill(std::begin(path.slot), std::end(path.slot), kNone);
    std::fill(std::begin(path.fill), std::end(path.fill), 0);
    path.stacks = 0;
    Step(0, path, 0);
  }

  // Places `column` at result position `at` (the next free one of its result stack).
  static void Place(ColumnPath& path, int column, int at) {
    path.col[at] = static_cast<uint8_t>(column);
    path.pos[column] = static_cast<uint8_t>(at);
    ++path.fill[at / 3];
  }

  // Value of the second row at the position just given `column`: the result position of the
  // column whose first-row digit it holds, committing that column's position if still free.
  uint8_t Resolve(ColumnPath& path, int column) const {
    const int t = target_[column];
    if (path.pos[t] == kNone) {
      const int source_stack = t / 3;
      if (path.slot[source_stack] == kNone) {
        path.slot[source_stack] = path.stacks;
        path.stack[path.stacks++] = static_cast<uint8_t>(source_stack);
      }
      const int s = path.slot[source_stack];
      Place(path, t, 3 * s + path.fill[s]);
    }
    return static_cast<uint8_t>(path.pos[t] + 1);
  }

  // The second row's value at a position given `column` (opening a new result stack first when
  // `opens`), without changing `path`: see Resolve.
  uint8_t ValueOf(const ColumnPath& path, int column, bool opens) const {
    const int t = target_[column];
    if (path.pos[t] != kNone) return static_cast<uint8_t>(path.pos[t] + 1);
    const int s = path.slot[t / 3];
    if (s != kNone) return static_cast<uint8_t>(3 * s + path.fill[s] + 1);
    return static_cast<uint8_t>(3 * (path.stacks + opens) + 1);
  }

  // True iff the second row's digits in source stack `t` are one stack of the first row.
  bool IsPure(int t) const {
    return target_[3 * t] / 3 == target_[3 * t + 1] / 3 &&
           target_[3 * t] / 3 == target_[3 * t + 2] / 3;
  }

  void Step(int at, const ColumnPath& path, PackedRow key) {
    if (at == 9) return Leaf(path, key);
    const int s = at / 3;
    uint8_t columns[9], values[9];
    int n = 0;
    const bool opens = s == path.stacks;
    const bool committed = !opens && at - 3 * s < path.fill[s];
    if (committed) {
      columns[n] = path.col[at];
      values[n++] = ValueOf(path, path.col[at], false);
    } else {
      // A first stack whose digits are not one stack of the first row gives 457 at best.
      const bool need_pure = at == 0 && RowPrefix(best_second_, 3) <= 0x456;
      for (int c = 0; c < 9; ++c) {
        if (need_pure && !IsPure(c / 3)) continue;
        const bool allowed =
            opens ? path.slot[c / 3] == kNone : c / 3 == path.stack[s] && path.pos[c] == kNone;
        if (!allowed) continue;
        columns[n] = static_cast<uint8_t>(c);
        values[n++] = ValueOf(path, c, opens);
      }
    }
    const uint8_t smallest = *std::min_element(values, values + n);
    const PackedRow next_key = key * 16 + smallest;
    if (next_key > RowPrefix(best_second_, at + 1)) return;
    for (int i = 0; i < n; ++i) {
      if (values[i] != smallest) continue;
      ColumnPath next = path;
      if (opens) {
        next.slot[columns[i] / 3] = static_cast<uint8_t>(s);
        next.stack[s] = static_cast<uint8_t>(columns[i] / 3);
        ++next.stacks;
      }
      if (!committed) Place(next, columns[i], at);
      Resolve(next, columns[i]);
      Step(at + 1, next, next_key);
    }
  }

  // A finished permutation whose second row is <= the best one: compares the whole result with
  // the best, row by row, stopping at the first larger row.
  void Leaf(const ColumnPath& path, PackedRow second) {
    uint8_t label[10];
    label[0] = 0;
    for (int d = 1; d <= 9; ++d) label[d] = static_cast<uint8_t>(path.pos[column_of_[d]] + 1);
    bool smaller = second < best_second_;
    PackedRow rows[9];
    rows[0] = 0x123456789ull;
    rows[1] = second;
    // Rows 3-8: the other two bands, in the order of their rows' (distinct) first digits.
    int order[9];
    order[2] = third_;
    uint8_t first[9];
    int band_min[3] = {10, 10, 10};
    for (int r = 0; r < 9; ++r) {
      if (r / 3 == band_) continue;
      first[r] = label[cells_[9 * r + path.col[0]]];
      band_min[r / 3] = std::min<int>(band_min[r / 3], first[r]);
    }
    int at = 3;
    for (int pass = 0; pass < 2; ++pass) {
      int pick = -1;
      for (int b = 0; b < 3; ++b) {
        if (b != band_ && band_min[b] < 10 && (pick < 0 || band_min[b] < band_min[pick])) pick = b;
      }
      band_min[pick] = 10;
      int rows_of[3] = {3 * pick, 3 * pick + 1, 3 * pick + 2};
      std::sort(rows_of, rows_of + 3, [&](int x, int y) { return first[x] < first[y]; });
      for (int r : rows_of) order[at++] = r;
    }
    for (int k = 2; k < 9; ++k) {
      rows[k] = Relabel(order[k], path, label);
      if (!smaller) {
        if (rows[k] > best_.rows[k]) return;
        smaller = rows[k] < best_.rows[k];
      }
    }
    if (!smaller) return;
    best_second_ = second;
    std::copy(rows, rows + 9, best_.rows);
    best_.known = 9;
  }

  PackedRow Relabel(int row, const ColumnPath& path, const uint8_t* label) const {
    PackedRow key = 0;
    for (int c = 0; c < 9; ++c) key = key * 16 + label[cells_[9 * row + path.col[c]]];
    return key;
  }

  Oriented grid_;
  const uint8_t* cells_ = nullptr;
  int band_ = 0;
  int third_ = 0;
  uint8_t column_of_[10] = {};  // digit -> source column in the first row
  uint8_t target_[9] = {};      // source column -> column of the first row holding its digit
  PackedRow best_second_ = kUnknownRow;
  BestRows best_;
};

Grid CanonicalGrid(const Grid& grid) { return GridSearch(grid).Run(); }

}  // namespace reference

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
    for (int i = 0; i < per_kind; ++i) {
      Grid puzzle;
      DigUniquePuzzle(GenerateGrid(rng), options, rng, &puzzle);
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
    EXPECT_EQ(ToString(CanonicalForm(puzzle)), ToString(BruteForceMinlex(puzzle)))
        << ToString(puzzle);
  }
}

TEST(Canonical, MatchesBruteForceOnGridsAndConflictingGivens) {
  Rng rng(4);
  const Grid grid = GenerateGrid(rng);
  EXPECT_EQ(ToString(CanonicalGrid(grid)), ToString(BruteForceMinlex(grid)));
  // Repeated digits in rows and boxes: the search must not assume a valid puzzle.
  const Grid conflicts = MustParse(
      "11.2...........3.3..4....4..........55.........6....6.....7.7..........8.8.....99");
  EXPECT_EQ(ToString(CanonicalForm(conflicts)), ToString(BruteForceMinlex(conflicts)));
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
// several mixed top bands, the most symmetric grid and the smallest grid, moved.
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
  };
  for (const auto& [grid, form] : kPairs) {
    EXPECT_EQ(ToString(CanonicalGrid(MustParse(grid))), form) << grid;
    EXPECT_EQ(ToString(reference::CanonicalGrid(MustParse(grid))), form) << grid;
  }
}

// The fast search against the previous one on random grids, moved by random transforms, and
// on grids with many automorphisms (many tied column orders).
TEST(Canonical, GridFormMatchesReferenceImplementation) {
  Rng rng(16);
  std::vector<Grid> grids;
  for (int i = 0; i < 3000; ++i) grids.push_back(GenerateGrid(rng));
  for (const char* text :
       {"123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789456789123789123456234567891567891234891234567345678912678912345912345678",
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645"}) {
    const Grid symmetric = MustParse(text);
    ASSERT_TRUE(IsCompleteValidGrid(symmetric)) << text;
    for (int i = 0; i < 20; ++i) grids.push_back(ApplyTransform(symmetric, RandomTransform(rng)));
  }
  for (const Grid& grid : grids) {
    ASSERT_EQ(ToString(CanonicalGrid(grid)), ToString(reference::CanonicalGrid(grid)))
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
