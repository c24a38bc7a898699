// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_dor_rc.sv against DorRouting::route (models/routing) on KAryNCube tori:
// K = 8 (the 8x8 router), K = 5 (odd radix: no ties, coordinates by division) and K = 4 with the negative
// tie-break. Each instance first walks every (node, destination, dateline) triple, then random ones.
// The model's empty route (destination reached) is port 4, the local port.
#include "Vdrb_dor_rc_k4n.h"
#include "Vdrb_dor_rc_k5.h"
#include "Vdrb_dor_rc_k8.h"
#include "models/routing/routing.h"
#include "models/topology/kary_ncube.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Case {
  uint32_t node, dest, dateline;
  int port, sub;  // hand-worked expectation
};

// K = 8 by hand. Ids are x + 8y; port 0/1 = +x/-x, 2/3 = +y/-y, 4 = local.
const Case kHand8[] = {
    {0, 7, 0, 1, 1},    // x 0 -> 7: one hop going -, which is the ring's wrap link from x = 0
    {0, 4, 0, 0, 0},    // x 0 -> 4: a tie, resolved +; no wrap
    {7, 0, 0, 0, 1},    // x 7 -> 0: one hop +, the wrap link from x = 7
    {9, 33, 0, 2, 0},   // (1,1) -> (1,4): x done, y +3
    {9, 33, 2, 2, 1},   // same with the y dateline bit already set
    {9, 33, 1, 2, 0},   // the x dateline bit does not matter for a y hop
    {12, 9, 0, 1, 0},   // (4,1) -> (1,1): -3 in x
    {12, 12, 3, 4, 0},  // at the destination: local, class 0
};

template <class Dut>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, int k, bool tie_positive, uint64_t seed, Trace& trace)
      : dut_(&ctx, name), topo_({k, k}, true), k_(k), rng_(Rng::stream(seed, static_cast<uint64_t>(k))),
        name_(name) {
    RoutingParams p;
    p.tie_positive = tie_positive;
    routing_ = make_routing("dor", topo_, p);
    trace.add(dut_);
  }

  void cycle(uint64_t cyc, Checker& chk, const Case* hand, size_t nhand) {
    const uint64_t n = static_cast<uint64_t>(k_) * k_, exhaustive = n * n * 4;
    Case c{0, 0, 0, -2, -2};
    if (cyc < nhand) {
      c = hand[cyc];
    } else if (cyc - nhand < exhaustive) {
      const uint64_t i = cyc - nhand;
      c.node = static_cast<uint32_t>(i / (n * 4));
      c.dest = static_cast<uint32_t>(i / 4 % n);
      c.dateline = static_cast<uint32_t>(i % 4);
    } else {
      c.node = static_cast<uint32_t>(rng_.below(n));
      c.dest = static_cast<uint32_t>(rng_.below(n));
      c.dateline = static_cast<uint32_t>(rng_.below(4));
    }
    dut_.node_id_i = c.node;
    dut_.dest_i = c.dest;
    dut_.dateline_i = c.dateline;
    dut_.eval();

    Header h;
    h.dest[0] = c.dest;
    h.dateline = static_cast<uint8_t>(c.dateline);
    RouteSet rs;
    routing_->route(static_cast<int>(c.node), h, rs);
    const int port = rs.n ? rs.c[0].port : topo_.local_port();
    const int sub = rs.n ? rs.c[0].sub : 0;
    chk.eq(cyc, n_model_candidates_, rs.n, c.node == c.dest ? 0 : 1);
    chk.eq(cyc, n_port_o_, dut_.port_o, port);
    chk.eq(cyc, n_sub_o_, dut_.sub_o, sub);
    if (c.port >= -1) {
      chk.eq(cyc, name_ + ".model port vs hand-worked", port, c.port);
      chk.eq(cyc, name_ + ".model sub vs hand-worked", sub, c.sub);
    }
    chk.context([&] {
      return name_ + " node_id_i=" + std::to_string(c.node) + " dest_i=" + std::to_string(c.dest) +
             " dateline_i=" + std::to_string(c.dateline);
    });
  }

 private:
  Dut dut_;
  KAryNCube topo_;
  std::unique_ptr<RoutingFunction> routing_;
  int k_;
  Rng rng_;
  std::string name_;
  const std::string n_model_candidates_ = name_ + ".model candidates", n_port_o_ = name_ + ".port_o",
                    n_sub_o_ = name_ + ".sub_o";
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_dor_rc_k8> k8(ctx, "rc_k8", 8, true, opt.seed, trace);
  Lane<Vdrb_dor_rc_k5> k5(ctx, "rc_k5", 5, true, opt.seed, trace);
  Lane<Vdrb_dor_rc_k4n> k4(ctx, "rc_k4_tieneg", 4, false, opt.seed, trace);
  trace.open();
  Checker chk("drb_dor_rc", opt);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    k8.cycle(cyc, chk, kHand8, std::size(kHand8));
    k5.cycle(cyc, chk, nullptr, 0);
    k4.cycle(cyc, chk, nullptr, 0);
    trace.dump(cyc);
  }
  return chk.finish(opt.cycles);
}
