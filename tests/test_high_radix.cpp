// SPDX-License-Identifier: Apache-2.0
// Routers past 64 ports: the crossbar arbiter's wide request vectors against an independent scan; a 144-port
// flattened butterfly (hand counts, zero load, conservation past saturation under every allocator); the wide
// allocation path on small routers giving the narrow path's results bit for bit.
#include <gtest/gtest.h>

#include <random>

#include "models/blocks/xbar_arbiter.h"
#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

// The arbiter's rule written as a scan over inputs: from the pointer, wrapping, the first priority requester,
// else the first requester.
int scan(const std::vector<bool>& req, const std::vector<bool>& prio, int ptr) {
  const int n = static_cast<int>(req.size());
  for (bool want_prio : {true, false})
    for (int d = 0; d < n; ++d) {
      const int i = (ptr + d) % n;
      if (req[i] && (!want_prio || prio[i])) return i;
    }
  return -1;
}

TEST(HighRadix, WideArbiterMatchesAScan) {
  std::mt19937 rng(5);
  for (int n : {65, 128, 144, 256}) {
    XbarArbiter a(n);
    const int words = (n + 63) / 64;
    int ptr = 0;
    for (int it = 0; it < 4000; ++it) {
      std::vector<bool> req(n), prio(n);
      uint64_t rw[4] = {}, pw[4] = {};
      const unsigned density = 1 + rng() % 40;  // from one requester in ~40 to all of them
      for (int i = 0; i < n; ++i) {
        req[i] = rng() % density == 0;
        prio[i] = rng() % 8 == 0;
        if (req[i]) rw[i / 64] |= uint64_t{1} << (i % 64);
        if (prio[i]) pw[i / 64] |= uint64_t{1} << (i % 64);
      }
      const int g = a.arbitrate(rw, pw, words);
      ASSERT_EQ(g, scan(req, prio, ptr)) << "n " << n << " iteration " << it << " pointer " << ptr;
      const bool used = rng() % 4 != 0;
      a.update(g, used);
      if (used && g >= 0) ptr = (g + 1) % n;
      ASSERT_EQ(a.pointer(), ptr);
    }
  }
}

// A 1-D flattened butterfly 137-ary 1-cube 8-c: 137 switches, each linked to the 136 others and to 8
// terminals: 144 ports. By hand: 1096 terminals, 137 x 136 channels, 137 x 144^2 switching elements; from a
// terminal 7 others at distance 0 and 1088 at 1; diameter 1; 136 disjoint paths between two switches: 135
// faults tolerated.
const std::vector<std::string> kWide{"topology.kind=flatfly", "topology.k=137", "topology.n=1", "topology.concentration=8",
                                     "router.vcs=2"};

TEST(HighRadix, FlatFly144PortHandCounts) {
  const GraphReport r = report(build("flatfly", 137, 1, 8)->graph());
  EXPECT_EQ(r.terminals, 1096);
  EXPECT_EQ(r.switches, 137);
  EXPECT_EQ(r.min_ports, 144);
  EXPECT_EQ(r.max_ports, 144);
  EXPECT_EQ(r.channels, 137 * 136);
  EXPECT_EQ(r.switching_elements, 137L * 144 * 144);
  EXPECT_EQ(r.diameter, 1);
  EXPECT_NEAR(r.average_distance, 1088.0 / 1095, 1e-12);
  EXPECT_EQ(r.fault_tolerance, 135);
}

// Zero load from terminals whose ports sit in each word of the masks (switch 0: network ports 0..135,
// terminals on 136..143; switch 70 and 136 likewise) to every other terminal: one hop between switches.
TEST(HighRadix, FlatFly144PortZeroLoad) {
  const Scenario s = scenario(kWide);
  const NetParams& p = s.net;
  Fabric fab("fabric", p);
  const int pipe = p.d_rc + p.d_va + p.d_sa + p.d_st;
  each_pair_alone(
      fab, {3},
      [&](int a, int b, int L) {
        const int H = a / 8 != b / 8;
        return p.d_inj + (H + 1) * pipe + H * p.d_link + p.d_ej + (L - 1);
      },
      {0, 7, 560, 1095});
}

// One flit per node per cycle offered (every NI's limit) under each allocator: the source queues overflow
// (past saturation) and every accepted message arrives once, intact. About 15 s a run: the separable and
// the iSLIP allocators in the default suite, the oldest-first arbiters (also in WidePathEqualsNarrowPath)
// under `long`.
void conservation_past_saturation(const std::vector<std::vector<std::string>>& allocs) {
  for (const std::vector<std::string>& alloc : allocs) {
    for (const char* alg : {"dor", "adaptive"}) {
      std::vector<std::string> kv = with(kWide, std::string("routing.algorithm=") + alg);
      kv.insert(kv.end(), alloc.begin(), alloc.end());
      const nlohmann::json r = overload_at(kv, 1.0, 2000);
      ASSERT_TRUE(r.contains("rejected"));
      EXPECT_GT(r["rejected"].get<uint64_t>(), 0u) << "not past saturation";
    }
  }
}
TEST(HighRadix, FlatFly144PortConservationPastSaturation) {
  conservation_past_saturation({{}, {"router.alloc.sa=islip", "router.alloc.va=islip"}});
}
TEST(HighRadixLong, FlatFly144PortConservationPastSaturationAgeArbiters) {
  conservation_past_saturation({{"router.arbiter=age"}, {"router.alloc.sa=islip", "router.arbiter=age"}});
}

// The packed narrow path (the kActive VCs of all ports in one word), the unpacked narrow path and the wide
// path (two mask words) on an 8x8 torus and a 4-ary 3-tree: the same results, byte for byte, under every
// allocator.
TEST(HighRadix, WidePathEqualsNarrowPath) {
  for (const std::vector<std::string>& base : std::vector<std::vector<std::string>>{
           {"topology.k=8", "routing.algorithm=dor"},
           {"topology.k=8", "routing.algorithm=adaptive", "router.vcs=3"},
           {"topology.kind=fattree", "topology.k=4", "topology.n=3", "routing.algorithm=adaptive"}}) {
    for (const std::vector<std::string>& alloc : std::vector<std::vector<std::string>>{
             {}, {"router.arbiter=age"}, {"router.alloc.sa=islip", "router.alloc.va=islip"},
             {"router.alloc.sa=islip", "router.arbiter=age"}}) {
      std::vector<std::string> kv = base;
      kv.insert(kv.end(), alloc.begin(), alloc.end());
      for (const char* x : {"traffic.rate=0.6", "traffic.length=6", "sim.warmup=1000", "sim.measure=4000"}) kv.push_back(x);
      Scenario s = scenario(kv);
      const nlohmann::json narrow = run_child(s);
      s.net.pack_active = false;
      const nlohmann::json unpacked = run_child(s);
      s.net.mask_words = 2;
      const nlohmann::json wide = run_child(s);
      ASSERT_FALSE(narrow.contains("error")) << narrow.dump();
      EXPECT_GT(narrow["accepted_flits_per_node_cycle"].get<double>(), 0.1);
      EXPECT_EQ(narrow.dump(), unpacked.dump()) << kv.back();
      EXPECT_EQ(narrow.dump(), wide.dump()) << kv.back();
    }
  }
}

}  // namespace
