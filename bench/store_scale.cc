// The store at scale: writes ROWS records through SqliteStore into a new corpus at PATH, in
// batches of 5000 (generate's default), and prints per slice of 250,000 rows the wall-clock
// time inside WriteBatch and the process's CPU time (user + system, record making included),
// in microseconds per row. Shows how the cost per row changes as the corpus grows, which the
// Google Benchmark target cannot afford to (it would fill millions of rows per run).
// Records: store_records.h. Not run by scripts/bench.sh (some minutes for 4,000,000 rows):
//   build-bench/bench/sudoku_store_scale /tmp/scale.db 4000000
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "store_records.h"
#include "sudoku/storage/store.h"

namespace {

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

int Fail(const std::string& message) {
  std::fprintf(stderr, "sudoku_store_scale: %s\n", message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoku;
  constexpr int64_t kBatch = 5000;
  constexpr int64_t kSlice = 250000;
  char* end = nullptr;
  const int64_t rows = argc == 3 ? std::strtoll(argv[2], &end, 10) : 0;
  if (argc != 3 || *end != '\0' || rows <= 0 || rows % kSlice != 0) {
    return Fail("usage: sudoku_store_scale PATH ROWS (ROWS a multiple of 250000)");
  }
  const std::string path = argv[1];
  if (std::filesystem::exists(path)) return Fail(path + ": exists; give a new file");
  bench::RecordPool();  // made before the clock starts
  std::unique_ptr<SqliteStore> store;
  if (Status s = SqliteStore::Open(path, &store); !s.ok()) return Fail(s.message());
  RunInfo info;
  info.params_json = "{}";
  info.tool_version = "store_scale";
  int64_t run_id = 0;
  if (Status s = store->BeginRun(info, &run_id); !s.ok()) return Fail(s.message());

  std::printf("%12s %22s %18s\n", "rows", "WriteBatch wall us/row", "CPU us/row");
  std::vector<PuzzleRecord> batch(kBatch);
  double write_seconds = 0;
  double cpu_start = CpuSeconds();
  for (int64_t first = 0; first < rows; first += kBatch) {
    bench::NextBatch(first, &batch);
    const auto start = std::chrono::steady_clock::now();
    BatchOutcome outcome;
    if (Status s = store->WriteBatch(batch, &outcome); !s.ok()) return Fail(s.message());
    write_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if ((first + kBatch) % kSlice == 0) {
      const double cpu = CpuSeconds();
      std::printf("%12lld %22.2f %18.2f\n", static_cast<long long>(first + kBatch),
                  write_seconds * 1e6 / kSlice, (cpu - cpu_start) * 1e6 / kSlice);
      std::fflush(stdout);
      write_seconds = 0;
      cpu_start = cpu;
    }
  }
  return store->EndRun("finished").ok() ? 0 : Fail("cannot end the run");
}
