// The numbers `stats` reports, and `stats --plot`: gnuplot data files plus the PNG pictures
// that src/cli/stats_plot.gnuplot (compiled into the binary) draws from them.
#ifndef SUDOKU_CLI_STATS_PLOT_H_
#define SUDOKU_CLI_STATS_PLOT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {

// Everything `stats` shows, read from one snapshot of the corpus.
struct CorpusStats {
  std::string db;
  int schema_version = 0;
  PuzzleFilter filter;
  int64_t puzzles = 0;
  std::vector<RunRow> runs;
  std::vector<LevelCount> levels;
  std::vector<ValueCount> clues;    // histogram by value
  std::vector<ValueCount> freedom;  // histogram by value
  std::vector<ValueCount> rating;   // histogram by value (tenths)
  ScoreSummary clues_summary;
  ScoreSummary freedom_summary;
  ScoreSummary rating_summary;
  std::vector<ValueCount> ep, ed;  // SE's EP and ED: histograms by value (tenths)
  ScoreSummary ep_summary, ed_summary;
  int64_t pearls = 0, diamonds = 0;  // puzzles whose EP, ED equals their rating
  std::vector<LevelCount> clue_classes;
  std::vector<LevelCount> hardest;          // puzzles per hardest technique
  std::vector<MeanRating> rating_by_clues;  // mean rating per clue count
  double rating_clues_r = 0;                // Pearson's r of rating and clues
  double rating_freedom_r = 0;              // Pearson's r of rating and freedom
  std::vector<LevelValueCount> level_clues;
  std::vector<GridMethodStats> grid_methods;
  std::vector<LevelValueCount> level_freedom;
  std::vector<CluesFreedomCount> clues_freedom;
};

// A bin width for `histogram` (1, 2, 5, 10, 20, 25, 50 or 100) giving at most `max_bins` bins.
int BinWidth(const std::vector<ValueCount>& histogram, int max_bins);

// `histogram` in bins of `width` starting at multiples of it: (bin start, count).
std::vector<ValueCount> Bin(const std::vector<ValueCount>& histogram, int width);

// True iff a `gnuplot` executable is on PATH.
bool HaveGnuplot();

// A gnuplot string literal: single-quoted, with quotes doubled.
std::string GnuplotString(const std::string& text);

// Runs gnuplot on `script`, with `vars` (gnuplot statements) set first; throws UserError when
// it cannot start or fails.
void RunGnuplotScript(const std::string& script, const std::string& vars);

// What `filter` selects, in words ("" when it selects everything), e.g. "level expert, clues
// 20-26".
std::string DescribeFilter(const PuzzleFilter& filter);

// The corpus and the filter, for the title of a picture: "x.db" or "x.db (level expert)".
std::string PlotSubject(const std::string& db, const PuzzleFilter& filter);

// The colour a level is drawn in ("#rrggbb"), the same in every picture whatever else the
// selection holds; grey for a name that is no rating level (corpora of older versions).
std::string LevelColour(std::string_view level);

// True when the nonzero counts span two decades or more (largest / smallest >= 100), where
// a linear axis would hide the rare values.
bool SpansDecades(const std::vector<ValueCount>& histogram);
bool SpansDecades(const std::vector<LevelCount>& counts);

// Writes the data files (clues.dat, freedom.dat, clues_freedom.dat, rating.dat,
// rating_clues.dat), plot_stats.gnuplot and plot_stats.sh (the gnuplot command line, to re-draw
// after editing the script) into `dir` (created if missing), then runs gnuplot, which draws each
// picture as PNG and as SVG there. Throws UserError when gnuplot is missing (before writing
// anything), when `dir` cannot be written, or when gnuplot fails. Returns the PNG paths.
std::vector<std::string> WritePlots(const CorpusStats& stats, const std::string& dir);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_STATS_PLOT_H_
