// The reader's filter clause: see corpus_filter.h.
#include "storage/corpus_filter.h"

#include <optional>

#include "storage/row_codes.h"
#include "sudoku/core/rating.h"

namespace sudoku::storage_internal {
namespace {

constexpr int kMaxClues = 81;
constexpr int kMaxFreedom = 729;
constexpr int kNoRatingBound = 1000;  // CorpusFilter::max_rating's default: no bound

// Binds `value` to the parameter `name` if the statement has it.
int BindText(sqlite3_stmt* stmt, const char* name, const std::string& value) {
  const int index = sqlite3_bind_parameter_index(stmt, name);
  return index == 0 ? SQLITE_OK
                    : sqlite3_bind_text(stmt, index, value.c_str(), -1, SQLITE_TRANSIENT);
}

// The stored code of the technique named `name`; "" (which no row holds) for an unknown name.
std::string CodeOfName(const std::string& name) {
  const std::optional<Technique> technique = ParseTechnique(name);
  const char code = technique ? TechniqueCode(*technique) : '\0';
  return code == '\0' ? std::string() : std::string(1, code);
}

}  // namespace

std::string FilterConditions(const PuzzleFilter& filter, const std::string& extra) {
  std::string where;
  auto add = [&where](const char* condition) {
    if (!where.empty()) where += " AND ";
    where += condition;
  };
  if (!filter.level.empty()) add("level = :level");
  if (!filter.clue_class.empty()) add("clue_level = :clue_level");
  if (!filter.grid_method.empty()) add("grid_method = :grid_method");
  if (!filter.symmetry.empty()) add("symmetry = :symmetry");
  if (!filter.hardest.empty()) add("hardest_code = :hardest");
  // Each required technique's code is bound as :required_<i>; in the stored uses a code is
  // followed by its count, never by another code's character (storage/row_codes.h).
  std::string required;
  for (size_t i = 0; i < filter.required.size(); ++i) {
    required = "instr(uses, :required_" + std::to_string(i) + ") > 0";
    add(required.c_str());
  }
  if (filter.min_clues > 0 || filter.max_clues < kMaxClues) {
    // Without a level, every level is named so that the clue range is read from the index on
    // (level, clues), one range a level: there is no index on clues alone (schema 016).
    std::string levels;
    for (const RatingBand& band : RatingBands()) {
      levels += (levels.empty() ? "level IN ('" : "', '") + std::string(band.name);
    }
    levels += "')";
    if (filter.level.empty()) add(levels.c_str());
    add("clues BETWEEN :min_clues AND :max_clues");
  }
  if (filter.min_freedom > 0 || filter.max_freedom < kMaxFreedom) {
    add("freedom BETWEEN :min_freedom AND :max_freedom");
  }
  if (filter.min_rating > 0 || filter.max_rating < kNoRatingBound) {
    // The SE-unit column, which the rating index holds (schema/014_rating_se_units.sql); the
    // bound tenths / 10.0 is the same double the column computes.
    add("rating BETWEEN :min_rating / 10.0 AND :max_rating / 10.0");
  }
  if (filter.run_id != 0) add("run_id = :run_id");
  if (!extra.empty()) add(extra.c_str());
  return where.empty() ? "1" : where;
}

int BindInt(sqlite3_stmt* stmt, const char* name, int64_t value) {
  const int index = sqlite3_bind_parameter_index(stmt, name);
  return index == 0 ? SQLITE_OK : sqlite3_bind_int64(stmt, index, value);
}

int BindFilter(sqlite3_stmt* stmt, const PuzzleFilter& filter) {
  int rc = BindText(stmt, ":level", filter.level);
  if (rc == SQLITE_OK) rc = BindText(stmt, ":clue_level", filter.clue_class);
  if (rc == SQLITE_OK) rc = BindText(stmt, ":grid_method", filter.grid_method);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":min_rating", filter.min_rating);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":max_rating", filter.max_rating);
  if (rc == SQLITE_OK) rc = BindText(stmt, ":symmetry", filter.symmetry);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":min_clues", filter.min_clues);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":max_clues", filter.max_clues);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":min_freedom", filter.min_freedom);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":max_freedom", filter.max_freedom);
  if (rc == SQLITE_OK) rc = BindInt(stmt, ":run_id", filter.run_id);
  if (rc == SQLITE_OK && !filter.hardest.empty()) {
    rc = BindText(stmt, ":hardest", CodeOfName(filter.hardest));
  }
  for (size_t i = 0; rc == SQLITE_OK && i < filter.required.size(); ++i) {
    const std::string name = ":required_" + std::to_string(i);
    // An unknown name binds "", which instr() finds in every row: bind one no row holds.
    const std::string code = CodeOfName(filter.required[i]);
    rc = BindText(stmt, name.c_str(), code.empty() ? "\"" : code);
  }
  return rc;
}

}  // namespace sudoku::storage_internal
