// SPDX-License-Identifier: Apache-2.0
// The flattened butterfly and the RUFT: hand counts, wiring, routes, CDG, zero load (helpers in
// tests/fabrics.h).
#include <gtest/gtest.h>

#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

TEST(FlatFly, ZeroLoadLatencyEqualsFormulaDor) {
  zero_load(with(kFf, "routing.algorithm=dor"), [](int a, int b) { return ff_hops(3, 2, a, b); });
}

TEST(FlatFly, ZeroLoadLatencyEqualsFormulaAdaptive) {
  zero_load(with(kFf, "routing.algorithm=adaptive"), [](int a, int b) { return ff_hops(3, 2, a, b); });
}

TEST(Ruft, ZeroLoadLatencyEqualsFormula) {
  zero_load(kRuft, [](int, int) { return 2; });  // every path crosses the 3 stages: 2 channels
}

// By hand, 2-ary 3-cube 2-c: 8 switches of n(k-1) + p = 3 + 2 ports, 16 terminals; each switch links to 3
// others: 24 channels; 8 x 25 = 200 switching elements; from a terminal: 1 on its switch (0), 6 on the 3
// switches one coordinate away (1), 6 two away (2), 2 three away (3): 24/15; diameter 3; 3 links per
// switch: 2 faults. 2-ary 3-stage RUFT: 3 stages x 4 switches of 2 ports (2 x 2 crossbars), 8 terminals;
// 2 stage boundaries x 4 switches x 2 outputs = 16 channels; 12 x 4 = 48 switching elements; every path
// crosses 2 channels (diameter and mean 2); one path per pair: 0 faults.
TEST(FlatFlyRuft, HandCounts) {
  struct E {
    const char* kind;
    int k, n, p, terminals, switches, routers, ports, channels, swe, diameter, faults;
    double avg;
  };
  for (const E& e : {E{"flatfly", 2, 3, 2, 16, 8, 8, 5, 24, 200, 3, 2, 24.0 / 15},
                     E{"ruft", 2, 3, 1, 8, 12, 0, 2, 16, 48, 2, 0, 2.0}}) {
    const GraphReport r = report(build(e.kind, e.k, e.n, e.p)->graph());
    EXPECT_EQ(r.terminals, e.terminals) << e.kind;
    EXPECT_EQ(r.switches, e.switches) << e.kind;
    EXPECT_EQ(r.routers, e.routers) << e.kind;
    EXPECT_EQ(r.subnet_switches, e.switches - e.routers) << e.kind;
    EXPECT_EQ(r.min_ports, e.ports) << e.kind;
    EXPECT_EQ(r.max_ports, e.ports) << e.kind;
    EXPECT_EQ(r.channels, e.channels) << e.kind;
    EXPECT_EQ(r.switching_elements, e.swe) << e.kind;
    EXPECT_EQ(r.diameter, e.diameter) << e.kind;
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12) << e.kind;
    EXPECT_EQ(r.fault_tolerance, e.faults) << e.kind;
  }
}

// RUFT wiring: terminal j injects at stage 0 and ejects from the last stage, from the switch whose offset
// holds j's digits 0..m-2, on output digit m-1; every route crosses m-1 channels.
TEST(FlatFlyRuft, EveryPairRoutedMinimally) {
  for (auto [k, m] : {std::pair{2, 3}, std::pair{4, 2}, std::pair{3, 3}}) {
    const auto ic = build("ruft", k, m);
    const int S = ipow(k, m) / k;
    const auto rf = make_relation("updown", *ic, {});
    for (int a = 0; a < ic->terminals(); ++a) {
      EXPECT_EQ(ic->graph().terminals()[a].inject.element, a / k);
      EXPECT_EQ(ic->graph().terminals()[a].eject.element, (m - 1) * S + a % ipow(k, m - 1));
      EXPECT_EQ(ic->graph().terminals()[a].eject.port, a / ipow(k, m - 1));
      for (int b = 0; b < ic->terminals(); ++b) {
        if (a == b) continue;
        const int routes = each_route(*ic, *rf, a, b, [&](const std::vector<int>& p) {
          EXPECT_EQ(static_cast<int>(p.size()), m - 1) << a << "->" << b;
        });
        EXPECT_EQ(routes, 1);
      }
    }
  }
  for (auto [k, n, p] : {std::tuple{2, 3, 2}, std::tuple{3, 2, 1}, std::tuple{4, 2, 3}}) {
    const auto ic = build("flatfly", k, n, p);
    for (const char* alg : {"dor", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          const int routes = each_route(*ic, *rf, a, b, [&](const std::vector<int>& q) {
            EXPECT_EQ(static_cast<int>(q.size()), ff_hops(k, p, a, b)) << alg << " " << a << "->" << b;
          });
          // dor: one route; adaptive: every order of the differing dimensions (h!), escape or not.
          int f = 1;
          for (int i = 2; i <= ff_hops(k, p, a, b); ++i) f *= i;
          if (std::string(alg) == "dor") {
            EXPECT_EQ(routes, 1);
          } else {
            EXPECT_GE(routes, f);
          }
        }
    }
  }
}

TEST(FlatFlyRuft, CdgAcyclicWithCyclicNegativeControl) {
  for (auto [k, n, p] : {std::tuple{2, 3, 2}, std::tuple{3, 2, 1}, std::tuple{4, 3, 1}}) {
    const auto ic = build("flatfly", k, n, p);
    for (const char* alg : {"dor", "adaptive"}) {
      std::string cyc;
      EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << alg << ": " << cyc;
    }
    std::string cyc;
    EXPECT_FALSE(acyclic(*ic, NoEscapeFlatFly(*ic->flatfly(), true), &cyc)) << k << "-ary " << n << "-cube";
  }
  for (auto [k, m] : {std::pair{2, 3}, std::pair{3, 3}}) {
    const auto ic = build("ruft", k, m);
    std::string cyc;
    EXPECT_TRUE(acyclic(*ic, *make_relation("updown", *ic, {}), &cyc)) << cyc;
    for (const GraphChannel& c : ic->graph().channels()) EXPECT_EQ(c.to / (ipow(k, m) / k), c.from / (ipow(k, m) / k) + 1);
  }
}

}  // namespace
