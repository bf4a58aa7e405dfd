// Merger's files and pass 2 (merge_writer.h): the output (a new file renamed into place when
// done) and the staging file set up, each unit's run row and rows written, and the result
// published.
#include "storage/merge_writer.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "storage/merge_files.h"
#include "storage/merge_source.h"
#include "storage/read_only.h"
#include "sudoku/storage/store.h"

namespace sudoku::storage_internal {
namespace {

namespace fs = std::filesystem;

// Each of the output and the staging database gets this page cache (KiB, as cache_size takes
// it when negative) while the rows are written.
constexpr int kCacheKiB = 32 * 1024;
// The output's page cache while its indexes are built. SQLite's sorter sorts runs of at most
// the cache's size in memory and merges them from temporary files: runs of 2 MiB stay in the
// CPU's caches, and cost a third less CPU than runs of 32 MiB (docs/performance.md, "Merge").
constexpr int kIndexCacheKiB = 2 * 1024;

}  // namespace

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
  if (stage_.path().find('\'') != std::string::npos) {
    return Status::InvalidArgument(options_.output + ": a name with a quote is not supported");
  }
  if (Status s = CheckNoMergeFiles(options_.output); !s.ok()) return s;
  if (report_->created) {
    if (Status s = new_output_.Create(); !s.ok()) return s;
    target_ = new_output_.path();
  }
  if (Status s = stage_.Create(); !s.ok()) return s;
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
  setup.push_back("ATTACH DATABASE '" + stage_.path() + "' AS stage");
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
    if (Status s = Exec(sql, "cannot set up the merge in " + stage_.path()); !s.ok()) return s;
  }
  if (!report_->created) {
    if (Status s = CheckNoWriter(); !s.ok()) return s;
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

Status Merger::CheckNoWriter() {
  const char* file = sqlite3_db_filename(db_, "main");
  const std::string database = file == nullptr ? "" : file;
  OwnedStmt running;
  if (Status s = PrepareStatement(
          db_, target_, "SELECT id FROM main.runs WHERE status = 'running' ORDER BY id", &running);
      !s.ok()) {
    return s;
  }
  int rc;
  while ((rc = sqlite3_step(running.get())) == SQLITE_ROW) {
    const int64_t id = sqlite3_column_int64(running.get(), 0);
    if (RunLocks::IsClaimed(database, id)) {
      return Status::Busy(options_.output + " run " + std::to_string(id) +
                          ": is being written by another process; merge into " + options_.output +
                          " when that ends");
    }
  }
  if (rc != SQLITE_DONE) return SqliteError(db_, target_, "cannot read the runs table");
  turn_ = std::make_unique<RunLocks>(database, options_.output);
  return Query("PRAGMA main.data_version", 0, 0, "cannot read the data version", &data_version_);
}

Status Merger::BeginWriting() {
  if (turn_ != nullptr) {
    if (Status s = turn_->TakeWriteTurn(); !s.ok()) return s;
  }
  if (Status s = Exec("BEGIN IMMEDIATE", "cannot start the merge transaction"); !s.ok()) return s;
  if (turn_ == nullptr) return Status::Ok();
  int64_t version = 0;
  Status s = Query("PRAGMA main.data_version", 0, 0, "cannot read the data version", &version);
  if (s.ok() && version != data_version_) {
    s = Status::Busy(options_.output +
                     ": another process wrote to it while the merge read it; nothing was "
                     "merged; merge again when that writer ends");
  }
  return s;
}

Status Merger::Attach(const SourceRun& part) {
  if (part.file.find('\'') != std::string::npos) {
    return Status::InvalidArgument(part.file + ": a name with a quote is not supported");
  }
  return Exec("ATTACH DATABASE '" + ReadOnlyUri(part.file) + "' AS src", "cannot open", &part.file);
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
      return message + not_made_ + "Finish " + part.Name() +
             " first: sudoku-corpus generate --db " + part.file + " --resume " +
             std::to_string(part.id);
    }
  }
  // Enough more items for the missing puzzles at the density seen so far, with a margin.
  const double density =
      unit.item_limit > 0 ? static_cast<double>(unit.kept) / unit.item_limit : 1.0;
  const double items = short_by / std::max(density, 1e-3);
  const int64_t extend = static_cast<int64_t>(std::ceil(1.25 * items / n)) + 1;
  return message + not_made_ +
         "Extend every shard and merge again: sudoku-corpus generate --db SHARD " +
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
    // Where the output has some of the run's puzzles already, the run cannot come out as one
    // machine makes it, and an unfinished shard is for its own machine to finish: both refused,
    // as ShortfallMessage says.
    const bool finished = std::all_of(unit->parts.begin(), unit->parts.end(),
                                      [](const SourceRun& p) { return p.status == "finished"; });
    if (held_ == 0 && finished && options_.make_items) {
      if (Status m = MakeMissing(index, unit, run_id, &last); !m.ok()) return m;
    }
  }
  if (unit->kept < count) return Status::InvalidArgument(ShortfallMessage(*unit));
  unit->next_item = last + 1;
  // Rows past the run's end are not in the output: later runs may keep their forms. Nor are
  // those past the item limit (the items the merge made are in stage.held).
  return Exec("UPDATE stage.rep SET dropped = 1 WHERE unit = " + std::to_string(index) +
                  " AND (item_index > " + std::to_string(last) +
                  " OR item_index >= " + std::to_string(unit->item_limit) + ")",
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
  merged.skipped = read - (unit->kept - unit->puzzles_made);
  merged.first_made = unit->first_made;
  merged.items_made = unit->items_made;
  merged.puzzles_made = unit->puzzles_made;
  report_->items_made += merged.items_made;
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
  // Never over a file that appeared while the merge ran: that one is somebody else's.
  int renamed =
      ::renameat2(AT_FDCWD, target_.c_str(), AT_FDCWD, options_.output.c_str(), RENAME_NOREPLACE);
  if (renamed != 0 && errno == EINVAL) {  // a file system without RENAME_NOREPLACE
    std::error_code ec;
    errno = fs::exists(options_.output, ec) ? EEXIST : 0;
    renamed = errno == 0 ? std::rename(target_.c_str(), options_.output.c_str()) : -1;
  }
  if (renamed != 0) {
    const int error = errno;
    if (error == EEXIST) {
      new_output_.Keep();
      return Status::Busy(options_.output +
                          ": appeared while the merge ran; the merged corpus is left in " +
                          target_);
    }
    return Status::IoError(options_.output + ": cannot rename " + target_ + " to it (" +
                           std::strerror(error) + ")");
  }
  new_output_.Keep();  // from here the output is in place
  std::error_code ec;
  fs::remove(target_ + "-lock", ec);  // the turn of a file no other writer knew by that name
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
  units_ = &units;
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
    while (sqlite3_step(list.get()) == SQLITE_ROW) {
      index_names_.push_back(ColumnText(list.get(), 0));
      index_sql_.push_back(ColumnText(list.get(), 1));
    }
    for (const std::string& name : index_names_) {
      if (Status d = Exec("DROP INDEX main.\"" + name + "\"", "cannot drop an index"); !d.ok()) {
        return d;
      }
    }
  }
  Status s = BeginWriting();
  for (size_t i = 0; i < units.size() && s.ok(); ++i) {
    s = WriteUnit(static_cast<int64_t>(i), &units[i]);
  }
  if (s.ok() && !index_sql_.empty()) {
    s = Exec("PRAGMA main.cache_size = -" + std::to_string(kIndexCacheKiB),
             "cannot set the cache size");
  }
  for (size_t i = 0; i < index_sql_.size() && s.ok(); ++i) {
    s = Exec(index_sql_[i], "cannot build an index");
  }
  if (s.ok() && before_commit_) s = before_commit_();
  if (s.ok()) s = Exec("COMMIT", "cannot commit the merge");
  if (!s.ok() && !sqlite3_get_autocommit(db_)) Exec("ROLLBACK", "cannot roll back").ok();
  if (turn_ != nullptr) turn_->EndWriteTurn();
  if (!s.ok()) return s;
  if (report_->created) return Publish();
  return Status::Ok();
}

Status WriteMerge(const MergeOptions& options, std::vector<Unit> units, MergeReport* report,
                  const std::function<Status()>& before_commit) {
  Merger merger(options, report, before_commit);
  return merger.Run(std::move(units));
}

}  // namespace sudoku::storage_internal
