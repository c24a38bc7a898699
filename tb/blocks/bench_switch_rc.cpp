// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: the route compute of the switches, rtl/drb_updown_rc.sv against FatTreeRouting::route
// (updown) on KAryNTree networks (a 4-ary 3-tree, a 2-ary 4-tree) and against RuftRouting::route on RUFTs
// (2-ary 3-stage, 3-ary 2-stage), rtl/drb_flatfly_rc.sv against FlatFlyRouting::route (dor) on
// FlattenedButterfly networks (a 4-ary 2-flat of 2 terminals a switch, a 3-ary 3-flat of 1: coordinates by
// division, a 2-ary 3-flat of 3: a terminal port by division), and rtl/drb_hybrid_rc.sv against
// HybridRouting::route (dor) on hybrids, one lane per element kind: routers and crossbars of a 4-ary
// 2-direct hybrid of 2 terminals a router and of a 3-ary 3-direct one of 3 (divisions), fat-tree subnet
// switches of 4-ary 2-direct 2-indirect (k_i = 2) and 9-ary 2-direct 2-indirect (k_i = 3) hybrids, RUFT
// subnet switches of an 8-ary 1-direct 3-indirect hybrid of 2 terminals, a 4-ary 2-direct 2-indirect one
// and a 9-ary 1-direct 2-indirect one (k_i = 3: a RUFT's port is not a fat-tree's up port modulo 2^PortW). Expected: here_o exactly where the destination terminal ejects (Interconnect::eject_element, the
// element DEC acts at), and then port_o its ejection port (Interconnect::eject_port); elsewhere the
// relation's one candidate (port and sub-class). The flattened butterflies' and the hybrids' route compute
// also gives every differing dimension and its port (move_o, dport_o): against the adaptive relation's
// adaptive candidates (FlatFlyRouting, HybridRouting with adaptive; sub-class 1, dimensions increasing) at
// switches and routers, none at a hybrid's subnet switches. Each lane first walks every (element,
// destination) pair of its elements, then random ones.
#include <algorithm>
#include <memory>
#include <vector>

#include "Vdrb_flatfly_rc_k2n3c3.h"
#include "Vdrb_flatfly_rc_k3n3c1.h"
#include "Vdrb_flatfly_rc_k4n2c2.h"
#include "Vdrb_hybrid_rc_f4n2m2.h"
#include "Vdrb_hybrid_rc_f9n2m2.h"
#include "Vdrb_hybrid_rc_r3n3c3.h"
#include "Vdrb_hybrid_rc_r4n2c2.h"
#include "Vdrb_hybrid_rc_u4n2m2.h"
#include "Vdrb_hybrid_rc_u8n1m3.h"
#include "Vdrb_hybrid_rc_u9n1m2.h"
#include "Vdrb_hybrid_rc_x3n3c3.h"
#include "Vdrb_hybrid_rc_x4n2c2.h"
#include "Vdrb_updown_rc_k2n4.h"
#include "Vdrb_updown_rc_k4n3.h"
#include "Vdrb_updown_rc_ruft_k2n3.h"
#include "Vdrb_updown_rc_ruft_k3n2.h"
#include "models/routing/fat_tree_routing.h"
#include "models/routing/flatfly_routing.h"
#include "models/routing/hybrid_routing.h"
#include "models/routing/ruft_routing.h"
#include "models/topology/interconnect.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Case {
  uint32_t elem, dest;
  int port, here;  // hand-worked expectation
};

// A 4-ary 3-tree: element stage * 16 + offset; ports 0..3 down, 4..7 up; terminal t under stage-0 switch t / 4.
const Case kHandTree[] = {
    {0, 2, 2, 1},    // terminal 2 hangs on switch 0: eject on down port 2
    {0, 5, 5, 0},    // 5 is not below switch 0: up port 4 + digit 0 of 5 (1)
    {17, 5, 1, 0},   // stage 1, offset 1 is an ancestor of 5 (5 / 16 == 1 / 4): down port digit 1 of 5
    {17, 20, 5, 0},  // 20 / 16 = 1 != 0: up port 4 + digit 1 of 20 (1)
    {35, 50, 3, 0},  // a root is everyone's ancestor: down port digit 2 of 50
};
// A 4-ary 2-flat, 2 terminals a switch: switch s = (s mod 4, s / 4); dimension d's ports 3d .. 3d + 2
// (target coordinate c at 3d + (c < own ? c : c - 1)); terminal ports 6 and 7.
const Case kHandFlat[] = {
    {0, 1, 7, 1},    // terminal 1 hangs on switch 0: its port 6 + 1
    {0, 6, 2, 0},    // to switch 3 = (3, 0): dimension 0, c = 3 > own 0: port 2
    {5, 2, 3, 0},    // (1, 1) to switch 1 = (1, 0): dimension 0 agrees; dimension 1, c = 0 < own 1: port 3
    {5, 30, 2, 0},   // (1, 1) to switch 15 = (3, 3): dimension 0 first, c = 3: port 2
    {10, 10, 1, 0},  // (2, 2) to switch 5 = (1, 1): dimension 0, c = 1 < own 2: port 1
};
// A 2-ary 3-stage RUFT: switch (e, o) = element 4e + o; output digit e of the destination; terminal x
// leaves switch (2, x mod 4) on output digit 2 of x.
const Case kHandRuft[] = {
    {0, 5, 1, 0},   // stage 0: digit 0 of 5 (101b) is 1
    {6, 5, 0, 0},   // stage 1: digit 1 of 5 is 0
    {9, 5, 1, 1},   // stage 2, offset 1 = 5 mod 4: 5 ejects here, on output digit 2 (1)
    {10, 6, 1, 1},  // 6 mod 4 = 2: ejects at switch 10 on output 1
};
// A 4-ary 2-direct crossbar hybrid of 2 terminals a router: router r = (r mod 4, r / 4), ports 0 and 1 to
// its dimensions' crossbars, terminals on ports 2 and 3; terminal t on router t / 2.
const Case kHandHybridRouter[] = {
    {0, 1, 3, 1},    // terminal 1 hangs on router 0: port 2 + 1
    {0, 9, 1, 0},    // to router 4 = (0, 1): dimension 0 agrees, dimension 1 differs: port 1
    {5, 31, 0, 0},   // (1, 1) to router 15 = (3, 3): the lowest differing dimension, 0
    {6, 12, 2, 1},   // terminal 12 hangs on router 6: port 2 + 0
};
// Its crossbars: element 16 + d * 4 + q for dimension d, line q; port = the destination router's coordinate d.
const Case kHandHybridCrossbar[] = {
    {16, 9, 0, 0},   // dimension 0: router 4's coordinate 0 is 0
    {17, 31, 3, 0},  // dimension 0: router 15's coordinate 0 is 3
    {21, 13, 1, 0},  // dimension 1 (element 20 + 1): router 6 = (2, 1): port 1
};

template <class Dut, bool kMoves = false>
class Lane {
 public:
  // The lane's elements are lo .. hi - 1 (hi 0: every element of the network). With kMoves, move_o and
  // dport_o (ports of portw bits) against `adaptive`'s sub-class 1 candidates (none without it: both 0).
  Lane(VerilatedContext& ctx, const char* name, std::unique_ptr<Interconnect> ic, std::unique_ptr<RoutingRelation> r,
       uint64_t seed, Trace& trace, int lo = 0, int hi = 0, std::unique_ptr<RoutingRelation> adaptive = nullptr,
       int portw = 0)
      : dut_(&ctx, name), ic_(std::move(ic)), routing_(std::move(r)), adaptive_(std::move(adaptive)), portw_(portw),
        rng_(Rng::stream(seed, static_cast<uint64_t>(ic_->elements() * 131 + ic_->terminals() + lo))), name_(name),
        lo_(static_cast<uint32_t>(lo)), count_(static_cast<uint64_t>((hi ? hi : ic_->elements()) - lo)) {
    trace.add(dut_);
  }

  void cycle(uint64_t cyc, Checker& chk, const Case* hand, size_t nhand) {
    const uint64_t e = count_, t = static_cast<uint64_t>(ic_->terminals());
    Case c{0, 0, -2, -2};
    if (cyc < nhand) {
      c = hand[cyc];
    } else if (cyc - nhand < e * t) {
      c.elem = lo_ + static_cast<uint32_t>((cyc - nhand) / t);
      c.dest = static_cast<uint32_t>((cyc - nhand) % t);
    } else {
      c.elem = lo_ + static_cast<uint32_t>(rng_.below(e));
      c.dest = static_cast<uint32_t>(rng_.below(t));
    }
    dut_.elem_id_i = c.elem;
    dut_.dest_i = c.dest;
    dut_.eval();

    Header h;
    h.dest[0] = c.dest;
    RouteSet rs;
    routing_->route(static_cast<int>(c.elem), h, rs);
    const bool here = ic_->eject_element(static_cast<int>(c.dest)) == static_cast<int>(c.elem);
    chk.eq(cyc, n_here_o_, dut_.here_o, here ? 1 : 0);
    if (here) {
      chk.eq(cyc, n_port_o_, dut_.port_o, ic_->eject_port(static_cast<int>(c.dest)));
    } else {
      chk.eq(cyc, n_model_candidates_, rs.n, 1);
      chk.eq(cyc, n_port_o_, dut_.port_o, rs.n ? rs.c[0].port : -1);
      chk.eq(cyc, n_sub_o_, dut_.sub_o, rs.n ? rs.c[0].sub : -1);
    }
    if constexpr (kMoves) {
      std::vector<uint64_t> want, got;
      if (adaptive_ && !here) {
        RouteSet ra;
        adaptive_->route(static_cast<int>(c.elem), h, ra);
        for (int i = 0; i < ra.n; ++i)
          if (ra.c[i].sub == 1) want.push_back(static_cast<uint64_t>(ra.c[i].port));
      }
      const uint64_t move = dut_.move_o, dport = dut_.dport_o;
      for (int d = 0; d < 8; ++d)
        if ((move >> d) & 1) got.push_back((dport >> (d * portw_)) & ((uint64_t{1} << portw_) - 1));
      chk.eq(cyc, n_moves_, got.size(), want.size());
      for (size_t i = 0; i < std::min(got.size(), want.size()); ++i) chk.eq(cyc, n_dport_, got[i], want[i]);
    }
    if (c.port >= -1) {
      chk.eq(cyc, name_ + ".model port vs hand-worked", here ? ic_->eject_port(static_cast<int>(c.dest)) : rs.c[0].port, c.port);
      chk.eq(cyc, name_ + ".model here vs hand-worked", here ? 1 : 0, c.here);
    }
    chk.context([&] { return name_ + " elem_id_i=" + std::to_string(c.elem) + " dest_i=" + std::to_string(c.dest); });
  }

 private:
  Dut dut_;
  std::unique_ptr<Interconnect> ic_;
  std::unique_ptr<RoutingRelation> routing_, adaptive_;
  int portw_ = 0;
  Rng rng_;
  std::string name_;
  uint32_t lo_;
  uint64_t count_;
  const std::string n_model_candidates_ = name_ + ".model candidates", n_port_o_ = name_ + ".port_o",
                    n_sub_o_ = name_ + ".sub_o", n_here_o_ = name_ + ".here_o",
                    n_moves_ = name_ + ".move_o (differing dimensions)", n_dport_ = name_ + ".dport_o";
};

template <class Dut>
Lane<Dut> tree_lane(VerilatedContext& ctx, const char* name, int k, int n, uint64_t seed, Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<KAryNTree>(k, n));
  auto r = std::make_unique<FatTreeRouting>(*ic->tree(), false, UpSelection::FirstFree);
  return Lane<Dut>(ctx, name, std::move(ic), std::move(r), seed, trace);
}
template <class Dut>
Lane<Dut, true> flat_lane(VerilatedContext& ctx, const char* name, int k, int n, int p, int portw, uint64_t seed,
                          Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<FlattenedButterfly>(k, n, p));
  auto r = std::make_unique<FlatFlyRouting>(*ic->flatfly(), false);
  auto a = std::make_unique<FlatFlyRouting>(*ic->flatfly(), true);
  return Lane<Dut, true>(ctx, name, std::move(ic), std::move(r), seed, trace, 0, 0, std::move(a), portw);
}

template <class Dut>
Lane<Dut> ruft_lane(VerilatedContext& ctx, const char* name, int k, int m, uint64_t seed, Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<Ruft>(k, m));
  auto r = std::make_unique<RuftRouting>(*ic->ruft());
  return Lane<Dut>(ctx, name, std::move(ic), std::move(r), seed, trace);
}
// A hybrid's routers (switches false) or its subnet switches.
template <class Dut>
Lane<Dut, true> hybrid_lane(VerilatedContext& ctx, const char* name, int k, int n, Subnet sn, int m, int p,
                            bool switches, int portw, uint64_t seed, Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<Hybrid>(k, n, sn, m, p));
  auto r = std::make_unique<HybridRouting>(*ic->hybrid(), false);
  std::unique_ptr<RoutingRelation> a;
  if (!switches) a = std::make_unique<HybridRouting>(*ic->hybrid(), true);
  const int routers = ic->hybrid()->routers(), elements = ic->elements();
  return Lane<Dut, true>(ctx, name, std::move(ic), std::move(r), seed, trace, switches ? routers : 0,
                         switches ? elements : routers, std::move(a), portw);
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  auto t43 = tree_lane<Vdrb_updown_rc_k4n3>(ctx, "updown_4ary_3tree", 4, 3, opt.seed, trace);
  auto t24 = tree_lane<Vdrb_updown_rc_k2n4>(ctx, "updown_2ary_4tree", 2, 4, opt.seed, trace);
  auto f42 = flat_lane<Vdrb_flatfly_rc_k4n2c2>(ctx, "flatfly_4ary_2flat_c2", 4, 2, 2, 3, opt.seed, trace);
  auto f33 = flat_lane<Vdrb_flatfly_rc_k3n3c1>(ctx, "flatfly_3ary_3flat_c1", 3, 3, 1, 3, opt.seed, trace);
  auto f23 = flat_lane<Vdrb_flatfly_rc_k2n3c3>(ctx, "flatfly_2ary_3flat_c3", 2, 3, 3, 3, opt.seed, trace);
  auto u23 = ruft_lane<Vdrb_updown_rc_ruft_k2n3>(ctx, "ruft_2ary_3stage", 2, 3, opt.seed, trace);
  auto u32 = ruft_lane<Vdrb_updown_rc_ruft_k3n2>(ctx, "ruft_3ary_2stage", 3, 2, opt.seed, trace);
  const Subnet xb = Subnet::Crossbar, ft = Subnet::FatTree, ru = Subnet::Ruft;
  auto hr42 = hybrid_lane<Vdrb_hybrid_rc_r4n2c2>(ctx, "hybrid_4ary_2direct_c2_router", 4, 2, xb, 1, 2, false, 2, opt.seed, trace);
  auto hr33 = hybrid_lane<Vdrb_hybrid_rc_r3n3c3>(ctx, "hybrid_3ary_3direct_c3_router", 3, 3, xb, 1, 3, false, 3, opt.seed, trace);
  auto hx42 = hybrid_lane<Vdrb_hybrid_rc_x4n2c2>(ctx, "hybrid_4ary_2direct_c2_crossbar", 4, 2, xb, 1, 2, true, 2, opt.seed, trace);
  auto hx33 = hybrid_lane<Vdrb_hybrid_rc_x3n3c3>(ctx, "hybrid_3ary_3direct_c3_crossbar", 3, 3, xb, 1, 3, true, 2, opt.seed, trace);
  auto hf42 = hybrid_lane<Vdrb_hybrid_rc_f4n2m2>(ctx, "hybrid_4ary_2direct_2indirect_ft", 4, 2, ft, 2, 1, true, 2, opt.seed, trace);
  auto hf92 = hybrid_lane<Vdrb_hybrid_rc_f9n2m2>(ctx, "hybrid_9ary_2direct_2indirect_ft", 9, 2, ft, 2, 1, true, 3, opt.seed, trace);
  auto hu81 = hybrid_lane<Vdrb_hybrid_rc_u8n1m3>(ctx, "hybrid_8ary_1direct_3indirect_ruft_c2", 8, 1, ru, 3, 2, true, 1, opt.seed, trace);
  auto hu42 = hybrid_lane<Vdrb_hybrid_rc_u4n2m2>(ctx, "hybrid_4ary_2direct_2indirect_ruft", 4, 2, ru, 2, 1, true, 1, opt.seed, trace);
  auto hu91 = hybrid_lane<Vdrb_hybrid_rc_u9n1m2>(ctx, "hybrid_9ary_1direct_2indirect_ruft", 9, 1, ru, 2, 1, true, 2, opt.seed, trace);
  trace.open();
  Checker chk("drb_switch_rc", opt);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    t43.cycle(cyc, chk, kHandTree, std::size(kHandTree));
    t24.cycle(cyc, chk, nullptr, 0);
    f42.cycle(cyc, chk, kHandFlat, std::size(kHandFlat));
    f33.cycle(cyc, chk, nullptr, 0);
    f23.cycle(cyc, chk, nullptr, 0);
    u23.cycle(cyc, chk, kHandRuft, std::size(kHandRuft));
    u32.cycle(cyc, chk, nullptr, 0);
    hr42.cycle(cyc, chk, kHandHybridRouter, std::size(kHandHybridRouter));
    hr33.cycle(cyc, chk, nullptr, 0);
    hx42.cycle(cyc, chk, kHandHybridCrossbar, std::size(kHandHybridCrossbar));
    hx33.cycle(cyc, chk, nullptr, 0);
    hf42.cycle(cyc, chk, nullptr, 0);
    hf92.cycle(cyc, chk, nullptr, 0);
    hu81.cycle(cyc, chk, nullptr, 0);
    hu42.cycle(cyc, chk, nullptr, 0);
    hu91.cycle(cyc, chk, nullptr, 0);
    trace.dump(cyc);
  }
  return chk.finish(opt.cycles);
}
