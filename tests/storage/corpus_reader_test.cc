// Tests of CorpusReader (include/sudoku/storage/corpus_reader.h): refusing what is not a readable
// corpus without touching it, and filters, samples, counts, histograms and quartiles checked
// against values computed here from all rows. The corpus is made once, by the real pipeline
// and store: two runs of different shape.
#include "sudoku/storage/corpus_reader.h"

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/sqlite_query.h"
#include "sudoku/core/canonical.h"
#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/rng.h"
#include "sudoku/core/scorer.h"
#include "sudoku/pipeline/pipeline.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

namespace fs = std::filesystem;
using testing::StoreDb;

std::string TempPath(const std::string& name) {
  return (fs::temp_directory_path() /
          ("corpus_reader_test_" + std::to_string(getpid()) + "_" + name))
      .string();
}

void RemoveDb(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(path + suffix, ec);
}

std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Appends one run of `count` puzzles made by the pipeline to the store.
void AddRun(SqliteStore& store, uint64_t seed, int64_t count, bool minimal,
            GridMethod method = GridMethod::kSearch, Symmetry symmetry = Symmetry::kNone) {
  RunInfo info;
  info.seed = seed;
  info.params_json = R"({"test":true})";
  info.tool_version = "corpus_reader_test";
  info.requested = count;
  int64_t run_id = 0;
  ASSERT_TRUE(store.BeginRun(info, &run_id).ok());
  PipelineOptions options;
  options.seed = seed;
  options.count = count;
  options.batch_size = 64;
  options.generator.dig.minimal = minimal;
  if (!minimal) options.generator.dig = {26, 56, false};
  options.generator.grid_method = method;
  options.generator.dig.symmetry = symmetry;
  PipelineResult result;
  const Status status = RunPipeline(options, &store, &result);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_TRUE(store.EndRun("finished").ok());
}

// Every row of `puzzles`, read with plain SQLite as a SQL user reads it (the text columns that
// the schema computes from the stored codes): the reference the reader is checked against.
std::vector<StoredPuzzle> AllRows(sqlite3* db) {
  std::vector<StoredPuzzle> rows;
  sqlite3_stmt* stmt = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db,
                               "SELECT id, run_id, item_index, givens, solution, clues, freedom, "
                               "level, symmetry, grid_method, dig_order, clue_level, "
                               "rating_tenths, hardest, guesses, techniques, canonical_key, "
                               "coalesce(collision_canonical, ''), ep_tenths, ed_tenths "
                               "FROM puzzles JOIN puzzle_techniques USING (id) ORDER BY id",
                               -1, &stmt, nullptr),
            SQLITE_OK);
  auto text = [stmt](int col) {
    return std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, col)));
  };
  while (sqlite3_step(stmt) == SQLITE_ROW) {
    StoredPuzzle p;
    p.id = sqlite3_column_int64(stmt, 0);
    p.run_id = sqlite3_column_int64(stmt, 1);
    p.item_index = sqlite3_column_int64(stmt, 2);
    p.givens = text(3);
    p.solution = text(4);
    p.clues = sqlite3_column_int(stmt, 5);
    p.freedom = sqlite3_column_int(stmt, 6);
    p.level = text(7);
    p.symmetry = text(8);
    p.grid_method = text(9);
    p.dig_order = text(10);
    p.clue_class = text(11);
    p.rating = sqlite3_column_int(stmt, 12);
    p.hardest = text(13);
    p.guesses = sqlite3_column_int(stmt, 14);
    p.techniques = text(15);
    p.has_canonical_key = sqlite3_column_type(stmt, 16) != SQLITE_NULL;
    p.canonical_key = sqlite3_column_int64(stmt, 16);
    p.collision_canonical = text(17);
    p.ep = sqlite3_column_int(stmt, 18);
    p.ed = sqlite3_column_int(stmt, 19);
    // The forms the corpus no longer stores, as the core computes them.
    p.canonical = ToString(CanonicalForm(ParseGrid(p.givens).grid));
    p.solution_canonical = ToString(CanonicalGrid(ParseGrid(p.solution).grid));
    rows.push_back(std::move(p));
  }
  sqlite3_finalize(stmt);
  return rows;
}

bool Matches(const PuzzleFilter& f, const StoredPuzzle& p) {
  return (f.level.empty() || p.level == f.level) &&
         (f.clue_class.empty() || p.clue_class == f.clue_class) && p.rating >= f.min_rating &&
         p.rating <= f.max_rating && (f.grid_method.empty() || p.grid_method == f.grid_method) &&
         (f.symmetry.empty() || p.symmetry == f.symmetry) && p.clues >= f.min_clues &&
         p.clues <= f.max_clues && p.freedom >= f.min_freedom && p.freedom <= f.max_freedom &&
         (f.run_id == 0 || p.run_id == f.run_id);
}

std::vector<StoredPuzzle> Select(const std::vector<StoredPuzzle>& rows, const PuzzleFilter& f) {
  std::vector<StoredPuzzle> out;
  std::copy_if(rows.begin(), rows.end(), std::back_inserter(out),
               [&f](const StoredPuzzle& p) { return Matches(f, p); });
  return out;
}

std::vector<StoredPuzzle> ReadAll(CorpusReader& reader, const PuzzleQuery& query) {
  std::unique_ptr<PuzzleCursor> cursor;
  const Status s = reader.Query(query, &cursor);
  EXPECT_TRUE(s.ok()) << s.message();
  std::vector<StoredPuzzle> out;
  if (cursor == nullptr) return out;
  StoredPuzzle p;
  while (cursor->Next(&p)) out.push_back(p);
  EXPECT_TRUE(cursor->status().ok()) << cursor->status().message();
  return out;
}

std::vector<int64_t> Ids(const std::vector<StoredPuzzle>& rows) {
  std::vector<int64_t> ids;
  for (const StoredPuzzle& p : rows) ids.push_back(p.id);
  return ids;
}

PuzzleFilter MakeFilter(std::string level, int min_clues, int max_clues, int min_freedom,
                        int max_freedom, int64_t run_id) {
  PuzzleFilter f;
  f.level = std::move(level);
  f.min_clues = min_clues;
  f.max_clues = max_clues;
  f.min_freedom = min_freedom;
  f.max_freedom = max_freedom;
  f.run_id = run_id;
  return f;
}

PuzzleFilter WithMethod(PuzzleFilter f, std::string grid_method, std::string symmetry) {
  f.grid_method = std::move(grid_method);
  f.symmetry = std::move(symmetry);
  return f;
}

PuzzleFilter WithRating(PuzzleFilter f, std::string clue_class, int min_rating, int max_rating) {
  f.clue_class = std::move(clue_class);
  f.min_rating = min_rating;
  f.max_rating = max_rating;
  return f;
}

// Filters that together cover every condition alone and combined, and one that matches nothing.
std::vector<PuzzleFilter> SomeFilters() {
  return {
      PuzzleFilter{},
      MakeFilter("hard", 0, 81, 0, 729, 0),
      MakeFilter("", 30, 40, 0, 729, 0),
      MakeFilter("", 0, 81, 100, 180, 0),
      MakeFilter("", 0, 81, 0, 729, 2),
      MakeFilter("medium", 35, 44, 80, 200, 1),
      MakeFilter("easy", 0, 81, 0, 729, 2),  // run 2 is minimal: few or no easy puzzles
      MakeFilter("", 17, 17, 0, 729, 0),
      WithMethod(MakeFilter("", 0, 81, 0, 729, 0), "pattern", ""),
      WithMethod(MakeFilter("", 30, 50, 0, 729, 0), "search", "none"),
      WithMethod(MakeFilter("", 0, 81, 0, 729, 0), "", "rot180"),
      WithMethod(MakeFilter("", 0, 81, 0, 729, 1), "", "rot180"),  // nothing
      WithRating(MakeFilter("", 0, 81, 0, 729, 0), "", 24, 64),
      WithRating(MakeFilter("", 0, 81, 0, 729, 2), "hard", 0, 1000),
      WithRating(MakeFilter("expert", 0, 81, 0, 729, 0), "medium", 65, 100),
  };
}

// Reference quantile: the value at sorted position floor(p * (n - 1)).
int Quantile(std::vector<int> values, double p) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(p * static_cast<double>(values.size() - 1))];
}

// One corpus for the suite: run 1 = 300 puzzles with 26-56 clues, run 2 = 150 minimal ones,
// run 3 = 60 with 26-56 clues from pattern grids, dug with rot180 symmetry.
class CorpusReaderTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    path_ = new std::string(TempPath("corpus.db"));
    RemoveDb(*path_);
    std::unique_ptr<SqliteStore> store;
    ASSERT_TRUE(SqliteStore::Open(*path_, &store).ok());
    AddRun(*store, 11, 300, false);
    AddRun(*store, 12, 150, true);
    AddRun(*store, 13, 60, false, GridMethod::kPattern, Symmetry::kRot180);
    rows_ = new std::vector<StoredPuzzle>(AllRows(StoreDb(*store)));
  }
  static void TearDownTestSuite() {
    RemoveDb(*path_);
    delete path_;
    delete rows_;
  }
  void SetUp() override {
    const Status s = CorpusReader::Open(*path_, &reader_);
    ASSERT_TRUE(s.ok()) << s.message();
  }

  static std::string* path_;
  static std::vector<StoredPuzzle>* rows_;
  std::unique_ptr<CorpusReader> reader_;
};
std::string* CorpusReaderTest::path_ = nullptr;
std::vector<StoredPuzzle>* CorpusReaderTest::rows_ = nullptr;

using CorpusReaderQuery = CorpusReaderTest;
using CorpusReaderStats = CorpusReaderTest;

TEST_F(CorpusReaderQuery, YieldsEveryRowInIdOrder) {
  ASSERT_EQ(rows_->size(), 510u);
  PuzzleQuery with_forms;
  with_forms.canonical = true;
  with_forms.solution_canonical = true;
  const std::vector<StoredPuzzle> all = ReadAll(*reader_, with_forms);
  ASSERT_EQ(all.size(), rows_->size());
  for (size_t i = 0; i < all.size(); ++i) {
    // The codes the tool decodes against the text SQLite computes from them.
    EXPECT_EQ(all[i].hardest, (*rows_)[i].hardest);
    EXPECT_EQ(all[i].techniques, (*rows_)[i].techniques);
    EXPECT_EQ(all[i].clue_class, (*rows_)[i].clue_class);
    EXPECT_EQ(all[i].rating, (*rows_)[i].rating);
    EXPECT_EQ(all[i].ep, (*rows_)[i].ep);
    EXPECT_EQ(all[i].ed, (*rows_)[i].ed);
    EXPECT_EQ(all[i].collision_canonical, "");
    EXPECT_EQ(all[i].id, (*rows_)[i].id);
    EXPECT_EQ(all[i].givens, (*rows_)[i].givens);
    EXPECT_EQ(all[i].solution, (*rows_)[i].solution);
    EXPECT_EQ(all[i].freedom, (*rows_)[i].freedom);
    EXPECT_EQ(all[i].level, (*rows_)[i].level);
    EXPECT_EQ(all[i].item_index, (*rows_)[i].item_index);
    EXPECT_EQ(all[i].grid_method, (*rows_)[i].grid_method);
    EXPECT_EQ(all[i].symmetry, (*rows_)[i].symmetry);
    EXPECT_EQ(all[i].dig_order, (*rows_)[i].dig_order);
    EXPECT_EQ(all[i].canonical, (*rows_)[i].canonical);
    EXPECT_EQ(all[i].solution_canonical, (*rows_)[i].solution_canonical);
    EXPECT_EQ(all[i].canonical.size(), 81u);
    EXPECT_TRUE(all[i].has_canonical_key);
    EXPECT_EQ(all[i].canonical_key, (*rows_)[i].canonical_key);
  }
  EXPECT_EQ(reader_->schema_version(), StoreSchemaVersion());
  // Unasked, the cursor leaves them out: they cost a computation a row.
  const std::vector<StoredPuzzle> plain = ReadAll(*reader_, PuzzleQuery{});
  ASSERT_EQ(plain.size(), rows_->size());
  EXPECT_EQ(plain[0].canonical, "");
  EXPECT_EQ(plain[0].solution_canonical, "");
  EXPECT_EQ(plain[0].givens, all[0].givens);
}

TEST_F(CorpusReaderQuery, FiltersSelectExactlyTheMatchingRows) {
  for (const PuzzleFilter& filter : SomeFilters()) {
    PuzzleQuery query;
    query.filter = filter;
    EXPECT_EQ(Ids(ReadAll(*reader_, query)), Ids(Select(*rows_, filter)))
        << "level '" << filter.level << "' clues " << filter.min_clues << "-" << filter.max_clues
        << " run " << filter.run_id;
    int64_t count = -1;
    ASSERT_TRUE(reader_->CountPuzzles(filter, &count).ok());
    EXPECT_EQ(count, static_cast<int64_t>(Select(*rows_, filter).size()));
  }
}

TEST_F(CorpusReaderQuery, LimitAndAfterIdPageThroughTheRows) {
  PuzzleQuery query;
  query.filter.level = "hard";
  query.limit = 7;
  const std::vector<StoredPuzzle> expected = Select(*rows_, query.filter);
  std::vector<int64_t> paged;
  for (;;) {
    const std::vector<StoredPuzzle> page = ReadAll(*reader_, query);
    ASSERT_LE(page.size(), 7u);
    if (page.empty()) break;
    for (const StoredPuzzle& p : page) paged.push_back(p.id);
    query.after_id = page.back().id;
  }
  EXPECT_EQ(paged, Ids(expected));
}

TEST_F(CorpusReaderQuery, SampleIsDeterministicAndASubsetInIdOrder) {
  PuzzleQuery query;
  query.filter.run_id = 1;
  query.sample = true;
  query.limit = 20;
  query.sample_seed = 5;
  const std::vector<int64_t> first = Ids(ReadAll(*reader_, query));
  ASSERT_EQ(first.size(), 20u);
  EXPECT_TRUE(std::is_sorted(first.begin(), first.end()));
  EXPECT_EQ(Ids(ReadAll(*reader_, query)), first);
  std::set<int64_t> allowed;
  for (int64_t id : Ids(Select(*rows_, query.filter))) allowed.insert(id);
  for (int64_t id : first) EXPECT_TRUE(allowed.count(id)) << id;
  // Not simply the first ids, and another seed gives another sample.
  EXPECT_NE(first, Ids(std::vector<StoredPuzzle>(rows_->begin(), rows_->begin() + 20)));
  query.sample_seed = 6;
  EXPECT_NE(Ids(ReadAll(*reader_, query)), first);
  // The sample is the matching ids with the smallest ItemSeed(seed, id).
  query.sample_seed = 5;
  std::vector<int64_t> by_key(allowed.begin(), allowed.end());
  std::sort(by_key.begin(), by_key.end(), [](int64_t a, int64_t b) {
    return ItemSeed(5, static_cast<uint64_t>(a)) < ItemSeed(5, static_cast<uint64_t>(b));
  });
  by_key.resize(20);
  std::sort(by_key.begin(), by_key.end());
  EXPECT_EQ(by_key, first);
  // Asking for more than there are yields them all.
  query.limit = 100000;
  EXPECT_EQ(ReadAll(*reader_, query).size(), allowed.size());
}

TEST_F(CorpusReaderStats, CountsPerLevelInLevelOrder) {
  for (const PuzzleFilter& filter : SomeFilters()) {
    std::map<std::string, int64_t> expected;
    for (const StoredPuzzle& p : Select(*rows_, filter)) ++expected[p.level];
    std::vector<LevelCount> counts;
    ASSERT_TRUE(reader_->CountByLevel(filter, &counts).ok());
    ASSERT_EQ(counts.size(), expected.size());
    size_t last_rank = 0;
    for (const LevelCount& c : counts) {
      EXPECT_EQ(c.count, expected[c.level]) << c.level;
      const auto bands = RatingBands();
      const auto it = std::find_if(bands.begin(), bands.end(),
                                   [&c](const RatingBand& band) { return band.name == c.level; });
      ASSERT_NE(it, bands.end()) << c.level;
      const auto rank = static_cast<size_t>(it - bands.begin());
      EXPECT_GE(rank, last_rank);
      last_rank = rank;
    }
  }
}

TEST_F(CorpusReaderStats, HistogramsAndSummariesMatchTheRows) {
  for (const PuzzleFilter& filter : SomeFilters()) {
    const std::vector<StoredPuzzle> selected = Select(*rows_, filter);
    for (ScoreColumn column : {ScoreColumn::kClues, ScoreColumn::kFreedom}) {
      std::map<int, int64_t> expected;
      std::vector<int> values;
      for (const StoredPuzzle& p : selected) {
        const int value = column == ScoreColumn::kClues ? p.clues : p.freedom;
        ++expected[value];
        values.push_back(value);
      }
      std::vector<ValueCount> histogram;
      ASSERT_TRUE(reader_->Histogram(column, filter, &histogram).ok());
      ASSERT_EQ(histogram.size(), expected.size());
      for (const ValueCount& bucket : histogram) EXPECT_EQ(bucket.count, expected[bucket.value]);

      ScoreSummary s;
      ASSERT_TRUE(reader_->Summarize(column, filter, &s).ok());
      ASSERT_EQ(s.count, static_cast<int64_t>(values.size()));
      if (values.empty()) continue;
      double sum = 0;
      for (int v : values) sum += v;
      EXPECT_NEAR(s.mean, sum / static_cast<double>(values.size()), 1e-9);
      EXPECT_EQ(s.min, *std::min_element(values.begin(), values.end()));
      EXPECT_EQ(s.max, *std::max_element(values.begin(), values.end()));
      EXPECT_EQ(s.q1, Quantile(values, 0.25));
      EXPECT_EQ(s.median, Quantile(values, 0.5));
      EXPECT_EQ(s.q3, Quantile(values, 0.75));
    }
  }
}

TEST_F(CorpusReaderStats, LevelAndJointHistogramsMatchTheRows) {
  const PuzzleFilter filter = MakeFilter("", 0, 81, 60, 729, 0);
  std::map<std::pair<std::string, int>, int64_t> level_clues;
  std::map<std::pair<int, int>, int64_t> joint;
  for (const StoredPuzzle& p : Select(*rows_, filter)) {
    ++level_clues[{p.level, p.clues}];
    ++joint[{p.clues, p.freedom}];
  }
  std::vector<LevelValueCount> by_level;
  ASSERT_TRUE(reader_->LevelHistogram(ScoreColumn::kClues, filter, &by_level).ok());
  ASSERT_EQ(by_level.size(), level_clues.size());
  for (const LevelValueCount& c : by_level) EXPECT_EQ(c.count, (level_clues[{c.level, c.value}]));
  std::vector<CluesFreedomCount> pairs;
  ASSERT_TRUE(reader_->JointHistogram(filter, &pairs).ok());
  ASSERT_EQ(pairs.size(), joint.size());
  for (const CluesFreedomCount& c : pairs) EXPECT_EQ(c.count, (joint[{c.clues, c.freedom}]));
}

TEST_F(CorpusReaderStats, ListsRunsWithTheirMatchingPuzzles) {
  std::vector<RunRow> runs;
  ASSERT_TRUE(reader_->ListRuns(PuzzleFilter{}, &runs).ok());
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].id, 1);
  EXPECT_EQ(runs[0].seed, "11");
  EXPECT_EQ(runs[0].status, "finished");
  EXPECT_EQ(runs[0].written, 300);
  EXPECT_EQ(runs[0].stored, 300);
  EXPECT_EQ(runs[1].stored, 150);
  EXPECT_FALSE(runs[1].finished_at.empty());

  const PuzzleFilter hard_of_run_2 = MakeFilter("hard", 0, 81, 0, 729, 2);
  ASSERT_TRUE(reader_->ListRuns(hard_of_run_2, &runs).ok());
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].id, 2);
  EXPECT_EQ(runs[0].stored, static_cast<int64_t>(Select(*rows_, hard_of_run_2).size()));

  bool exists = false;
  ASSERT_TRUE(reader_->HasRun(2, &exists).ok());
  EXPECT_TRUE(exists);
  ASSERT_TRUE(reader_->HasRun(4, &exists).ok());
  EXPECT_FALSE(exists);
}

TEST_F(CorpusReaderStats, RatingCountsMeansAndCorrelationMatchTheRows) {
  for (const PuzzleFilter& filter : SomeFilters()) {
    const std::vector<StoredPuzzle> selected = Select(*rows_, filter);
    std::map<std::string, int64_t> clue_classes, hardest;
    std::map<int, std::pair<int64_t, double>> by_clues;
    std::map<int, int64_t> ratings;
    double n = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (const StoredPuzzle& p : selected) {
      ++clue_classes[p.clue_class];
      ++hardest[p.hardest];
      ++ratings[p.rating];
      ++by_clues[p.clues].first;
      by_clues[p.clues].second += p.rating;
      n += 1;
      sx += p.rating;
      sy += p.clues;
      sxx += double(p.rating) * p.rating;
      syy += double(p.clues) * p.clues;
      sxy += double(p.rating) * p.clues;
    }
    std::vector<LevelCount> counts;
    ASSERT_TRUE(reader_->CountByClueClass(filter, &counts).ok());
    ASSERT_EQ(counts.size(), clue_classes.size());
    for (const LevelCount& c : counts) EXPECT_EQ(c.count, clue_classes[c.level]);
    ASSERT_TRUE(reader_->CountByHardest(filter, &counts).ok());
    ASSERT_EQ(counts.size(), hardest.size());
    int last = -1;
    for (const LevelCount& c : counts) {
      EXPECT_EQ(c.count, hardest[c.level]);
      const auto technique = ParseTechnique(c.level);
      ASSERT_TRUE(technique.has_value()) << c.level;
      EXPECT_GT(static_cast<int>(*technique), last);  // in Technique order
      last = static_cast<int>(*technique);
    }
    std::vector<ValueCount> histogram;
    ASSERT_TRUE(reader_->Histogram(ScoreColumn::kRating, filter, &histogram).ok());
    ASSERT_EQ(histogram.size(), ratings.size());
    for (const ValueCount& bin : histogram) EXPECT_EQ(bin.count, ratings[bin.value]);
    std::vector<MeanRating> means;
    ASSERT_TRUE(reader_->RatingBy(ScoreColumn::kClues, filter, &means).ok());
    ASSERT_EQ(means.size(), by_clues.size());
    for (const MeanRating& m : means) {
      EXPECT_EQ(m.count, by_clues[m.value].first);
      EXPECT_NEAR(m.mean_rating, by_clues[m.value].second / m.count, 1e-9);
    }
    double r = 99;
    ASSERT_TRUE(reader_->Correlation(ScoreColumn::kRating, ScoreColumn::kClues, filter, &r).ok());
    const double vx = n * sxx - sx * sx, vy = n * syy - sy * sy;
    const double want = n >= 2 && vx > 0 && vy > 0 ? (n * sxy - sx * sy) / std::sqrt(vx * vy) : 0;
    EXPECT_NEAR(r, want, 1e-9);
  }
}

TEST_F(CorpusReaderStats, CountsVarietyPerGridMethod) {
  for (const PuzzleFilter& filter : SomeFilters()) {
    std::map<std::string, std::pair<int64_t, std::set<std::string>>> want;
    for (const StoredPuzzle& p : Select(*rows_, filter)) {
      ++want[p.grid_method].first;
      want[p.grid_method].second.insert(p.solution_canonical);
    }
    std::vector<GridMethodStats> got;
    ASSERT_TRUE(reader_->CountByGridMethod(filter, &got).ok());
    ASSERT_EQ(got.size(), want.size());
    for (const GridMethodStats& m : got) {
      EXPECT_EQ(m.puzzles, want[m.grid_method].first) << m.grid_method;
      EXPECT_EQ(m.distinct_grids, static_cast<int64_t>(want[m.grid_method].second.size()));
      EXPECT_EQ(m.duplicates, 0);  // each run's puzzles are new to the corpus
      double rating_sum = 0;
      for (const StoredPuzzle& p : Select(*rows_, filter)) {
        if (p.grid_method == m.grid_method) rating_sum += p.rating;
      }
      EXPECT_NEAR(m.mean_rating, rating_sum / static_cast<double>(m.puzzles), 1e-9);
    }
  }
  std::vector<GridMethodStats> all;
  ASSERT_TRUE(reader_->CountByGridMethod(PuzzleFilter{}, &all).ok());
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].grid_method, "pattern");
  EXPECT_EQ(all[1].grid_method, "search");
  EXPECT_EQ(all[1].distinct_grids, 450);  // the search method never repeated a grid here
}

TEST_F(CorpusReaderStats, ReadsOneSnapshotWhileAWriterAppends) {
  // On a file of its own, so that the suite's corpus stays as the other tests expect.
  const std::string path = TempPath("snapshot.db");
  RemoveDb(path);
  std::unique_ptr<SqliteStore> store;
  ASSERT_TRUE(SqliteStore::Open(path, &store).ok());
  AddRun(*store, 1, 40, false);
  std::unique_ptr<CorpusReader> reader;
  ASSERT_TRUE(CorpusReader::Open(path, &reader).ok());
  int64_t before = 0;
  ASSERT_TRUE(reader->CountPuzzles(PuzzleFilter{}, &before).ok());
  AddRun(*store, 2, 30, false);
  int64_t after = 0;
  ASSERT_TRUE(reader->CountPuzzles(PuzzleFilter{}, &after).ok());
  EXPECT_EQ(before, 40);
  EXPECT_EQ(after, 40);
  reader.reset();
  ASSERT_TRUE(CorpusReader::Open(path, &reader).ok());
  ASSERT_TRUE(reader->CountPuzzles(PuzzleFilter{}, &after).ok());
  EXPECT_EQ(after, 70);
  reader.reset();
  store.reset();
  RemoveDb(path);
}

TEST(CorpusReaderOpen, RefusesAMissingFileAndDoesNotCreateIt) {
  const std::string path = TempPath("missing.db");
  RemoveDb(path);
  std::unique_ptr<CorpusReader> reader;
  const Status s = CorpusReader::Open(path, &reader);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(s.message(), path + ": no such corpus database");
  EXPECT_EQ(reader, nullptr);
  EXPECT_FALSE(fs::exists(path));
}

// Each refused file names itself in the message and is left byte for byte as it was.
void ExpectRefused(const std::string& path, const std::string& expected_part) {
  const std::string before = ReadBytes(path);
  std::unique_ptr<CorpusReader> reader;
  const Status s = CorpusReader::Open(path, &reader);
  EXPECT_FALSE(s.ok());
  EXPECT_EQ(reader, nullptr);
  EXPECT_EQ(s.message().rfind(path + ": ", 0), 0u) << s.message();
  EXPECT_NE(s.message().find(expected_part), std::string::npos) << s.message();
  EXPECT_EQ(ReadBytes(path), before);
}

void ExecOnFile(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  EXPECT_EQ(sqlite3_exec(db, sql, nullptr, nullptr, nullptr), SQLITE_OK) << sqlite3_errmsg(db);
  sqlite3_close(db);
}

TEST(CorpusReaderOpen, RefusesWhatIsNotAReadableCorpus) {
  const std::string path = TempPath("refused.db");
  RemoveDb(path);
  { std::ofstream(path) << "just some text, not a database\n"; }
  ExpectRefused(path, "not a SQLite database");
  RemoveDb(path);
  { std::ofstream out(path); }
  ExpectRefused(path, "empty");
  RemoveDb(path);
  ExecOnFile(path, "CREATE TABLE notes(text)");
  ExpectRefused(path, "not a sudoku corpus");
  RemoveDb(path);
  {
    std::unique_ptr<SqliteStore> store;
    ASSERT_TRUE(SqliteStore::Open(path, &store).ok());
  }
  ExecOnFile(path, ("PRAGMA user_version = " + std::to_string(StoreSchemaVersion() + 1)).c_str());
  ExpectRefused(path, "newer");
  RemoveDb(path);
  fs::create_directory(path);
  std::unique_ptr<CorpusReader> reader;
  EXPECT_FALSE(CorpusReader::Open(path, &reader).ok());
  fs::remove(path);
}

TEST(CorpusReaderOpen, RefusesAnOlderSchemaAndSaysHowToUpgrade) {
  const std::string path = TempPath("older.db");
  RemoveDb(path);
  {
    std::unique_ptr<SqliteStore> store;
    ASSERT_TRUE(SqliteStore::Open(path, &store).ok());
  }
  ExecOnFile(path, ("PRAGMA user_version = " + std::to_string(StoreSchemaVersion() - 1)).c_str());
  ExpectRefused(path, "older than this sudoku-corpus");
  ExpectRefused(path, "sudoku-corpus migrate --db " + path);
  RemoveDb(path);
}

TEST(CorpusReaderSummary, QuartilesOfASmallHistogram) {
  // Values 1,2,2,3,3,3,10 (7 values): positions 1, 3, 4 for q1, median, q3.
  const std::vector<ValueCount> histogram = {{1, 1}, {2, 2}, {3, 3}, {10, 1}};
  const ScoreSummary s = SummarizeHistogram(histogram);
  EXPECT_EQ(s.count, 7);
  EXPECT_EQ(s.min, 1);
  EXPECT_EQ(s.q1, 2);
  EXPECT_EQ(s.median, 3);
  EXPECT_EQ(s.q3, 3);
  EXPECT_EQ(s.max, 10);
  EXPECT_NEAR(s.mean, 24.0 / 7.0, 1e-12);
  EXPECT_EQ(SummarizeHistogram({}).count, 0);
  const std::vector<ValueCount> one = {{42, 1}};
  EXPECT_EQ(SummarizeHistogram(one).median, 42);
}

}  // namespace
}  // namespace sudoku
