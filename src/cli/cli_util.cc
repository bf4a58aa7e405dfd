#include "cli_util.h"

#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <string>
#include <string_view>
#include <utility>

#include "sudoku/core/digger.h"
#include "sudoku/core/generator.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/techniques.h"

namespace sudoku::cli {
namespace {

bool ParseInt(std::string_view text, int* value) {
  if (text.empty()) return false;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), *value);
  return error == std::errc() && end == text.data() + text.size();
}

// Parses a band of `option` and checks it lies within [lowest, highest] and is not empty.
IntRange ParseBand(std::string_view option, const std::string& text, int lowest, int highest) {
  const IntRange range = ParseRange(option, text);
  const std::string named = std::string(option) + " '" + text + "': ";
  if (range.min > range.max) throw UsageError(named + "MIN is above MAX");
  if (range.min < lowest || range.max > highest) {
    throw UsageError(named + "must lie within " + std::to_string(lowest) + "-" +
                     std::to_string(highest));
  }
  return range;
}

int ForEachPuzzleLine(std::istream& in, const std::string& source,
                      const std::function<void(int line_no, const Grid&)>& on_puzzle) {
  int bad = 0;
  ForEachInputLine(in, [&](int line_no, std::string_view line, bool too_long) {
    const ParseResult parsed = too_long ? ParseResult{} : ParseGrid(line);
    if (parsed.ok) {
      on_puzzle(line_no, parsed.grid);
    } else {
      ++bad;
      std::cerr << source << ":" << line_no << ": "
                << (too_long ? TooLongLineError() : parsed.error) << "\n";
    }
    // Stop early when the output is gone (a full disk): the rest would be lost too.
    return std::cout && !std::ferror(stdout);
  });
  // A read error (EISDIR, EIO) ends the lines as the end of the input would.
  if (in.bad()) throw UserError(source + ": cannot read the input (read error)");
  return bad;
}

}  // namespace

void ForEachInputLine(
    std::istream& in,
    const std::function<bool(int line_no, std::string_view text, bool too_long)>& on_line) {
  static constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
  std::string buffer(static_cast<size_t>(kMaxLineBytes) + 1, '\0');
  for (int line_no = 1;; ++line_no) {
    in.getline(buffer.data(), kMaxLineBytes + 1);
    const std::streamsize extracted = in.gcount();
    if (extracted == 0 && in.eof()) return;
    bool too_long = false;
    if (in.fail() && !in.bad() && !in.eof()) {  // the buffer filled before the line's end
      too_long = true;
      in.clear();
      in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    if (in.bad()) return;
    std::string_view line(buffer.data());
    if (line_no == 1 && line.starts_with(kUtf8Bom)) line.remove_prefix(kUtf8Bom.size());
    const size_t first = line.find_first_not_of(" \t\r\n\v\f");
    if (!too_long && (first == std::string_view::npos || line[first] == '#')) continue;
    if (!on_line(line_no, line, too_long)) return;
    if (in.eof()) return;
  }
}

std::string TooLongLineError() {
  return "longer than " + std::to_string(kMaxLineBytes) + " characters, not a puzzle line";
}

namespace {

// "4" or "4.2" into tenths (42); false if malformed.
bool ParseTenths(std::string_view text, int* tenths) {
  const size_t dot = text.find('.');
  int whole = 0, fraction = 0;
  if (dot == std::string_view::npos) {
    if (!ParseInt(text, &whole)) return false;
  } else if (dot + 2 != text.size() || !ParseInt(text.substr(0, dot), &whole) ||
             !ParseInt(text.substr(dot + 1), &fraction)) {
    return false;
  }
  if (whole < 0 || whole > 100 || fraction < 0) return false;
  *tenths = whole * 10 + fraction;
  return true;
}

// "MIN-MAX" or "N" (meaning N-N), each side read by `parse`; false if malformed.
bool SplitRange(std::string_view text, bool (*parse)(std::string_view, int*), int* min, int* max) {
  const size_t dash = text.find('-');
  if (dash == std::string_view::npos) return parse(text, min) && parse(text, max);
  return parse(text.substr(0, dash), min) && parse(text.substr(dash + 1), max);
}

}  // namespace

IntRange ParseRange(std::string_view option, std::string_view text) {
  IntRange range;
  if (!SplitRange(text, ParseInt, &range.min, &range.max)) {
    throw UsageError(std::string(option) + " '" + std::string(text) +
                     "': expected MIN-MAX or N with whole numbers, e.g. 22-30");
  }
  return range;
}

RatingRange ParseRatingRange(std::string_view option, std::string_view text) {
  RatingRange range;
  const std::string named = std::string(option) + " '" + std::string(text) + "': ";
  if (!SplitRange(text, ParseTenths, &range.min, &range.max)) {
    throw UsageError(named + "expected MIN-MAX or R with ratings like 3.0-4.4");
  }
  if (range.min > range.max) throw UsageError(named + "MIN is above MAX");
  // Tenths typed for SE numbers (42-64 for 4.2-6.4) would otherwise match nothing, quietly.
  if (range.max > kMaxRating) {
    throw UsageError(named + "out of SE's range 1.0-" + FormatRating(kMaxRating) +
                     ": no puzzle rates above " + FormatRating(kMaxRating) +
                     " (a rating is an SE number such as 4.2)");
  }
  return range;
}

RatingBand ParseRatingLevel(std::string_view option, const std::string& name) {
  if (const auto band = FindRatingBand(name)) return *band;
  std::string names;
  for (const RatingBand& band : RatingBands()) {
    names += (names.empty() ? "" : ", ") + std::string(band.name);
  }
  throw UsageError(std::string(option) + " '" + name + "': unknown level; use " + names);
}

bool IsTerminal(int fd) { return isatty(fd) == 1; }

namespace {

// The check of WholeNumber and UnsignedNumber: `text` read by from_chars as a T in [min, max].
template <typename T>
std::string NumberProblem(const std::string& text, T min, T max) {
  T value{};
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (!text.empty() && ec == std::errc() && ptr == end && value >= min && value <= max) return "";
  return "'" + text + "' is not a whole number from " + std::to_string(min) + " to " +
         std::to_string(max);
}

}  // namespace

CLI::Validator WholeNumber(int64_t min, int64_t max) {
  return CLI::Validator(
      [min, max](std::string& text) { return NumberProblem<int64_t>(text, min, max); },
      std::to_string(min) + "-" + std::to_string(max));
}

CLI::Validator UnsignedNumber() {
  return CLI::Validator(
      [](std::string& text) {
        return NumberProblem<uint64_t>(text, 0, std::numeric_limits<uint64_t>::max());
      },
      "0-18446744073709551615");
}

void CheckStdoutWritten() {
  errno = 0;
  std::cout.flush();
  int error = !std::cout ? errno : 0;
  if (std::fflush(stdout) != 0 && error == 0) error = errno;
  if (!std::cout || std::ferror(stdout)) {
    throw UserError(std::string("cannot write standard output") +
                    (error != 0 ? ": " + std::string(std::strerror(error)) : ""));
  }
}

std::string InOptionTerms(std::string message) {
  // Longer names first, so that no name is replaced inside a longer one.
  static constexpr std::pair<std::string_view, std::string_view> kOptionOf[] = {
      {"clue band or the freedom band", "--clues or --freedom"},
      {"minimal digging", "--minimal"},
      {"per-row dig order", "--dig-order per-row"},
      {"with symmetry none", "with --symmetry none"},
      {"another grid method", "another --grid-method"},
      {"the full transform", "--transform full"},
      {"the clue band", "--clues"},
      {"clue band", "--clues"},
      {"freedom band", "--freedom"},
      {"rating band", "--rating"},
  };
  for (const auto& [name, option] : kOptionOf) {
    for (size_t at = message.find(name); at != std::string::npos;
         at = message.find(name, at + option.size())) {
      message.replace(at, name.size(), option);
    }
  }
  return message;
}

void ThrowIfError(const Status& status) {
  if (!status.ok()) throw UserError(InOptionTerms(status.message()));
}

void ThrowIfBadOptions(const Status& status) {
  if (status.code() == StatusCode::kInvalidArgument) {
    throw UsageError(InOptionTerms(status.message()));
  }
  ThrowIfError(status);
}

Technique ParseTechniqueName(std::string_view option, const std::string& name) {
  if (const auto technique = ParseTechnique(name)) return *technique;
  std::string names;
  for (const std::string_view valid : TechniqueNames()) {
    names += (names.empty() ? "" : ", ") + std::string(valid);
  }
  throw UsageError(std::string(option) + " '" + name + "': unknown technique; use one of " + names);
}

std::vector<Technique> ParseTechniqueList(std::string_view option, const std::string& list) {
  std::vector<Technique> techniques;
  std::string_view rest = list;
  while (true) {
    const size_t comma = rest.find(',');
    techniques.push_back(ParseTechniqueName(option, std::string(rest.substr(0, comma))));
    if (comma == std::string_view::npos) return techniques;
    rest.remove_prefix(comma + 1);
  }
}

void AddFilterOptions(CLI::App* cmd, FilterOptions* options, bool with_scores) {
  if (with_scores) {
    cmd->add_option("--level", options->level,
                    "Only this rating level: beginner, easy, medium, hard, expert or extreme")
        ->type_name("LEVEL");
    cmd->add_option("--clue-class,--clue-level", options->clue_class,
                    "Only this clue class (by clue count): easy, medium or hard")
        ->type_name("CLASS");
    cmd->add_option("--rating", options->rating,
                    "Only SE ratings in MIN-MAX (or R), e.g. 3.0-4.4 (10.0: a guess, or a rare "
                    "dynamic chain)")
        ->type_name("MIN-MAX");
    cmd->add_option("--clues", options->clues, "Only clue counts in MIN-MAX (or N), e.g. 22-30")
        ->type_name("MIN-MAX");
    cmd->add_option("--freedom", options->freedom, "Only freedom in MIN-MAX (or N), e.g. 120-200")
        ->type_name("MIN-MAX");
    cmd->add_option("--grid-method", options->grid_method,
                    "Only puzzles whose grid came from this method (search, digit-rows, box-fill, "
                    "pattern, random-clues, source)")
        ->type_name("METHOD");
    cmd->add_option("--symmetry", options->symmetry,
                    "Only puzzles dug with this symmetry (none, rot180, rot90, mirror, flip, "
                    "diagonal, antidiagonal)")
        ->type_name("SYMMETRY");
    cmd->add_option("--hardest", options->hardest,
                    "Only puzzles whose hardest step is this technique, e.g. x-wing")
        ->type_name("TECHNIQUE");
    cmd->add_option("--requires", options->required,
                    "Only puzzles whose solving path uses each of these techniques, "
                    "comma-separated, e.g. x-wing,pointing")
        ->type_name("T,T...");
  }
  cmd->add_option("--run", options->run, "Only puzzles of this run id")
      ->check(WholeNumber(1, std::numeric_limits<int64_t>::max()))
      ->type_name("RUN");
}

PuzzleFilter ToPuzzleFilter(const FilterOptions& options) {
  PuzzleFilter filter;
  if (!options.level.empty()) filter.level = ParseRatingLevel("--level", options.level).name;
  if (!options.clue_class.empty()) {
    if (!FindClueClass(options.clue_class)) {
      throw UsageError("--clue-class '" + options.clue_class +
                       "': unknown clue class; use easy, medium or hard");
    }
    filter.clue_class = options.clue_class;
  }
  if (!options.rating.empty()) {
    const RatingRange rating = ParseRatingRange("--rating", options.rating);
    filter.min_rating = rating.min;
    filter.max_rating = rating.max;
  }
  if (!options.clues.empty()) {
    const IntRange clues = ParseBand("--clues", options.clues, 0, kCells);
    filter.min_clues = clues.min;
    filter.max_clues = clues.max;
  }
  if (!options.freedom.empty()) {
    const IntRange freedom = ParseBand("--freedom", options.freedom, 0, kCells * kDigits);
    filter.min_freedom = freedom.min;
    filter.max_freedom = freedom.max;
  }
  if (!options.grid_method.empty()) {
    if (options.grid_method != SourceGridMethodName() && !ParseGridMethod(options.grid_method)) {
      throw UsageError("--grid-method '" + options.grid_method +
                       "': unknown; use search, digit-rows, box-fill, pattern, random-clues or "
                       "source");
    }
    filter.grid_method = options.grid_method;
  }
  if (!options.symmetry.empty()) {
    if (!ParseSymmetry(options.symmetry)) {
      throw UsageError("--symmetry '" + options.symmetry +
                       "': unknown; use none, rot180, rot90, mirror, flip, diagonal or "
                       "antidiagonal");
    }
    filter.symmetry = options.symmetry;
  }
  if (!options.hardest.empty()) {
    filter.hardest = TechniqueName(ParseTechniqueName("--hardest", options.hardest));
  }
  if (!options.required.empty()) {
    for (const Technique t : ParseTechniqueList("--requires", options.required)) {
      filter.required.emplace_back(TechniqueName(t));
    }
  }
  if (options.run < 0) {
    throw UsageError("--run " + std::to_string(options.run) + ": run ids start at 1");
  }
  filter.run_id = options.run;
  return filter;
}

std::unique_ptr<CorpusReader> OpenCorpus(const std::string& db, const PuzzleFilter& filter) {
  std::unique_ptr<CorpusReader> reader;
  ThrowIfError(CorpusReader::Open(db, &reader));
  if (filter.run_id != 0) {
    bool exists = false;
    ThrowIfError(reader->HasRun(filter.run_id, &exists));
    if (!exists) throw UserError(db + ": no run " + std::to_string(filter.run_id));
  }
  return reader;
}

int ForEachInputPuzzle(const std::string& input,
                       const std::function<void(int line_no, const Grid&)>& on_puzzle) {
  std::ifstream file;
  const bool from_stdin = input == "-";
  if (!from_stdin) {
    std::error_code ec;
    if (std::filesystem::is_directory(input, ec)) {
      throw UserError("'" + input + "' is a folder, not a file of puzzles");
    }
    file.open(input);
    if (!file) {
      throw UserError("cannot open '" + input + "' for reading: " + std::strerror(errno));
    }
  }
  const std::string source = from_stdin ? "<stdin>" : input;
  const int bad = ForEachPuzzleLine(from_stdin ? std::cin : file, source, on_puzzle);
  CheckStdoutWritten();
  if (bad == 0) return 0;
  std::cerr << "sudoku-corpus: " << bad << " bad line" << (bad == 1 ? "" : "s") << " in " << source
            << "\n";
  return 1;
}

ProgressLine::ProgressLine(bool enabled, int64_t total, std::string verb)
    : enabled_(enabled), total_(total), verb_(std::move(verb)) {}

std::string FormatRate(double per_second) {
  char text[32];
  if (per_second >= 10) {
    std::snprintf(text, sizeof(text), "%.0f/s", per_second);
  } else if (per_second >= 1) {
    std::snprintf(text, sizeof(text), "%.1f/s", per_second);
  } else {
    std::snprintf(text, sizeof(text), "%.1f/min", per_second * 60);
  }
  return text;
}

void ProgressLine::Update(int64_t done) {
  const auto now = Clock::now();
  if (!enabled_ || (now - last_ < std::chrono::milliseconds(200) && done < total_)) return;
  last_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0;
  std::fprintf(stderr, "\r%s %lld/%lld puzzles  %s  %.0f s left   ", verb_.c_str(),
               static_cast<long long>(done), static_cast<long long>(total_),
               FormatRate(rate).c_str(),
               rate > 0 ? static_cast<double>(total_ - done) / rate : 0.0);
  std::fflush(stderr);
}

void ProgressLine::Clear() {
  if (enabled_) std::fprintf(stderr, "\r\033[K");
}

double ProgressLine::Seconds() const {
  return std::chrono::duration<double>(Clock::now() - start_).count();
}

}  // namespace sudoku::cli
