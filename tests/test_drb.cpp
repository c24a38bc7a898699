// SPDX-License-Identifier: Apache-2.0
// DRB in the fabric. A test policy forces the MSP of each packet:
//  - DEC pops exactly at the intermediate destinations, in order, and nowhere else (every pair of a 4x4
//    torus, random MSPs with one or two intermediates);
//  - one packet alone arrives after exactly its MSP's transmission time (hops from coordinates, stages,
//    serialization, router.delay.dec per intermediate) with a latency field of 0, for every candidate
//    MSP of every pair;
// and scenario runs: the thesis' hot spot (DRB below static in latency, above in accepted load) and
// overload with every ack mode (everything delivered exactly once, in order, no stall).
#include <gtest/gtest.h>

#include <cstdlib>
#include <deque>

#include "models/drb/msp_candidates.h"
#include "models/drb/supernode.h"
#include "systemc/fabric/fabric.h"
#include "tests/forced_path.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

constexpr int K = 4, N = K * K;

int ring(int a, int b) {
  const int d = std::abs(a - b);
  return std::min(d, K - d);
}
int dist(int a, int b) { return ring(a % K, b % K) + ring(a / K, b / K); }

struct Arrival : NetObserver {
  int64_t at = -1;
  uint32_t field = 0;
  std::vector<uint16_t> path;
  void packet_arrived(const Packet& p, const Message&, int64_t now) override {
    at = now;
    field = p.hdr.latency;
    path = p.path;
  }
};

// Runs one packet per plan entry, alone in the network, and checks pops, path and latency.
void run_alone(const std::vector<std::tuple<int, int, PathChoice>>& work, int d_dec, int steps) {
  NetParams p;
  p.topo.k = {K, K};
  p.vcs = 2 * steps;
  p.steps = steps;
  p.d_dec = d_dec;
  std::deque<PathChoice> plan;
  Fabric fab("fabric", p, [&plan](int) { return std::make_unique<test::ForcedPath>(&plan); });
  Network& net = fab.net();
  Arrival obs;
  net.add_observer(&obs);
  const int L = 5;
  for (const auto& [s, d, pc] : work) {
    plan.push_back(pc);
    std::vector<uint64_t> pops(N);
    for (int r = 0; r < N; ++r) pops[r] = net.router(r).counters().dec_pops;
    obs.at = -1;
    const int64_t t0 = fab.cycle();
    net.submit(s, d, L, t0, true);
    while (obs.at < 0 && fab.cycle() < t0 + 500) fab.run_until(fab.cycle() + 1);
    ASSERT_GE(obs.at, 0) << s << "->" << d;
    // Pops: +1 at each intermediate destination, nothing elsewhere.
    std::vector<uint64_t> expect(N, 0);
    for (int i = 0; i < pc.n; ++i) ++expect[pc.node[i]];
    for (int r = 0; r < N; ++r)
      ASSERT_EQ(net.router(r).counters().dec_pops - pops[r], expect[r]) << "router " << r << " for " << s << "->" << d;
    // The path visits the intermediates in order and ends at d.
    size_t k = 0;
    for (uint16_t r : obs.path)
      if (k < static_cast<size_t>(pc.n) && r == pc.node[k]) ++k;
    ASSERT_EQ(k, static_cast<size_t>(pc.n));
    ASSERT_EQ(obs.path.back(), d);
    // Zero-load time of the MSP: its legs' hops, 4 stage cycles per router, 1 per link, NI channels,
    // serialization, and the DEC cost at each intermediate destination.
    int H = 0, at = s;
    for (int i = 0; i < pc.n; ++i) {
      H += dist(at, static_cast<int>(pc.node[i]));
      at = static_cast<int>(pc.node[i]);
    }
    H += dist(at, d);
    ASSERT_EQ(obs.path.size(), static_cast<size_t>(H + 1)) << "one switch traversal per hop plus the ejection";
    const int64_t t = 1 + 4 * (H + 1) + H + 1 + (L - 1) + pc.n * d_dec;
    ASSERT_EQ(obs.at - t0, t) << s << "->" << d << " via " << pc.n << " H=" << H;
    ASSERT_EQ(obs.field, 0u) << "a packet alone never waits";
    fab.run_until(fab.cycle() + 30);
  }
}

TEST(Drb, DecPopsAtIntermediatesOnlyRandomMsps) {
  Rng rng(99);
  std::vector<std::tuple<int, int, PathChoice>> work;
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      if (s == d) continue;
      for (int n = 1; n <= 2; ++n) {
        PathChoice pc;
        pc.n = n;
        for (int i = 0; i < n; ++i) {
          int x;
          do x = static_cast<int>(rng.below(N));
          while (x == s || x == d || (i == 1 && x == static_cast<int>(pc.node[0])));
          pc.node[i] = static_cast<uint32_t>(x);
        }
        work.emplace_back(s, d, pc);
      }
    }
  run_alone(work, 1, 3);
}

TEST(Drb, ZeroLoadEveryCandidateMspOfEveryPair) {
  // Every MSP DRB may open (double gravity area of radius 1, all candidates) on every pair, with a DEC
  // cost of 2 cycles so that the cost is visible.
  auto topo = make_topology(TopologyParams{"torus", {K, K}, 2, 0});
  auto rf = make_routing("dor", *topo, {});
  SupernodeSpec spec;
  std::string err;
  ASSERT_TRUE(parse_supernode("dga:1", spec, err)) << err;
  auto sn = make_supernodes(*topo, spec, err);
  ASSERT_TRUE(sn) << err;
  std::vector<std::tuple<int, int, PathChoice>> work;
  int two = 0;
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      if (s == d) continue;
      const auto c = candidate_msps(*sn, *rf, s, d);
      for (size_t i = 0; i < c.size(); ++i) {
        work.emplace_back(s, d, c[i].choice(static_cast<uint16_t>(i)));
        two += c[i].n == 2;
      }
    }
  ASSERT_GT(two, 100) << "two-intermediate MSPs must be exercised";
  run_alone(work, 2, 3);
}

std::vector<std::string> hotspot(const std::string& alg, const std::string& interval) {
  return {"topology.k=8", "router.vcs=8", "router.buffer=4", "traffic.pattern=channels", "traffic.injection=exponential",
          "traffic.length=10", "traffic.channels=25>58,19>50,8>42,4>34,16>33,20>35", "traffic.source_queue=16",
          "drb.supernode=table", "drb.table=25>58=1|57;19>50=51|59;8>42=40|48;4>34=36|44",
          "traffic.interval=" + interval, "routing.algorithm=" + alg, "sim.warmup=5000", "sim.measure=30000",
          "stats.links=false"};
}

TEST(Drb, HotspotAtTenCyclesPerMessageBeatsStatic) {
  const auto st = run_child(scenario(hotspot("dor", "10")));
  const auto ad = run_child(scenario(hotspot("adaptive", "10")));
  const auto db = run_child(scenario(hotspot("drb", "10")));
  for (auto* r : {&st, &ad, &db}) ASSERT_FALSE(r->contains("error")) << r->dump();
  auto lat = [](const nlohmann::json& r) { return r["latency"]["mean"].get<double>(); };
  auto acc = [](const nlohmann::json& r) { return r["accepted_flits_per_node_cycle"].get<double>(); };
  std::printf("hot spot @10: latency static %.1f adaptive %.1f DRB %.1f (static/DRB %.2f); accepted static %.4f "
              "adaptive %.4f DRB %.4f (DRB/static %.2f)\n",
              lat(st), lat(ad), lat(db), lat(st) / lat(db), acc(st), acc(ad), acc(db), acc(db) / acc(st));
  EXPECT_LT(lat(db), lat(st));
  EXPECT_GT(acc(db), acc(st));
  EXPECT_GT(db["drb"]["resizes"].get<int>(), 0) << "metapaths must have opened";
}

// Hot-spot channels over uniform background at twice DOR's uniform saturation, every ack mode.
void overload(const std::string& alg, const std::string& mode, int64_t cycles) {
  const std::vector<std::string> uni{"topology.k=8", "routing.algorithm=dor", "traffic.pattern=uniform",
                                     "traffic.length=10", "router.vcs=8", "router.buffer=4"};
  const double sat = find_saturation(uni, zero_load_uniform_torus(8, 10)).load;
  auto kv = hotspot(alg, "10");
  kv.insert(kv.end(), {"traffic.background=uniform", "traffic.background_rate=" + std::to_string(2 * sat),
                       "drb.ack_mode=" + mode, "sim.warmup=0", "sim.measure=" + std::to_string(cycles)});
  const auto r = run_child(scenario(kv));
  ASSERT_FALSE(r.contains("error")) << r.dump().substr(0, 2000);
  std::printf("%s %s at background 2 x %.3f: accepted %llu delivered %llu rejected %llu, acks %s\n", alg.c_str(),
              mode.c_str(), sat, r["messages_accepted_total"].get<unsigned long long>(),
              r["messages_delivered_total"].get<unsigned long long>(), r["rejected_messages"].get<unsigned long long>(),
              r["drb"]["acks"].dump().c_str());
  EXPECT_EQ(r["messages_delivered_total"], r["messages_accepted_total"]);
  EXPECT_GT(r["rejected_messages"].get<uint64_t>(), 0u) << "the load must overload the network";
  EXPECT_GT(r["drb"]["acks"]["final_used"].get<uint64_t>(), 0u);
}

TEST(DrbOverload, Ideal) { overload("drb", "ideal", 200000); }
TEST(DrbOverload, InNetwork) { overload("drb", "in_network", 200000); }
TEST(DrbOverload, HighPriority) { overload("drb", "high_priority", 200000); }
TEST(DrbOverload, Drb2InNetwork) { overload("drb2", "in_network", 200000); }
TEST(DrbOverload, PrdrbHighPriority) { overload("prdrb", "high_priority", 100000); }
TEST(DrbOverloadLong, PrdrbHighPriority) { overload("prdrb", "high_priority", 1000000); }
TEST(DrbOverloadLong, Ideal) { overload("drb", "ideal", 1000000); }
TEST(DrbOverloadLong, InNetwork) { overload("drb", "in_network", 1000000); }
TEST(DrbOverloadLong, HighPriority) { overload("drb", "high_priority", 1000000); }
TEST(DrbOverloadLong, Drb2HighPriority) { overload("drb2", "high_priority", 1000000); }

}  // namespace
