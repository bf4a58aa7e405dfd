// Controlled-bias digging benchmarks (single thread):
//   BM_ControlledBiasTries   tries as a run makes them: a grid (search method, relabelled) every
//                            GeneratorOptions::controlled_bias_tries_per_grid tries, its
//                            unavoidable sets, then the tries; reports tries/s and, per try,
//                            solver searches and shared deductions, and minimal puzzles found
//   BM_ControlledBiasItem    whole controlled-bias items (grid to rated, canonical record), the
//                            unit a run stores: items/s; x 60 is puzzles per core-minute
// The item benchmark is slow (a puzzle takes about 200,000 tries): run it with
// --benchmark_filter=ControlledBiasItem --benchmark_min_time=60s for a usable figure.
#include <benchmark/benchmark.h>

#include "sudoku/core/controlled_bias.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/transform.h"

namespace sudoku {
namespace {

void BM_ControlledBiasTries(benchmark::State& state) {
  const int64_t tries_per_grid = GeneratorOptions().controlled_bias_tries_per_grid;
  Rng rng(3);
  ControlledBiasCounts counts;
  Grid puzzle;
  int64_t left = 0;
  auto digger = std::make_unique<ControlledBiasDigger>(GenerateGrid(rng));
  for (auto _ : state) {
    if (left == 0) {
      counts += digger->counts();
      digger = std::make_unique<ControlledBiasDigger>(
          RelabelDigits(GenerateGrid(rng), RandomDigitMap(rng)));
      left = tries_per_grid;
    }
    --left;
    benchmark::DoNotOptimize(digger->Try(rng, &puzzle));
  }
  counts += digger->counts();
  const double tries = static_cast<double>(counts.tries);
  state.counters["searches/try"] = static_cast<double>(counts.solver_calls) / tries;
  state.counters["deductions/try"] = static_cast<double>(counts.deductions) / tries;
  state.counters["found"] = static_cast<double>(counts.found);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ControlledBiasTries);

void BM_ControlledBiasItem(benchmark::State& state) {
  GeneratorOptions options;
  options.dig.minimal = true;
  options.dig.order = DigOrder::kControlledBias;
  PuzzleRecord record;
  int64_t item = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(GeneratePuzzle(options, item, ItemSeed(1, item), &record));
    ++item;
  }
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ControlledBiasItem)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sudoku
