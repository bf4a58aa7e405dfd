// Canonical form benchmarks (single thread), each over a fixed set of generated items:
//   BM_CanonicalForm/minimal   minimal unique puzzles (about 22-26 clues)
//   BM_CanonicalForm/26-56     unique puzzles dug to a random clue count in 26-56
//   BM_CanonicalGrid           finished grids
//   BM_RandomTransform         drawing and applying a random element of the group to a grid
// Each reports items per second.
#include <benchmark/benchmark.h>

#include <vector>

#include "common/samples.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/transform.h"

namespace sudoku {
namespace {

std::vector<Grid> SomePuzzles(const DigOptions& options, int n) {
  Rng rng(54321);
  return samples::DugPuzzles(rng, n, options);
}

void FormBench(benchmark::State& state, const std::vector<Grid>& items, Grid (*form)(const Grid&)) {
  size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(form(items[i++ % items.size()]));
  state.SetItemsProcessed(state.iterations());
}

void BM_CanonicalForm(benchmark::State& state) {
  const bool minimal = state.range(0) == 0;
  state.SetLabel(minimal ? "minimal" : "26-56");
  const DigOptions options = minimal ? DigOptions{17, 81, true} : DigOptions{26, 56, false};
  FormBench(state, SomePuzzles(options, 1000), CanonicalForm);
}
BENCHMARK(BM_CanonicalForm)->Arg(0)->Arg(1);

void BM_CanonicalGrid(benchmark::State& state) {
  Rng rng(6789);
  std::vector<Grid> grids;
  for (int i = 0; i < 1000; ++i) grids.push_back(GenerateGrid(rng));
  FormBench(state, grids, CanonicalGrid);
}
BENCHMARK(BM_CanonicalGrid);

void BM_RandomTransform(benchmark::State& state) {
  Rng rng(1);
  const Grid grid = GenerateGrid(rng);
  for (auto _ : state) benchmark::DoNotOptimize(ApplyTransform(grid, RandomTransform(rng)));
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_RandomTransform);

}  // namespace
}  // namespace sudoku
