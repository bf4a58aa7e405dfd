// The public solver functions, each a call to the copy of the solver chosen for this CPU
// (solve/solver_paths.h). The indirect call does not show in the solver benchmarks: the portable
// build runs them as fast as a native one (docs/performance.md, "Portable build").
#include <atomic>
#include <cstdlib>
#include <span>
#include <string_view>

#include "core/solve/solver_paths.h"
#include "sudoku/core/solver.h"

namespace sudoku {
namespace core_internal {
namespace {

#if defined(SUDOKU_SOLVER_AVX2_COPY)
// The CPU can run the AVX2 copy: it was compiled with -mavx2 -mbmi -mbmi2 -mpopcnt.
// (__builtin_cpu_supports("avx2") also checks that the OS saves the AVX registers.)
bool CpuRunsAvx2() {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
}
#endif

std::atomic<const SolverPath*> active{nullptr};

}  // namespace

std::span<const SolverPath* const> AvailableSolverPaths() {
#if defined(SUDOKU_SOLVER_AVX2_COPY)
  static const SolverPath* const kAll[] = {&baseline::kSolverPath, &avx2::kSolverPath};
  static const std::span<const SolverPath* const> available(kAll, CpuRunsAvx2() ? 2 : 1);
  return available;
#else
  static const SolverPath* const kAll[] = {&baseline::kSolverPath};
  return kAll;
#endif
}

const SolverPath& ChooseSolverPath(const char* forced) {
  const auto available = AvailableSolverPaths();
  for (const SolverPath* path : available) {
    if (forced != nullptr && std::string_view(forced) == path->name) return *path;
  }
  return *available.back();
}

const SolverPath& ActiveSolverPath() {
  const SolverPath* path = active.load(std::memory_order_relaxed);
  if (path == nullptr) {
    // Threads that get here together choose the same copy.
    path = &ChooseSolverPath(std::getenv("SUDOKU_CPU"));
    active.store(path, std::memory_order_relaxed);
  }
  return *path;
}

void UseSolverPath(const SolverPath& path) { active.store(&path, std::memory_order_relaxed); }

}  // namespace core_internal

using core_internal::ActiveSolverPath;

int CountSolutions(const Grid& puzzle, int limit, Grid* solution) {
  return ActiveSolverPath().count_solutions(puzzle, limit, solution);
}

bool HasSolutionAvoiding(const Grid& puzzle, int cell, int digit) {
  return ActiveSolverPath().has_solution_avoiding(puzzle, cell, digit);
}

bool Deductions::Deduce(const Grid& base) { return ActiveSolverPath().deduce(base, state_); }

bool Deductions::Fixes(int cell) const { return !(state_.unsolved[cell / 27] >> (cell % 27) & 1); }

bool Deductions::HasSolutionAvoiding(const Grid& puzzle, std::span<const uint8_t> added, int cell,
                                     int digit) const {
  return ActiveSolverPath().has_solution_avoiding_from(state_, puzzle, added, cell, digit);
}

}  // namespace sudoku
