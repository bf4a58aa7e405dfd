// Puzzle books: Sudoku puzzles laid out for print (a PDF, a few puzzles to a page, the solutions
// at the back) or for web pages (one SVG file a puzzle), drawn with cairo. Page geometry is
// layout.h's. Digits and text use the "DejaVu Sans" face through fontconfig (any installed sans
// face stands in where it is missing). Cairo stays inside this library: its types appear in no
// header a caller includes.
//
// Writers read puzzles one at a time from a PuzzleSource, so a book of any size needs memory only
// for its solutions (about 110 bytes a puzzle). Not thread-safe: one writer per thread.
#ifndef SUDOKU_BOOKS_BOOK_H_
#define SUDOKU_BOOKS_BOOK_H_

#include <cstdint>
#include <string>

#include "books/layout.h"
#include "sudoku/status.h"

namespace sudoku::books {

// One puzzle as a book prints it.
struct BookPuzzle {
  int64_t number = 0;    // its number in the book, printed under it (1, 2, ...)
  std::string givens;    // 81-character text form, '.' or '0' empty
  std::string solution;  // 81 digits
  std::string level;     // "hard", ...
  int rating = 0;        // SE rating in tenths, printed as "SE 4.2"
};

// Where a writer reads its puzzles from (a corpus cursor, a list in a test).
class PuzzleSource {
 public:
  virtual ~PuzzleSource() = default;
  // Fills *puzzle with the next puzzle and returns true; returns false at the end or on an
  // error (then status() says why).
  virtual bool Next(BookPuzzle* puzzle) = 0;
  virtual Status status() const { return Status::Ok(); }
};

struct BookOptions {
  Paper paper = Paper::kA4;      // Default: A4
  int per_page = 4;              // 1, 2, 4 or 6 (PuzzlesPerPageChoices). Default: 4
  std::string title = "Sudoku";  // at the top of every page. Default: "Sudoku"
  bool solutions = true;         // solution pages at the back. Default: true
};

// Writes a PDF book of the puzzles of `source` to `path` (created or truncated): pages of
// options.per_page puzzles in the order given, then, with options.solutions, pages of
// kSolutionsPerPage solutions (the givens in bold). Every page has the title and its page
// number. No puzzles make one page saying so. Returns the source's error, or an IoError naming
// `path` when it cannot be written (the file may then be partial: callers write to a temporary
// name and rename it). REQUIRES:
// options.per_page is one of PuzzlesPerPageChoices(); givens and solutions are 81 characters.
Status WritePdfBook(const std::string& path, const BookOptions& options, PuzzleSource& source);

// Writes each puzzle of `source` as `dir`/NNNN.svg (its number, at least four digits): the grid
// and its givens, without caption, 296 px square. The folder appears whole or not at all: the
// files are written into a new folder beside it (`dir`.tmp-XXXXXX), synced, and the folder is
// renamed to `dir` at the end, so `dir` must not exist or be an empty folder (which is
// replaced). Errors (the source's, or an IoError naming `dir`) leave nothing behind.
Status WriteSvgFolder(const std::string& dir, PuzzleSource& source);

}  // namespace sudoku::books

#endif  // SUDOKU_BOOKS_BOOK_H_
