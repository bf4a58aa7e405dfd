// The table of techniques of docs/rating.md is the rater's table (sudoku/core/techniques.h): every
// technique with its SE rating and the same description, so that a technique added to the rater
// cannot be missing from the user's guide, nor the two tell different stories.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "sudoku/core/rating.h"
#include "sudoku/core/techniques.h"

namespace sudoku {
namespace {

struct Row {
  std::string rating;       // the rating cell as written: "4.5", "4.5-4.8", "6.6+"
  std::string description;  // the cell "the step"
};

// `text` without the spaces at its ends.
std::string Trimmed(std::string text) {
  text.erase(0, text.find_first_not_of(' '));
  text.erase(text.find_last_not_of(' ') + 1);
  return text;
}

// The rows "| `name` | rating | the step |" of the table headed "| technique | SE rating
// |", by name.
std::map<std::string, Row> TechniqueRows() {
  std::ifstream readme(std::string(SUDOKU_TEST_DATA_DIR) + "/../../docs/rating.md");
  EXPECT_TRUE(readme) << "cannot read docs/rating.md";
  std::map<std::string, Row> rows;
  std::string line;
  bool in_table = false;
  while (std::getline(readme, line)) {
    if (line.starts_with("| technique | SE rating |")) in_table = true;
    if (!line.starts_with("|")) in_table = false;
    if (!in_table || !line.starts_with("| `")) continue;
    const size_t name_end = line.find('`', 3);
    const size_t cell = line.find('|', name_end);
    const size_t cell_end = line.find('|', cell + 1);
    const size_t step_end = line.rfind('|');
    if (name_end == std::string::npos || cell_end == std::string::npos || step_end <= cell_end) {
      continue;
    }
    rows[line.substr(3, name_end - 3)] = {
        Trimmed(line.substr(cell + 1, cell_end - cell - 1)),
        Trimmed(line.substr(cell_end + 1, step_end - cell_end - 1))};
  }
  return rows;
}

// SE's notation: 4.2 for 42 tenths.
std::string SeRating(int tenths) {
  char text[16];
  std::snprintf(text, sizeof text, "%d.%d", tenths / 10, tenths % 10);
  return text;
}

TEST(ReadmeTechniques, ListsEveryTechniqueWithItsRatingAndDescription) {
  const std::map<std::string, Row> rows = TechniqueRows();
  ASSERT_FALSE(rows.empty()) << "docs/rating.md has no table of techniques";
  for (const TechniqueInfo& info : TechniqueTable()) {
    if (info.technique == Technique::kNone) continue;
    const std::string name(info.name);
    const auto row = rows.find(name);
    ASSERT_NE(row, rows.end()) << "docs/rating.md's table of techniques has no row for " << name;
    // A chain's row reads "6.6+": its base, to which SE adds for the chain's length.
    EXPECT_TRUE(row->second.rating.starts_with(SeRating(info.rating)))
        << name << ": docs/rating.md says " << row->second.rating << ", the rater "
        << SeRating(info.rating);
    EXPECT_EQ(row->second.description, info.description)
        << name << ": docs/rating.md's description";
  }
  EXPECT_EQ(rows.size(), static_cast<size_t>(kTechniqueCount - 1))
      << "docs/rating.md lists a technique the rater does not have";
}

}  // namespace
}  // namespace sudoku
