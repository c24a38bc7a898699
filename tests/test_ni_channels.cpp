// SPDX-License-Identifier: Apache-2.0
// Several injection and ejection channels per node (topology.ni_channels, the power thesis' node has four):
// counts by hand, zero-load latency unchanged, a node's injection bandwidth = min(channels, trunk members) on
// neighbour traffic (one flow per link), every ejection channel used, conservation past saturation with the
// scoreboard, and the refusals.
#include <gtest/gtest.h>

#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

int ring(int a, int b, int k) {
  const int d = a > b ? a - b : b - a;
  return d < k - d ? d : k - d;
}

// 4x4 torus, 4 node channels: 4 network ports + 4 terminal ports; the network channels do not change (64),
// the terminal's channels are ports 4..7 for both injection and ejection.
TEST(NiChannels, CountsByHand) {
  TopologyParams p;
  p.k = {4, 4};
  p.ni_channels = 4;
  const auto ic = make_interconnect(p);
  const GraphReport r = report(ic->graph());
  EXPECT_EQ(r.min_ports, 8);
  EXPECT_EQ(r.max_ports, 8);
  EXPECT_EQ(r.channels, 64);
  EXPECT_EQ(r.diameter, 4);
  for (int t = 0; t < 16; ++t) {
    EXPECT_EQ(ic->channels(t), 4);
    EXPECT_EQ(ic->eject_port(t), 4);
    EXPECT_EQ(ic->graph().terminals()[t].inject.port, 4);
  }
  EXPECT_EQ(ic->port_name(0, 3), "-y");
  EXPECT_EQ(ic->port_name(0, 4), "local#0");
  EXPECT_EQ(ic->port_name(0, 7), "local#3");
}

TEST(NiChannels, ZeroLoadLatencyUnchanged) {
  zero_load({"topology.k=4", "topology.ni_channels=4", "topology.trunk=2", "routing.algorithm=dor"},
            [](int a, int b) { return ring(a % 4, b % 4, 4) + ring(a / 4, b / 4, 4); });
}

// Neighbour traffic (x+1 in every dimension: DOR takes +x then +y, one flow per link) offered at 8 flits per
// node and cycle on trunks of 8 members: a node injects at most one flit per channel and cycle, and the flow
// has more members than channels on every link (with one VC per dateline class a head takes a member whose
// VC is free, so packets spread). The accepted load is the channel count, less the cycles a member's VC
// takes to pass from one packet to the next: within 5 % of it, never above.
TEST(NiChannels, InjectionBandwidthIsTheChannels) {
  for (int c : {1, 2, 4}) {
    const Scenario s = scenario({"topology.k=4", "topology.trunk=8", "topology.ni_channels=" + std::to_string(c),
                                 "routing.algorithm=dor", "router.vcs=2", "traffic.pattern=neighbour", "traffic.rate=8",
                                 "traffic.length=16", "traffic.source_queue=16", "sim.warmup=2000", "sim.measure=8000"});
    const auto r = run_child(s);
    ASSERT_FALSE(r.contains("error")) << r.dump();
    const double acc = r["accepted_flits_per_node_cycle"].get<double>();
    std::printf("%d channels: accepted %.3f\n", c, acc);
    EXPECT_GT(acc, 0.95 * c) << c << " channels";
    EXPECT_LE(acc, c + 1e-9) << c << " channels";
  }
}

// Uniform traffic past saturation with 4 channels on trunks of 2: every accepted message delivered once,
// intact and in order (the ledger and the scoreboard), nothing left in flight; the nodes delivered more than
// one flit a cycle each (more than a single ejection channel can), and every router's first two ejection
// channels carried flits.
TEST(NiChannels, ConservationPastSaturation) {
  const auto r = overload_at({"topology.k=4", "topology.trunk=2", "topology.ni_channels=4", "routing.algorithm=adaptive",
                              "router.vcs=3"}, 3.0, 20000);
  EXPECT_GT(r["delivered"].get<double>() * 4 / (16 * 20000.0), 1.0);
  const auto used = in_child([] {
    const Scenario s = scenario({"topology.k=4", "topology.trunk=2", "topology.ni_channels=4", "routing.algorithm=adaptive",
                                 "router.vcs=3", "traffic.source_queue=16"});
    Fabric fab("fabric", s.net);
    drive_ledger(fab, 4, 5000, [](int64_t) { return 3.0; });
    nlohmann::json least = 1u << 30;
    for (int e = 0; e < 16; ++e)
      for (int c = 0; c < 2; ++c) least = std::min(least.get<uint64_t>(), fab.net().router(e).trace_sent(8 + c));
    return least;
  });
  ASSERT_TRUE(used.is_number()) << used.dump();
  EXPECT_GT(used.get<uint32_t>(), 100u) << "a second ejection channel carried (almost) nothing";
}

TEST(NiChannels, Refusals) {
  expect_refused({
      {"topology.kind=fattree topology.k=4 topology.n=2 topology.ni_channels=2", "topology.ni_channels"},
      {"topology.ni_channels=17", "topology.ni_channels"},
      {"topology.ni_channels=0", "topology.ni_channels"},
      {"topology.ni_channels=2 router.blocks.xbar=rtl", "topology.ni_channels"}
  });
}

}  // namespace
