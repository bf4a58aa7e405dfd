#include "cmd_export.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include "export_records.h"
#include "output_file.h"
#include "steps_json.h"
#include "sudoku/storage/app_pack.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {
namespace {

bool IsCsv(const std::string& format) { return format == "csv" || format == "kaggle"; }
bool IsBook(const std::string& format) { return format == "pdf" || format == "svg"; }

PuzzleQuery ToQuery(const ExportOptions& options) {
  PuzzleQuery query;
  query.filter = ToPuzzleFilter(options.filter);
  // PuzzleQuery's limit 0 means "no limit"; --limit 0 and --sample 0 skip the query instead.
  query.limit = options.sample.value_or(options.limit.value_or(0));
  query.sample = options.sample.has_value();
  query.sample_seed = options.seed;
  return query;
}

// Throws UsageError for options that do not go together, or an output that is the corpus.
void CheckOutputOptions(const ExportOptions& options) {
  if (!options.columns.empty() && !FormatHasColumns(options.format)) {
    throw UsageError("--columns applies to jsonl, csv and lines, not --format " + options.format);
  }
  if (options.crlf && !IsCsv(options.format)) {
    throw UsageError("--crlf applies to csv and kaggle, not --format " + options.format);
  }
  if (options.hints && options.format != "sqlite") {
    throw UsageError(
        "--hints applies to --format sqlite; jsonl and csv carry the path with "
        "--columns ...,steps");
  }
  if (options.format == "sqlite" && options.output == "-") {
    throw UsageError("--format sqlite writes a file: name it with -o FILE");
  }
  if (IsBook(options.format) && options.output == "-") {
    throw UsageError(
        "--format " + options.format + " writes a " +
        (options.format == "pdf" ? "file: name it with -o FILE" : "folder: name it with -o DIR"));
  }
  if (options.book_options_given && options.format != "pdf") {
    throw UsageError("--per-page, --paper, --title and --no-solutions apply to pdf, not --format " +
                     options.format);
  }
  std::error_code ec;
  if (options.output != "-" && std::filesystem::equivalent(options.output, options.db, ec)) {
    throw UsageError("-o '" + options.output +
                     "' is the corpus being exported; write to another file");
  }
  // A name that cannot be written is refused before any work, not after the whole export. An
  // SVG folder is checked by its writer (books::WriteSvgFolder), also before any puzzle is read.
  if (options.output == "-" || options.format == "svg") return;
  if (ResolveOutputPath(options.output).in_place && options.format == "sqlite") {
    throw UsageError("--format sqlite writes a file, not the device or FIFO '" + options.output +
                     "'");
  }
}

// The selection as typed, for the app pack's meta table: "--level easy --limit 10".
std::string DescribeSelection(const ExportOptions& options) {
  std::string text;
  auto add = [&text](std::string_view flag, const std::string& value) {
    if (value.empty()) return;
    if (!text.empty()) text += ' ';
    text.append(flag).append(1, ' ').append(value);
  };
  const FilterOptions& f = options.filter;
  add("--level", f.level);
  add("--clue-class", f.clue_class);
  add("--rating", f.rating);
  add("--clues", f.clues);
  add("--freedom", f.freedom);
  add("--grid-method", f.grid_method);
  add("--symmetry", f.symmetry);
  add("--run", f.run != 0 ? std::to_string(f.run) : "");
  add("--limit", options.limit ? std::to_string(*options.limit) : "");
  add("--sample", options.sample ? std::to_string(*options.sample) : "");
  add("--seed", options.sample ? std::to_string(options.seed) : "");
  return text;
}

// Writes the puzzles of `cursor` (none if it is null) as an app pack to options.output.
int64_t WriteAppPack(const ExportOptions& options, PuzzleCursor* cursor) {
  TempFile scratch(options.output);
  TempFile pack(options.output);
  // The writer's errors name the file it wrote; the person typed the output's name.
  auto check = [&](const Status& status) {
    if (status.ok()) return;
    std::string message = status.message();
    for (const std::string* temp : {&scratch.name(), &pack.name()}) {
      if (message.starts_with(*temp)) message.replace(0, temp->size(), options.output);
    }
    ThrowIfError(Status::FromCode(status.code(), message));
  };
  std::unique_ptr<AppPackWriter> writer;
  check(AppPackWriter::Create(scratch.name(), &writer));
  StoredPuzzle puzzle;
  SolvePath path;
  while (cursor != nullptr && cursor->Next(&puzzle)) {
    if (options.hints) path = StoredPath(puzzle);
    check(writer->Add(puzzle, options.hints ? &path : nullptr));
  }
  if (cursor != nullptr) ThrowIfError(cursor->status());
  const AppPackInfo info{kToolVersion, std::filesystem::path(options.db).filename().string(),
                         DescribeSelection(options)};
  check(writer->Finish(info, pack.name()));
  pack.Commit();
  return writer->puzzles();
}

// Writes the puzzles of `cursor` (none if it is null) in a text format to `out`, named `what` in
// messages; returns how many. Stops at the first failed write, with its reason.
int64_t WriteRecords(RecordFormatter& formatter, PuzzleCursor* cursor, std::ostream& out,
                     const std::string& what) {
  std::string line;
  formatter.AppendHeader(&line);
  out << line;
  CheckStreamWritten(out, what);
  int64_t written = 0;
  StoredPuzzle puzzle;
  while (cursor != nullptr && cursor->Next(&puzzle)) {
    line.clear();
    formatter.AppendRecord(puzzle, &line);
    out << line;
    CheckStreamWritten(out, what);
    ++written;
  }
  if (cursor != nullptr) ThrowIfError(cursor->status());
  return written;
}

// The puzzles of a cursor (none if it is null) as a book prints them, numbered 1, 2, ...
class BookSource : public books::PuzzleSource {
 public:
  explicit BookSource(PuzzleCursor* cursor) : cursor_(cursor) {}
  bool Next(books::BookPuzzle* out) override {
    if (cursor_ == nullptr || !cursor_->Next(&puzzle_)) return false;
    out->number = ++count_;
    out->givens = std::move(puzzle_.givens);
    out->solution = std::move(puzzle_.solution);
    out->level = std::move(puzzle_.level);
    out->rating = puzzle_.rating;
    return true;
  }
  Status status() const override { return cursor_ ? cursor_->status() : Status::Ok(); }
  int64_t count() const { return count_; }

 private:
  PuzzleCursor* cursor_;
  StoredPuzzle puzzle_;
  int64_t count_ = 0;
};

// Writes the puzzles of `cursor` as a PDF book or a folder of SVG files; returns how many.
int64_t WriteBook(const ExportOptions& options, PuzzleCursor* cursor) {
  BookSource source(cursor);
  if (options.format == "svg") {
    ThrowIfError(books::WriteSvgFolder(options.output, source));
    return source.count();
  }
  TempFile file(options.output);
  Status status = books::WritePdfBook(file.name(), options.book, source);
  if (!status.ok() && status.message().starts_with(file.name())) {
    // The writer names the file it wrote; the person typed the output's name.
    status = Status::FromCode(status.code(),
                              options.output + status.message().substr(file.name().size()));
  }
  ThrowIfError(status);
  file.Commit();
  return source.count();
}

// The page options of --format pdf; any of them typed sets book_options_given.
void AddBookOptions(CLI::App* cmd, ExportOptions* options) {
  const std::span<const int> choices = books::PuzzlesPerPageChoices();
  auto given = [options](auto&&...) { options->book_options_given = true; };
  cmd->add_option("--per-page", options->book.per_page,
                  "Puzzles on a page of the pdf: 1, 2, 4 or 6")
      ->type_name("N")
      ->check(CLI::IsMember(std::vector<int>(choices.begin(), choices.end())))
      ->capture_default_str()
      ->each(given);
  cmd->add_option_function<std::string>(
         "--paper",
         [options](const std::string& name) {
           options->book.paper = *books::ParsePaper(name);
           options->book_options_given = true;
         },
         "Paper of the pdf: a4 or letter (default: a4)")
      ->type_name("PAPER")
      ->check(CLI::IsMember({"a4", "letter"}));
  cmd->add_option("--title", options->book.title, "Title at the top of every page of the pdf")
      ->type_name("TITLE")
      ->capture_default_str()
      ->each(given);
  cmd->add_flag_callback(
      "--no-solutions",
      [options] {
        options->book.solutions = false;
        options->book_options_given = true;
      },
      "Leave the solution pages out of the pdf");
}

// "wrote 1000 puzzles to app.db (206 KB)": what a person checks after an export to a file.
std::string WhatWasWritten(const ExportOptions& options, int64_t written) {
  std::string text = "wrote " + std::to_string(written) + (written == 1 ? " puzzle" : " puzzles") +
                     " to '" + options.output + "'";
  std::error_code error;
  if (options.format == "svg") {
    const auto files = std::distance(std::filesystem::directory_iterator(options.output, error),
                                     std::filesystem::directory_iterator());
    return error ? text : text + " (" + std::to_string(files) + " files)";
  }
  const std::filesystem::path file(options.output);
  if (!std::filesystem::is_regular_file(file, error)) return text;  // a device or FIFO
  const uintmax_t bytes = std::filesystem::file_size(file, error);
  if (error) return text;
  const char* unit = bytes < 10'000 ? " bytes" : bytes < 10'000'000 ? " KB" : " MB";
  const uintmax_t shown = bytes < 10'000       ? bytes
                          : bytes < 10'000'000 ? bytes / 1000
                                               : bytes / 1'000'000;
  return text + " (" + std::to_string(shown) + unit + ")";
}

}  // namespace

void SetupExportCommand(CLI::App& app, int* exit_code) {
  auto options = std::make_shared<ExportOptions>();
  CLI::App* cmd = app.add_subcommand(
      "export",
      "Write stored puzzles as JSON Lines, CSV, 81-character lines, Kaggle CSV, an app pack "
      "(SQLite), a PDF puzzle book or SVG files, filtered, limited or randomly sampled (the same "
      "--seed gives the same sample)");
  cmd->add_option("--db", options->db, "Corpus database (read-only)")
      ->type_name("FILE")
      ->capture_default_str();
  cmd->add_option("-f,--format", options->format,
                  "jsonl; csv (with header); lines (the givens); kaggle (quizzes,solutions, 0 "
                  "for empty); sqlite (an app pack, needs -o); pdf (a puzzle book, needs -o); svg "
                  "(one NNNN.svg a puzzle in the new folder -o DIR)")
      ->type_name("FORMAT")
      ->check(CLI::IsMember({"jsonl", "csv", "lines", "kaggle", "sqlite", "pdf", "svg"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", options->output,
                  "Output file (the folder of svg), - for standard output")
      ->type_name("FILE")
      ->capture_default_str();
  cmd->add_option("--columns", options->columns,
                  "Fields of jsonl, csv and lines (space-separated there), comma-separated, in "
                  "this order, from: " +
                      ExportFieldNames() +
                      " (default: jsonl all but the last three, csv also not "
                      "techniques, lines givens)")
      ->type_name("LIST");
  cmd->add_flag("--hints", options->hints,
                "sqlite: add each puzzle's solving path, SE's steps, for an app's hint button "
                "(docs/hints.md)");
  cmd->add_flag("--crlf", options->crlf,
                "End csv and kaggle lines with CRLF (RFC 4180) instead of LF");
  AddBookOptions(cmd, options.get());
  AddFilterOptions(cmd, &options->filter);
  const int64_t most = std::numeric_limits<int64_t>::max();
  auto* limit = cmd->add_option("--limit", options->limit, "At most N puzzles (lowest ids first)")
                    ->type_name("N")
                    ->check(WholeNumber(0, most));
  auto* sample = cmd->add_option("--sample", options->sample,
                                 "A random sample of N puzzles, the same for the same --seed")
                     ->type_name("N")
                     ->check(WholeNumber(0, most));
  cmd->add_option("--seed", options->seed, "Seed of --sample")
      ->type_name("S")
      ->check(UnsignedNumber())
      ->needs(sample)
      ->capture_default_str();
  limit->excludes(sample);
  cmd->callback([options, exit_code] { *exit_code = RunExport(*options); });
}

int RunExport(const ExportOptions& options) {
  PuzzleQuery query = ToQuery(options);
  CheckOutputOptions(options);
  std::optional<RecordFormatter> formatter;  // made first: it checks --columns
  if (options.format != "sqlite" && !IsBook(options.format)) {
    formatter.emplace(options.format, options.columns, options.crlf);
    query.canonical = formatter->NeedsCanonical();
    query.solution_canonical = formatter->NeedsSolutionCanonical();
  }
  std::unique_ptr<CorpusReader> reader = OpenCorpus(options.db, query.filter);
  std::unique_ptr<PuzzleCursor> cursor;
  const bool nothing = options.limit == 0 || options.sample == 0;
  if (!nothing) ThrowIfError(reader->Query(query, &cursor));

  int64_t written = 0;
  if (options.format == "sqlite") {
    written = WriteAppPack(options, cursor.get());
  } else if (IsBook(options.format)) {
    written = WriteBook(options, cursor.get());
  } else if (options.output == "-") {
    std::ios::sync_with_stdio(false);
    written = WriteRecords(*formatter, cursor.get(), std::cout, "standard output");
    CheckStdoutWritten();
  } else {
    TempOutput file(options.output);
    written = WriteRecords(*formatter, cursor.get(), file.stream(), "'" + options.output + "'");
    file.Commit();
  }
  if (written == 0 && !nothing) {
    std::cerr << "sudoku-corpus: no puzzles match\n";
  } else if (options.output != "-") {
    std::cerr << "sudoku-corpus: " << WhatWasWritten(options, written) << '\n';
  }
  return 0;
}

}  // namespace sudoku::cli
