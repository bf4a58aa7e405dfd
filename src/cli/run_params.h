// RunParams: the generation parameters of a run, stored in runs.params as a JSON object.
// `generate` writes them with ToParamsJson and `generate --resume` reads them back with
// ParseParamsJson. Both directions live in run_params.cc, so they cannot drift apart.
//
// The JSON object has exactly these keys:
//   {"count": 1000, "clues": [26, 56], "freedom": [0, 729], "rating": [0, 100] (tenths),
//    "level": null | "hard" (rating level), "clue_level": null | "easy" (clue class),
//    "minimal": false, "max_attempts": 1000,
//    "grid_method": "search" | "digit-rows" | ... | "source",
//    "grid_source": null | {"path": "/abs/grids.txt", "grids": 120, "fingerprint": "<16 hex>"},
//    "transform": "relabel" | "full", "symmetry": "none" | "rot180" | ... | "random",
//    "dig_order": "random" | "per-row" | "controlled-bias"}
// A controlled-bias run makes GeneratorOptions::controlled_bias_tries_per_grid tries per grid,
// a constant of this build (not stored: a build that changed it would make other puzzles).
// And, for one shard of a run only, "shard": [K, N] (part K of N; `generate --shard K/N`).
// Without the shard key the object is exactly the one the whole run has, so merging the shards
// gives the run the parameters it would have had on one machine.
// And, for the runs of `generate --level A,B,...` only (one run per level, LevelSet below),
// "level_set": {"seed": "7", "count": 600, "levels": [{"level": "beginner", "clues": [26, 56],
// "minimal": false, "rating": [0, 12]}, ...]}: the command's seed (a decimal string, as
// runs.seed: JSON readers may not hold a uint64), total count, and each level's own parameters.
#ifndef SUDOKU_CLI_RUN_PARAMS_H_
#define SUDOKU_CLI_RUN_PARAMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/core/generator.h"
#include "sudoku/status.h"

namespace sudoku::cli {

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

// "K/N" as typed after --shard; throws UserError naming the option otherwise.
Shard ParseShard(const std::string& text);

// The command a run of `generate --level A,B,...` belongs to: one ordinary run per level, in
// the order of RatingBands() (easiest first), each with its share of the count and its own seed.
// The runs differ only in these; every run stores the whole set, so that `generate --resume`
// can make the levels after the one it finishes.
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

// The --level value that asks for every level, one run each.
inline constexpr char kAllLevels[] = "all";

// True when a --level value names several levels: a comma-separated list, or "all".
bool IsLevelList(const std::string& text);

// The levels of such a value, easiest first (the order of RatingBands(), whatever the order
// given); throws UsageError naming --level for an unknown, empty or repeated name.
std::vector<std::string> ParseLevelList(const std::string& text);

struct RunParams {
  int64_t count = 0;           // puzzles requested. Default: 0
  std::string level;           // --level as given, "" when none (then stored as null). Default: ""
  std::string clue_class;      // --clue-class as given, "" when none (stored as null). Default: ""
  GeneratorOptions generator;  // everything but the grid_source span. Default: see there
  // --grid-source: the file (absolute since resume may run in another folder; runs of older
  // versions may hold a relative one), its number of grids and fingerprint (grid_source.h):
  // resume refuses a file whose grids changed. The path is "" when the run makes its own grids.
  // The grids themselves are not stored.
  std::string grid_source_path;
  int64_t grid_source_grids = 0;
  uint64_t grid_source_fingerprint = 0;
  Shard shard;         // which part of the run this is. Default: the whole run (1 of 1)
  LevelSet level_set;  // the level set this run is one level of. Default: none
};

// The parameters of the set's level i: those of `run`, any run of the set, with the level's
// own (level, count, clue band, minimal, rating band). REQUIRES: i < run.level_set.levels.size().
RunParams LevelRunParams(const RunParams& run, size_t i);

// The JSON object above, on one line.
std::string ToParamsJson(const RunParams& params);

// Parses what ToParamsJson wrote. Fails with a one-line reason (no path) when the text is not
// such an object: a key missing, unknown or of the wrong type, or a name (grid method,
// transform, symmetry, dig order) this build does not know. Does not check the bands
// (CheckGeneratorOptions does) and leaves generator.grid_source empty.
Status ParseParamsJson(std::string_view json, RunParams* params);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_RUN_PARAMS_H_
