// The merge at scale: makes the N shard corpora of one run of ROWS puzzles in DIR
// (DIR/shard-K.db, K = 1..N), through SqliteStore as `generate --shard K/N` would write them,
// with real puzzle rows (store_records.h) and a distinct canonical form per item. Time the
// merge itself with the real command, for example:
//   build-bench/bench/sudoku_merge_scale /tmp/m 1000000 4
//   /usr/bin/time -v build-bench/src/cli/sudoku-corpus merge --db /tmp/m/out.db /tmp/m/shard-*.db
// (rows/s is on the summary line; "Maximum resident set size" is the peak memory).
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "store_records.h"
#include "sudoku/storage/store.h"

namespace {

int Fail(const std::string& message) {
  std::fprintf(stderr, "sudoku_merge_scale: %s\n", message.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace sudoku;
  constexpr int64_t kBatch = 5000;
  char* end_rows = nullptr;
  char* end_shards = nullptr;
  const int64_t rows = argc == 4 ? std::strtoll(argv[2], &end_rows, 10) : 0;
  const int64_t shards = argc == 4 ? std::strtoll(argv[3], &end_shards, 10) : 0;
  if (argc != 4 || *end_rows != '\0' || *end_shards != '\0' || rows <= 0 || shards < 2) {
    return Fail("usage: sudoku_merge_scale DIR ROWS SHARDS (SHARDS >= 2)");
  }
  const std::filesystem::path dir = argv[1];
  std::filesystem::create_directories(dir);
  bench::RecordPool();
  for (int64_t k = 1; k <= shards; ++k) {
    const std::string path = (dir / ("shard-" + std::to_string(k) + ".db")).string();
    if (std::filesystem::exists(path)) return Fail(path + ": exists; give a new folder");
    std::unique_ptr<SqliteStore> store;
    if (Status s = SqliteStore::Open(path, &store); !s.ok()) return Fail(s.message());
    const int64_t share = rows >= k ? (rows - k) / shards + 1 : 0;
    RunInfo info;
    info.seed = 1;
    info.params_json = "{\"count\":" + std::to_string(rows) + ",\"shard\":[" + std::to_string(k) +
                       "," + std::to_string(shards) + "]}";
    info.tool_version = "merge_scale";
    info.requested = share;
    int64_t run_id = 0;
    if (Status s = store->BeginRun(info, &run_id); !s.ok()) return Fail(s.message());
    std::vector<PuzzleRecord> batch;
    for (int64_t j = 0; j < share; ++j) {
      batch.push_back(bench::MakeRecord(k - 1 + j * shards));
      if (static_cast<int64_t>(batch.size()) == kBatch || j + 1 == share) {
        BatchOutcome outcome;
        if (Status s = store->WriteBatch(batch, &outcome); !s.ok()) return Fail(s.message());
        batch.clear();
      }
    }
    if (!store->EndRun("finished").ok()) return Fail(path + ": cannot end the run");
    std::printf("%s: %lld rows\n", path.c_str(), static_cast<long long>(share));
  }
  return 0;
}
