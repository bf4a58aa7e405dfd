// Benchmarks of SqliteStore (include/sudoku/store.h), the corpus writer:
//   BM_SqliteStoreWriteBatch/<batch>  WriteBatch of <batch> records (1000 and 100) into a temp
//                                     file (WAL, synchronous=NORMAL, as Open sets them), each
//                                     batch its own transaction. items_per_second = rows/s.
//   BM_SqliteStoreWriteBatchMemory    the same with batches of 1000 into ":memory:", i.e. the
//                                     cost of SQLite itself without the file system.
// Run: build-*/bench/sudoku_bench --benchmark_filter=SqliteStore
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "sudoku/grid.h"
#include "sudoku/rng.h"
#include "sudoku/sink.h"
#include "sudoku/store.h"

namespace sudoku {
namespace {

constexpr char kSolution[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

// `count` records with distinct item indices starting at `first`, varied clues and levels.
// A stand-in canonical form, unique per item and shaped like real ones (a run of empty cells,
// then digits), so the UNIQUE index sees keys as scattered as a run's.
void SetCanonical(PuzzleRecord& r) {
  uint64_t state = static_cast<uint64_t>(r.item_index);
  uint64_t bits = SplitMix64(state);
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell % 12 == 0) bits = SplitMix64(state);
    r.canonical[cell] = cell < 30 ? 0 : static_cast<uint8_t>(1 + bits % 9);
    bits /= 9;
  }
}

std::vector<PuzzleRecord> MakeBatch(int64_t first, int count) {
  static constexpr const char* kLevels[] = {"easy", "medium", "hard", "expert"};
  Grid solution = ParseGrid(kSolution).grid;
  std::vector<PuzzleRecord> batch(count);
  for (int i = 0; i < count; ++i) {
    PuzzleRecord& r = batch[i];
    r.item_index = first + i;
    r.solution = solution;
    r.givens = solution;
    for (int cell = 0; cell < kCells; ++cell) {
      if ((cell * 7 + r.item_index) % 5 < 3) r.givens[cell] = 0;
    }
    r.clues = CountGivens(r.givens);
    r.freedom = 150 + static_cast<int>(r.item_index % 97);
    r.level = kLevels[r.item_index % 4];
    r.symmetry = "none";
    r.grid_method = "search";
    r.dig_order = "random";
    r.solution_canonical = solution;
    SetCanonical(r);
  }
  return batch;
}

void RunWriteBatch(benchmark::State& state, const std::string& path, int batch_size) {
  std::unique_ptr<SqliteStore> store;
  int64_t run_id = 0;
  RunInfo info;
  info.params_json = "{}";
  info.tool_version = "bench";
  if (Status s = SqliteStore::Open(path, &store); !s.ok()) {
    state.SkipWithError(s.message().c_str());
    return;
  }
  if (Status s = store->BeginRun(info, &run_id); !s.ok()) {
    state.SkipWithError(s.message().c_str());
    return;
  }
  std::vector<PuzzleRecord> batch = MakeBatch(0, batch_size);
  for (auto _ : state) {
    BatchOutcome outcome;
    Status s = store->WriteBatch(batch, &outcome);
    if (!s.ok()) {
      state.SkipWithError(s.message().c_str());
      break;
    }
    for (PuzzleRecord& r : batch) {  // next batch, as in a run
      r.item_index += batch_size;
      SetCanonical(r);
    }
  }
  state.SetItemsProcessed(state.iterations() * batch_size);
}

void BM_SqliteStoreWriteBatch(benchmark::State& state) {
  namespace fs = std::filesystem;
  std::string path =
      (fs::temp_directory_path() / ("store_benchmark_" + std::to_string(getpid()) + ".db"))
          .string();
  RunWriteBatch(state, path, static_cast<int>(state.range(0)));
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix, ec);
}
BENCHMARK(BM_SqliteStoreWriteBatch)
    ->Arg(1000)
    ->Arg(100)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();  // I/O included: rows per wall-clock second

void BM_SqliteStoreWriteBatchMemory(benchmark::State& state) {
  RunWriteBatch(state, ":memory:", 1000);
}
BENCHMARK(BM_SqliteStoreWriteBatchMemory)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace sudoku
