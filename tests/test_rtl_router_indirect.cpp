// SPDX-License-Identifier: Apache-2.0
// router.impl=rtl in the indirect and switch-based fabrics (the harness and what a run must match:
// test_rtl_router.cpp, rtl_router_harness.h): a k-ary n-tree's switches (up/down, adaptive and random up
// phases, atomic VC reallocation, iSLIP), a flattened butterfly's (DRB2, escape-adaptive), a RUFT's, and
// hybrids, whose routers and subnet switches are two Verilated configurations in one network.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/rtl_router_harness.h"

using namespace drb::test::rtl_router;

namespace {

// iSLIP switch allocation in the 8-port switches of a 4-ary 3-tree with DRB's metapaths.
TEST(RtlRouterLong, IslipFatTreeSameRun) {
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=3", "router.vcs=4", "router.buffer=4",
           "routing.algorithm=drb", "router.alloc.sa=islip", "traffic.rate=0.8", "traffic.length=6", "sim.seed=21"},
          {true, false}, 20000);
}

// A k-ary n-tree: every switch is the Verilated drb_router with the up/down route unit (drb_updown_rc), 8
// ports, credits counted on its links and not towards terminals (stage 0's down ports), DEC acting where
// the destination terminal hangs; DRB's metapaths pop at intermediate terminals' switches.
TEST(RtlRouter, FatTreeSwitchesVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=3", "router.vcs=4", "router.buffer=4",
           "routing.algorithm=drb", "traffic.rate=0.8", "traffic.length=6", "sim.seed=8"},
          {true, false}, 4000);
}

// Atomic VC reallocation outside adaptive routing (router.vc_realloc=atomic), in a fat-tree's switches.
TEST(RtlRouterLong, FatTreeAtomicVcReallocationSameRun) {
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=3", "router.vcs=4", "router.buffer=4",
           "routing.algorithm=drb", "router.vc_realloc=atomic", "traffic.rate=0.8", "traffic.length=6", "sim.seed=11"},
          {true, false}, 20000);
}

// The adaptive up phase of a k-ary n-tree (routing.algorithm=adaptive; drb_route_unit's TreeUp): below an
// ancestor of the destination every up port is a candidate; sadp (the default routing.selection) takes
// the one whose free VCs hold the most credits. The up phase must choose: the run differs from updown's.
TEST(RtlRouter, FatTreeAdaptiveUpPhaseSameRun) {
  const std::vector<std::string> base{"topology.kind=fattree", "topology.k=4", "topology.n=3", "router.vcs=4",
                                      "router.buffer=4", "traffic.rate=0.8", "traffic.length=6", "sim.seed=13"};
  compare(with(base, {"routing.algorithm=adaptive"}), {false, false}, 4000);
  EXPECT_NE(run(with(base, {"routing.algorithm=adaptive"}), false, 4000)["flits"],
            run(with(base, {"routing.algorithm=updown"}), false, 4000)["flits"]);
}

// random: each head's up ports tried from one drawn per packet and switch (FatTreeRouting's hash of the
// header's origin, sequence number and destination and the switch id; drb_route_unit's TreeUp 4, a
// splitmix64 finaliser in RTL), on a 3-ary 3-tree (the draw modulo an odd arity). The draw must matter:
// the run differs from first_free's.
TEST(RtlRouter, FatTreeRandomUpPhaseVerilatedOnFirstUseSameRun) {
  const std::vector<std::string> base{"topology.kind=fattree", "topology.k=3", "topology.n=3", "router.vcs=3",
                                      "router.buffer=4", "routing.algorithm=adaptive", "traffic.rate=0.8",
                                      "traffic.length=6", "sim.seed=24"};
  compare(with(base, {"routing.selection=random"}), {false, false}, 4000);
  EXPECT_NE(run(with(base, {"routing.selection=random"}), false, 4000)["flits"],
            run(with(base, {"routing.selection=first_free"}), false, 4000)["flits"]);
}

// The up phase's in-order selections: lowest (from up port 0) on a 4-ary 2-tree of 2 VCs, and first_free
// (from the deterministic port, wrapping past the last up port: odd arity) on a 3-ary 3-tree with atomic VC
// reallocation.
TEST(RtlRouterLong, FatTreeAdaptiveFirstFreeAndLowestSameRun) {
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=2", "router.vcs=2", "router.buffer=4",
           "routing.algorithm=adaptive", "routing.selection=lowest", "traffic.rate=0.8", "traffic.length=6",
           "sim.seed=14"},
          {false, false}, 20000);
  compare({"topology.kind=fattree", "topology.k=3", "topology.n=3", "router.vcs=3", "router.buffer=4",
           "routing.algorithm=adaptive", "routing.selection=first_free", "router.vc_realloc=atomic", "traffic.rate=0.8",
           "traffic.length=6", "sim.seed=15"},
          {false, false}, 20000);
}

// A flattened butterfly: every switch is the Verilated drb_router with the minimal dimension-order route
// unit (drb_flatfly_rc), 4-ary 2-flat of two terminals a switch (16 switches of 3 + 3 + 2 ports, credits
// not counted towards the two terminals), DRB2's metapaths popping at intermediate terminals' switches and
// GMR's early acks entering at the switch's first terminal.
TEST(RtlRouter, FlattenedButterflySwitchesVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=flatfly", "topology.k=4", "topology.n=2", "topology.concentration=2", "router.vcs=4",
           "router.buffer=4", "routing.algorithm=drb2", "drb2.threshold=8", "traffic.rate=0.7", "traffic.length=6",
           "sim.seed=9"},
          {true, true}, 4000);
}

// Escape-adaptive routing on the flattened butterfly (routing.algorithm=adaptive, FlatFlyRouting): per head
// the adaptive class on every differing dimension's port, dimensions increasing, then the dor hop on the
// escape class; VCs reallocated once empty (Duato's atomic rule). Past saturation most heads find their
// first choice taken, and the adaptive candidates must matter: the run differs from dor's. Then a 3-ary
// 3-flat of one terminal a switch, 3 VCs (one escape, two adaptive). (Long: the default label has the
// hybrid's router, which scans alike, and bench_switch_rc checks drb_flatfly_rc's candidates.)
TEST(RtlRouterLong, FlattenedButterflyEscapeAdaptiveSameRun) {
  const std::vector<std::string> base{"topology.kind=flatfly", "topology.k=4",    "topology.n=2",
                                      "topology.concentration=2", "router.vcs=4", "router.buffer=4",
                                      "traffic.rate=0.8", "traffic.length=6",    "sim.seed=18"};
  compare(with(base, {"routing.algorithm=adaptive"}), {false, false}, 20000);
  EXPECT_NE(run(with(base, {"routing.algorithm=adaptive"}), false, 4000)["flits"],
            run(with(base, {"routing.algorithm=dor"}), false, 4000)["flits"]);
  compare({"topology.kind=flatfly", "topology.k=3", "topology.n=3", "topology.concentration=1", "router.vcs=3",
           "router.buffer=4", "routing.algorithm=adaptive", "traffic.rate=0.7", "traffic.length=6", "sim.seed=19"},
          {false, false}, 20000);
}

// A RUFT: every switch is the Verilated drb_router with the RUFT's route unit (drb_updown_rc, Ruft): 2
// ports, terminals injecting at stage 0 and ejecting from the last stage (credits not counted there).
TEST(RtlRouter, RuftSwitchesVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=ruft", "topology.k=2", "topology.n=4", "router.vcs=2", "router.buffer=4", "traffic.rate=0.6",
           "traffic.length=6", "sim.seed=12"},
          {false, false}, 4000);
}

// Hybrids: two Verilated configurations in one network, the routers (drb_hybrid_rc: the lowest differing
// dimension, the terminal's port where the destination hangs; 2 + 2 ports) and the subnets' switches. A
// 4-ary 2-direct 2-indirect hybrid with fat-tree subnets (k_i = 2: 32 switches of 4 ports) of 2 terminals
// a router; DRB's metapaths popping at intermediate terminals' routers.
const std::vector<std::string> kHybrid{"topology.kind=hybrid", "topology.k=4", "topology.n=2", "topology.concentration=2",
                                       "router.vcs=4", "router.buffer=4", "traffic.length=6"};
TEST(RtlRouter, HybridFatTreeSubnetsVerilatedOnFirstUseSameRun) {
  compare(with(kHybrid, {"topology.subnet=fattree", "topology.stages=2", "routing.algorithm=drb", "traffic.rate=0.45",
                         "sim.seed=13"}),
          {true, false}, 5000);
}
// RUFT subnets (2 stages of 2-port switches a line, links back to the routers), Valiant past saturation:
// the router's configuration is the fat-tree hybrid's (a router does not see its subnets).
TEST(RtlRouter, HybridRuftSubnetsPastSaturationSameRun) {
  compare(with(kHybrid, {"topology.subnet=ruft", "topology.stages=2", "routing.algorithm=valiant", "traffic.rate=0.35",
                         "sim.seed=14"}),
          {true, false}, 4000);
}
// Escape-adaptive routing on the hybrid (HybridRouting, adaptive): a router offers the adaptive class on
// every differing dimension, then the dor dimension on the escape class; a subnet switch keeps the class
// the head arrived in (its input VC's class: drb_route_unit's InVc). Fat-tree subnets past saturation; the
// adaptive candidates must matter.
TEST(RtlRouter, HybridEscapeAdaptiveVerilatedOnFirstUseSameRun) {
  const std::vector<std::string> base =
      with(kHybrid, {"topology.subnet=fattree", "topology.stages=2", "traffic.rate=0.5", "sim.seed=20"});
  compare(with(base, {"routing.algorithm=adaptive"}), {false, false}, 5000);
  EXPECT_NE(run(with(base, {"routing.algorithm=adaptive"}), false, 5000)["flits"],
            run(with(base, {"routing.algorithm=dor"}), false, 5000)["flits"]);
}
// ... with crossbar and RUFT subnets.
TEST(RtlRouterLong, HybridEscapeAdaptiveCrossbarAndRuftSubnetsSameRun) {
  compare(with(kHybrid, {"topology.subnet=crossbar", "topology.stages=1", "routing.algorithm=adaptive",
                         "traffic.rate=0.5", "sim.seed=21"}),
          {false, false}, 20000);
  compare(with(kHybrid, {"topology.subnet=ruft", "topology.stages=2", "routing.algorithm=adaptive", "traffic.rate=0.4",
                         "sim.seed=22"}),
          {false, false}, 20000);
}
// Crossbar subnets (one 4-port switch a line), DRB.
TEST(RtlRouterLong, HybridCrossbarSubnetsSameRun) {
  compare(with(kHybrid, {"topology.subnet=crossbar", "topology.stages=1", "routing.algorithm=drb", "traffic.rate=0.5",
                         "sim.seed=15"}),
          {true, false}, 5000);
}

}  // namespace
