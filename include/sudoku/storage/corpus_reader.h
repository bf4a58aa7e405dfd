// CorpusReader: read-only access to a corpus database (the read side of store.h's SqliteStore),
// for `stats`, `export` and `verify`, and for apps.
//
// A reader opens the file with SQLITE_OPEN_READONLY: it never creates, migrates or changes a
// file. It refuses a missing file, a file that is not SQLite, a SQLite database that is not a
// corpus, an empty corpus-to-be (no schema yet), a schema newer than this build and an older
// schema (the message says to upgrade it with `sudoku-corpus migrate`). It reads one
// snapshot: every query sees the corpus as it was at Open, even while a `generate` appends to it.
// A corpus in a folder it cannot write to (a read-only mount, another user's folder) is read as
// it stands, provided no WAL file is left beside it (there is none once its writers closed).
// Queries run in SQLite (aggregates, prepared statements); nothing loads all rows into memory.
// Every error message names the database file and carries SQLite's own message.
//
// One CorpusReader owns one connection; it is not thread-safe (use it from one thread at a time;
// `verify` reads in its pipeline's serial stage). A PuzzleCursor must not outlive its reader.
#ifndef SUDOKU_STORAGE_CORPUS_READER_H_
#define SUDOKU_STORAGE_CORPUS_READER_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/status.h"

namespace sudoku {

// Which puzzles a query covers. Each field left at its default does not filter.
struct PuzzleFilter {
  std::string level;        // only this rating level ("easy", ...). Default: "" (any level)
  std::string clue_class;   // only this clue class (column clue_level). Default: "" (any)
  std::string grid_method;  // only this grid method ("search", ...). Default: "" (any)
  std::string symmetry;     // only this symmetry ("none", "rot180", ...). Default: "" (any)
  std::string hardest;      // only this hardest technique ("x-wing", ...). Default: "" (any)
  // Only puzzles whose stored technique uses count each of these techniques (names) at least
  // once. Default: none
  std::vector<std::string> required;
  int min_clues = 0;  // clue band, inclusive. Default: 0-81 (any)
  int max_clues = 81;
  int min_freedom = 0;  // freedom band, inclusive. Default: 0-729 (any)
  int max_freedom = 729;
  int min_rating = 0;  // SE rating band in tenths, inclusive. Default: 0-1000 (any)
  int max_rating = 1000;
  int64_t run_id = 0;  // only this run. Default: 0 (every run)
};

// Which puzzles a cursor yields, in which order.
struct PuzzleQuery {
  PuzzleFilter filter;   // which puzzles. Default: all
  int64_t after_id = 0;  // only ids greater than this (resume a scan). Default: 0
  int64_t limit = 0;     // at most this many; 0 = no limit. Default: 0
  // With `sample`, the `limit` puzzles (REQUIRES: limit > 0) are a pseudo-random sample: those
  // with the smallest ItemSeed(sample_seed, id) (rng.h), so the same seed gives the same sample on
  // every machine, and a corpus that grows keeps a sample member unless a new puzzle outranks it.
  // They are still yielded in id order. Costs a scan of every matching row. Default: false
  bool sample = false;
  uint64_t sample_seed = 0;  // seed of the sample. Default: 0
  // Compute each puzzle's canonical form (StoredPuzzle::canonical), or its solution's, about
  // 1 us a row each. Default: false
  bool canonical = false;
  bool solution_canonical = false;
};

// One row of `puzzles`, as stored (text is not validated: `verify` does that).
struct StoredPuzzle {
  int64_t id = 0;
  int64_t run_id = 0;
  int64_t item_index = 0;
  std::string givens;    // 81-character text form, '.' empty
  std::string solution;  // 81 digits
  int clues = 0;
  int freedom = 0;
  std::string level;
  std::string symmetry;
  std::string grid_method;
  std::string dig_order;
  // The canonical forms (canonical.h) are not stored: the cursor computes those PuzzleQuery asks
  // for (canonical "" for a schema-1 row equivalent to an earlier row); the others are "".
  std::string canonical;
  std::string solution_canonical;
  std::string collision_canonical;  // a collision row's stored form, else ""
  std::string clue_class;           // clue class (column clue_level)
  int rating = 0;                   // SE rating in tenths
  std::string hardest;              // technique name of the hardest step
  int guesses = 0;
  std::string techniques;  // JSON object: uses per technique (TechniqueUsesJson)
  // CanonicalKey(canonical) (canonical_key.h), as stored; has_canonical_key is false for a row
  // without canonical form and for a collision row (store.h).
  bool has_canonical_key = false;
  int64_t canonical_key = 0;
  int ep = 0;  // SE's EP and ED in tenths (rating.h)
  int ed = 0;
};

// One row of `runs`, with how many of its puzzles are stored (and match the filter, if any).
struct RunRow {
  int64_t id = 0;
  std::string seed;  // decimal uint64, as stored
  std::string params_json;
  std::string tool_version;
  std::string started_at;
  std::string finished_at;  // "" while running (NULL in the table)
  int64_t requested = 0;
  int64_t written = 0;
  std::string status;
  int64_t duplicates = 0;  // items not stored because an equivalent puzzle was stored
  int64_t next_item = 0;   // items 0..next_item-1 are stored or duplicates
  int64_t stored = 0;      // count(*) of its puzzles that match the filter
  int64_t end_item = 0;    // 1 + the largest item_index among its puzzles (0: none)
};

// Variety of one grid method: how many essentially different grids its puzzles come from.
struct GridMethodStats {
  std::string grid_method;
  int64_t puzzles = 0;         // matching puzzles
  int64_t distinct_grids = 0;  // distinct solution_canonical among them
  int64_t duplicates = 0;      // items its runs dropped as duplicates (runs.duplicates)
  double mean_clues = 0;
  double mean_freedom = 0;
  double mean_rating = 0;  // tenths
};

// A score column that histograms and summaries can be asked about.
enum class ScoreColumn { kClues, kFreedom, kRating, kEp, kEd };  // ep, ed: SE's EP and ED

// "clues", "freedom", "rating", "ep" or "ed": the column name in `puzzles` (and in output).
const char* ColumnName(ScoreColumn column);

struct ValueCount {
  int value = 0;
  int64_t count = 0;
};

struct LevelValueCount {
  std::string level;
  int value = 0;
  int64_t count = 0;
};

struct CluesFreedomCount {
  int clues = 0;
  int freedom = 0;
  int64_t count = 0;
};

struct LevelCount {
  std::string level;
  int64_t count = 0;
};

// The mean rating of the puzzles having one value of another score.
struct MeanRating {
  int value = 0;
  int64_t count = 0;
  double mean_rating = 0;  // tenths
};

// Count, mean, five-number summary of one integer score.
struct ScoreSummary {
  int64_t count = 0;
  double mean = 0;
  int min = 0;
  int q1 = 0;  // quartiles: the value at sorted position floor(p * (count - 1)), 0-based
  int median = 0;
  int q3 = 0;
  int max = 0;
};

// The value at sorted 0-based position floor(p * (total - 1)) of the data a histogram counts
// (REQUIRES: histogram sorted by value with positive counts, total > 0, 0 <= p <= 1). No
// interpolation: scores are integers, and a quartile is always a value some puzzle has.
int HistogramQuantile(std::span<const ValueCount> histogram, int64_t total, double p);

// The summary of the data a histogram counts (all zero when it is empty).
ScoreSummary SummarizeHistogram(std::span<const ValueCount> histogram);

// Yields the rows of one PuzzleQuery, one at a time, from a prepared statement.
class PuzzleCursor {
 public:
  ~PuzzleCursor();
  PuzzleCursor(const PuzzleCursor&) = delete;
  PuzzleCursor& operator=(const PuzzleCursor&) = delete;

  // Fills *puzzle with the next row and returns true; returns false at the end or on an error
  // (then status() says why).
  bool Next(StoredPuzzle* puzzle);
  const Status& status() const { return status_; }

 private:
  friend class CorpusReader;
  struct Rows;  // the reader's connection and the prepared query stepped (corpus_reader.cc)
  PuzzleCursor(const std::string& path, std::unique_ptr<Rows> rows);
  const std::string& path_;
  std::unique_ptr<Rows> rows_;
  Status status_;
};

class CorpusReader {
 public:
  // Opens the corpus at `path` read-only. On error *reader is null and the status names `path`:
  // "<path>: no such corpus database", not a SQLite database, not a corpus, newer schema.
  static Status Open(const std::string& path, std::unique_ptr<CorpusReader>* reader);
  ~CorpusReader();
  CorpusReader(const CorpusReader&) = delete;
  CorpusReader& operator=(const CorpusReader&) = delete;

  const std::string& path() const { return path_; }
  int schema_version() const { return version_; }

  // Starts iterating over the puzzles `query` selects, ordered by id.
  Status Query(const PuzzleQuery& query, std::unique_ptr<PuzzleCursor>* cursor);

  // Number of puzzles matching `filter`.
  Status CountPuzzles(const PuzzleFilter& filter, int64_t* count);

  // Puzzles per level, in RatingBands() order (rating.h), then any other stored level name in
  // name order. Levels without puzzles are left out.
  Status CountByLevel(const PuzzleFilter& filter, std::vector<LevelCount>* counts);

  // Puzzles per clue class, in ClueClasses() order (scorer.h), likewise.
  Status CountByClueClass(const PuzzleFilter& filter, std::vector<LevelCount>* counts);

  // Puzzles per hardest technique, in Technique order (rating.h).
  Status CountByHardest(const PuzzleFilter& filter, std::vector<LevelCount>* counts);

  // Puzzles whose EP (*pearls) and whose ED (*diamonds) equals their rating: SE's pearls and
  // diamonds (docs/se-rules.md).
  Status CountPearlsAndDiamonds(const PuzzleFilter& filter, int64_t* pearls, int64_t* diamonds);

  // For each value of `column` (clues or freedom) among the matching puzzles: how many, and
  // their mean rating; by value.
  Status RatingBy(ScoreColumn column, const PuzzleFilter& filter, std::vector<MeanRating>* out);

  // Pearson's correlation of two score columns over the matching puzzles (0 when undefined:
  // fewer than two puzzles or a constant column).
  Status Correlation(ScoreColumn a, ScoreColumn b, const PuzzleFilter& filter, double* r);

  // (value, count) for each value of `column` among the matching puzzles, by value.
  Status Histogram(ScoreColumn column, const PuzzleFilter& filter, std::vector<ValueCount>* out);

  // (level, value, count) for each level and value of `column`, by level name, then value.
  Status LevelHistogram(ScoreColumn column, const PuzzleFilter& filter,
                        std::vector<LevelValueCount>* out);

  // (clues, freedom, count) for each pair present, by clues, then freedom.
  Status JointHistogram(const PuzzleFilter& filter, std::vector<CluesFreedomCount>* out);

  // SummarizeHistogram of Histogram(column, filter).
  Status Summarize(ScoreColumn column, const PuzzleFilter& filter, ScoreSummary* summary);

  // The runs (only `filter.run_id` when set), by id; RunRow::stored counts matching puzzles.
  Status ListRuns(const PuzzleFilter& filter, std::vector<RunRow>* runs);

  // Ids of the collision rows (stored without a key, schema/004_canonical_key.sql) whose
  // canonical form another row holds too; normally there are no collision rows at all.
  Status FindCopiedCollisionRows(std::vector<int64_t>* ids);

  // One row per grid method among the matching puzzles, by name. `duplicates` sums the runs that
  // used the method (only filter.run_id applies to it: a duplicate has no row to filter).
  Status CountByGridMethod(const PuzzleFilter& filter, std::vector<GridMethodStats>* out);

  // True iff run `run_id` exists.
  Status HasRun(int64_t run_id, bool* exists);

  // SQLite's check of the file's structure: PRAGMA quick_check, or with `full` PRAGMA
  // integrity_check (slower: also that every index agrees with its table). *problems gets
  // SQLite's findings, one line each, at most `max_problems`; empty when the file is sound.
  // Fails only when the check cannot run (I/O error).
  Status CheckIntegrity(bool full, int max_problems, std::vector<std::string>* problems);

 private:
  struct Sqlite;  // the read-only connection (corpus_reader.cc)
  CorpusReader(std::string path, std::unique_ptr<Sqlite> sqlite);
  Status Error(const std::string& what) const;  // "<path>: <what> (<SQLite's message>)"
  template <typename ReadRow>
  Status ForEachRow(const std::string& sql, const PuzzleFilter& filter, ReadRow read_row);
  // Counts per value of a text column, ordered by rank(value).
  template <typename Rank>
  Status CountBy(const char* column, const PuzzleFilter& filter, Rank rank,
                 std::vector<LevelCount>* counts);

  std::string path_;
  std::unique_ptr<Sqlite> sqlite_;
  int version_ = 0;
};

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_CORPUS_READER_H_
