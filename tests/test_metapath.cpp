// SPDX-License-Identifier: Apache-2.0
// The DRB source algorithms on one channel, with hand-computed expectations: MSP selection (the thesis'
// worked example and draw frequencies), metapath configuration (a latency rise opens, a fall closes back
// to the static path), early reports change configuration only, and the derived default thresholds.
#include <gtest/gtest.h>

#include <cmath>

#include "models/drb/metapath.h"
#include "models/util/rng.h"

using namespace drb;

namespace {

std::vector<Msp> msps(std::vector<int64_t> t_tx) {
  std::vector<Msp> v;
  for (size_t i = 0; i < t_tx.size(); ++i) {
    Msp m;
    m.n = i == 0 ? 0 : 1;
    m.node[0] = static_cast<uint32_t>(100 + i);  // a distinct intermediate per alternative
    m.t_tx = t_tx[i];
    v.push_back(m);
  }
  return v;
}

// Five MSPs with bandwidths 5, 8, 3, 4, 9: BW_SCALE = 360 and latencies 72, 45, 120, 90, 40.
Metapath worked_example() {
  MetapathParams p;
  p.s_max = 5;
  p.bw_scale = 360;
  p.lat_umbral = 100;  // grow above 199, shrink below 1: only the first report resizes
  p.tol_lat = 99;
  p.tol_bw = 1e-6;     // tiny step: Eq. 4-12 opens everything that is left
  Metapath mp(msps({72, 45, 120, 90, 40}), p);
  EXPECT_EQ(mp.on_latency(0, 10000, true, 1), 4);  // 10072 > 199: grow by 4
  EXPECT_EQ(mp.size(), 5);
  EXPECT_EQ(mp.on_latency(0, 0, true, 2), 0);  // back to 72: the band holds
  return mp;
}

TEST(MspSelection, WorkedExampleDrawElevenSelectsMspTwo) {
  const Metapath mp = worked_example();
  ASSERT_EQ(mp.total(), 29u);  // 5 + 8 + 3 + 4 + 9
  // Cumulative 5, 13, 16, 20, 29: a draw R selects the smallest k with R < C_k.
  EXPECT_EQ(mp.select(11), 1);  // MSP2 (0-based index 1): 5 <= 11 < 13
  EXPECT_EQ(mp.select(0), 0);
  EXPECT_EQ(mp.select(4), 0);
  EXPECT_EQ(mp.select(5), 1);
  EXPECT_EQ(mp.select(12), 1);
  EXPECT_EQ(mp.select(13), 2);
  EXPECT_EQ(mp.select(16), 3);
  EXPECT_EQ(mp.select(19), 3);
  EXPECT_EQ(mp.select(20), 4);
  EXPECT_EQ(mp.select(28), 4);
}

TEST(MspSelection, FrequenciesFollowBandwidthRatios) {
  const Metapath mp = worked_example();
  const double share[5] = {5, 8, 3, 4, 9};
  const int n = 100000;
  int count[5] = {0, 0, 0, 0, 0};
  Rng rng(12345);
  for (int i = 0; i < n; ++i) ++count[mp.select(rng.below(mp.total()))];
  for (int k = 0; k < 5; ++k) {
    const double p = share[k] / 29.0;
    const double sigma = std::sqrt(n * p * (1 - p));
    EXPECT_NEAR(count[k], n * p, 5 * sigma) << "MSP" << k + 1;  // 5 standard deviations
  }
}

// Three equal MSPs of 40 cycles; band LatUmbral 60 +- 30: grow above 90, shrink below 30.
MetapathParams band() {
  MetapathParams p;
  p.s_max = 3;
  p.lat_umbral = 60;
  p.tol_lat = 30;
  p.tol_bw = 1.0;
  p.k_bw = 2.0;
  p.bw_scale = 1 << 20;
  return p;
}

TEST(MetapathConfiguration, RiseOpensFallClosesBackToStatic) {
  Metapath mp(msps({40, 40, 40}), band());
  EXPECT_EQ(mp.size(), 1);
  EXPECT_EQ(mp.on_latency(0, 20, true, 10), 0);  // 60 cycles: inside the band
  // Rise: 140 cycles. AB = ABc * 40/140 = 0.286 ABc, step = ABc * Tol_bw / k = 0.5 ABc.
  // Eq. 4-12: d = 1 gives 0.786 ABc (not above ABc), d = 2 reaches s_max: open two.
  EXPECT_EQ(mp.on_latency(0, 100, true, 20), 2);
  EXPECT_EQ(mp.size(), 3);
  // The new MSPs start at their zero-load time (40): Latency(P*) = 1 / (1/140 + 2/40) = 17.5 < 30 would
  // shrink on the next report; a report of 40 on the canonical path gives 40/3 = 13.3 < 30: shrink.
  // AB = 3 ABc; Eq. 4-13: d = 1 leaves 2.5 ABc (not below 1.5 ABc), d = 2 reaches the static path, and
  // 3 - 1.5 = 1.5 ABc > ABc keeps d = 2: back to the canonical path alone.
  EXPECT_EQ(mp.on_latency(0, 0, true, 30), -2);
  EXPECT_EQ(mp.size(), 1);
  const auto& h = mp.history();
  ASSERT_EQ(h.size(), 3u);
  EXPECT_EQ(h[1], std::make_pair(int64_t{20}, 3));
  EXPECT_EQ(h[2], std::make_pair(int64_t{30}, 1));
}

TEST(MetapathConfiguration, MetapathLatencyIsParallelResistance) {
  MetapathParams p = band();
  p.bw_scale = 1 << 24;
  Metapath mp(msps({40, 50, 60}), p);
  mp.on_latency(0, 200, true, 1);  // 240: opens both alternatives
  ASSERT_EQ(mp.size(), 3);
  // 1 / (1/240 + 1/50 + 1/60) = 24.0 (fixed point: within one cycle)
  EXPECT_NEAR(static_cast<double>(mp.latency()), 1.0 / (1.0 / 240 + 1.0 / 50 + 1.0 / 60), 1.0);
  EXPECT_LE(mp.latency(), 50);  // never above the best MSP
}

TEST(MetapathConfiguration, EarlyReportsConfigureButDoNotSelect) {
  MetapathParams p = band();
  p.lat_umbral = 100;
  p.tol_lat = 99;  // no resize from the reports below
  p.tol_bw = 1e-6;
  Metapath mp(msps({40, 40, 40}), p);
  mp.on_latency(0, 10000, true, 1);
  ASSERT_EQ(mp.size(), 3);
  mp.on_latency(0, 0, true, 2);
  const uint64_t before = mp.total();
  const int64_t sel = mp.lat_sel(1);
  mp.on_latency(1, 360, false, 3);  // an early report: 400 cycles
  EXPECT_EQ(mp.lat_cfg(1), 400);
  EXPECT_EQ(mp.lat_sel(1), sel);
  EXPECT_EQ(mp.total(), before);
  mp.on_latency(1, 360, true, 4);  // the final report moves selection too
  EXPECT_EQ(mp.lat_sel(1), 400);
  EXPECT_LT(mp.total(), before);
}

TEST(MetapathConfiguration, DefaultThresholdsDeriveFromTheCanonicalLatency) {
  MetapathParams p;  // LatUmbral = 1.5 T0, Tol = 0.85 LatUmbral
  Metapath mp(msps({40, 44, 48}), p);
  EXPECT_EQ(mp.lat_umbral(), 60);
  EXPECT_EQ(mp.tol_lat(), 51);
  EXPECT_EQ(mp.on_latency(0, 70, true, 1), 0);  // 110 <= 111: stays static
  EXPECT_GT(mp.on_latency(0, 72, true, 2), 0);  // 112 > 111: opens
}

TEST(MetapathConfiguration, AckFindsItsMsp) {
  Metapath mp(msps({40, 40, 40}), band());
  Header a;
  EXPECT_EQ(mp.find(a), 0);  // no intermediate: the canonical path
  a.d1_valid = true;
  a.d1 = 102;
  EXPECT_EQ(mp.find(a), 2);
  a.d1 = 7;
  EXPECT_EQ(mp.find(a), -1);
}

}  // namespace
