// SqliteStore: see include/sudoku/storage/store.h. The schema comes from schema/NNN_*.sql, embedded
// at build time into storage/schema_sql.h (src/storage/embed_schema.cmake).
//
// Open checks a file before it changes anything in it (CheckCorpus, storage/corpus_check.h: the
// SQLite header bytes, the schema version, the table list), and only then switches the journal
// to WAL and migrates (storage/migrate.h).
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "storage/connection.h"
#include "storage/corpus_check.h"
#include "storage/migrate.h"
#include "storage/run_lock.h"
#include "storage/schema_sql.h"
#include "sudoku/core/canonical_key.h"
#include "sudoku/storage/store.h"

namespace sudoku {
namespace {

using storage_internal::ColumnText;

using storage_internal::Connection;
using storage_internal::ErrorDetail;
using storage_internal::kBusyTimeoutMs;
using storage_internal::kLatestSchemaVersion;
using storage_internal::Quote;

constexpr char kInsertRunSql[] =
    "INSERT INTO runs(seed, params, tool_version, started_at, requested, status) "
    "VALUES(?1, ?2, ?3, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), ?4, 'running')";
constexpr char kEndRunSql[] =
    "UPDATE runs SET status = ?1, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') "
    "WHERE id = ?2";
// A puzzle whose canonical key is taken is not inserted: no change, no error; the store then
// tells a duplicate from a hash collision (StorePuzzle). Any other constraint (e.g. the same item
// twice) still fails. ?18 is the key, or NULL for a collision row.
constexpr char kInsertPuzzleSql[] =
    "INSERT INTO puzzles(run_id, item_index, givens, solution, clues, freedom, level, symmetry, "
    "grid_method, dig_order, canonical, solution_canonical, clue_level, rating, hardest, guesses, "
    "techniques, canonical_key) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, "
    "?14, ?15, ?16, ?17, ?18) ON CONFLICT(canonical_key) DO NOTHING";
// The form stored under a key (the key index finds it).
constexpr char kFormOfKeySql[] = "SELECT canonical FROM puzzles WHERE canonical_key = ?1";
// Collision rows (schema/004_canonical_key.sql), through their partial index: any at all, and
// one with a given form. INDEXED BY: the planner would walk the NULL keys of the key index,
// which schema 1's rows without a canonical form share.
constexpr char kAnyCollisionRowSql[] =
    "SELECT EXISTS (SELECT 1 FROM puzzles INDEXED BY puzzles_canonical_collision "
    "WHERE canonical_key IS NULL AND canonical IS NOT NULL)";
constexpr char kFindCollisionRowSql[] =
    "SELECT 1 FROM puzzles WHERE canonical_key IS NULL AND canonical IS NOT NULL AND "
    "canonical = ?1";
constexpr char kAddWrittenSql[] =
    "UPDATE runs SET written = written + ?1, duplicates = duplicates + ?2, next_item = ?3 "
    "WHERE id = ?4";
constexpr char kReopenRunSql[] =
    "UPDATE runs SET status = 'running', finished_at = NULL, requested = requested + ?2 "
    "WHERE id = ?1";
constexpr char kSelectRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs WHERE id = ?1";
constexpr char kSelectLatestUnfinishedRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs WHERE status <> 'finished' ORDER BY id DESC LIMIT 1";
constexpr char kSelectLatestRunSql[] =
    "SELECT id, seed, params, tool_version, status, requested, written, duplicates, next_item "
    "FROM runs ORDER BY id DESC LIMIT 1";
// Uses the UNIQUE (run_id, item_index) index.
constexpr char kRunRowsSql[] =
    "SELECT count(*), min(item_index), max(item_index) FROM puzzles WHERE run_id = ?1";
// 'object' for a JSON object; CASE keeps json_type from raising on malformed text.
constexpr char kCheckParamsSql[] = "SELECT CASE WHEN json_valid(?1) THEN json_type(?1) END";

// Binds text with its length (string_views are not NUL-terminated) and without a copy
// (SQLITE_STATIC): every caller steps the statement and then clears its bindings (Step, or
// InsertPuzzle) while `text` is still alive, so SQLite never reads it afterwards. A null data()
// binds NULL, which the NOT NULL constraints then reject.
int BindText(sqlite3_stmt* stmt, int index, std::string_view text) {
  return sqlite3_bind_text(stmt, index, text.data(), static_cast<int>(text.size()), SQLITE_STATIC);
}

// The text form of `grid` in `text`, without allocating (ToString would, four times a row).
std::string_view FormatGrid(const Grid& grid, std::array<char, kCells>& text) {
  for (int cell = 0; cell < kCells; ++cell) {
    text[cell] = grid[cell] == 0 ? '.' : static_cast<char>('0' + grid[cell]);
  }
  return {text.data(), text.size()};
}

// Why a path cannot be opened, in words, when the file system can tell ("" otherwise).
std::string OpenFailureHint(const std::string& path, OpenMode mode) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path p(path);
  if (fs::is_directory(p, ec)) return "it is a directory";
  fs::path dir = p.parent_path().empty() ? fs::path(".") : p.parent_path();
  if (!fs::is_directory(dir, ec)) return "directory '" + dir.string() + "' does not exist";
  if (!fs::exists(p, ec)) {
    if (mode == OpenMode::kMustExist) return "no such file";
    if (access(dir.c_str(), W_OK) != 0) return "directory '" + dir.string() + "' is not writable";
  }
  return "";
}

}  // namespace

int StoreSchemaVersion() { return kLatestSchemaVersion; }

Status SqliteStore::Open(const std::string& path, std::unique_ptr<SqliteStore>* store,
                         OpenMode mode) {
  store->reset();
  sqlite3* db = nullptr;
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  if (mode == OpenMode::kCreateIfMissing) flags |= SQLITE_OPEN_CREATE;
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  // From here the store owns `db` (SQLite may allocate it even when the open fails).
  std::unique_ptr<SqliteStore> opened(new SqliteStore(path, db));
  if (db == nullptr) return Status::IoError(path + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) {
    std::string hint = OpenFailureHint(path, mode);
    return opened->Error(hint.empty() ? "cannot open database" : "cannot open database: " + hint);
  }
  if (Status s = opened->Configure(); !s.ok()) return s;
  const char* file = sqlite3_db_filename(db, "main");  // absolute; "" for ":memory:"
  opened->run_locks_ =
      std::make_unique<storage_internal::RunLocks>(file == nullptr ? "" : file, path);
  *store = std::move(opened);
  return Status::Ok();
}

Status SqliteStore::Configure() {
  Connection conn(path_, db_);
  if (sqlite3_busy_timeout(db_, kBusyTimeoutMs) != SQLITE_OK) {
    return Error("cannot set busy_timeout");
  }
  // Look before touching: a refused file must stay exactly as it was.
  if (Status s = storage_internal::CheckCorpus(db_, path_, /*allow_empty=*/true, &opened_version_);
      !s.ok()) {
    return s;
  }
  if (sqlite3_db_readonly(db_, "main") == 1) {
    return Status::IoError(path_ + ": cannot open for writing (the file is read-only)");
  }
  // A writer must not add to a damaged file (nor let SQLite's next write spread the damage).
  if (opened_version_ > 0) {
    if (Status s = storage_internal::RefuseDamaged(db_, path_); !s.ok()) return s;
  }
  if (Status s = conn.SetPragmas(); !s.ok()) return s;
  if (Status s = storage_internal::Migrate(conn); !s.ok()) return s;
  // The schema's CHECKs (text forms of 81 characters, techniques JSON, run status) guard the
  // corpus against other writers. This one's values meet them by construction (FormatGrid
  // fills 81 characters, TechniqueUsesJson writes JSON, EndRun checks the status), and
  // evaluating them was a fifth of SQLite's work per row (length() four times, json_valid).
  // After Migrate: the backfills' updates are still checked. Tests run PRAGMA quick_check,
  // which re-checks every CHECK, on what the store wrote.
  if (Status s = conn.Exec("PRAGMA ignore_check_constraints = ON", "cannot set a pragma");
      !s.ok()) {
    return s;
  }

  const std::pair<const char*, sqlite3_stmt**> statements[] = {
      {"BEGIN IMMEDIATE", &begin_},
      {"COMMIT", &commit_},
      {"ROLLBACK", &rollback_},
      {"SAVEPOINT batch", &savepoint_},
      {"RELEASE batch", &release_},
      {"ROLLBACK TO batch", &rollback_to_},
      {kCheckParamsSql, &check_params_},
      {kInsertRunSql, &insert_run_},
      {kEndRunSql, &end_run_},
      {kInsertPuzzleSql, &insert_puzzle_},
      {kFormOfKeySql, &form_of_key_},
      {kAnyCollisionRowSql, &any_collision_row_},
      {kFindCollisionRowSql, &find_collision_row_},
      {kAddWrittenSql, &add_written_},
      {kReopenRunSql, &reopen_run_},
  };
  for (const auto& [sql, stmt] : statements) {
    if (Status s = Prepare(sql, stmt); !s.ok()) return s;
  }
  // The highest id, found through the table's b-tree at once (count(*) would read every page).
  if (Status s = conn.QueryInt("SELECT coalesce(max(id), 0) FROM puzzles",
                               "cannot read the corpus size", &corpus_rows_);
      !s.ok()) {
    return s;
  }
  return SizeCache();
}

// The page cache holds the canonical key index (19-27 bytes a row, by how full its random
// inserts leave the pages) and the pages a transaction appends to. Otherwise a transaction's
// key pages, dirtied by rows all over the index, are spilled to the WAL and rewritten before
// it commits (CommitDue), and each row reads a key page from the file. The base size covers
// about 800,000 rows, so a run of a million into a new corpus stays near its old peak memory.
Status SqliteStore::SizeCache() {
  const int64_t rows = std::min(corpus_rows_, kMaxCachedKeyRows);
  const int64_t kib = std::max(kBaseCacheKiB, rows * kCacheBytesPerRow / 1024);
  if (kib <= cache_kib_ + cache_kib_ / 8) return Status::Ok();  // resized in steps
  const std::string sql = "PRAGMA cache_size = -" + std::to_string(kib);
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) != SQLITE_OK) {
    return Error("cannot set cache_size");
  }
  cache_kib_ = kib;
  return Status::Ok();
}

SqliteStore::SqliteStore(std::string path, sqlite3* db) : path_(std::move(path)), db_(db) {}

SqliteStore::~SqliteStore() {
  // Batches WriteBatch accounted for are whole; an owner that did not call EndRun (an
  // exception on its way out) still keeps them.
  // A destructor has no one to tell of a failed commit; SQLite then rolls back at close.
  if (in_transaction_) (void)Step(commit_, "cannot commit");
  for (sqlite3_stmt* stmt : {begin_, commit_, rollback_, savepoint_, release_, rollback_to_,
                             check_params_, insert_run_, end_run_, insert_puzzle_, form_of_key_,
                             any_collision_row_, find_collision_row_, add_written_, reopen_run_}) {
    sqlite3_finalize(stmt);  // no-op for nullptr
  }
  sqlite3_close_v2(db_);  // no-op for nullptr; the last WAL connection checkpoints here
}

Status SqliteStore::Error(std::string_view what) const {
  return storage_internal::SqliteError(db_, path_, what);
}

Status SqliteStore::Prepare(const char* sql, sqlite3_stmt** stmt) {
  if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, stmt, nullptr) != SQLITE_OK) {
    return Error("cannot prepare statement \"" + std::string(sql) + "\"");
  }
  return Status::Ok();
}

Status SqliteStore::Step(sqlite3_stmt* stmt, std::string_view what, int bind_rc) {
  int rc = bind_rc == SQLITE_OK ? sqlite3_step(stmt) : bind_rc;
  Status result = rc == SQLITE_DONE ? Status::Ok() : Error(what);  // errmsg before reset
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return result;
}

Status SqliteStore::Rollback(Status cause) {
  in_transaction_ = false;
  uncommitted_rows_ = 0;
  if (sqlite3_get_autocommit(db_)) return cause;  // SQLite already rolled back (e.g. I/O error)
  if (Status s = Step(rollback_, "cannot roll back"); !s.ok()) {
    return cause.Append("; then " + s.message());
  }
  return cause;
}

Status SqliteStore::BeginRun(const RunInfo& info, int64_t* run_id) {
  if (run_id_ != 0) {
    return Status::Internal(path_ + ": BeginRun while run " + std::to_string(run_id_) +
                            " is open; call EndRun first");
  }
  const std::string& params = info.params_json.empty() ? std::string("{}") : info.params_json;
  std::string type;
  int rc = BindText(check_params_, 1, params);
  if (rc == SQLITE_OK) rc = sqlite3_step(check_params_);
  if (rc == SQLITE_ROW && sqlite3_column_type(check_params_, 0) == SQLITE_TEXT) {
    type = reinterpret_cast<const char*>(sqlite3_column_text(check_params_, 0));
  }
  Status checked = rc == SQLITE_ROW ? Status::Ok() : Error("cannot check the run parameters");
  sqlite3_reset(check_params_);
  sqlite3_clear_bindings(check_params_);
  if (!checked.ok()) return checked;
  if (type != "object") {
    return Status::InvalidArgument(
        path_ + ": run parameters are not a JSON object: " + params.substr(0, 80));
  }

  // The run is claimed before its row is committed: no other process can see it unowned.
  if (Status s = Step(begin_, "cannot start the run transaction"); !s.ok()) return Rollback(s);
  std::string seed = std::to_string(info.seed);
  rc = BindText(insert_run_, 1, seed);
  if (rc == SQLITE_OK) rc = BindText(insert_run_, 2, params);
  if (rc == SQLITE_OK) rc = BindText(insert_run_, 3, info.tool_version);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(insert_run_, 4, info.requested);
  if (Status s = Step(insert_run_, "cannot insert the run", rc); !s.ok()) return Rollback(s);
  const int64_t id = sqlite3_last_insert_rowid(db_);
  if (Status s = run_locks_->Claim(id); !s.ok()) return Rollback(s);
  if (Status s = Step(commit_, "cannot commit the new run"); !s.ok()) {
    run_locks_->Release(id);
    return Rollback(s);
  }
  run_id_ = id;
  *run_id = run_id_;
  return Status::Ok();
}

// A record's text columns, formatted once into buffers that the insert binds without a copy
// (SQLITE_STATIC) and that outlive every statement step of the record.
struct SqliteStore::RecordText {
  explicit RecordText(const PuzzleRecord& r)
      : givens(FormatGrid(r.givens, givens_buffer)),
        solution(FormatGrid(r.solution, solution_buffer)),
        canonical(FormatGrid(r.canonical, canonical_buffer)),
        solution_canonical(FormatGrid(r.solution_canonical, solution_canonical_buffer)),
        techniques(TechniqueUsesJson(r.technique_uses)),
        canonical_key(CanonicalKey(r.canonical)) {}
  RecordText(const RecordText&) = delete;  // the views point into this object's own buffers
  RecordText& operator=(const RecordText&) = delete;
  std::array<char, kCells> givens_buffer, solution_buffer, canonical_buffer,
      solution_canonical_buffer;
  std::string_view givens, solution, canonical, solution_canonical;
  std::string techniques;
  int64_t canonical_key;
};

Status SqliteStore::InsertPuzzle(const PuzzleRecord& r, const RecordText& text, bool with_key,
                                 bool* stored) {
  auto bind_view = [this](int index, std::string_view view) {
    return BindText(insert_puzzle_, index, view);
  };
  int rc = sqlite3_bind_int64(insert_puzzle_, 1, run_id_);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(insert_puzzle_, 2, r.item_index);
  if (rc == SQLITE_OK) rc = bind_view(3, text.givens);
  if (rc == SQLITE_OK) rc = bind_view(4, text.solution);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert_puzzle_, 5, r.clues);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert_puzzle_, 6, r.freedom);
  if (rc == SQLITE_OK) rc = bind_view(7, r.level);
  if (rc == SQLITE_OK) rc = bind_view(8, r.symmetry);
  if (rc == SQLITE_OK) rc = bind_view(9, r.grid_method);
  if (rc == SQLITE_OK) rc = bind_view(10, r.dig_order);
  if (rc == SQLITE_OK) rc = bind_view(11, text.canonical);
  if (rc == SQLITE_OK) rc = bind_view(12, text.solution_canonical);
  if (rc == SQLITE_OK) rc = bind_view(13, r.clue_class);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert_puzzle_, 14, r.rating);
  if (rc == SQLITE_OK) rc = bind_view(15, TechniqueName(r.hardest));
  if (rc == SQLITE_OK) rc = sqlite3_bind_int(insert_puzzle_, 16, r.guesses);
  if (rc == SQLITE_OK) rc = bind_view(17, text.techniques);
  if (rc == SQLITE_OK) {
    rc = with_key ? sqlite3_bind_int64(insert_puzzle_, 18, text.canonical_key)
                  : sqlite3_bind_null(insert_puzzle_, 18);
  }
  if (rc == SQLITE_OK) rc = sqlite3_step(insert_puzzle_);
  Status result;  // the message is built only on error: this runs once per puzzle
  if (rc == SQLITE_DONE) {
    *stored = sqlite3_changes(db_) == 1;
  } else {
    result = Error("cannot insert puzzle item " + std::to_string(r.item_index) + " of run " +
                   std::to_string(run_id_));
  }
  sqlite3_reset(insert_puzzle_);
  sqlite3_clear_bindings(insert_puzzle_);
  return result;
}

Status SqliteStore::QueryOne(sqlite3_stmt* stmt, int bind_rc, std::string_view what,
                             std::string* text, bool* found) {
  int rc = bind_rc == SQLITE_OK ? sqlite3_step(stmt) : bind_rc;
  *found = rc == SQLITE_ROW;
  if (*found && text != nullptr) {
    const unsigned char* column = sqlite3_column_text(stmt, 0);
    if (column != nullptr) text->assign(reinterpret_cast<const char*>(column));
  }
  Status result = rc == SQLITE_ROW || rc == SQLITE_DONE ? Status::Ok() : Error(what);
  sqlite3_reset(stmt);
  sqlite3_clear_bindings(stmt);
  return result;
}

Status SqliteStore::FindCollisionRow(const RecordText& text, bool* found) {
  return QueryOne(find_collision_row_, BindText(find_collision_row_, 1, text.canonical),
                  "cannot look up a canonical form", nullptr, found);
}

Status SqliteStore::StorePuzzle(const PuzzleRecord& r, bool* stored) {
  *stored = false;
  const RecordText text(r);
  bool found = false;
  if (collision_rows_) {  // a form stored as a collision row has no key to conflict on
    if (Status s = FindCollisionRow(text, &found); !s.ok() || found) return s;
  }
  if (Status s = InsertPuzzle(r, text, /*with_key=*/true, stored); !s.ok() || *stored) return s;
  // The key is taken: by this very form (a duplicate), or by another form with the same key.
  std::string holder;
  Status s = QueryOne(form_of_key_, sqlite3_bind_int64(form_of_key_, 1, text.canonical_key),
                      "cannot look up a canonical key", &holder, &found);
  if (!s.ok() || holder == text.canonical) return s;
  // A hash collision: the form is new. It is stored without a key; collision_rows_ false means
  // there is no collision row it could equal, true that the look-up above found none.
  if (s = InsertPuzzle(r, text, /*with_key=*/false, stored); !s.ok()) return s;
  collision_rows_ = true;
  return Status::Ok();
}

Status SqliteStore::WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) {
  *outcome = BatchOutcome();
  if (run_id_ == 0) {
    return Status::Internal(path_ + ": WriteBatch with no open run (call BeginRun first)");
  }
  if (batch.empty()) return Status::Ok();
  if (!in_transaction_) {
    if (Status s = Step(begin_, "cannot start the batch transaction"); !s.ok()) {
      return Rollback(s);
    }
    in_transaction_ = true;
    // Read inside the write transaction: another process may have added collision rows.
    bool found = false;
    std::string any;
    if (Status s =
            QueryOne(any_collision_row_, SQLITE_OK, "cannot look up collision rows", &any, &found);
        !s.ok()) {
      return Rollback(s);
    }
    collision_rows_ = any == "1";
  }
  // The batch is atomic inside a transaction that may hold earlier batches.
  if (Status s = Step(savepoint_, "cannot start the batch"); !s.ok()) return Rollback(s);
  const bool had_collision_rows = collision_rows_;
  BatchOutcome counted;
  Status failed;
  for (const PuzzleRecord& record : batch) {
    bool stored = false;
    if (failed = StorePuzzle(record, &stored); !failed.ok()) break;
    ++(stored ? counted.stored : counted.duplicates);
  }
  if (failed.ok()) {
    int rc = sqlite3_bind_int64(add_written_, 1, counted.stored);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 2, counted.duplicates);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 3, batch.back().item_index + 1);
    if (rc == SQLITE_OK) rc = sqlite3_bind_int64(add_written_, 4, run_id_);
    failed = Step(add_written_, "cannot update runs.written", rc);
    if (failed.ok() && sqlite3_changes(db_) != 1) {
      failed = Status::Internal(path_ + ": run " + std::to_string(run_id_) +
                                " is missing from the runs table");
    }
  }
  if (failed.ok()) failed = Step(release_, "cannot end the batch");
  if (!failed.ok()) {
    collision_rows_ = had_collision_rows;
    return RollBackBatch(
        failed.Append("; the batch of " + std::to_string(batch.size()) + " was rolled back"));
  }
  *outcome = counted;
  uncommitted_rows_ += static_cast<int64_t>(batch.size());
  corpus_rows_ += counted.stored;
  if (CommitDue()) return Commit();
  return Status::Ok();
}

// A transaction holds batches until it has about a sixteenth of the corpus's rows (capped), or
// until kMaxCommitSeconds have passed since the last commit. Each row's canonical key lands on
// a random page of the key index, and a commit writes every page its transaction dirtied
// (to the WAL, and again when the WAL is copied back), so with one batch per transaction the
// pages written per row grew with the corpus towards one 4 KiB page a row. A transaction that
// grows with the index dirties each page for many rows, which keeps the cost per row flat
// (docs/performance.md, "A single corpus at scale"). The time bound keeps what a killed
// process loses (regenerated by --resume) and how long other writers wait for the lock short.
bool SqliteStore::CommitDue() const {
  const int64_t target =
      std::clamp<int64_t>(corpus_rows_ / kCorpusRowsPerCommitRow, 1, kMaxRowsPerCommit);
  return uncommitted_rows_ >= target || std::chrono::steady_clock::now() - last_commit_ >=
                                            std::chrono::duration<double>(kMaxCommitSeconds);
}

Status SqliteStore::Commit() {
  if (!in_transaction_) return Status::Ok();
  Status s = Step(commit_, "cannot commit the batches written");
  if (!s.ok()) {
    s = Rollback(
        s.Append("; " + std::to_string(uncommitted_rows_) + " puzzles of this run were not saved"));
  }
  in_transaction_ = false;
  uncommitted_rows_ = 0;
  last_commit_ = std::chrono::steady_clock::now();
  if (s.ok()) s = SizeCache();
  return s;
}

Status SqliteStore::RollBackBatch(Status cause) {
  if (sqlite3_get_autocommit(db_)) {  // SQLite rolled the whole transaction back (I/O error)
    in_transaction_ = false;
    uncommitted_rows_ = 0;
    return cause;
  }
  Status s = Step(rollback_to_, "cannot roll back the batch");
  if (s.ok()) s = Step(release_, "cannot end the batch");
  if (!s.ok()) return Rollback(cause.Append("; then " + s.message()));
  // The batches before this one were accounted for: they stay.
  if (s = Commit(); !s.ok()) return cause.Append("; then " + s.message());
  return cause;
}

Status SqliteStore::EndRun(std::string_view status) {
  if (run_id_ == 0) return Status::Internal(path_ + ": EndRun with no open run");
  if (status != "finished" && status != "interrupted" && status != "failed") {
    return Status::InvalidArgument(path_ + ": EndRun status " + Quote(status) +
                                   " is not one of 'finished', 'interrupted', 'failed'");
  }
  int rc = BindText(end_run_, 1, status);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(end_run_, 2, run_id_);
  std::string what = "cannot end run " + std::to_string(run_id_);
  // In the open transaction, if any: the run's last batches and its end commit together.
  if (Status s = Step(end_run_, what, rc); !s.ok()) return s;
  if (sqlite3_changes(db_) != 1) {
    return Status::Internal(path_ + ": run " + std::to_string(run_id_) + " is missing from runs");
  }
  if (Status s = Commit(); !s.ok()) return s;
  run_locks_->Release(run_id_);
  run_id_ = 0;
  return Status::Ok();
}

Status SqliteStore::ReadRun(int64_t run_id, bool any_status, StoredRun* run, bool* found) {
  *found = false;
  std::string seed;
  Connection conn(path_, db_);
  const char* sql = run_id != 0  ? kSelectRunSql
                    : any_status ? kSelectLatestRunSql
                                 : kSelectLatestUnfinishedRunSql;
  Status s = conn.QueryRow(
      sql, "cannot read the runs table",
      [&](sqlite3_stmt* stmt) {
        *found = true;
        run->id = sqlite3_column_int64(stmt, 0);
        seed = ColumnText(stmt, 1);
        run->params_json = ColumnText(stmt, 2);
        run->tool_version = ColumnText(stmt, 3);
        run->status = ColumnText(stmt, 4);
        run->requested = sqlite3_column_int64(stmt, 5);
        run->written = sqlite3_column_int64(stmt, 6);
        run->duplicates = sqlite3_column_int64(stmt, 7);
        run->next_item = sqlite3_column_int64(stmt, 8);
      },
      run_id);
  if (!s.ok() || !*found) return s;
  const char* end = seed.data() + seed.size();
  auto [ptr, ec] = std::from_chars(seed.data(), end, run->seed);
  if (seed.empty() || ec != std::errc() || ptr != end) {
    return Status::Corruption(path_ + ": run " + std::to_string(run->id) + " has seed " +
                              Quote(seed) + ", not a decimal uint64");
  }
  return Status::Ok();
}

Status SqliteStore::CheckRunRows(const StoredRun& run) {
  int64_t rows = 0, min_index = 0, max_index = 0;
  Connection conn(path_, db_);
  Status s = conn.QueryRow(
      kRunRowsSql, "cannot count the puzzles of run " + std::to_string(run.id),
      [&](sqlite3_stmt* stmt) {
        rows = sqlite3_column_int64(stmt, 0);
        min_index = sqlite3_column_int64(stmt, 1);  // 0 for NULL (no rows)
        max_index = sqlite3_column_int64(stmt, 2);
      },
      run.id);
  if (!s.ok()) return s;
  const std::string name = path_ + ": run " + std::to_string(run.id);
  if (run.written < 0 || run.written > run.requested) {
    return Status::Corruption(name + " says it wrote " + std::to_string(run.written) + " of " +
                              std::to_string(run.requested) + " puzzles; it cannot be resumed");
  }
  if (run.next_item < run.written + run.duplicates) {
    return Status::Corruption(name + " says it accounted for items 0.." +
                              std::to_string(run.next_item - 1) + " but wrote " +
                              std::to_string(run.written) + " and skipped " +
                              std::to_string(run.duplicates) + "; it cannot be resumed");
  }
  // Items are unique per run: every stored item must lie below next_item, where resume starts.
  const bool consistent =
      rows == run.written && (rows == 0 || (min_index >= 0 && max_index < run.next_item));
  if (!consistent) {
    return Status::Corruption(name + " has " + std::to_string(rows) + " puzzles (items " +
                              std::to_string(min_index) + ".." + std::to_string(max_index) +
                              ") but runs.written is " + std::to_string(run.written) +
                              " and runs.next_item " + std::to_string(run.next_item) +
                              "; it cannot be resumed without a gap or a duplicate");
  }
  return Status::Ok();
}

Status SqliteStore::FindUnfinishedRun(int64_t run_id, StoredRun* run) {
  return FindRun(run_id, /*finished_too=*/false, run);
}

Status SqliteStore::FindRun(int64_t run_id, bool finished_too, StoredRun* run) {
  *run = StoredRun();
  bool found = false;
  if (Status s = ReadRun(run_id, finished_too, run, &found); !s.ok()) return s;
  if (!found && run_id == 0) {
    return Status::NotFound(
        path_ + (finished_too ? ": no run to extend" : ": no unfinished run to resume"));
  }
  if (!found) {
    return Status::NotFound(path_ + ": run " + std::to_string(run_id) + " does not exist");
  }
  if (run->status == "finished" && !finished_too) {
    return Status::InvalidArgument(path_ + ": run " + std::to_string(run->id) +
                                   " is already finished (" + std::to_string(run->written) +
                                   " of " + std::to_string(run->requested) + " puzzles)");
  }
  return CheckRunRows(*run);
}

Status SqliteStore::ResumeRun(int64_t run_id, StoredRun* run, int64_t extra) {
  if (run_id_ != 0) {
    return Status::Internal(path_ + ": ResumeRun while run " + std::to_string(run_id_) +
                            " is open; call EndRun first");
  }
  if (extra < 0) {
    return Status::InvalidArgument(path_ + ": cannot extend a run by " + std::to_string(extra));
  }
  // One write transaction: no other writer can end or extend the run between check and reopen.
  if (Status s = Step(begin_, "cannot start the resume transaction"); !s.ok()) return Rollback(s);
  if (Status s = FindRun(run_id, extra > 0, run); !s.ok()) return Rollback(s);
  if (__builtin_add_overflow(run->requested, extra, &run->requested)) {
    return Rollback(Status::InvalidArgument(path_ + ": run " + std::to_string(run->id) +
                                            " cannot grow by " + std::to_string(extra) +
                                            ": its count would exceed 9223372036854775807"));
  }
  // Checked in the write transaction: no other store can claim the run before it is reopened.
  if (Status s = run_locks_->Claim(run->id); !s.ok()) return Rollback(s);
  int rc = sqlite3_bind_int64(reopen_run_, 1, run->id);
  if (rc == SQLITE_OK) rc = sqlite3_bind_int64(reopen_run_, 2, extra);
  std::string what = "cannot reopen run " + std::to_string(run->id);
  Status s = Step(reopen_run_, what, rc);
  if (s.ok()) s = Step(commit_, "cannot commit the resumed run");
  if (!s.ok()) {
    run_locks_->Release(run->id);
    return Rollback(s);
  }
  run_id_ = run->id;
  return Status::Ok();
}

}  // namespace sudoku
