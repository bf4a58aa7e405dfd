// `sudoku-corpus export`: writes stored puzzles, filtered (--level, --clues, --freedom, --run),
// limited or randomly sampled, as JSON Lines, CSV, plain 81-character lines, the Kaggle
// `quizzes,solutions` CSV, an app pack (a small SQLite file, storage/app_pack.h), a PDF puzzle
// book or a folder of SVG files (books/book.h).
#ifndef SUDOKU_CLI_CMD_EXPORT_H_
#define SUDOKU_CLI_CMD_EXPORT_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "books/book.h"
#include "cli_util.h"

namespace sudoku::cli {

struct ExportOptions {
  std::string db = "corpus.db";  // corpus database (opened read-only). Default: corpus.db
  // jsonl, csv, lines, kaggle, sqlite, pdf or svg. Default: jsonl
  std::string format = "jsonl";
  std::string output = "-";  // output file, "-" for standard output. Default: -
  // Comma-separated fields of jsonl, csv and lines, in that order. Default: "" (every exported
  // field for jsonl and csv, the givens for lines)
  std::string columns;
  bool crlf = false;              // csv and kaggle lines end with CRLF, not LF. Default: false
  bool hints = false;  // sqlite: each puzzle's solving path (docs/hints.md). Default: false
  FilterOptions filter;           // which puzzles. Default: all
  std::optional<int64_t> limit;   // at most this many, lowest ids first. Default: all
  std::optional<int64_t> sample;  // a random sample of this many. Default: no sampling
  uint64_t seed = 0;              // seed of --sample (same seed, same sample). Default: 0
  // Pages of --format pdf. Default: A4, 4 a page, solutions at the back
  books::BookOptions book;
  // True when --per-page, --paper, --title or --no-solutions was typed. Default: false
  bool book_options_given = false;
};

// Registers the subcommand; when it runs, its exit code is stored in *exit_code.
void SetupExportCommand(CLI::App& app, int* exit_code);

// Runs `export`: 0 on success, also when no puzzle matches (said on stderr). Throws UsageError
// for a bad option (an unknown column, --columns or --crlf with a format that has none, sqlite,
// pdf or svg to standard output, book options without pdf, an output file that is the corpus
// itself) and UserError for an unreadable corpus or an unwritable output file. The output is
// checked before any work (output_file.h): a file is written under a temporary name beside it,
// synced and renamed at the end, so a failed export (a full disk) leaves no partial file, and an
// existing file as it was; a symlink is followed, a device or FIFO written in place, the side
// files of a database refused. An SVG folder is written whole the same way (books/book.h).
int RunExport(const ExportOptions& options);

}  // namespace sudoku::cli

#endif  // SUDOKU_CLI_CMD_EXPORT_H_
