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
#include "sudoku/corpus_reader.h"

namespace sudoku::cli {
namespace {

using Json = nlohmann::ordered_json;

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
  stats.clues_summary = SummarizeHistogram(stats.clues);
  stats.freedom_summary = SummarizeHistogram(stats.freedom);
  return stats;
}

// What the filter selects, in words ("" when it selects everything).
std::string DescribeFilter(const PuzzleFilter& f) {
  std::string text;
  auto add = [&text](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
  if (f.run_id != 0) add("run " + std::to_string(f.run_id));
  if (!f.level.empty()) add("level " + f.level);
  if (f.min_clues > 0 || f.max_clues < 81) {
    add("clues " + std::to_string(f.min_clues) + "-" + std::to_string(f.max_clues));
  }
  if (f.min_freedom > 0 || f.max_freedom < 729) {
    add("freedom " + std::to_string(f.min_freedom) + "-" + std::to_string(f.max_freedom));
  }
  return text;
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
  std::printf("\nruns\n  %4s  %-11s  %-20s  %9s  %9s  %9s  %s\n", "id", "status", "seed",
              "requested", "written", "matching", "started");
  for (const RunRow& run : stats.runs) {
    std::printf("  %4lld  %-11s  %-20s  %9lld  %9lld  %9lld  %s\n", static_cast<long long>(run.id),
                run.status.c_str(), run.seed.c_str(), static_cast<long long>(run.requested),
                static_cast<long long>(run.written), static_cast<long long>(run.stored),
                run.started_at.c_str());
  }
}

void PrintLevels(const CorpusStats& stats) {
  int64_t largest = 0;
  for (const LevelCount& level : stats.levels) largest = std::max(largest, level.count);
  std::printf("\nlevels\n");
  for (const LevelCount& level : stats.levels) {
    std::printf("  %-8s %9lld  %5.1f%%  %s\n", level.level.c_str(),
                static_cast<long long>(level.count), Percent(level.count, stats.puzzles),
                Bar(level.count, largest).c_str());
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
}

// `title`, then one row per bin: label, count, percent, bar.
void PrintHistogram(const char* title, const std::vector<ValueCount>& bins, int width,
                    int64_t total) {
  int64_t largest = 0;
  for (const ValueCount& bin : bins) largest = std::max(largest, bin.count);
  std::printf("\n%s\n", title);
  for (const ValueCount& bin : bins) {
    const std::string label =
        width == 1 ? std::to_string(bin.value)
                   : std::to_string(bin.value) + "-" + std::to_string(bin.value + width - 1);
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

void PrintTable(const CorpusStats& stats) {
  const std::string filter = DescribeFilter(stats.filter);
  std::printf("%s: %lld puzzles%s%s (schema %d)\n", stats.db.c_str(),
              static_cast<long long>(stats.puzzles), filter.empty() ? "" : " matching ",
              filter.c_str(), stats.schema_version);
  PrintRuns(stats);
  if (stats.puzzles == 0) {
    std::printf("\nno puzzles match\n");
    return;
  }
  PrintLevels(stats);
  PrintSummaries(stats);
  PrintHistogram("clues", stats.clues, 1, stats.puzzles);
  const int width = BinWidth(stats.freedom, kMaxFreedomBins);
  const std::string title =
      width == 1 ? std::string("freedom") : "freedom (bins of " + std::to_string(width) + ")";
  PrintHistogram(title.c_str(), Bin(stats.freedom, width), width, stats.puzzles);
  PrintLevelCluesTable(stats);
}

Json SummaryJson(const ScoreSummary& s, const std::vector<ValueCount>& histogram) {
  Json json = {{"count", s.count}};
  if (s.count > 0) {
    json.update(Json{{"mean", s.mean},
                     {"min", s.min},
                     {"q1", s.q1},
                     {"median", s.median},
                     {"q3", s.q3},
                     {"max", s.max}});
  }
  Json bins = Json::array();
  for (const ValueCount& bin : histogram)
    bins.push_back({{"value", bin.value}, {"count", bin.count}});
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
        {"clues", {f.min_clues, f.max_clues}},
        {"freedom", {f.min_freedom, f.max_freedom}},
        {"run", f.run_id == 0 ? Json(nullptr) : Json(f.run_id)}}},
      {"puzzles", stats.puzzles},
  };
  json["runs"] = Json::array();
  for (const RunRow& run : stats.runs) json["runs"].push_back(RunJson(run));
  json["levels"] = Json::array();
  for (const LevelCount& l : stats.levels) {
    json["levels"].push_back({{"level", l.level}, {"count", l.count}});
  }
  json["clues"] = SummaryJson(stats.clues_summary, stats.clues);
  json["freedom"] = SummaryJson(stats.freedom_summary, stats.freedom);
  json["level_clues"] = Json::array();
  for (const LevelValueCount& c : stats.level_clues) {
    json["level_clues"].push_back({{"level", c.level}, {"clues", c.value}, {"count", c.count}});
  }
  std::cout << json.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

}  // namespace

void SetupStatsCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<StatsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "stats",
      "Counts and distributions of a corpus: puzzles per run and level, clue and freedom "
      "histograms, level x clues, mean and quartiles; --json for machines, --plot for pictures");
  cmd->add_option("--db", options->db, "Corpus database (read-only)")->capture_default_str();
  AddFilterOptions(cmd, &options->filter);
  cmd->add_flag("--json", options->json, "Print one JSON object instead of the table");
  cmd->add_option("--plot", options->plot_dir,
                  "Also draw PNG histograms and a clues x freedom heat map into DIR (gnuplot)");
  cmd->callback([options, exit_code] { *exit_code = RunStats(*options); });
}

int RunStats(const StatsOptions& options) {
  const PuzzleFilter filter = ToPuzzleFilter(options.filter);
  if (!options.plot_dir.empty() && !HaveGnuplot()) {
    throw UserError("--plot needs gnuplot; install it with 'apt-get install gnuplot-nox'");
  }
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, filter);
  CorpusStats stats = ReadStats(*reader, options.db, filter);
  if (options.json) {
    PrintJson(stats);
  } else {
    PrintTable(stats);
  }
  std::fflush(stdout);
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
