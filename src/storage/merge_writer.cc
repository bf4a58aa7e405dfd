// The merge writer (merge_plan.h): carries out a merge planned by merge.cc.
//
// Plan: read every input's runs and group them into output runs ("units"). Pass 1 copies each
// source row's unit, part, id and true canonical key (a source's collision row gets its key
// back) into a staging table, from the sources' key indexes where a file holds one run, and
// sorts it by key once: a row whose key no other row (and no output row) has is a form seen
// once, so only the few rows with a shared key ("rep") have their items and forms read back and
// compared. Pass 2 goes unit by unit in output order: a rep row whose form an earlier written
// row (or the output) has is dropped, and one whose key another form holds is written without
// it; then the unit's rows stream from its sources in item order (a k-way merge over the shards)
// straight into the output, and a shard unit stops at its count-th row.
#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "storage/connection.h"
#include "storage/merge_plan.h"
#include "storage/puzzle_row.h"
#include "sudoku/storage/store.h"

namespace sudoku::storage_internal {
namespace {

namespace fs = std::filesystem;

// Each of the output and the staging database gets this page cache (KiB, as cache_size takes
// it when negative); SQLite's sorter, which builds the indexes, stays within it too.
constexpr int kCacheKiB = 32 * 1024;

// "file:<path>?mode=ro" with the characters that URIs reserve escaped, so ATTACH opens the file
// read-only whatever its name.
std::string ReadOnlyUri(const std::string& path) {
  std::string uri = "file:";
  for (char c : path) {
    if (c == '%' || c == '?' || c == '#') {
      static constexpr char kHex[] = "0123456789abcdef";
      uri += '%';
      uri += kHex[static_cast<unsigned char>(c) >> 4];
      uri += kHex[static_cast<unsigned char>(c) & 15];
    } else {
      uri += c;
    }
  }
  return uri + "?mode=ro";
}

// A read-only connection to one source, stepping through a run's rows in item order.
class SourceCursor {
 public:
  ~SourceCursor() {
    stmt_.reset();
    if (db_ != nullptr) sqlite3_close_v2(db_);
  }
  // Opens `part`'s file and selects `columns` of its run's rows with item_index below `limit`.
  Status Open(const SourceRun& part, const std::string& columns, int64_t limit) {
    path_ = part.file;
    const int rc = sqlite3_open_v2(path_.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr);
    if (db_ == nullptr) return Status::IoError(path_ + ": cannot open database (out of memory)");
    if (rc != SQLITE_OK) return SqliteError(db_, path_, "cannot open database");
    sqlite3_busy_timeout(db_, storage_internal::kBusyTimeoutMs);
    if (Status s = Connection(path_, db_).RegisterFunctions(); !s.ok()) return s;
    const std::string sql = "SELECT " + columns +
                            " FROM puzzles WHERE run_id = ?1 AND item_index < ?2 AND canonical "
                            "IS NOT NULL ORDER BY item_index";
    if (Status s = PrepareStatement(db_, path_, sql, &stmt_); !s.ok()) return s;
    sqlite3_bind_int64(stmt_.get(), 1, part.id);
    sqlite3_bind_int64(stmt_.get(), 2, limit);
    return Next();
  }
  Status Next() {
    const int rc = sqlite3_step(stmt_.get());
    done_ = rc != SQLITE_ROW;
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
      return SqliteError(db_, path_, "cannot read the puzzles");
    }
    return Status::Ok();
  }
  bool done() const { return done_; }
  sqlite3_stmt* row() const { return stmt_.get(); }

 private:
  std::string path_;
  sqlite3* db_ = nullptr;
  OwnedStmt stmt_;
  bool done_ = true;
};

// The merge's connections and files; the destructor cleans up what an unfinished merge left.
class Merger {
 public:
  Merger(const MergeOptions& options, MergeReport* report)
      : options_(options),
        report_(report),
        target_(options.output),
        stage_path_(options.output + ".merging-rows") {}
  ~Merger() {
    if (db_ != nullptr) sqlite3_close_v2(db_);
    std::error_code ec;
    if (stage_made_) fs::remove(stage_path_, ec);
    if (!done_ && report_->created) {
      for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(target_ + suffix, ec);
    }
  }

  Status Run(std::vector<Unit> units);

 private:
  // Runs `sql`; an error names `file` (default: the output), the file the statement reads.
  Status Exec(const std::string& sql, std::string_view what, const std::string* file = nullptr) {
    return Connection(file != nullptr ? *file : target_, db_).Exec(sql.c_str(), what);
  }
  // Runs a one-value query with ?1 = a and ?2 = b (where present); 0 when there is no row.
  // An error names `file` (default: the output).
  Status Query(const std::string& sql, int64_t a, int64_t b, std::string_view what, int64_t* out,
               const std::string* file = nullptr);
  Status OpenTarget();
  Status Attach(const SourceRun& part);
  Status LoadKeys(int64_t index, Unit* unit);
  Status FindRepeats(const std::vector<Unit>& units);
  Status Decide(int64_t index);
  Status WriteUnit(int64_t index, Unit* unit);
  Status WriteRows(int64_t index, Unit* unit, int64_t run_id);
  Status Publish();
  std::string ShortfallMessage(const Unit& unit) const;

  const MergeOptions& options_;
  MergeReport* report_;
  std::string target_;  // the file written: the output, or a new one beside it
  std::string stage_path_;
  sqlite3* db_ = nullptr;
  bool stage_made_ = false;
  bool output_had_rows_ = false;
  int64_t held_ = 0;  // rows of a short shard unit whose forms the output has already
  bool done_ = false;
  CopiedColumns columns_;               // the puzzle columns copied (puzzle_row.h)
  std::vector<std::string> index_sql_;  // indexes dropped while a new output fills
};

Status Merger::Query(const std::string& sql, int64_t a, int64_t b, std::string_view what,
                     int64_t* out, const std::string* file) {
  const std::string& path = file != nullptr ? *file : target_;
  OwnedStmt stmt;
  if (Status s = PrepareStatement(db_, path, sql, &stmt); !s.ok()) return s;
  const int params = sqlite3_bind_parameter_count(stmt.get());
  if (params >= 1) sqlite3_bind_int64(stmt.get(), 1, a);
  if (params >= 2) sqlite3_bind_int64(stmt.get(), 2, b);
  const int rc = sqlite3_step(stmt.get());
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return SqliteError(db_, path, what);
  *out = rc == SQLITE_ROW ? sqlite3_column_int64(stmt.get(), 0) : 0;
  return Status::Ok();
}

Status Merger::OpenTarget() {
  std::error_code ec;
  report_->created = !fs::exists(options_.output, ec);
  if (report_->created) target_ = options_.output + ".merging";
  for (const std::string& path : {report_->created ? target_ : std::string(), stage_path_}) {
    if (!path.empty() && fs::exists(path, ec)) {
      return Status::Busy(path + " exists: another merge into " + options_.output +
                          " is running, or one was interrupted; remove it and merge again");
    }
  }
  if (stage_path_.find('\'') != std::string::npos) {
    return Status::InvalidArgument(options_.output + ": a name with a quote is not supported");
  }
  {
    // Creates the schema, or checks and migrates an existing output, as `generate` would.
    std::unique_ptr<SqliteStore> store;
    if (Status s = SqliteStore::Open(target_, &store); !s.ok()) return s;
  }
  const int rc = sqlite3_open_v2(
      target_.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_URI, nullptr);
  if (db_ == nullptr) return Status::IoError(target_ + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) return SqliteError(db_, target_, "cannot open database");
  sqlite3_busy_timeout(db_, storage_internal::kBusyTimeoutMs);
  if (Status s = Connection(target_, db_).RegisterFunctions(); !s.ok()) return s;
  std::vector<std::string> setup = {
      "PRAGMA main.cache_size = -" + std::to_string(kCacheKiB),
      // The rows come from corpora whose CHECK constraints they met when first written.
      "PRAGMA ignore_check_constraints = ON"};
  if (report_->created) {
    // A new output is only a scratch file until it is renamed into place: no journal.
    setup.push_back("PRAGMA main.journal_mode = OFF");
    setup.push_back("PRAGMA main.synchronous = OFF");
  } else {
    setup.push_back("PRAGMA foreign_keys = ON");
  }
  stage_made_ = true;
  setup.push_back("ATTACH DATABASE '" + stage_path_ + "' AS stage");
  setup.push_back("PRAGMA stage.journal_mode = OFF");
  setup.push_back("PRAGMA stage.synchronous = OFF");
  setup.push_back("PRAGMA stage.cache_size = -" + std::to_string(kCacheKiB));
  // One row per source row: its output run (unit), source part, id there, true canonical key.
  setup.push_back(
      "CREATE TABLE stage.keys (unit INTEGER NOT NULL, part INTEGER NOT NULL, id INTEGER NOT "
      "NULL, key INTEGER)");
  // The rows whose key is not theirs alone, with their items and forms: the only candidates
  // for being a repeated form or a key collision.
  setup.push_back(
      "CREATE TABLE stage.rep (unit INTEGER NOT NULL, part INTEGER NOT NULL, id INTEGER NOT "
      "NULL, key INTEGER, item_index INTEGER, canonical TEXT, dropped INTEGER NOT NULL DEFAULT "
      "0, nullkey INTEGER NOT NULL DEFAULT 0)");
  // The forms the output already has under the keys of rep (its collision rows by true key).
  setup.push_back("CREATE TABLE stage.held (key INTEGER, canonical TEXT)");
  for (const std::string& sql : setup) {
    if (Status s = Exec(sql, "cannot set up the merge in " + stage_path_); !s.ok()) return s;
  }
  if (!report_->created) {
    int64_t rows = 0;
    if (Status s = Query("SELECT EXISTS (SELECT 1 FROM main.puzzles)", 0, 0,
                         "cannot read the puzzles table", &rows);
        !s.ok()) {
      return s;
    }
    output_had_rows_ = rows != 0;
  }
  return columns_.Read(Connection(target_, db_));
}

Status Merger::Attach(const SourceRun& part) {
  if (part.file.find('\'') != std::string::npos) {
    return Status::InvalidArgument(part.file + ": a name with a quote is not supported");
  }
  return Exec("ATTACH DATABASE '" + ReadOnlyUri(part.file) + "' AS src", "cannot open", &part.file);
}

// Pass 1 for one unit: the key of each of its rows into stage.keys, with the row's source part
// and id. A file holding one run gives its keys from the key index alone, without reading the
// rows; rows past a shard's item limit come along and are never written.
Status Merger::LoadKeys(int64_t index, Unit* unit) {
  for (size_t p = 0; p < unit->parts.size(); ++p) {
    const SourceRun& part = unit->parts[p];
    if (Status s = Attach(part); !s.ok()) return s;
    const std::string head =
        "INSERT INTO stage.keys SELECT " + std::to_string(index) + ", " + std::to_string(p) + ", ";
    const std::string run = " AND run_id = " + std::to_string(part.id);
    std::vector<std::string> steps = {
        head + "id, canonical_key FROM src.puzzles WHERE canonical_key IS NOT NULL" +
            (part.only_run ? "" : run),
        // Collision rows of the source: their forms' keys, as pass 2 writes them.
        head +
            "id, sudoku_canonical_key(canonical) FROM src.puzzles WHERE canonical_key IS "
            "NULL AND canonical IS NOT NULL" +
            run};
    Status s;
    for (const std::string& sql : steps) {
      if (s.ok())
        s = Exec(sql, "cannot read the keys of run " + std::to_string(part.id), &part.file);
    }
    // Rows without a canonical form (schema 1's duplicates) count as read, and are never kept.
    int64_t rows = 0;
    if (s.ok()) {
      s = Query("SELECT count(*) FROM src.puzzles WHERE run_id = ?1 AND item_index < ?2", part.id,
                unit->item_limit, "cannot count the rows of run " + std::to_string(part.id), &rows,
                &part.file);
    }
    unit->rows_read += rows;
    const Status detached = Exec("DETACH DATABASE src", "cannot close " + part.file);
    if (!s.ok()) return s;
    if (!detached.ok()) return detached;
  }
  return Status::Ok();
}

// The rows whose key is not theirs alone into stage.rep, with their items and forms read back
// from the sources; stage.held gets the output's forms under those keys.
Status Merger::FindRepeats(const std::vector<Unit>& units) {
  std::vector<std::string> steps = {"CREATE INDEX stage.keys_key ON keys (key)"};
  if (output_had_rows_) {
    steps.push_back(
        "INSERT INTO stage.held SELECT sudoku_canonical_key(canonical), canonical FROM "
        "main.puzzles WHERE canonical_key IS NULL AND canonical IS NOT NULL");
    steps.push_back(
        "INSERT INTO stage.rep (unit, part, id, key) SELECT unit, part, id, key FROM stage.keys "
        "AS k WHERE EXISTS (SELECT 1 FROM stage.keys AS o WHERE o.key = k.key AND o.rowid <> "
        "k.rowid) OR EXISTS (SELECT 1 FROM main.puzzles AS p WHERE p.canonical_key = k.key) OR "
        "k.key IN (SELECT key FROM stage.held)");
    steps.push_back(
        "INSERT INTO stage.held SELECT canonical_key, canonical FROM main.puzzles WHERE "
        "canonical_key IN (SELECT key FROM stage.rep)");
  } else {
    steps.push_back(
        "INSERT INTO stage.rep (unit, part, id, key) SELECT unit, part, id, key FROM stage.keys "
        "WHERE key IN (SELECT key FROM stage.keys GROUP BY key HAVING count(*) > 1)");
  }
  for (const std::string& sql : steps) {
    if (Status s = Exec(sql, "cannot find repeated keys"); !s.ok()) return s;
  }
  int64_t repeats = 0;
  if (Status s = Query("SELECT count(*) FROM stage.rep", 0, 0, "cannot count", &repeats); !s.ok()) {
    return s;
  }
  if (repeats == 0) return Status::Ok();
  for (size_t u = 0; u < units.size(); ++u) {
    for (size_t p = 0; p < units[u].parts.size(); ++p) {
      const SourceRun& part = units[u].parts[p];
      if (Status s = Attach(part); !s.ok()) return s;
      Status s = Exec(
          "UPDATE stage.rep SET (item_index, canonical) = (SELECT item_index, canonical FROM "
          "src.puzzles WHERE id = rep.id) WHERE unit = " +
              std::to_string(u) + " AND part = " + std::to_string(p),
          "cannot read the forms of run " + std::to_string(part.id), &part.file);
      const Status detached = Exec("DETACH DATABASE src", "cannot close " + part.file);
      if (!s.ok()) return s;
      if (!detached.ok()) return detached;
    }
  }
  return Exec("CREATE INDEX stage.rep_key ON rep (key)", "cannot index repeated keys");
}

// Before the unit is written: its rows whose form an earlier written row (or the output) has
// are dropped, and those whose key another form holds lose their key. Earlier units are
// final by now: their rows past what was written are marked dropped.
Status Merger::Decide(int64_t index) {
  const std::string u = std::to_string(index);
  const std::string earlier =
      "e.key = r.key AND e.dropped = 0 AND (e.unit < r.unit OR (e.unit = r.unit AND "
      "e.item_index < r.item_index))";
  Status s = Exec("UPDATE stage.rep AS r SET dropped = 1 WHERE r.unit = " + u +
                      " AND (EXISTS (SELECT 1 FROM stage.rep AS e WHERE " + earlier +
                      " AND e.canonical = r.canonical) OR EXISTS (SELECT 1 FROM stage.held AS h "
                      "WHERE h.key = r.key AND h.canonical = r.canonical))",
                  "cannot drop repeated forms");
  if (!s.ok()) return s;
  // Two different forms with one key (a 64-bit collision): the later is written without a key,
  // as the store does.
  return Exec("UPDATE stage.rep AS r SET nullkey = 1 WHERE r.unit = " + u +
                  " AND r.dropped = 0 AND (EXISTS (SELECT 1 FROM stage.rep AS e WHERE " + earlier +
                  ") OR EXISTS (SELECT 1 FROM stage.held AS h WHERE h.key = r.key))",
              "cannot mark key collisions");
}

std::string Merger::ShortfallMessage(const Unit& unit) const {
  const SourceRun& first = unit.parts.front();
  const int64_t count = first.count, n = first.shard_n, short_by = count - unit.kept;
  std::string message = "the " + std::to_string(n) + " shards of run seed " + first.seed +
                        " hold " + std::to_string(unit.kept) + " distinct puzzles among items 0.." +
                        std::to_string(unit.item_limit - 1) + ", " + std::to_string(short_by) +
                        " short of " + std::to_string(count) + "; nothing was written. ";
  if (held_ > 0) {
    return message + std::to_string(held_) + " of its puzzles are in " + options_.output +
           " already: merge the shards into a new file to get the run as one machine makes it";
  }
  for (const SourceRun& part : unit.parts) {
    if (part.status != "finished") {
      return message + "Finish " + part.Name() + " first: sudoku-corpus generate --db " +
             part.file + " --resume " + std::to_string(part.id);
    }
  }
  // Enough more items for the missing puzzles at the density seen so far, with a margin.
  const double density =
      unit.item_limit > 0 ? static_cast<double>(unit.kept) / unit.item_limit : 1.0;
  const double items = short_by / std::max(density, 1e-3);
  const int64_t extend = static_cast<int64_t>(std::ceil(1.25 * items / n)) + 1;
  return message + "Extend every shard and merge again: sudoku-corpus generate --db SHARD " +
         "--resume --extend " + std::to_string(extend) + " (for each of " + first.file + ", ...)";
}

// Pass 2 for one unit: its rows from its sources, in item order (a k-way merge over the
// shards), into the output run `run_id`, leaving out the dropped ones; a shard unit stops at its
// count-th row and records where that was.
Status Merger::WriteRows(int64_t index, Unit* unit, int64_t run_id) {
  const int item_column = columns_.item;
  std::vector<std::unique_ptr<SourceCursor>> cursors;
  for (const SourceRun& part : unit->parts) {
    cursors.push_back(std::make_unique<SourceCursor>());
    if (Status s = cursors.back()->Open(part, columns_.SelectList(), unit->item_limit); !s.ok())
      return s;
  }
  OwnedStmt insert, flags;
  Status s = PrepareStatement(db_, target_, columns_.InsertSql(), &insert);
  if (s.ok()) {
    s = PrepareStatement(
        db_, target_,
        "SELECT item_index, dropped FROM stage.rep WHERE unit = " + std::to_string(index) +
            " AND (dropped = 1 OR nullkey = 1) ORDER BY item_index",
        &flags);
  }
  if (!s.ok()) return s;
  const int64_t count = unit->shards ? unit->parts.front().count : kNoLimit;
  int flag_rc = sqlite3_step(flags.get());
  int64_t last = -1;
  unit->kept = 0;
  while (unit->kept < count) {
    SourceCursor* next = nullptr;
    for (const auto& cursor : cursors) {
      if (cursor->done()) continue;
      if (next == nullptr || sqlite3_column_int64(cursor->row(), item_column) <
                                 sqlite3_column_int64(next->row(), item_column)) {
        next = cursor.get();
      }
    }
    if (next == nullptr) break;
    sqlite3_stmt* row = next->row();
    const int64_t item = sqlite3_column_int64(row, item_column);
    while (flag_rc == SQLITE_ROW && sqlite3_column_int64(flags.get(), 0) < item) {
      flag_rc = sqlite3_step(flags.get());
    }
    const bool flagged = flag_rc == SQLITE_ROW && sqlite3_column_int64(flags.get(), 0) == item;
    if (!(flagged && sqlite3_column_int64(flags.get(), 1) == 1)) {
      // A key collision (flagged, not dropped) is stored without its key.
      const int bound = BindCopiedRow(insert.get(), run_id, row, columns_, flagged);
      if (bound != SQLITE_OK || sqlite3_step(insert.get()) != SQLITE_DONE) {
        return SqliteError(db_, target_, "cannot write item " + std::to_string(item));
      }
      sqlite3_reset(insert.get());
      ++unit->kept;
      last = item;
    }
    if (Status n = next->Next(); !n.ok()) return n;
  }
  if (flag_rc != SQLITE_ROW && flag_rc != SQLITE_DONE) {
    return SqliteError(db_, target_, "cannot read the staging file");
  }
  if (!unit->shards) return Status::Ok();
  if (unit->kept < count) {
    if (Status h = Query("SELECT count(*) FROM stage.rep AS r WHERE unit = ?1 AND EXISTS (SELECT "
                         "1 FROM stage.held AS h WHERE h.key = r.key AND h.canonical = "
                         "r.canonical)",
                         index, 0, "cannot count", &held_);
        !h.ok()) {
      return h;
    }
    return Status::InvalidArgument(ShortfallMessage(*unit));
  }
  unit->next_item = last + 1;
  // Rows past the run's end are not in the output: later runs may keep their forms.
  return Exec("UPDATE stage.rep SET dropped = 1 WHERE unit = " + std::to_string(index) +
                  " AND item_index > " + std::to_string(last),
              "cannot mark the rows past the run's end");
}

Status Merger::WriteUnit(int64_t index, Unit* unit) {
  if (Status s = Decide(index); !s.ok()) return s;
  const SourceRun& first = unit->parts.front();
  // The run row first (the puzzles refer to it); its counts once the rows are written.
  OwnedStmt insert_run;
  Status s = PrepareStatement(
      db_, target_,
      "INSERT INTO main.runs (seed, params, tool_version, started_at, finished_at, "
      "requested, status) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
      &insert_run);
  if (!s.ok()) return s;
  sqlite3_stmt* run = insert_run.get();
  auto text = [run](int column, const std::string& value) {
    sqlite3_bind_text(run, column, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
  };
  text(1, first.seed);
  text(3, first.tool_version);
  if (unit->shards) {
    // The run as one machine would have stored it.
    std::string started = first.started_at, finished;
    bool all_finished = true;
    for (const SourceRun& part : unit->parts) {
      started = std::min(started, part.started_at);
      finished = std::max(finished, part.finished_at);
      all_finished = all_finished && part.has_finished_at;
    }
    text(2, first.run_params);
    text(4, started);
    if (all_finished) text(5, finished);
    sqlite3_bind_int64(run, 6, first.count);
    text(7, "finished");
  } else {
    text(2, first.params);
    text(4, first.started_at);
    if (first.has_finished_at) text(5, first.finished_at);
    sqlite3_bind_int64(run, 6, first.requested);
    text(7, first.status);
  }
  if (sqlite3_step(run) != SQLITE_DONE) return SqliteError(db_, target_, "cannot add a run");
  const int64_t run_id = sqlite3_last_insert_rowid(db_);
  if (Status w = WriteRows(index, unit, run_id); !w.ok()) return w;
  const int64_t read = unit->rows_read;
  // A shard unit: the duplicates among its items up to its last one; another run: its own
  // duplicates and the rows skipped here.
  const int64_t duplicates =
      unit->shards ? unit->next_item - unit->kept : first.duplicates + (read - unit->kept);
  const int64_t next_item = unit->shards ? unit->next_item : first.next_item;
  s = Exec("UPDATE main.runs SET written = " + std::to_string(unit->kept) + ", duplicates = " +
               std::to_string(duplicates) + ", next_item = " + std::to_string(next_item) +
               " WHERE id = " + std::to_string(run_id),
           "cannot count run " + std::to_string(run_id));
  if (!s.ok()) return s;
  MergedRun merged;
  merged.output_run = run_id;
  for (const SourceRun& part : unit->parts) merged.sources.push_back(part.Name());
  merged.rows_read = read;
  merged.written = unit->kept;
  merged.skipped = read - unit->kept;
  report_->rows_read += merged.rows_read;
  report_->written += merged.written;
  report_->skipped += merged.skipped;
  report_->runs.push_back(std::move(merged));
  return Status::Ok();
}

// Makes the new output durable and renames it into place.
Status Merger::Publish() {
  if (Status s = Exec("DETACH DATABASE stage", "cannot close the staging file"); !s.ok()) return s;
  if (Status s = Exec("PRAGMA main.journal_mode = WAL", "cannot set journal_mode=WAL"); !s.ok()) {
    return s;
  }
  if (sqlite3_close_v2(db_) != SQLITE_OK) return SqliteError(db_, target_, "cannot close");
  db_ = nullptr;
  const int fd = ::open(target_.c_str(), O_RDONLY);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  if (fd >= 0) ::close(fd);
  if (!synced) return Status::IoError(target_ + ": cannot write to disk");
  std::error_code ec;
  if (fs::exists(options_.output, ec)) {
    return Status::Busy(options_.output +
                        ": appeared while the merge ran; the merged corpus is left in " + target_);
  }
  fs::rename(target_, options_.output, ec);
  if (ec) {
    return Status::IoError(options_.output + ": cannot rename " + target_ + " to it (" +
                           ec.message() + ")");
  }
  done_ = true;  // from here the output is in place: the destructor must not remove it
  const std::string folder = fs::path(options_.output).parent_path().string();
  const int dir = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return Status::Ok();
}

Status Merger::Run(std::vector<Unit> units) {
  if (Status s = OpenTarget(); !s.ok()) return s;
  for (size_t i = 0; i < units.size(); ++i) {
    if (Status s = LoadKeys(static_cast<int64_t>(i), &units[i]); !s.ok()) return s;
  }
  if (Status s = FindRepeats(units); !s.ok()) return s;
  if (report_->created) {
    // The indexes are made once, at the end, each from one sort of the rows: measured, that is
    // cheaper than keeping them up to date row by row, even those that take a run's rows at a
    // few places only. Partial indexes (the collision rows') hold almost nothing and stay.
    OwnedStmt list;
    Status s =
        PrepareStatement(db_, target_,
                         "SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND "
                         "tbl_name = 'puzzles' AND sql IS NOT NULL AND sql NOT LIKE '%WHERE%' "
                         "ORDER BY rowid",
                         &list);
    if (!s.ok()) return s;
    std::vector<std::string> names;
    while (sqlite3_step(list.get()) == SQLITE_ROW) {
      names.push_back(ColumnText(list.get(), 0));
      index_sql_.push_back(ColumnText(list.get(), 1));
    }
    for (const std::string& name : names) {
      if (Status d = Exec("DROP INDEX main.\"" + name + "\"", "cannot drop an index"); !d.ok()) {
        return d;
      }
    }
  }
  if (Status s = Exec("BEGIN IMMEDIATE", "cannot start the merge transaction"); !s.ok()) return s;
  Status s;
  for (size_t i = 0; i < units.size() && s.ok(); ++i) {
    s = WriteUnit(static_cast<int64_t>(i), &units[i]);
  }
  for (size_t i = 0; i < index_sql_.size() && s.ok(); ++i) {
    s = Exec(index_sql_[i], "cannot build an index");
  }
  if (s.ok()) s = Exec("COMMIT", "cannot commit the merge");
  if (!s.ok()) {
    Exec("ROLLBACK", "cannot roll back").ok();
    return s;
  }
  if (report_->created) return Publish();
  done_ = true;
  return Status::Ok();
}

}  // namespace

Status WriteMerge(const MergeOptions& options, std::vector<Unit> units, MergeReport* report) {
  Merger merger(options, report);
  return merger.Run(std::move(units));
}

}  // namespace sudoku::storage_internal
