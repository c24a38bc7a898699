// SPDX-License-Identifier: Apache-2.0
// router.impl=rtl (systemc/cosim/rtl_router.h): every router of the fabric is the Verilated drb_router
// (rtl/drb_router.sv), clocked every cycle at the model's channel ports. The RTL is equal to RouterCore at
// its ports, so a run must be the model's run exactly: each scenario runs once with the C++ routers and
// once with the RTL ones, each in its own child process, and the two must deliver every flit on every
// channel in the same cycle (receiver, packet, flit, VC and, for heads, the header fields the router edits:
// destination stack, step, dateline bits, AL's latency field, GMR's early_sent), deliver every packet and
// use every ack (early and final) in the same cycle, and count the same block events (DEC pops, AL waits,
// GMR fires, contended allocations; tests/rtl_router_harness.h). drbsim's results and waveforms must be
// byte-identical too. The scenarios here cover the direct networks' Verilated configurations: the default
// torus past saturation, DRB2's GMR and DEC, Valiant's DEC pops, high-priority acks on dateline classes, an
// 8x8 torus, and configurations verilated on first use (a 9x9 torus; a 3-D torus of mixed radices with
// another dimension order and random ties; a mesh; a hypercube; a midimew); the switch-based fabrics
// (fat-trees, flattened butterflies, RUFTs, hybrids) are in test_rtl_router_indirect.cpp.
// Outside what the RTL router offers the key is refused before simulating, naming the key that differs.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "systemc/cosim/rtl_config.h"
#include "tests/rtl_router_harness.h"
#include "tests/support.h"
#include "tests/vcd.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::rtl_router;
using nlohmann::json;

namespace {

// The default 4x4 torus (dor, 2 VCs of 8 flits, balanced ring classes) past saturation.
TEST(RtlRouter, DefaultTorusPastSaturationSameRun) {
  compare({"topology.k=4", "traffic.rate=0.9", "sim.seed=3"}, {false, false}, 6000);
}
// DRB2: metapaths (DEC pops at intermediate nodes) and GMR's early acks with a fixed threshold.
TEST(RtlRouter, Drb2GmrAndDecSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb2", "drb2.threshold=16", "traffic.rate=0.4"}), {true, true}, 6000);
}
// Valiant: a random intermediate for every packet; its configuration has GMR, written never to fire.
TEST(RtlRouter, ValiantDecPopsSameRun) {
  compare(with(kSmall, {"routing.algorithm=valiant", "traffic.rate=0.4"}), {true, false}, 6000);
}
// DRB with high-priority acks crossing the network on dateline classes: the arbiters' priority path, the
// dateline bits a wrap link sets and DEC clears.
TEST(RtlRouter, HighPriorityAcksOnDatelineClassesSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb", "drb.ack_mode=high_priority", "routing.vc_classes=dateline",
                        "router.vcs=8", "traffic.rate=0.6"}),
          {true, false}, 4000);
}
// dor on dateline classes of two VCs each (the request picks the VC with the most credits).
TEST(RtlRouter, DatelineClassesOfTwoVcsSameRun) {
  compare(with(kSmall, {"routing.vc_classes=dateline", "traffic.rate=0.5", "traffic.length=4"}), {false, false}, 6000);
}
// A light load: most routers are quiet most cycles and skip their edges; the heads that wake them carry
// AL latency fields, written with a timer that lagged the fabric by the skipped cycles, which must not
// matter (AL reads timer differences), nor may the credits that wake a router that holds no flit.
TEST(RtlRouter, QuietRoutersSkippedAtLowLoadSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb2", "drb2.threshold=4", "traffic.rate=0.06"}), {false, false, true}, 12000);
}
// An AL timer unit of 3 cycles (al.tick=3: drb_router's AlTick, a prescaler) with VC allocation of 2 cycles,
// so that T1 = floor((cycle + 2) / 3) crosses a tick boundary or not by the prescaler's phase; at a light
// load, where quiet routers skip their edges: a skipped stretch must be whole ticks (a lag of one cycle
// changes floor differences), the rest clocked idle.
TEST(RtlRouter, AlTickOfThreeCyclesQuietRoutersVerilatedOnFirstUseSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb2", "drb2.threshold=2", "al.tick=3", "router.delay.va=2",
                        "traffic.rate=0.06"}),
          {false, false, true}, 12000);
}
// The stage delays are drb_router's parameters (DRc, DVa, DDec, OutDelay = router.delay.sa + .st),
// verilated on first use: DRB2 with route compute of 2 cycles, VC allocation 2 (AL's T1, the zero-load
// switch slot, moves with it), DEC's extra pass 3, switch allocation 2 and traversal 1.
TEST(RtlRouter, StageDelaysVerilatedOnFirstUseSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb2", "drb2.threshold=16", "traffic.rate=0.3", "router.delay.rc=2",
                        "router.delay.va=2", "router.delay.dec=3", "router.delay.sa=2", "router.delay.st=1"}),
          {true, true}, 6000);
}
// ... and the shortest stages the RTL has: route compute within the arrival's cycle (0), switch
// allocation and traversal in one, VC allocation 3, in a 4-ary 3-tree's switches with DRB.
TEST(RtlRouterLong, ShortAndLongStagesFatTreeSameRun) {
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=3", "router.vcs=4", "router.buffer=4",
           "routing.algorithm=drb", "router.delay.rc=0", "router.delay.va=3", "router.delay.sa=0", "router.delay.st=1",
           "traffic.rate=0.6", "traffic.length=6", "sim.seed=23"},
          {true, false}, 20000);
}
TEST(RtlRouter, EightByEightTorusSameRun) {
  compare({"topology.k=8", "traffic.rate=0.35", "sim.seed=2"}, {false, false}, 3000);
}
TEST(RtlRouterLong, Drb2GmrAndDecSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb2", "drb2.threshold=16", "traffic.rate=0.45"}), {true, true}, 200000);
}
TEST(RtlRouterLong, HighPriorityAcksOnDatelineClassesSameRun) {
  compare(with(kSmall, {"routing.algorithm=drb", "drb.ack_mode=high_priority", "routing.vc_classes=dateline",
                        "router.vcs=8", "traffic.rate=0.6"}),
          {true, false}, 100000);
}

// A configuration the build did not verilate is verilated on first use, cached under the build folder, and
// runs as the model does: a 9x9 torus (an odd radix; 81 nodes, more than the build's header package holds,
// so with a package of its own), 6-flit buffers, DRB2 with in-network acks on 6 VCs.
TEST(RtlRouter, ConfigurationVerilatedOnFirstUseSameRun) {
  compare({"topology.k=9", "router.vcs=6", "router.buffer=6", "routing.algorithm=drb2", "drb.ack_mode=in_network",
           "drb2.threshold=12", "traffic.rate=0.35", "traffic.length=6", "sim.seed=4"},
          {false, true}, 4000);
}

// Virtual cut-through (router.switching=vct): an output VC takes a head only with credits for its whole
// packet, read from the header's length; packets of 3 and 8 flits in buffers of 8, so the room test differs
// from both wormhole's (any credit) and atomic reallocation's (an empty buffer). DRB2 with GMR and DEC pops.
TEST(RtlRouter, VirtualCutThroughVerilatedOnFirstUseSameRun) {
  compare({"topology.k=4", "router.switching=vct", "router.vcs=4", "router.buffer=8", "traffic.length=3,8",
           "routing.algorithm=drb2", "drb2.threshold=16", "traffic.rate=0.45", "sim.seed=9"},
          {true, true}, 6000);
}

// Several channels between a node and its router (topology.ni_channels=3): the router's last three ports are
// the terminal's, and a head ejecting takes, of them, the one with the fewest VCs owned that has a free
// one (RouteUnit::eject_channel). DRB2 past saturation, so the ejection ports are often busy.
TEST(RtlRouter, SeveralNiChannelsVerilatedOnFirstUseSameRun) {
  compare(with(kSmall, {"topology.ni_channels=3", "routing.algorithm=drb2", "drb2.threshold=16", "traffic.rate=0.8"}),
          {true, true}, 4000);
}

// Trunked links (topology.trunk=2: two links a direction between neighbours, ports (2d + s) 2 + m): a head
// takes the first member of its trunk with a usable VC, on it the VC with the most credits
// (RouteUnit::pick_output_vc_t, first_free); DRB2 on dateline classes, so both members of a wrap trunk set
// the dateline bit.
TEST(RtlRouter, TrunkedLinksVerilatedOnFirstUseSameRun) {
  compare(with(kSmall, {"topology.trunk=2", "routing.algorithm=drb2", "drb2.threshold=16",
                        "routing.vc_classes=dateline", "traffic.rate=0.7"}),
          {true, true}, 4000);
}

// ... and cyclic trunk selection (router.trunk_select=cyclic) on a 4x4 mesh with trunks of 3: a trunk's next
// head tries first the member after the last one granted (per-trunk state every grant of the router moves,
// the last grant of a cycle in input-VC order counting), with iSLIP VC allocation asking for that member's
// VCs.
TEST(RtlRouter, CyclicTrunkSelectionIslipMeshVerilatedOnFirstUseSameRun) {
  compare(with(kSmall, {"topology.kind=mesh", "topology.trunk=3", "router.trunk_select=cyclic", "router.alloc.va=islip",
                        "routing.algorithm=drb2", "drb2.threshold=6", "traffic.rate=0.7"}),
          {true, false}, 4000);  // (trunks of 3 keep the latency fields short: a few dozen early acks)
}

// ... and under minimal adaptive routing (routing.algorithm=adaptive with topology.trunk=2, the link
// power-saving experiments' relation): each candidate direction of the adaptive scan is a trunk, its members
// tried in order from the one after the last granted (router.trunk_select=cyclic), the adaptive class on
// every minimal direction before the escape class. A 4x4 torus with 3 VCs (two dateline escape classes and
// the adaptive one), ring ties drawn per packet, past saturation.
TEST(RtlRouter, TrunksUnderAdaptiveRoutingVerilatedOnFirstUseSameRun) {
  compare({"topology.k=4", "topology.trunk=2", "router.trunk_select=cyclic", "routing.algorithm=adaptive",
           "router.vcs=3", "router.buffer=4", "routing.tie=random", "traffic.rate=0.9", "traffic.length=6",
           "sim.seed=9"},
          {false, false}, 4000);
}

// Any k-ary n-cube: a 3-D torus of radices 4, 4 and 3 (7-port routers; the radix-3 coordinate computed by
// division, the others bit fields), dimensions corrected z first, ring ties of the radix-4 rings drawn per
// packet (the header's tie bits), DRB2 on dateline classes (wrap links of three dimensions set and DEC
// clears the dateline bits).
TEST(RtlRouter, ThreeDimensionalTorusVerilatedOnFirstUseSameRun) {
  compare({"topology.n=3", "topology.k=4,4,3", "router.vcs=4", "router.buffer=4", "routing.algorithm=drb2",
           "drb2.threshold=14", "routing.vc_classes=dateline", "routing.dim_order=decreasing", "routing.tie=random",
           "traffic.rate=0.35", "traffic.length=6", "sim.seed=6"},
          {true, true}, 4000);
}
// A mesh (no wrap links, no ring classes; the direction is the sign of the offset) of radices 5 and 4,
// DRB2 with two VCs per step.
TEST(RtlRouter, MeshVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=mesh", "topology.k=5,4", "router.vcs=4", "router.buffer=4", "routing.algorithm=drb2",
           "drb2.threshold=8", "traffic.rate=0.5", "traffic.length=6", "sim.seed=7"},
          {true, true}, 4000);
}
// Minimal adaptive routing on a 4x4 torus (routing.algorithm=adaptive): per head the adaptive class on
// the dimension-order port, then on the other minimal ports (both sides of a radix-4 ring at distance 2,
// the side the packet's tie bit picks first), then the dateline escape class; VCs reallocated once empty
// (Duato's atomic rule). Past saturation most heads find their first choice taken.
TEST(RtlRouter, AdaptiveTorusVerilatedOnFirstUseSameRun) {
  compare({"topology.k=4", "routing.algorithm=adaptive", "router.vcs=4", "router.buffer=4", "routing.tie=random",
           "traffic.rate=0.6", "traffic.length=6", "sim.seed=8"},
          {false, false}, 4000);
}
// The same on a 5x4 mesh (escape and adaptive classes, no ties), dimensions corrected y first.
TEST(RtlRouterLong, AdaptiveMeshSameRun) {
  compare({"topology.kind=mesh", "topology.k=5,4", "routing.algorithm=adaptive", "router.vcs=3", "router.buffer=4",
           "routing.dim_order=decreasing", "traffic.rate=0.5", "traffic.length=6", "sim.seed=9"},
          {false, false}, 20000);
}

// Negative-first on a 4x4 mesh (routing.algorithm=negative_first): per head the minimal ports of its phase
// (negative hops first), chosen by least load (the fewest VCs owned), and past saturation the misroutes
// onto - ports, offered to heads that came down a negative channel or from the NI.
TEST(RtlRouter, NegativeFirstMeshVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=2", "router.buffer=4",
           "traffic.rate=0.6", "traffic.length=6", "sim.seed=11"},
          {false, false}, 4000);
}
// On a 5x4 mesh without misroutes at the source, 3 VCs reallocated once empty.
TEST(RtlRouterLong, NegativeFirstNoSourceMisrouteAtomicSameRun) {
  compare({"topology.kind=mesh", "topology.k=5,4", "routing.algorithm=negative_first", "routing.misroute_at_source=false",
           "router.vc_realloc=atomic", "router.vcs=3", "router.buffer=4", "traffic.rate=0.5", "traffic.length=6",
           "sim.seed=12"},
          {false, false}, 20000);
}

// On a binary 4-cube (each dimension one link, no ring classes), highest dimension first.
TEST(RtlRouterLong, AdaptiveHypercubeSameRun) {
  compare({"topology.kind=hypercube", "topology.n=4", "routing.algorithm=adaptive", "router.vcs=3", "router.buffer=4",
           "routing.dim_order=decreasing", "traffic.rate=0.6", "traffic.length=6", "sim.seed=10"},
          {false, false}, 20000);
}

// BookSim2's router (router.preset=booksim): iSLIP switch allocation (drb_switch_alloc's Islip: every output
// an input's VCs want is requested, grants and accepts move the pointers) and iSLIP VC allocation
// (drb_vc_alloc's Islip: a head asks for every usable VC of its port, each output VC grants one, each head
// accepts one), random ring ties, 2-cycle links with 3-cycle credits; high-priority acks on dateline
// classes exercise the priority class at all three switch steps. Each allocator must matter: the run
// differs from the one with that allocator separable.
TEST(RtlRouter, IslipAllocationBooksimPresetVerilatedOnFirstUseSameRun) {
  const std::vector<std::string> base = with(kSmall, {"routing.algorithm=drb", "drb.ack_mode=high_priority",
                                                      "routing.vc_classes=dateline", "router.vcs=6", "traffic.rate=0.6",
                                                      "router.preset=booksim"});
  compare(base, {true, false}, 4000);
  const json islip = run(base, false, 4000)["flits"];
  EXPECT_NE(islip, run(with(base, {"router.alloc.sa=separable"}), false, 4000)["flits"]);
  EXPECT_NE(islip, run(with(base, {"router.alloc.va=separable"}), false, 4000)["flits"]);
}
// iSLIP VC allocation under the adaptive selections, whose requests are every usable VC of the port the
// selection chose: the adaptive torus (the first candidate with a usable VC), the fat-tree's adaptive up
// phase (most credits over the up ports), negative-first (the fewest owned VCs).
TEST(RtlRouterLong, IslipVcAllocationAdaptiveSelectionsSameRun) {
  compare({"topology.k=4", "routing.algorithm=adaptive", "router.vcs=4", "router.buffer=4", "router.alloc.va=islip",
           "traffic.rate=0.6", "traffic.length=6", "sim.seed=31"},
          {false, false}, 6000);
  compare({"topology.kind=fattree", "topology.k=4", "topology.n=2", "router.vcs=2", "router.buffer=4",
           "routing.algorithm=adaptive", "router.alloc.va=islip", "traffic.rate=0.8", "traffic.length=6", "sim.seed=32"},
          {false, false}, 6000);
  compare({"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=2", "router.buffer=4",
           "router.alloc.va=islip", "traffic.rate=0.6", "traffic.length=6", "sim.seed=33"},
          {false, false}, 6000);
}

// A binary 5-cube: 6-port routers (port d flips address bit d), the route unit a 2-ary 5-mesh's with its
// two directions of a dimension folded into one port, dimensions corrected highest first, DRB2.
TEST(RtlRouter, HypercubeVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=hypercube", "topology.n=5", "router.vcs=4", "router.buffer=4", "routing.algorithm=drb2",
           "drb2.threshold=8", "routing.dim_order=decreasing", "traffic.rate=0.8", "traffic.length=6", "sim.seed=10"},
          {true, true}, 4000);
}

// A midimew C_50(4, 5) (odd offsets, b not a power of two): 5-port routers whose route unit
// (drb_midimew_rc) reads a ROM of the model's jump counts per offset, the jump rings routed long jump first
// with partition classes (does the rest of the traversal pass N?), DRB2 with GMR's early acks.
TEST(RtlRouter, MidimewVerilatedOnFirstUseSameRun) {
  compare({"topology.kind=midimew", "topology.nodes=50", "router.vcs=4", "router.buffer=4", "routing.algorithm=drb2",
           "drb2.threshold=8", "routing.vc_classes=partition", "routing.dim_order=decreasing", "traffic.rate=0.6",
           "traffic.length=6", "sim.seed=16"},
          {true, true}, 4000);
}
// A midimew C_32(3, 4) with dateline classes (the link's own wrap, then the header's bit) and DRB past
// saturation.
TEST(RtlRouterLong, MidimewDatelineClassesSameRun) {
  compare({"topology.kind=midimew", "topology.nodes=32", "router.vcs=4", "router.buffer=4", "routing.algorithm=drb",
           "routing.vc_classes=dateline", "traffic.rate=0.9", "traffic.length=6", "sim.seed=17"},
          {true, false}, 4000);
}

// drbsim run with router.impl=model, then =rtl, each writing the file `key` names (<name>_<0|1><ext> in
// the test's temporary folder); the two paths, or none when a run failed.
std::vector<std::string> model_then_rtl(const std::string& base, const std::string& key, const std::string& name,
                                        const std::string& ext) {
  std::vector<std::string> out;
  for (int i = 0; i < 2; ++i) {
    out.push_back(test_tmp(name + "_" + std::to_string(i) + ext));
    const Exec e = drbsim(base + (i ? " router.impl=rtl " : " router.impl=model ") + key + "=" + out.back());
    if (e.code != 0) {
      ADD_FAILURE() << "drbsim exit " << e.code << ": " << e.err;
      return {};
    }
  }
  return out;
}

// drbsim's results (the JSON's result block: latencies, throughput, link loads, events) are byte-identical.
TEST(RtlRouter, DrbsimResultsByteIdentical) {
  if (!cosim::rtl_built()) GTEST_SKIP() << "this build has no RTL (DRB_NO_RTL)";
  const std::string base = "topology.k=4 router.vcs=4 router.buffer=4 routing.algorithm=drb2 traffic.rate=0.35 "
                           "sim.warmup=1000 sim.measure=4000 stats.links=true";
  const std::vector<std::string> out = model_then_rtl(base, "out.json", "rtl_router", ".json");
  ASSERT_EQ(out.size(), 2u);
  std::string result[2];
  for (int i = 0; i < 2; ++i) result[i] = json::parse(slurp(out[i]))["runs"][0]["result"].dump();
  EXPECT_GT(result[0].size(), 500u);
  EXPECT_EQ(result[0], result[1]);
}

// trace.vcd under router.impl=rtl: the routers' signals come from the RTL (its VC states, FIFO counts and
// credit counters on the observation ports) and the adapter (the packet each VC routed), the rest from the
// channels and NIs as in the model's run. Equal routers give the same waveform, byte for byte: every VC's
// state, occupancy and credits in every cycle (a check the flit trace above cannot make: it sees only
// what leaves a router). DRB2 past saturation, so every state and the early acks' credits occur.
TEST(RtlRouter, WaveformSameRun) {
  if (!cosim::rtl_built()) GTEST_SKIP() << "this build has no RTL (DRB_NO_RTL)";
  const std::string base = "topology.k=4 router.vcs=4 router.buffer=4 routing.algorithm=drb2 traffic.rate=0.5 "
                           "sim.warmup=0 sim.measure=1500 traffic.length=10";
  const std::vector<std::string> out = model_then_rtl(base, "trace.vcd", "rtl_wave", ".vcd");
  ASSERT_EQ(out.size(), 2u);
  const std::string vcd[2] = {slurp(out[0]), slurp(out[1])};
  // Busy enough to show what the comparison covers: input VCs in each of the four states, buffers full
  // (4 flits) and output VCs out of credits, many times over.
  std::map<int64_t, int> states;
  int full = 0, no_credit = 0;
  for (const auto& [name, ch] : changes(out[0])) {
    auto ends = [&name](const std::string& x) {
      return name.size() > x.size() && name.compare(name.size() - x.size(), x.size(), x) == 0;
    };
    for (const auto& [t, v] : ch) {
      if (ends(".state")) ++states[v];
      if (ends(".occupancy") && v == 4) ++full;
      if (ends(".credits") && v == 0) ++no_credit;
    }
  }
  for (int64_t st = 0; st < 4; ++st) EXPECT_GE(states[st], 100) << "VC state " << st;
  EXPECT_GE(full, 100);
  EXPECT_GE(no_credit, 100);
  ASSERT_EQ(vcd[0].size(), vcd[1].size());
  size_t at = 0;
  while (at < vcd[0].size() && vcd[0][at] == vcd[1][at]) ++at;
  EXPECT_EQ(at, vcd[0].size()) << "first difference at byte " << at << ":\n"
                               << vcd[0].substr(at > 300 ? at - 300 : 0, 400) << "\n---- RTL ----\n"
                               << vcd[1].substr(at > 300 ? at - 300 : 0, 400);
}

// Outside the Verilated configurations: exit 2 before simulating, naming the key.
TEST(RtlRouter, UnsupportedConfigurationsAreRefused) {
  if (!cosim::rtl_built()) {
    expect_refused({{"topology.k=4 router.impl=rtl", "router.impl"}});
    return;
  }
  const std::string r = "router.impl=rtl sim.measure=10 sim.warmup=0 ";
  expect_refused({
      {r + "topology.k=4 routing.algorithm=prdrb router.vcs=4", "routing.algorithm"},
      {r + "topology.k=4 topology.n=3 router.vcs=10", "router.vcs"},
      {r + "topology.k=4 router.arbiter=age", "router.arbiter"},
      {r + "topology.k=4 al.tick=100000", "al.tick"},
      {r + "topology.k=4 router.delay.va=0", "router.delay.va"},
      {r + "topology.k=4 router.delay.sa=0 router.delay.st=0", "router.delay.sa"},
      {r + "topology.k=4 router.blocks.gmr=rtl", "router.blocks.gmr"},
      {r + "topology.k=4 router.vcs=16", "router.vcs"},
      {r + "topology.k=4 power.mechanism=on", "power.mechanism"},
  });
}

}  // namespace
