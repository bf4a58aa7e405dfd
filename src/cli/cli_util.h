// Small helpers shared by the subcommands: ranges on the command line, terminal detection,
// reading puzzle lines, the one-line error convention, and the corpus filter options of the
// read commands (stats, export, verify).
#ifndef SUDOKU_CLI_CLI_UTIL_H_
#define SUDOKU_CLI_CLI_UTIL_H_

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudoku/core/grid.h"
#include "sudoku/core/rating.h"
#include "sudoku/status.h"
#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {

inline constexpr const char* kToolVersion = "sudoku-corpus " SUDOKU_CORPUS_VERSION;

// A user error: main prints "sudoku-corpus: <what>" on one line and exits with code 1.
struct UserError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A bad command line (a malformed value, one out of its range, an unknown name): main prints
// "sudoku-corpus: <what>" on one line and exits with code 2.
struct UsageError : UserError {
  using UserError::UserError;
};

// A CLI11 check: the value is a whole number from `min` to `max`, written in decimal digits
// with an optional leading '-'. Otherwise the parse fails (exit 2) with "'<text>' is not a
// whole number from <min> to <max>", so nothing is clamped or wrapped around.
CLI::Validator WholeNumber(int64_t min, int64_t max);
// The same for 0 to 2^64-1 (18446744073709551615): a seed.
CLI::Validator UnsignedNumber();

// Flushes standard output (stdio and iostreams) and throws UserError ("cannot write standard
// output: <reason>") when anything written to it was lost (a full disk, a closed pipe).
void CheckStdoutWritten();

struct IntRange {
  int min = 0;
  int max = 0;
};

// Parses "MIN-MAX" or a single "N" (meaning N-N). Throws UsageError naming `option` otherwise.
IntRange ParseRange(std::string_view option, std::string_view text);

// An SE rating band in tenths.
struct RatingRange {
  int min = 0;
  int max = 0;
};

// Parses "MIN-MAX" or "R" with SE ratings like 4, 4.2 (one decimal at most) into tenths; throws
// UsageError naming `option` when malformed, MIN > MAX, or above SE's 12.0 (tenths typed for
// SE numbers, 42-64).
RatingRange ParseRatingRange(std::string_view option, std::string_view text);

// The rating band named `name` (rating.h); throws UsageError listing the names otherwise.
RatingBand ParseRatingLevel(std::string_view option, const std::string& name);

// The technique named `name` (TechniqueNames()); throws UsageError naming `option` and listing
// the valid names otherwise.
Technique ParseTechniqueName(std::string_view option, const std::string& name);

// The techniques of a comma-separated list ("x-wing,pointing"); throws UsageError as above, or
// when the list is empty.
std::vector<Technique> ParseTechniqueList(std::string_view option, const std::string& list);

// The longest line read whole: a puzzle or grid line is 81 characters and a few spaces.
inline constexpr std::streamsize kMaxLineBytes = 4096;

// Calls on_line(line_no, text, too_long) for each line of `in` but blank lines and lines
// starting with '#', without the line end; a UTF-8 byte-order mark before the first line (as
// editors write one) is not part of its text. A line longer than kMaxLineBytes comes as its first
// kMaxLineBytes bytes with too_long set; its rest is skipped without being held in memory.
// Stops at the end of `in` or at a read error (then in.bad()), or when on_line returns false.
void ForEachInputLine(std::istream& in,
                      const std::function<bool(int line_no, std::string_view text, bool too_long)>&
                          on_line);

// What ForEachInputLine's callers report for a line that is too long.
std::string TooLongLineError();

// `per_second` as people read a rate: "9932/s", "2.5/s", or below one a second "12.0/min"
// (a slow controlled-bias run is not "0/s").
std::string FormatRate(double per_second);

// True when file descriptor `fd` is a terminal.
bool IsTerminal(int fd);

// Reads puzzle lines from `input` (a file, or "-" for standard input): blank lines and lines
// starting with '#' are skipped; `on_puzzle(line_no, grid)` gets each good line, and each bad
// one is reported on stderr as "<source>:<line>: <error>". A UTF-8 byte-order mark before the
// first line is skipped. Returns the exit code: 0, or 1 when any line was bad (after a summary
// line). Throws UserError when the file cannot be opened or read (a folder, an I/O error) and
// when standard output could not be written.
int ForEachInputPuzzle(const std::string& input,
                       const std::function<void(int line_no, const Grid&)>& on_puzzle);

// "\r<verb> done/total puzzles  rate/s  N s left" on stderr, at most five times a second (and
// at the end); does nothing unless `enabled`.
class ProgressLine {
 public:
  ProgressLine(bool enabled, int64_t total, std::string verb);
  void Update(int64_t done);
  void Clear();            // erases the line
  double Seconds() const;  // since construction

 private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  int64_t total_;
  std::string verb_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_ = start_;
};

// `message` with the library's names of fields ("clue band 5-10", "minimal digging") replaced
// by the command-line options that set them ("--clues 5-10", "--minimal").
std::string InOptionTerms(std::string message);

// Throws UserError(InOptionTerms(status.message())) when `status` is an error.
void ThrowIfError(const Status& status);

// For the check of options before any work: throws UsageError (exit 2) for an InvalidArgument
// status, which there means a bad command line, and UserError for any other error.
void ThrowIfBadOptions(const Status& status);

// Which stored puzzles a read command covers, as typed on the command line.
struct FilterOptions {
  std::string level;        // rating level name (beginner ... extreme). Default: any level
  std::string clue_class;   // clue class (easy, medium, hard). Default: any
  std::string rating;       // "MIN-MAX" SE rating band, e.g. 3.0-4.4. Default: any
  std::string clues;        // "MIN-MAX" or "N" clue band. Default: any
  std::string freedom;      // "MIN-MAX" or "N" freedom band. Default: any
  std::string grid_method;  // grid method name (search, ..., source). Default: any
  std::string symmetry;     // symmetry name (none, rot180, ...). Default: any
  std::string hardest;      // technique of the hardest step. Default: any
  std::string required;     // "T,T,...": techniques every path uses. Default: none
  int64_t run = 0;          // run id. Default: 0 (every run)
};

// Adds --level, --clues, --freedom, --grid-method, --symmetry, --hardest, --requires and --run
// (bound to *options) to `cmd`; `with_scores` false adds --run only.
void AddFilterOptions(CLI::App* cmd, FilterOptions* options, bool with_scores = true);

// Checks and converts the options; throws UsageError naming the option and value when one is bad
// (unknown level, grid method, symmetry or technique, malformed or empty band, band outside 0-81
// clues or 0-729 freedom, run < 1).
PuzzleFilter ToPuzzleFilter(const FilterOptions& options);

// Opens the corpus read-only; throws UserError when it cannot, or when filter.run_id names a
// run the corpus does not have ("<db>: no run 7").
std::unique_ptr<CorpusReader> OpenCorpus(const std::string& db, const PuzzleFilter& filter);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CLI_UTIL_H_
