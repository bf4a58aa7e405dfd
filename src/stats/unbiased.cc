// Weighted estimates of a controlled-bias sample: see sudoku/stats/unbiased.h.
#include "sudoku/stats/unbiased.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace sudoku::stats {
namespace {

constexpr double kZ95 = 1.959963984540054;  // the standard normal's 97.5% quantile

// C(81, n) for every n, exact in 128 bits (C(81, 40) < 2^78), then rounded once to double.
__extension__ using Wide = unsigned __int128;  // GCC and Clang have it; ISO C++ does not

std::array<double, kMaxClues + 1> MakeWeights() {
  std::array<double, kMaxClues + 1> weights{};
  Wide c = 1;
  for (int n = 0; n <= kMaxClues; ++n) {
    weights[static_cast<size_t>(n)] = static_cast<double>(c);
    c = c * static_cast<unsigned>(kMaxClues - n) / static_cast<unsigned>(n + 1);
  }
  return weights;
}

const std::array<double, kMaxClues + 1>& Weights() {
  static const std::array<double, kMaxClues + 1> weights = MakeWeights();
  return weights;
}

double W(size_t clues) { return Weights()[clues]; }

Estimate Interval(double value, double variance) {
  const double se = std::sqrt(std::max(0.0, variance));
  return {value, se, value - kZ95 * se, value + kZ95 * se};
}

Estimate ShareInterval(double value, double variance) {
  Estimate e = Interval(value, variance);
  e.low = std::max(0.0, e.low);
  e.high = std::min(1.0, e.high);
  return e;
}

// The delta-method variance of a ratio over n independent draws, from its linearized sum of
// squares sum(w^2 (y - R)^2) and its denominator sum(w).
double RatioVariance(int64_t n, double squared_deviations, double sum_weights) {
  if (n < 2 || sum_weights <= 0) return 0;
  const double nn = static_cast<double>(n);
  return nn / (nn - 1) * squared_deviations / (sum_weights * sum_weights);
}

// Weighted share of the puzzles that `in(clues)` of the n_g puzzles with each clue count are in.
template <typename In>
Share WeightedShare(const std::array<int64_t, kMaxClues + 1>& by_clues, In in, int64_t total) {
  double sum_w = 0, sum_wy = 0;
  int64_t count = 0;
  for (size_t g = 0; g < by_clues.size(); ++g) {
    sum_w += W(g) * static_cast<double>(by_clues[g]);
    sum_wy += W(g) * static_cast<double>(in(g));
    count += in(g);
  }
  const double p = sum_w > 0 ? sum_wy / sum_w : 0;
  double dev = 0;  // sum of w^2 (y - p)^2 with y = 1 for the puzzles in, 0 for the others
  for (size_t g = 0; g < by_clues.size(); ++g) {
    const double k = static_cast<double>(in(g));
    const double rest = static_cast<double>(by_clues[g]) - k;
    dev += W(g) * W(g) * (k * (1 - p) * (1 - p) + rest * p * p);
  }
  Share share;
  share.count = count;
  share.raw = total > 0 ? static_cast<double>(count) / static_cast<double>(total) : 0;
  share.estimate = ShareInterval(p, RatioVariance(total, dev, sum_w));
  return share;
}

}  // namespace

double ControlledBiasWeight(int clues) { return W(static_cast<size_t>(clues)); }

std::span<const ReferenceShare> BerthierShares() {
  // Berthier 2009, "Unbiased Statistics of a CSP - A Controlled-Bias Generator".
  static constexpr ReferenceShare kShares[] = {
      {22, 0.112, 0.00348}, {23, 1.858, 0.148},  {24, 11.88, 2.285},
      {25, 30.62, 13.425},  {26, 33.79, 31.909}, {27, 17.00, 32.712},
      {28, 4.172, 15.480},  {29, 0.531, 3.598},  {30, 0.0352, 0.414}};
  return kShares;
}

void WeightedMoments::Add(int clues, double value) {
  if (count_ == 0) shift_ = value;
  const double y = value - shift_;
  Group& g = groups_[static_cast<size_t>(clues)];
  ++g.n;
  g.s1 += y;
  g.s2 += y * y;
  g.s3 += y * y * y;
  g.s4 += y * y * y * y;
  ++count_;
}

double WeightedMoments::SumWeights() const {
  double sum = 0;
  for (size_t c = 0; c < groups_.size(); ++c) sum += W(c) * static_cast<double>(groups_[c].n);
  return sum;
}

double WeightedMoments::SquaredDeviations(double r) const {
  double sum = 0;
  for (size_t c = 0; c < groups_.size(); ++c) {
    const Group& g = groups_[c];
    if (g.n == 0) continue;
    sum += W(c) * W(c) * (g.s2 - 2 * r * g.s1 + r * r * static_cast<double>(g.n));
  }
  return sum;
}

double WeightedMoments::EffectiveSize() const {
  double sum = 0, sum_sq = 0;
  for (size_t c = 0; c < groups_.size(); ++c) {
    sum += W(c) * static_cast<double>(groups_[c].n);
    sum_sq += W(c) * W(c) * static_cast<double>(groups_[c].n);
  }
  return sum_sq > 0 ? sum * sum / sum_sq : 0;
}

double WeightedMoments::RawMean() const {
  if (count_ == 0) return 0;
  double s1 = 0;
  for (const Group& g : groups_) s1 += g.s1;
  return shift_ + s1 / static_cast<double>(count_);
}

double WeightedMoments::RawStdDev() const {
  if (count_ == 0) return 0;
  double s1 = 0, s2 = 0;
  for (const Group& g : groups_) {
    s1 += g.s1;
    s2 += g.s2;
  }
  const double n = static_cast<double>(count_);
  return std::sqrt(std::max(0.0, s2 / n - (s1 / n) * (s1 / n)));
}

Estimate WeightedMoments::Mean() const {
  const double sum_w = SumWeights();
  double sum_wy = 0;
  for (size_t c = 0; c < groups_.size(); ++c) sum_wy += W(c) * groups_[c].s1;
  const double r = sum_w > 0 ? sum_wy / sum_w : 0;
  Estimate e = Interval(r, RatioVariance(count_, SquaredDeviations(r), sum_w));
  e.value += shift_;
  e.low += shift_;
  e.high += shift_;
  return e;
}

Estimate WeightedMoments::StdDev() const {
  const double sum_w = SumWeights();
  const double r = Mean().value - shift_;
  // Per clue count: sum of d^2 and d^4 for d = y - r.
  double sum_wd2 = 0;
  std::array<double, kMaxClues + 1> d2{}, d4{};
  for (size_t c = 0; c < groups_.size(); ++c) {
    const Group& g = groups_[c];
    if (g.n == 0) continue;
    const double n = static_cast<double>(g.n);
    d2[c] = g.s2 - 2 * r * g.s1 + r * r * n;
    d4[c] = g.s4 - 4 * r * g.s3 + 6 * r * r * g.s2 - 4 * r * r * r * g.s1 + r * r * r * r * n;
    sum_wd2 += W(c) * d2[c];
  }
  const double variance = sum_w > 0 ? std::max(0.0, sum_wd2 / sum_w) : 0;
  // The linearized sum of squares of the ratio sum(w d^2) / sum(w): sum(w^2 (d^2 - v)^2).
  double dev = 0;
  for (size_t c = 0; c < groups_.size(); ++c) {
    const double n = static_cast<double>(groups_[c].n);
    if (n == 0) continue;
    dev += W(c) * W(c) * (d4[c] - 2 * variance * d2[c] + variance * variance * n);
  }
  const double sd = std::sqrt(variance);
  const double var_of_variance = RatioVariance(count_, std::max(0.0, dev), sum_w);
  const double var_of_sd = sd > 0 ? var_of_variance / (4 * variance) : 0;
  return Interval(sd, var_of_sd);
}

Estimate WeightedMoments::MeanWith(int clues) const {
  const Group& g = groups_[static_cast<size_t>(clues)];
  const double n = static_cast<double>(g.n);
  const double mean = g.s1 / n;
  const double sample_var = g.n > 1 ? std::max(0.0, (g.s2 - g.s1 * mean) / (n - 1)) : 0;
  return Interval(shift_ + mean, sample_var / n);
}

void WeightedShares::Add(int clues, std::string_view category) {
  auto it = by_category_.find(category);
  if (it == by_category_.end()) {
    it = by_category_.emplace(std::string(category), std::array<int64_t, kMaxClues + 1>{}).first;
  }
  ++it->second[static_cast<size_t>(clues)];
  ++by_clues_[static_cast<size_t>(clues)];
  ++count_;
}

Share WeightedShares::ShareOf(const std::string& category) const {
  const auto it = by_category_.find(category);
  Share share;
  if (it == by_category_.end()) {
    share = WeightedShare(
        by_clues_, [](size_t) { return int64_t{0}; }, count_);
  } else {
    const auto& counts = it->second;
    share = WeightedShare(
        by_clues_, [&counts](size_t g) { return counts[g]; }, count_);
  }
  share.name = category;
  return share;
}

std::vector<Share> WeightedShares::Shares(const std::vector<std::string>& order) const {
  std::vector<Share> shares;
  std::set<std::string> done;
  for (const std::string& name : order) {
    if (by_category_.count(name) == 0 || !done.insert(name).second) continue;
    shares.push_back(ShareOf(name));
  }
  for (const auto& [name, counts] : by_category_) {
    if (done.count(name) == 0) shares.push_back(ShareOf(name));
  }
  return shares;
}

std::vector<Share> ClueDistribution(const WeightedMoments& moments) {
  std::array<int64_t, kMaxClues + 1> by_clues{};
  for (int c = 0; c <= kMaxClues; ++c) by_clues[static_cast<size_t>(c)] = moments.CountWith(c);
  std::vector<Share> shares;
  for (size_t c = 0; c < by_clues.size(); ++c) {
    if (by_clues[c] == 0) continue;
    Share share = WeightedShare(
        by_clues, [&by_clues, c](size_t g) { return g == c ? by_clues[g] : int64_t{0}; },
        moments.count());
    share.name = std::to_string(c);
    shares.push_back(std::move(share));
  }
  return shares;
}

}  // namespace sudoku::stats
