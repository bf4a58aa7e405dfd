// AppPackWriter: writes an app pack, one small self-contained SQLite file of puzzles that an app
// bundles and opens read-only (`export --format sqlite`). Its layout is a contract apps rely on:
//
//   puzzles (id INTEGER, givens TEXT, solution TEXT, rating REAL, ep REAL, ed REAL, level
//           INTEGER, clues INTEGER, hardest INTEGER, techniques INTEGER, hints BLOB), WITHOUT
//           ROWID, PRIMARY KEY (level, rating, id): the rows are stored in that order, so a query
//           by level, or by level and rating, reads one contiguous range with no index.
//     id        the puzzle's id in the corpus it came from
//     givens    81 characters, row-major, '.' empty; solution 81 digits
//     rating    SE rating (6.6), the unit of every other export; ep, ed SE's EP and ED
//     level     1 beginner, 2 easy, 3 medium, 4 hard, 5 expert, 6 extreme (RatingBands() order;
//               a level name outside them gets the next number); names in `levels`
//     hardest   the technique of the hardest step (techniques.id)
//     techniques bit k set for each technique k the path uses (techniques.id)
//     hints     the path in the hints format (docs/hints.md), or NULL (exported without hints)
//   techniques (id INTEGER PRIMARY KEY, name TEXT, rating REAL, description TEXT): every
//           technique of this version (TechniqueTable()), rating in SE units (a chain's least).
//   levels  (level INTEGER PRIMARY KEY, name TEXT, min_rating REAL, max_rating REAL, puzzles
//           INTEGER): every level, easiest first, with its SE band (max_rating NULL: no upper
//           bound) and how many puzzles of the pack it has.
//   meta    (key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID: format, format_version,
//           tool_version, source, filter, puzzles, created_at (ISO-8601 UTC), and hints_format
//           (kHintsFormatVersion) in a pack with hints.
//   PRAGMA application_id = kAppPackApplicationId, PRAGMA user_version = kAppPackVersion.
//   sqlite_stat1 (ANALYZE), so that a query by rating or by id alone skip-scans the key.
//
// Why this layout, and the bytes per puzzle it gives: docs/corpus.md, "The app pack". The file
// has a rollback journal (never WAL: no -wal or -shm file is needed beside it), pages of
// kAppPackPageSize bytes filled by VACUUM, and no table or index an app does not query by.
//
// The writer builds the rows in a scratch file and copies them compacted into the pack at
// Finish (VACUUM INTO). Neither file is renamed or removed here: the caller writes both under
// temporary names and renames the pack into place. Not thread-safe; one writer per pack.
#ifndef SUDOKU_STORAGE_APP_PACK_H_
#define SUDOKU_STORAGE_APP_PACK_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudoku/core/solve_path.h"
#include "sudoku/status.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku {

inline constexpr int kAppPackVersion = 2;  // PRAGMA user_version: bumped when the layout changes
inline constexpr int32_t kAppPackApplicationId = 0x5344504B;  // PRAGMA application_id: "SDPK"
inline constexpr int kAppPackPageSize = 8192;

// Where a pack's puzzles came from, for its `meta` table.
struct AppPackInfo {
  std::string tool_version;  // e.g. "sudoku-corpus 0.1.0"
  std::string source;        // the corpus's file name
  std::string filter;        // the selection, as typed ("--level easy --limit 10"); "" for all
};

class AppPackWriter {
 public:
  // Starts a pack in `scratch_path` (REQUIRES: a new or empty file). On error *writer is null
  // and the status names the file.
  static Status Create(const std::string& scratch_path, std::unique_ptr<AppPackWriter>* writer);
  ~AppPackWriter();
  AppPackWriter(const AppPackWriter&) = delete;
  AppPackWriter& operator=(const AppPackWriter&) = delete;

  // Adds one puzzle (in any order: the pack is sorted at Finish), with its hints (its solving
  // path in the hints format, solve_path.h) when `path` is not null: for every puzzle of a pack
  // or for none. Corruption for a technique name this version does not know.
  Status Add(const StoredPuzzle& puzzle, const SolvePath* path = nullptr);

  // Writes `levels` and `meta`, analyzes, and writes the compacted pack to `pack_path`
  // (REQUIRES: a new or empty file; not synced to disk). The scratch file is then of no use.
  Status Finish(const AppPackInfo& info, const std::string& pack_path);

  int64_t puzzles() const { return puzzles_; }

 private:
  struct Sqlite;  // the scratch file's connection and its insert statement (app_pack.cc)
  AppPackWriter(std::string path, std::unique_ptr<Sqlite> sqlite);
  Status Setup();
  Status Exec(const std::string& sql, const std::string& what) const;
  // The pack's number of level `name`, adding a level for a name outside RatingBands().
  int LevelNumber(const std::string& name);
  Status WriteLevels();
  Status WriteTechniques();
  Status WriteMeta(const AppPackInfo& info);

  std::string path_;
  std::unique_ptr<Sqlite> sqlite_;
  std::vector<std::string> level_names_;  // level k is level_names_[k - 1]
  std::vector<int64_t> level_counts_;
  int64_t puzzles_ = 0;
  int64_t hinted_ = 0;  // puzzles added with hints
  std::string hints_;   // one puzzle's hints, reused
};

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_APP_PACK_H_
