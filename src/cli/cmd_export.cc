#include "cmd_export.h"

#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "sudoku/storage/corpus_reader.h"
#include "sudoku/core/rating.h"

namespace sudoku::cli {
namespace {

constexpr char kCsvHeader[] =
    "id,run_id,givens,solution,clues,freedom,level,symmetry,grid_method,dig_order,canonical,"
    "clue_level,rating,hardest,guesses";

// One CSV field (RFC 4180): quoted, with quotes doubled, when it holds a comma, quote or newline.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

// Appends `puzzle` in `format` to *line, ending with the format's line break.
void FormatRecord(const std::string& format, const StoredPuzzle& p, std::string* line) {
  if (format == "lines") {
    *line += p.givens;
    *line += '\n';
  } else if (format == "csv") {  // RFC 4180 ends records with CRLF
    *line += std::to_string(p.id) + ',' + std::to_string(p.run_id) + ',' + CsvField(p.givens) +
             ',' + CsvField(p.solution) + ',' + std::to_string(p.clues) + ',' +
             std::to_string(p.freedom) + ',' + CsvField(p.level) + ',' + CsvField(p.symmetry) +
             ',' + CsvField(p.grid_method) + ',' + CsvField(p.dig_order) + ',' +
             CsvField(p.canonical) + ',' + CsvField(p.clue_class) + ',' + FormatRating(p.rating) +
             ',' + CsvField(p.hardest) + ',' + std::to_string(p.guesses) + "\r\n";
  } else {
    const nlohmann::ordered_json record = {
        {"id", p.id},
        {"run_id", p.run_id},
        {"givens", p.givens},
        {"solution", p.solution},
        {"clues", p.clues},
        {"freedom", p.freedom},
        {"level", p.level},
        {"symmetry", p.symmetry},
        {"grid_method", p.grid_method},
        {"dig_order", p.dig_order},
        {"canonical", p.canonical.empty() ? nlohmann::ordered_json(nullptr)
                                          : nlohmann::ordered_json(p.canonical)},
        {"clue_level", p.clue_class},
        {"rating", p.rating / 10.0},
        {"hardest", p.hardest},
        {"guesses", p.guesses},
        {"techniques", nlohmann::ordered_json::parse(p.techniques, nullptr, false)},
    };
    *line += record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    *line += '\n';
  }
}

PuzzleQuery ToQuery(const ExportOptions& options) {
  PuzzleQuery query;
  query.filter = ToPuzzleFilter(options.filter);
  if (options.limit < 0) throw UserError("--limit " + std::to_string(options.limit) + ": below 0");
  if (options.sample < 0) {
    throw UserError("--sample " + std::to_string(options.sample) + ": below 0");
  }
  query.limit = options.sample > 0 ? options.sample : options.limit;
  query.sample = options.sample > 0;
  query.sample_seed = options.seed;
  return query;
}

// Writes every puzzle of `cursor` to `out`; returns how many.
int64_t WriteRecords(const std::string& format, PuzzleCursor& cursor, std::ostream& out) {
  if (format == "csv") out << kCsvHeader << "\r\n";
  int64_t written = 0;
  StoredPuzzle puzzle;
  std::string line;
  while (cursor.Next(&puzzle)) {
    line.clear();
    FormatRecord(format, puzzle, &line);
    out << line;
    ++written;
  }
  ThrowIfError(cursor.status());
  return written;
}

}  // namespace

void SetupExportCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write stored puzzles as JSON Lines, CSV or 81-character lines, filtered, limited or "
      "randomly sampled (the same --seed gives the same sample)");
  cmd->add_option("--db", options->db, "Corpus database (read-only)")->capture_default_str();
  cmd->add_option("-f,--format", options->format, "jsonl, csv (RFC 4180, with header) or lines")
      ->check(CLI::IsMember({"jsonl", "csv", "lines"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options->output, "Output file, - for standard output")
      ->capture_default_str();
  AddFilterOptions(cmd, &options->filter);
  auto* limit = cmd->add_option("--limit", options->limit, "At most N puzzles (lowest ids first)");
  auto* sample = cmd->add_option("--sample", options->sample,
                                 "A random sample of N puzzles, the same for the same --seed");
  cmd->add_option("--seed", options->seed, "Seed of --sample")
      ->needs(sample)
      ->capture_default_str();
  limit->excludes(sample);
  cmd->callback([options, exit_code] { *exit_code = RunExport(*options); });
}

int RunExport(const ExportOptions& options) {
  const PuzzleQuery query = ToQuery(options);
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, query.filter);
  std::unique_ptr<PuzzleCursor> cursor;
  ThrowIfError(reader->Query(query, &cursor));

  const bool to_stdout = options.output == "-";
  std::ofstream file;
  if (!to_stdout) {
    file.open(options.output, std::ios::binary | std::ios::trunc);
    if (!file) throw UserError("cannot open '" + options.output + "' for writing");
  }
  std::ios::sync_with_stdio(false);
  std::ostream& out = to_stdout ? std::cout : file;
  const int64_t written = WriteRecords(options.format, *cursor, out);
  out.flush();
  if (!out) {
    throw UserError("cannot write " +
                    (to_stdout ? std::string("standard output") : options.output));
  }
  if (written == 0) std::cerr << "sudoku-corpus: no puzzles match\n";
  return 0;
}

}  // namespace sudoku::cli
