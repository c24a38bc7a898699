// SPDX-License-Identifier: Apache-2.0
// The traffic generator's sources, read from the trace drbsim writes (out.trace: one line per generated
// message, in the order the messages went in). A cycle's messages go in by source; a source's gaps keep
// the mean its rate gives, from gaps of two cycles to gaps of tens of thousands, past the span in which the
// generator keeps its sources by cycle (at most 4,096 cycles; beyond it they wait in a heap).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

#include "tests/support.h"

using namespace drb::test;

namespace {

struct Sent {
  int64_t cycle;
  int src;
};

// The messages of a drbsim run on a 4x4 torus (16 sources, 1-flit messages) at `rate` messages per node
// per cycle, in the order they went in.
std::vector<Sent> sent(const std::string& name, const std::string& injection, double rate, int64_t cycles) {
  const std::string tr = test_tmp(name + ".trace");
  std::ostringstream args;
  args << "topology.k=4 traffic.length=1 traffic.injection=" << injection << " traffic.rate=" << rate
       << " sim.warmup=0 sim.measure=" << cycles << " sim.progress=off out.trace=" << tr;
  const Exec e = drbsim(args.str());
  EXPECT_EQ(e.code, 0) << e.err;
  std::vector<Sent> out;
  std::ifstream in(tr);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ls(line);
    Sent s{};
    int dst = 0, len = 0;
    ls >> s.cycle >> s.src >> dst >> len;
    out.push_back(s);
  }
  std::remove(tr.c_str());
  return out;
}

// Bernoulli at one message every other cycle: at most one message per source and cycle, and a cycle's
// messages in ascending source order. Exponential at 2.5 messages a cycle: a source may send several in
// one cycle, one after the other, and a cycle's sources never go down.
TEST(TrafficGenerator, ACyclesMessagesGoInBySource) {
  for (const char* inj : {"bernoulli", "exponential"}) {
    const bool bern = std::string(inj) == "bernoulli";
    const auto m = sent(std::string("order-") + inj, inj, bern ? 0.5 : 2.5, 2000);
    ASSERT_GT(m.size(), 10000u) << inj;
    int repeats = 0;
    for (size_t i = 1; i < m.size(); ++i) {
      ASSERT_GE(m[i].cycle, m[i - 1].cycle) << inj << " message " << i;
      if (m[i].cycle != m[i - 1].cycle) continue;
      if (bern) {
        ASSERT_GT(m[i].src, m[i - 1].src) << inj << " message " << i << " at cycle " << m[i].cycle;
      } else {
        ASSERT_GE(m[i].src, m[i - 1].src) << inj << " message " << i << " at cycle " << m[i].cycle;
        repeats += m[i].src == m[i - 1].src;
      }
    }
    // 2.5 a cycle: a source sends two or more in a cycle about 71 % of its cycles (Poisson).
    if (!bern) {
      EXPECT_GT(repeats, 10000) << "no source sent twice in one cycle";
    }
  }
}

// A source's mean gap is 1 / rate cycles: 2, 40, 1,500 and 30,000 (the last two mostly beyond the span the
// generator keeps by cycle). Four standard deviations of the mean of n gaps: a geometric gap (Bernoulli)
// has variance (1 - p) / p^2; an exponential one m^2 (the floor to a cycle telescopes out of the mean).
TEST(TrafficGenerator, GapsKeepTheirMeanFromTwoCyclesToBeyondTheCalendar) {
  for (const char* inj : {"bernoulli", "exponential"}) {
    for (const double gap : {2.0, 40.0, 1500.0, 30000.0}) {
      const double p = 1 / gap;
      const int64_t cycles = static_cast<int64_t>(gap * 400);  // about 400 gaps per source, 6,400 in all
      const auto m = sent("gaps", inj, p, cycles);
      std::vector<int64_t> last(16, -1);
      double sum = 0;
      int64_t n = 0, ones = 0;
      for (const Sent& s : m) {
        if (last[s.src] >= 0) {
          const int64_t g = s.cycle - last[s.src];
          sum += static_cast<double>(g);
          ++n;
          ones += g == 1;
        }
        last[s.src] = s.cycle;
      }
      ASSERT_GT(n, 5000) << inj << " gap " << gap;
      const bool bern = std::string(inj) == "bernoulli";
      const double sd = (bern ? std::sqrt(1 - p) / p : gap) / std::sqrt(static_cast<double>(n));
      EXPECT_NEAR(sum / static_cast<double>(n), gap, 4 * sd) << inj << " gap " << gap << ", " << n << " gaps";
      // Bernoulli: a gap of one cycle has probability p (one coin per cycle).
      if (bern && gap == 2.0) {
        EXPECT_NEAR(static_cast<double>(ones) / static_cast<double>(n), 0.5, 0.03);
      }
    }
  }
}

}  // namespace
