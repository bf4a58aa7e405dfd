// Merger: carries out a merge planned by merge.cc (merge_plan.h's WriteMerge). Private to
// src/storage; include as "storage/merge_writer.h". Defined in merge_writer.cc (the output and
// staging files, pass 2: the rows written) and merge_keys.cc (pass 1: the keys, repeated forms
// and key collisions found in a staging table). Not thread-safe.
//
// Pass 1 copies each source row's unit, part, id and true canonical key (a source's collision
// row gets its key back) into a staging table, from the sources' key indexes where a file holds
// one run, and sorts it by key once: a row whose key no other row (and no output row) has is a
// form seen once, so only the few rows with a shared key ("rep") have their items and forms read
// back and compared. Pass 2 goes unit by unit in output order: a rep row whose form an earlier
// written row (or the output) has is dropped, and one whose key another form holds is written
// without it; then the unit's rows stream from its sources in item order (a k-way merge over the
// shards) straight into the output, and a shard unit stops at its count-th row. A shard unit
// that holds fewer rows than its count has the rest made (merge_made.cc: MergeOptions::
// make_items writes them through a sink on the output's connection, deduplicating as the store
// does), and their forms join stage.held for the units after it.
#ifndef SUDOKU_STORAGE_MERGE_WRITER_H_
#define SUDOKU_STORAGE_MERGE_WRITER_H_

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "storage/connection.h"
#include "storage/merge_files.h"
#include "storage/merge_plan.h"
#include "storage/puzzle_row.h"
#include "storage/run_lock.h"
#include "sudoku/status.h"
#include "sudoku/storage/merge.h"

namespace sudoku::storage_internal {

// The merge's connections and files; the files it made are removed when it ends unfinished.
class Merger {
 public:
  Merger(const MergeOptions& options, MergeReport* report, std::function<Status()> before_commit)
      : options_(options),
        report_(report),
        before_commit_(std::move(before_commit)),
        target_(options.output),
        new_output_(MergeTargetPath(options.output)),
        stage_(MergeStagePath(options.output)) {}
  // Closes the output first: the files this merge made are removed after (new_output_ unless
  // published or kept).
  ~Merger() {
    if (db_ != nullptr) sqlite3_close_v2(db_);
    turn_.reset();
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
  // An existing output: refused while one of its runs is being written (the merge would decide
  // against rows that are still coming); notes the output's version for BeginWriting.
  Status CheckNoWriter();
  // Waits for the output's write turn (storage/run_lock.h) and begins the merge's transaction;
  // Busy when another process changed the output after pass 1 read it.
  Status BeginWriting();
  Status Attach(const SourceRun& part);
  Status LoadKeys(int64_t index, Unit* unit);
  Status FindRepeats(const std::vector<Unit>& units);
  Status Decide(int64_t index);
  Status WriteUnit(int64_t index, Unit* unit);
  Status WriteRows(int64_t index, Unit* unit, int64_t run_id);
  Status Publish();
  std::string ShortfallMessage(const Unit& unit) const;
  // A short shard unit: has make_items make its missing items into run `run_id` after the
  // rows written so far (*last: the last item kept). Ok without making any when make_items says
  // kNotSupported (its reason kept for ShortfallMessage).
  Status MakeMissing(int64_t index, Unit* unit, int64_t run_id, int64_t* last);
  // A new output's key index, built now (not at the end) so that made items find their
  // duplicates as the store does.
  Status BuildKeyIndex();
  // The forms made into run `run_id` from item `first` on join stage.held, and the rows of the
  // later units under their keys stage.rep, so that Decide weighs them as written rows.
  Status NoteMadeForms(int64_t index, int64_t run_id, int64_t first);
  // The items and forms of the rep rows of units `first`.. that lack them, read through a
  // connection of their own (the merge's transaction cannot attach a source).
  Status ReadMissingForms(size_t first);
  // Sets the item and form of each rep row (rowid, id in `part`) of `rows` through `update`.
  Status CopyForms(const SourceRun& part, const std::vector<std::pair<int64_t, int64_t>>& rows,
                   sqlite3_stmt* update);

  const MergeOptions& options_;
  MergeReport* report_;
  std::function<Status()> before_commit_;  // WriteMerge's
  std::string target_;                     // the file written: the output, or a new one beside it
  MergeFile new_output_;                   // the new corpus, where the output did not exist
  MergeFile stage_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<RunLocks> turn_;  // an existing output's write turn
  int64_t data_version_ = 0;        // the output's PRAGMA data_version before pass 1
  bool output_had_rows_ = false;
  int64_t held_ = 0;       // rows of a short shard unit whose forms the output has already
  CopiedColumns columns_;  // the puzzle columns copied (puzzle_row.h)
  std::vector<std::string> index_names_;      // indexes dropped while a new output fills
  std::vector<std::string> index_sql_;        // and the statements that make them again
  const std::vector<Unit>* units_ = nullptr;  // the plan, while Run carries it out
  std::string not_made_;                      // why make_items could not make a run's items
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MERGE_WRITER_H_
