// SPDX-License-Identifier: Apache-2.0
// Self-similar injection (tb/traffic/onoff.h): the aggregate of ON/OFF sources with Pareto periods has a
// Hurst parameter above 0.7 (aggregated-variance method), while Bernoulli sources, the negative control,
// stay near 0.5; the construction's long-run rate is the nominal one; drbsim runs it end to end.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "tb/traffic/onoff.h"
#include "tests/support.h"

using namespace drb;

namespace {

// Aggregated variance: the variance of the series averaged over blocks of m falls as m^(2H - 2); H from the
// least-squares slope of log variance against log m, over m = 2^4 .. n / 2^6 (at least 64 blocks).
double hurst(const std::vector<double>& x) {
  std::vector<double> lx, ly;
  for (size_t m = 16; m <= x.size() / 64; m *= 2) {
    const size_t blocks = x.size() / m;
    std::vector<double> mean(blocks, 0);
    for (size_t b = 0; b < blocks; ++b) {
      for (size_t i = 0; i < m; ++i) mean[b] += x[b * m + i];
      mean[b] /= static_cast<double>(m);
    }
    double mu = 0, var = 0;
    for (double v : mean) mu += v;
    mu /= static_cast<double>(blocks);
    for (double v : mean) var += (v - mu) * (v - mu);
    lx.push_back(std::log(static_cast<double>(m)));
    ly.push_back(std::log(var / static_cast<double>(blocks - 1)));
  }
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  const double n = static_cast<double>(lx.size());
  for (size_t i = 0; i < lx.size(); ++i) sx += lx[i], sy += ly[i], sxx += lx[i] * lx[i], sxy += lx[i] * ly[i];
  const double slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  return 1 + slope / 2;
}

constexpr int kSources = 64, kLen = 16;
constexpr size_t kCycles = size_t{1} << 21;

// Messages per cycle of kSources ON/OFF sources at `load` flits per node per cycle.
std::vector<double> onoff_series(const OnOffParams& p, double load, uint64_t seed) {
  std::vector<double> x(kCycles, 0);
  for (int s = 0; s < kSources; ++s) {
    Rng rng = Rng::stream(seed, s);
    OnOffProcess o;
    o.init(p, load / kLen, kLen);
    for (double t = o.first(0, rng); t < kCycles; t = o.next(t, rng)) x[static_cast<size_t>(t)] += 1;
  }
  return x;
}

TEST(SelfSimilar, AggregateHurstAboveSevenTenths) {
  for (uint64_t seed : {1, 2, 3}) {
    const std::vector<double> x = onoff_series(OnOffParams{}, 0.2, seed);
    const double h = hurst(x);
    double msgs = 0;
    for (double v : x) msgs += v;
    std::printf("seed %llu: H = %.3f, load over the window %.3f (nominal 0.2)\n", static_cast<unsigned long long>(seed), h,
                msgs * kLen / (kSources * static_cast<double>(kCycles)));
    EXPECT_GT(h, 0.7) << "seed " << seed;
  }
}

// Negative control: independent Bernoulli sources are short-range dependent, H = 0.5.
TEST(SelfSimilar, BernoulliControlIsNotSelfSimilar) {
  std::vector<double> x(kCycles, 0);
  Rng rng(7);
  const double p = 0.2 / kLen;
  for (size_t t = 0; t < kCycles; ++t)
    for (int s = 0; s < kSources; ++s) x[t] += rng.uniform() < p;
  const double h = hurst(x);
  std::printf("Bernoulli: H = %.3f\n", h);
  EXPECT_LT(h, 0.6);
  EXPECT_GT(h, 0.4);
}

// The OFF mean follows the formula, and with light tails (shapes 8: the sample mean converges fast) the
// long-run rate is the nominal one: messages overshooting an ON period carry into the next.
TEST(SelfSimilar, LongRunRateIsTheNominalRate) {
  OnOffProcess o;
  OnOffParams p;
  o.init(p, 0.2 / kLen, kLen);
  EXPECT_DOUBLE_EQ(o.spacing(), kLen / p.peak);
  EXPECT_DOUBLE_EQ(o.off_mean(), 64 * (1 / 0.2 - 1));
  p.on_shape = p.off_shape = 8;
  p.on_mean = 10;  // shorter than a message's spacing: most messages carry over
  const std::vector<double> x = onoff_series(p, 0.2, 11);
  double msgs = 0;
  for (double v : x) msgs += v;
  EXPECT_NEAR(msgs * kLen / (kSources * static_cast<double>(kCycles)), 0.2, 0.2 * 0.01);
}

// drbsim: onoff injection runs and delivers; a mean load at or above the peak is refused naming the key.
TEST(SelfSimilar, DrbsimRunsAndRefusesALoadAbovePeak) {
  const test::Exec e = test::drbsim("traffic.injection=onoff traffic.rate=0.1 traffic.length=16 sim.warmup=2000 "
                                    "sim.measure=20000 sim.progress=off");
  EXPECT_EQ(e.code, 0) << e.err;
  const test::Exec bad = test::drbsim("traffic.injection=onoff traffic.rate=0.5 traffic.onoff.peak=0.5");
  EXPECT_EQ(bad.code, 2);
  EXPECT_EQ(bad.err.rfind("drbsim: error: traffic.rate:", 0), 0u) << bad.err;
}

}  // namespace
