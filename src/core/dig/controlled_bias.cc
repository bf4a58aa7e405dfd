// ControlledBiasDigger: see sudoku/core/controlled_bias.h.
#include "sudoku/core/controlled_bias.h"

#include <algorithm>
#include <array>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/board/cell_set.h"
#include "core/dig/unavoidable_sets.h"
#include "core/solve/solver_paths.h"
#include "sudoku/core/solver.h"

namespace sudoku {

using core_internal::CellSet;
using core_internal::UnavoidableSets;

namespace {

// Solver questions about the givens of the puzzle before the set bound, asked before the one
// about its uniqueness: most tries end at one of the first few, and the uniqueness question is
// then saved, but a try whose bound was not the breaking point wastes them. Measured over 10^6
// tries: searches per try 3.09 with none first, 1.69 with one, 1.41 with three, 1.33 with all;
// time per try least from two to five.
constexpr int kEarlyQuestions = 3;

// The set of words `lo`, `hi` (as CellSet's) when it holds at most one cell, else the empty
// set: at most one bit in each word, and not a bit in both.
constexpr CellSet IfAtMostOneCell(uint64_t lo, uint64_t hi) {
  const bool at_most_one = ((lo & (lo - 1)) | (hi & (hi - 1))) == 0 && (lo == 0 || hi == 0);
  const uint64_t keep = uint64_t{0} - static_cast<uint64_t>(at_most_one);
  return {lo & keep, hi & keep};
}

// The cells alone among `givens` in one of the sets (set_lo[i], set_hi[i]): each must stay, or
// that set is empty. One or two passes over every set a try: branch-free, for the compiler to
// vectorize, and without bit counts, for which the x86-64 baseline has no instruction (PopCount
// made this pass a tenth of a portable build's instructions).
[[gnu::always_inline]] inline CellSet AloneInSets(std::span<const uint64_t> set_lo,
                                                  std::span<const uint64_t> set_hi,
                                                  CellSet givens) {
  uint64_t alone_lo = 0, alone_hi = 0;
  for (size_t i = 0; i < set_lo.size(); ++i) {
    const CellSet alone = IfAtMostOneCell(set_lo[i] & givens.lo, set_hi[i] & givens.hi);
    alone_lo |= alone.lo;
    alone_hi |= alone.hi;
  }
  return {alone_lo, alone_hi};
}

using AloneInSetsFn = CellSet (*)(std::span<const uint64_t>, std::span<const uint64_t>, CellSet);

CellSet AloneInSetsBaseline(std::span<const uint64_t> set_lo, std::span<const uint64_t> set_hi,
                            CellSet givens) {
  return AloneInSets(set_lo, set_hi, givens);
}

// A portable x86-64 build compiles the pass for AVX2 too (four sets an instruction), and runs it
// where the solver runs its AVX2 copy (solve/solver_paths.h): on CPUs that have it, unless
// SUDOKU_CPU=baseline. A function attribute, not GCC's target_clones: an ifunc resolver runs
// before ThreadSanitizer's runtime is set up and crashes a TSan build at start.
#if defined(__x86_64__) && !defined(__AVX2__)
[[gnu::target("avx2")]] CellSet AloneInSetsAvx2(std::span<const uint64_t> set_lo,
                                                std::span<const uint64_t> set_hi, CellSet givens) {
  return AloneInSets(set_lo, set_hi, givens);
}
AloneInSetsFn ChooseAloneInSets() {
  const bool avx2 = std::string_view(core_internal::ActiveSolverPath().name) == "avx2";
  return avx2 ? AloneInSetsAvx2 : AloneInSetsBaseline;
}
#else
AloneInSetsFn ChooseAloneInSets() { return AloneInSetsBaseline; }
#endif

}  // namespace

struct ControlledBiasDigger::Impl {
  Impl(const Grid& s, const Grid& start_puzzle) : solution(s), start(start_puzzle) {
    sets.Make(solution);
    set_lo.reserve(static_cast<size_t>(sets.count()));
    set_hi.reserve(static_cast<size_t>(sets.count()));
    for (int cell = 0; cell < kCells; ++cell) {
      if (start[cell] != 0) {
        cells[static_cast<size_t>(n++)] = static_cast<uint8_t>(cell);
        start_givens.Set(cell);
      }
    }
    for (int i = 0; i < sets.count(); ++i) {
      const CellSet& set = sets.set(i);
      set_lo.push_back(set.lo);
      set_hi.push_back(set.hi);
    }
    start_left.resize(static_cast<size_t>(sets.count()));
    sets.CountGivens(start_givens, start_left.data());
    counts.grids = 1;
  }

  bool Try(Rng& rng, Grid* puzzle);
  int DrawToFirstEmptiedSet(Rng& rng);
  int LastUniquePrefix(int fatal);
  void MovePrefix(int to);
  CellSet NecessaryBySets(CellSet givens) const;
  bool StartChecks(CellSet givens, CellSet candidates);
  bool AskSolver(int limit);
  bool IsUnique() {
    ++counts.solver_calls;
    return CountSolutions(work, 2) == 1;
  }

  const Grid solution;
  const Grid start;
  UnavoidableSets sets;
  std::vector<uint64_t> set_lo, set_hi;  // the sets again, word by word, for whole passes
  std::vector<uint8_t> start_left;       // the start's givens in each set
  std::vector<uint8_t> left;             // the same for `kept` (DrawToFirstEmptiedSet)
  // NecessaryBySets' pass, compiled for this CPU.
  const AloneInSetsFn alone_in_sets = ChooseAloneInSets();
  // The start's givens; a try's deletion order is their order here, drawn lazily (Fisher-Yates
  // from whatever order the last try left, which is as uniform as from any fixed order).
  std::array<uint8_t, kCells> cells{};
  int n = 0;
  CellSet start_givens;
  Grid work;       // the start with the first `prefix` cells of the order deleted
  int prefix = 0;  // see work
  CellSet kept;    // after DrawToFirstEmptiedSet: the givens after the first emptying deletion
  // The givens being checked that no set proves necessary, the next to ask about, and what the
  // givens without them force.
  std::array<uint8_t, kCells> open{};
  int open_count = 0;
  int next_open = 0;
  Deductions deductions;
  ControlledBiasCounts counts;
};

// Draws the order one position at a time up to the first deletion that leaves one of the grid's
// unavoidable sets without a given, and returns its index: that deletion surely breaks
// uniqueness, so the try's breaking point is there or earlier, and no later position of the
// order can matter. Returns n when no set is emptied (only the empty start breaks then).
int ControlledBiasDigger::Impl::DrawToFirstEmptiedSet(Rng& rng) {
  // The engine and the givens in locals, in registers, not written back at every cell.
  Rng draw = rng;
  CellSet givens = start_givens;
  left = start_left;
  int i = 0;
  for (; i < n; ++i) {
    const int j = i + static_cast<int>(draw.Below(static_cast<uint32_t>(n - i)));
    std::swap(cells[static_cast<size_t>(i)], cells[static_cast<size_t>(j)]);
    const int cell = cells[static_cast<size_t>(i)];
    givens.Clear(cell);
    if (sets.RemoveGiven(cell, left.data())) break;
  }
  rng = draw;
  kept = givens;
  return i;
}

// Sets `work` to the start with the first `to` cells of the order deleted.
void ControlledBiasDigger::Impl::MovePrefix(int to) {
  for (; prefix < to; ++prefix) work[cells[static_cast<size_t>(prefix)]] = 0;
  for (; prefix > to; --prefix) {
    const int cell = cells[static_cast<size_t>(prefix - 1)];
    work[cell] = solution[cell];
  }
}

// The longest prefix of the order whose deletion keeps the puzzle unique, knowing that deleting
// `fatal` cells does not (nor, then, deleting more): bisection, as uniqueness is only lost along
// the order.
int ControlledBiasDigger::Impl::LastUniquePrefix(int fatal) {
  int lo = 0, hi = fatal;  // prefix lo keeps uniqueness (the start is unique), hi does not
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    MovePrefix(mid);
    if (IsUnique()) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  MovePrefix(lo);
  return lo;
}

// The givens alone in one of the grid's unavoidable sets: each must stay, or the set is empty.
CellSet ControlledBiasDigger::Impl::NecessaryBySets(CellSet givens) const {
  return alone_in_sets(set_lo, set_hi, givens);
}

// Removability of the givens of `work` (`givens`) among `candidates`, in two steps that only
// ever prove a given removable, so they may run before uniqueness is known: for a unique puzzle P
// holding every given of `work`, a candidate c is removable from P when the puzzle `work` without
// c already forces c (then P without c does too) or has no solution with another digit at c.
// StartChecks leaves out the candidates a set proves necessary, deduces from the givens without
// the others, and returns false iff that fixes one of them; AskSolver then asks the solver about
// up to `limit` more of them, returning false at the first that can go.
bool ControlledBiasDigger::Impl::StartChecks(CellSet givens, CellSet candidates) {
  const CellSet others = candidates & ~NecessaryBySets(givens);
  open_count = next_open = 0;
  others.ForEach(
      [this](int cell) { open[static_cast<size_t>(open_count++)] = static_cast<uint8_t>(cell); });
  if (open_count == 0) return true;
  Grid base = work;
  for (int i = 0; i < open_count; ++i) base[open[static_cast<size_t>(i)]] = 0;
  ++counts.deductions;
  if (!deductions.Deduce(base)) return false;  // cannot happen: base agrees with the solution
  for (int i = 0; i < open_count; ++i) {
    if (deductions.Fixes(open[static_cast<size_t>(i)])) return false;
  }
  return true;
}

bool ControlledBiasDigger::Impl::AskSolver(int limit) {
  std::array<uint8_t, kCells> added;
  for (; next_open < open_count && limit > 0; ++next_open, --limit) {
    const int cell = open[static_cast<size_t>(next_open)];
    int a = 0;
    for (int j = 0; j < open_count; ++j) {
      if (j != next_open) added[static_cast<size_t>(a++)] = open[static_cast<size_t>(j)];
    }
    work[cell] = 0;
    ++counts.solver_calls;
    const bool needed = deductions.HasSolutionAvoiding(
        work, std::span<const uint8_t>(added.data(), static_cast<size_t>(a)), cell, solution[cell]);
    work[cell] = solution[cell];
    if (!needed) return false;
  }
  return true;
}

// A try. Most tries end at a removable given, so the checks that can only prove one come first,
// on the puzzle just before the set bound, whose givens every candidate of the try holds; the
// solver's uniqueness question comes after the first of them, and bisection only when the bound
// was not the breaking point.
bool ControlledBiasDigger::Impl::Try(Rng& rng, Grid* puzzle) {
  ++counts.tries;
  work = start;  // the last try's prefix was of its own order
  prefix = 0;
  const int fatal = DrawToFirstEmptiedSet(rng);
  MovePrefix(fatal);
  if (fatal < n) {
    CellSet givens = kept;
    givens.Set(cells[static_cast<size_t>(fatal)]);
    if (!StartChecks(givens, kept) || !AskSolver(kEarlyQuestions)) return false;
    if (IsUnique()) {
      if (!AskSolver(kCells)) return false;
      ++counts.found;
      *puzzle = work;
      return true;
    }
  }
  const int m = LastUniquePrefix(fatal);
  CellSet givens = kept;
  for (int i = m; i <= fatal && i < n; ++i) givens.Set(cells[static_cast<size_t>(i)]);
  CellSet candidates = givens;
  candidates.Clear(cells[static_cast<size_t>(m)]);  // its deletion breaks uniqueness
  if (!StartChecks(givens, candidates) || !AskSolver(kCells)) return false;
  ++counts.found;
  *puzzle = work;
  return true;
}

ControlledBiasDigger::ControlledBiasDigger(const Grid& solution)
    : ControlledBiasDigger(solution, solution) {}

ControlledBiasDigger::ControlledBiasDigger(const Grid& solution, const Grid& start)
    : impl_(std::make_unique<Impl>(solution, start)) {}

ControlledBiasDigger::~ControlledBiasDigger() = default;

bool ControlledBiasDigger::Try(Rng& rng, Grid* puzzle) { return impl_->Try(rng, puzzle); }

const ControlledBiasCounts& ControlledBiasDigger::counts() const { return impl_->counts; }

bool DigControlledBias(const Grid& solution, int64_t max_tries, Rng& rng, Grid* puzzle,
                       ControlledBiasCounts* counts) {
  ControlledBiasDigger digger(solution);
  bool found = false;
  for (int64_t t = 0; t < max_tries && !found; ++t) found = digger.Try(rng, puzzle);
  if (counts != nullptr) *counts += digger.counts();
  return found;
}

}  // namespace sudoku
