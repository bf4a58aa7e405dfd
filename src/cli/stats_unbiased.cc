#include "stats_unbiased.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_util.h"
#include "stats_plot.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/rating.h"

namespace sudoku::cli {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;
using stats::Estimate;
using stats::Share;

const std::string& ControlledBiasName() {
  static const std::string name(DigOrderName(DigOrder::kControlledBias));
  return name;
}

// "random: 3, per-row: 1" from counts per dig order.
std::string ListCounts(const std::map<std::string, int64_t>& counts) {
  std::string text;
  for (const auto& [name, count] : counts) {
    text += (text.empty() ? "" : ", ") + name + ": " + std::to_string(count);
  }
  return text;
}

std::vector<std::string> LevelOrder() {
  std::vector<std::string> order;
  for (const RatingBand& band : RatingBands()) order.emplace_back(band.name);
  return order;
}

std::vector<std::string> TechniqueOrder() {
  std::vector<std::string> order;
  for (int t = 0; t < kTechniqueCount; ++t) {
    order.emplace_back(TechniqueName(static_cast<Technique>(t)));
  }
  return order;
}

const stats::ReferenceShare* BerthierAt(int clues) {
  for (const stats::ReferenceShare& r : stats::BerthierShares()) {
    if (r.clues == clues) return &r;
  }
  return nullptr;
}

std::string Interval(const Estimate& e, double scale, int decimals) {
  char text[64];
  std::snprintf(text, sizeof text, "[%.*f, %.*f]", decimals, e.low * scale, decimals,
                e.high * scale);
  return text;
}

void PrintClueTable(const UnbiasedStats& s) {
  std::printf("\nclues (weighted: estimated share among all minimal puzzles)\n");
  std::printf("  %5s %9s  %7s  %10s  %-18s  %13s  %15s\n", "clues", "puzzles", "raw %",
              "weighted %", "95% interval", "Berthier CB %", "Berthier real %");
  for (const Share& share : stats::ClueDistribution(s.clues)) {
    const stats::ReferenceShare* ref = BerthierAt(std::stoi(share.name));
    std::printf("  %5s %9lld  %7.3f  %10.3f  %-18s", share.name.c_str(),
                static_cast<long long>(share.count), 100 * share.raw, 100 * share.estimate.value,
                Interval(share.estimate, 100, 3).c_str());
    if (ref != nullptr) {
      std::printf("  %13.3f  %15.3f", ref->controlled_bias_percent, ref->real_percent);
    }
    std::printf("\n");
  }
}

void PrintScores(const UnbiasedStats& s) {
  std::printf("\n  %-8s %9s  %9s  %-18s  %7s  %9s  %-16s\n", "score", "raw mean", "weighted",
              "95% interval", "raw sd", "weighted", "95% interval");
  const struct {
    const char* name;
    const stats::WeightedMoments& m;
    double scale;
  } rows[] = {{"clues", s.clues, 1}, {"freedom", s.freedom, 1}, {"rating", s.rating, 0.1}};
  for (const auto& row : rows) {
    const Estimate mean = row.m.Mean(), sd = row.m.StdDev();
    std::printf("  %-8s %9.3f  %9.3f  %-18s  %7.3f  %9.3f  %-16s\n", row.name,
                row.m.RawMean() * row.scale, mean.value * row.scale,
                Interval(mean, row.scale, 3).c_str(), row.m.RawStdDev() * row.scale,
                sd.value * row.scale, Interval(sd, row.scale, 3).c_str());
  }
}

void PrintShares(const char* title, const std::vector<Share>& shares) {
  std::printf("\n%s\n  %-24s %9s  %7s  %10s  %s\n", title, "", "puzzles", "raw %", "weighted %",
              "95% interval");
  for (const Share& share : shares) {
    std::printf("  %-24s %9lld  %7.3f  %10.3f  %s\n", share.name.c_str(),
                static_cast<long long>(share.count), 100 * share.raw, 100 * share.estimate.value,
                Interval(share.estimate, 100, 3).c_str());
  }
}

void PrintByClues(const UnbiasedStats& s) {
  std::printf("\nby clue count (plain means: the weights are equal within a clue count)\n");
  std::printf("  %5s %9s  %11s  %9s  %12s  %9s\n", "clues", "puzzles", "mean rating", "+- 95%",
              "mean freedom", "+- 95%");
  for (int clues = 0; clues <= stats::kMaxClues; ++clues) {
    if (s.clues.CountWith(clues) == 0) continue;
    const Estimate r = s.rating.MeanWith(clues), f = s.freedom.MeanWith(clues);
    std::printf("  %5d %9lld  %11.3f  %9.3f  %12.2f  %9.2f\n", clues,
                static_cast<long long>(s.clues.CountWith(clues)), r.value / 10,
                (r.high - r.value) / 10, f.value, f.high - f.value);
  }
}

constexpr double kTenths = 10;  // ratings are stored in tenths and shown in SE units

// An estimate, its values divided by `tenths` (10 turns a rating in tenths into SE units).

Json EstimateJson(const Estimate& e, double tenths = 1) {
  return {{"value", e.value / tenths},
          {"std_error", e.std_error / tenths},
          {"ci95", {e.low / tenths, e.high / tenths}}};
}

Json SharesJson(const std::vector<Share>& shares, const char* key) {
  Json out = Json::array();
  for (const Share& share : shares) {
    out.push_back({{key, share.name},
                   {"count", share.count},
                   {"raw_share", share.raw},
                   {"share", EstimateJson(share.estimate)}});
  }
  return out;
}

Json MomentsJson(const stats::WeightedMoments& m, double tenths = 1) {
  return {{"raw_mean", m.RawMean() / tenths},
          {"raw_sd", m.RawStdDev() / tenths},
          {"mean", EstimateJson(m.Mean(), tenths)},
          {"sd", EstimateJson(m.StdDev(), tenths)}};
}

}  // namespace

UnbiasedStats ReadUnbiasedStats(CorpusReader& reader, const std::string& db,
                                const PuzzleFilter& filter) {
  UnbiasedStats s;
  s.db = db;
  s.filter = filter;
  PuzzleQuery query;
  query.filter = filter;
  std::unique_ptr<PuzzleCursor> cursor;
  ThrowIfError(reader.Query(query, &cursor));
  std::map<std::string, int64_t> others;  // puzzles of other dig orders
  StoredPuzzle p;
  while (cursor->Next(&p)) {
    if (p.dig_order != ControlledBiasName()) {
      ++others[p.dig_order];
      continue;
    }
    if (p.clues < 0 || p.clues > stats::kMaxClues) {
      throw UserError(db + ": puzzle " + std::to_string(p.id) + " has " + std::to_string(p.clues) +
                      " clues");
    }
    ++s.puzzles;
    s.clues.Add(p.clues, p.clues);
    s.freedom.Add(p.clues, p.freedom);
    s.rating.Add(p.clues, p.rating);
    s.levels.Add(p.clues, p.level);
    s.hardest.Add(p.clues, p.hardest);
  }
  ThrowIfError(cursor->status());
  if (!others.empty()) {
    throw UserError(db + ": --unbiased needs controlled-bias puzzles only, and " +
                    std::to_string(s.puzzles) + " of the matching puzzles are, the others not (" +
                    ListCounts(others) +
                    "): the bias of other dig orders is unknown, so no weight can undo it; "
                    "select controlled-bias runs with --run, or use a corpus of them");
  }
  if (s.puzzles < 2) {
    throw UserError(db + ": --unbiased needs at least two controlled-bias puzzles, " +
                    std::to_string(s.puzzles) + " match");
  }
  return s;
}

void PrintUnbiasedTable(const UnbiasedStats& s) {
  std::printf(
      "%s: %lld controlled-bias puzzles, weighted by C(81, clues) to estimate all minimal "
      "puzzles;\nworth %.0f unweighted puzzles (effective size); 95%% intervals by the delta "
      "method\n",
      s.db.c_str(), static_cast<long long>(s.puzzles), s.clues.EffectiveSize());
  PrintClueTable(s);
  PrintScores(s);
  PrintShares("levels (by rating)", s.levels.Shares(LevelOrder()));
  PrintShares("hardest technique", s.hardest.Shares(TechniqueOrder()));
  PrintByClues(s);
}

void PrintUnbiasedJson(const UnbiasedStats& s) {
  Json json = {{"database", s.db},
               {"run", s.filter.run_id == 0 ? Json(nullptr) : Json(s.filter.run_id)},
               {"puzzles", s.puzzles},
               {"weights", "C(81, clues)"},
               {"interval", "delta method (linearized ratio estimator), normal 95%"},
               {"effective_size", s.clues.EffectiveSize()}};
  json["clues"] = MomentsJson(s.clues);
  json["clues"]["distribution"] = SharesJson(stats::ClueDistribution(s.clues), "clues");
  for (Json& row : json["clues"]["distribution"]) {
    row["clues"] = std::stoi(row["clues"].get<std::string>());
  }
  json["freedom"] = MomentsJson(s.freedom);
  json["rating"] = MomentsJson(s.rating, kTenths);  // SE units, as everywhere users see ratings
  json["levels"] = SharesJson(s.levels.Shares(LevelOrder()), "level");
  json["hardest"] = SharesJson(s.hardest.Shares(TechniqueOrder()), "technique");
  json["by_clues"] = Json::array();
  for (int clues = 0; clues <= stats::kMaxClues; ++clues) {
    if (s.clues.CountWith(clues) == 0) continue;
    json["by_clues"].push_back({{"clues", clues},
                                {"count", s.clues.CountWith(clues)},
                                {"mean_rating", EstimateJson(s.rating.MeanWith(clues), kTenths)},
                                {"mean_freedom", EstimateJson(s.freedom.MeanWith(clues))}});
  }
  std::cout << json.dump(2, ' ', false, Json::error_handler_t::replace) << '\n';
}

std::string WriteUnbiasedPlot(const UnbiasedStats& s, const std::string& dir) {
  if (!HaveGnuplot()) {
    throw UserError("--plot needs gnuplot; install it with 'apt-get install gnuplot-nox'");
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec || !fs::is_directory(dir)) {
    throw UserError("--plot '" + dir + "': cannot create the folder (" + ec.message() + ")");
  }
  const fs::path base = fs::absolute(dir, ec);
  const fs::path data = base / "unbiased_clues.dat";
  std::ofstream out(data);
  out << "# clues raw_pct weighted_pct low_pct high_pct berthier_cb_pct berthier_real_pct\n";
  std::map<int, std::string> rows;
  for (const Share& share : stats::ClueDistribution(s.clues)) {
    char line[160];
    std::snprintf(line, sizeof line, "%.4f %.4f %.4f %.4f", 100 * share.raw,
                  100 * share.estimate.value, 100 * share.estimate.low, 100 * share.estimate.high);
    rows[std::stoi(share.name)] = line;
  }
  for (const stats::ReferenceShare& r : stats::BerthierShares())
    rows.try_emplace(r.clues, "0 0 0 0");
  for (const auto& [clues, line] : rows) {
    const stats::ReferenceShare* ref = BerthierAt(clues);
    out << clues << ' ' << line << ' ' << (ref ? ref->controlled_bias_percent : 0) << ' '
        << (ref ? ref->real_percent : 0) << '\n';
  }
  out.close();
  if (!out) throw UserError("cannot write '" + data.string() + "'");
  const fs::path script = base / "unbiased_clues.gnuplot";
  std::ofstream gp(script);
  // Four bars per clue count: this corpus raw and weighted (with its interval), Berthier's
  // controlled-bias and real columns.
  gp << "do for [format in 'png svg'] {\n"
        "if (format eq 'svg') { set terminal svg size 1000,600 noenhanced background '#ffffff' }"
        " else { set terminal pngcairo size 1000,600 noenhanced }\n"
        "set output dir.'/unbiased_clues.'.format\n"
        "set title 'Minimal puzzles by clue count: controlled-bias sample (raw) and weighted "
        "by C(81, n)'.\"\\n\".what\n"
        "set xlabel 'clues'\nset ylabel '% of puzzles'\nset xtics 1\n"
        "set style fill solid 0.8 border -1\nset boxwidth 0.2 absolute\nset key top right\n"
        "set grid ytics\nset yrange [0:*]\n"
        "f = dir.'/unbiased_clues.dat'\n"
        "plot f using ($1-0.3):2 with boxes title 'raw (this corpus)' lc rgb '#9ecae1', \\\n"
        "     f using ($1-0.1):3 with boxes title 'weighted' lc rgb '#08519c', \\\n"
        "     f using ($1-0.1):3:4:5 with yerrorbars title '95% interval' lc rgb 'black' pt 0, \\\n"
        "     f using ($1+0.1):6 with boxes title 'Berthier controlled-bias' lc rgb '#fdae6b', \\\n"
        "     f using ($1+0.3):7 with boxes title 'Berthier real' lc rgb '#d94801'\n"
        "unset output\n}\n";
  gp.close();
  if (!gp) throw UserError("cannot write '" + script.string() + "'");
  RunGnuplotScript(script.string(), "dir=" + GnuplotString(base.string()) +
                                        "; what=" + GnuplotString(PlotSubject(s.db, s.filter)));
  return (base / "unbiased_clues.png").string();
}

}  // namespace sudoku::cli
