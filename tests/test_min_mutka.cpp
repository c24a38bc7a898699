// SPDX-License-Identifier: Apache-2.0
// The Appendix-A contention model (models/analytic/min_mutka.h): its exponential expectations worked by hand
// and by numerical integration; the Monte Carlo of two sources against its light- and heavy-load limits;
// the corrected reading's required properties (symmetric, decreasing, vanishing at light load, conservative
// against the Monte Carlo at light load, close to it at heavy load); the printed reading's two defects.
#include <gtest/gtest.h>

#include <cmath>

#include "models/analytic/min_mutka.h"

using namespace drb;

namespace {

constexpr auto kPrinted = MinMutkaReading::AsPrinted;
constexpr auto kCorrected = MinMutkaReading::Corrected;

// E[T | T < k] of an exponential of mean m by the midpoint rule over [0, k).
double integrated_mean_below(double m, double k) {
  const int steps = 200000;
  double num = 0, den = 0;
  for (int i = 0; i < steps; ++i) {
    const double x = (i + 0.5) * k / steps, f = std::exp(-x / m) / m;
    num += x * f;
    den += f;
  }
  return num / den;
}

}  // namespace

// By hand: mean 10, k 10: (10 - 20/e) / (1 - 1/e) = 4.180233; P{T < 10} = 1 - 1/e; above: k + mean.
TEST(MinMutka, ExponentialExpectations) {
  EXPECT_NEAR(exp_mean_below(10, 10), 4.180233, 1e-6);
  EXPECT_NEAR(exp_below_probability(10, 10), 1 - std::exp(-1.0), 1e-12);
  EXPECT_DOUBLE_EQ(exp_mean_above(10, 25), 35);
  for (double m : {1.0, 10.0, 250.0})
    for (double k : {5.0, 25.0, 100.0}) EXPECT_NEAR(exp_mean_below(m, k), integrated_mean_below(m, k), 1e-6) << m << " " << k;
}

// The Monte Carlo alone. Light load: the other source holds the link a fraction TD/(MI + TD) of the time and
// a request that finds it busy waits half a transmission on average: TD^2 / (2 (MI + TD)). Heavy load: both
// always want the link, so they alternate and each waits the other's whole transmission.
TEST(MinMutka, MonteCarloMeetsItsLimits) {
  const Contention light = two_source_contention(1000, 25, 1000, 25, 400000, 3);
  const double want = 25.0 * 25 / (2 * 1025);
  EXPECT_NEAR(light.c1, want, 0.05 * want);
  EXPECT_NEAR(light.c2, want, 0.05 * want);
  const Contention heavy = two_source_contention(1e-6, 10, 1e-6, 30, 10000, 3);
  EXPECT_NEAR(heavy.c1, 30, 0.01);
  EXPECT_NEAR(heavy.c2, 10, 0.01);
}

// Open sources (Poisson messages queued at their source) with equal transmissions: one FIFO server for
// the superposed Poisson stream, the Pollaczek-Khinchine wait lambda TD^2 / (2 (1 - rho)); one source at
// MI 50, TD 10 (rho 0.2): 1.25; four at MI 200 (the same rho): 1.25 each.
TEST(MinMutka, OpenSourcesWaitAsAnMD1Queue) {
  const auto one = shared_link_contention({50}, {10}, SourceKind::Open, 400000, 7);
  EXPECT_NEAR(one[0], 1.25, 0.04);
  const auto four = shared_link_contention({200, 200, 200, 200}, {10, 10, 10, 10}, SourceKind::Open, 200000, 7);
  for (double w : four) EXPECT_NEAR(w, 1.25, 0.05);
}

// The corrected reading: the same for both channels when they are alike; smaller for longer intervals,
// towards zero; above the Monte Carlo at light load (the independence of the cases overstates the
// collisions) and within 6% of it at heavy load.
TEST(MinMutka, CorrectedReadingHasTheRequiredProperties) {
  double last = 1e9;
  for (double mi : {10.0, 25.0, 50.0, 100.0, 250.0, 1000.0, 1e5}) {
    const Contention c = min_mutka(mi, 25, mi, 25, kCorrected);
    EXPECT_DOUBLE_EQ(c.c1, c.c2) << mi;
    EXPECT_LT(c.c1, last) << mi;
    last = c.c1;
  }
  EXPECT_LT(last, 0.01);
  for (double mi : {10.0, 25.0}) {
    const Contention c = min_mutka(mi, 25, mi, 25, kCorrected), m = two_source_contention(mi, 25, mi, 25, 400000, 5);
    EXPECT_NEAR(c.c1, m.c1, 0.06 * m.c1) << mi;
  }
  for (double mi : {50.0, 100.0, 250.0, 1000.0}) {
    const Contention c = min_mutka(mi, 25, mi, 25, kCorrected), m = two_source_contention(mi, 25, mi, 25, 400000, 5);
    EXPECT_GT(c.c1, m.c1) << mi;
    EXPECT_GT(c.c2, m.c2) << mi;
  }
  // Unequal channels: the longer transmission delays the other more; at heavy load within 8% of the
  // Monte Carlo for each channel (11.9 and 3.67 against 12.4 and 3.53).
  const Contention u = min_mutka(50, 10, 100, 30, kCorrected);
  EXPECT_GT(u.c1, u.c2);
  const Contention h = min_mutka(10, 10, 20, 30, kCorrected), hm = two_source_contention(10, 10, 20, 30, 400000, 5);
  EXPECT_NEAR(h.c1, hm.c1, 0.08 * hm.c1);
  EXPECT_NEAR(h.c2, hm.c2, 0.08 * hm.c2);
}

// The printed reading: different delays for two identical channels, and a delay on channel 1 that does not
// vanish however rare the messages (case 4 uses E[T1 | T1 < TD2]).
TEST(MinMutka, PrintedReadingIsAsymmetricAndDoesNotVanish) {
  const Contention c = min_mutka(100, 25, 100, 25, kPrinted);
  EXPECT_GT(c.c1 - c.c2, 1.0);
  EXPECT_GT(min_mutka(1e5, 25, 1e5, 25, kPrinted).c1, 5.0);
  EXPECT_LT(min_mutka(1e5, 25, 1e5, 25, kPrinted).c2, 0.01);
}
