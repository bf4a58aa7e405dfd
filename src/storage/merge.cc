// MergeCorpora: see include/sudoku/storage/merge.h. This file reads and checks the inputs and
// groups their runs into the output's runs (merge_plan.h); merge_writer.cc writes them.
#include "sudoku/storage/merge.h"

#include <sqlite3.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

#include "storage/connection.h"
#include "storage/corpus_check.h"
#include "storage/merge_plan.h"
#include "storage/read_only.h"
#include "storage/run_lock.h"
#include "sudoku/run/params.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using storage_internal::ColumnText;
using storage_internal::kNoLimit;
using storage_internal::OwnedStmt;
using storage_internal::SourceRun;
using storage_internal::SqliteError;
using storage_internal::Unit;

constexpr char kSourceRunsSql[] =
    "SELECT id, seed, params, tool_version, started_at, finished_at, requested, written, "
    "duplicates, next_item, status FROM runs ORDER BY id";

// Checks that `file` is a corpus of this build's schema and appends its runs to *runs.
using SourceDb = std::unique_ptr<sqlite3, int (*)(sqlite3*)>;

// Opens `file` to read it and checks that it is a corpus; its schema version into *version.
Status OpenSource(const std::string& file, SourceDb* db, int* version) {
  std::error_code ec;
  if (!fs::exists(file, ec)) return Status::NotFound(file + ": no such corpus database");
  if (fs::is_directory(file, ec)) {
    return Status::InvalidArgument(file + ": is a directory, not a corpus database");
  }
  sqlite3* raw = nullptr;
  const int rc = storage_internal::OpenReadOnly(file, 0, &raw);
  db->reset(raw);
  if (raw == nullptr) return Status::IoError(file + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) return SqliteError(raw, file, "cannot open database");
  sqlite3_busy_timeout(raw, storage_internal::kBusyTimeoutMs);
  return storage_internal::CheckCorpus(raw, file, false, version);
}

// As a writer checks its own file: a damaged input could pass rows the merge cannot read whole
// (files past kWholeCheckMaxBytes fail at the first damaged page read instead).
Status CheckSourceIntact(const std::string& file) {
  SourceDb db(nullptr, sqlite3_close_v2);
  int version = 0;
  if (Status s = OpenSource(file, &db, &version); !s.ok()) return s;
  return storage_internal::RefuseDamaged(db.get(), file);
}

// The damage checks of the inputs, run beside the rest of the merge on another thread: each is a
// read of a whole file, on one thread, and nothing is committed before they end (WriteMerge's
// before_commit). A failure in the merge itself is then told as the damage that explains it.
class SourceChecks {
 public:
  explicit SourceChecks(const std::vector<std::string>& files) : checked_(files.size()) {
    tasks_.run([this, &files] {
      tbb::parallel_for(size_t{0}, files.size(),
                        [&](size_t i) { checked_[i] = CheckSourceIntact(files[i]); });
    });
  }
  ~SourceChecks() { tasks_.wait(); }
  SourceChecks(const SourceChecks&) = delete;
  SourceChecks& operator=(const SourceChecks&) = delete;

  // Waits for the checks; the first failure in the order the inputs were given.
  Status Wait() {
    tasks_.wait();
    for (const Status& s : checked_) {
      if (!s.ok()) return s;
    }
    return Status::Ok();
  }
  // `merged`, or the damage found in an input when the merge failed (its failure is likely
  // what reading a damaged page gave).
  Status Explain(Status merged) {
    if (merged.ok()) return merged;
    Status damage = Wait();
    return damage.ok() ? merged : damage;
  }

 private:
  std::vector<Status> checked_;
  tbb::task_group tasks_;
};

Status ReadSourceRuns(const std::string& file, std::vector<SourceRun>* runs) {
  SourceDb db(nullptr, sqlite3_close_v2);
  int version = 0;
  if (Status s = OpenSource(file, &db, &version); !s.ok()) return s;
  sqlite3* raw = db.get();
  if (version < StoreSchemaVersion()) {
    return Status::NotSupported(file + ": schema version " + std::to_string(version) +
                                " is older than this sudoku-corpus (" +
                                std::to_string(StoreSchemaVersion()) +
                                "); upgrade it first with: sudoku-corpus migrate --db " + file);
  }
  OwnedStmt stmt;
  if (Status s = storage_internal::PrepareStatement(raw, file, kSourceRunsSql, &stmt); !s.ok())
    return s;
  const size_t first = runs->size();
  int step;
  while ((step = sqlite3_step(stmt.get())) == SQLITE_ROW) {
    sqlite3_stmt* row = stmt.get();
    SourceRun run;
    run.file = file;
    run.id = sqlite3_column_int64(row, 0);
    run.seed = ColumnText(row, 1);
    run.params = ColumnText(row, 2);
    run.tool_version = ColumnText(row, 3);
    run.started_at = ColumnText(row, 4);
    run.has_finished_at = sqlite3_column_type(row, 5) != SQLITE_NULL;
    run.finished_at = ColumnText(row, 5);
    run.requested = sqlite3_column_int64(row, 6);
    run.written = sqlite3_column_int64(row, 7);
    run.duplicates = sqlite3_column_int64(row, 8);
    run.next_item = sqlite3_column_int64(row, 9);
    run.status = ColumnText(row, 10);
    // A run being written has rows its run row does not count yet: merged now, the output's
    // counts would not match its rows.
    if (storage_internal::RunLocks::IsClaimed(file, run.id)) {
      return Status::Busy(run.Name() +
                          ": is being written by another process; merge it when "
                          "that ends");
    }
    // The shard and the whole run's count and parameters, as the run codec reads them.
    ShardOfRun shard;
    const Status read = ReadShardOfRun(run.params, &shard);
    run.shard_k = shard.k;
    run.shard_n = shard.n;
    run.run_params = std::move(shard.whole_run_params);
    run.count = shard.count;
    if (!read.ok()) return Status::Corruption(run.Name() + ": " + read.message());
    runs->push_back(std::move(run));
  }
  if (step != SQLITE_DONE) return SqliteError(raw, file, "cannot read the runs table");
  if (runs->size() == first + 1) runs->back().only_run = true;
  return Status::Ok();
}

// A part of another shard group with `unit`'s number of shards, where `unit` lacks that
// shard: most likely made with another seed or other options by mistake. nullptr if none.
const SourceRun* ShardOfAnotherRun(const std::vector<Unit>& units, const Unit& unit) {
  const int64_t n = unit.parts.front().shard_n;
  for (const Unit& other : units) {
    if (&other == &unit || !other.shards) continue;
    for (const SourceRun& part : other.parts) {
      const bool lacked =
          std::none_of(unit.parts.begin(), unit.parts.end(),
                       [&](const SourceRun& p) { return p.shard_k == part.shard_k; });
      if (part.shard_n == n && lacked) return &part;
    }
  }
  return nullptr;
}

// The top-level members of a JSON object as written ("key" -> value text); enough to name the
// options two runs' stored parameters differ in.
std::map<std::string, std::string> JsonMembers(const std::string& json) {
  std::map<std::string, std::string> members;
  int depth = 0;
  bool quoted = false;
  size_t start = 1;
  for (size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (quoted) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        quoted = false;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == ',' && depth == 1) || ((c == '}' || c == ']') && --depth == 0)) {
      const std::string member = json.substr(start, i - start);
      const size_t colon = member.find("\":");
      if (colon != std::string::npos)
        members[member.substr(0, colon + 1)] = member.substr(colon + 2);
      start = i + 1;
    }
  }
  return members;
}

// Why two shards belong to different runs: "seed 5 vs 6", the tool versions, or the options.
std::string HowRunsDiffer(const SourceRun& a, const SourceRun& b) {
  if (a.seed != b.seed) return "seed " + a.seed + " vs " + b.seed;
  if (a.tool_version != b.tool_version)
    return "made by " + a.tool_version + " vs " + b.tool_version;
  const std::map<std::string, std::string> ours = JsonMembers(a.run_params);
  std::map<std::string, std::string> theirs = JsonMembers(b.run_params);
  std::string differ;
  for (const auto& [key, value] : ours) {
    const std::string other = theirs.count(key) > 0 ? theirs[key] : "none";
    if (other != value) differ += (differ.empty() ? "" : ", ") + key + " " + value + " vs " + other;
    theirs.erase(key);
  }
  for (const auto& [key, value] : theirs) {
    differ += (differ.empty() ? "" : ", ") + key + " none vs " + value;
  }
  return "options " + (differ.empty() ? a.run_params + " vs " + b.run_params : differ);
}

// Groups the runs into output runs, in order; a shard group sits where its first part came.
Status MakeUnits(std::vector<SourceRun> runs, std::vector<Unit>* units) {
  std::map<std::string, size_t> group_of;  // the whole run's identity -> its unit
  for (SourceRun& run : runs) {
    if (run.shard_n == 0) {
      Unit unit;
      unit.parts.push_back(std::move(run));
      units->push_back(std::move(unit));
      continue;
    }
    const std::string identity = run.seed + '\n' + run.tool_version + '\n' + run.run_params + '\n' +
                                 std::to_string(run.shard_n);
    auto [it, added] = group_of.try_emplace(identity, units->size());
    if (added) {
      units->emplace_back();
      units->back().shards = true;
    }
    (*units)[it->second].parts.push_back(std::move(run));
  }
  for (Unit& unit : *units) {
    if (!unit.shards) continue;
    std::sort(unit.parts.begin(), unit.parts.end(),
              [](const SourceRun& a, const SourceRun& b) { return a.shard_k < b.shard_k; });
    const int64_t n = unit.parts.front().shard_n;
    std::string missing;
    int64_t k = 1;
    for (const SourceRun& part : unit.parts) {
      if (part.shard_k < k) {
        return Status::InvalidArgument("shard " + std::to_string(part.shard_k) + "/" +
                                       std::to_string(n) + " of run seed " + part.seed +
                                       " is given twice: " + part.Name() + " and another input");
      }
      for (; k < part.shard_k; ++k) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
      k = part.shard_k + 1;
    }
    for (; k <= n; ++k) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
    if (!missing.empty()) {
      if (const SourceRun* other = ShardOfAnotherRun(*units, unit)) {
        const SourceRun& ours = unit.parts.front();
        return Status::InvalidArgument(other->Name() + " is not a shard of the run of " +
                                       ours.Name() + ": " + HowRunsDiffer(ours, *other) +
                                       "; make every shard with the same seed and options");
      }
      return Status::InvalidArgument(unit.parts.front().Name() + ": the run (seed " +
                                     unit.parts.front().seed + ") has " + std::to_string(n) +
                                     " shards; shards " + missing + " of " + std::to_string(n) +
                                     " are missing from the inputs");
    }
    unit.item_limit = kNoLimit;
    for (const SourceRun& part : unit.parts) {
      unit.item_limit = std::min(unit.item_limit, part.FirstUnmadeItem());
    }
  }
  return Status::Ok();
}

}  // namespace

Status MergeCorpora(const MergeOptions& options, MergeReport* report) {
  *report = MergeReport();
  if (options.inputs.empty()) return Status::InvalidArgument("no corpus to merge");
  if (options.output.empty()) return Status::InvalidArgument("no output corpus");
  std::error_code ec;
  std::vector<std::string> seen;
  std::vector<SourceRun> runs;
  for (const std::string& input : options.inputs) {
    if (fs::exists(options.output, ec) && fs::equivalent(input, options.output, ec)) {
      return Status::InvalidArgument(input + ": is the output itself; merge into another file");
    }
    for (const std::string& other : seen) {
      if (fs::equivalent(input, other, ec)) {
        return Status::InvalidArgument(input + ": given twice (also as " + other + ")");
      }
    }
    seen.push_back(input);
  }
  SourceChecks checks(options.inputs);
  for (const std::string& input : options.inputs) {
    if (Status s = ReadSourceRuns(input, &runs); !s.ok()) return checks.Explain(s);
  }
  std::vector<Unit> units;
  if (Status s = MakeUnits(std::move(runs), &units); !s.ok()) return checks.Explain(s);
  return checks.Explain(storage_internal::WriteMerge(options, std::move(units), report,
                                                     [&checks] { return checks.Wait(); }));
}

}  // namespace sudoku
