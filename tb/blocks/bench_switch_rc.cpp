// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: the route compute of the switches, rtl/drb_updown_rc.sv against FatTreeRouting::route
// (updown) on KAryNTree networks (a 4-ary 3-tree, a 2-ary 4-tree) and rtl/drb_flatfly_rc.sv against
// FlatFlyRouting::route (dor) on FlattenedButterfly networks (a 4-ary 2-flat of 2 terminals a switch, a
// 3-ary 3-flat of 1: coordinates by division, a 2-ary 3-flat of 3: a terminal port by division). Expected:
// here_o exactly where the destination terminal ejects (Interconnect::eject_element, the element DEC acts
// at), and then port_o its ejection port (Interconnect::eject_port); elsewhere the relation's one candidate
// (port and sub-class). Each lane first walks every (element, destination) pair, then random ones.
#include "Vdrb_flatfly_rc_k2n3c3.h"
#include "Vdrb_flatfly_rc_k3n3c1.h"
#include "Vdrb_flatfly_rc_k4n2c2.h"
#include "Vdrb_updown_rc_k2n4.h"
#include "Vdrb_updown_rc_k4n3.h"
#include "models/routing/fat_tree_routing.h"
#include "models/routing/flatfly_routing.h"
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

template <class Dut>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, std::unique_ptr<Interconnect> ic, std::unique_ptr<RoutingRelation> r,
       uint64_t seed, Trace& trace)
      : dut_(&ctx, name), ic_(std::move(ic)), routing_(std::move(r)),
        rng_(Rng::stream(seed, static_cast<uint64_t>(ic_->elements() * 131 + ic_->terminals()))), name_(name) {
    trace.add(dut_);
  }

  void cycle(uint64_t cyc, Checker& chk, const Case* hand, size_t nhand) {
    const uint64_t e = static_cast<uint64_t>(ic_->elements()), t = static_cast<uint64_t>(ic_->terminals());
    Case c{0, 0, -2, -2};
    if (cyc < nhand) {
      c = hand[cyc];
    } else if (cyc - nhand < e * t) {
      c.elem = static_cast<uint32_t>((cyc - nhand) / t);
      c.dest = static_cast<uint32_t>((cyc - nhand) % t);
    } else {
      c.elem = static_cast<uint32_t>(rng_.below(e));
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
    if (c.port >= -1) {
      chk.eq(cyc, name_ + ".model port vs hand-worked", here ? ic_->eject_port(static_cast<int>(c.dest)) : rs.c[0].port, c.port);
      chk.eq(cyc, name_ + ".model here vs hand-worked", here ? 1 : 0, c.here);
    }
    chk.context([&] { return name_ + " elem_id_i=" + std::to_string(c.elem) + " dest_i=" + std::to_string(c.dest); });
  }

 private:
  Dut dut_;
  std::unique_ptr<Interconnect> ic_;
  std::unique_ptr<RoutingRelation> routing_;
  Rng rng_;
  std::string name_;
  const std::string n_model_candidates_ = name_ + ".model candidates", n_port_o_ = name_ + ".port_o",
                    n_sub_o_ = name_ + ".sub_o", n_here_o_ = name_ + ".here_o";
};

template <class Dut>
Lane<Dut> tree_lane(VerilatedContext& ctx, const char* name, int k, int n, uint64_t seed, Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<KAryNTree>(k, n));
  auto r = std::make_unique<FatTreeRouting>(*ic->tree(), false, UpSelection::FirstFree);
  return Lane<Dut>(ctx, name, std::move(ic), std::move(r), seed, trace);
}
template <class Dut>
Lane<Dut> flat_lane(VerilatedContext& ctx, const char* name, int k, int n, int p, uint64_t seed, Trace& trace) {
  auto ic = std::make_unique<Interconnect>(std::make_unique<FlattenedButterfly>(k, n, p));
  auto r = std::make_unique<FlatFlyRouting>(*ic->flatfly(), false);
  return Lane<Dut>(ctx, name, std::move(ic), std::move(r), seed, trace);
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  auto t43 = tree_lane<Vdrb_updown_rc_k4n3>(ctx, "updown_4ary_3tree", 4, 3, opt.seed, trace);
  auto t24 = tree_lane<Vdrb_updown_rc_k2n4>(ctx, "updown_2ary_4tree", 2, 4, opt.seed, trace);
  auto f42 = flat_lane<Vdrb_flatfly_rc_k4n2c2>(ctx, "flatfly_4ary_2flat_c2", 4, 2, 2, opt.seed, trace);
  auto f33 = flat_lane<Vdrb_flatfly_rc_k3n3c1>(ctx, "flatfly_3ary_3flat_c1", 3, 3, 1, opt.seed, trace);
  auto f23 = flat_lane<Vdrb_flatfly_rc_k2n3c3>(ctx, "flatfly_2ary_3flat_c3", 2, 3, 3, opt.seed, trace);
  trace.open();
  Checker chk("drb_switch_rc", opt);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    t43.cycle(cyc, chk, kHandTree, std::size(kHandTree));
    t24.cycle(cyc, chk, nullptr, 0);
    f42.cycle(cyc, chk, kHandFlat, std::size(kHandFlat));
    f33.cycle(cyc, chk, nullptr, 0);
    f23.cycle(cyc, chk, nullptr, 0);
    trace.dump(cyc);
  }
  return chk.finish(opt.cycles);
}
