// Unbiased estimates over all minimal puzzles, from puzzles of the controlled-bias digger
// (sudoku/core/controlled_bias.h).
//
// That digger outputs a minimal puzzle with n clues with probability proportional to
// 1 / C(81, n), so weighting each puzzle by w(n) = C(81, n) makes weighted averages estimate
// averages over all minimal puzzles (of the grids drawn: see docs/statistics.md for what the grid
// method adds). Every estimate here is such a ratio, R = sum(w y) / sum(w), over puzzles that are
// independent draws (each corpus item has its own seed).
//
// Confidence intervals: delta method (linearization, the "sandwich" variance of a ratio
// estimator): Var(R) ~ n / (n - 1) * sum(w_i^2 (y_i - R)^2) / (sum w_i)^2, and a normal 95%
// interval R +- 1.96 se. For a standard deviation s the same is applied to s^2 with
// y = (x - mean)^2 (the mean's own error is of higher order), and se(s) = se(s^2) / (2 s). The
// weights span orders of magnitude (C(81, 30) / C(81, 22) is about 1e4), so the sample is worth
// fewer puzzles than it holds: Kish's effective size (sum w)^2 / sum w^2 says how many. Shares of
// rare values (a few puzzles) get intervals the normal approximation serves poorly.
//
// Within one clue count all weights are equal, so a statistic per clue count is a plain mean.
//
// Value types; not thread-safe; memory independent of the number of puzzles (sums per clue
// count), so a corpus is streamed through Add, never loaded.
#ifndef SUDOKU_STATS_UNBIASED_H_
#define SUDOKU_STATS_UNBIASED_H_

#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sudoku::stats {

inline constexpr int kMaxClues = 81;

// C(81, clues) as a double (relative error below 1e-15). REQUIRES: 0 <= clues <= 81.
double ControlledBiasWeight(int clues);

// A point estimate with its standard error and 95% confidence interval.
struct Estimate {
  double value = 0;
  double std_error = 0;
  double low = 0;   // value - 1.96 std_error (shares: not below 0)
  double high = 0;  // value + 1.96 std_error (shares: not above 1)
};

// One numeric statistic of the puzzles (clues, rating, freedom, ...), by clue count.
class WeightedMoments {
 public:
  // Adds one puzzle with `clues` clues and value `value`. REQUIRES: 0 <= clues <= 81.
  void Add(int clues, double value);

  int64_t count() const { return count_; }
  // How many puzzles have `clues` clues.
  int64_t CountWith(int clues) const { return groups_[static_cast<size_t>(clues)].n; }
  // Kish's effective sample size, (sum w)^2 / sum w^2 (0 when empty).
  double EffectiveSize() const;

  double RawMean() const;    // unweighted: what the digger made
  double RawStdDev() const;  // unweighted, population form
  Estimate Mean() const;     // weighted: over all minimal puzzles. REQUIRES: count() >= 2
  Estimate StdDev() const;   // weighted, population form. REQUIRES: count() >= 2
  // Mean among the puzzles with `clues` clues (unweighted, since their weights are equal), with
  // the standard error sd / sqrt(n). REQUIRES: CountWith(clues) >= 1.
  Estimate MeanWith(int clues) const;

 private:
  struct Group {
    int64_t n = 0;
    // Power sums of value - shift_ (the first value added), which keeps the sums of powers
    // well conditioned.
    double s1 = 0, s2 = 0, s3 = 0, s4 = 0;
  };
  // sum over puzzles of w^2 (y - r)^2 for y = value - shift_.
  double SquaredDeviations(double r) const;
  double SumWeights() const;

  std::array<Group, kMaxClues + 1> groups_{};
  int64_t count_ = 0;
  double shift_ = 0;
};

// Estimated share of one value among all minimal puzzles, beside its raw share.
struct Share {
  std::string name;   // the category (a clue count as decimal text for the clue distribution)
  int64_t count = 0;  // puzzles of the sample in it
  double raw = 0;     // count / sample size
  Estimate estimate;  // weighted share
};

// A categorical statistic (level, hardest technique, clue count, ...): shares of each value.
class WeightedShares {
 public:
  // Adds one puzzle with `clues` clues in `category`. REQUIRES: 0 <= clues <= 81.
  void Add(int clues, std::string_view category);

  int64_t count() const { return count_; }
  // Every category seen, in the order given by `order` first (those not seen left out), then
  // the others by name. REQUIRES: count() >= 2.
  std::vector<Share> Shares(const std::vector<std::string>& order = {}) const;
  // The share of one category (0 with no puzzle in it). REQUIRES: count() >= 2.
  Share ShareOf(const std::string& category) const;

 private:
  std::map<std::string, std::array<int64_t, kMaxClues + 1>, std::less<>> by_category_;
  std::array<int64_t, kMaxClues + 1> by_clues_{};
  int64_t count_ = 0;
};

// Berthier's published shares of minimal puzzles by clue count, in percent, to compare with:
// what his controlled-bias generator made (raw) and his estimate for all minimal puzzles (real).
struct ReferenceShare {
  int clues = 0;
  double controlled_bias_percent = 0;
  double real_percent = 0;
};
// Clue counts 22 to 30 (the others are below 0.004%); means: raw 25.667, real 26.577.
std::span<const ReferenceShare> BerthierShares();
inline constexpr double kBerthierRawMean = 25.667;
inline constexpr double kBerthierRealMean = 26.577;

// The estimated distribution of clue counts from the per-clue-count counts of `moments`
// (any statistic's: they all count the same puzzles): one Share per clue count present, by
// clue count. REQUIRES: moments.count() >= 2.
std::vector<Share> ClueDistribution(const WeightedMoments& moments);

}  // namespace sudoku::stats

#endif  // SUDOKU_STATS_UNBIASED_H_
