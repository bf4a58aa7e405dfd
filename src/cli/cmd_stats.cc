#include "cmd_stats.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "stats_plot.h"
#include "stats_unbiased.h"
#include "sudoku/core/rating.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {
namespace {

using Json = nlohmann::ordered_json;

constexpr double kTenths = 10;       // ratings are stored in tenths and shown in SE units
constexpr int kBarWidth = 40;        // characters of the longest histogram bar
constexpr int kMaxFreedomBins = 30;  // rows of the freedom histogram in the table

CorpusStats ReadStats(CorpusReader& reader, const std::string& db, const PuzzleFilter& filter) {
  CorpusStats stats;
  stats.db = db;
  stats.schema_version = reader.schema_version();
  stats.filter = filter;
  ThrowIfError(reader.CountPuzzles(filter, &stats.puzzles));
  ThrowIfError(reader.ListRuns(filter, &stats.runs));
  ThrowIfError(reader.CountByLevel(filter, &stats.levels));
  ThrowIfError(reader.Histogram(ScoreColumn::kClues, filter, &stats.clues));
  ThrowIfError(reader.Histogram(ScoreColumn::kFreedom, filter, &stats.freedom));
  ThrowIfError(reader.LevelHistogram(ScoreColumn::kClues, filter, &stats.level_clues));
  ThrowIfError(reader.CountByGridMethod(filter, &stats.grid_methods));
  ThrowIfError(reader.CountByClueClass(filter, &stats.clue_classes));
  ThrowIfError(reader.CountByHardest(filter, &stats.hardest));
  ThrowIfError(reader.Histogram(ScoreColumn::kRating, filter, &stats.rating));
  ThrowIfError(reader.RatingBy(ScoreColumn::kClues, filter, &stats.rating_by_clues));
  ThrowIfError(
      reader.Correlation(ScoreColumn::kRating, ScoreColumn::kClues, filter, &stats.rating_clues_r));
  ThrowIfError(reader.Correlation(ScoreColumn::kRating, ScoreColumn::kFreedom, filter,
                                  &stats.rating_freedom_r));
  stats.rating_summary = SummarizeHistogram(stats.rating);
  ThrowIfError(reader.Histogram(ScoreColumn::kEp, filter, &stats.ep));
  ThrowIfError(reader.Histogram(ScoreColumn::kEd, filter, &stats.ed));
  stats.ep_summary = SummarizeHistogram(stats.ep);
  stats.ed_summary = SummarizeHistogram(stats.ed);
  ThrowIfError(reader.CountPearlsAndDiamonds(filter, &stats.pearls, &stats.diamonds));
  stats.clues_summary = SummarizeHistogram(stats.clues);
  stats.freedom_summary = SummarizeHistogram(stats.freedom);
  return stats;
}

std::string Bar(int64_t count, int64_t largest) {
  if (count <= 0 || largest <= 0) return "";
  const auto length = std::max<int64_t>(1, count * kBarWidth / largest);
  return std::string(static_cast<size_t>(length), '#');
}

double Percent(int64_t part, int64_t whole) {
  return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0;
}

void PrintRuns(const CorpusStats& stats) {
  std::printf("\nruns\n  %4s  %-11s  %-20s  %9s  %9s  %10s  %9s  %s\n", "id", "status", "seed",
              "requested", "written", "duplicates", "matching", "started");
  for (const RunRow& run : stats.runs) {
    std::printf("  %4lld  %-11s  %-20s  %9lld  %9lld  %10lld  %9lld  %s\n",
                static_cast<long long>(run.id), run.status.c_str(), run.seed.c_str(),
                static_cast<long long>(run.requested), static_cast<long long>(run.written),
                static_cast<long long>(run.duplicates), static_cast<long long>(run.stored),
                run.started_at.c_str());
  }
}

// Duplicates of a method: what its runs dropped, as a share of everything they made.
double DuplicateRate(const GridMethodStats& m) {
  return Percent(m.duplicates, m.duplicates + m.puzzles);
}

// Variety per grid method: distinct grids among its puzzles, duplicates dropped, mean scores.
void PrintGridMethods(const CorpusStats& stats) {
  std::printf("\ngrid methods\n  %-12s %9s  %14s  %10s  %6s  %10s  %12s  %11s\n", "method",
              "puzzles", "distinct grids", "duplicates", "dup %", "mean clues", "mean freedom",
              "mean rating");
  for (const GridMethodStats& m : stats.grid_methods) {
    std::printf("  %-12s %9lld  %14lld  %10lld  %5.2f%%  %10.2f  %12.1f  %11.2f\n",
                m.grid_method.c_str(), static_cast<long long>(m.puzzles),
                static_cast<long long>(m.distinct_grids), static_cast<long long>(m.duplicates),
                DuplicateRate(m), m.mean_clues, m.mean_freedom, m.mean_rating / 10.0);
  }
}

// `title`, then one row per name: count, percent, bar.
void PrintCounts(const char* title, const std::vector<LevelCount>& counts, int64_t total) {
  int64_t largest = 0;
  for (const LevelCount& row : counts) largest = std::max(largest, row.count);
  std::printf("\n%s\n", title);
  for (const LevelCount& row : counts) {
    std::printf("  %-26s %9lld  %5.1f%%  %s\n", row.level.c_str(),
                static_cast<long long>(row.count), Percent(row.count, total),
                Bar(row.count, largest).c_str());
  }
}

// Mean rating per clue count, and how rating goes with clues and freedom.
void PrintRatingByClues(const CorpusStats& stats) {
  std::printf("\nrating x clues (Pearson r: rating-clues %.3f, rating-freedom %.3f)\n",
              stats.rating_clues_r, stats.rating_freedom_r);
  std::printf("  %5s %9s  %11s\n", "clues", "puzzles", "mean rating");
  for (const MeanRating& row : stats.rating_by_clues) {
    std::printf("  %5d %9lld  %11.2f\n", row.value, static_cast<long long>(row.count),
                row.mean_rating / 10.0);
  }
}

void PrintSummaries(const CorpusStats& stats) {
  std::printf("\n  %-8s %9s  %8s  %5s  %5s  %6s  %5s  %5s\n", "score", "count", "mean", "min", "q1",
              "median", "q3", "max");
  for (const auto& [name, s] :
       {std::pair{"clues", stats.clues_summary}, std::pair{"freedom", stats.freedom_summary}}) {
    std::printf("  %-8s %9lld  %8.2f  %5d  %5d  %6d  %5d  %5d\n", name,
                static_cast<long long>(s.count), s.mean, s.min, s.q1, s.median, s.q3, s.max);
  }
  for (const auto& [name, r] :
       {std::pair{"rating", stats.rating_summary}, std::pair{"ep", stats.ep_summary},
        std::pair{"ed", stats.ed_summary}}) {
    std::printf("  %-8s %9lld  %8.2f  %5s  %5s  %6s  %5s  %5s\n", name,
                static_cast<long long>(r.count), r.mean / 10.0, FormatRating(r.min).c_str(),
                FormatRating(r.q1).c_str(), FormatRating(r.median).c_str(),
                FormatRating(r.q3).c_str(), FormatRating(r.max).c_str());
  }
  std::printf("  pearls (EP = rating) %.1f%%, diamonds (ED = rating) %.1f%%\n",
              Percent(stats.pearls, stats.puzzles), Percent(stats.diamonds, stats.puzzles));
}

// `title`, then one row per bin: label, count, percent, bar. `label_of` names a value.
void PrintHistogram(const char* title, const std::vector<ValueCount>& bins, int width,
                    int64_t total, std::string (*label_of)(int) = nullptr) {
  int64_t largest = 0;
  for (const ValueCount& bin : bins) largest = std::max(largest, bin.count);
  std::printf("\n%s\n", title);
  auto name = [label_of](int value) {
    return label_of != nullptr ? label_of(value) : std::to_string(value);
  };
  for (const ValueCount& bin : bins) {
    const std::string label =
        width == 1 ? name(bin.value) : name(bin.value) + "-" + name(bin.value + width - 1);
    std::printf("  %7s %9lld  %5.1f%%  %s\n", label.c_str(), static_cast<long long>(bin.count),
                Percent(bin.count, total), Bar(bin.count, largest).c_str());
  }
}

// Rows: clue counts; columns: the levels present, then the total.
void PrintLevelCluesTable(const CorpusStats& stats) {
  std::map<int, std::map<std::string, int64_t>> cells;
  for (const LevelValueCount& c : stats.level_clues) cells[c.value][c.level] = c.count;
  std::printf("\nlevel x clues\n  %5s", "clues");
  for (const LevelCount& level : stats.levels) std::printf(" %9s", level.level.c_str());
  std::printf(" %9s\n", "total");
  for (const auto& [clues, by_level] : cells) {
    std::printf("  %5d", clues);
    int64_t total = 0;
    for (const LevelCount& level : stats.levels) {
      const auto it = by_level.find(level.level);
      const int64_t count = it == by_level.end() ? 0 : it->second;
      total += count;
      std::printf(" %9lld", static_cast<long long>(count));
    }
    std::printf(" %9lld\n", static_cast<long long>(total));
  }
}

void PrintTable(const CorpusStats& stats, bool brief) {
  const std::string filter = DescribeFilter(stats.filter);
  std::printf("%s: %lld puzzles%s%s (schema %d)\n", stats.db.c_str(),
              static_cast<long long>(stats.puzzles), filter.empty() ? "" : " matching ",
              filter.c_str(), stats.schema_version);
  if (!brief) PrintRuns(stats);
  if (stats.puzzles == 0) {
    std::printf("\nno puzzles match\n");
    return;
  }
  PrintCounts("levels (by rating)", stats.levels, stats.puzzles);
  if (brief) {
    PrintCounts("hardest technique", stats.hardest, stats.puzzles);
    PrintSummaries(stats);
    return;
  }
  PrintCounts("clue classes (by clue count)", stats.clue_classes, stats.puzzles);
  PrintCounts("hardest technique", stats.hardest, stats.puzzles);
  PrintGridMethods(stats);
  PrintSummaries(stats);
  PrintHistogram("rating (SE)", stats.rating, 1, stats.puzzles, FormatRating);
  PrintRatingByClues(stats);
  PrintHistogram("clues", stats.clues, 1, stats.puzzles);
  const int width = BinWidth(stats.freedom, kMaxFreedomBins);
  const std::string title =
      width == 1 ? std::string("freedom") : "freedom (bins of " + std::to_string(width) + ")";
  PrintHistogram(title.c_str(), Bin(stats.freedom, width), width, stats.puzzles);
  PrintLevelCluesTable(stats);
}

// A score's summary and histogram, its values divided by `tenths` (10 turns a rating in tenths into
// SE units).
Json SummaryJson(const ScoreSummary& s, const std::vector<ValueCount>& histogram,
                 double tenths = 1) {
  auto value = [tenths](auto v) { return tenths == 1 ? Json(v) : Json(v / tenths); };
  Json json = {{"count", s.count}};
  if (s.count > 0) {
    json.update(Json{{"mean", value(s.mean)},
                     {"min", value(s.min)},
                     {"q1", value(s.q1)},
                     {"median", value(s.median)},
                     {"q3", value(s.q3)},
                     {"max", value(s.max)}});
  }
  Json bins = Json::array();
  for (const ValueCount& bin : histogram)
    bins.push_back({{"value", value(bin.value)}, {"count", bin.count}});
  json["histogram"] = std::move(bins);
  return json;
}

Json RunJson(const RunRow& run) {
  Json params = Json::parse(run.params_json, nullptr, /*allow_exceptions=*/false);
  if (params.is_discarded()) params = run.params_json;
  return {{"id", run.id},
          {"seed", run.seed},
          {"status", run.status},
          {"requested", run.requested},
          {"written", run.written},
          {"duplicates", run.duplicates},
          {"next_item", run.next_item},
          {"matching", run.stored},
          {"started_at", run.started_at},
          {"finished_at", run.finished_at.empty() ? Json(nullptr) : Json(run.finished_at)},
          {"tool_version", run.tool_version},
          {"params", std::move(params)}};
}

void PrintJson(const CorpusStats& stats) {
  const PuzzleFilter& f = stats.filter;
  Json json = {
      {"database", stats.db},
      {"schema_version", stats.schema_version},
      {"filter",
       {{"level", f.level.empty() ? Json(nullptr) : Json(f.level)},
        {"clue_level", f.clue_class.empty() ? Json(nullptr) : Json(f.clue_class)},
        {"rating", {f.min_rating / kTenths, std::min(f.max_rating, kMaxRating) / kTenths}},
        {"clues", {f.min_clues, f.max_clues}},
        {"freedom", {f.min_freedom, f.max_freedom}},
        {"grid_method", f.grid_method.empty() ? Json(nullptr) : Json(f.grid_method)},
        {"symmetry", f.symmetry.empty() ? Json(nullptr) : Json(f.symmetry)},
        {"run", f.run_id == 0 ? Json(nullptr) : Json(f.run_id)}}},
      {"puzzles", stats.puzzles},
  };
  // Only when set, so the filter object of a query without them stays as it was.
  if (!f.hardest.empty()) json["filter"]["hardest"] = f.hardest;
  if (!f.required.empty()) json["filter"]["requires"] = f.required;
  json["runs"] = Json::array();
  for (const RunRow& run : stats.runs) json["runs"].push_back(RunJson(run));
  json["levels"] = Json::array();
  for (const LevelCount& l : stats.levels) {
    json["levels"].push_back({{"level", l.level}, {"count", l.count}});
  }
  json["grid_methods"] = Json::array();
  for (const GridMethodStats& m : stats.grid_methods) {
    json["grid_methods"].push_back({{"grid_method", m.grid_method},
                                    {"puzzles", m.puzzles},
                                    {"distinct_grids", m.distinct_grids},
                                    {"duplicates", m.duplicates},
                                    {"duplicate_rate", DuplicateRate(m) / 100.0},
                                    {"mean_clues", m.mean_clues},
                                    {"mean_freedom", m.mean_freedom},
                                    {"mean_rating", m.mean_rating / kTenths}});
  }
  json["clue_levels"] = Json::array();
  for (const LevelCount& l : stats.clue_classes) {
    json["clue_levels"].push_back({{"clue_level", l.level}, {"count", l.count}});
  }
  json["hardest"] = Json::array();
  for (const LevelCount& h : stats.hardest) {
    json["hardest"].push_back({{"technique", h.level}, {"count", h.count}});
  }
  json["rating"] = SummaryJson(stats.rating_summary, stats.rating, kTenths);
  json["ep"] = SummaryJson(stats.ep_summary, stats.ep, kTenths);
  json["ed"] = SummaryJson(stats.ed_summary, stats.ed, kTenths);
  json["pearls"] = stats.pearls;
  json["diamonds"] = stats.diamonds;
  json["rating_by_clues"] = Json::array();
  for (const MeanRating& row : stats.rating_by_clues) {
    json["rating_by_clues"].push_back(
        {{"clues", row.value}, {"count", row.count}, {"mean_rating", row.mean_rating / kTenths}});
  }
  json["correlation"] = {{"rating_clues", stats.rating_clues_r},
                         {"rating_freedom", stats.rating_freedom_r}};
  json["clues"] = SummaryJson(stats.clues_summary, stats.clues);
  json["freedom"] = SummaryJson(stats.freedom_summary, stats.freedom);
  json["level_clues"] = Json::array();
  for (const LevelValueCount& c : stats.level_clues) {
    json["level_clues"].push_back({{"level", c.level}, {"clues", c.value}, {"count", c.count}});
  }
  std::cout << json.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

// `stats --unbiased`: weighted estimates (stats_unbiased.h).
int RunUnbiasedStats(CorpusReader& reader, const StatsOptions& options,
                     const PuzzleFilter& filter) {
  const UnbiasedStats stats = ReadUnbiasedStats(reader, options.db, filter);
  if (options.json) {
    PrintUnbiasedJson(stats);
  } else {
    PrintUnbiasedTable(stats);
  }
  std::fflush(stdout);
  if (!options.plot_dir.empty()) {
    std::cerr << "wrote " << WriteUnbiasedPlot(stats, options.plot_dir) << "\n";
  }
  return 0;
}

}  // namespace

void SetupStatsCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<StatsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "stats",
      "Counts and distributions of a corpus: puzzles per run and level, variety per grid method "
      "(distinct grids, duplicates), clue and freedom histograms, level x clues, mean and "
      "quartiles; --json for machines, --plot for pictures");
  cmd->add_option("--db", options->db, "Corpus database (read-only)")
      ->capture_default_str()
      ->type_name("FILE");
  AddFilterOptions(cmd, &options->filter);
  auto* json = cmd->add_flag("--json", options->json, "Print one JSON object instead of the table");
  cmd->add_flag("--brief", options->brief,
                "The table's short form: puzzles, levels, hardest techniques and the summaries "
                "of clues, freedom, rating, EP and ED")
      ->excludes(json);
  cmd->add_option(
         "--plot", options->plot_dir,
         "Also draw histograms and a clues x freedom heat map into DIR, as PNG and SVG (gnuplot)")
      ->type_name("DIR");
  auto* unbiased =
      cmd->add_flag("--unbiased", options->unbiased,
                    "Estimates for all minimal puzzles, with 95% intervals, from controlled-bias "
                    "puzzles (generate --dig-order controlled-bias) weighted by C(81, clues); "
                    "refuses puzzles of other dig orders");
  unbiased->excludes("--brief");
  cmd->callback([options, exit_code] { *exit_code = RunStats(*options); });
}

int RunStats(const StatsOptions& options) {
  const PuzzleFilter filter = ToPuzzleFilter(options.filter);
  if (!options.plot_dir.empty() && !HaveGnuplot()) {
    throw UserError("--plot needs gnuplot; install it with 'apt-get install gnuplot-nox'");
  }
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, filter);
  if (options.unbiased) {
    const int code = RunUnbiasedStats(*reader, options, filter);
    CheckStdoutWritten();
    return code;
  }
  CorpusStats stats = ReadStats(*reader, options.db, filter);
  if (options.json) {
    PrintJson(stats);
  } else {
    PrintTable(stats, options.brief);
  }
  CheckStdoutWritten();
  if (!options.plot_dir.empty()) {
    ThrowIfError(reader->LevelHistogram(ScoreColumn::kFreedom, filter, &stats.level_freedom));
    ThrowIfError(reader->JointHistogram(filter, &stats.clues_freedom));
    for (const std::string& png : WritePlots(stats, options.plot_dir)) {
      std::cerr << "wrote " << png << "\n";
    }
  }
  return 0;
}

}  // namespace sudoku::cli
