// The store at scale: writes ROWS records through SqliteStore, in batches of 5000 (generate's
// default), and prints per slice of 250,000 rows the wall-clock time inside WriteBatch and the
// process's CPU time (user + system, record making included), in microseconds per row, the
// pages the connection read (page cache misses) and wrote (to the WAL) per row, and the peak
// memory so far. Shows how the cost per row changes as the corpus grows, which the Google
// Benchmark target cannot afford to (it would fill millions of rows per run).
// Records: store_records.h. Not run by scripts/bench.sh (minutes per million rows):
//   build-bench/bench/sudoku_store_scale /tmp/scale.db 4000000
// PATH must be new, unless --append: then the rows go, as a new run, into the corpus at PATH
// (say one this tool made), with forms after those of its rows, and the first column counts
// the corpus's rows. Each --pragma statement runs on the store's connection after it is opened
// (to compare settings, e.g. --pragma 'PRAGMA cache_size = -262144').
//   build-bench/bench/sudoku_store_scale --append /tmp/scale.db 1000000
#include <sqlite3.h>
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "storage/store_access.h"
#include "store_records.h"
#include "sudoku/storage/store.h"

namespace {

double CpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  auto seconds = [](const timeval& t) { return t.tv_sec + t.tv_usec * 1e-6; };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double PeakRssMib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024.0;  // KiB on Linux
}

// The connection's count of `op` (SQLITE_DBSTATUS_CACHE_MISS, _CACHE_WRITE) since the last call.
double TakeCount(sqlite3* db, int op) {
  int current = 0, highwater = 0;
  sqlite3_db_status(db, op, &current, &highwater, /*resetFlag=*/1);
  return current;
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
  constexpr char kUsage[] =
      "usage: sudoku_store_scale [--append] [--pragma SQL]... PATH ROWS (ROWS a multiple of "
      "250000)";
  bool append = false;
  std::vector<std::string> pragmas;
  std::vector<std::string> positional;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--append") == 0) {
      append = true;
    } else if (std::strcmp(argv[i], "--pragma") == 0 && i + 1 < argc) {
      pragmas.emplace_back(argv[++i]);
    } else {
      positional.emplace_back(argv[i]);
    }
  }
  char* end = nullptr;
  const int64_t rows = positional.size() == 2 ? std::strtoll(positional[1].c_str(), &end, 10) : 0;
  if (positional.size() != 2 || *end != '\0' || rows <= 0 || rows % kSlice != 0) {
    return Fail(kUsage);
  }
  const std::string& path = positional[0];
  if (append != std::filesystem::exists(path)) {
    return Fail(path + (append ? ": no such corpus to append to" : ": exists; give a new file"));
  }
  bench::RecordPool();  // made before the clock starts
  std::unique_ptr<SqliteStore> store;
  if (Status s = SqliteStore::Open(path, &store,
                                   append ? OpenMode::kMustExist : OpenMode::kCreateIfMissing);
      !s.ok()) {
    return Fail(s.message());
  }
  sqlite3* db = storage_internal::StoreAccess::Db(*store);  // for pragmas and cache statistics
  for (const std::string& sql : pragmas) {
    if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
      return Fail(sql + ": " + sqlite3_errmsg(db));
    }
  }
  // The corpus's rows so far; their forms are numbered 0..(max id - 1) if this tool made them.
  int64_t corpus_rows = 0;
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db, "SELECT coalesce(max(id), 0) FROM puzzles", -1, &stmt, nullptr) !=
          SQLITE_OK ||
      sqlite3_step(stmt) != SQLITE_ROW) {
    sqlite3_finalize(stmt);
    return Fail(path + ": cannot read the corpus's size");
  }
  corpus_rows = sqlite3_column_int64(stmt, 0);
  sqlite3_finalize(stmt);

  RunInfo info;
  info.params_json = "{}";
  info.tool_version = "store_scale";
  int64_t run_id = 0;
  if (Status s = store->BeginRun(info, &run_id); !s.ok()) return Fail(s.message());

  std::printf("%12s %22s %12s %12s %12s %14s\n", "corpus rows", "WriteBatch wall us/row",
              "CPU us/row", "reads/row", "writes/row", "peak RSS MiB");
  std::vector<PuzzleRecord> batch(kBatch);
  double write_seconds = 0;
  double cpu_start = CpuSeconds();
  TakeCount(db, SQLITE_DBSTATUS_CACHE_MISS);
  TakeCount(db, SQLITE_DBSTATUS_CACHE_WRITE);
  for (int64_t first = 0; first < rows; first += kBatch) {
    bench::NextBatch(first, &batch, corpus_rows);
    const auto start = std::chrono::steady_clock::now();
    BatchOutcome outcome;
    if (Status s = store->WriteBatch(batch, &outcome); !s.ok()) return Fail(s.message());
    if (outcome.stored != kBatch) return Fail("a form was taken for a duplicate");
    write_seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if ((first + kBatch) % kSlice == 0) {
      const double cpu = CpuSeconds();
      std::printf("%12lld %22.2f %12.2f %12.3f %12.3f %14.1f\n",
                  static_cast<long long>(corpus_rows + first + kBatch),
                  write_seconds * 1e6 / kSlice, (cpu - cpu_start) * 1e6 / kSlice,
                  TakeCount(db, SQLITE_DBSTATUS_CACHE_MISS) / kSlice,
                  TakeCount(db, SQLITE_DBSTATUS_CACHE_WRITE) / kSlice, PeakRssMib());
      std::fflush(stdout);
      write_seconds = 0;
      cpu_start = cpu;
    }
  }
  return store->EndRun("finished").ok() ? 0 : Fail("cannot end the run");
}
