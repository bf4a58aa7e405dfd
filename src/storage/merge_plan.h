// The merge's plan, shared by its two files (private to src/storage): the input runs, read and
// checked (merge.cc), grouped into the output's runs, and the writer that carries the plan out
// (merge_writer.cc). See include/sudoku/storage/merge.h for what a merge does.
#ifndef SUDOKU_STORAGE_MERGE_PLAN_H_
#define SUDOKU_STORAGE_MERGE_PLAN_H_

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "sudoku/status.h"
#include "sudoku/storage/merge.h"

namespace sudoku::storage_internal {

inline constexpr int64_t kNoLimit = std::numeric_limits<int64_t>::max();

// A run of an input corpus.
struct SourceRun {
  std::string file;
  int64_t id = 0;
  std::string seed;        // decimal text, as stored
  std::string params;      // as stored
  std::string run_params;  // params without "shard": the whole run's parameters
  std::string tool_version;
  std::string started_at;
  std::string finished_at;  // "" for NULL
  bool has_finished_at = false;
  int64_t requested = 0, written = 0, duplicates = 0, next_item = 0;
  std::string status;
  int64_t shard_k = 0, shard_n = 0;  // 0: not a shard
  int64_t count = 0;                 // params "count": the whole run's count
  bool only_run = false;             // the file holds no other run

  std::string Name() const {
    std::string name = file + " run " + std::to_string(id);
    if (shard_n > 0)
      name += " (shard " + std::to_string(shard_k) + "/" + std::to_string(shard_n) + ")";
    return name;
  }
  // The first item at or after next_item that this shard makes: every item of the shard below
  // it is stored or was a duplicate of the shard's own.
  int64_t FirstUnmadeItem() const {
    const int64_t n = std::max<int64_t>(shard_n, 1), k = std::max<int64_t>(shard_k, 1);
    return next_item + ((k - 1 - next_item) % n + n) % n;
  }
};

// One run of the output: one source run, or the shards 1..N of one run (in that order).
struct Unit {
  std::vector<SourceRun> parts;
  bool shards = false;
  int64_t item_limit = kNoLimit;  // shards: items below this are all made (P in merge.h)
  int64_t rows_read = 0;
  int64_t kept = 0;       // rows written
  int64_t next_item = 0;  // shards: one past the last item of the run's corpus
  int64_t first_made = 0, items_made = 0, puzzles_made = 0;  // shards: what the merge made
};

// Carries out the plan: `units` in order into options.output (see merge.h: how, and what an
// interrupted merge leaves). *report says what was written. `before_commit` runs once every row
// and index is written, before anything is committed or published; its failure fails the merge
// as any other (the checks of the inputs, which run beside the merge, report there).
Status WriteMerge(const MergeOptions& options, std::vector<Unit> units, MergeReport* report,
                  const std::function<Status()>& before_commit);

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MERGE_PLAN_H_
