#include "stats_plot.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <span>
#include <string>
#include <system_error>
#include <vector>

#include "cli/plot_script.h"
#include "cli_util.h"
#include "sudoku/core/rating.h"

extern char** environ;

namespace sudoku::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kMaxHeatMapBins = 60;  // freedom bins of the heat map and freedom plots

// Opens `path` for writing or throws UserError naming it.
std::ofstream OpenData(const fs::path& path) {
  std::ofstream out(path);
  if (!out) throw UserError("cannot write '" + path.string() + "'");
  return out;
}

void Close(std::ofstream& out, const fs::path& path) {
  out.close();
  if (!out) throw UserError("cannot write '" + path.string() + "'");
}

// A table of (key, level) counts: one row per key, one column per level of `stats`.
void WriteLevelTable(const fs::path& path, const char* key_name, const CorpusStats& stats,
                     const std::vector<LevelValueCount>& counts, int width) {
  std::map<int, std::map<std::string, int64_t>> rows;
  for (const LevelValueCount& c : counts) {
    const int key = c.value / width * width;
    rows[key][c.level] += c.count;
  }
  std::ofstream out = OpenData(path);
  out << key_name << " total";
  for (const LevelCount& level : stats.levels) out << ' ' << level.level;
  out << '\n';
  for (const auto& [key, by_level] : rows) {
    int64_t total = 0;
    for (const auto& [level, count] : by_level) total += count;
    out << key << ' ' << total;
    for (const LevelCount& level : stats.levels) {
      const auto it = by_level.find(level.level);
      out << ' ' << (it == by_level.end() ? 0 : it->second);
    }
    out << '\n';
  }
  Close(out, path);
}

// Every (clues, freedom bin) cell between the extremes, NaN where no puzzle is (gnuplot leaves
// those pixels blank), one block per clue count.
void WriteHeatMap(const fs::path& path, const CorpusStats& stats, int width) {
  std::map<std::pair<int, int>, int64_t> cells;
  for (const CluesFreedomCount& c : stats.clues_freedom) {
    cells[{c.clues, c.freedom / width * width}] += c.count;
  }
  std::ofstream out = OpenData(path);
  out << "clues bin_start puzzles\n";
  const int first_bin = stats.freedom_summary.min / width * width;
  for (int clues = stats.clues_summary.min; clues <= stats.clues_summary.max; ++clues) {
    for (int bin = first_bin; bin <= stats.freedom_summary.max; bin += width) {
      const auto it = cells.find({clues, bin});
      out << clues << ' ' << bin << ' ';
      if (it == cells.end()) {
        out << "NaN\n";
      } else {
        out << it->second << '\n';
      }
    }
    out << '\n';
  }
  Close(out, path);
}

// "#rrggbb" as the integer gnuplot's `lc rgb variable` reads.
long RgbValue(const std::string& colour) { return std::strtol(colour.c_str() + 1, nullptr, 16); }

// Puzzles per rating (in SE units), in the column of the level the rating falls in, and the
// mean rating per clue count with the colour of the level the mean falls in.
void WriteRatingTables(const fs::path& rating_path, const fs::path& by_clues_path,
                       const CorpusStats& stats) {
  std::ofstream out = OpenData(rating_path);
  out << "rating total";
  for (const LevelCount& level : stats.levels) out << ' ' << level.level;
  out << '\n';
  for (const ValueCount& bin : stats.rating) {
    out << FormatRating(bin.value) << ' ' << bin.count;
    const std::string_view level = RatingLevel(bin.value);
    for (const LevelCount& column : stats.levels) {
      out << ' ' << (column.level == level ? bin.count : 0);
    }
    out << '\n';
  }
  Close(out, rating_path);
  out = OpenData(by_clues_path);
  out << "clues puzzles mean_rating level_rgb\n";
  for (const MeanRating& row : stats.rating_by_clues) {
    const int tenths = static_cast<int>(std::lround(row.mean_rating));
    out << row.value << ' ' << row.count << ' ' << row.mean_rating / 10.0 << ' '
        << RgbValue(LevelColour(RatingLevel(tenths))) << '\n';
  }
  Close(out, by_clues_path);
}

// `text` quoted for a POSIX shell.
std::string ShellWord(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') {
      quoted += "'\\''";
    } else {
      quoted += c;
    }
  }
  return quoted + "'";
}

// Runs gnuplot with `args`; returns its exit status (-1 if it could not start).
int RunGnuplot(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawnp(&pid, "gnuplot", nullptr, nullptr, argv.data(), environ) != 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

std::string DescribeFilter(const PuzzleFilter& f) {
  std::string text;
  auto add = [&text](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (f.run_id != 0) add("run " + std::to_string(f.run_id));
  if (!f.level.empty()) add("level " + f.level);
  if (!f.clue_class.empty()) add("clue class " + f.clue_class);
  if (f.min_rating > 0 || f.max_rating < 1000) {
    add("rating " + FormatRating(f.min_rating) + "-" + FormatRating(f.max_rating));
  }
  if (!f.grid_method.empty()) add("grid method " + f.grid_method);
  if (!f.symmetry.empty()) add("symmetry " + f.symmetry);
  if (!f.hardest.empty()) add("hardest " + f.hardest);
  for (const std::string& name : f.required) add("uses " + name);
  if (f.min_clues > 0 || f.max_clues < 81) {
    add("clues " + std::to_string(f.min_clues) + "-" + std::to_string(f.max_clues));
  }
  if (f.min_freedom > 0 || f.max_freedom < 729) {
    add("freedom " + std::to_string(f.min_freedom) + "-" + std::to_string(f.max_freedom));
  }
  return text;
}

std::string PlotSubject(const std::string& db, const PuzzleFilter& filter) {
  const std::string selected = DescribeFilter(filter);
  return selected.empty() ? db : db + " (" + selected + ")";
}

std::string LevelColour(std::string_view level) {
  // Easiest to hardest, green to dark red (ColorBrewer's RdYlGn, which stays readable in grey and
  // for the common colour blindnesses at these six steps).
  static constexpr std::string_view kColours[] = {"#1a9850", "#91cf60", "#d9ef8b",
                                                  "#fc8d59", "#d73027", "#7f0000"};
  const std::span<const RatingBand> bands = RatingBands();
  for (size_t i = 0; i < bands.size() && i < std::size(kColours); ++i) {
    if (bands[i].name == level) return std::string(kColours[i]);
  }
  return "#999999";
}

namespace {

bool SpansDecades(int64_t smallest, int64_t largest) {
  return smallest > 0 && largest / smallest >= 100;
}

}  // namespace

bool SpansDecades(const std::vector<ValueCount>& histogram) {
  int64_t smallest = 0, largest = 0;
  for (const ValueCount& bucket : histogram) {
    if (bucket.count <= 0) continue;
    smallest = smallest == 0 ? bucket.count : std::min(smallest, bucket.count);
    largest = std::max(largest, bucket.count);
  }
  return SpansDecades(smallest, largest);
}

bool SpansDecades(const std::vector<LevelCount>& counts) {
  std::vector<ValueCount> histogram;
  for (const LevelCount& level : counts) histogram.push_back({0, level.count});
  return SpansDecades(histogram);
}

std::string GnuplotString(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) {
    if (c == '\'') quoted += '\'';
    quoted += c;
  }
  return quoted + "'";
}

void RunGnuplotScript(const std::string& script, const std::string& vars) {
  const int status = RunGnuplot({"gnuplot", "-e", vars, script});
  if (status != 0) {
    throw UserError("gnuplot failed (exit " + std::to_string(status) + ") on " + script);
  }
}

int BinWidth(const std::vector<ValueCount>& histogram, int max_bins) {
  if (histogram.empty()) return 1;
  const int span = histogram.back().value - histogram.front().value + 1;
  for (int width : {1, 2, 5, 10, 20, 25, 50}) {
    if ((span + width - 1) / width + 1 <= max_bins) return width;
  }
  return 100;
}

std::vector<ValueCount> Bin(const std::vector<ValueCount>& histogram, int width) {
  std::vector<ValueCount> bins;
  for (const ValueCount& bucket : histogram) {
    const int start = bucket.value / width * width;
    if (bins.empty() || bins.back().value != start) bins.push_back({start, 0});
    bins.back().count += bucket.count;
  }
  return bins;
}

bool HaveGnuplot() {
  const char* path = std::getenv("PATH");
  std::string dirs = path == nullptr ? "/usr/bin:/bin" : path;
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end == start ? "." : dirs.substr(start, end - start);
    if (access((dir + "/gnuplot").c_str(), X_OK) == 0) return true;
    start = end + 1;
  }
  return false;
}

std::vector<std::string> WritePlots(const CorpusStats& stats, const std::string& dir) {
  if (!HaveGnuplot()) {
    throw UserError("--plot needs gnuplot; install it with 'apt-get install gnuplot-nox'");
  }
  if (stats.puzzles == 0) throw UserError("--plot: no puzzles match, nothing to draw");
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw UserError("--plot '" + dir + "': cannot create the folder (" + ec.message() + ")");
  }
  const fs::path base = fs::absolute(dir, ec);
  const int width = BinWidth(stats.freedom, kMaxHeatMapBins);
  WriteLevelTable(base / "clues.dat", "clues", stats, stats.level_clues, 1);
  WriteLevelTable(base / "freedom.dat", "bin_start", stats, stats.level_freedom, width);
  WriteHeatMap(base / "clues_freedom.dat", stats, width);
  WriteRatingTables(base / "rating.dat", base / "rating_clues.dat", stats);
  const fs::path script = base / "plot_stats.gnuplot";
  std::ofstream out = OpenData(script);
  out << kPlotScript;
  Close(out, script);

  std::string colours;
  for (const LevelCount& level : stats.levels) {
    colours += (colours.empty() ? "" : " ") + LevelColour(level.level);
  }
  const bool levels_span_decades = SpansDecades(stats.levels);
  const std::string vars =
      "dir=" + GnuplotString(base.string()) + "; nlevels=" + std::to_string(stats.levels.size()) +
      "; colours=" + GnuplotString(colours) + "; freedom_bin=" + std::to_string(width) +
      "; what=" + GnuplotString(PlotSubject(stats.db, stats.filter)) +
      "; log_clues=" + std::to_string(levels_span_decades) +
      "; log_freedom=" + std::to_string(levels_span_decades) +
      "; log_rating=" + std::to_string(SpansDecades(stats.rating));
  const fs::path redraw = base / "plot_stats.sh";
  out = OpenData(redraw);
  out << "#!/bin/sh\n# Re-draws the pictures after an edit of plot_stats.gnuplot.\nexec gnuplot -e "
      << ShellWord(vars) << ' ' << ShellWord(script.string()) << '\n';
  Close(out, redraw);
  RunGnuplotScript(script.string(), vars);
  std::vector<std::string> pngs;
  for (const char* name :
       {"clues", "freedom", "freedom_by_level", "clues_freedom", "rating", "rating_clues"}) {
    pngs.push_back((base / name).string() + ".png");
  }
  return pngs;
}

}  // namespace sudoku::cli
