#include "sudoku/core/digger.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <span>
#include <string_view>

#include "core/board/bits.h"
#include "core/board/digits.h"
#include "core/dig/unavoidable_sets.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace {

using core_internal::CellSet;
using core_internal::Houses;
using core_internal::kPlaces;
using core_internal::Place;
using core_internal::PopCount;
using core_internal::UnavoidableSets;

constexpr std::array<std::string_view, kSymmetryCount> kSymmetryNames = {
    "none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"};
constexpr std::array<std::string_view, 3> kDigOrderNames = {"random", "per-row", "controlled-bias"};

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

// The givens while digging, kept in step with the puzzle: the digit set of each house (Houses)
// and, per digit, the houses holding it, plus the empty cells of each house (as 9-bit masks:
// columns of a row, rows of a column, row_in_box * 3 + col_in_box of a box).
class Givens {
 public:
  explicit Givens(const Grid& grid) {
    row_empty_.fill(0x1FF);
    col_empty_.fill(0x1FF);
    box_empty_.fill(0x1FF);
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell] != 0) Toggle(cell, grid[cell]);
    }
  }
  // Adds `digit` at `cell` if it is not there, removes it if it is.
  void Toggle(int cell, int digit) {
    const Place& p = kPlaces[cell];
    const int r = p.row, c = p.col, b = p.box;
    digits_.Toggle(cell, digit);
    rows_with_[digit] ^= static_cast<uint16_t>(1u << r);
    cols_with_[digit] ^= static_cast<uint16_t>(1u << c);
    boxes_with_[digit] ^= static_cast<uint16_t>(1u << b);
    row_empty_[r] ^= static_cast<uint16_t>(1u << c);
    col_empty_[c] ^= static_cast<uint16_t>(1u << r);
    box_empty_[b] ^= static_cast<uint16_t>(1u << p.in_box);
  }
  // True when the givens seen by the empty `cell` hold all eight digits other than its own: the
  // cell is then a naked single, so emptying it cannot add a solution.
  bool IsNakedSingle(int cell) const { return PopCount(digits_.Free(cell)) == 1; }
  // True when the empty `cell` is the only place left for `digit` in one of its houses (every
  // other empty cell of the house sees `digit` among the givens): a hidden single, so emptying
  // it cannot add a solution either. REQUIRES: no given of the cell's houses holds `digit`.
  bool IsHiddenSingle(int cell, int digit) const {
    const Place& p = kPlaces[cell];
    const int r = p.row, c = p.col, band = p.box / 3 * 3, stack = p.box % 3;
    const uint32_t rows = rows_with_[digit], cols = cols_with_[digit], boxes = boxes_with_[digit];
    const uint32_t band_boxes = boxes >> band & 7;  // boxes of the band holding it
    const uint32_t stack_boxes =
        (boxes >> stack & 1) | (boxes >> (stack + 3) & 1) << 1 | (boxes >> (stack + 6) & 1) << 2;
    const uint32_t row_open = row_empty_[r] & ~(1u << c) & ~(cols | Spread3(band_boxes));
    const uint32_t col_open = col_empty_[c] & ~(1u << r) & ~(rows | Spread3(stack_boxes));
    const uint32_t box_blocked = Spread3(rows >> band & 7) | (cols >> (3 * stack) & 7) * 0x49;
    const uint32_t box_open = box_empty_[p.box] & ~(1u << p.in_box) & ~box_blocked;
    return row_open == 0 || col_open == 0 || box_open == 0;
  }

 private:
  // Bit k of a 3-bit mask -> bits 3k, 3k+1, 3k+2.
  static uint32_t Spread3(uint32_t x) { return (x & 1) * 7 | (x & 2) * 28 | (x & 4) * 112; }

  Houses digits_;
  std::array<uint16_t, 10> rows_with_{}, cols_with_{}, boxes_with_{};
  std::array<uint16_t, 9> row_empty_{}, col_empty_{}, box_empty_{};
};

// The solver's questions of a dig, asked in blocks. A dig tries cells in a fixed sequence `seq`,
// each trial emptying one cell or a whole orbit (consecutive cells of seq). A block is a run of
// trials of at least six cells. While the dig is inside a block, every puzzle it asks about holds
// every given left when all the block's cells are emptied, whatever became of the block's earlier
// trials; so the solver deduces what those givens force once, at the first question of the
// block, and every question of the block starts from there. A cell those deductions fix needs no
// search at all: its removal cannot add a solution.
class BlockQuestions {
 public:
  // `seq`: the cells in the order the dig tries them. `trial_end[p]`: where the trial starting
  // at position p ends (empty when every trial is one cell). Both must outlive this object.
  explicit BlockQuestions(std::span<const uint8_t> seq, std::span<const uint8_t> trial_end = {})
      : seq_(seq), trial_end_(trial_end) {}

  // True iff `puzzle` has a solution whose digit at the empty `cell` is not `digit`; `trial` is
  // the position in seq where the trial of `cell` starts. REQUIRES: questions come in trial
  // order; a trial changes only its own cells; when a trial starts, the cells of every later
  // trial are givens.
  bool HasSolutionAvoiding(const Grid& puzzle, int trial, int cell, int digit) {
    if (trial >= end_) Start(puzzle, trial);
    if (!usable_) return sudoku::HasSolutionAvoiding(puzzle, cell, digit);
    if (deductions_.Fixes(cell)) return false;
    std::array<uint8_t, kMaxBlockCells> added;
    size_t n = 0;
    for (int j = first_; j < end_; ++j) {
      const int other = seq_[j];
      if (other != cell && puzzle[other] != 0) added[n++] = static_cast<uint8_t>(other);
    }
    return deductions_.HasSolutionAvoiding(puzzle, std::span(added.data(), n), cell, digit);
  }

 private:
  // Six measured best: smaller blocks deduce more often, larger ones deduce less per block.
  static constexpr int kBlockCells = 6;
  static constexpr int kMaxBlockCells = kBlockCells + 3;  // the last trial may be an orbit of 4

  void Start(const Grid& puzzle, int trial) {
    first_ = end_ = trial;
    while (end_ - first_ < kBlockCells && end_ < static_cast<int>(seq_.size())) {
      end_ = trial_end_.empty() ? end_ + 1 : trial_end_[end_];
    }
    Grid base = puzzle;
    for (int j = first_; j < end_; ++j) base[seq_[j]] = 0;
    usable_ = deductions_.Deduce(base);  // always true for givens of a valid grid
  }

  std::span<const uint8_t> seq_;
  std::span<const uint8_t> trial_end_;
  Deductions deductions_;
  bool usable_ = false;
  int first_ = 0;
  int end_ = 0;  // one past the block's last position
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

// Targets below this many clues make the unavoidable sets before the first removal. Measured
// (instructions per dig): it saves a solver call in digs to minimal and to 26-31 clues, and costs
// more than it saves from 41 clues on.
constexpr int kSetsUpFrontBelow = 36;

// One dig: the puzzle, its givens, the solution's unavoidable sets and the solver's blocks over
// the dig's sequence of trials (see BlockQuestions).
class Digging {
 public:
  // Starts from `*puzzle` = `solution`. `seq`, `trial_end`: as for BlockQuestions.
  Digging(const Grid& solution, int target, std::span<const uint8_t> seq,
          std::span<const uint8_t> trial_end, Grid* puzzle)
      : solution_(solution),
        puzzle_(puzzle),
        houses_(solution),
        solver_(seq, trial_end),
        seq_(seq) {
    *puzzle = solution;
    // Made up front for low targets, whose digs always meet removals the solver would refuse;
    // otherwise at the first one: the digs of high clue bands seldom meet one, and a dig that
    // meets one will meet many more.
    if (target < kSetsUpFrontBelow) sets_.Make(solution);
  }

  // Empties the `n` cells of the trial at position `trial` of seq (all givens) and keeps them
  // empty iff the puzzle stays unique; returns whether it did.
  //
  // Why the check is exact. Before the removal the puzzle P is unique with solution S. A
  // solution T of P minus the cells that agrees with S on every removed cell is a solution of P,
  // so T = S. Hence P minus the cells is unique iff no solution differs from S at some removed
  // cell. Cheapest test first:
  //   - a cell that the remaining givens (all removed cells already taken out) make a naked
  //     single (it sees the eight other digits) or a hidden single (the other empty cells of one
  //     of its houses see its digit): every solution puts S there, so it needs no check. Only
  //     cells that are themselves forced are skipped this way; the others are always checked.
  //   - an unavoidable set of S left without a given: S with the set permuted is a second
  //     solution. Such a set holds a removed cell, as P had none.
  //   - any other cell c: HasSolutionAvoiding(c, S[c]) finds a solution differing at c if there
  //     is one (then the removal is undone). If there is none, every solution holds S[c] at c,
  //     so c is given back while the later cells are checked: that keeps the same solution set
  //     and gives the solver a smaller search. It is emptied again once every cell has passed.
  bool TryRemove(int trial, int n) {
    if (n == 1) return TryRemoveCell(trial);
    const uint8_t* cells = &seq_[trial];
    unsigned forced = 0;
    for (int i = 0; i < n; ++i) Empty(cells[i]);
    for (int i = 0; i < n; ++i) {
      const int cell = cells[i];
      if (houses_.IsNakedSingle(cell) || houses_.IsHiddenSingle(cell, solution_[cell])) {
        forced |= 1u << i;
      }
    }
    bool unique = forced == (1u << n) - 1 || !EmptiesASet(cells, n);
    for (int i = 0; i < n && unique; ++i) {
      if (forced >> i & 1) continue;
      unique = !solver_.HasSolutionAvoiding(*puzzle_, trial, cells[i], solution_[cells[i]]);
      if (!unique && !sets_.made()) sets_.Make(solution_);
      (*puzzle_)[cells[i]] = solution_[cells[i]];  // forced (or the removal is undone below)
    }
    for (int i = 0; i < n; ++i) {
      if (unique) {
        (*puzzle_)[cells[i]] = 0;
      } else {
        Fill(cells[i]);
      }
    }
    return unique;
  }

 private:
  // TryRemove of one cell, written out: the hot path of the default dig.
  bool TryRemoveCell(int trial) {
    const int cell = seq_[trial];
    const int digit = solution_[cell];
    Empty(cell);
    bool unique = houses_.IsNakedSingle(cell) || houses_.IsHiddenSingle(cell, digit);
    if (!unique && !(sets_.made() && sets_.HasEmptySetAt(cell, given_cells_))) {
      unique = !solver_.HasSolutionAvoiding(*puzzle_, trial, cell, digit);
      if (!unique && !sets_.made()) sets_.Make(solution_);
    }
    if (!unique) Fill(cell);
    return unique;
  }
  void Empty(int cell) {
    (*puzzle_)[cell] = 0;
    houses_.Toggle(cell, solution_[cell]);
    given_cells_.Clear(cell);
  }
  void Fill(int cell) {
    (*puzzle_)[cell] = solution_[cell];
    houses_.Toggle(cell, solution_[cell]);
    given_cells_.Set(cell);
  }
  bool EmptiesASet(const uint8_t* cells, int n) const {
    if (!sets_.made()) return false;
    for (int i = 0; i < n; ++i) {
      if (sets_.HasEmptySetAt(cells[i], given_cells_)) return true;
    }
    return false;
  }

  const Grid& solution_;
  Grid* puzzle_;
  Givens houses_;
  CellSet given_cells_ = CellSet::All();
  UnavoidableSets sets_;
  BlockQuestions solver_;
  std::span<const uint8_t> seq_;
};

// The default path (Symmetry::kNone, DigOrder::kRandom) and the hot path of the project. It
// defines the puzzles of existing corpora: its use of the Rng and its choices must not change.
bool DigRandomCells(const Grid& solution, const DigOptions& options, Rng& rng, Grid* puzzle) {
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.end(), 0);
  rng.Shuffle(std::span<uint8_t>(order));
  const int target = DrawTarget(options, rng);
  Digging dig(solution, target, order, {}, puzzle);
  int clues = kCells;
  for (int i = 0; i < kCells && clues > target; ++i) {
    if (dig.TryRemove(i, 1)) --clues;
  }
  return InBand(clues, options);
}

// Symmetric digging: whole orbits in one random order. Kept out of line (as DigPerRow), so that
// the default path is compiled on its own.
[[gnu::noinline]] bool DigOrbits(const Grid& solution, const DigOptions& options, Rng& rng,
                                 Grid* puzzle) {
  const Orbits& orbits = kOrbits[static_cast<size_t>(options.symmetry)];
  std::array<uint8_t, kCells> order;
  std::iota(order.begin(), order.begin() + orbits.count, 0);
  rng.Shuffle(std::span<uint8_t>(order.data(), static_cast<size_t>(orbits.count)));

  const int target = DrawTarget(options, rng);
  // The orbits' cells in trial order: orbit i starts at start[i].
  std::array<uint8_t, kCells> seq, start, trial_end;
  for (int i = 0, at = 0; i < orbits.count; ++i) {
    start[i] = static_cast<uint8_t>(at);
    for (int k = 0; k < orbits.size[order[i]]; ++k) seq[at++] = orbits.cells[order[i]][k];
    trial_end[start[i]] = static_cast<uint8_t>(at);
  }
  Digging dig(solution, target, seq, trial_end, puzzle);
  int clues = kCells;
  for (int i = 0; i < orbits.count && clues > target; ++i) {
    const int size = orbits.size[order[i]];
    if (clues - size < options.min_clues) continue;  // below the band: a smaller orbit may fit
    if (dig.TryRemove(start[i], size)) clues -= size;
  }
  return InBand(clues, options);
}

// Per-row digging: each row's cells in their own random order, the rows visited round-robin
// (in one random order of the rows, fixed for the puzzle, so no row is favoured when the target
// is reached in the middle of a round); turn k of a row tries its k-th cell unless the row
// already has `quota` holes.
[[gnu::noinline]] bool DigPerRow(const Grid& solution, const DigOptions& options, Rng& rng,
                                 Grid* puzzle) {
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
  std::array<uint8_t, kCells> seq;  // the cells in trial order (a trial may be skipped)
  for (int turn = 0; turn < 9; ++turn) {
    for (int i = 0; i < 9; ++i) seq[turn * 9 + i] = row_cells[rows[i]][turn];
  }
  Digging dig(solution, target, seq, {}, puzzle);
  std::array<int, 9> holes{};
  int clues = kCells;
  for (int turn = 0; turn < 9 && clues > target; ++turn) {
    for (int i = 0; i < 9 && clues > target; ++i) {
      const int row = rows[i];
      if (holes[row] >= quota) continue;
      if (dig.TryRemove(turn * 9 + i, 1)) {
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
