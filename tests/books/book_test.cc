// PDF books and SVG files (src/books/book.h), read back: pdftotext -bbox (poppler-utils) gives
// every word of the PDF with its box, so each given must be found inside its own cell of the
// layout (layout.h), on its page, and nowhere else. Skipped where pdftotext is not installed.
#include "books/book.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

namespace sudoku::books {
namespace {

// A list of puzzles with a digit in cells chosen by the puzzle's number (a book does not check
// that they are Sudoku puzzles, only draws them).
class ListSource : public PuzzleSource {
 public:
  explicit ListSource(int count) {
    for (int k = 1; k <= count; ++k) {
      BookPuzzle puzzle{k, std::string(81, '.'), std::string(81, '1'), "hard", 40 + k};
      for (int i = 0; i < 81; ++i) {
        puzzle.solution[i] = static_cast<char>('1' + (i * 7 + k) % 9);
        if ((i * 5 + k) % 3 == 0) puzzle.givens[i] = puzzle.solution[i];
      }
      puzzles_.push_back(puzzle);
    }
  }
  bool Next(BookPuzzle* puzzle) override {
    if (next_ == puzzles_.size()) return false;
    *puzzle = puzzles_[next_++];
    return true;
  }
  const std::vector<BookPuzzle>& puzzles() const { return puzzles_; }

 private:
  std::vector<BookPuzzle> puzzles_;
  size_t next_ = 0;
};

struct Word {
  double x;  // centre
  double y;
  std::string text;
};

// The words of each page of the PDF at `path`, from pdftotext -bbox.
std::vector<std::vector<Word>> ReadWords(const std::string& path) {
  const std::string html = path + ".html";
  const std::string command = "pdftotext -bbox '" + path + "' '" + html + "'";
  EXPECT_EQ(std::system(command.c_str()), 0) << command;
  std::ifstream in(html);
  std::vector<std::vector<Word>> pages;
  const std::regex word(
      R"re(<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>)re");
  std::string line;
  std::smatch m;
  while (std::getline(in, line)) {
    if (line.find("<page ") != std::string::npos) pages.emplace_back();
    if (!std::regex_search(line, m, word) || pages.empty()) continue;
    pages.back().push_back(
        {(std::stod(m[1]) + std::stod(m[3])) / 2, (std::stod(m[2]) + std::stod(m[4])) / 2, m[5]});
  }
  return pages;
}

bool Inside(const Word& word, const Rect& r) {
  return word.x > r.x && word.x < r.x + r.width && word.y > r.y && word.y < r.y + r.height;
}

// Checks that the digits drawn inside `grid` are exactly `digits` ('.' none), each in its cell.
void ExpectGrid(const std::vector<Word>& words, const Rect& grid, const std::string& digits,
                const std::string& where) {
  std::map<int, std::string> found;  // cell -> the words whose centre is in it
  for (const Word& word : words) {
    if (!Inside(word, grid)) continue;
    for (int cell = 0; cell < 81; ++cell) {
      if (Inside(word, CellRect(grid, cell))) found[cell] += word.text;
    }
  }
  for (int cell = 0; cell < 81; ++cell) {
    const std::string want = digits[cell] == '.' ? "" : std::string(1, digits[cell]);
    EXPECT_EQ(found[cell], want) << where << ", cell " << cell;
  }
}

class PdfBookTest : public testing::Test {
 protected:
  void SetUp() override {
    if (std::system("command -v pdftotext >/dev/null 2>&1") != 0) {
      GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    }
    dir_ = std::filesystem::path(testing::TempDir()) / ("book_test_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::filesystem::path dir_;
};

TEST_F(PdfBookTest, GivensAndSolutionsAreDrawnInTheirCells) {
  for (int per_page : PuzzlesPerPageChoices()) {
    ListSource source(7);
    BookOptions options;
    options.per_page = per_page;
    options.paper = per_page == 6 ? Paper::kLetter : Paper::kA4;
    const std::string path = dir_ / ("book" + std::to_string(per_page) + ".pdf");
    ASSERT_TRUE(WritePdfBook(path, options, source).ok());
    const auto pages = ReadWords(path);
    const int puzzle_pages = (7 + per_page - 1) / per_page;
    ASSERT_EQ(static_cast<int>(pages.size()), puzzle_pages + 1) << per_page;
    const PageLayout layout = LayoutPage(options.paper, per_page);
    const PageLayout answers = LayoutPage(options.paper, kSolutionsPerPage);
    for (int k = 0; k < 7; ++k) {
      const BookPuzzle& puzzle = source.puzzles()[k];
      const std::string where =
          std::to_string(per_page) + " a page, puzzle " + std::to_string(k + 1);
      ExpectGrid(pages[k / per_page], layout.grids[k % per_page], puzzle.givens, where);
      ExpectGrid(pages[puzzle_pages], answers.grids[k], puzzle.solution, where + " solution");
    }
  }
}

TEST_F(PdfBookTest, WithoutSolutionsOnlyPuzzlePages) {
  ListSource source(9);
  BookOptions options;
  options.solutions = false;
  const std::string path = dir_ / "book.pdf";
  ASSERT_TRUE(WritePdfBook(path, options, source).ok());
  EXPECT_EQ(ReadWords(path).size(), 3u);  // 4 + 4 + 1
}

TEST_F(PdfBookTest, UnwritablePathIsAnIoErrorNamingIt) {
  ListSource source(1);
  const std::string path = dir_ / "no-such-folder" / "book.pdf";
  const Status status = WritePdfBook(path, BookOptions(), source);
  EXPECT_EQ(status.code(), StatusCode::kIoError);
  EXPECT_NE(status.message().find(path), std::string::npos) << status.message();
}

TEST_F(PdfBookTest, SvgFolderHoldsOneFileAPuzzle) {
  ListSource source(3);
  const std::string out = dir_ / "svg";
  ASSERT_TRUE(WriteSvgFolder(out, source).ok());
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(out)) {
    names.push_back(entry.path().filename());
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"0001.svg", "0002.svg", "0003.svg"}));
  // Writing into a folder that is not empty is refused, and leaves it as it was.
  ListSource again(1);
  EXPECT_EQ(WriteSvgFolder(out, again).code(), StatusCode::kIoError);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir_),
                          std::filesystem::directory_iterator()),
            1);
}

}  // namespace
}  // namespace sudoku::books
