// `stats --unbiased`: estimates over all minimal puzzles from the controlled-bias puzzles of a
// corpus (the estimators are in sudoku/stats/unbiased.h; this file reads and prints).
#ifndef SUDOKU_CLI_STATS_UNBIASED_H_
#define SUDOKU_CLI_STATS_UNBIASED_H_

#include <cstdint>
#include <string>
#include <vector>

#include "sudoku/stats/unbiased.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {

// What `stats --unbiased` reports, accumulated over one scan of the matching puzzles.
struct UnbiasedStats {
  std::string db;
  PuzzleFilter filter;
  int64_t puzzles = 0;
  stats::WeightedMoments clues;
  stats::WeightedMoments freedom;
  stats::WeightedMoments rating;  // tenths
  stats::WeightedShares levels;
  stats::WeightedShares hardest;
};

// Scans the puzzles `filter` selects. Throws UserError when any of them was not dug in
// controlled-bias order (their bias is unknown, so no weight undoes it; the message counts them
// by dig order and says how to select controlled-bias runs), or when fewer than two match.
UnbiasedStats ReadUnbiasedStats(CorpusReader& reader, const std::string& db,
                                const PuzzleFilter& filter);

void PrintUnbiasedTable(const UnbiasedStats& stats);
void PrintUnbiasedJson(const UnbiasedStats& stats);

// Writes unbiased_clues.dat and unbiased_clues.gnuplot into `dir` (created if missing) and runs
// gnuplot, which draws unbiased_clues.png (and .svg): raw and weighted shares by clue count, with the
// weighted intervals, beside Berthier's two columns. Returns the PNG path; throws UserError
// when gnuplot is missing or fails, or the folder cannot be written.
std::string WriteUnbiasedPlot(const UnbiasedStats& stats, const std::string& dir);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STATS_UNBIASED_H_
