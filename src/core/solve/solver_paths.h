// Private to src/core: the copies of the solver and the choice among them.
//
// A portable build targets the x86-64 baseline (no POPCNT, no AVX2), which runs on every amd64
// CPU but leaves the solver, the hot path of digging and rating, about twice the instructions of
// its AVX2 and BMI2 code. So solve/solver.cc and solve/solver_init.cc are compiled twice on
// x86-64 (src/core/CMakeLists.txt): `baseline`, with the build's own flags, and `avx2`, with
// -mavx2 -mbmi -mbmi2 -mpopcnt, each in its own namespace; the public functions of
// sudoku/core/solver.h call the copy chosen once, on first use. Every copy gives the same counts,
// first solutions and answers (the solver's contract does not depend on the instructions).
// Why two copies of a few files rather than GCC's target_clones: the solver is a recursive
// search over some twenty small inline functions in two files, so an attribute on its entry
// points would not reach the code that matters, and one attribute per function would clutter
// all of them; a second compilation keeps the source as it is. docs/performance.md, "Portable
// build", has the figures.
#ifndef SUDOKU_CORE_SOLVE_SOLVER_PATHS_H_
#define SUDOKU_CORE_SOLVE_SOLVER_PATHS_H_

#include <cstdint>
#include <span>
#include <string_view>

#include "sudoku/core/grid.h"
#include "sudoku/core/solver.h"

namespace sudoku::core_internal {

// The entry points of one copy of the solver: the public functions of sudoku/core/solver.h,
// Deductions' two taking the deduced state as an argument.
struct SolverPath {
  const char* name;  // "baseline" or "avx2", the value of SUDOKU_CPU that picks it
  int (*count_solutions)(const Grid& puzzle, int limit, Grid* solution);
  bool (*has_solution_avoiding)(const Grid& puzzle, int cell, int digit);
  bool (*deduce)(const Grid& base, SolverState& deduced);
  bool (*has_solution_avoiding_from)(const SolverState& deduced, const Grid& puzzle,
                                     std::span<const uint8_t> added, int cell, int digit);
};

namespace baseline {
extern const SolverPath kSolverPath;
}  // namespace baseline
namespace avx2 {
extern const SolverPath kSolverPath;  // defined only when this build holds the AVX2 copy
}  // namespace avx2

// The copies this build holds and this CPU can run, `baseline` first.
std::span<const SolverPath* const> AvailableSolverPaths();

// The copy named `forced` when it is available, else the fastest available; `forced` is the
// environment variable SUDOKU_CPU (null when unset), read once.
const SolverPath& ChooseSolverPath(const char* forced);

// The copy the public functions use: ChooseSolverPath(getenv("SUDOKU_CPU")) on first use.
const SolverPath& ActiveSolverPath();

// Makes the public functions use `path` from now on, in every thread (for tests, which compare
// the copies through the rater and the digger too). REQUIRES: `path` is available.
void UseSolverPath(const SolverPath& path);

}  // namespace sudoku::core_internal

#endif  // SUDOKU_CORE_SOLVE_SOLVER_PATHS_H_
