// The text formats of `export` (jsonl, csv, lines, kaggle): which fields a record holds
// (--columns), in which order, and how each is written. Ratings are SE numbers (6.6) in every
// format; CSV fields are quoted only where RFC 4180 needs it.
#ifndef SUDOKU_CLI_EXPORT_RECORDS_H_
#define SUDOKU_CLI_EXPORT_RECORDS_H_

#include <string>
#include <vector>

#include "sudoku/storage/corpus_reader.h"

namespace sudoku::cli {

enum class ExportField : int;  // a field of a stored puzzle; defined in export_records.cc

// True for the formats whose fields --columns chooses: jsonl, csv and lines.
bool FormatHasColumns(const std::string& format);

// "id, run_id, givens, ...": every field name --columns takes, in the order of a JSON Lines record.
std::string ExportFieldNames();

// Formats stored puzzles as lines of one text format. Not thread-safe (it reuses a buffer).
class RecordFormatter {
 public:
  // `columns`: field names separated by commas, in the order wanted, or "" for the format's own:
  // jsonl every field but item_index, solution_canonical and steps, csv those but techniques,
  // lines the givens, kaggle its two. steps: the solving path, walked again (slow; lines refuse
  // it). Lines end with CRLF if `crlf`, else LF. Throws UsageError naming an unknown, empty or
  // repeated name. REQUIRES: `format` is jsonl, csv, lines or kaggle, and `columns` is empty for
  // kaggle.
  RecordFormatter(std::string format, const std::string& columns, bool crlf);

  // Whether a field is the canonical form of the puzzle, or of its solution, which the corpus
  // does not store (PuzzleQuery::canonical, ::solution_canonical).
  bool NeedsCanonical() const;
  bool NeedsSolutionCanonical() const;

  // Appends the header line (csv, kaggle), or nothing.
  void AppendHeader(std::string* out) const;

  // Appends one record and its line end.
  void AppendRecord(const StoredPuzzle& puzzle, std::string* out);

 private:
  std::string format_;
  std::vector<ExportField> fields_;
  const char* eol_;
  std::string text_;  // one field's text, reused
};

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_EXPORT_RECORDS_H_
