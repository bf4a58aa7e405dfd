#include "run_params.h"

#include <algorithm>
#include <charconv>
#include <string_view>

#include "cli_util.h"
#include "sudoku/core/rating.h"

namespace sudoku::cli {
namespace {

// More shards than this would mostly be empty: they are refused as a likely typo.
constexpr int64_t kMaxShards = 1'000'000;

}  // namespace

bool IsLevelList(const std::string& text) {
  return text == kAllLevels || text.find(',') != std::string::npos;
}

std::vector<std::string> ParseLevelList(const std::string& text) {
  const auto bands = RatingBands();
  std::vector<bool> asked(bands.size(), text == kAllLevels);
  for (size_t start = 0; text != kAllLevels && start <= text.size();) {
    const size_t end = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, end - start);
    ParseRatingLevel("--level", name);  // throws for an unknown (or empty) name
    size_t i = 0;
    while (bands[i].name != name) ++i;
    if (asked[i]) throw UsageError("--level " + text + ": " + name + " is named twice");
    asked[i] = true;
    start = end + 1;
  }
  std::vector<std::string> levels;
  for (size_t i = 0; i < bands.size(); ++i) {
    if (asked[i]) levels.emplace_back(bands[i].name);
  }
  return levels;
}

Shard ParseShard(const std::string& text) {
  const size_t slash = text.find('/');
  int64_t k = 0, n = 0;
  auto read = [](std::string_view digits, int64_t* out) {
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), *out);
    return !digits.empty() && ec == std::errc() && end == digits.data() + digits.size();
  };
  const std::string_view view(text);
  if (slash == std::string::npos || !read(view.substr(0, slash), &k) ||
      !read(view.substr(slash + 1), &n)) {
    throw UsageError("--shard '" + text + "': expected K/N, e.g. 2/8 (part 2 of 8)");
  }
  if (n < 1 || n > kMaxShards || k < 1 || k > n) {
    throw UsageError("--shard " + text +
                     ": K/N needs 1 <= K <= N <= " + std::to_string(kMaxShards));
  }
  return {k, n};
}

}  // namespace sudoku::cli
