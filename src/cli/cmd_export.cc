#include "cmd_export.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>

#include "sudoku/core/rating.h"
#include "sudoku/storage/corpus_reader.h"

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

// An output file written under a temporary name in its folder ("<name>.tmp-XXXXXX") and
// renamed over `path` by Commit, so that readers never see a partial file; the destructor
// removes the temporary file of an export that failed.
class TempOutput {
 public:
  explicit TempOutput(std::string path) : path_(std::move(path)) {
    std::string pattern = path_ + ".tmp-XXXXXX";
    const int fd = mkstemp(pattern.data());
    if (fd < 0) {
      throw UserError("cannot open '" + path_ + "' for writing: " + std::strerror(errno));
    }
    close(fd);  // reopened as a stream; mkstemp made the name ours
    temp_ = pattern;
    stream_.open(temp_, std::ios::binary | std::ios::trunc);
    if (!stream_) Fail("cannot open '" + temp_ + "' for writing");
  }
  ~TempOutput() {
    if (!temp_.empty()) std::remove(temp_.c_str());
  }
  TempOutput(const TempOutput&) = delete;
  TempOutput& operator=(const TempOutput&) = delete;

  std::ostream& stream() { return stream_; }

  // Flushes, closes and renames the file into place; throws UserError if any write failed.
  void Commit() {
    errno = 0;
    stream_.close();
    if (stream_.fail()) {
      Fail("cannot write '" + path_ + "'" +
           (errno != 0 ? ": " + std::string(std::strerror(errno)) : ""));
    }
    // The permissions a file created by open() would have had (mkstemp makes it 0600).
    const mode_t mask = umask(0);
    umask(mask);
    chmod(temp_.c_str(), 0666 & ~mask);
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) {
      Fail("cannot rename '" + temp_ + "' to '" + path_ + "': " + std::strerror(errno));
    }
    temp_.clear();
  }

 private:
  [[noreturn]] void Fail(const std::string& message) { throw UserError(message); }
  std::string path_;
  std::string temp_;
  std::ofstream stream_;
};

PuzzleQuery ToQuery(const ExportOptions& options) {
  PuzzleQuery query;
  query.filter = ToPuzzleFilter(options.filter);
  // PuzzleQuery's limit 0 means "no limit"; --limit 0 and --sample 0 skip the query instead.
  query.limit = options.sample.value_or(options.limit.value_or(0));
  query.sample = options.sample.has_value();
  query.sample_seed = options.seed;
  return query;
}

// Writes the format's header, if it has one; returns 0 (puzzles written).
int64_t WriteHeader(const std::string& format, std::ostream& out) {
  if (format == "csv") out << kCsvHeader << "\r\n";
  return 0;
}

// Writes every puzzle of `cursor` to `out`; returns how many.
int64_t WriteRecords(const std::string& format, PuzzleCursor& cursor, std::ostream& out) {
  WriteHeader(format, out);
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
  const int64_t most = std::numeric_limits<int64_t>::max();
  auto* limit = cmd->add_option("--limit", options->limit, "At most N puzzles (lowest ids first)")
                    ->check(WholeNumber(0, most));
  auto* sample = cmd->add_option("--sample", options->sample,
                                 "A random sample of N puzzles, the same for the same --seed")
                     ->check(WholeNumber(0, most));
  cmd->add_option("--seed", options->seed, "Seed of --sample")
      ->check(UnsignedNumber())
      ->needs(sample)
      ->capture_default_str();
  limit->excludes(sample);
  cmd->callback([options, exit_code] { *exit_code = RunExport(*options); });
}

int RunExport(const ExportOptions& options) {
  const PuzzleQuery query = ToQuery(options);
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, query.filter);
  std::unique_ptr<PuzzleCursor> cursor;
  const bool nothing = options.limit == 0 || options.sample == 0;
  if (!nothing) ThrowIfError(reader->Query(query, &cursor));

  const bool to_stdout = options.output == "-";
  std::ios::sync_with_stdio(false);
  std::unique_ptr<TempOutput> file;
  if (!to_stdout) file = std::make_unique<TempOutput>(options.output);
  std::ostream& out = to_stdout ? std::cout : file->stream();
  const int64_t written =
      nothing ? WriteHeader(options.format, out) : WriteRecords(options.format, *cursor, out);
  if (to_stdout) {
    CheckStdoutWritten();
  } else {
    file->Commit();
  }
  if (written == 0 && !nothing) std::cerr << "sudoku-corpus: no puzzles match\n";
  return 0;
}

}  // namespace sudoku::cli
