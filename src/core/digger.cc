#include "sudoku/digger.h"

#include <array>
#include <bit>
#include <cstdint>
#include <numeric>
#include <span>
#include <string_view>

#include "sudoku/solver.h"

namespace sudoku {
namespace {

constexpr std::array<std::string_view, kSymmetryCount> kSymmetryNames = {
    "none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"};
constexpr std::array<std::string_view, 2> kDigOrderNames = {"random", "per-row"};

// The image of `cell` under the map that generates `symmetry`'s group: a quarter turn
// clockwise for rot90, the reflection or half turn itself for the others. Every orbit is the
// sequence cell, Image(cell), Image(Image(cell)), ... until it comes back.
constexpr int Image(Symmetry symmetry, int cell) {
  const int r = RowOf(cell);
  const int c = ColOf(cell);
  switch (symmetry) {
    case Symmetry::kNone:
      return cell;
    case Symmetry::kRot180:
      return (8 - r) * 9 + (8 - c);
    case Symmetry::kRot90:
      return c * 9 + (8 - r);
    case Symmetry::kMirror:
      return r * 9 + (8 - c);
    case Symmetry::kFlip:
      return (8 - r) * 9 + c;
    case Symmetry::kDiagonal:
      return c * 9 + r;
    case Symmetry::kAntidiagonal:
      return (8 - c) * 9 + (8 - r);
  }
  return cell;
}

// The orbits of one symmetry, numbered by their smallest cell: rot90 has 20 orbits of 4 cells
// and the centre; rot180 40 pairs and the centre; the reflections 36 pairs and the 9 cells of
// their axis.
struct Orbits {
  int count = 0;
  std::array<uint8_t, kCells> size{};
  std::array<std::array<uint8_t, 4>, kCells> cells{};
};

constexpr Orbits MakeOrbits(Symmetry symmetry) {
  Orbits orbits;
  std::array<bool, kCells> seen{};
  for (int cell = 0; cell < kCells; ++cell) {
    int n = 0;
    for (int c = cell; !seen[c]; c = Image(symmetry, c)) {
      seen[c] = true;
      orbits.cells[orbits.count][n++] = static_cast<uint8_t>(c);
    }
    if (n > 0) orbits.size[orbits.count++] = static_cast<uint8_t>(n);
  }
  return orbits;
}

constexpr std::array<Orbits, kSymmetryCount> kOrbits = {
    MakeOrbits(Symmetry::kNone),        MakeOrbits(Symmetry::kRot180),
    MakeOrbits(Symmetry::kRot90),       MakeOrbits(Symmetry::kMirror),
    MakeOrbits(Symmetry::kFlip),        MakeOrbits(Symmetry::kDiagonal),
    MakeOrbits(Symmetry::kAntidiagonal)};
static_assert(kOrbits[static_cast<int>(Symmetry::kRot90)].count == 21);
static_assert(kOrbits[static_cast<int>(Symmetry::kRot180)].count == 41);
static_assert(kOrbits[static_cast<int>(Symmetry::kDiagonal)].count == 45);

// Digit sets of the givens in each house, kept in step with the puzzle while digging.
class HouseDigits {
 public:
  explicit HouseDigits(const Grid& grid) {
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] != 0) Toggle(cell, grid[cell]);
    }
  }
  void Toggle(int cell, int digit) {
    const uint16_t bit = static_cast<uint16_t>(1u << digit);
    row_[RowOf(cell)] ^= bit;
    col_[ColOf(cell)] ^= bit;
    box_[BoxOf(cell)] ^= bit;
  }
  // True when the givens seen by `cell` hold all eight digits other than its own: the cell is
  // then a naked single, so emptying it cannot add a solution.
  bool IsNakedSingle(int cell) const {
    const uint16_t seen = row_[RowOf(cell)] | col_[ColOf(cell)] | box_[BoxOf(cell)];
    return std::popcount(static_cast<uint16_t>(seen & 0x3FE)) == 8;
  }

 private:
  std::array<uint16_t, 9> row_{}, col_{}, box_{};
};

// The clue count to dig down to: 0 with `minimal`, else uniform in [min_clues, max_clues].
int DrawTarget(const DigOptions& options, Rng& rng) {
  if (options.minimal) return 0;
  return options.min_clues + static_cast<int>(rng.Below(
                                 static_cast<uint32_t>(options.max_clues - options.min_clues + 1)));
}

bool InBand(int clues, const DigOptions& options) {
  return clues >= options.min_clues && clues <= options.max_clues;
}

// The default path (Symmetry::kNone, DigOrder::kRandom) and the hot path of the project. It
// defines the puzzles of existing corpora: its use of the Rng and its choices must not change.
bool DigRandomCells(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle) {
  *puzzle = solution;
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  rng.Shuffle(std::span<uint8_t>(order));

  const int target = DrawTarget(options, rng);
  HouseDigits houses(*puzzle);
  int clues = kCells;
  for (int i = 0; i < kCells && clues > target; ++i) {
    const int cell = order[i];
    const int digit = solution[cell];
    (*puzzle)[cell] = 0;
    houses.Toggle(cell, digit);
    if (houses.IsNakedSingle(cell) || !HasSolutionAvoiding(*puzzle, cell, digit)) {
      --clues;  // still unique: keep the removal
    } else {
      (*puzzle)[cell] = static_cast<uint8_t>(digit);
      houses.Toggle(cell, digit);
    }
  }
  return InBand(clues, options);
}

// Empties the `n` cells (all givens) of `cells` and keeps the removal iff `*puzzle` stays unique;
// returns whether it was kept.
//
// Why the check is exact. Before the removal the puzzle P is unique with solution S. A
// solution T of P minus the cells that agrees with S on every removed cell is a solution of P,
// so T = S. Hence P minus the cells is unique iff no solution differs from S at some removed
// cell. The check treats the removed cells one by one:
//   - a cell whose remaining givens (all removed cells already taken out) see the eight other
//     digits is a naked single: every solution puts S there, so it needs no check. Only cells
//     that are themselves forced are skipped this way; the others are always checked.
//   - any other cell c: HasSolutionAvoiding(c, S[c]) finds a solution differing at c if there
//     is one (then the removal is undone). If there is none, every solution holds S[c] at c,
//     so c is given back while the later cells are checked: that keeps the same solution set
//     and gives the solver a smaller search. It is emptied again once every cell has passed.
bool TryRemove(const uint8_t* cells, int n, const Grid& solution, HouseDigits& houses,
               Grid* puzzle) {
  for (int i = 0; i < n; ++i) {
    (*puzzle)[cells[i]] = 0;
    houses.Toggle(cells[i], solution[cells[i]]);
  }
  unsigned forced = 0;
  for (int i = 0; i < n; ++i) {
    if (houses.IsNakedSingle(cells[i])) forced |= 1u << i;
  }
  bool unique = true;
  for (int i = 0; i < n && unique; ++i) {
    if (forced >> i & 1) continue;
    unique = !HasSolutionAvoiding(*puzzle, cells[i], solution[cells[i]]);
    (*puzzle)[cells[i]] = solution[cells[i]];  // forced (or the removal is undone below)
  }
  for (int i = 0; i < n; ++i) {
    if (unique) {
      (*puzzle)[cells[i]] = 0;
    } else {
      (*puzzle)[cells[i]] = solution[cells[i]];
      houses.Toggle(cells[i], solution[cells[i]]);
    }
  }
  return unique;
}

// Symmetric digging: whole orbits in one random order. Kept out of line (as DigPerRow), so that
// the default path compiles as it did before they existed.
[[gnu::noinline]] bool DigOrbits(const Grid& solution, const DigOptions& options, Rng& rng,
                                 Grid* puzzle) {
  const Orbits& orbits = kOrbits[static_cast<size_t>(options.symmetry)];
  *puzzle = solution;
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.begin() + orbits.count, 0);
  rng.Shuffle(std::span<uint8_t>(order.data(), static_cast<size_t>(orbits.count)));

  const int target = DrawTarget(options, rng);
  HouseDigits houses(*puzzle);
  int clues = kCells;
  for (int i = 0; i < orbits.count && clues > target; ++i) {
    const int orbit = order[i];
    const int size = orbits.size[orbit];
    if (clues - size < options.min_clues) continue;  // below the band: a smaller orbit may fit
    if (TryRemove(orbits.cells[orbit].data(), size, solution, houses, puzzle)) clues -= size;
  }
  return InBand(clues, options);
}

// Per-row digging: each row's cells in their own random order, the rows visited round-robin
// (in one random order of the rows, fixed for the puzzle, so no row is favoured when the target
// is reached in the middle of a round); turn k of a row tries its k-th cell unless the row
// already has `quota` holes.
[[gnu::noinline]] bool DigPerRow(const Grid& solution, const DigOptions& options, Rng& rng,
                                 Grid* puzzle) {
  *puzzle = solution;
  std::array<std::array<uint8_t, 9>, 9> row_cells;
  for (int row = 0; row < 9; ++row) {
    std::iota(row_cells[row].begin(), row_cells[row].end(), static_cast<uint8_t>(row * 9));
    rng.Shuffle(std::span<uint8_t>(row_cells[row]));
  }
  std::array<uint8_t, 9> rows;
  std::iota(rows.begin(), rows.end(), 0);
  rng.Shuffle(std::span<uint8_t>(rows));

  const int target = DrawTarget(options, rng);
  const int quota = options.minimal ? 9 : (kCells - target + 4) / 9;  // holes / 9, to nearest
  HouseDigits houses(*puzzle);
  std::array<int, 9> holes{};
  int clues = kCells;
  for (int turn = 0; turn < 9 && clues > target; ++turn) {
    for (int i = 0; i < 9 && clues > target; ++i) {
      const int row = rows[i];
      if (holes[row] >= quota) continue;
      if (TryRemove(&row_cells[row][turn], 1, solution, houses, puzzle)) {
        ++holes[row];
        --clues;
      }
    }
  }
  return InBand(clues, options);
}

}  // namespace

std::string_view SymmetryName(Symmetry symmetry) {
  return kSymmetryNames[static_cast<size_t>(symmetry)];
}

std::optional<Symmetry> ParseSymmetry(std::string_view name) {
  for (int i = 0; i < kSymmetryCount; ++i) {
    if (kSymmetryNames[i] == name) return static_cast<Symmetry>(i);
  }
  return std::nullopt;
}

bool HasSymmetry(const Grid& puzzle, Symmetry symmetry) {
  for (int cell = 0; cell < kCells; ++cell) {
    if ((puzzle[cell] != 0) != (puzzle[Image(symmetry, cell)] != 0)) return false;
  }
  return true;
}

std::string_view DigOrderName(DigOrder order) { return kDigOrderNames[static_cast<size_t>(order)]; }

std::optional<DigOrder> ParseDigOrder(std::string_view name) {
  for (size_t i = 0; i < kDigOrderNames.size(); ++i) {
    if (kDigOrderNames[i] == name) return static_cast<DigOrder>(i);
  }
  return std::nullopt;
}

bool DigUniquePuzzle(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle) {
  if (options.symmetry != Symmetry::kNone) return DigOrbits(solution, options, rng, puzzle);
  if (options.order == DigOrder::kPerRow) return DigPerRow(solution, options, rng, puzzle);
  return DigRandomCells(solution, options, rng, puzzle);
}

}  // namespace sudoku
