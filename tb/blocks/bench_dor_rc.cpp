// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_dor_rc.sv against DorRouting::route (models/routing) on KAryNCube networks:
// 2-D tori K = 8 (the 8x8 router), K = 5 (odd radix: no ties, coordinates by division) and K = 4 with the
// negative tie-break, all with dateline classes; K = 8 with partition classes and random ties (tie_i),
// K = 8 and K = 5 with balanced classes (routing.vc_classes, routing.tie); a 3-D torus of radices 4, 4
// and 3 routed z first (routing.dim_order=decreasing) with partition classes and random ties; a 5x4 mesh;
// a ring of 6 with the negative tie-break and balanced classes. Each instance first walks every
// (node, destination, dateline, tie) combination, then random ones. rtl/drb_midimew_rc.sv likewise against
// DorRouting::route on a Midimew C_8(1, 2), its ROM of jump counts written by hand (rtl/CMakeLists.txt),
// with dateline classes, and with partition classes routed long jump first.
// The model's empty route (destination reached) is the local port, 2n.
#include "Vdrb_dor_rc_k4n.h"
#include "Vdrb_dor_rc_k5.h"
#include "Vdrb_dor_rc_k5b.h"
#include "Vdrb_dor_rc_k8.h"
#include "Vdrb_dor_rc_k8b.h"
#include "Vdrb_dor_rc_k8pr.h"
#include "Vdrb_dor_rc_m54.h"
#include "Vdrb_dor_rc_r6.h"
#include "Vdrb_dor_rc_t443.h"
#include "Vdrb_midimew_rc_n8.h"
#include "Vdrb_midimew_rc_n8p.h"
#include "models/routing/routing.h"
#include "models/topology/kary_ncube.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Case {
  uint32_t node, dest, dateline, tie = 0;
  int port, sub;  // hand-worked expectation
};

// K = 8 by hand. Ids are x + 8y; port 0/1 = +x/-x, 2/3 = +y/-y, 4 = local.
const Case kHand8[] = {
    {0, 7, 0, 0, 1, 1},    // x 0 -> 7: one hop going -, which is the ring's wrap link from x = 0
    {0, 4, 0, 0, 0, 0},    // x 0 -> 4: a tie, resolved +; no wrap
    {7, 0, 0, 0, 0, 1},    // x 7 -> 0: one hop +, the wrap link from x = 7
    {9, 33, 0, 0, 2, 0},   // (1,1) -> (1,4): x done, y +3
    {9, 33, 2, 0, 2, 1},   // same with the y dateline bit already set
    {9, 33, 1, 0, 2, 0},   // the x dateline bit does not matter for a y hop
    {12, 9, 0, 0, 1, 0},   // (4,1) -> (1,1): -3 in x
    {12, 12, 3, 0, 4, 0},  // at the destination: local, class 0
};

// K = 8, balanced classes by hand: going + a traversal ending in x < 4 is class 1, going - one ending in
// x >= 4; dateline bits do not matter.
const Case kHand8b[] = {
    {6, 1, 0, 0, 0, 1},   // x 6 -> 1 going + (across the wrap): ends in the low half, class 1
    {2, 5, 0, 0, 0, 0},   // x 2 -> 5 going +: ends in the high half, class 0
    {2, 5, 1, 0, 0, 0},   // the dateline bit does not change it
    {1, 6, 0, 0, 1, 1},   // x 1 -> 6 going -: ends in the high half, class 1
    {6, 3, 0, 0, 1, 0},   // x 6 -> 3 going -: class 0
    {9, 33, 0, 0, 2, 0},  // (1,1) -> (1,4): y +3, ends at y = 4: class 0
};

// A 4x4x3 torus (ids x + 4y + 16z) routed z, then y, then x, partition classes, random ties, by hand.
const Case kHand443[] = {
    {0, 32, 0, 0, 5, 1},  // z 0 -> 2: one hop - (k = 3), the wrap link from z = 0: class 1
    {0, 5, 0, 0, 2, 0},   // (0,0,0) -> (1,1,0): z done, y before x: +y, not across the wrap
    {0, 2, 0, 1, 0, 0},   // x 0 -> 2: a tie, the tie bit of x says +; the rest does not wrap
    {0, 2, 0, 0, 1, 1},   // the same tie resolved -: going -, the traversal crosses the wrap link
    {0, 2, 1, 1, 0, 1},   // going +, the x dateline bit already set: class 1
};
// A 5x4 mesh (ids x + 5y), x first: the sign of the offset, no wrap links, class 0.
const Case kHand54[] = {
    {7, 3, 0, 0, 0, 0},   // (2,1) -> (3,0): +x first
    {7, 17, 0, 0, 2, 0},  // (2,1) -> (2,3): +y
    {4, 0, 3, 0, 1, 0},   // (4,0) -> (0,0): -x four hops (on a torus one hop +); dateline bits ignored
    {19, 19, 0, 0, 4, 0}, // at the destination: the local port
};

// C_8(1, 2) by hand. Ports 0/1 = +1/-1, 2/3 = +2/-2, 4 = local; offsets (a, c) as in rtl/CMakeLists.txt.
const Case kHandMm8[] = {
    {0, 3, 0, 0, 0, 0},  // offset 3 = (1, 1): the +1 jump first, 0 + 1 < 8
    {7, 2, 0, 0, 0, 1},  // offset 3 from 7: +1 from 7 passes 8, the ring's dateline link
    {1, 6, 0, 0, 1, 0},  // offset 5 = (-1, -1): -1 from 1 stays >= 0
    {0, 4, 0, 0, 2, 0},  // offset 4 = (0, 2): two +2 jumps
    {0, 4, 2, 0, 2, 1},  // the same with the +-2 ring's dateline bit set
    {5, 1, 0, 0, 2, 0},  // offset 4 from 5: this jump reaches 7, the next one passes 8
    {3, 3, 0, 0, 4, 0},  // at the destination: the local port
};
// The same ring with partition classes, the +-2 ring first.
const Case kHandMm8p[] = {
    {0, 3, 0, 0, 2, 0},  // offset 3 = (1, 1): +2 first
    {5, 1, 0, 0, 2, 1},  // offset 4 = (0, 2) from 5: 5 + 2 * 2 passes 8 on the way
    {1, 6, 0, 0, 3, 1},  // offset 5 = (-1, -1): -2 from 1 goes below 0
    {2, 7, 0, 0, 3, 0},  // offset 5 from 2: -2 reaches 0, not below
    {0, 7, 0, 0, 1, 1},  // offset 7 = (-1, 0) from 0: the -1 jump goes below 0
    {6, 1, 0, 0, 2, 1},  // offset 3 = (1, 1) from 6: +2 reaches 8, the wrap
};

// drb_midimew_rc has no tie input.
template <class D>
auto set_tie(D& d, uint32_t t, int) -> decltype(d.tie_i = t, void()) {
  d.tie_i = t;
}
template <class D>
void set_tie(D&, uint32_t, long) {}
// drb_dor_rc's minimal directions per dimension (move_o, plus_o, tie_o: adaptive routing's candidates)
// and the coordinates at 0 (at0_o: negative-first's misroutes); false for drb_midimew_rc, which has none.
template <class D>
auto min_dirs(const D& d, uint32_t out[4], int) -> decltype(d.move_o, bool()) {
  out[0] = d.move_o;
  out[1] = d.plus_o;
  out[2] = d.tie_o;
  out[3] = d.at0_o;
  return true;
}
template <class D>
bool min_dirs(const D&, uint32_t*, long) {
  return false;
}

template <class Dut>
class Lane {
 public:
  // A k-ary n-cube of radices k.
  Lane(VerilatedContext& ctx, const char* name, std::vector<int> k, bool wrap, const RoutingParams& p, uint64_t seed,
       Trace& trace)
      : Lane(ctx, name, std::make_unique<KAryNCube>(k, wrap), p, static_cast<uint64_t>(k[0] * 31 + k.size()), seed,
             trace) {}
  // A midimew of n nodes.
  Lane(VerilatedContext& ctx, const char* name, int n, const RoutingParams& p, uint64_t seed, Trace& trace)
      : Lane(ctx, name, std::make_unique<Midimew>(n), p, static_cast<uint64_t>(n * 37 + p.dim_order.size()), seed,
             trace) {}

  void cycle(uint64_t cyc, Checker& chk, const Case* hand, size_t nhand) {
    const uint64_t n = static_cast<uint64_t>(topo_->nodes()), exhaustive = n * n * lines_ * ties_;
    Case c{0, 0, 0, 0, -2, -2};
    if (cyc < nhand) {
      c = hand[cyc];
    } else if (cyc - nhand < exhaustive) {
      const uint64_t i = cyc - nhand;
      c.node = static_cast<uint32_t>(i / (n * lines_ * ties_));
      c.dest = static_cast<uint32_t>(i / (lines_ * ties_) % n);
      c.dateline = static_cast<uint32_t>(i / ties_ % lines_);
      c.tie = static_cast<uint32_t>(i % ties_);
    } else {
      c.node = static_cast<uint32_t>(rng_.below(n));
      c.dest = static_cast<uint32_t>(rng_.below(n));
      c.dateline = static_cast<uint32_t>(rng_.below(lines_));
      c.tie = static_cast<uint32_t>(rng_.below(ties_));
    }
    dut_.node_id_i = c.node;
    dut_.dest_i = c.dest;
    dut_.dateline_i = c.dateline;
    set_tie(dut_, c.tie, 0);
    dut_.eval();

    Header h;
    h.dest[0] = c.dest;
    h.dateline = static_cast<uint8_t>(c.dateline);
    h.tie = static_cast<uint16_t>(c.tie);
    RouteSet rs;
    routing_->route(static_cast<int>(c.node), h, rs);
    const int port = rs.n ? rs.c[0].port : topo_->local_port();
    const int sub = rs.n ? rs.c[0].sub : 0;
    chk.eq(cyc, n_model_candidates_, rs.n, c.node == c.dest ? 0 : 1);
    chk.eq(cyc, n_port_o_, dut_.port_o, port);
    chk.eq(cyc, n_sub_o_, dut_.sub_o, sub);
    // The minimal directions, from the topology's offsets (AdaptiveRouting offers them): the side the tie
    // rule picks, and both sides of a ring tie.
    if (uint32_t got[4]; min_dirs(dut_, got, 0)) {
      uint32_t want[4] = {0, 0, 0, 0};
      const std::vector<int> xy = topo_->coords(static_cast<int>(c.node));
      for (int d = 0; d < topo_->dims(); ++d) {
        want[3] |= uint32_t{xy[static_cast<size_t>(d)] == 0} << d;
        const bool positive = tie_random_ ? (c.tie >> d) & 1 : tie_positive_;
        const int off = topo_->offset(static_cast<int>(c.node), static_cast<int>(c.dest), d, positive);
        want[0] |= uint32_t{off != 0} << d;
        want[1] |= uint32_t{off > 0} << d;
        want[2] |= uint32_t{topo_->tie(static_cast<int>(c.node), static_cast<int>(c.dest), d)} << d;
      }
      chk.eq(cyc, n_move_o_, got[0], want[0]);
      chk.eq(cyc, n_plus_o_, got[1] & got[0], want[1]);  // a direction only where there is a hop
      chk.eq(cyc, n_tie_o_, got[2], want[2]);
      chk.eq(cyc, n_at0_o_, got[3], want[3]);
    }
    if (c.port >= -1) {
      chk.eq(cyc, name_ + ".model port vs hand-worked", port, c.port);
      chk.eq(cyc, name_ + ".model sub vs hand-worked", sub, c.sub);
    }
    chk.context([&] {
      return name_ + " node_id_i=" + std::to_string(c.node) + " dest_i=" + std::to_string(c.dest) +
             " dateline_i=" + std::to_string(c.dateline) + " tie_i=" + std::to_string(c.tie);
    });
  }

 private:
  Lane(VerilatedContext& ctx, const char* name, std::unique_ptr<Topology> topo, const RoutingParams& p, uint64_t stream,
       uint64_t seed, Trace& trace)
      : dut_(&ctx, name), topo_(std::move(topo)), rng_(Rng::stream(seed, stream)), name_(name),
        lines_(uint64_t{1} << topo_->dims()), ties_(p.tie_random ? lines_ : 1), tie_random_(p.tie_random),
        tie_positive_(p.tie_positive) {
    routing_ = make_routing("dor", *topo_, p);
    trace.add(dut_);
  }

  Dut dut_;
  std::unique_ptr<Topology> topo_;
  std::unique_ptr<RoutingFunction> routing_;
  Rng rng_;
  std::string name_;
  uint64_t lines_, ties_;  // dateline and tie-bit combinations
  bool tie_random_, tie_positive_;
  const std::string n_model_candidates_ = name_ + ".model candidates", n_port_o_ = name_ + ".port_o",
                    n_sub_o_ = name_ + ".sub_o", n_move_o_ = name_ + ".move_o", n_plus_o_ = name_ + ".plus_o",
                    n_tie_o_ = name_ + ".tie_o", n_at0_o_ = name_ + ".at0_o";
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  auto rp = [](RingClasses c, bool positive, bool random, std::vector<int> order = {}) {
    RoutingParams p;
    p.ring_classes = c;
    p.tie_positive = positive;
    p.tie_random = random;
    p.dim_order = order;
    return p;
  };
  Lane<Vdrb_dor_rc_k8> k8(ctx, "rc_k8", {8, 8}, true, rp(RingClasses::Dateline, true, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_k5> k5(ctx, "rc_k5", {5, 5}, true, rp(RingClasses::Dateline, true, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_k4n> k4(ctx, "rc_k4_tieneg", {4, 4}, true, rp(RingClasses::Dateline, false, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_k8pr> k8pr(ctx, "rc_k8_partition_random", {8, 8}, true, rp(RingClasses::Partition, true, true),
                              opt.seed, trace);
  Lane<Vdrb_dor_rc_k8b> k8b(ctx, "rc_k8_balanced", {8, 8}, true, rp(RingClasses::Balanced, true, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_k5b> k5b(ctx, "rc_k5_balanced", {5, 5}, true, rp(RingClasses::Balanced, true, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_t443> t443(ctx, "rc_3d_443_zyx_partition_random", {4, 4, 3}, true,
                              rp(RingClasses::Partition, true, true, {2, 1, 0}), opt.seed, trace);
  Lane<Vdrb_dor_rc_m54> m54(ctx, "rc_mesh_54", {5, 4}, false, rp(RingClasses::Dateline, true, false), opt.seed, trace);
  Lane<Vdrb_dor_rc_r6> r6(ctx, "rc_ring6_tieneg_balanced", {6}, true, rp(RingClasses::Balanced, false, false), opt.seed,
                          trace);
  Lane<Vdrb_midimew_rc_n8> mm8(ctx, "midimew_8_dateline", 8, rp(RingClasses::Dateline, true, false), opt.seed, trace);
  Lane<Vdrb_midimew_rc_n8p> mm8p(ctx, "midimew_8_partition_decreasing", 8, rp(RingClasses::Partition, true, false, {1, 0}),
                                 opt.seed, trace);
  trace.open();
  Checker chk("drb_dor_rc", opt);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    k8.cycle(cyc, chk, kHand8, std::size(kHand8));
    k5.cycle(cyc, chk, nullptr, 0);
    k4.cycle(cyc, chk, nullptr, 0);
    k8pr.cycle(cyc, chk, nullptr, 0);
    k8b.cycle(cyc, chk, kHand8b, std::size(kHand8b));
    k5b.cycle(cyc, chk, nullptr, 0);
    t443.cycle(cyc, chk, kHand443, std::size(kHand443));
    m54.cycle(cyc, chk, kHand54, std::size(kHand54));
    r6.cycle(cyc, chk, nullptr, 0);
    mm8.cycle(cyc, chk, kHandMm8, std::size(kHandMm8));
    mm8p.cycle(cyc, chk, kHandMm8p, std::size(kHandMm8p));
    trace.dump(cyc);
  }
  return chk.finish(opt.cycles);
}
