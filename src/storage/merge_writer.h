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
// shards) straight into the output, and a shard unit stops at its count-th row.
#ifndef SUDOKU_STORAGE_MERGE_WRITER_H_
#define SUDOKU_STORAGE_MERGE_WRITER_H_

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
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
  Merger(const MergeOptions& options, MergeReport* report)
      : options_(options),
        report_(report),
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

  const MergeOptions& options_;
  MergeReport* report_;
  std::string target_;    // the file written: the output, or a new one beside it
  MergeFile new_output_;  // the new corpus, where the output did not exist
  MergeFile stage_;
  sqlite3* db_ = nullptr;
  std::unique_ptr<RunLocks> turn_;  // an existing output's write turn
  int64_t data_version_ = 0;        // the output's PRAGMA data_version before pass 1
  bool output_had_rows_ = false;
  int64_t held_ = 0;       // rows of a short shard unit whose forms the output has already
  CopiedColumns columns_;  // the puzzle columns copied (puzzle_row.h)
  std::vector<std::string> index_sql_;  // indexes dropped while a new output fills
};

}  // namespace sudoku::storage_internal

#endif  // SUDOKU_STORAGE_MERGE_WRITER_H_
