// The estimators of sudoku/stats/unbiased.h against direct computations: weights are the
// binomial coefficients; means, standard deviations and shares and their delta-method standard
// errors equal the formulas evaluated puzzle by puzzle; Berthier's controlled-bias column,
// weighted, gives his real column.
#include "sudoku/stats/unbiased.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sudoku/core/rng.h"

namespace sudoku::stats {
namespace {

struct Obs {
  int clues;
  double value;
};

std::vector<Obs> SomeSample(int n, uint64_t seed) {
  Rng rng(seed);
  std::vector<Obs> sample;
  for (int i = 0; i < n; ++i) {
    const int clues = 22 + static_cast<int>(rng.Below(9));
    sample.push_back({clues, 150.0 + clues * 2 + static_cast<double>(rng.Below(40))});
  }
  return sample;
}

// The ratio estimator and its delta-method variance, evaluated observation by observation.
std::pair<double, double> DirectRatio(const std::vector<Obs>& sample,
                                      double (*y)(const Obs&, double), double center) {
  double sw = 0, swy = 0;
  for (const Obs& o : sample) {
    sw += ControlledBiasWeight(o.clues);
    swy += ControlledBiasWeight(o.clues) * y(o, center);
  }
  const double r = swy / sw;
  double dev = 0;
  for (const Obs& o : sample) {
    const double w = ControlledBiasWeight(o.clues);
    dev += w * w * (y(o, center) - r) * (y(o, center) - r);
  }
  const double n = static_cast<double>(sample.size());
  return {r, n / (n - 1) * dev / (sw * sw)};
}

TEST(Unbiased, WeightsAreBinomials) {
  EXPECT_EQ(ControlledBiasWeight(0), 1);
  EXPECT_EQ(ControlledBiasWeight(1), 81);
  EXPECT_EQ(ControlledBiasWeight(2), 3240);
  EXPECT_EQ(ControlledBiasWeight(81), 1);
  EXPECT_EQ(ControlledBiasWeight(26), ControlledBiasWeight(55));
  // C(81, 27) / C(81, 26) = 55 / 27.
  EXPECT_NEAR(ControlledBiasWeight(27) / ControlledBiasWeight(26), 55.0 / 27.0, 1e-14);
  EXPECT_NEAR(ControlledBiasWeight(40), 212392290424395860814420.0, 1e9);
}

TEST(Unbiased, MeanAndStdDevMatchDirectComputation) {
  const std::vector<Obs> sample = SomeSample(500, 1);
  WeightedMoments m;
  double raw = 0;
  for (const Obs& o : sample) {
    m.Add(o.clues, o.value);
    raw += o.value;
  }
  EXPECT_NEAR(m.RawMean(), raw / 500, 1e-9);
  const auto [mean, mean_var] = DirectRatio(
      sample, [](const Obs& o, double) { return o.value; }, 0);
  const Estimate e = m.Mean();
  EXPECT_NEAR(e.value, mean, 1e-9);
  EXPECT_NEAR(e.std_error, std::sqrt(mean_var), 1e-9);
  EXPECT_NEAR(e.high - e.value, 1.959963984540054 * e.std_error, 1e-12);
  // Variance: the ratio of w (x - mean)^2, centred at the weighted mean.
  const auto [var, var_var] = DirectRatio(
      sample, [](const Obs& o, double c) { return (o.value - c) * (o.value - c); }, mean);
  const Estimate sd = m.StdDev();
  EXPECT_NEAR(sd.value, std::sqrt(var), 1e-9);
  EXPECT_NEAR(sd.std_error, std::sqrt(var_var) / (2 * std::sqrt(var)), 1e-7);
}

TEST(Unbiased, MeanWithOneClueCountIsPlain) {
  WeightedMoments m;
  m.Add(25, 4);
  m.Add(25, 6);
  m.Add(25, 8);
  m.Add(27, 100);
  const Estimate e = m.MeanWith(25);
  EXPECT_DOUBLE_EQ(e.value, 6);
  EXPECT_NEAR(e.std_error, std::sqrt(4.0 / 3.0), 1e-12);  // sd 2, n 3
  EXPECT_EQ(m.CountWith(25), 3);
  EXPECT_EQ(m.CountWith(26), 0);
}

TEST(Unbiased, SharesMatchDirectComputationAndSumToOne) {
  const std::vector<Obs> sample = SomeSample(400, 2);
  WeightedShares shares;
  for (const Obs& o : sample) shares.Add(o.clues, o.value > 215 ? "high" : "low");
  const auto [p, var] = DirectRatio(
      sample, [](const Obs& o, double) { return o.value > 215 ? 1.0 : 0.0; }, 0);
  const Share high = shares.ShareOf("high");
  EXPECT_NEAR(high.estimate.value, p, 1e-12);
  EXPECT_NEAR(high.estimate.std_error, std::sqrt(var), 1e-12);
  double total = 0;
  for (const Share& s : shares.Shares({"low", "high"})) total += s.estimate.value;
  EXPECT_NEAR(total, 1, 1e-12);
  EXPECT_EQ(shares.Shares({"low", "high"})[0].name, "low");
  EXPECT_EQ(shares.ShareOf("none").count, 0);
}

TEST(Unbiased, ClueDistributionMatchesDirectComputation) {
  const std::vector<Obs> sample = SomeSample(300, 3);
  WeightedMoments m;
  for (const Obs& o : sample) m.Add(o.clues, o.clues);
  for (const Share& s : ClueDistribution(m)) {
    const int clues = std::stoi(s.name);
    const auto [p, var] = DirectRatio(
        sample, [](const Obs& o, double c) { return o.clues == c ? 1.0 : 0.0; }, clues);
    EXPECT_NEAR(s.estimate.value, p, 1e-12) << clues;
    EXPECT_NEAR(s.estimate.std_error, std::sqrt(var), 1e-12) << clues;
    EXPECT_EQ(s.count, m.CountWith(clues));
  }
  double sw = 0, sw2 = 0;
  for (const Obs& o : sample) {
    sw += ControlledBiasWeight(o.clues);
    sw2 += ControlledBiasWeight(o.clues) * ControlledBiasWeight(o.clues);
  }
  EXPECT_NEAR(m.EffectiveSize(), sw * sw / sw2, 1e-9);
}

// Berthier's two columns are one distribution before and after the weights: a sample in his
// controlled-bias proportions, weighted, lands on his real proportions (to his rounding).
TEST(Unbiased, BerthiersControlledBiasColumnWeighsToHisRealColumn) {
  WeightedMoments m;
  for (const ReferenceShare& r : BerthierShares()) {
    const int n = static_cast<int>(std::lround(r.controlled_bias_percent * 10000));
    for (int i = 0; i < n; ++i) m.Add(r.clues, r.clues);
  }
  EXPECT_NEAR(m.RawMean(), kBerthierRawMean, 0.002);
  EXPECT_NEAR(m.Mean().value, kBerthierRealMean, 0.01);
  for (const Share& s : ClueDistribution(m)) {
    for (const ReferenceShare& r : BerthierShares()) {
      if (std::to_string(r.clues) == s.name) {
        EXPECT_NEAR(100 * s.estimate.value, r.real_percent, 0.03 + 0.01 * r.real_percent) << s.name;
      }
    }
  }
}

}  // namespace
}  // namespace sudoku::stats
