// SqliteStore: the corpus database (schema in schema/NNN_*.sql, version in PRAGMA user_version).
//
// One SqliteStore owns one connection; it is not thread-safe (the pipeline calls it from its
// serial output stage only). Opening creates the file and schema if missing, migrates an older
// schema, and refuses a file that is not a corpus or has a newer schema. WAL journal mode,
// synchronous=NORMAL (a committed batch survives a killed process; a power loss may drop the
// last batches but never corrupts the file), statements prepared once, one transaction per
// batch. Every error message names the database file and carries SQLite's own message.
// Equivalent puzzles are stored once: a record whose canonical form is already in the corpus
// (from any run) is counted in runs.duplicates instead. The UNIQUE index is on
// puzzles.canonical_key, a 64-bit hash of the form (canonical_key.h); when a new form's key is
// taken by a different form, the texts are compared and the new form is stored with no key (a
// "collision row", schema/004_canonical_key.sql), so a collision never drops a puzzle and no
// form is stored twice.
// runs.written, runs.duplicates and runs.next_item are updated in each batch's transaction, so
// whenever the process dies, a run's items 0..next_item-1 are exactly its stored puzzles and
// its duplicates; ResumeRun continues such a run at next_item.
#ifndef SUDOKU_STORAGE_STORE_H_
#define SUDOKU_STORAGE_STORE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "sudoku/pipeline/sink.h"
#include "sudoku/status.h"

namespace sudoku {
namespace storage_internal {
class StoreAccess;
}  // namespace storage_internal

// The schema version this build writes (the highest schema/NNN_*.sql).
int StoreSchemaVersion();

struct RunInfo {
  uint64_t seed = 0;         // run seed (stored as decimal text: it may exceed INT64_MAX)
  std::string params_json;   // the generation parameters as a JSON object
  std::string tool_version;  // e.g. "sudoku-corpus 0.1.0"
  int64_t requested = 0;     // how many puzzles were asked for
};

// A run as stored in `runs`, found by FindUnfinishedRun for `generate --resume`.
struct StoredRun {
  int64_t id = 0;
  uint64_t seed = 0;
  std::string params_json;   // runs.params, as BeginRun stored it
  std::string tool_version;  // the tool that started the run
  std::string status;        // 'running' (or its process was killed), 'interrupted', 'failed'
  int64_t requested = 0;
  int64_t written = 0;     // puzzles stored
  int64_t duplicates = 0;  // items not stored: duplicates
  int64_t next_item = 0;   // items 0..next_item-1 are accounted for (stored or duplicates)
};

// How Open treats a missing file.
enum class OpenMode {
  kCreateIfMissing,  // create the file and the schema (generate)
  kMustExist,        // fail with "<path>: cannot open database: no such file" (generate --resume)
};

class SqliteStore : public PuzzleSink {
 public:
  // Opens the corpus at `path` for writing, creating it if missing unless mode is kMustExist;
  // ":memory:" works for tests.
  // On success *store holds the store; on error *store is null and the status names `path`:
  // not a SQLite file, a SQLite database that is not a corpus, a newer schema, unwritable.
  // Never modifies a file it refuses. A file locked by another writer for longer than the busy
  // timeout (5 s) fails with SQLite's "database is locked".
  static Status Open(const std::string& path, std::unique_ptr<SqliteStore>* store,
                     OpenMode mode = OpenMode::kCreateIfMissing);
  ~SqliteStore() override;
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  // Inserts a `runs` row with status 'running' and makes it the run that WriteBatch fills.
  // The store owns the run from then until EndRun or its destruction (a killed process's claim
  // ends with it): ResumeRun in any other store, of this process or another, refuses it.
  // Fails if info.params_json is not a JSON object. REQUIRES: no run is open (EndRun first).
  Status BeginRun(const RunInfo& info, int64_t* run_id);

  // PuzzleSink: inserts the batch into `puzzles` under the current run, except duplicates, and
  // updates runs.written, runs.duplicates and runs.next_item, atomically. A write transaction
  // holds several batches: it is committed once it holds about a sixteenth of the corpus's
  // rows (at most kMaxRowsPerCommit), once kMaxCommitSeconds have passed since the last
  // commit, and by Commit and EndRun. Until then other connections do not see the batches,
  // and a killed process loses them (as whole batches: `generate --resume` makes them again).
  // A failed batch is rolled back alone; the batches before it are committed.
  // REQUIRES: BeginRun succeeded.
  Status WriteBatch(std::span<const PuzzleRecord> batch, BatchOutcome* outcome) override;

  // Commits the batches written since the last commit (none: does nothing).
  Status Commit();

  static constexpr int64_t kCorpusRowsPerCommitRow = 16;
  // A transaction's new rows (about 600 bytes each, appended) and the key index pages it dirties
  // share the page cache: past this many rows they outgrow it, SQLite spills dirty pages to the
  // WAL before the commit and writes many of them again, and the cost per row climbs with the
  // corpus (docs/performance.md, "A single corpus at scale").
  static constexpr int64_t kMaxRowsPerCommit = 100000;
  static constexpr double kMaxCommitSeconds = 2.0;
  // The connection's page cache: kBaseCacheKiB, or kCacheBytesPerRow for each puzzle of the
  // corpus if that is more, up to kMaxCachedKeyRows (so at most 256 MiB).
  static constexpr int64_t kBaseCacheKiB = 32768;
  static constexpr int64_t kCacheBytesPerRow = 40;
  static constexpr int64_t kMaxCachedKeyRows = 6'710'886;

  // Sets the current run's status ("finished", "interrupted" or "failed") and finished_at,
  // commits, and closes the run. A run begun by BeginRun that fails before it stores a puzzle
  // (a request no puzzle met) is removed instead: it leaves no row. REQUIRES: BeginRun succeeded.
  // The destructor does not end a run: a store destroyed with a run open leaves it 'running', as a
  // killed process would.
  Status EndRun(std::string_view status);

  // Finds the run `generate --resume` would finish: run `run_id`, or with run_id 0 the latest
  // run (highest id) whose status is not 'finished'. Fails, naming the file, when there is none,
  // the run does not exist or is finished, or its counts disagree with its rows (written rows,
  // all below next_item; written <= requested). Changes nothing. REQUIRES: run_id >= 0.
  Status FindUnfinishedRun(int64_t run_id, StoredRun* run);
  // FindUnfinishedRun, or with finished_too a finished run too (run_id 0: the latest run).
  Status FindRun(int64_t run_id, bool finished_too, StoredRun* run);

  // Makes run `run_id` (0: the latest unfinished) the current run again: checks it as
  // FindUnfinishedRun does and sets status 'running' and finished_at NULL, in one transaction.
  // WriteBatch then appends to it and EndRun ends it. *run is the run as found.
  // With extra > 0 the run may also be finished (run_id 0 then means the latest run of any
  // status), and its requested count grows by `extra`, in the same transaction: the run goes
  // on with the items after its last one (`generate --resume --extend`).
  // Fails with kBusy, changing nothing, while another store owns the run (BeginRun); with
  // kInvalidArgument when requested + extra would exceed INT64_MAX.
  // REQUIRES: no run is open; run_id >= 0; extra >= 0.
  Status ResumeRun(int64_t run_id, StoredRun* run, int64_t extra = 0);

  const std::string& path() const;
  int64_t run_id() const;  // the open run, 0 if none
  // The file's schema version before Open migrated it (0 for a new file).
  int opened_version() const;

 private:
  friend class storage_internal::StoreAccess;  // white-box access for tests and benchmarks
  class Impl;  // the connection, its prepared statements and the batch state (store_impl.h)
  explicit SqliteStore(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_STORE_H_
