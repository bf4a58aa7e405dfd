// Grid-method and digging-variant benchmarks (single thread, items per second):
//   BM_GenerateGridMethod/<method>  one finished grid by each grid method (search, digit-rows,
//                                   box-fill, pattern, random-clues)
//   BM_DigSymmetric/<symmetry>      digging a grid to a puzzle from which no orbit of the symmetry
//                                   can go (minimal); /none is the default path, as BM_DigMinimal
//   BM_DigPerRow                    digging to a minimal puzzle, rows visited round-robin
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "sudoku/digger.h"
#include "sudoku/grid_generator.h"

namespace sudoku {
namespace {

void BM_GenerateGridMethod(benchmark::State& state, GridMethod method) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(GenerateGrid(method, rng));
  state.SetItemsProcessed(state.iterations());
}

void DigGrids(benchmark::State& state, const DigOptions& options) {
  std::vector<Grid> grids;
  Rng grid_rng(12345);
  for (int i = 0; i < 256; ++i) grids.push_back(GenerateGrid(grid_rng));
  Rng rng(2);
  Grid puzzle;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(DigUniquePuzzle(grids[i++ % grids.size()], options, rng, &puzzle));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DigSymmetric(benchmark::State& state, Symmetry symmetry) {
  DigOptions options;
  options.minimal = true;
  options.symmetry = symmetry;
  DigGrids(state, options);
}

void BM_DigPerRow(benchmark::State& state) {
  DigOptions options;
  options.minimal = true;
  options.order = DigOrder::kPerRow;
  DigGrids(state, options);
}
BENCHMARK(BM_DigPerRow);

// Names like BM_GenerateGridMethod/box-fill, which BENCHMARK_CAPTURE cannot spell.
const bool kRegistered = [] {
  for (GridMethod method : kGridMethods) {
    const std::string name = "BM_GenerateGridMethod/" + std::string(GridMethodName(method));
    benchmark::RegisterBenchmark(name.c_str(), BM_GenerateGridMethod, method);
  }
  for (int i = 0; i < kSymmetryCount; ++i) {
    const Symmetry symmetry = static_cast<Symmetry>(i);
    const std::string name = "BM_DigSymmetric/" + std::string(SymmetryName(symmetry));
    benchmark::RegisterBenchmark(name.c_str(), BM_DigSymmetric, symmetry);
  }
  return true;
}();

}  // namespace
}  // namespace sudoku
