// SPDX-License-Identifier: Apache-2.0
// The hybrid k-ary n-direct m-indirect family: hand counts, routes and dimension order, complement
// contention-free, CDG with the escape-at-switches control, zero load, long links (helpers in tests/fabrics.h).
#include <gtest/gtest.h>

#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaCrossbarDor) { zero_load_hybrid("crossbar", "dor"); }

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaCrossbarAdaptive) { zero_load_hybrid("crossbar", "adaptive"); }

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaFatTreeDor) { zero_load_hybrid("fattree", "dor"); }

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaFatTreeAdaptive) { zero_load_hybrid("fattree", "adaptive"); }

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaRuftDor) { zero_load_hybrid("ruft", "dor"); }

TEST(Hybrid, ZeroLoadLatencyEqualsFormulaRuftAdaptive) { zero_load_hybrid("ruft", "adaptive"); }

// The long links from a RUFT subnet's last stage back to the routers take topology.long_link more cycles:
// one per differing dimension.
TEST(Hybrid, ZeroLoadLongLinksAddTheirFlight) {
  const Scenario s = scenario({"topology.kind=hybrid", "topology.k=4", "topology.n=2", "topology.subnet=ruft",
                               "topology.stages=2", "topology.long_link=5", "router.vcs=1"});
  const NetParams& p = s.net;
  Fabric fab("fabric", p);
  each_pair_alone(fab, {1, 6}, [&](int a, int b, int L) {
    const int H = hybrid_hops(4, 2, "ruft", 2, 1, a, b), dims = H / 3;
    return p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + 5 * dims + p.d_ej + (L - 1);
  });
}

// By hand (p = 1, 16 routers of 2 + 1 ports on a 4 x 4 grid, 8 dimension lines):
// - 4-ary 2-direct 1-indirect: 8 crossbars of 4 ports; 8 x 4 links x 2 = 64 channels; 16 x 9 + 8 x 16 = 272
//   switching elements; 2 channels per differing dimension: 6 pairs of one dimension (2) and 9 of two (4)
//   per source: 48/15; diameter 4; a router has one link per dimension: 1 fault.
// - 4-ary 2-direct 2-indirect FT: each line a 2-ary 2-tree (4 switches of 4 ports): 32 switches; per line
//   8 router channels + 2 switches x 2 up links x 2 = 16, so 128; 16 x 9 + 32 x 16 = 656; per differing
//   dimension 2 channels to the leaf switch and back, plus 2 through the root stage unless both routers
//   share a leaf switch (1 of the 3 others): (2 + 4 + 4)/3 each, so (6 x 10/3 + 9 x 20/3)/15 = 16/3;
//   diameter 8; 1 fault.
// - 4-ary 2-direct 2-indirect RUFT: 32 switches of 2 x 2; per line 4 in + 4 out + 2 x 2 internal = 12, so
//   96; 16 x 9 + 32 x 4 = 272; always 3 channels per differing dimension: (6 x 3 + 9 x 6)/15 = 4.8;
//   diameter 6; two channel-disjoint paths between line neighbours (directly, or around through the other
//   dimension): 1 fault.
TEST(Hybrid, HandCounts) {
  struct E {
    const char* subnet;
    int m, switches, sw_ports, channels, swe, diameter;
    double avg;
  };
  for (const E& e : {E{"crossbar", 1, 8, 4, 64, 272, 4, 48.0 / 15}, E{"fattree", 2, 32, 4, 128, 656, 8, 16.0 / 3},
                     E{"ruft", 2, 32, 2, 96, 272, 6, 4.8}}) {
    const GraphReport r = report(hybrid(4, 2, e.subnet, e.m)->graph());
    EXPECT_EQ(r.terminals, 16) << e.subnet;
    EXPECT_EQ(r.routers, 16) << e.subnet;
    EXPECT_EQ(r.subnet_switches, e.switches) << e.subnet;
    EXPECT_EQ(r.switches, 16 + e.switches) << e.subnet;
    EXPECT_EQ(r.min_ports, std::min(3, e.sw_ports)) << e.subnet;
    EXPECT_EQ(r.max_ports, std::max(3, e.sw_ports)) << e.subnet;
    EXPECT_EQ(r.channels, e.channels) << e.subnet;
    EXPECT_EQ(r.switching_elements, e.swe) << e.subnet;
    EXPECT_EQ(r.diameter, e.diameter) << e.subnet;
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12) << e.subnet;
    EXPECT_EQ(r.fault_tolerance, 1) << e.subnet;
  }
  // p = 2: 32 terminals on the same 16 routers of 2 + 2 ports.
  const GraphReport r = report(hybrid(4, 2, "crossbar", 1, 2)->graph());
  EXPECT_EQ(r.terminals, 32);
  EXPECT_EQ(r.switching_elements, 16 * 16 + 8 * 16);
}

// Every pair, every relation and subnet: routes of exactly the hop count of digit arithmetic; Hybrid-DOR
// visits the differing dimensions in increasing order.
TEST(Hybrid, EveryPairRoutedMinimally) {
  for (auto [sn, k, m] : {std::tuple{"crossbar", 4, 1}, std::tuple{"fattree", 4, 2}, std::tuple{"ruft", 4, 2},
                          std::tuple{"fattree", 8, 3}, std::tuple{"ruft", 9, 2}}) {
    const auto ic = hybrid(k, 2, sn, m, 2);
    const Hybrid& hy = *ic->hybrid();
    for (const char* alg : {"dor", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          const int routes = each_route(*ic, *rf, a, b, [&](const std::vector<int>& q) {
            EXPECT_EQ(static_cast<int>(q.size()), hybrid_hops(k, 2, sn, m, 2, a, b)) << sn << " " << alg << " " << a << "->" << b;
            if (std::string(alg) != "dor") return;
            int last = -1;
            for (int c : q) {
              const int from = ic->graph().channels()[c].from;
              if (!hy.is_router(from)) continue;
              EXPECT_GT(ic->graph().channels()[c].from_port, last) << "dimension order";
              last = ic->graph().channels()[c].from_port;
            }
          });
          if (std::string(alg) == "dor") {
            EXPECT_EQ(routes, 1) << sn << " " << a << "->" << b;
          }
        }
    }
  }
}

// The complement (bitcomp) under Hybrid-DOR on crossbar hybrids: every channel carries at most one flow.
TEST(Hybrid, ComplementIsContentionFreeOnCrossbars) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{8, 2}, std::pair{4, 3}}) {
    const auto ic = hybrid(k, n, "crossbar", 1);
    const auto rf = make_relation("dor", *ic, {});
    const int N = ic->terminals();
    std::map<int, int> flows;
    for (int a = 0; a < N; ++a) {
      std::vector<int> path;
      walk(*ic, *rf, a, make_data_header(a, N - 1 - a, nullptr, 0, 0, 1), path, [&](const std::vector<int>& q) {
        for (int c : q) ++flows[c];
      });
    }
    for (const auto& [c, f] : flows) EXPECT_EQ(f, 1) << k << "-ary " << n << "-direct: channel " << c;
  }
}

TEST(Hybrid, CdgAcyclicWithCyclicNegativeControl) {
  for (auto [sn, k, m] : {std::tuple{"crossbar", 4, 1}, std::tuple{"fattree", 4, 2}, std::tuple{"ruft", 4, 2},
                          std::tuple{"crossbar", 3, 1}}) {
    for (int n : {2, 3}) {
      const auto ic = hybrid(k, n, sn, m);
      for (const char* alg : {"dor", "adaptive"}) {
        std::string cyc;
        EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << sn << " " << alg << " n=" << n << ": " << cyc;
      }
      std::string cyc;
      EXPECT_FALSE(acyclic(*ic, EscapeAtSwitches(*ic->hybrid(), true), &cyc)) << sn << " n=" << n;
    }
  }
}

}  // namespace
