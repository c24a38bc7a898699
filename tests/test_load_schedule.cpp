// SPDX-License-Identifier: Apache-2.0
// Variable load (traffic.schedule): the factor is piecewise linear through its points and constant outside
// them; a run's messages per time bin follow the rate times the factor's mean over the bin; malformed
// schedules are refused naming the key.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

TEST(LoadSchedule, FactorIsPiecewiseLinear) {
  TrafficParams tp;
  EXPECT_EQ(tp.schedule_factor(123), 1.0);  // no schedule: constant
  tp.schedule = {{1000, 0.1}, {3000, 0.5}, {4000, 0.5}, {6000, 0.0}};
  EXPECT_DOUBLE_EQ(tp.schedule_factor(0), 0.1);     // before the first point: its value
  EXPECT_DOUBLE_EQ(tp.schedule_factor(1000), 0.1);
  EXPECT_DOUBLE_EQ(tp.schedule_factor(2000), 0.3);  // halfway up
  EXPECT_DOUBLE_EQ(tp.schedule_factor(3500), 0.5);
  EXPECT_DOUBLE_EQ(tp.schedule_factor(5500), 0.125);
  EXPECT_DOUBLE_EQ(tp.schedule_factor(9000), 0.0);  // after the last: its value
  EXPECT_DOUBLE_EQ(tp.schedule_max(), 0.5);
}

// 64 nodes at 0.3 flits/node/cycle of 10-flit messages: 1.92 messages a cycle at factor 1. The schedule
// ramps 0.1 -> 1 over 20,000 cycles, holds 20,000, ramps back over 20,000: per 5000-cycle bin the expected
// count is 1.92 x 5000 x the factor's mean over the bin (delivery shifts a bin by well under 1%).
TEST(LoadSchedule, MessagesPerBinFollowTheSchedule) {
  char path[] = "/tmp/drb-schedule-XXXXXX";
  close(mkstemp(path));
  const Exec e = drbsim(std::string("traffic.schedule=0:0.1,20000:1,40000:1,60000:0.1 traffic.rate=0.3 traffic.length=10 "
                                    "sim.warmup=0 sim.measure=80000 stats.time_bin=5000 sim.progress=off out.json=") + path);
  ASSERT_EQ(e.code, 0) << e.err;
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  std::remove(path);
  TrafficParams tp;
  tp.schedule = {{0, 0.1}, {20000, 1}, {40000, 1}, {60000, 0.1}};
  const auto& ts = j["runs"][0]["result"]["time_series"];
  ASSERT_EQ(ts.size(), 16u);
  for (const auto& b : ts) {
    const int64_t t0 = b["start"].get<int64_t>();
    double f = 0;
    for (int64_t t = t0; t < t0 + 5000; ++t) f += tp.schedule_factor(t) / 5000;
    const double want = 64 * 0.3 / 10 * 5000 * f;
    // Four standard deviations of a Poisson count, plus 1% for the delivery shift at the ramps.
    EXPECT_NEAR(b["count"].get<double>(), want, 4 * std::sqrt(want) + 0.01 * want) << "bin at " << t0;
  }
}

// The channels pattern: each channel's own rate times the factor. Two channels at 40 and 80 cycles per
// message; the schedule is 2 for 20,000 cycles, then 0.25: per 10,000-cycle bin (1/40 + 1/80) x 10,000 x f.
TEST(LoadSchedule, ChannelsFollowTheSchedule) {
  char path[] = "/tmp/drb-schedule-XXXXXX";
  close(mkstemp(path));
  const Exec e = drbsim(std::string("traffic.pattern=channels traffic.channels=0>9@40,20>3@80 traffic.injection=exponential "
                                    "traffic.schedule=0:2,19999:2,20000:0.25 traffic.length=4 sim.warmup=0 sim.measure=40000 "
                                    "stats.time_bin=10000 sim.progress=off out.json=") + path);
  ASSERT_EQ(e.code, 0) << e.err;
  std::ifstream in(path);
  const auto j = nlohmann::json::parse(in);
  std::remove(path);
  const auto& ts = j["runs"][0]["result"]["time_series"];
  ASSERT_EQ(ts.size(), 4u);
  const double f[4] = {2, 2, 0.25, 0.25};
  for (int b = 0; b < 4; ++b) {
    const double want = (1.0 / 40 + 1.0 / 80) * 10000 * f[b];
    EXPECT_NEAR(ts[b]["count"].get<double>(), want, 4 * std::sqrt(want) + 2) << "bin " << b;
  }
}

TEST(LoadSchedule, MalformedSchedulesAreRefused) {
  for (const char* bad : {"traffic.schedule=100:1,50:0.5", "traffic.schedule=0:0,10:0", "traffic.schedule=0:1,10",
                          "traffic.schedule=0:1,10:20 traffic.rate=1 traffic.length=1",
                          "traffic.schedule=0:2 traffic.pattern=channels traffic.channels=0>1@1 traffic.injection=bernoulli"}) {
    const Exec e = drbsim(bad);
    EXPECT_EQ(e.code, 2) << bad;
    EXPECT_EQ(e.err.rfind("drbsim: error: traffic.schedule:", 0), 0u) << bad << ": " << e.err;
  }
}

}  // namespace
