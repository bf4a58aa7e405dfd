// AppPackWriter: see include/sudoku/storage/app_pack.h.
//
// The puzzles arrive in id order, which is not the table's key order, so the scratch file's
// pages end up partly empty (and a sorted insert still leaves about an eighth of each page
// empty). VACUUM INTO copies each table in key order into fresh, full pages of the pack, with
// the page size, user_version and application_id of the scratch file. The scratch file has no
// journal and no syncs: until the pack is written nothing in it is worth keeping.
#include "sudoku/storage/app_pack.h"

#include <sqlite3.h>

#include <climits>
#include <iterator>
#include <memory>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "storage/connection.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

using storage_internal::SqliteError;

constexpr char kFormatName[] = "sudoku-corpus app pack";

// A page cache that holds a pack of ~300,000 puzzles, so the scratch file's random inserts
// rarely wait for the disk.
constexpr char kCacheSizePragma[] = "PRAGMA cache_size = -65536";     // KiB when negative
constexpr char kCopyCacheSizePragma[] = "PRAGMA cache_size = -2000";  // SQLite's default

constexpr char kCreateTables[] = R"sql(
CREATE TABLE puzzles (
  id INTEGER NOT NULL,
  givens TEXT NOT NULL,
  solution TEXT NOT NULL,
  rating REAL NOT NULL,
  ep REAL NOT NULL,
  ed REAL NOT NULL,
  level INTEGER NOT NULL,
  clues INTEGER NOT NULL,
  hardest INTEGER NOT NULL,
  techniques INTEGER NOT NULL,
  hints BLOB,
  PRIMARY KEY (level, rating, id)
) WITHOUT ROWID;
CREATE TABLE techniques (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  rating REAL NOT NULL,
  description TEXT NOT NULL
);
CREATE TABLE levels (
  level INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  min_rating REAL,
  max_rating REAL,
  puzzles INTEGER NOT NULL
);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
)sql";

// The set of techniques a corpus row's uses name (TechniqueUsesJson: {"name":count,...}), as
// bits by Technique. False on a name this version does not know.
bool TechniqueSet(std::string_view uses_json, int64_t* set) {
  *set = 0;
  size_t pos = 0;
  for (;;) {
    const size_t open = uses_json.find('"', pos);
    if (open == std::string_view::npos) return true;
    const size_t close = uses_json.find('"', open + 1);
    if (close == std::string_view::npos) return false;
    const std::optional<Technique> t = ParseTechnique(uses_json.substr(open + 1, close - open - 1));
    if (!t) return false;
    *set |= int64_t{1} << static_cast<int>(*t);
    pos = close + 1;
  }
}

}  // namespace

struct AppPackWriter::Sqlite {
  ~Sqlite() {
    sqlite3_finalize(insert);
    sqlite3_close_v2(db);  // no-op for nullptr
  }
  sqlite3* db = nullptr;
  sqlite3_stmt* insert = nullptr;  // into puzzles, until Finish
};

AppPackWriter::AppPackWriter(std::string path, std::unique_ptr<Sqlite> sqlite)
    : path_(std::move(path)), sqlite_(std::move(sqlite)) {}

Status AppPackWriter::Create(const std::string& scratch_path,
                             std::unique_ptr<AppPackWriter>* writer) {
  writer->reset();
  auto sqlite = std::make_unique<Sqlite>();  // owns the connection from here
  const int rc =
      sqlite3_open_v2(scratch_path.c_str(), &sqlite->db,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
  sqlite3* db = sqlite->db;
  std::unique_ptr<AppPackWriter> opened(new AppPackWriter(scratch_path, std::move(sqlite)));
  if (db == nullptr) return Status::IoError(scratch_path + ": cannot open (out of memory)");
  if (rc != SQLITE_OK) return SqliteError(db, scratch_path, "cannot create the app pack");
  if (Status s = opened->Setup(); !s.ok()) return s;
  *writer = std::move(opened);
  return Status::Ok();
}

AppPackWriter::~AppPackWriter() = default;

Status AppPackWriter::Exec(const std::string& sql, const std::string& what) const {
  return storage_internal::Connection(path_, sqlite_->db).Exec(sql.c_str(), what);
}

Status AppPackWriter::Setup() {
  const std::string pragmas = "PRAGMA page_size = " + std::to_string(kAppPackPageSize) +
                              "; PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; " +
                              kCacheSizePragma +
                              "; PRAGMA application_id = " + std::to_string(kAppPackApplicationId) +
                              "; PRAGMA user_version = " + std::to_string(kAppPackVersion);
  if (Status s = Exec(pragmas, "cannot set up the app pack"); !s.ok()) return s;
  if (Status s = Exec(kCreateTables, "cannot create the app pack's tables"); !s.ok()) return s;
  for (const RatingBand& band : RatingBands()) level_names_.emplace_back(band.name);
  level_counts_.assign(level_names_.size(), 0);
  if (Status s = Exec("BEGIN", "cannot start writing the app pack"); !s.ok()) return s;
  storage_internal::OwnedStmt insert;
  if (Status s = storage_internal::PrepareStatement(
          sqlite_->db, path_,
          "INSERT INTO puzzles VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", &insert);
      !s.ok()) {
    return s;
  }
  sqlite_->insert = insert.release();
  return Status::Ok();
}

int AppPackWriter::LevelNumber(const std::string& name) {
  for (size_t i = 0; i < level_names_.size(); ++i) {
    if (level_names_[i] == name) return static_cast<int>(i) + 1;
  }
  level_names_.push_back(name);
  level_counts_.push_back(0);
  return static_cast<int>(level_names_.size());
}

Status AppPackWriter::Add(const StoredPuzzle& puzzle, const SolvePath* path) {
  const int level = LevelNumber(puzzle.level);
  const std::optional<Technique> hardest = ParseTechnique(puzzle.hardest);
  int64_t used = 0;
  if (!hardest || !TechniqueSet(puzzle.techniques, &used)) {
    return Status::Corruption(path_ + ": puzzle " + std::to_string(puzzle.id) +
                              " has a technique this version does not know ('" + puzzle.hardest +
                              "' or in " + puzzle.techniques + ")");
  }
  if (path != nullptr) {
    hints_ = EncodeHints(*path);
    ++hinted_;
  }
  sqlite3_stmt* stmt = sqlite_->insert;
  int rc = sqlite3_bind_int64(stmt, 1, puzzle.id);
  if (rc == SQLITE_OK) {
    rc = sqlite3_bind_text(stmt, 2, puzzle.givens.data(), static_cast<int>(puzzle.givens.size()),
                           SQLITE_STATIC);
  }
  if (rc == SQLITE_OK) {
    rc = sqlite3_bind_text(stmt, 3, puzzle.solution.data(),
                           static_cast<int>(puzzle.solution.size()), SQLITE_STATIC);
  }
  if (rc == SQLITE_OK) rc = sqlite3_bind_double(stmt, 4, puzzle.rating / 10.0);
  if (rc == SQLITE_OK) rc = sqlite3_bind_double(stmt, 5, puzzle.ep / 10.0);
  if (rc == SQLITE_OK) rc = sqlite3_bind_double(stmt, 6, puzzle.ed / 10.0);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(stmt, 7, level);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(stmt, 8, puzzle.clues);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(stmt, 9, static_cast<int>(*hardest));
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(stmt, 10, used);
  if (rc == SQLITE_OK) {
    rc = path == nullptr ? sqlite3_bind_null(stmt, 11)
                         : sqlite3_bind_blob(stmt, 11, hints_.data(),
                                             static_cast<int>(hints_.size()), SQLITE_STATIC);
  }
  if (rc == SQLITE_OK) rc = sqlite3_step(stmt);
  sqlite3_reset(stmt);
  if (rc != SQLITE_DONE) {
    return SqliteError(sqlite_->db, path_, "cannot add puzzle " + std::to_string(puzzle.id));
  }
  ++level_counts_[level - 1];
  ++puzzles_;
  return Status::Ok();
}

Status AppPackWriter::WriteTechniques() {
  storage_internal::OwnedStmt stmt;
  if (Status s = storage_internal::PrepareStatement(
          sqlite_->db, path_, "INSERT INTO techniques VALUES (?1, ?2, ?3, ?4)", &stmt);
      !s.ok()) {
    return s;
  }
  for (const TechniqueInfo& info : TechniqueTable()) {
    sqlite3_stmt* raw = stmt.get();
    sqlite3_bind_int(raw, 1, static_cast<int>(info.technique));
    sqlite3_bind_text(raw, 2, info.name.data(), static_cast<int>(info.name.size()), SQLITE_STATIC);
    sqlite3_bind_double(raw, 3, info.rating / 10.0);
    sqlite3_bind_text(raw, 4, info.description.data(), static_cast<int>(info.description.size()),
                      SQLITE_STATIC);
    const int rc = sqlite3_step(raw);
    sqlite3_reset(raw);
    if (rc != SQLITE_DONE) return SqliteError(sqlite_->db, path_, "cannot write the techniques");
  }
  return Status::Ok();
}

Status AppPackWriter::WriteLevels() {
  storage_internal::OwnedStmt stmt;
  if (Status s = storage_internal::PrepareStatement(
          sqlite_->db, path_, "INSERT INTO levels VALUES (?1, ?2, ?3, ?4, ?5)", &stmt);
      !s.ok()) {
    return s;
  }
  const auto bands = RatingBands();
  for (size_t i = 0; i < level_names_.size(); ++i) {
    sqlite3_stmt* raw = stmt.get();
    sqlite3_bind_int64(raw, 1, static_cast<int64_t>(i) + 1);
    sqlite3_bind_text(raw, 2, level_names_[i].c_str(), -1, SQLITE_STATIC);
    sqlite3_bind_null(raw, 3);
    sqlite3_bind_null(raw, 4);
    if (i < bands.size()) {
      sqlite3_bind_double(raw, 3, bands[i].min_rating / 10.0);
      if (bands[i].max_rating != INT_MAX) sqlite3_bind_double(raw, 4, bands[i].max_rating / 10.0);
    }
    sqlite3_bind_int64(raw, 5, level_counts_[i]);
    const int rc = sqlite3_step(raw);
    sqlite3_reset(raw);
    if (rc != SQLITE_DONE) return SqliteError(sqlite_->db, path_, "cannot write the levels");
  }
  return Status::Ok();
}

Status AppPackWriter::WriteMeta(const AppPackInfo& info) {
  storage_internal::OwnedStmt stmt;
  if (Status s = storage_internal::PrepareStatement(sqlite_->db, path_,
                                                    "INSERT INTO meta VALUES (?1, ?2)", &stmt);
      !s.ok()) {
    return s;
  }
  const std::pair<const char*, std::string> rows[] = {
      {"format", kFormatName},
      {"format_version", std::to_string(kAppPackVersion)},
      {"tool_version", info.tool_version},
      {"source", info.source},
      {"filter", info.filter},
      {"puzzles", std::to_string(puzzles_)},
  };
  std::vector<std::pair<const char*, std::string>> all(std::begin(rows), std::end(rows));
  if (hinted_ > 0) all.emplace_back("hints_format", std::to_string(kHintsFormatVersion));
  for (const auto& [key, value] : all) {
    sqlite3_bind_text(stmt.get(), 1, key, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt.get(), 2, value.c_str(), -1, SQLITE_STATIC);
    const int rc = sqlite3_step(stmt.get());
    sqlite3_reset(stmt.get());
    if (rc != SQLITE_DONE) return SqliteError(sqlite_->db, path_, "cannot write the meta table");
  }
  return Exec("INSERT INTO meta VALUES ('created_at', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))",
              "cannot write the meta table");
}

Status AppPackWriter::Finish(const AppPackInfo& info, const std::string& pack_path) {
  sqlite3_finalize(sqlite_->insert);
  sqlite_->insert = nullptr;
  if (hinted_ != 0 && hinted_ != puzzles_) {
    return Status::InvalidArgument(path_ + ": hints for some puzzles but not all");
  }
  if (Status s = WriteLevels(); !s.ok()) return s;
  if (Status s = WriteTechniques(); !s.ok()) return s;
  if (Status s = WriteMeta(info); !s.ok()) return s;
  if (Status s = Exec("COMMIT", "cannot write the app pack"); !s.ok()) return s;
  if (Status s = Exec("ANALYZE", "cannot analyze the app pack"); !s.ok()) return s;
  // VACUUM INTO gives the pack a cache of this size too, and holds it full of dirty pages: with
  // the build's cache it would take several times that in memory. It reads and writes in order,
  // so SQLite's default cache costs it no time.
  if (Status s = Exec(kCopyCacheSizePragma, "cannot set up the copy"); !s.ok()) return s;
  storage_internal::OwnedStmt vacuum;
  if (Status s = storage_internal::PrepareStatement(sqlite_->db, path_, "VACUUM INTO ?1", &vacuum);
      !s.ok()) {
    return s;
  }
  sqlite3_bind_text(vacuum.get(), 1, pack_path.c_str(), -1, SQLITE_STATIC);
  if (sqlite3_step(vacuum.get()) != SQLITE_DONE) {
    return SqliteError(sqlite_->db, pack_path, "cannot write the app pack");
  }
  return Status::Ok();
}

}  // namespace sudoku
