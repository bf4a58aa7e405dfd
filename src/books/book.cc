#include "books/book.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <bitset>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string_view>
#include <vector>

#include "books/painter.h"

namespace sudoku::books {
namespace {

constexpr char kDot[] = " \xc2\xb7 ";       // U+00B7 MIDDLE DOT between caption fields
constexpr char kEnDash[] = "\xe2\x80\x93";  // U+2013 around the page number
constexpr double kSvgCellPx = 32;
constexpr double kSvgMarginPx = 4;  // room for half the border line

// "No. 12 · hard · SE 4.2".
std::string Caption(const BookPuzzle& puzzle) {
  return "No. " + std::to_string(puzzle.number) + kDot + puzzle.level + kDot + "SE " +
         std::to_string(puzzle.rating / 10) + "." + std::to_string(puzzle.rating % 10);
}

// A solution kept for the pages at the back: its digits and which of them were givens.
struct Answer {
  int64_t number = 0;
  std::array<char, 81> solution{};
  std::bitset<81> given;

  explicit Answer(const BookPuzzle& puzzle) : number(puzzle.number) {
    for (int i = 0; i < 81 && i < static_cast<int>(puzzle.solution.size()); ++i) {
      solution[i] = puzzle.solution[i];
      given[i] = i < static_cast<int>(puzzle.givens.size()) && puzzle.givens[i] >= '1' &&
                 puzzle.givens[i] <= '9';
    }
  }
  std::string Givens() const {
    std::string text(81, '.');
    for (int i = 0; i < 81; ++i) {
      if (given[i]) text[i] = solution[i];
    }
    return text;
  }
};

// The file cairo writes through, which remembers the first write error with its errno: cairo
// 1.16 does not report a failed write of a file it opened itself (a full disk gave a truncated
// PDF and success).
class OutputFile {
 public:
  explicit OutputFile(const std::string& path)
      : path_(path), file_(std::fopen(path.c_str(), "wb")) {
    if (file_ == nullptr) error_ = errno;
  }
  ~OutputFile() {
    if (file_ != nullptr) std::fclose(file_);
  }
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // A cairo_write_func_t; `closure` is the OutputFile.
  static cairo_status_t Write(void* closure, const unsigned char* data, unsigned int length) {
    auto* out = static_cast<OutputFile*>(closure);
    if (out->error_ == 0 && std::fwrite(data, 1, length, out->file_) != length) {
      out->error_ = errno != 0 ? errno : EIO;
    }
    return out->error_ == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR;
  }

  // Closes the file after cairo finished its surface with `status`; the first error, naming
  // the file, or OK.
  Status Close(cairo_status_t status) {
    if (file_ != nullptr && std::fclose(file_) != 0 && error_ == 0) error_ = errno;
    file_ = nullptr;
    if (error_ != 0) return Status::IoError(path_ + ": " + std::strerror(error_));
    if (status != CAIRO_STATUS_SUCCESS) {
      return Status::IoError(path_ + ": " + cairo_status_to_string(status));
    }
    return Status::Ok();
  }
  bool failed() const { return error_ != 0; }

 private:
  std::string path_;
  FILE* file_;
  int error_ = 0;
};

// Finishes `surface` (and its context) and closes `out`: the first error, or OK.
Status FinishSurface(cairo_t* cr, cairo_surface_t* surface, OutputFile& out) {
  cairo_status_t status = cairo_status(cr);
  cairo_surface_finish(surface);
  if (status == CAIRO_STATUS_SUCCESS) status = cairo_surface_status(surface);
  return out.Close(status);
}

// One PDF book being written: the surface, its context and a painter for each page kind.
class PdfWriter {
 public:
  PdfWriter(const std::string& path, const BookOptions& options)
      : options_(options),
        puzzle_page_(LayoutPage(options.paper, options.per_page)),
        answer_page_(LayoutPage(options.paper, kSolutionsPerPage)),
        out_(path),
        surface_(cairo_pdf_surface_create_for_stream(
            &OutputFile::Write, &out_, puzzle_page_.page.width, puzzle_page_.page.height)),
        cr_(cairo_create(surface_)),
        puzzle_painter_(cr_, puzzle_page_.style),
        answer_painter_(cr_, answer_page_.style) {
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_TITLE, options.title.c_str());
    cairo_pdf_surface_set_metadata(surface_, CAIRO_PDF_METADATA_CREATOR, "sudoku-corpus");
  }
  ~PdfWriter() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  PdfWriter(const PdfWriter&) = delete;
  PdfWriter& operator=(const PdfWriter&) = delete;

  Status Write(PuzzleSource& source) {
    if (out_.failed()) return out_.Close(CAIRO_STATUS_SUCCESS);
    BookPuzzle puzzle;
    int64_t count = 0;
    while (source.Next(&puzzle)) {
      const int slot = count++ % options_.per_page;
      if (slot == 0) StartPage(puzzle_page_, options_.title);
      const Rect& grid = puzzle_page_.grids[slot];
      puzzle_painter_.DrawGrid(grid, puzzle.givens);
      DrawCaption(puzzle_painter_, puzzle_page_, grid, Caption(puzzle));
      if (options_.solutions) answers_.emplace_back(puzzle);
      if (slot + 1 == options_.per_page) cairo_show_page(cr_);
    }
    if (!source.status().ok()) return source.status();
    if (count % options_.per_page != 0) cairo_show_page(cr_);
    if (count == 0) DrawEmptyPage();
    DrawAnswers();
    return FinishSurface(cr_, surface_, out_);
  }

 private:
  void StartPage(const PageLayout& layout, const std::string& heading) {
    ++page_number_;
    cairo_set_source_rgb(cr_, 0, 0, 0);
    const double centre = layout.page.width / 2;
    puzzle_painter_.DrawText(heading, centre, layout.title_baseline, layout.title_size, true);
    const std::string number =
        std::string(kEnDash) + " " + std::to_string(page_number_) + " " + kEnDash;
    puzzle_painter_.DrawText(number, centre, layout.footer_baseline, layout.footer_size, false);
  }

  void DrawCaption(GridPainter& painter, const PageLayout& layout, const Rect& grid,
                   const std::string& text) {
    painter.DrawText(text, grid.x + grid.width / 2, grid.y + grid.height + layout.caption_gap,
                     layout.caption_size, false);
  }

  void DrawEmptyPage() {
    StartPage(puzzle_page_, options_.title);
    puzzle_painter_.DrawText("No puzzles", puzzle_page_.page.width / 2,
                             puzzle_page_.page.height / 2, puzzle_page_.caption_size, false);
    cairo_show_page(cr_);
  }

  void DrawAnswers() {
    const std::string heading = options_.title + kDot + "Solutions";
    for (size_t i = 0; i < answers_.size(); ++i) {
      const int slot = static_cast<int>(i % kSolutionsPerPage);
      if (slot == 0) StartPage(answer_page_, heading);
      const Answer& answer = answers_[i];
      const Rect& grid = answer_page_.grids[slot];
      const std::string solution(answer.solution.begin(), answer.solution.end());
      answer_painter_.DrawGrid(grid, answer.Givens(), solution);
      DrawCaption(answer_painter_, answer_page_, grid, "No. " + std::to_string(answer.number));
      if (slot + 1 == kSolutionsPerPage || i + 1 == answers_.size()) cairo_show_page(cr_);
    }
  }

  BookOptions options_;
  PageLayout puzzle_page_;
  PageLayout answer_page_;
  OutputFile out_;
  cairo_surface_t* surface_;
  cairo_t* cr_;
  GridPainter puzzle_painter_;
  GridPainter answer_painter_;
  std::vector<Answer> answers_;
  int page_number_ = 0;
};

// Writes one puzzle's grid and givens as an SVG file at `path`.
Status WriteSvgFile(const std::string& path, const BookPuzzle& puzzle) {
  const double side = 9 * kSvgCellPx;
  const double size = side + 2 * kSvgMarginPx;
  OutputFile out(path);
  if (out.failed()) return out.Close(CAIRO_STATUS_SUCCESS);
  cairo_surface_t* surface =
      cairo_svg_surface_create_for_stream(&OutputFile::Write, &out, size, size);
  cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX);
  cairo_t* cr = cairo_create(surface);
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  {
    GridPainter painter(cr, StyleForSide(side));
    painter.DrawGrid({kSvgMarginPx, kSvgMarginPx, side, side}, puzzle.givens);
  }
  const Status status = FinishSurface(cr, surface, out);
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  return status;
}

// "0012.svg": the number, at least four digits.
std::string SvgName(int64_t number) {
  char name[32];
  std::snprintf(name, sizeof name, "%04lld.svg", static_cast<long long>(number));
  return name;
}

Status Errno(const std::string& what) {
  return Status::IoError(what + ": " + std::strerror(errno));
}

// Gives the folder the permissions mkdir would have (mkdtemp makes it 0700), syncs every file
// under it to disk and renames it to `dir`.
Status CommitFolder(const std::string& temp, const std::string& dir) {
  const mode_t mask = umask(0);
  umask(mask);
  chmod(temp.c_str(), 0777 & ~mask);
  const int fd = open(temp.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return Errno(dir);
  const bool synced = syncfs(fd) == 0;
  close(fd);
  if (!synced) return Errno(dir);
  if (std::rename(temp.c_str(), dir.c_str()) != 0) return Errno(dir);
  return Status::Ok();
}

Status WriteSvgFiles(const std::string& temp, const std::string& dir, PuzzleSource& source) {
  BookPuzzle puzzle;
  while (source.Next(&puzzle)) {
    const std::string name = SvgName(puzzle.number);
    const std::string path = temp + "/" + name;
    const Status status = WriteSvgFile(path, puzzle);
    // Named as the person will look for it: in `dir`, not in the temporary folder.
    if (!status.ok())
      return Status::IoError(dir + "/" + name + status.message().substr(path.size()));
  }
  return source.status();
}

}  // namespace

// Under AddressSanitizer: fontconfig's configuration and the patterns cairo's font caches keep
// are never freed (nothing calls FcFini), which LeakSanitizer would report at exit in every
// binary that draws a book. Only allocations made inside fontconfig are exempt.
#if defined(__has_feature)  // Clang's way of saying -fsanitize=address
#if __has_feature(address_sanitizer)
#define SUDOKU_BOOKS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SUDOKU_BOOKS_ASAN)  // GCC's, or Clang's
extern "C" const char* __lsan_default_suppressions() { return "leak:libfontconfig.so\n"; }
// Without the table of suppressions used that LeakSanitizer prints at exit: an error must stay
// the one line on stderr the CLI promises.
extern "C" const char* __lsan_default_options() { return "print_suppressions=0"; }
#endif

Status WritePdfBook(const std::string& path, const BookOptions& options, PuzzleSource& source) {
  PdfWriter writer(path, options);
  return writer.Write(source);
}

Status WriteSvgFolder(const std::string& dir_in, PuzzleSource& source) {
  std::string dir = dir_in;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::exists(dir, ec) && !(fs::is_directory(dir, ec) && fs::is_empty(dir, ec))) {
    return Status::IoError(dir + ": exists and is not an empty folder");
  }
  std::string temp = dir + ".tmp-XXXXXX";
  if (mkdtemp(temp.data()) == nullptr) return Errno(dir);
  Status status = WriteSvgFiles(temp, dir, source);
  if (status.ok()) status = CommitFolder(temp, dir);
  if (!status.ok()) fs::remove_all(temp, ec);
  return status;
}

}  // namespace sudoku::books
