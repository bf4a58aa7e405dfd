// CorpusReader: see include/sudoku/storage/corpus_reader.h.
//
// Every query is built from the same filter clause (storage/corpus_filter.h). Histograms are
// GROUP BY aggregates; quartiles come from the clue and freedom histograms (at most 82 and 730
// rows), which is exact and one pass, where ORDER BY ... LIMIT 1 OFFSET k would step k rows for
// each quartile anyway.
#include "sudoku/storage/corpus_reader.h"

#include <sqlite3.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <system_error>
#include <utility>

#include "storage/connection.h"
#include "storage/corpus_check.h"
#include "storage/corpus_filter.h"
#include "storage/puzzle_row.h"
#include "storage/read_only.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/scorer.h"
#include "sudoku/run/params.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

using storage_internal::BindFilter;
using storage_internal::BindInt;
using storage_internal::ColumnText;
using storage_internal::FilterConditions;
using storage_internal::kPuzzleColumns;

constexpr int kBusyTimeoutMs = 5000;
constexpr char kSampleKeyFunction[] = "sudoku_sample_key";

// sudoku_sample_key(seed, id): ItemSeed(seed, id) with the top bit flipped, so that SQLite's
// signed order is the unsigned order of ItemSeed.
void SampleKey(sqlite3_context* context, int, sqlite3_value** args) {
  const auto seed = static_cast<uint64_t>(sqlite3_value_int64(args[0]));
  const auto id = static_cast<uint64_t>(sqlite3_value_int64(args[1]));
  sqlite3_result_int64(context, static_cast<int64_t>(ItemSeed(seed, id) ^ (1ull << 63)));
}

// The canonical forms of a row as read: a schema-1 row equivalent to an earlier one (no key, no
// collision form) has none, as before schema 016 stopped storing them.
void AddCanonicalForms(bool canonical, bool solution_canonical, StoredPuzzle* p) {
  if (canonical) {
    const ParseResult givens = ParseGrid(p->givens);
    const bool has_form = p->has_canonical_key || !p->collision_canonical.empty();
    p->canonical = givens.ok && has_form ? ToString(CanonicalForm(givens.grid)) : "";
  }
  if (solution_canonical) {
    const ParseResult solution = ParseGrid(p->solution);
    p->solution_canonical = solution.ok ? ToString(CanonicalGrid(solution.grid)) : "";
  }
}

int ColumnInt(sqlite3_stmt* stmt, int column) { return sqlite3_column_int(stmt, column); }

// Position of `name` in `names` (anything with a .name), or names.size() if it is not there.
template <typename Named>
size_t RankOf(std::span<const Named> names, const std::string& name) {
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].name == name) return i;
  }
  return names.size();
}

// The stored integer column behind a score (ratings in tenths: schema/014_rating_se_units.sql),
// so that histograms and means come out in the units the reader's types hold.
std::string StoredColumn(ScoreColumn column) {
  const std::string name = ColumnName(column);
  const bool tenths =
      column == ScoreColumn::kRating || column == ScoreColumn::kEp || column == ScoreColumn::kEd;
  return tenths ? name + "_tenths" : name;
}

}  // namespace

const char* ColumnName(ScoreColumn column) {
  switch (column) {
    case ScoreColumn::kClues:
      return "clues";
    case ScoreColumn::kFreedom:
      return "freedom";
    case ScoreColumn::kRating:
      return "rating";
    case ScoreColumn::kEp:
      return "ep";
    case ScoreColumn::kEd:
      return "ed";
  }
  return "clues";
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

struct PuzzleCursor::Rows {
  ~Rows() { sqlite3_finalize(stmt); }  // no-op for nullptr
  sqlite3* db = nullptr;               // the reader's: a cursor must not outlive its reader
  sqlite3_stmt* stmt = nullptr;        // null once the rows are read
  bool canonical = false;              // PuzzleQuery's
  bool solution_canonical = false;
};

PuzzleCursor::PuzzleCursor(const std::string& path, std::unique_ptr<Rows> rows)
    : path_(path), rows_(std::move(rows)) {}

PuzzleCursor::~PuzzleCursor() = default;

struct CorpusReader::Sqlite {
  ~Sqlite() { sqlite3_close_v2(db); }  // ends the read transaction; no-op for nullptr
  sqlite3* db = nullptr;
};

bool PuzzleCursor::Next(StoredPuzzle* puzzle) {
  if (rows_->stmt == nullptr) return false;
  const int rc = sqlite3_step(rows_->stmt);
  if (rc == SQLITE_ROW) {
    storage_internal::ReadPuzzleRow(rows_->stmt, puzzle);
    AddCanonicalForms(rows_->canonical, rows_->solution_canonical, puzzle);
    return true;
  }
  if (rc != SQLITE_DONE) {
    status_ = storage_internal::SqliteError(rows_->db, path_, "cannot read puzzles");
  }
  sqlite3_finalize(rows_->stmt);
  rows_->stmt = nullptr;
  return false;
}

Status CorpusReader::Open(const std::string& path, std::unique_ptr<CorpusReader>* reader) {
  reader->reset();
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) {
    return Status::NotFound(path + ": no such corpus database");
  }
  if (std::filesystem::is_directory(path, ec)) {
    return Status::InvalidArgument(path + ": is a directory, not a corpus database");
  }
  auto sqlite = std::make_unique<Sqlite>();  // owns the connection from here
  const int rc = storage_internal::OpenReadOnly(path, SQLITE_OPEN_NOMUTEX, &sqlite->db);
  sqlite3* db = sqlite->db;
  std::unique_ptr<CorpusReader> opened(new CorpusReader(path, std::move(sqlite)));
  if (db == nullptr) return Status::IoError(path + ": cannot open database (out of memory)");
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
  if (opened->version_ < StoreSchemaVersion()) {
    return Status::NotSupported(path + ": schema version " + std::to_string(opened->version_) +
                                " is older than this sudoku-corpus (" +
                                std::to_string(StoreSchemaVersion()) +
                                "); upgrade the file with: sudoku-corpus migrate --db " + path);
  }
  if (sqlite3_create_function_v2(db, kSampleKeyFunction, 2,
                                 SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr,
                                 SampleKey, nullptr, nullptr, nullptr) != SQLITE_OK) {
    return opened->Error("cannot register the sampling function");
  }
  if (storage_internal::RegisterSqlFunctions(db) != SQLITE_OK) {
    return opened->Error("cannot register the tool's SQL functions");
  }
  *reader = std::move(opened);
  return Status::Ok();
}

CorpusReader::CorpusReader(std::string path, std::unique_ptr<Sqlite> sqlite)
    : path_(std::move(path)), sqlite_(std::move(sqlite)) {}

CorpusReader::~CorpusReader() = default;

Status CorpusReader::CheckIntegrity(bool full, int max_problems,
                                    std::vector<std::string>* problems) {
  return storage_internal::CheckIntegrity(sqlite_->db, path_, full, max_problems, problems);
}

Status CorpusReader::Error(const std::string& what) const {
  return storage_internal::SqliteError(sqlite_->db, path_, what);
}

Status CorpusReader::Query(const PuzzleQuery& query, std::unique_ptr<PuzzleCursor>* cursor) {
  cursor->reset();
  const std::string where =
      FilterConditions(query.filter, query.after_id > 0 ? "id > :after_id" : "");
  const std::string limit = query.limit > 0 ? " LIMIT :limit" : "";
  std::string sql;
  if (query.sample) {
    if (query.limit <= 0) {
      return Status::InvalidArgument(path_ + ": a sample needs a size above 0");
    }
    sql = std::string("SELECT ") + kPuzzleColumns + " FROM (SELECT " + kPuzzleColumns +
          " FROM puzzles WHERE " + where + " ORDER BY " + kSampleKeyFunction + "(:seed, id)" +
          limit + ") ORDER BY id";
  } else {
    sql = std::string("SELECT ") + kPuzzleColumns + " FROM puzzles WHERE " + where +
          " ORDER BY id" + limit;
  }
  sqlite3_stmt* stmt = nullptr;
  if (sqlite3_prepare_v2(sqlite_->db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
    return Error("cannot prepare the puzzle query");
  }
  std::unique_ptr<PuzzleCursor> opened(
      new PuzzleCursor(path_, std::unique_ptr<PuzzleCursor::Rows>(new PuzzleCursor::Rows{
                                  .db = sqlite_->db,
                                  .stmt = stmt,
                                  .canonical = query.canonical,
                                  .solution_canonical = query.solution_canonical})));
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
  if (sqlite3_prepare_v2(sqlite_->db, sql.c_str(), -1, &stmt, nullptr) != SQLITE_OK) {
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

Status CorpusReader::CountPearlsAndDiamonds(const PuzzleFilter& filter, int64_t* pearls,
                                            int64_t* diamonds) {
  *pearls = *diamonds = 0;
  return ForEachRow(
      "SELECT count(*) FILTER (WHERE ep_tenths = rating_tenths), count(*) FILTER (WHERE "
      "ed_tenths = rating_tenths) FROM puzzles WHERE " +
          FilterConditions(filter),
      filter, [pearls, diamonds](sqlite3_stmt* stmt) {
        *pearls = sqlite3_column_int64(stmt, 0);
        *diamonds = sqlite3_column_int64(stmt, 1);
      });
}

template <typename Rank>
Status CorpusReader::CountBy(const char* column, const PuzzleFilter& filter, Rank rank,
                             std::vector<LevelCount>* counts) {
  counts->clear();
  const std::string name = column;
  Status s = ForEachRow("SELECT " + name + ", count(*) FROM puzzles WHERE " +
                            FilterConditions(filter) + " GROUP BY " + name + " ORDER BY " + name,
                        filter, [counts](sqlite3_stmt* stmt) {
                          counts->push_back({ColumnText(stmt, 0), sqlite3_column_int64(stmt, 1)});
                        });
  std::stable_sort(
      counts->begin(), counts->end(),
      [&rank](const LevelCount& a, const LevelCount& b) { return rank(a.level) < rank(b.level); });
  return s;
}

Status CorpusReader::CountByLevel(const PuzzleFilter& filter, std::vector<LevelCount>* counts) {
  return CountBy(
      "level", filter, [](const std::string& name) { return RankOf(RatingBands(), name); }, counts);
}

Status CorpusReader::CountByClueClass(const PuzzleFilter& filter, std::vector<LevelCount>* counts) {
  return CountBy(
      "clue_level", filter, [](const std::string& name) { return RankOf(ClueClasses(), name); },
      counts);
}

Status CorpusReader::CountByHardest(const PuzzleFilter& filter, std::vector<LevelCount>* counts) {
  return CountBy(
      "hardest", filter,
      [](const std::string& name) {
        const auto technique = ParseTechnique(name);
        return technique ? static_cast<size_t>(*technique) : static_cast<size_t>(kTechniqueCount);
      },
      counts);
}

Status CorpusReader::RatingBy(ScoreColumn column, const PuzzleFilter& filter,
                              std::vector<MeanRating>* out) {
  out->clear();
  const std::string name = StoredColumn(column);
  return ForEachRow("SELECT " + name + ", count(*), avg(rating_tenths) FROM puzzles WHERE " +
                        FilterConditions(filter) + " GROUP BY " + name + " ORDER BY " + name,
                    filter, [out](sqlite3_stmt* stmt) {
                      out->push_back({ColumnInt(stmt, 0), sqlite3_column_int64(stmt, 1),
                                      sqlite3_column_double(stmt, 2)});
                    });
}

Status CorpusReader::Correlation(ScoreColumn a, ScoreColumn b, const PuzzleFilter& filter,
                                 double* r) {
  *r = 0;
  const std::string x = StoredColumn(a), y = StoredColumn(b);
  double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
  Status s = ForEachRow("SELECT count(*), total(" + x + "), total(" + y + "), total(" + x + "*" +
                            x + "), total(" + y + "*" + y + "), total(" + x + "*" + y +
                            ") FROM puzzles WHERE " + FilterConditions(filter),
                        filter, [&](sqlite3_stmt* stmt) {
                          n = sqlite3_column_double(stmt, 0);
                          sx = sqlite3_column_double(stmt, 1);
                          sy = sqlite3_column_double(stmt, 2);
                          sxx = sqlite3_column_double(stmt, 3);
                          syy = sqlite3_column_double(stmt, 4);
                          sxy = sqlite3_column_double(stmt, 5);
                        });
  const double vx = n * sxx - sx * sx, vy = n * syy - sy * sy;
  if (s.ok() && n >= 2 && vx > 0 && vy > 0) *r = (n * sxy - sx * sy) / std::sqrt(vx * vy);
  return s;
}

Status CorpusReader::Histogram(ScoreColumn column, const PuzzleFilter& filter,
                               std::vector<ValueCount>* out) {
  out->clear();
  const std::string name = StoredColumn(column);
  return ForEachRow("SELECT " + name + ", count(*) FROM puzzles WHERE " + FilterConditions(filter) +
                        " GROUP BY " + name + " ORDER BY " + name,
                    filter, [out](sqlite3_stmt* stmt) {
                      out->push_back({ColumnInt(stmt, 0), sqlite3_column_int64(stmt, 1)});
                    });
}

Status CorpusReader::LevelHistogram(ScoreColumn column, const PuzzleFilter& filter,
                                    std::vector<LevelValueCount>* out) {
  out->clear();
  const std::string name = StoredColumn(column);
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
      "r.written, r.status, r.duplicates, r.next_item, (SELECT count(*) FROM puzzles WHERE " +
      FilterConditions(filter, "puzzles.run_id = r.id") +
      "), (SELECT coalesce(max(item_index) + 1, 0) FROM puzzles WHERE run_id = r.id) FROM runs AS "
      "r" +
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
    row.duplicates = sqlite3_column_int64(stmt, 9);
    row.next_item = sqlite3_column_int64(stmt, 10);
    row.stored = sqlite3_column_int64(stmt, 11);
    row.end_item = sqlite3_column_int64(stmt, 12);
    runs->push_back(std::move(row));
  });
}

Status CorpusReader::FindCopiedCollisionRows(std::vector<int64_t>* ids) {
  ids->clear();
  // The outer scan reads the partial index (empty in practice). A collision row equals another
  // row if another collision row holds its form (the partial index finds it), or if the row
  // holding its key has that form: no other row can, its key being the form's.
  return ForEachRow(
      "SELECT c.id FROM puzzles AS c INDEXED BY puzzles_canonical_collision "
      "WHERE c.collision_canonical IS NOT NULL AND (EXISTS (SELECT 1 FROM puzzles AS o "
      "WHERE o.collision_canonical = c.collision_canonical AND o.id <> c.id) OR EXISTS "
      "(SELECT 1 FROM puzzles AS o WHERE o.canonical_key = "
      "sudoku_canonical_key(c.collision_canonical) AND "
      "sudoku_canonical_form(o.givens_packed) = c.collision_canonical)) ORDER BY c.id",
      PuzzleFilter(), [ids](sqlite3_stmt* stmt) { ids->push_back(sqlite3_column_int64(stmt, 0)); });
}

Status CorpusReader::CountByGridMethod(const PuzzleFilter& filter,
                                       std::vector<GridMethodStats>* out) {
  out->clear();
  // Duplicates are counted per run; a run uses one grid method (runs.params).
  Status s = ForEachRow(
      "SELECT grid_method, count(*), count(DISTINCT sudoku_grid_key(solution_packed)), avg(clues), "
      "avg(freedom), avg(rating_tenths) FROM puzzles WHERE " +
          FilterConditions(filter) + " GROUP BY grid_method ORDER BY grid_method",
      filter, [out](sqlite3_stmt* stmt) {
        GridMethodStats row;
        row.grid_method = ColumnText(stmt, 0);
        row.puzzles = sqlite3_column_int64(stmt, 1);
        row.distinct_grids = sqlite3_column_int64(stmt, 2);
        row.mean_clues = sqlite3_column_double(stmt, 3);
        row.mean_freedom = sqlite3_column_double(stmt, 4);
        row.mean_rating = sqlite3_column_double(stmt, 5);
        out->push_back(std::move(row));
      });
  if (!s.ok()) return s;
  // The grid method is read from the params by the run codec, which owns their form.
  std::map<std::string, int64_t> duplicates;  // grid method -> duplicates of its runs
  bool bad_params = false;
  s = ForEachRow("SELECT params, duplicates FROM runs" +
                     std::string(filter.run_id != 0 ? " WHERE id = :run_id" : ""),
                 filter, [&](sqlite3_stmt* stmt) {
                   std::string method;
                   bad_params |= !GridMethodOfRun(ColumnText(stmt, 0), &method).ok();
                   duplicates[method] += sqlite3_column_int64(stmt, 1);
                 });
  if (!s.ok()) return s;
  if (bad_params) return Status::Corruption(path_ + ": cannot read the corpus (malformed JSON)");
  for (GridMethodStats& row : *out) {
    if (const auto it = duplicates.find(row.grid_method); it != duplicates.end()) {
      row.duplicates = it->second;
    }
  }
  return Status::Ok();
}

Status CorpusReader::HasRun(int64_t run_id, bool* exists) {
  *exists = false;
  PuzzleFilter filter;
  filter.run_id = run_id;
  return ForEachRow("SELECT 1 FROM runs WHERE id = :run_id", filter,
                    [exists](sqlite3_stmt*) { *exists = true; });
}

}  // namespace sudoku
