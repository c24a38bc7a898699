// SPDX-License-Identifier: Apache-2.0
// Link faults at run time (docs/faults.md): the unroutable pairs of DOR, Duato's adaptive routing and
// negative-first worked by hand, negative-first routing every pair around an interior fault, delivery of
// every accepted message past saturation with faults (scoreboard), graceful failure and repair of a link
// mid-run, the held-packet report instead of a stall dump, random faults, and the refusals.
#include <gtest/gtest.h>

#include <set>

#include "models/routing/registry.h"
#include "models/routing/routability.h"
#include "tb/drbsim/runner.h"
#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

using Pairs = std::set<std::pair<int, int>>;

std::unique_ptr<Interconnect> net(const std::string& kind, int k) {
  TopologyParams p;
  p.kind = kind;
  p.k = {k, k};
  return make_interconnect(p);
}

// The pairs routable_pairs() refuses with the channels from a to b (a>b) failed.
Pairs unroutable(const Interconnect& ic, const std::string& alg, std::vector<std::pair<int, int>> failed) {
  std::vector<uint8_t> dead(ic.graph().channels().size(), 0);
  for (size_t c = 0; c < dead.size(); ++c)
    for (auto [a, b] : failed)
      if (ic.graph().channels()[c].from == a && ic.graph().channels()[c].to == b) dead[c] = 1;
  const auto rf = make_relation(alg, ic, {});
  const auto ok = routable_pairs(ic, *rf, dead);
  Pairs out;
  const int n = ic.terminals();
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      if (!ok[static_cast<size_t>(a) * n + b]) out.insert({a, b});
  return out;
}

// 4x4 torus, DOR (x first, ties +), channel (0,0) -> (1,0) failed. It carries row 0's x hops that cross
// x = 0 -> 1 going +: from x = 0 to x = 1 or 2 (2 is the tie, taken +), and from x = 3 to x = 1 (3 -> 0 -> 1);
// any destination row. So 0 -> {1, 2, 5, 6, 9, 10, 13, 14} and 3 -> {1, 5, 9, 13}: 12 pairs. Duato's
// adaptive routing counts the same pairs: the fault breaks their escape path, and the relation never lets
// another pair's head reach a state whose escape needs the link.
TEST(Faults, DorAndAdaptiveUnroutablePairsByHand) {
  const auto ic = net("torus", 4);
  Pairs want;
  for (int d : {1, 2, 5, 6, 9, 10, 13, 14}) want.insert({0, d});
  for (int d : {1, 5, 9, 13}) want.insert({3, d});
  EXPECT_EQ(unroutable(*ic, "dor", {{0, 1}}), want);
  EXPECT_EQ(unroutable(*ic, "adaptive", {{0, 1}}), want);
}

// 4x4 mesh, negative-first, channel (0,0) -> (1,0) failed (the example). A head from column x = 0
// to row y = 0 with x > 0 must first go down to (0,0) (negative phase, the only negative offset is y), then
// +x over the failed channel; it cannot misroute at x = 0 (no -x channel) and never after a positive hop.
// So {0, 4, 8, 12} -> {1, 2, 3}: 12 pairs, and a run exits 3 naming them on one line, with no stall dump.
TEST(Faults, NegativeFirstMeshFaultByHand) {
  const auto ic = net("mesh", 4);
  Pairs want;
  for (int s : {0, 4, 8, 12})
    for (int d : {1, 2, 3}) want.insert({s, d});
  EXPECT_EQ(unroutable(*ic, "negative_first", {{0, 1}}), want);
  const Exec e = drbsim("topology.kind=mesh topology.k=4 routing.algorithm=negative_first faults.links=0>1 "
                        "traffic.rate=0.2 sim.warmup=500 sim.measure=3000 sim.progress=off");
  EXPECT_EQ(e.code, 3);
  EXPECT_NE(e.err.find("faults: 12 pairs have no fault-free way under routing.algorithm=negative_first"), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("0>1, 0>2, 0>3, 4>1"), std::string::npos) << e.err;
  EXPECT_EQ(e.err.find("blocked VCs"), std::string::npos) << e.err;
}

// Negative-first routes every pair around any single interior link of the 8x8 mesh (both directions
// failed): a head that would need the link misroutes down or takes the other negative dimension first.
TEST(Faults, NegativeFirstRoutesAroundEveryInteriorLink) {
  const auto ic = net("mesh", 8);
  const Topology& t = *ic->direct();
  int tried = 0;
  for (int r = 0; r < 64; ++r)
    for (int p = 0; p < t.ports(); p += 2) {  // the + port of each dimension: each link once
      const PortRef nb = t.neighbour(r, p);
      if (!nb.valid()) continue;
      const std::vector<int> c = t.coords(r), d = t.coords(nb.router);
      bool interior = true;  // both ends off the low border in every dimension
      for (int i = 0; i < 2; ++i) interior &= c[i] > 0 && d[i] > 0;
      if (!interior) continue;
      ++tried;
      EXPECT_TRUE(unroutable(*ic, "negative_first", {{r, nb.router}, {nb.router, r}}).empty()) << r << "-" << nb.router;
    }
  EXPECT_EQ(tried, 2 * 7 * 6);
}

// Past saturation (one flit per node and cycle is about twice these small networks' saturation) with
// named or random faults from the start: every accepted message delivered once, intact and in order; the messages not
// accepted are exactly of the unroutable pairs.
TEST(Faults, EveryAcceptedMessageDeliveredPastSaturation) {
  struct Case {
    std::vector<std::string> kv;
    std::string link;
  };
  for (const Case& c : std::vector<Case>{
           {{"topology.k=4", "routing.algorithm=dor"}, "0>1"},
           {{"topology.k=4", "routing.algorithm=adaptive", "router.vcs=3"}, "5-6"},
           {{"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=2"}, "5-6"},
           {{"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=1"}, "0>1"},
           {{"topology.k=6", "routing.algorithm=adaptive", "router.vcs=3", "sim.seed=3"}, "random:3"},
           {{"topology.kind=mesh", "topology.k=6", "routing.algorithm=negative_first", "router.vcs=2", "sim.seed=5"}, "random:4"}}) {
    std::vector<std::string> kv = c.kv;
    kv.push_back(c.link.rfind("random:", 0) == 0 ? "faults.random_links=" + c.link.substr(7) : "faults.links=" + c.link);
    const auto r = overload_at(kv, 1.0, 100000);
    (void)r;
    const auto refused = in_child([kv] {
      std::vector<std::string> k2 = kv;
      k2.push_back("traffic.source_queue=16");
      const Scenario s = scenario(k2);
      Fabric fab("fabric", s.net);
      drive_ledger(fab, 4, 5000, [](int64_t) { return 1.0; });
      LinkFaults& lf = *fab.net().faults();
      nlohmann::json j{{"bad", 0}, {"pairs", lf.refused_pairs().size()}, {"unroutable", lf.unroutable_pairs()}};
      for (auto [a, b] : lf.refused_pairs()) j["bad"] = j["bad"].get<int>() + (lf.routable(a, b) ? 1 : 0);
      return j;
    });
    EXPECT_EQ(refused["bad"], 0) << c.link << ": a routable pair's message was refused";
    EXPECT_EQ(refused["pairs"], refused["unroutable"]) << c.link << ": every unroutable pair sends at 1.0";
  }
}

// DRB's metapath as a fault-tolerance mechanism: with the link 0-1 of a 4x4 torus failed both ways, DOR
// loses 16 pairs (those whose DOR path crosses it), DRB and PR-DRB none — the MSPs through the link are
// closed and the pairs take alternatives through other supernodes; Valiant none either (it draws only
// intermediates whose two steps avoid the link). Past saturation every accepted message is
// delivered, and no packet crosses the failed link.
TEST(Faults, DrbAndValiantRouteAroundWithTheirPaths) {
  for (const char* alg : {"drb", "prdrb", "valiant"}) {
    const std::vector<std::string> kv{"topology.k=4", std::string("routing.algorithm=") + alg, "router.vcs=4", "faults.links=0-1"};
    const auto j = in_child([kv] {
      std::vector<std::string> k2 = kv;
      k2.push_back("traffic.source_queue=16");
      const Scenario s = scenario(k2);
      Fabric fab("fabric", s.net, policy_factory(s));
      struct Cross : NetObserver {
        uint64_t crossed = 0, zero_one = 0;
        void packet_arrived(const Packet& p, const Message&, int64_t) override {
          for (size_t i = 0; i + 1 < p.path.size(); ++i)
            crossed += (p.path[i] == 0 && p.path[i + 1] == 1) || (p.path[i] == 1 && p.path[i + 1] == 0);
          zero_one += p.src == 0 && p.hdr.final_dest == 1;
        }
      } cross;
      fab.net().add_observer(&cross);
      const nlohmann::json led = drive_ledger(fab, 4, 100000, [](int64_t) { return 1.0; });
      return nlohmann::json{{"ledger", led}, {"unroutable", fab.net().faults()->unroutable_pairs()},
                            {"crossed", cross.crossed}, {"zero_one", cross.zero_one}};
    });
    ASSERT_FALSE(j.contains("error")) << j.dump();
    expect_conserved(j["ledger"]);
    std::printf("%s\n", j.dump().c_str());
    EXPECT_GT(j["ledger"]["rejected"].get<uint64_t>(), 0u) << "not past saturation";
    EXPECT_EQ(j["unroutable"], 0);
    EXPECT_EQ(j["crossed"], 0);
    EXPECT_GT(j["zero_one"].get<uint64_t>(), 0u) << "no packet from 0 to 1 was delivered";
  }
  // DOR by hand: the 12 pairs of the 0 -> 1 direction (test above) and, going -x over 1 -> 0, only from
  // (1,0) to column 0 (from (2,0) the offset -2 is a tie, taken +): 1 -> {0, 4, 8, 12}. 16 pairs.
  const auto ic = net("torus", 4);
  EXPECT_EQ(unroutable(*ic, "dor", {{0, 1}, {1, 0}}).size(), 16u);
}

// A link failing mid-run under load: the packet on it completes, then it carries nothing until repaired,
// and then it carries flits again; nothing is lost (negative-first on a 6x6 mesh routes every pair around
// an interior link, so no head is caught without a way on).
TEST(Faults, GracefulFailureAndRepair) {
  const auto r = in_child([] {
    const Scenario s = scenario({"topology.kind=mesh", "topology.k=6", "routing.algorithm=negative_first", "router.vcs=2",
                                 "faults.links=14-15", "faults.at=4000", "faults.repair=12000", "traffic.source_queue=16"});
    Fabric fab("fabric", s.net);
    Network& net = fab.net();
    const int p = net.topology().port(0, 1);  // router 14 = (2,2): +x towards 15
    uint32_t at_fail = 0, before_repair = 0;
    const nlohmann::json led = drive_ledger(fab, 4, 20000, [](int64_t) { return 0.6; }, [&](int64_t t) {
      if (t == 4000 + 10) at_fail = net.router(14).trace_sent(p);  // the packet on the link has completed
      if (t == 12000) before_repair = net.router(14).trace_sent(p);
    });
    return nlohmann::json{{"ledger", led}, {"at_fail", at_fail}, {"before_repair", before_repair},
                          {"end", net.router(14).trace_sent(p)}};
  });
  ASSERT_FALSE(r.contains("error")) << r.dump();
  expect_conserved(r["ledger"]);
  EXPECT_GT(r["at_fail"].get<uint32_t>(), 0u);
  EXPECT_EQ(r["before_repair"], r["at_fail"]) << "the failed link carried flits";
  EXPECT_GT(r["end"].get<uint32_t>(), r["before_repair"].get<uint32_t>()) << "the repaired link carries nothing";
}

// A head caught by the fault with no way on (negative-first on a 4x4 mesh, link 5-6 failing under load: a
// packet from 8 to 6 already past 4) holds, and the run names the pairs on one line (exit 3), no dump.
TEST(Faults, HeldPacketsAreReportedNotDumped) {
  const Exec e = drbsim("topology.kind=mesh topology.k=4 routing.algorithm=negative_first faults.links=5-6 faults.at=3000 "
                        "traffic.rate=0.3 sim.warmup=1000 sim.measure=8000 sim.progress=off");
  EXPECT_EQ(e.code, 3);
  EXPECT_NE(e.err.find("hold with no fault-free way on under routing.algorithm=negative_first: 8>6"), std::string::npos) << e.err;
  EXPECT_EQ(e.err.find("blocked VCs"), std::string::npos) << e.err;
}

// faults.random_links draws that many links, both directions, from the run's seed: same seed same set.
TEST(Faults, RandomLinksDeterministic) {
  auto channels = [](const std::string& seed) {
    return scenario({"topology.k=8", "routing.algorithm=dor", "faults.random_links=5", "faults.unroutable=report",
                     "sim.seed=" + seed}).net.faults.channels;
  };
  EXPECT_EQ(channels("1").size(), 10u);
  EXPECT_EQ(channels("1"), channels("1"));
  EXPECT_NE(channels("1"), channels("2"));
}

TEST(Faults, Refusals) {
  expect_refused({
      {"faults.links=0>5", "faults.links"},
      {"faults.links=0>", "faults.links"},
      {"faults.links=0>99", "faults.links"},
      {"faults.at=100", "faults.at"},
      {"faults.links=0>1 faults.at=100 faults.repair=50", "faults.repair"},
      {"faults.random_links=1000", "faults.random_links"},
      {"faults.links=0>1 routing.algorithm=valiant router.vcs=4 faults.at=100", "faults.at"},
      {"faults.links=0>1 routing.algorithm=drb router.vcs=4 faults.at=100", "faults.at"},
      {"faults.links=0>1 routing.algorithm=drb router.vcs=4 faults.repair=100", "faults.repair"},
      {"faults.links=0>1 routing.algorithm=drb router.vcs=4 drb.ack_mode=in_network", "drb.ack_mode"},
      {"faults.links=0>1 router.blocks.dec=rtl", "faults.links"},
      {"faults.links=0>1 routing.tie=random", "routing.tie"},
      {"faults.links=0>1 topology.trunk=2 power.mechanism=on", "faults.links"},
      {"topology.k=33 faults.links=0>1", "faults.links"}
  });
}

}  // namespace

namespace {

// DRB and PR-DRB route every pair of the 8x8 torus and mesh around any single failed link (both directions):
// a pair whose supernode MSPs all cross it takes an MSP through any one open intermediate.
TEST(Faults, DrbAndPrdrbRouteEverySingleLinkFault) {
  for (const char* alg : {"drb", "prdrb"})
    for (const char* kind : {"torus", "mesh"}) {
      int links = 0, bad = 0;
      for (int a = 0; a < 64; ++a)
        for (int b : {a % 8 == 7 ? a - 7 : a + 1, (a + 8) % 64}) {
          if (std::string(kind) == "mesh" && (b == a - 7 || b < a)) continue;  // no wrap links
          const Scenario s = scenario({"topology.k=8", std::string("topology.kind=") + kind,
                                       std::string("routing.algorithm=") + alg, "router.vcs=6",
                                       "faults.links=" + std::to_string(a) + "-" + std::to_string(b)});
          const auto factory = policy_factory(s);
          ++links;
          for (int x = 0; x < 64; ++x) {
            auto pol = factory(x);
            for (int y = 0; y < 64; ++y)
              if (x != y && pol->reaches(y) != 1) ++bad;
          }
        }
      EXPECT_EQ(links, std::string(kind) == "mesh" ? 112 : 128);
      EXPECT_EQ(bad, 0) << alg << " on the " << kind << ": pairs left without an open MSP";
    }
}

}  // namespace
