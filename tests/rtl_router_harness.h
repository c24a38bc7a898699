// SPDX-License-Identifier: Apache-2.0
// The model-against-RTL harness of test_rtl_router*.cpp: one scenario run twice in child processes, with
// RouterCore and with the Verilated drb_router in every element, recording every flit a channel delivers,
// every packet and ack and the block events, and the comparison of the two runs.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "systemc/cosim/rtl_config.h"
#include "systemc/cosim/rtl_router.h"
#include "systemc/fabric/fabric.h"
#include "tb/traffic/generator.h"
#include "tests/support.h"

namespace drb::test::rtl_router {

using nlohmann::json;

struct Recorder : NetObserver {
  const Network* net = nullptr;
  json packets = json::array(), acks = json::array();
  // Per cycle, every flit a channel delivers; sorted at the cycle's end (delivery order within a cycle is
  // the wheel's, which follows the order flits were sent, not part of the behaviour).
  std::vector<std::vector<int64_t>> cycle_flits;
  int64_t cycle = -1;
  json flits = json::array();
  void flush() {
    std::sort(cycle_flits.begin(), cycle_flits.end());
    for (auto& f : cycle_flits) flits.push_back(f);
    cycle_flits.clear();
  }
  void flit(const ChannelEnd& to, const Flit& f, int64_t now) {
    if (now != cycle) flush(), cycle = now;
    const Packet& p = net->pkt(f.pkt);
    std::vector<int64_t> r{now, to.kind, to.id, to.port, static_cast<int64_t>(p.id), f.idx, f.vc, f.flags};
    if (f.head()) {
      const Header& h = p.hdr;
      for (int64_t x : {static_cast<int64_t>(h.front()), static_cast<int64_t>(h.stack_size()),
                        static_cast<int64_t>(h.step), static_cast<int64_t>(h.dateline), static_cast<int64_t>(h.latency),
                        static_cast<int64_t>(h.early_sent), static_cast<int64_t>(h.tclass)})
        r.push_back(x);
    }
    cycle_flits.push_back(r);
  }
  void packet_arrived(const Packet& p, const Message&, int64_t now) override {
    packets.push_back({p.id, p.src, p.hdr.final_dest, p.path, p.t_inj, p.t_arrive, now, p.hdr.latency, p.wait, p.hops});
  }
  void ack_used(int src, const Header& a, int64_t now) override {
    acks.push_back({now, src, a.ack_kind == AckKind::Early ? 1 : 0, a.final_dest, a.seq, a.latency});
  }
};

// One run in a child: traffic for `cycles`, then a drain.
inline json run(std::vector<std::string> kv, bool rtl, int64_t cycles) {
  kv.push_back(std::string("router.impl=") + (rtl ? "rtl" : "model"));
  return in_child([kv, cycles] {
    const Scenario s = scenario(kv);
    Fabric fab("fabric", s.net, policy_factory(s), {}, s.sim.clock_ns);
    Network& net = fab.net();
    Recorder rec;
    rec.net = &net;
    net.add_observer(&rec);
    net.set_flit_tap([&rec](const ChannelEnd& to, const Flit& f, int64_t now) { rec.flit(to, f, now); });
    TrafficGenerator gen(net, s.traffic, s.net.seed);
    gen.set_window(0, cycles);
    fab.add_cycle_hook([&gen](int64_t t) { gen.cycle(t); });
    fab.run_until(cycles);
    gen.stop();
    while ((net.live_messages() || net.live_packets()) && fab.cycle() < cycles + 100000)
      fab.run_until(fab.cycle() + 500);
    rec.flush();
    RouterCounters c;
    uint64_t rtl_cycles = 0;
    for (int r = 0; r < net.elements(); ++r) {
      const RouterCounters& k = net.counters(r);
      c.dec_pops += k.dec_pops;
      c.al_waits += k.al_waits;
      c.gmr_fires += k.gmr_fires;
      c.gmr_drops += k.gmr_drops;
      c.contended += k.contended;
      if (const cosim::RtlRouter* x = net.rtl_router(r)) rtl_cycles += x->cycles();
    }
    return json{{"packets", rec.packets},
                {"acks", rec.acks},
                {"flits", rec.flits},
                {"live", net.live_packets()},
                {"messages", gen.total().messages - gen.total().rejected},
                {"events", {c.dec_pops, c.al_waits, c.gmr_fires, c.gmr_drops, c.contended}},
                {"rtl_cycles", rtl_cycles},
                {"elements", net.elements()},
                {"end", fab.cycle()}};
  });
}

// events: DEC pops, AL waits, GMR fires, GMR drops, contended allocations. `expect` says which must be
// busy; the counts needed are far below what the loads give and far above zero.
struct Busy {
  bool pops, gmr;
  bool quiet = false;  // a light load: few waits, and most elements' cycles are quiet (skipped)
};

inline void compare(const std::vector<std::string>& kv, Busy busy, int64_t cycles) {
  if (!cosim::rtl_built()) GTEST_SKIP() << "this build has no RTL (DRB_NO_RTL)";
  const json model = run(kv, false, cycles);
  const json rtl = run(kv, true, cycles);
  ASSERT_FALSE(model.contains("error")) << model.dump();
  ASSERT_FALSE(rtl.contains("error")) << rtl.dump();
  const uint64_t packets = model["packets"].size();
  EXPECT_GE(packets, 1000u);
  EXPECT_EQ(packets, model["messages"].get<uint64_t>()) << "every message delivered";
  EXPECT_EQ(model["live"], 0);
  EXPECT_EQ(model["rtl_cycles"], 0);
  // Never more edges than elements times cycles (quiet elements skip theirs).
  EXPECT_LE(rtl["rtl_cycles"].get<uint64_t>(), (rtl["end"].get<uint64_t>() - 1) * rtl["elements"].get<uint64_t>());
  const json& ev = model["events"];
  if (busy.quiet) {
    EXPECT_LT(rtl["rtl_cycles"].get<uint64_t>() * 2, (rtl["end"].get<uint64_t>() - 1) * rtl["elements"].get<uint64_t>())
        << "quiet cycles skipped";
    EXPECT_GE(ev[1].get<uint64_t>(), 10u) << "AL waits";
  } else {
    EXPECT_GE(ev[1].get<uint64_t>(), packets / 10) << "AL waits";
    EXPECT_GE(ev[4].get<uint64_t>(), packets / 10) << "contended allocations";
  }
  if (busy.pops) {
    EXPECT_GE(ev[0].get<uint64_t>(), 100u) << "DEC pops";
  }
  if (busy.gmr) {
    EXPECT_GE(ev[2].get<uint64_t>(), 100u) << "GMR's early acks";
  }
  EXPECT_EQ(model["events"], rtl["events"]) << "dec_pops, al_waits, gmr_fires, gmr_drops, contended";
  expect_same_lists(model, rtl, {"flits", "packets", "acks"});
  std::printf("%zu packets, %zu flit deliveries, %zu acks; events %s; RTL edges %s of %s element-cycles\n",
              static_cast<size_t>(packets), model["flits"].size(), model["acks"].size(), ev.dump().c_str(),
              rtl["rtl_cycles"].dump().c_str(), json((rtl["end"].get<uint64_t>() - 1) * rtl["elements"].get<uint64_t>()).dump().c_str());
}

inline const std::vector<std::string> kSmall{"topology.k=4", "router.vcs=4", "router.buffer=4", "traffic.length=10",
                                             "sim.seed=5"};
inline std::vector<std::string> with(std::vector<std::string> kv, const std::vector<std::string>& more) {
  kv.insert(kv.end(), more.begin(), more.end());
  return kv;
}


}  // namespace drb::test::rtl_router
