// SPDX-License-Identifier: Apache-2.0
// Independent checks below saturation on an 8x8 torus with DOR and uniform traffic at half the measured
// saturation load: per-link utilization against the analytic channel load of DOR (paths walked here from
// coordinates, not with the routing code), accepted against offered load, and Little's law.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

constexpr int K = 8, N = K * K;

// Channel load per flit/node/cycle of DOR (x then y, shorter ring direction, + on a tie): for every link
// (router, "+x"/"-x"/"+y"/"-y") the number of ordered pairs whose path crosses it, divided by N-1.
std::map<std::pair<int, std::string>, double> dor_channel_load() {
  std::map<std::pair<int, std::string>, double> load;
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      if (s == d) continue;
      int x = s % K, y = s / K;
      const int dx = d % K, dy = d / K;
      auto walk = [&](int& c, int target, const char* plus, const char* minus, bool is_x) {
        const int fwd = ((target - c) % K + K) % K;
        const bool pos = fwd <= K - fwd;  // tie (fwd == K/2) goes +
        const int hops = pos ? fwd : K - fwd;
        for (int h = 0; h < hops; ++h) {
          load[{x + K * y, pos ? plus : minus}] += 1.0 / (N - 1);
          c = ((c + (pos ? 1 : -1)) % K + K) % K;
        }
        (void)is_x;
      };
      walk(x, dx, "+x", "-x", true);
      walk(y, dy, "+y", "-y", false);
    }
  return load;
}

TEST(Load, HalfSaturationMatchesChannelLoadAcceptedAndLittle) {
  const std::vector<std::string> kv{"topology.k=8", "routing.algorithm=dor", "traffic.pattern=uniform",
                                    "traffic.length=1", "router.vcs=4", "router.buffer=8"};
  const Saturation sat = find_saturation(kv, zero_load_uniform_torus(K, 1));
  const double rate = sat.load / 2;
  std::vector<std::string> k2 = kv;
  k2.insert(k2.end(), {"traffic.rate=" + std::to_string(rate), "sim.warmup=10000", "sim.measure=200000"});
  const auto r = run_child(scenario(k2));
  ASSERT_FALSE(r.contains("error")) << r.dump();
  std::printf("saturation %.3f, measuring at %.3f flits/node/cycle\n", sat.load, rate);

  // Per-link utilization: offered load times the analytic channel load, within 3% on every link.
  const auto ch = dor_channel_load();
  const double offered = r["offered_flits_per_node_cycle"].get<double>();
  double worst = 0;
  int links = 0;
  for (const auto& l : r["links"]) {
    const auto key = std::make_pair(l["router"].get<int>(), l["port"].get<std::string>());
    ASSERT_TRUE(ch.count(key)) << "link " << key.first << key.second << " carries traffic DOR never routes";
    const double expect = offered * ch.at(key);
    const double err = std::fabs(l["utilization"].get<double>() - expect) / expect;
    worst = std::max(worst, err);
    EXPECT_LT(err, 0.03) << "router " << key.first << " " << key.second << ": utilization "
                         << l["utilization"].get<double>() << " vs analytic " << expect;
    ++links;
  }
  EXPECT_EQ(links, N * 4);
  std::printf("per-link utilization vs analytic channel load: worst relative error %.2f%% over %d links\n",
              100 * worst, links);

  const double accepted = r["accepted_flits_per_node_cycle"].get<double>();
  EXPECT_NEAR(accepted, offered, 0.01 * offered) << "accepted " << accepted << " offered " << offered;

  const auto& little = r["littles_law"];
  const double L = little["mean_packets_in_network"].get<double>();
  const double lw = little["packet_rate"].get<double>() * little["mean_network_latency"].get<double>();
  EXPECT_NEAR(L, lw, 0.03 * lw) << "Little: L " << L << " vs lambda*W " << lw;
  std::printf("accepted %.4f vs offered %.4f; Little: L %.3f vs lambda*W %.3f\n", accepted, offered, L, lw);
}

}  // namespace
