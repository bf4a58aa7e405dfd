// Benchmarks of SqliteStore (include/sudoku/storage/store.h), the corpus writer. Each writes batches
// into a temp file (WAL, synchronous=NORMAL, as Open sets them), one transaction per batch.
// items_per_second = rows per wall-clock second; CPU time per batch / batch size = CPU per row.
//   BM_SqliteStoreWriteBatch/<batch>  batches of <batch> records (1000, 100, 5000 = generate's
//                                     default, 10000) into a new corpus (it grows to some
//                                     10^4-10^5 rows while measured).
//   BM_SqliteStoreWriteBatchMemory    batches of 1000 into ":memory:": SQLite without the file
//                                     system.
//   BM_SqliteStoreWriteBatchLarge/<batch>  batches appended to a corpus that already holds
//                                     500,000 rows (made once per process, not timed; each
//                                     repetition appends 20,000 or 40,000 more rows), where the
//                                     indexes outgrow the page cache as they do in a long run.
// Records are real (store_records.h).
// Run: build-*/bench/sudoku_bench --benchmark_filter=SqliteStore
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "store_records.h"
#include "sudoku/pipeline/sink.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;

using bench::NextBatch;
using bench::RecordPool;

std::string TempPath(const std::string& name) {
  return (fs::temp_directory_path() / (name + "_" + std::to_string(getpid()) + ".db")).string();
}

void RemoveDb(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path + suffix, ec);
}

// An open store with a run begun, and the next item index to write.
struct OpenCorpus {
  std::unique_ptr<SqliteStore> store;
  int64_t next_item = 0;
};

Status OpenWithRun(const std::string& path, OpenCorpus* corpus) {
  RunInfo info;
  info.params_json = "{}";
  info.tool_version = "bench";
  int64_t run_id = 0;
  if (Status s = SqliteStore::Open(path, &corpus->store); !s.ok()) return s;
  return corpus->store->BeginRun(info, &run_id);
}

// Writes batches of `batch_size` while `state` runs; reports rows per second.
void WriteBatches(benchmark::State& state, OpenCorpus* corpus, int batch_size) {
  RecordPool();  // made before the clock starts
  std::vector<PuzzleRecord> batch(static_cast<size_t>(batch_size));
  for (auto _ : state) {
    state.PauseTiming();
    NextBatch(corpus->next_item, &batch);
    state.ResumeTiming();
    BatchOutcome outcome;
    if (Status s = corpus->store->WriteBatch(batch, &outcome); !s.ok()) {
      state.SkipWithError(s.message().c_str());
      return;
    }
    corpus->next_item += batch_size;
  }
  state.SetItemsProcessed(state.iterations() * batch_size);
}

void BM_SqliteStoreWriteBatch(benchmark::State& state) {
  const std::string path = TempPath("store_benchmark");
  RemoveDb(path);
  {
    OpenCorpus corpus;
    if (Status s = OpenWithRun(path, &corpus); !s.ok()) {
      state.SkipWithError(s.message().c_str());
    } else {
      WriteBatches(state, &corpus, static_cast<int>(state.range(0)));
    }
  }
  RemoveDb(path);
}
BENCHMARK(BM_SqliteStoreWriteBatch)
    ->Arg(1000)
    ->Arg(100)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();  // I/O included: rows per wall-clock second

void BM_SqliteStoreWriteBatchMemory(benchmark::State& state) {
  OpenCorpus corpus;
  if (Status s = OpenWithRun(":memory:", &corpus); !s.ok()) {
    state.SkipWithError(s.message().c_str());
    return;
  }
  WriteBatches(state, &corpus, 1000);
}
BENCHMARK(BM_SqliteStoreWriteBatchMemory)->Unit(benchmark::kMillisecond);

// The 500,000-row corpus, filled on first use and removed at exit.
OpenCorpus* LargeCorpus(Status* status) {
  constexpr int64_t kRows = 500000;
  constexpr int kFillBatch = 10000;
  struct Large {
    std::string path = TempPath("store_benchmark_large");
    OpenCorpus corpus;
    ~Large() {
      corpus.store.reset();
      RemoveDb(path);
    }
  };
  static Large large;
  if (large.corpus.store != nullptr) return &large.corpus;
  RemoveDb(large.path);
  if (*status = OpenWithRun(large.path, &large.corpus); !status->ok()) return nullptr;
  std::vector<PuzzleRecord> batch(kFillBatch);
  while (large.corpus.next_item < kRows) {
    NextBatch(large.corpus.next_item, &batch);
    BatchOutcome outcome;
    if (*status = large.corpus.store->WriteBatch(batch, &outcome); !status->ok()) return nullptr;
    large.corpus.next_item += kFillBatch;
  }
  return &large.corpus;
}

void BM_SqliteStoreWriteBatchLarge(benchmark::State& state) {
  Status status;
  OpenCorpus* corpus = LargeCorpus(&status);
  if (corpus == nullptr) {
    state.SkipWithError(status.message().c_str());
    return;
  }
  WriteBatches(state, corpus, static_cast<int>(state.range(0)));
}
BENCHMARK(BM_SqliteStoreWriteBatchLarge)
    ->Arg(1000)
    ->Iterations(20)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SqliteStoreWriteBatchLarge)
    ->Arg(5000)
    ->Iterations(8)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_SqliteStoreWriteBatchLarge)
    ->Arg(10000)
    ->Iterations(4)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace sudoku
