// CorpusReader: see include/sudoku/corpus_reader.h.
//
// Every query is built from the same filter clause ("level = :level AND clues BETWEEN ..."),
// holding only the conditions a filter sets, so SQLite can use the (level, clues), (clues) and
// (freedom) indexes; values are bound by name, never spliced into the SQL. Histograms are
// GROUP BY aggregates; quartiles come from the clue and freedom histograms (at most 82 and 730
// rows), which is exact and one pass, where ORDER BY ... LIMIT 1 OFFSET k would step k rows for
// each quartile anyway.
#include "sudoku/corpus_reader.h"

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <system_error>
#include <utility>

#include "storage/corpus_check.h"
#include "sudoku/rng.h"
#include "sudoku/scorer.h"

namespace sudoku {
namespace {

constexpr int kBusyTimeoutMs = 5000;
constexpr int kMaxClues = 81;
constexpr int kMaxFreedom = 729;
constexpr char kPuzzleColumns[] =
    "id, run_id, item_index, givens, solution, clues, freedom, level, symmetry, grid_method";
constexpr char kSampleKeyFunction[] = "sudoku_sample_key";

// sudoku_sample_key(seed, id): ItemSeed(seed, id) with the top bit flipped, so that SQLite's
// signed order is the unsigned order of ItemSeed.
void SampleKey(sqlite3_context* context, int, sqlite3_value** args) {
  const auto seed = static_cast<uint64_t>(sqlite3_value_int64(args[0]));
  const auto id = static_cast<uint64_t>(sqlite3_value_int64(args[1]));
  sqlite3_result_int64(context, static_cast<int64_t>(ItemSeed(seed, id) ^ (1ull << 63)));
}

// "cond1 AND cond2 ..." for the conditions `filter` sets (plus `extra`), "1" when none.
std::string FilterConditions(const PuzzleFilter& filter, const std::string& extra = "") {
  std::string where;
  auto add = [&where](const char* condition) {
    if (!where.empty()) where += " AND ";
    where += condition;
  };
  if (!filter.level.empty()) add("level = :level");
  if (filter.min_clues > 0 || filter.max_clues < kMaxClues) {
    add("clues BETWEEN :min_clues AND :max_clues");
  }
  if (filter.min_freedom > 0 || filter.max_freedom < kMaxFreedom) {
    add("freedom BETWEEN :min_freedom AND :max_freedom");
  }
  if (filter.run_id != 0) add("run_id = :run_id");
  if (!extra.empty()) add(extra.c_str());
  return where.empty() ? "1" : where;
}

// Binds `value` to the parameter `name` if the statement has it.
int BindInt(sqlite3_stmt* stmt, const char* name, int64_t value) {
  const int index = sqlite3_bind_parameter_index(stmt, name);
  return index == 0 ? SQLITE_OK : sqlite3_bind_int64(stmt, index, value);
}

int BindFilter(sqlite3_stmt* stmt, const PuzzleFilter& filter) {
  int rc = SQLITE_OK;
  if (const int index = sqlite3_bind_parameter_index(stmt, ":level"); index != 0) {
    rc = sqlite3_bind_text(stmt, index, filter.level.c_str(), -1, SQLITE_TRANSIENT);
  }
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":min_clues", filter.min_clues);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":max_clues", filter.max_clues);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":min_freedom", filter.min_freedom);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":max_freedom", filter.max_freedom);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":run_id", filter.run_id);
  return rc;
}

std::string ColumnText(sqlite3_stmt* stmt, int column) {
  const unsigned char* text = sqlite3_column_text(stmt, column);
  return text == nullptr ? std::string() : std::string(reinterpret_cast<const char*>(text));
}

int ColumnInt(sqlite3_stmt* stmt, int column) { return sqlite3_column_int(stmt, column); }

// Position of a level name in Levels(), or Levels().size() for a name it does not know.
size_t LevelRank(const std::string& name) {
  const auto levels = Levels();
  for (size_t i = 0; i < levels.size(); ++i) {
    if (levels[i].name == name) return i;
  }
  return levels.size();
}

}  // namespace

const char* ColumnName(ScoreColumn column) {
  return column == ScoreColumn::kClues ? "clues" : "freedom";
}

int HistogramQuantile(std::span<const ValueCount> histogram, int64_t total, double p) {
  const auto position = static_cast<int64_t>(p * static_cast<double>(total - 1));
  int64_t seen = 0;
  for (const ValueCount& bucket : histogram) {
    seen += bucket.count;
    if (seen > position) return bucket.value;
  }
  return histogram.back().value;
}

ScoreSummary SummarizeHistogram(std::span<const ValueCount> histogram) {
  ScoreSummary summary;
  double sum = 0;
  for (const ValueCount& bucket : histogram) {
    summary.count += bucket.count;
    sum += static_cast<double>(bucket.value) * static_cast<double>(bucket.count);
  }
  if (summary.count == 0) return summary;
  summary.mean = sum / static_cast<double>(summary.count);
  summary.min = histogram.front().value;
  summary.max = histogram.back().value;
  summary.q1 = HistogramQuantile(histogram, summary.count, 0.25);
  summary.median = HistogramQuantile(histogram, summary.count, 0.5);
  summary.q3 = HistogramQuantile(histogram, summary.count, 0.75);
  return summary;
}

PuzzleCursor::~PuzzleCursor() { sqlite3_finalize(stmt_); }

bool PuzzleCursor::Next(StoredPuzzle* puzzle) {
  if (stmt_ == nullptr) return false;
  const int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) {
    puzzle->id = sqlite3_column_int64(stmt_, 0);
    puzzle->run_id = sqlite3_column_int64(stmt_, 1);
    puzzle->item_index = sqlite3_column_int64(stmt_, 2);
    puzzle->givens = ColumnText(stmt_, 3);
    puzzle->solution = ColumnText(stmt_, 4);
    puzzle->clues = ColumnInt(stmt_, 5);
    puzzle->freedom = ColumnInt(stmt_, 6);
    puzzle->level = ColumnText(stmt_, 7);
    puzzle->symmetry = ColumnText(stmt_, 8);
    puzzle->grid_method = ColumnText(stmt_, 9);
    return true;
  }
  if (rc != SQLITE_DONE) {
    status_ = Status::Error(path_ + ": cannot read puzzles (" + sqlite3_errmsg(db_) + ")");
  }
  sqlite3_finalize(stmt_);
  stmt_ = nullptr;
  return false;
}

Status CorpusReader::Open(const std::string& path, std::unique_ptr<CorpusReader>* reader) {
  reader->reset();
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) {
    return Status::Error(path + ": no such corpus database");
  }
  if (std::filesystem::is_directory(path, ec)) {
    return Status::Error(path + ": is a directory, not a corpus database");
  }
  sqlite3* db = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nullptr);
  std::unique_ptr<CorpusReader> opened(new CorpusReader(path, db));  // owns db from here
  if (db == nullptr) return Status::Error(path + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) return opened->Error("cannot open database");
  if (sqlite3_busy_timeout(db, kBusyTimeoutMs) != SQLITE_OK) {
    return opened->Error("cannot set busy_timeout");
  }
  // One read transaction for the reader's life: every query sees the same snapshot.
  if (sqlite3_exec(db, "BEGIN", nullptr, nullptr, nullptr) != SQLITE_OK) {
    return opened->Error("cannot start a read transaction");
  }
  if (Status s = storage_internal::CheckCorpus(db, path, /*allow_empty=*/false, &opened->version_);
      !s.ok()) {
    return s;
  }
  if (sqlite3_create_function_v2(db, kSampleKeyFunction, 2,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                                 SampleKey, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return opened->Error("cannot register the sampling function");
  }
  *reader = std::move(opened);
  return Status::Ok();
}

CorpusReader::~CorpusReader() {
  sqlite3_close_v2(db_);  // ends the read transaction; no-op for nullptr
}

Status CorpusReader::Error(const std::string& what) const {
  return Status::Error(path_ + ": " + what + " (" + sqlite3_errmsg(db_) + ")");
}

Status CorpusReader::Query(const PuzzleQuery& query, std::unique_ptr<PuzzleCursor>* cursor) {
  cursor->reset();
  const std::string where =
      FilterConditions(query.filter, query.after_id > 0 ? "id > :after_id" : "");
  const std::string limit = query.limit > 0 ? " LIMIT :limit" : "";
  std::string sql;
  if (query.sample) {
    if (query.limit <= 0) return Status::Error(path_ + ": a sample needs a size above 0");
    sql = std::string("SELECT ") + kPuzzleColumns + " FROM (SELECT " + kPuzzleColumns +
          " FROM puzzles WHERE " + where + " ORDER BY " + kSampleKeyFunction + "(:seed, id)" +
          limit + ") ORDER BY id";
  } else {
    sql = std::string("SELECT ") + kPuzzleColumns + " FROM puzzles WHERE " + where +
          " ORDER BY id" + limit;
  }
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return Error("cannot prepare the puzzle query");
  }
  std::unique_ptr<PuzzleCursor> opened(new PuzzleCursor(path_, db_, stmt));
  int rc = BindFilter(stmt, query.filter);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":after_id", query.after_id);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":limit", query.limit);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":seed", static_cast<int64_t>(query.sample_seed));
  if (rc != SQLITE_OK) return Error("cannot bind the puzzle query");
  *cursor = std::move(opened);
  return Status::Ok();
}

template <typename ReadRow>
Status CorpusReader::ForEachRow(const std::string& sql, const PuzzleFilter& filter,
                                ReadRow read_row) {
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return Error("cannot prepare \"" + sql + "\"");
  }
  int rc = BindFilter(stmt, filter);
  if (rc == SQLITE_OK) {
    while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) read_row(stmt);
  }
  Status result = rc == SQLITE_DONE ? Status::Ok() : Error("cannot read the corpus");
  sqlite3_finalize(stmt);
  return result;
}

Status CorpusReader::CountPuzzles(const PuzzleFilter& filter, int64_t* count) {
  *count = 0;
  return ForEachRow("SELECT count(*) FROM puzzles WHERE " + FilterConditions(filter), filter,
                    [count](sqlite3_stmt* stmt) { *count = sqlite3_column_int64(stmt, 0); });
}

Status CorpusReader::CountByLevel(const PuzzleFilter& filter, std::vector<LevelCount>* counts) {
  counts->clear();
  Status s = ForEachRow(
      "SELECT level, count(*) FROM puzzles WHERE " + FilterConditions(filter) + " GROUP BY level",
      filter, [counts](sqlite3_stmt* stmt) {
        counts->push_back({ColumnText(stmt, 0), sqlite3_column_int64(stmt, 1)});
      });
  std::stable_sort(counts->begin(), counts->end(), [](const LevelCount& a, const LevelCount& b) {
    return LevelRank(a.level) < LevelRank(b.level);
  });
  return s;
}

Status CorpusReader::Histogram(ScoreColumn column, const PuzzleFilter& filter,
                               std::vector<ValueCount>* out) {
  out->clear();
  const std::string name = ColumnName(column);
  return ForEachRow("SELECT " + name + ", count(*) FROM puzzles WHERE " + FilterConditions(filter) +
                        " GROUP BY " + name + " ORDER BY " + name,
                    filter, [out](sqlite3_stmt* stmt) {
                      out->push_back({ColumnInt(stmt, 0), sqlite3_column_int64(stmt, 1)});
                    });
}

Status CorpusReader::LevelHistogram(ScoreColumn column, const PuzzleFilter& filter,
                                    std::vector<LevelValueCount>* out) {
  out->clear();
  const std::string name = ColumnName(column);
  return ForEachRow(
      "SELECT level, " + name + ", count(*) FROM puzzles WHERE " + FilterConditions(filter) +
          " GROUP BY level, " + name + " ORDER BY level, " + name,
      filter, [out](sqlite3_stmt* stmt) {
        out->push_back({ColumnText(stmt, 0), ColumnInt(stmt, 1), sqlite3_column_int64(stmt, 2)});
      });
}

Status CorpusReader::JointHistogram(const PuzzleFilter& filter,
                                    std::vector<CluesFreedomCount>* out) {
  out->clear();
  return ForEachRow(
      "SELECT clues, freedom, count(*) FROM puzzles WHERE " + FilterConditions(filter) +
          " GROUP BY clues, freedom ORDER BY 1, 2",
      filter, [out](sqlite3_stmt* stmt) {
        out->push_back({ColumnInt(stmt, 0), ColumnInt(stmt, 1), sqlite3_column_int64(stmt, 2)});
      });
}

Status CorpusReader::Summarize(ScoreColumn column, const PuzzleFilter& filter,
                               ScoreSummary* summary) {
  std::vector<ValueCount> histogram;
  Status s = Histogram(column, filter, &histogram);
  *summary = SummarizeHistogram(histogram);
  return s;
}

Status CorpusReader::ListRuns(const PuzzleFilter& filter, std::vector<RunRow>* runs) {
  runs->clear();
  // Inside the subquery unqualified names are the puzzles' columns.
  const std::string sql =
      "SELECT r.id, r.seed, r.params, r.tool_version, r.started_at, r.finished_at, r.requested, "
      "r.written, r.status, (SELECT count(*) FROM puzzles WHERE " +
      FilterConditions(filter, "puzzles.run_id = r.id") + ") FROM runs AS r" +
      (filter.run_id != 0 ? " WHERE r.id = :run_id" : "") + " ORDER BY r.id";
  return ForEachRow(sql, filter, [runs](sqlite3_stmt* stmt) {
    RunRow row;
    row.id = sqlite3_column_int64(stmt, 0);
    row.seed = ColumnText(stmt, 1);
    row.params_json = ColumnText(stmt, 2);
    row.tool_version = ColumnText(stmt, 3);
    row.started_at = ColumnText(stmt, 4);
    row.finished_at = ColumnText(stmt, 5);
    row.requested = sqlite3_column_int64(stmt, 6);
    row.written = sqlite3_column_int64(stmt, 7);
    row.status = ColumnText(stmt, 8);
    row.stored = sqlite3_column_int64(stmt, 9);
    runs->push_back(std::move(row));
  });
}

Status CorpusReader::HasRun(int64_t run_id, bool* exists) {
  *exists = false;
  PuzzleFilter filter;
  filter.run_id = run_id;
  return ForEachRow("SELECT 1 FROM runs WHERE id = :run_id", filter,
                    [exists](sqlite3_stmt*) { *exists = true; });
}

}  // namespace sudoku
