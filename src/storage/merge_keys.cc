// Merger's pass 1 (merge_writer.h): the keys of every source row into the staging table, the
// rows whose key is not theirs alone with their forms, and, before each unit is written, which
// of those rows repeat a form or collide on a key.
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "storage/merge_writer.h"

namespace sudoku::storage_internal {

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
            "id, sudoku_canonical_key(collision_canonical) FROM src.puzzles WHERE "
            "collision_canonical IS NOT NULL" +
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
        "INSERT INTO stage.held SELECT sudoku_canonical_key(collision_canonical), "
        "collision_canonical FROM main.puzzles WHERE collision_canonical IS NOT NULL");
    steps.push_back(
        "INSERT INTO stage.rep (unit, part, id, key) SELECT unit, part, id, key FROM stage.keys "
        "AS k WHERE EXISTS (SELECT 1 FROM stage.keys AS o WHERE o.key = k.key AND o.rowid <> "
        "k.rowid) OR EXISTS (SELECT 1 FROM main.puzzles AS p WHERE p.canonical_key = k.key) OR "
        "k.key IN (SELECT key FROM stage.held)");
    steps.push_back(
        "INSERT INTO stage.held SELECT canonical_key, sudoku_canonical_form(givens_packed) FROM "
        "main.puzzles WHERE canonical_key IN (SELECT key FROM stage.rep)");
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
      Status s =
          Exec(std::string("UPDATE stage.rep SET (item_index, canonical) = (SELECT item_index, ") +
                   kRowFormExpr + " FROM src.puzzles WHERE id = rep.id) WHERE unit = " +
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

}  // namespace sudoku::storage_internal
