// RunParams: the generation parameters of a run, and their one stored form, the JSON object of
// runs.params. ToParamsJson writes it, ParseParamsJson reads it back for a resume, and the
// storage layer reads the parts it needs (ReadShardOfRun for a merge, GridMethodOfRun for
// stats) through this header, so a field is named in one file only (src/run/params.cc).
// Depends on the core only; no JSON type appears here. Plain values, no shared state: any
// function may be called from any thread.
//
// The JSON object has exactly these keys:
//   {"count": 1000, "clues": [26, 56], "freedom": [0, 729], "rating": [0, 100] (tenths),
//    "level": null | "hard" (rating level), "clue_level": null | "easy" (clue class),
//    "minimal": false, "max_attempts": 1000,
//    "grid_method": "search" | "digit-rows" | ... | "source",
//    "grid_source": null | {"path": "/abs/grids.txt", "grids": 120, "fingerprint": "<16 hex>"},
//    "transform": "relabel" | "full", "symmetry": "none" | "rot180" | ... | "random",
//    "dig_order": "random" | "per-row" | "controlled-bias"}
// written on one line, keys in byte order. A controlled-bias run makes
// GeneratorOptions::controlled_bias_tries_per_grid tries per grid, a constant of this build (not
// stored: a build that changed it would make other puzzles).
// And, for one shard of a run only, "shard": [K, N] (part K of N). Without the shard key the
// object is exactly the one the whole run has, so merging the shards gives the run the
// parameters it would have had on one machine.
// And, for the runs of a level set only (one run per level, LevelSet below), "level_set":
// {"seed": "7", "count": 600, "levels": [{"level": "beginner", "clues": [26, 56],
// "minimal": false, "rating": [0, 12]}, ...]}: the set's seed (a decimal string, as runs.seed:
// JSON readers may not hold a uint64), total count, and each level's own parameters.
// And, for a run with technique targets only, "hardest": "x-wing" (GeneratorOptions::hardest)
// and "requires": ["pointing", "x-wing"] (GeneratorOptions::required, in Technique order).
// Older corpora hold the same keys; their grid_source path may be relative.
#ifndef SUDOKU_RUN_PARAMS_H_
#define SUDOKU_RUN_PARAMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/core/generator.h"
#include "sudoku/status.h"

namespace sudoku {

// Part k of n of a run: the items k-1, k-1+n, k-1+2n, ... (1 <= k <= n).
struct Shard {
  int64_t k = 1;
  int64_t n = 1;
  bool whole() const { return n == 1; }
  // How many of items 0..count-1 are this shard's.
  int64_t ShareOf(int64_t count) const { return count >= k ? (count - k) / n + 1 : 0; }
  // This shard's first item at or after `item`.
  int64_t FirstItemFrom(int64_t item) const { return item + ((k - 1 - item) % n + n) % n; }
};

// The command a run of a level set belongs to: one ordinary run per level, in the order of
// RatingBands() (easiest first), each with its share of the count and its own seed. The runs
// differ only in these; every run stores the whole set, so that a resume can make the levels
// after the one it finishes.
struct LevelSet {
  struct Level {
    std::string name;   // the level (RatingBands)
    int min_clues = 0;  // its run's clue band
    int max_clues = 0;
    bool minimal = false;  // its run digs minimal puzzles
    int min_rating = 0;    // its rating band, in tenths
    int max_rating = 0;
  };
  uint64_t seed = 0;          // the command's seed. Default: 0
  int64_t count = 0;          // its count, over all levels. Default: 0
  std::vector<Level> levels;  // easiest first. Default: none (not a level set)
  bool empty() const { return levels.empty(); }
  // The index of level `name`, or levels.size() when the set has no such level.
  size_t IndexOf(std::string_view name) const;
  // The count of levels[i]: count / levels, the first count % levels levels one more.
  int64_t ShareOf(size_t i) const;
  // The seed of levels[i]'s run, derived from the command's seed and the level's name, so that
  // a level's puzzles do not depend on which other levels the command asks for.
  uint64_t SeedOf(size_t i) const;
};

struct RunParams {
  int64_t count = 0;           // puzzles requested. Default: 0
  std::string level;           // rating level asked for, "" when none (stored as null). Default: ""
  std::string clue_class;      // clue class asked for, "" when none (stored as null). Default: ""
  GeneratorOptions generator;  // everything but the grid_source span. Default: see there
  // A run drawing its grids from a file: the file (absolute since resume may run in another
  // folder; runs of older versions may hold a relative one), its number of grids and
  // fingerprint (FNV-1a 64 of the grids' text forms): resume refuses a file whose grids
  // changed. The path is "" when the run makes its own grids. The grids are not stored.
  std::string grid_source_path;
  int64_t grid_source_grids = 0;
  uint64_t grid_source_fingerprint = 0;
  Shard shard;         // which part of the run this is. Default: the whole run (1 of 1)
  LevelSet level_set;  // the level set this run is one level of. Default: none
};

// The parameters of the set's level i: those of `run`, any run of the set, with the level's
// own (level, count, clue band, minimal, rating band). REQUIRES: i < run.level_set.levels.size().
RunParams LevelRunParams(const RunParams& run, size_t i);

// Makes `runs` (one per level, in the set's order, each with its level and its share of `count`)
// the runs of one level set of `seed` and `count`: records each level's parameters in the set
// and the set in every run. REQUIRES: runs is not empty.
void JoinLevelSet(uint64_t seed, int64_t count, std::vector<RunParams>* runs);

// The JSON object above, on one line.
std::string ToParamsJson(const RunParams& params);

// Parses what ToParamsJson wrote. Fails (Corruption) with a one-line reason naming the key when
// the text is not such an object: a key missing, unknown or of the wrong type, or a name (grid
// method, transform, symmetry, dig order) this build does not know. Does not check the bands
// (CheckGeneratorOptions does) and leaves generator.grid_source empty.
Status ParseParamsJson(std::string_view json, RunParams* params);

// What a merge needs of any stored params text, of this version or an older one.
struct ShardOfRun {
  int64_t k = 0;  // the shard's part K of N; both 0 when the run is not a shard
  int64_t n = 0;
  int64_t count = 0;             // "count": the whole run's count (0 when absent)
  std::string whole_run_params;  // the text without "shard", its keys in the stored order
};

// Reads `params_json` leniently: only "shard" and "count" are looked at. Fails (Corruption)
// when the text is not JSON ("its parameters are not JSON") or holds a "shard" that is not a
// part K of N with a count of 1 or more ("its shard parameters are not a part K of N"; *shard
// then holds the K and N read).
Status ReadShardOfRun(std::string_view params_json, ShardOfRun* shard);

// The "grid_method" name of a stored params text into *method, "" when it holds none. Fails
// (Corruption, "its parameters are not JSON") when the text is not JSON.
Status GridMethodOfRun(std::string_view params_json, std::string* method);

}  // namespace sudoku

#endif  // SUDOKU_RUN_PARAMS_H_
