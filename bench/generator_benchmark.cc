// Generation benchmarks (one item of the pipeline, single thread):
//   BM_GenerateGrid        a finished grid by the randomized search
//   BM_GenerateGridMethod/<method>  a finished grid by each grid method (search, digit-rows,
//                          box-fill, pattern, random-clues)
//   BM_DigMinimal          digging a finished grid down to a minimal unique puzzle
//   BM_DigLevel/{easy,medium,hard}  digging into a clue level's band
//   BM_DigSymmetric/<symmetry>  digging to a puzzle from which no orbit of the symmetry can go
//                          (minimal); /none is the default path, as BM_DigMinimal
//   BM_DigPerRow           digging to a minimal puzzle, rows visited round-robin
//   BM_TotalFreedom        the freedom score
//   BM_GeneratePuzzleMinimal  the whole item: grid, relabel, dig to minimal, freedom, rating,
//                          both canonical forms
// Each reports items per second.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "sudoku/core/digger.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/scorer.h"

namespace sudoku {
namespace {

std::vector<Grid> SomeGrids(int n) {
  Rng rng(12345);
  std::vector<Grid> grids;
  for (int i = 0; i < n; ++i) grids.push_back(GenerateGrid(rng));
  return grids;
}

void BM_GenerateGrid(benchmark::State& state) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(GenerateGrid(rng));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GenerateGrid);

void DigBench(benchmark::State& state, const DigOptions& options) {
  const std::vector<Grid> grids = SomeGrids(256);
  Rng rng(2);
  Grid puzzle;
  size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(DigUniquePuzzle(grids[i++ % grids.size()], options, rng, &puzzle));
  }
  state.SetItemsProcessed(state.iterations());
}

void BM_DigMinimal(benchmark::State& state) { DigBench(state, DigOptions{17, 81, true}); }
BENCHMARK(BM_DigMinimal);

void BM_DigLevel(benchmark::State& state) {
  const ClueClass band = ClueClasses()[static_cast<size_t>(state.range(0))];
  state.SetLabel(std::string(band.name));
  DigBench(state, DigOptions{band.min_clues, band.max_clues, false});
}
BENCHMARK(BM_DigLevel)->DenseRange(0, 2);

void BM_GenerateGridMethod(benchmark::State& state, GridMethod method) {
  Rng rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(GenerateGrid(method, rng));
  state.SetItemsProcessed(state.iterations());
}

void BM_DigSymmetric(benchmark::State& state, Symmetry symmetry) {
  DigOptions options;
  options.minimal = true;
  options.symmetry = symmetry;
  DigBench(state, options);
}

void BM_DigPerRow(benchmark::State& state) {
  DigOptions options;
  options.minimal = true;
  options.order = DigOrder::kPerRow;
  DigBench(state, options);
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

void BM_TotalFreedom(benchmark::State& state) {
  const std::vector<Grid> grids = SomeGrids(64);
  std::vector<Grid> puzzles;
  Rng rng(3);
  for (const Grid& grid : grids) {
    Grid puzzle;
    DigUniquePuzzle(grid, DigOptions{17, 81, true}, rng, &puzzle);
    puzzles.push_back(puzzle);
  }
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(TotalFreedom(puzzles[i++ % puzzles.size()]));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_TotalFreedom);

void BM_GeneratePuzzleMinimal(benchmark::State& state) {
  GeneratorOptions options;
  options.dig.minimal = true;
  PuzzleRecord record;
  int64_t index = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        GeneratePuzzle(options, index, ItemSeed(9, static_cast<uint64_t>(index)), &record));
    ++index;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_GeneratePuzzleMinimal);

}  // namespace
}  // namespace sudoku
