// SPDX-License-Identifier: Apache-2.0
// Link aggregation (topology.trunk): parallel links per neighbour pair, each with its own VCs and credits, a
// head taking the first member with a free VC. Counts by hand, zero-load latency unchanged, throughput that
// grows with the members, conservation past saturation, the CDG over member channels (with the dateline-less
// negative control), and the refusals.
#include <gtest/gtest.h>

#include "models/routing/registry.h"
#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

std::unique_ptr<Interconnect> torus(int k, int trunk) {
  TopologyParams p;
  p.kind = "torus";
  p.k = {k, k};
  p.n = 2;
  p.trunk = trunk;
  return make_interconnect(p);
}

int ring(int a, int b, int k) {
  const int d = a > b ? a - b : b - a;
  return d < k - d ? d : k - d;
}

// 4x4 torus with trunks of 2: 4 directions x 2 members + 1 terminal = 9 ports; 16 x 8 = 128 channels; the
// bisection doubles to 2 x 2 x 4 = 16; every router has 8 channels out: 7 faults; distances unchanged.
TEST(Trunk, CountsByHand) {
  const GraphReport r = report(torus(4, 2)->graph());
  EXPECT_EQ(r.min_ports, 9);
  EXPECT_EQ(r.max_ports, 9);
  EXPECT_EQ(r.channels, 128);
  EXPECT_EQ(r.bisection, 16);
  EXPECT_EQ(r.fault_tolerance, 7);
  EXPECT_EQ(r.diameter, 4);
  EXPECT_EQ(torus(4, 2)->port_name(0, 3), "-x#1");
  EXPECT_EQ(torus(4, 2)->port_name(0, 8), "local");
}

TEST(Trunk, ZeroLoadLatencyUnchanged) {
  zero_load({"topology.k=4", "topology.trunk=3", "routing.algorithm=dor"},
            [](int a, int b) { return ring(a % 4, b % 4, 4) + ring(a / 4, b / 4, 4); });
}

// Uniform traffic at one flit per node per cycle offered (past saturation): each extra member adds
// bandwidth on every link, so the accepted load grows with the trunk.
TEST(Trunk, ThroughputGrowsWithTheMembers) {
  std::vector<double> acc;
  for (int t : {1, 2, 4}) {
    const Scenario s = scenario({"topology.k=8", "topology.trunk=" + std::to_string(t), "traffic.rate=1",
                                 "traffic.length=8", "traffic.source_queue=8", "sim.warmup=3000", "sim.measure=10000"});
    const auto r = run_child(s);
    ASSERT_FALSE(r.contains("error")) << r.dump();
    acc.push_back(r["accepted_flits_per_node_cycle"].get<double>());
    std::printf("trunk %d: accepted %.3f\n", t, acc.back());
  }
  EXPECT_GT(acc[1], 1.4 * acc[0]);
  EXPECT_GT(acc[2], 1.15 * acc[1]);
}

TEST(Trunk, ConservationPastSaturation) {
  for (const char* alg : {"dor", "adaptive"}) {
    const auto r = overload_at({"topology.k=4", "topology.trunk=2", std::string("routing.algorithm=") + alg,
                                "router.vcs=3"}, 1.0, 20000);
    EXPECT_GT(r["rejected"].get<uint64_t>(), 0u) << "not past saturation";
  }
}

// The CDG over member channels: DOR and Duato's adaptive stay acyclic with trunks of 2; DOR without
// dateline classes (one class) is cyclic with them too.
TEST(Trunk, CdgAcyclicOverMembersWithNegativeControl) {
  const auto ic = torus(4, 2);
  for (const char* alg : {"dor", "adaptive"}) {
    const auto rf = make_relation(alg, *ic, {});
    std::string cyc;
    EXPECT_TRUE(acyclic(*ic, *rf, &cyc)) << alg << ": " << cyc;
  }
  RoutingParams one;
  one.ring_classes = RingClasses::Dateline;
  const auto dor = make_relation("dor", *ic, {one, "sadp"});
  // One VC class for everything: the layout collapses both dateline classes onto one.
  VcLayout L(1, 1, SubClassSpec{1, -1, {"all"}}, SubClassSpec{0, -1, {}});
  struct OneClass : RoutingRelation {
    const RoutingRelation& r;
    explicit OneClass(const RoutingRelation& x) : r(x) {}
    std::string name() const override { return "one-class"; }
    SubClassSpec subclasses() const override { return {1, -1, {"all"}}; }
    void route(int e, const Header& h, RouteSet& out) const override {
      r.route(e, h, out);
      for (int i = 0; i < out.n; ++i) out.c[i].sub = 0;
    }
    uint16_t hop_dateline(int e, int p) const override { return r.hop_dateline(e, p); }
  } flat(*dor);
  ChannelDependencyGraph g(*ic, flat, L);
  for (int a = 0; a < 16; ++a)
    for (int b = 0; b < 16; ++b)
      if (a != b) g.add_routes(a, make_data_header(a, b, nullptr, 0, 0, 1));
  EXPECT_FALSE(g.acyclic());
}

// One packet at a time from router 0 to its +x neighbour (port 0 of the relation: element ports 0..2):
// first_free always takes member 0, cyclic takes 0, 1, 2, 0, ... (counted by the flits each member sent).
TEST(Trunk, FirstFreeAndCyclicSelection) {
  for (bool cyclic : {false, true}) {
    const auto r = in_child([cyclic] {
      std::vector<std::string> kv{"topology.k=4", "topology.trunk=3", "routing.algorithm=dor"};
      if (cyclic) kv.push_back("router.trunk_select=cyclic");
      const Scenario s = scenario(kv);
      Fabric fab("fabric", s.net);
      Network& net = fab.net();
      for (int i = 0; i < 6; ++i) {
        net.submit(0, 1, 4, fab.cycle(), false);
        fab.run_until(fab.cycle() + 40);
      }
      nlohmann::json sent = nlohmann::json::array();
      for (int m = 0; m < 3; ++m) sent.push_back(net.router(0).trace_sent(m));
      return sent;
    });
    EXPECT_EQ(r, cyclic ? nlohmann::json({8, 8, 8}) : nlohmann::json({24, 0, 0})) << (cyclic ? "cyclic" : "first_free");
  }
}

TEST(Trunk, Refusals) {
  expect_refused({
      {"topology.kind=fattree topology.k=4 topology.n=2 topology.trunk=2", "topology.trunk"},
      {"topology.trunk=17", "topology.trunk"},
      {"router.trunk_select=cyclic", "router.trunk_select"},
      {"topology.trunk=2 router.blocks.dec=rtl", "topology.trunk"}
  });
}

}  // namespace
