// Generator: one pipeline item from start to finish. Makes a finished grid (by a grid method,
// or drawn from a user's grids), transforms it (digits, or the whole group), digs a unique
// puzzle (randomly or symmetrically) and scores it, retrying with fresh grids (bounded) until
// the puzzle meets the requested clue, freedom and rating bands and technique targets (its
// hardest step, techniques its path uses); rates it by human technique (rating.h) and computes
// the canonical forms.
//
// Deterministic: the record depends only on (options, item seed). Thread-safe.
#ifndef SUDOKU_CORE_GENERATOR_H_
#define SUDOKU_CORE_GENERATOR_H_

#include <bitset>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/record.h"
#include "sudoku/core/transform.h"
#include "sudoku/status.h"

namespace sudoku {

struct GeneratorOptions {
  GridMethod grid_method = GridMethod::kSearch;  // how grids are made. Default: search
  // When not empty, each item's grids are drawn uniformly from these (REQUIRES: all complete and
  // valid) instead of made by grid_method; records say grid_method "source". The span is not
  // owned and must outlive every use of the options. Default: empty
  std::span<const Grid> grid_source;
  TransformKind transform = TransformKind::kRelabel;  // stage 2. Default: relabel digits only
  DigOptions dig;                 // clue band, minimality, symmetry, order. Default: see DigOptions
  bool random_symmetry = false;   // each item digs with one of the six symmetries other than
                                  // none, chosen by its seed (dig.symmetry is then ignored)
  int min_freedom = 0;            // lowest accepted freedom. Default: 0
  int max_freedom = 729;          // highest accepted freedom. Default: 729 (empty board)
  int min_rating = 0;             // lowest accepted SE rating, tenths. Default: 0
  int max_rating = kMaxRating;    // highest accepted SE rating, tenths. Default: 120 (any)
  int max_attempts = 1000;        // grids tried per item before giving up. Default: 1000
  // With DigOrder::kControlledBias: tries made on one grid before the next is made (there is
  // no attempt limit then). Stopping at an item's first puzzle favours grids with few minimal
  // puzzles by a factor of about 1 - tries * p / 2 (p: a try's chance of a puzzle on that grid,
  // about 5e-6), so few tries keep that negligible; a grid costs about as much as a few tries.
  // Part of what a seed means: changing it changes the corpus. Default: 100
  int64_t controlled_bias_tries_per_grid = 100;
  // Only puzzles whose rating's hardest step is this technique. Default: none (any)
  std::optional<Technique> hardest;
  // Only puzzles whose solving path uses each technique set here (Rating::uses > 0), indexed by
  // Technique. Default: none
  std::bitset<kTechniqueCount> required;
};

// OK when the options can be met in principle; otherwise kInvalidArgument with a one-line reason
// naming the offending field and value (e.g. "clue band 5-10: no unique puzzle has fewer than
// 17 clues").
Status CheckGeneratorOptions(const GeneratorOptions& options);

// True when `options` ask for a hardest technique or for techniques the path uses.
bool HasTechniqueTarget(const GeneratorOptions& options);

// The SE rating band (tenths) a puzzle whose hardest step is `technique` rates in: its table
// rating, up to that for a technique of fixed rating, else up to kMaxRating (chains, unique
// rectangle type 3, unique loops, BUG type 3 and aligned exclusions rate by their size).
struct TechniqueBand {
  int min_rating = 0;
  int max_rating = kMaxRating;
};
TechniqueBand HardestTechniqueBand(Technique technique);

// OK when the technique targets can be met together with the rating band; otherwise
// kInvalidArgument with one line naming the conflict (e.g. "hardest technique x-wing rates 3.2,
// outside rating band 1.3-2.3"). Part of CheckGeneratorOptions; callers that tell an impossible
// request from a malformed one call it first.
Status CheckTechniqueTargets(const GeneratorOptions& options);

// The grid_method recorded for grids drawn from GeneratorOptions::grid_source: "source".
std::string_view SourceGridMethodName();

// What one item tried: the puzzles it dug and how many of them met the technique targets
// (with a hardest technique: had it as their hardest step; else used every required one).
struct ItemTally {
  int64_t dug = 0;
  int64_t technique_matches = 0;
};

// Fills `*record` with item `item_index` made from `item_seed`. Returns false when
// max_attempts grids gave no puzzle inside the bands (the record is then unspecified).
// `*tally`, when given, counts the item's puzzles (the same on every run of the same item).
// REQUIRES: CheckGeneratorOptions(options).ok().
bool GeneratePuzzle(const GeneratorOptions& options, int64_t item_index, uint64_t item_seed,
                    PuzzleRecord* record, ItemTally* tally = nullptr);

// One line on why an item gave nothing (GeneratePuzzle returned false): without a technique
// target the attempts made; with one, the share of the item's puzzles dug that met it, e.g. "0 of
// 100000 puzzles dug had hardest technique jellyfish (0.000%): too rare among these puzzles; ...".
std::string DescribeFailedItem(const GeneratorOptions& options, const ItemTally& tally);

}  // namespace sudoku

#endif  // SUDOKU_CORE_GENERATOR_H_
