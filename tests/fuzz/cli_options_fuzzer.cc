// Fuzzes the command line's value parsers with the same text: bands ("MIN-MAX" or "N"), rating
// bands ("4.2-6.4"), shards ("K/N"), and the names of levels, clue classes, grid methods,
// symmetries, dig orders, transforms and techniques. Each either refuses the text with a
// UserError naming the option, or returns a value within its documented bounds. The input's
// lines also fill the read commands' filter options (ToPuzzleFilter), one option per line.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

#include "cli_util.h"
#include "fuzz_util.h"
#include "run_params.h"
#include "sudoku/core/digger.h"
#include "sudoku/core/grid_generator.h"
#include "sudoku/core/rating.h"
#include "sudoku/core/scorer.h"
#include "sudoku/core/transform.h"

namespace {

using sudoku::fuzz::Check;

// Runs `parse`; a UserError must name `option`. Returns whether the text was accepted.
template <typename Parse>
bool Accepts(std::string_view option, Parse parse) {
  try {
    parse();
    return true;
  } catch (const sudoku::cli::UserError& e) {
    Check(std::string_view(e.what()).find(option) != std::string_view::npos,
          "the error names the option");
    return false;
  }
}

void FuzzValueParsers(const std::string& text) {
  Accepts("--clues", [&] { sudoku::cli::ParseRange("--clues", text); });
  Accepts("--rating", [&] {
    const sudoku::cli::RatingRange range = sudoku::cli::ParseRatingRange("--rating", text);
    Check(0 <= range.min && range.min <= range.max && range.max <= 1009, "rating band bounds");
  });
  Accepts("--level", [&] { sudoku::cli::ParseRatingLevel("--level", text); });
  Accepts("--shard", [&] {
    const sudoku::Shard shard = sudoku::cli::ParseShard(text);
    Check(1 <= shard.k && shard.k <= shard.n, "1 <= K <= N");
    Check(shard.ShareOf(1000) >= 0 && shard.FirstItemFrom(7) >= 7, "shard arithmetic");
  });
  if (const auto method = sudoku::ParseGridMethod(text)) {
    Check(sudoku::GridMethodName(*method) == text, "grid method names round-trip");
  }
  if (const auto symmetry = sudoku::ParseSymmetry(text)) {
    Check(sudoku::SymmetryName(*symmetry) == text, "symmetry names round-trip");
  }
  if (const auto order = sudoku::ParseDigOrder(text)) {
    Check(sudoku::DigOrderName(*order) == text, "dig order names round-trip");
  }
  if (const auto kind = sudoku::ParseTransformKind(text)) {
    Check(sudoku::TransformKindName(*kind) == text, "transform names round-trip");
  }
  if (const auto technique = sudoku::ParseTechnique(text)) {
    Check(sudoku::TechniqueName(*technique) == text, "technique names round-trip");
  }
  sudoku::FindClueClass(text);
  sudoku::FindRatingBand(text);
}

std::vector<std::string> Lines(std::string_view input) {
  std::vector<std::string> lines;
  for (size_t start = 0; start <= input.size();) {
    const size_t end = std::min(input.find('\n', start), input.size());
    lines.emplace_back(input.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void FuzzFilter(const std::vector<std::string>& lines) {
  sudoku::cli::FilterOptions options;
  std::string* fields[] = {&options.level,   &options.clue_class,  &options.rating,  &options.clues,
                           &options.freedom, &options.grid_method, &options.symmetry};
  for (size_t i = 0; i < std::size(fields) && i < lines.size(); ++i) *fields[i] = lines[i];
  if (lines.size() > std::size(fields)) {
    options.run = static_cast<int64_t>(std::hash<std::string>()(lines[std::size(fields)]));
  }
  try {
    const sudoku::PuzzleFilter filter = sudoku::cli::ToPuzzleFilter(options);
    Check(0 <= filter.min_clues && filter.min_clues <= filter.max_clues &&
              filter.max_clues <= sudoku::kCells,
          "clue band within 0-81");
    Check(0 <= filter.min_freedom && filter.min_freedom <= filter.max_freedom &&
              filter.max_freedom <= sudoku::kCells * sudoku::kDigits,
          "freedom band within 0-729");
    Check(filter.min_rating <= filter.max_rating && filter.run_id >= 0, "rating band, run id");
  } catch (const sudoku::cli::UserError& e) {
    Check(std::string_view(e.what()).starts_with("--"), "the error names an option");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> lines = Lines(input);
  FuzzValueParsers(std::string(input));
  if (lines.size() > 1) {
    for (const std::string& line : lines) FuzzValueParsers(line);
  }
  FuzzFilter(lines);
  return 0;
}
