// SPDX-License-Identifier: Apache-2.0
// The memory estimate that refuses oversized runs (sim.mem_limit) against what the kernel measures: the
// peak resident set of drbsim running the same configuration. The estimate must never be below the
// measurement (or a run it admits could be killed), and where the fabric itself dominates it must stay
// within a factor of two (or it would refuse runs that fit).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>

#include "tb/drbsim/guards.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

// Peak RSS in bytes of `drbsim args` (one run, no fork: the process is the run).
double measured_peak(const std::vector<std::string>& args) {
  const int null = open("/dev/null", O_WRONLY);
  const pid_t pid = start_drbsim(args, null, null);
  close(null);
  int st = 0;
  struct rusage ru {};
  wait4(pid, &st, 0, &ru);
  EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0) << "drbsim failed";
  return ru.ru_maxrss * 1024.0;
}

struct Case {
  friend void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
  const char* name;
  std::vector<std::string> args;
  bool fabric_dominated;  // static state dominates: the factor-two bound applies
};

class MemoryEstimate : public ::testing::TestWithParam<Case> {};

TEST_P(MemoryEstimate, BoundsTheMeasuredPeak) {
#ifdef DRB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate the measured peak";
#endif
  const Case& c = GetParam();
  const double est = estimate_memory(scenario(c.args)).total();
  for (auto& p : estimate_memory(scenario(c.args)).parts) std::printf("   %-50s %8.1f MiB\n", p.what.c_str(), p.bytes / 1048576);
  const double peak = measured_peak(c.args);
  std::printf("%s: estimate %.1f MiB, measured peak %.1f MiB\n", c.name, est / 1048576, peak / 1048576);
  EXPECT_GE(est, peak);
  if (c.fabric_dominated) {
    EXPECT_LE(est, 2 * peak);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Configurations, MemoryEstimate,
    ::testing::Values(
        Case{"torus64_8vc_32flits",
             {"topology.k=64", "router.vcs=8", "router.buffer=32", "traffic.rate=0.001", "sim.warmup=0",
              "sim.measure=200", "stats.links=false"},
             true},
        Case{"hypercube12_16vc",
             {"topology.kind=hypercube", "topology.n=12", "router.vcs=16", "traffic.rate=0.001", "sim.warmup=0",
              "sim.measure=200", "stats.links=false"},
             true},
        Case{"torus32_saturated",
             {"topology.k=32", "router.vcs=4", "traffic.rate=0.9", "traffic.length=4", "traffic.source_queue=8",
              "sim.warmup=2000", "sim.measure=3000"},
             false},
        Case{"drb_uniform_per_pair",
             {"topology.k=16", "routing.algorithm=drb", "router.vcs=6", "traffic.rate=0.3", "stats.per_pair=true",
              "stats.time_bin=50", "sim.warmup=2000", "sim.measure=8000"},
             false},
        Case{"overload_unbounded_queue",
             {"topology.k=16", "traffic.rate=2", "traffic.length=2", "sim.warmup=0", "sim.measure=8000",
              "traffic.injection=exponential", "stats.links=false"},
             false}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// A trace's messages count: 300,000 at cycle 0 all queue at once (unbounded source queue), so the estimate must
// bound what the run takes (it used the unused rate defaults, a few messages, before).
TEST(MemoryEstimateTrace, BoundsTheMeasuredPeakOfATraceAtCycleZero) {
#ifdef DRB_SANITIZED
  GTEST_SKIP() << "AddressSanitizer's shadow memory and quarantine inflate the measured peak";
#endif
  const std::string tr = test_tmp("estimate.trace");
  {
    std::ofstream out(tr);
    for (int i = 0; i < 300000; ++i) {
      const int src = i % 16, dst = (src + 1 + i % 15) % 16;
      out << "0 " << src << ' ' << dst << " 1\n";
    }
  }
  const std::vector<std::string> args{"topology.k=4", "traffic.pattern=trace", "sim.warmup=0", "stats.links=false",
                                      "sim.progress=off", "traffic.trace=" + tr};
  const double est = estimate_memory(scenario(args)).total();
  const double peak = measured_peak(args);
  std::printf("trace of 300k messages at cycle 0: estimate %.1f MiB, measured peak %.1f MiB\n", est / 1048576,
              peak / 1048576);
  EXPECT_GE(est, peak);
}

}  // namespace
