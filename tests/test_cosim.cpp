// SPDX-License-Identifier: Apache-2.0
// RTL mode of the fabric (router.blocks.*, systemc/cosim): a 4x4 torus under load runs once with every
// router block (DEC, AL, GMR, crossbar arbiters, VC and switch allocators) as its C++ model and once with
// every block as the Verilated RTL, each in its own child process. The RTL meets its model bit for bit, so
// the two runs must produce the same packet trace: every packet's id, path, injection and ejection cycle
// and final latency field, every ack the sources used, and every hop of every head (data and ack) with the
// output port and VC it took, the cycle, and the header fields the blocks edit (stack front and size,
// step, dateline bits, latency), in the same order. The load must exercise every block many times, which
// the router's counters show. Outside the layout the RTL was generated for, RTL mode must be refused before
// simulating.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "systemc/cosim/rtl_config.h"
#include "systemc/fabric/fabric.h"
#include "tb/traffic/generator.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;
using nlohmann::json;

namespace {

// Serializes what the network reports about packets, acks and heads leaving routers into the child's JSON.
struct TraceRecorder : NetObserver, HeadTap {
  json packets = json::array(), acks = json::array(), hops = json::array();
  // A head as it leaves a router: after DEC and AL's resume, before the output's dateline bit and GMR.
  void head_left(const HeadLeaving& h) override {
    const Header& x = h.pk.hdr;
    hops.push_back(json::array({h.pk.id, h.router, h.out_port, h.out_vc, h.now, x.tclass == TrafficClass::Data ? 0 : 1,
                                x.front(), x.stack_size(), x.step, x.dateline, x.latency}));
  }
  void packet_arrived(const Packet& p, const Message&, int64_t now) override {
    packets.push_back({{"id", p.id},
                       {"src", p.src},
                       {"dst", p.hdr.final_dest},
                       {"path", p.path},
                       {"t_inj", p.t_inj},
                       {"t_arrive", p.t_arrive},
                       {"now", now},
                       {"latency", p.hdr.latency},
                       {"early_sent", p.hdr.early_sent}});
  }
  void ack_used(int src, const Header& a, int64_t now) override {
    acks.push_back({{"t", now},
                    {"src", src},
                    {"kind", a.ack_kind == AckKind::Early ? "early" : "final"},
                    {"final", a.final_dest},
                    {"seq", a.seq},
                    {"latency", a.latency},
                    {"d1", a.d1_valid ? static_cast<int64_t>(a.d1) : -1},
                    {"d2", a.d2_valid ? static_cast<int64_t>(a.d2) : -1}});
  }
};

// One run in a child process: traffic for `cycles`, then a drain; trace, summed block counters and how
// many routers held RTL instances (and how often those were evaluated).
json run(std::vector<std::string> kv, const std::string& blocks, int64_t cycles) {
  kv.push_back("router.blocks.all=" + blocks);
  return in_child([kv, cycles] {
    const Scenario s = scenario(kv);
    Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
    Network& net = fab.net();
    TraceRecorder rec;
    net.add_observer(&rec);
    net.add_head_tap(&rec);
    TrafficGenerator gen(net, s.traffic, s.net.seed);
    gen.set_window(0, cycles);
    fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
    fab.run_until(cycles);
    gen.stop();
    while ((net.live_messages() || net.live_packets()) && fab.cycle() < cycles + 200000)
      fab.run_until(fab.cycle() + 500);
    RouterCore::Counters c;
    uint64_t evals = 0;
    int rtl_routers = 0;
    for (int r = 0; r < net.nodes(); ++r) {
      const RouterCore::Counters& k = net.router(r).counters();
      c.dec_pops += k.dec_pops;
      c.al_waits += k.al_waits;
      c.gmr_fires += k.gmr_fires;
      c.contended += k.contended;
      if (const cosim::RouterRtl* x = net.router(r).rtl()) {
        ++rtl_routers;
        evals += x->evals();
      }
    }
    return json{{"packets", rec.packets},
                {"acks", rec.acks},
                {"hops", rec.hops},
                {"live", net.live_packets()},
                {"messages", gen.total().messages - gen.total().rejected},
                {"dec_pops", c.dec_pops},
                {"al_waits", c.al_waits},
                {"gmr_fires", c.gmr_fires},
                {"contended", c.contended},
                {"rtl_routers", rtl_routers},
                {"rtl_evals", evals}};
  });
}

void expect_same_trace(const json& model, const json& rtl) { expect_same_lists(model, rtl, {"packets", "acks", "hops"}); }

// Every data packet must be seen, the network must drain, and each block must be busy. The minimum counts
// are far below what the load gives (some thousand packets, most of them queueing at least once) and far
// above what a block that is never reached would show (zero).
void expect_exercised(const json& r, bool pops, bool gmr) {
  ASSERT_FALSE(r.contains("error")) << r.dump();
  const uint64_t packets = r["packets"].size();
  EXPECT_GE(packets, 2000u);
  EXPECT_EQ(packets, r["messages"].get<uint64_t>()) << "one packet per message; every message delivered";
  EXPECT_EQ(r["live"], 0);
  EXPECT_GE(r["al_waits"].get<uint64_t>(), packets / 10) << "AL: heads that missed their zero-load slot";
  EXPECT_GE(r["contended"].get<uint64_t>(), packets / 10) << "arbitrations with more than one requester";
  if (pops) {
    EXPECT_GE(r["dec_pops"].get<uint64_t>(), 100u) << "DEC: intermediate destinations popped";
  }
  if (gmr) {
    EXPECT_GE(r["gmr_fires"].get<uint64_t>(), 100u) << "GMR: early acks";
    EXPECT_GE(r["acks"].size(), packets) << "a final ack per packet, plus the early ones";
  }
}

void compare(const std::vector<std::string>& kv, bool pops, bool gmr, int64_t cycles = 8000) {
  if (!cosim::rtl_built()) GTEST_SKIP() << "this build has no RTL (DRB_NO_RTL)";
  const json model = run(kv, "model", cycles);
  const json rtl = run(kv, "rtl", cycles);
  expect_exercised(model, pops, gmr);
  expect_exercised(rtl, pops, gmr);
  EXPECT_EQ(model["rtl_routers"], 0);
  EXPECT_EQ(rtl["rtl_routers"], 16) << "every router must hold its RTL blocks";
  EXPECT_GE(rtl["rtl_evals"].get<uint64_t>(), model["packets"].size()) << "the RTL, not the model, must have run";
  std::printf("model: dec_pops %s al_waits %s gmr_fires %s contended %s packets %zu acks %zu\n",
              model["dec_pops"].dump().c_str(), model["al_waits"].dump().c_str(), model["gmr_fires"].dump().c_str(),
              model["contended"].dump().c_str(), model["packets"].size(), model["acks"].size());
  for (const char* k : {"dec_pops", "al_waits", "gmr_fires", "contended"}) EXPECT_EQ(model[k], rtl[k]) << k;
  expect_same_trace(model, rtl);
}

const std::vector<std::string> kTorus{"topology.k=4",       "router.vcs=4",         "router.buffer=4",
                                      "traffic.length=10",  "traffic.pattern=uniform", "sim.seed=5"};

std::vector<std::string> with(std::vector<std::string> kv, const std::vector<std::string>& more) {
  kv.insert(kv.end(), more.begin(), more.end());
  return kv;
}

// DRB2 close to saturation: the metapath policy sends part of the traffic over multistep paths (DEC pops);
// GMR fires early acks for heads that queued more than 16 cycles (a fixed threshold, so the count does not
// hinge on the derived default).
const std::vector<std::string> kDrb2{"routing.algorithm=drb2", "traffic.rate=0.4", "drb2.threshold=16"};

TEST(Cosim, Drb2TorusSameTraceWithRtlBlocks) { compare(with(kTorus, kDrb2), true, true); }
TEST(CosimLong, Drb2TorusSameTraceWithRtlBlocks) { compare(with(kTorus, kDrb2), true, true, 200000); }

// Valiant: every packet goes through a random intermediate node, so DEC pops on most packets.
TEST(Cosim, ValiantTorusSameTraceWithRtlBlocks) {
  compare(with(kTorus, {"routing.algorithm=valiant", "traffic.rate=0.4"}), true, false);
}

// DRB with high-priority acks on dateline VC classes: acks cross the network as packets that win the switch
// over data (the arbiters' priority path), and a wrap link sets the header's dateline bit, which a DEC pop
// must clear for the next step's class.
TEST(Cosim, DrbHighPriorityAcksDatelineTorusSameTraceWithRtlBlocks) {
  compare(with(kTorus, {"routing.algorithm=drb", "drb.ack_mode=high_priority", "routing.vc_classes=dateline",
                        "router.vcs=8", "traffic.rate=0.6"}),
          true, false);
}

// RTL mode outside the generated configuration exits 2 before simulating, naming the key that asked for it.
TEST(Cosim, RtlOutsideTheGeneratedLayoutIsRefused) {
  struct Case {
    std::string args, key, why;
  };
  std::vector<Case> cases;
  if (cosim::rtl_built()) {
    const LayoutParams g = cosim::rtl_layout();
    // A torus radix one above sqrt(nodes) has more nodes than the package holds.
    int k = 2;
    while (k * k <= g.nodes) ++k;
    cases = {{"topology.k=" + std::to_string(k) + " router.blocks.all=rtl", "router.blocks.all", "nodes"},
             {"al.width=" + std::to_string(g.latency_bits + 1) + " router.blocks.al=rtl", "router.blocks.al", "al.width"},
             {"ni.seq_bits=" + std::to_string(g.seq_bits + 1) + " router.blocks.dec=rtl", "router.blocks.dec", "seq_bits"},
             {"traffic.length=" + std::to_string(g.max_length + 1) + " router.blocks.gmr=rtl", "router.blocks.gmr",
              "packet"},
             // A 3-cube router has 4 ports (3 links + local): no arbiter instance for it.
             {"topology.kind=hypercube topology.n=3 router.blocks.xbar=rtl", "router.blocks.xbar", "4 ports"},
             // VC allocators exist for 5 ports with 2, 4 or 8 VCs and 3 ports with 2 or 4; separable round robin.
             {"topology.k=4 router.vcs=6 router.blocks.va=rtl", "router.blocks.va", "6 VCs"},
             {"topology.k=4 router.alloc.va=islip router.blocks.va=rtl", "router.blocks.va", "islip"},
             {"topology.k=4 router.vcs=6 router.blocks.all=rtl router.blocks.va=model", "router.blocks.all", "6 VCs"},
             // The RTL switch allocator holds the crossbar arbiters: a model crossbar beside it is refused.
             {"topology.k=4 router.blocks.sa=rtl", "router.blocks.xbar", "contains the crossbar arbiters"},
             // A block given explicitly is named even when router.blocks.all also asks for RTL.
             {"al.width=" + std::to_string(g.latency_bits + 1) + " router.blocks.all=rtl router.blocks.dec=rtl",
              "router.blocks.dec", "al.width"}};
  } else {
    cases = {{"topology.k=4 router.blocks.dec=rtl", "router.blocks.dec", "this build has no RTL"}};
  }
  for (const Case& c : cases) {
    const Exec e = drbsim(c.args + " sim.warmup=0 sim.measure=10");
    EXPECT_EQ(e.code, 2) << c.args << "\n" << e.err;
    EXPECT_NE(e.err.find(c.key + ":"), std::string::npos) << c.args << "\n" << e.err;
    EXPECT_NE(e.err.find(c.why), std::string::npos) << c.args << "\n" << e.err;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << "one line: " << e.err;
  }
}

// router.blocks.all fills in only the blocks not given explicitly, whichever key the loader applies first.
TEST(Cosim, AllIsAShorthandForTheBlocksNotGiven) {
  for (const bool all_first : {false, true}) {
    Scenario s = default_scenario();
    std::vector<std::pair<std::string, std::string>> kv{{"router.blocks.al", "model"}, {"router.blocks.all", "rtl"}};
    if (all_first) std::swap(kv[0], kv[1]);
    for (const auto& [k, v] : kv) {  // as load_scenarios does: set, then mark as given
      find_key(k)->set(s, v);
      s.explicit_keys.push_back(k);
    }
    EXPECT_TRUE(s.net.rtl_dec && s.net.rtl_gmr && s.net.rtl_xbar && s.net.rtl_va && s.net.rtl_sa) << all_first;
    EXPECT_FALSE(s.net.rtl_al) << all_first;
  }
  const Scenario d = default_scenario();
  EXPECT_FALSE(d.net.any_rtl());
}

}  // namespace
