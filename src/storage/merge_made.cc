// Merger's items made for a short shard unit (merge_writer.h): MergeOptions::make_items makes
// the items no shard made, and a sink on the output's connection stores them as the store stores
// a run's records, so the run comes out as one machine makes it.
#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "storage/merge_writer.h"
#include "storage/puzzle_row.h"
#include "storage/read_only.h"
#include "sudoku/pipeline/sink.h"

namespace sudoku::storage_internal {
namespace {

// Stores records into one run of the output inside the merge's transaction, dropping a record
// whose form the output holds, and storing a new form whose key another form holds without its
// key, as SqliteStore does. A failure fails the whole merge, whose transaction is rolled back,
// so a batch needs no savepoint of its own. Used from one thread at a time (the pipeline's
// writer), while the merger waits.
class MadeItemsSink : public PuzzleSink {
 public:
  MadeItemsSink(sqlite3* db, const std::string& path, int64_t run_id)
      : db_(db), path_(path), run_id_(run_id) {}

  Status Prepare() {
    Status s = PrepareStatement(db_, path_, kInsertPuzzleSql, &insert_);
    if (s.ok()) {
      s = PrepareStatement(db_, path_,
                           "SELECT givens_packed FROM main.puzzles WHERE canonical_key = ?1",
                           &form_of_key_);
    }
    if (s.ok()) {
      s = PrepareStatement(db_, path_,
                           "SELECT 1 FROM main.puzzles WHERE collision_canonical IS NOT NULL AND "
                           "collision_canonical = ?1",
                           &collision_row_);
    }
    return s;
  }

  Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) override {
    *outcome = BatchOutcome();
    for (const PuzzleRecord& record : batch) {
      bool stored = false;
      if (Status s = Store(record, &stored); !s.ok()) return s;
      ++(stored ? outcome->stored : outcome->duplicates);
    }
    return Status::Ok();
  }

 private:
  Status Store(const PuzzleRecord& record, bool* stored) {
    *stored = false;
    if (Status s = CheckRecordLevels(record); !s.ok()) return s;
    const PuzzleRowText text(record);
    bool found = false;
    if (Status s = Lookup(collision_row_, text.canonical, &found); !s.ok() || found) return s;
    if (Status s = Insert(record, text, /*with_key=*/true, stored); !s.ok() || *stored) return s;
    // The key is taken: by this very form (a duplicate), or by another form with the same key.
    bool same = false;
    if (HolderHasForm(form_of_key_.get(), text.canonical_key, record.canonical, &same) !=
        SQLITE_DONE) {
      return SqliteError(db_, path_, "cannot look up a canonical key");
    }
    if (same) return Status::Ok();
    return Insert(record, text, /*with_key=*/false, stored);
  }

  Status Insert(const PuzzleRecord& record, const PuzzleRowText& text, bool with_key,
                bool* stored) {
    int rc = BindNewPuzzleRow(insert_.get(), run_id_, record, text, with_key);
    if (rc == SQLITE_OK) rc = sqlite3_step(insert_.get());
    *stored = rc == SQLITE_DONE && sqlite3_changes(db_) == 1;
    Status result =
        rc == SQLITE_DONE
            ? Status::Ok()
            : SqliteError(db_, path_, "cannot write item " + std::to_string(record.item_index));
    sqlite3_reset(insert_.get());
    sqlite3_clear_bindings(insert_.get());
    return result;
  }

  // Steps `stmt` with ?1 bound to `form`.
  Status Lookup(const OwnedStmt& stmt, std::string_view form, bool* found) {
    const int bound =
        sqlite3_bind_text(stmt.get(), 1, form.data(), static_cast<int>(form.size()), SQLITE_STATIC);
    const int rc = bound == SQLITE_OK ? sqlite3_step(stmt.get()) : bound;
    *found = rc == SQLITE_ROW;
    Status result = rc == SQLITE_ROW || rc == SQLITE_DONE
                        ? Status::Ok()
                        : SqliteError(db_, path_, "cannot look up a canonical form");
    sqlite3_reset(stmt.get());
    sqlite3_clear_bindings(stmt.get());
    return result;
  }

  sqlite3* db_;
  const std::string& path_;
  int64_t run_id_;
  OwnedStmt insert_, form_of_key_, collision_row_;
};

}  // namespace

Status Merger::BuildKeyIndex() {
  for (size_t i = 0; i < index_names_.size(); ++i) {
    if (index_names_[i] != "puzzles_canonical_key") continue;
    if (Status s = Exec(index_sql_[i], "cannot build the key index"); !s.ok()) return s;
    index_names_.erase(index_names_.begin() + static_cast<std::ptrdiff_t>(i));
    index_sql_.erase(index_sql_.begin() + static_cast<std::ptrdiff_t>(i));
    break;
  }
  return Status::Ok();
}

Status Merger::MakeMissing(int64_t index, Unit* unit, int64_t run_id, int64_t* last) {
  const SourceRun& first = unit->parts.front();
  MissingItems items;
  try {
    items.seed = std::stoull(first.seed);
  } catch (const std::exception&) {
    return Status::Corruption(first.Name() + ": seed '" + first.seed + "' is not a number");
  }
  items.params_json = first.run_params;
  items.tool_version = first.tool_version;
  items.first_item = unit->item_limit;
  items.count = first.count - unit->kept;
  if (Status s = BuildKeyIndex(); !s.ok()) return s;
  MadeItemsSink sink(db_, target_, run_id);
  if (Status s = sink.Prepare(); !s.ok()) return s;
  int64_t before = 0, after = 0, next_item = items.first_item;
  const std::string count_sql = "SELECT count(*) FROM main.puzzles WHERE run_id = ?1";
  if (Status s = Query(count_sql, run_id, 0, "cannot count", &before); !s.ok()) return s;
  if (Status s = options_.make_items(items, &sink, &next_item); !s.ok()) {
    if (s.code() != StatusCode::kNotSupported) {
      return Status::FromCode(s.code(), "run seed " + first.seed + ": making the items " +
                                            std::to_string(items.first_item) +
                                            ".. that its shards lack: " + s.message());
    }
    not_made_ = "The merge cannot make them itself: " + s.message() + ". ";
    return Status::Ok();
  }
  if (Status s = Query(count_sql, run_id, 0, "cannot count", &after); !s.ok()) return s;
  unit->first_made = items.first_item;
  unit->items_made = next_item - items.first_item;
  unit->puzzles_made = after - before;
  unit->kept += unit->puzzles_made;
  if (unit->items_made > 0) *last = next_item - 1;
  if (static_cast<size_t>(index) + 1 >= units_->size()) return Status::Ok();
  return NoteMadeForms(index, run_id, items.first_item);
}

Status Merger::NoteMadeForms(int64_t index, int64_t run_id, int64_t first) {
  const std::string steps[] = {
      "INSERT INTO stage.held SELECT coalesce(canonical_key, "
      "sudoku_canonical_key(collision_canonical)), " +
          std::string(kRowFormExpr) +
          " FROM main.puzzles WHERE run_id = " + std::to_string(run_id) +
          " AND item_index >= " + std::to_string(first) + " AND " + kRowHasForm,
      "CREATE INDEX IF NOT EXISTS stage.rep_row ON rep (unit, part, id)",
      "INSERT INTO stage.rep (unit, part, id, key) SELECT unit, part, id, key FROM stage.keys "
      "AS k WHERE k.unit > " +
          std::to_string(index) +
          " AND k.key IN (SELECT key FROM stage.held) AND NOT EXISTS (SELECT 1 FROM stage.rep AS "
          "r WHERE r.unit = k.unit AND r.part = k.part AND r.id = k.id)"};
  for (const std::string& sql : steps) {
    if (Status s = Exec(sql, "cannot note the forms made"); !s.ok()) return s;
  }
  if (Status s = ReadMissingForms(static_cast<size_t>(index) + 1); !s.ok()) return s;
  return Exec("CREATE INDEX IF NOT EXISTS stage.rep_key ON rep (key)",
              "cannot index repeated keys");
}

Status Merger::ReadMissingForms(size_t first) {
  OwnedStmt pending, update;
  Status s = PrepareStatement(db_, target_,
                              "SELECT rowid, id FROM stage.rep WHERE unit = ?1 AND part = ?2 AND "
                              "item_index IS NULL",
                              &pending);
  if (s.ok()) {
    s = PrepareStatement(db_, target_,
                         "UPDATE stage.rep SET item_index = ?1, canonical = ?2 WHERE rowid = ?3",
                         &update);
  }
  for (size_t u = first; u < units_->size() && s.ok(); ++u) {
    for (size_t p = 0; p < (*units_)[u].parts.size() && s.ok(); ++p) {
      std::vector<std::pair<int64_t, int64_t>> rows;  // rep rowid, source id
      sqlite3_bind_int64(pending.get(), 1, static_cast<int64_t>(u));
      sqlite3_bind_int64(pending.get(), 2, static_cast<int64_t>(p));
      while (sqlite3_step(pending.get()) == SQLITE_ROW) {
        rows.emplace_back(sqlite3_column_int64(pending.get(), 0),
                          sqlite3_column_int64(pending.get(), 1));
      }
      if (sqlite3_reset(pending.get()) != SQLITE_OK) {
        return SqliteError(db_, target_, "cannot read the staging file");
      }
      if (!rows.empty()) s = CopyForms((*units_)[u].parts[p], rows, update.get());
    }
  }
  return s;
}

Status Merger::CopyForms(const SourceRun& part,
                         const std::vector<std::pair<int64_t, int64_t>>& rows,
                         sqlite3_stmt* update) {
  sqlite3* raw = nullptr;
  const int rc = OpenReadOnly(part.file, 0, &raw);
  std::unique_ptr<sqlite3, int (*)(sqlite3*)> source(raw, sqlite3_close_v2);
  if (raw == nullptr) return Status::IoError(part.file + ": cannot open database (out of memory)");
  if (rc != SQLITE_OK) return SqliteError(raw, part.file, "cannot open database");
  sqlite3_busy_timeout(raw, kBusyTimeoutMs);
  if (RegisterSqlFunctions(raw) != SQLITE_OK) {
    return SqliteError(raw, part.file, "cannot register the SQL functions");
  }
  OwnedStmt select;
  if (Status s = PrepareStatement(
          raw, part.file,
          std::string("SELECT item_index, ") + kRowFormExpr + " FROM puzzles WHERE id = ?1",
          &select);
      !s.ok()) {
    return s;
  }
  for (const auto& [rowid, id] : rows) {
    sqlite3_bind_int64(select.get(), 1, id);
    if (sqlite3_step(select.get()) != SQLITE_ROW) {
      return SqliteError(raw, part.file, "cannot read row " + std::to_string(id));
    }
    sqlite3_bind_int64(update, 1, sqlite3_column_int64(select.get(), 0));
    sqlite3_bind_value(update, 2, sqlite3_column_value(select.get(), 1));
    sqlite3_bind_int64(update, 3, rowid);
    const int step = sqlite3_step(update);
    sqlite3_reset(update);
    sqlite3_reset(select.get());
    if (step != SQLITE_DONE) return SqliteError(db_, target_, "cannot note a repeated form");
  }
  return Status::Ok();
}

}  // namespace sudoku::storage_internal
