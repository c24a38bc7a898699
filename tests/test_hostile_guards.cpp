// SPDX-License-Identifier: Apache-2.0
// Guards the newer features walked around (docs/robustness.md): the size of a network is refused by its
// family's formula before its graph is built, DRB's terminal x terminal tables are in the memory estimate and
// never built by validation, drbsim topology and metapaths estimate their own cost, a long link counts in
// the watchdog's one-hop sum, and a closed loop is bounded by sim.max_cycles in its run and its time series.
// A refused run's peak memory stays in the tens of MB, whatever it asked for.
#include <gtest/gtest.h>

#include <sys/resource.h>

#include "models/topology/interconnect.h"
#include "tb/drbsim/interconnects.h"
#include "tests/hostile.h"

using namespace drb::test;

namespace {

using V = std::vector<std::string>;

INSTANTIATE_TEST_SUITE_P(
    BeforeBuilding, Hostile,
    ::testing::Values(
        // 2-ary 20-tree: 2^20 terminals and 20 x 2^19 = 10.5 M switches.
        Case{"fattree_elements", [] { return V{"topology.kind=fattree", "topology.k=2", "topology.n=20"}; }, "topology.k"},
        Case{"fattree_elements_header", [] { return V{"header", "topology.kind=fattree", "topology.n=20", "topology.k=2"}; },
             "topology.k"},
        Case{"hybrid_elements",
             [] { return V{"topology", "topology.kind=hybrid", "topology.k=64", "topology.n=3", "topology.subnet=fattree",
                           "topology.stages=2"}; },
             "topology.k"},
        Case{"torus_nodes", [] { return V{"topology.k=300"}; }, "topology.k"},
        Case{"hypercube_nodes", [] { return V{"topology", "topology.kind=hypercube", "topology.n=17"}; }, "topology.n"},
        // DRB on a graph network: terminals^2 distances (32768^2 x 4 B = 4 GiB) are in the estimate.
        Case{"drb_fattree_tables",
             [] { return V{"topology.kind=fattree", "topology.k=32", "topology.n=3", "routing.algorithm=drb",
                           "router.vcs=8", "sim.mem_limit=64M"}; },
             "router.vcs"},
        Case{"drb_flatfly_61440",
             [] { return V{"topology.kind=flatfly", "topology.k=16", "topology.n=3", "topology.concentration=15",
                           "routing.algorithm=drb", "router.vcs=8", "sim.mem_limit=2G"}; },
             "router.vcs"},
        Case{"prdrb_fattree_tables",
             [] { return V{"topology.kind=fattree", "topology.k=32", "topology.n=3", "routing.algorithm=prdrb",
                           "router.vcs=8", "sim.mem_limit=64M"}; },
             "router.vcs"},
        Case{"run_count_cap", [] { return V{"header", "sim.max_runs=1000000"}; }, "sim.max_runs"}),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    Commands, Hostile,
    ::testing::Values(
        Case{"topology_torus_250", [] { return V{"topology", "topology.k=250"}; }, "topology.k"},
        Case{"topology_hypercube_15", [] { return V{"topology", "topology.kind=hypercube", "topology.n=15"}; },
             "topology.n"},
        Case{"topology_flatfly_32_3",
             [] { return V{"topology", "topology.kind=flatfly", "topology.k=32", "topology.n=3"}; }, "topology.k"},
        Case{"topology_flatfly_128_2",
             [] { return V{"topology", "topology.kind=flatfly", "topology.k=128", "topology.n=2"}; }, "topology.k"},
        Case{"topology_sweep_one_too_big", [] { return V{"topology", "sweep.topology.k=4,8,200"}; }, "topology.k"},
        Case{"metapaths_graph_memory",
             [] { return V{"metapaths", "topology.kind=fattree", "topology.k=32", "topology.n=3", "sim.mem_limit=1G"}; },
             "topology.k"}),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    Windows, Hostile,
    ::testing::Values(
        // One hop may take 9 + 20000 cycles on the long link: the default 10000-cycle watchdog would fire.
        Case{"long_link_watchdog",
             [] { return V{"topology.kind=hybrid", "topology.subnet=ruft", "topology.k=4", "topology.stages=2",
                           "topology.long_link=20000", "sim.measure=100"}; },
             "topology.long_link"},
        Case{"closed_loop_time_bin_one",
             [] { return V{"traffic.closed.active=0.5", "stats.time_bin=1", "topology.k=4"}; }, "stats.time_bin"},
        Case{"closed_loop_time_bin_long_drain",
             [] { return V{"traffic.closed.active=0.5", "stats.time_bin=100", "sim.drain_max=100000000",
                           "topology.k=4"}; },
             "stats.time_bin"}),
    case_name);

// The peak memory of a refused run: every refusal above comes before anything grows with the network.
long peak_rss_kib_of(const V& args) {
  const Exec e = drbsim_argv(args, 120);
  EXPECT_EQ(e.code, 2) << e.err;
  rusage ru{};
  getrusage(RUSAGE_CHILDREN, &ru);  // the largest child so far: this test's process ran only that one
  return ru.ru_maxrss;
}

#ifndef DRB_SANITIZED  // the sanitizers' shadow memory inflates every figure
TEST(HostileGuards, RefusedFatTreeTablesStayInTensOfMB) {
  const long kib = peak_rss_kib_of({"topology.kind=fattree", "topology.k=32", "topology.n=3", "routing.algorithm=drb",
                                    "router.vcs=8", "sim.mem_limit=64M"});
  std::printf("peak RSS of the refused 32-ary 3-tree DRB run: %ld KiB\n", kib);
  EXPECT_LT(kib, 64 * 1024);
}

TEST(HostileGuards, RefusedMillionElementGraphStaysInTensOfMB) {
  const long kib = peak_rss_kib_of({"header", "topology.kind=fattree", "topology.k=2", "topology.n=20"});
  std::printf("peak RSS of the refused 2-ary 20-tree: %ld KiB\n", kib);
  EXPECT_LT(kib, 64 * 1024);
}
#endif

// The formulas the size guard uses give what the families build (small instances of each).
TEST(HostileGuards, NetworkSizeFormulasMatchTheBuiltGraphs) {
  std::vector<drb::TopologyParams> nets;
  auto add = [&](const char* kind, std::vector<int> k, int n) {
    drb::TopologyParams p;
    p.kind = kind, p.k = std::move(k), p.n = n;
    nets.push_back(p);
    return &nets.back();
  };
  add("torus", {4, 6}, 2);
  add("torus", {3, 3, 3}, 3);
  add("mesh", {5, 2, 3}, 3);
  add("hypercube", {}, 5);
  add("midimew", {}, 2)->nodes = 32;
  add("fattree", {4}, 3);
  add("fattree", {2}, 5);
  add("ruft", {3}, 3);
  add("flatfly", {4}, 2)->concentration = 3;
  add("hybrid", {4}, 2);
  drb::TopologyParams* h = add("hybrid", {4}, 2);
  h->subnet = "fattree", h->stages = 2;
  h = add("hybrid", {8}, 2);
  h->subnet = "ruft", h->stages = 3, h->concentration = 2;
  for (const drb::TopologyParams& p : nets) {
    const auto ic = drb::make_interconnect(p);
    const drb::NetworkSize s = drb::network_size(p);
    EXPECT_EQ(s.terminals, ic->terminals()) << ic->describe();
    EXPECT_EQ(s.elements, ic->elements()) << ic->describe();
  }
}

// A sweep's points share their network: validation and the memory estimate build each distinct topology
// once (an 84-point sweep over a 16,384-router torus built its graph 169 times, 65 s under the sanitizers).
// The cache gives the network it built for equal parameters, and a different network for any field changed.
TEST(HostileGuards, SweepPointsShareTheirNetwork) {
  drb::TopologyParams base;
  base.k = {4, 4};
  std::vector<drb::TopologyParams> variants(10, base);
  variants[0].kind = "mesh";
  variants[1].k = {4, 5};
  variants[2].k = {4, 4, 4}, variants[2].n = 3;
  variants[3].nodes = 16, variants[3].kind = "midimew";
  variants[4].concentration = 2, variants[4].kind = "flatfly", variants[4].k = {4};
  variants[5].subnet = "fattree", variants[5].kind = "hybrid", variants[5].k = {4};
  variants[6].stages = 3;
  variants[7].long_link = 2;
  variants[8].trunk = 2;
  variants[9].ni_channels = 2;
  drb::InterconnectCache cache;
  const drb::Interconnect* first = &cache.get(base);
  EXPECT_EQ(&cache.get(base), first);
  for (const drb::TopologyParams& v : variants) {
    EXPECT_FALSE(v == base);
    drb::InterconnectCache own;
    EXPECT_NE(&own.get(v), &own.get(base));
  }
  // Four distinct networks are kept; a fifth evicts the oldest, which is then built anew and equal to it.
  const int terminals = first->terminals();
  for (int k = 5; k < 8; ++k) {
    drb::TopologyParams p = base;
    p.k = {k, 4};
    EXPECT_EQ(cache.get(p).terminals(), 4 * k);
  }
  EXPECT_EQ(&cache.get(base), first);
  drb::TopologyParams p = base;
  p.k = {9, 4};
  cache.get(p);
  EXPECT_EQ(cache.get(base).terminals(), terminals);
}

// A closed loop that cannot deliver its quota stops at sim.max_cycles (exit 3, naming it), not at sim.drain_max.
TEST(HostileGuards, ClosedLoopStopsAtMaxCycles) {
  const Exec e = drbsim_argv({"topology.k=4", "traffic.closed.active=0.5", "traffic.closed.quota=100000000",
                              "sim.max_cycles=5000", "sim.drain_max=4000000000000000", "sim.progress=off"},
                             120);
  EXPECT_EQ(e.code, 3) << e.err;
  EXPECT_NE(e.err.find("after 5000 cycles (sim.max_cycles)"), std::string::npos) << e.err;
}

}  // namespace
