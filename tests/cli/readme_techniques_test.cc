// The README's table of techniques names every technique the rater has, with its SE rating, so
// that a technique added to the rater cannot be missing from the user's guide.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "sudoku/core/rating.h"

namespace sudoku {
namespace {

// The rows "| `name` | rating | ..." of the README's table headed "| technique | SE rating |",
// by name: the rating cell as written.
std::map<std::string, std::string> TechniqueRows() {
  std::ifstream readme(std::string(SUDOKU_TEST_DATA_DIR) + "/../../README.md");
  EXPECT_TRUE(readme) << "cannot read README.md";
  std::map<std::string, std::string> rows;
  std::string line;
  bool in_table = false;
  while (std::getline(readme, line)) {
    if (line.starts_with("| technique | SE rating |")) in_table = true;
    if (!line.starts_with("|")) in_table = false;
    if (!in_table || !line.starts_with("| `")) continue;
    const size_t name_end = line.find('`', 3);
    const size_t cell = line.find('|', name_end);
    const size_t cell_end = line.find('|', cell + 1);
    if (name_end == std::string::npos || cell_end == std::string::npos) continue;
    std::string rating = line.substr(cell + 1, cell_end - cell - 1);
    rating.erase(0, rating.find_first_not_of(' '));
    rating.erase(rating.find_last_not_of(' ') + 1);
    rows[line.substr(3, name_end - 3)] = rating;
  }
  return rows;
}

// SE's notation: 4.2 for 42 tenths.
std::string SeRating(int tenths) {
  char text[16];
  std::snprintf(text, sizeof text, "%d.%d", tenths / 10, tenths % 10);
  return text;
}

TEST(ReadmeTechniques, ListsEveryTechniqueWithItsRating) {
  const std::map<std::string, std::string> rows = TechniqueRows();
  ASSERT_FALSE(rows.empty()) << "README.md has no table of techniques";
  for (int t = 1; t < kTechniqueCount; ++t) {
    const Technique technique = static_cast<Technique>(t);
    const std::string name(TechniqueName(technique));
    const auto row = rows.find(name);
    ASSERT_NE(row, rows.end()) << "README.md's table of techniques has no row for " << name;
    // A chain's row reads "6.6+": its base, to which SE adds for the chain's length.
    EXPECT_TRUE(row->second.starts_with(SeRating(TechniqueRating(technique))))
        << name << ": README.md says " << row->second << ", the rater "
        << SeRating(TechniqueRating(technique));
  }
  EXPECT_EQ(rows.size(), static_cast<size_t>(kTechniqueCount - 1))
      << "README.md lists a technique the rater does not have";
}

}  // namespace
}  // namespace sudoku
