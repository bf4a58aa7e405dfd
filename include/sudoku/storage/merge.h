// MergeCorpora: brings corpora together into one, as a bulk job.
//
// What comes out. The inputs' runs are taken in order (input by input, run id by run id) and
// each becomes one run of the output, with its seed, parameters, tool version and times kept and
// a new id. Exception: the shards of one run (runs whose parameters carry "shard": [K, N], from
// `generate --shard K/N`, with the same seed, tool version and other parameters) become that one
// run again, at the place of its first shard. Puzzles keep their order within a run, and a
// puzzle equivalent to one already in the output (an earlier run, or an earlier puzzle of the
// same run) is skipped and counted.
//
// Shards. Shard K of N makes the items K-1, K-1+N, ... of the run and stores those that are not
// equivalent to an earlier puzzle of the shard. Every item below P (the first item some shard
// has not made yet) has been made by its shard, so the run's corpus, the first `count` distinct
// puzzles in item order, is found among them: it is exactly the corpus one machine makes with
// the same seed and count, row for row, as long as P lies beyond its last item. When the
// shards hold fewer distinct puzzles than that (shards drop only their own duplicates, not those
// of other shards), the merge makes the rest itself through options.make_items: the items P,
// P+1, ... in order, each kept unless equivalent to a puzzle already in the output, until the run
// holds its count, exactly as one machine goes on. Without make_items, when it cannot make them
// (kNotSupported: another tool version, a grid source file gone or changed), when a shard is
// unfinished, or when the output holds some of the run's puzzles already, the merge fails with
// kInvalidArgument, writes nothing, and says how much to extend each shard
// (`generate --resume --extend`).
//
// How. The rows are copied into a staging database beside the output and their duplicates
// found there with indexes built once, by sorting; only the rows that stay are written to the
// output, in order. A new output is built in a file beside it, with its indexes made once at the
// end, and renamed into place when complete; an existing output gets all its new rows in one
// transaction. Either way an interrupted merge leaves the output as it was (a new output is not
// there at all) and the staging files behind, which the next merge into the same output refuses
// to overwrite until they are removed. Memory is bounded by SQLite's caches (about 100 MiB), not
// by the number of rows.
//
// Inputs are opened read-only and never changed. An input that is not a corpus, has another
// schema version than this build (older: migrate it first; newer: upgrade the tool), is damaged,
// or is the output itself fails the merge before the output is touched.
// Not thread-safe; one merge per output at a time.
#ifndef SUDOKU_STORAGE_MERGE_H_
#define SUDOKU_STORAGE_MERGE_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sudoku/pipeline/sink.h"
#include "sudoku/status.h"

namespace sudoku {

// The items of a run that the merge asks for when its shards hold too few distinct puzzles.
struct MissingItems {
  uint64_t seed = 0;         // the run seed
  std::string params_json;   // the whole run's stored parameters (without "shard")
  std::string tool_version;  // the version that made the shards
  int64_t first_item = 0;    // the first item some shard has not made (P)
  int64_t count = 0;         // distinct puzzles still missing
};

// Makes the items first_item, first_item + 1, ... into `sink` (which drops the puzzles the
// output already has) until `count` puzzles are stored, as one machine's run would go on;
// *next_item is then one past the last item made. kNotSupported when it cannot make these items
// (the merge then says how to extend the shards instead); any other failure fails the merge.
using ItemMaker =
    std::function<Status(const MissingItems& items, PuzzleSink* sink, int64_t* next_item)>;

struct MergeOptions {
  std::string output;               // the corpus to write; created if missing. Default: none
  std::vector<std::string> inputs;  // the corpora to merge, in this order. Default: none
  ItemMaker make_items;             // makes the items short shards lack. Default: none
};

// One run of the output, as the merge made it.
struct MergedRun {
  int64_t output_run = 0;            // its id in the output
  std::vector<std::string> sources;  // "file run N" for each source run (a shard: "file run N
                                     // (shard K/N)")
  int64_t rows_read = 0;             // puzzles taken from the sources
  int64_t written = 0;               // puzzles written to the output
  int64_t skipped = 0;       // puzzles equivalent to one already in the output, or, for shards,
                             // beyond the run's count
  int64_t first_made = 0;    // shards: the first item the merge made itself
  int64_t items_made = 0;    // shards: items the merge made itself (make_items)
  int64_t puzzles_made = 0;  // of them, puzzles written (counted in `written`, not in rows_read)
};

struct MergeReport {
  std::vector<MergedRun> runs;  // in output order
  int64_t rows_read = 0;
  int64_t written = 0;
  int64_t skipped = 0;
  int64_t items_made = 0;  // items made by the merge itself, over all runs
  bool created = false;    // the output was new
};

// Merges options.inputs into options.output as described above; *report says what it did.
// REQUIRES: at least one input.
Status MergeCorpora(const MergeOptions& options, MergeReport* report);

}  // namespace sudoku

#endif  // SUDOKU_STORAGE_MERGE_H_
