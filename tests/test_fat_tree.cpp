// SPDX-License-Identifier: Apache-2.0
// The k-ary n-tree fat-tree and its routing: hand counts, wiring, routes, load balance, CDG, zero load,
// determinism, refusals (helpers in tests/fabrics.h).
#include <gtest/gtest.h>

#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

// By hand:
// - 4-ary 2-tree: 16 terminals; 2 stages x 16/4 = 8 switches of 8 ports; links only between the stages:
//   4 switches x 4 up ports, each two channels = 32; switching elements 8 x 8^2 = 512; a terminal has 3
//   others on its leaf (0 channels) and 12 under other leaves (up to the root stage and down: 2), so the
//   mean is 24/15 = 1.6 and the diameter 2; a leaf has 4 up links, so 3 faults are survived.
// - 2-ary 3-tree: 8 terminals; 3 stages x 4 = 12 switches of 4 ports; 2 stage boundaries x 4 switches x
//   2 up ports x 2 = 32 channels; 12 x 16 = 192 switching elements; from a terminal: 1 on its leaf (0), 2
//   under its stage-1 subtree (2), 4 beyond (4): 20/7; diameter 4; a leaf has 2 up links: 1 fault.
TEST(FatTree, HandCounts) {
  struct E {
    int k, n, terminals, switches, ports, channels, swe, diameter, faults;
    double avg;
  };
  for (const E& e : {E{4, 2, 16, 8, 8, 32, 512, 2, 3, 24.0 / 15}, E{2, 3, 8, 12, 4, 32, 192, 4, 1, 20.0 / 7}}) {
    const auto ic = tree(e.k, e.n);
    const GraphReport r = report(ic->graph());
    EXPECT_EQ(r.terminals, e.terminals);
    EXPECT_EQ(r.switches, e.switches);
    EXPECT_EQ(r.routers, 0);
    EXPECT_EQ(r.subnet_switches, e.switches);
    EXPECT_EQ(r.min_ports, e.ports);
    EXPECT_EQ(r.max_ports, e.ports);
    EXPECT_EQ(r.channels, e.channels);
    EXPECT_EQ(r.switching_elements, e.swe);
    EXPECT_EQ(r.diameter, e.diameter);
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12);
    EXPECT_EQ(r.fault_tolerance, e.faults);
  }
}

// Following only down ports (0..k-1) from switch (e, o) reaches exactly the terminals j with
// j / k^(e+1) == o / k^e, each through the port named by its digit; terminals sit on stage-0 down ports.
TEST(FatTree, WiringMatchesTheAncestorRule) {
  for (auto kn : {std::pair{4, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4}}) {
    const int k = kn.first, n = kn.second;  // plain variables: lambdas below capture k (C++17)
    const auto ic = tree(k, n);
    const NetworkGraph& g = ic->graph();
    const int S = ipow(k, n) / k;
    std::map<std::pair<int, int>, int> term_at;  // (element, port) -> terminal
    for (int j = 0; j < ic->terminals(); ++j) {
      ASSERT_EQ(g.terminals()[j].inject.element, j / k);
      ASSERT_EQ(g.terminals()[j].inject.port, j % k);
      term_at[{j / k, j % k}] = j;
    }
    std::function<void(int, std::set<int>&)> below = [&](int el, std::set<int>& out) {
      for (int p = 0; p < k; ++p) {
        if (el < S) {
          out.insert(term_at.at({el, p}));
        } else {
          const int ch = g.out(el, p);
          ASSERT_GE(ch, 0);
          below(g.channels()[ch].to, out);
        }
      }
    };
    for (int e = 0; e < n; ++e)
      for (int o = 0; o < S; ++o) {
        std::set<int> got, want;
        below(e * S + o, got);
        for (int j = 0; j < ic->terminals(); ++j)
          if (j / ipow(k, e + 1) == o / ipow(k, e)) want.insert(j);
        EXPECT_EQ(got, want) << k << "-ary " << n << "-tree switch (" << e << "," << o << ")";
        for (int u = 0; u < k; ++u) EXPECT_EQ(g.out(e * S + o, k + u) >= 0, e + 1 < n) << "up port of (" << e << "," << o << ")";
      }
  }
}

TEST(FatTree, EveryPairRoutedMinimallyAndUpdownBalancesDownLinks) {
  for (auto kn : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    const int k = kn.first, n = kn.second;  // plain variables: lambdas below capture k (C++17)
    const auto ic = tree(k, n);
    for (const char* alg : {"updown", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      std::map<int, std::set<int>> dests_of_down;  // down channel -> destinations routed over it
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          const Header h = make_data_header(a, b, nullptr, 0, 0, 1);
          std::vector<int> path;
          int routes = 0;
          walk(*ic, *rf, ic->graph().terminals()[a].inject.element, h, path, [&](const std::vector<int>& p) {
            ++routes;
            EXPECT_EQ(static_cast<int>(p.size()), 2 * turn(k, a, b)) << alg << " " << a << "->" << b;
            for (int ch : p)
              if (ic->graph().channels()[ch].from_port < k) dests_of_down[ch].insert(b);
          });
          // Adaptive: every up port at every stage below the turn, k^turn routes; updown: one.
          EXPECT_EQ(routes, std::string(alg) == "updown" ? 1 : ipow(k, turn(k, a, b))) << alg << " " << a << "->" << b;
        }
      if (std::string(alg) == "updown") {
        for (const auto& [ch, d] : dests_of_down) EXPECT_EQ(d.size(), 1u) << "down channel " << ch << " carries several destinations";
      }
    }
  }
}

TEST(FatTree, CdgAcyclicWithCyclicNegativeControl) {
  for (auto kn : {std::pair{4, 2}, std::pair{2, 3}, std::pair{3, 3}}) {
    const int k = kn.first, n = kn.second;  // plain variables: lambdas below capture k (C++17)
    const auto ic = tree(k, n);
    for (const char* alg : {"updown", "adaptive"}) {
      std::string cyc;
      EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << alg << ": " << cyc;
    }
    if (n < 3) continue;  // a 2-stage tree's ancestors at stage 1 are roots: nothing to turn up into
    std::string cyc;
    EXPECT_FALSE(acyclic(*ic, DownThenUp(*ic->tree()), &cyc)) << k << "-ary " << n << "-tree";
  }
}

TEST(FatTree, ZeroLoadLatencyEqualsFormulaUpdown) {
  zero_load(with(kTree23, "routing.algorithm=updown"), [](int a, int b) { return 2 * turn(2, a, b); });
}

TEST(FatTree, ZeroLoadLatencyEqualsFormulaAdaptive) {
  zero_load(with(kTree23, "routing.algorithm=adaptive"), [](int a, int b) { return 2 * turn(2, a, b); });
}

// Same seed, same results, byte for byte, with the hashed random up-port choice too.
TEST(FatTree, DeterministicPerSeed) {
  const std::string a = "topology.kind=fattree topology.k=4 topology.n=3 routing.algorithm=adaptive "
                        "routing.selection=random traffic.rate=0.5 sim.warmup=500 sim.measure=3000 sim.progress=off";
  const Exec x = drbsim(a), y = drbsim(a);
  ASSERT_EQ(x.code, 0) << x.err;
  EXPECT_EQ(x.out, y.out);
}

// Keys a fat-tree gives no meaning to, and algorithms it does not offer, exit 2 naming the key.
TEST(FatTree, RefusedCombinationsNameTheKey) {
  const std::string ft = "topology.kind=fattree topology.k=4 topology.n=2 ";
  for (auto [args, key] : std::vector<std::pair<std::string, std::string>>{
           {"routing.algorithm=dor", "routing.algorithm"},
           {"routing.algorithm=drb drb.supernode=row:4", "drb.supernode"},
           {"routing.algorithm=drb2", "routing.algorithm"},
           {"topology.kind=ruft routing.algorithm=valiant", "routing.algorithm"},
           {"routing.algorithm=updown routing.tie=random", "routing.tie"},
           {"routing.algorithm=updown routing.dim_order=decreasing", "routing.dim_order"},
           {"routing.algorithm=updown routing.vc_classes=partition", "routing.vc_classes"},
           {"routing.algorithm=updown router.preset=booksim", "router.preset"},
           {"routing.algorithm=updown router.blocks.xbar=rtl", "router.blocks.xbar"},
           {"topology.k=33", "topology.k"},
           {"topology.k=4,4", "topology.k"}}) {
    const Exec e = drbsim(ft + args);
    EXPECT_EQ(e.code, 2) << args << ": " << e.err;
    EXPECT_NE(e.err.find("error: " + key + ":"), std::string::npos) << args << ": " << e.err;
  }
  // And updown is not offered on a torus.
  const Exec e = drbsim("routing.algorithm=updown");
  EXPECT_EQ(e.code, 2);
  EXPECT_NE(e.err.find("error: routing.algorithm:"), std::string::npos) << e.err;
}

}  // namespace
