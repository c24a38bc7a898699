// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_dec.sv against dec_step() (models/blocks/dec.h). DEC is combinational; each
// cycle applies one (node id, header) pair to both and compares pop_o, eject_o and every field of hdr_o.
#include "Vdrb_dec.h"
#include "models/blocks/dec.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Stim {
  uint32_t node;
  Header hdr;
};

// Corners: node ids at both ends of the field, every more/step/dateline value, header at/away from the node,
// the remaining fields all zeros or all ones.
std::vector<Stim> directed(const HeaderLayout& l) {
  std::vector<Stim> v;
  const uint32_t nmax = field_mask(l, Field::Dest0);
  const uint32_t steps = field_mask(l, Field::Step) + 1, dls = field_mask(l, Field::Dateline) + 1;
  for (uint32_t node : {0u, 1u, nmax, nmax / 2})
    for (bool ones : {false, true})
      for (bool more : {false, true})
        for (bool at : {false, true})
          for (uint32_t step = 0; step < steps; ++step)
            for (uint32_t dl = 0; dl < dls; ++dl) {
              Header h = filled_header(l, ones);
              h.dest[0] = at ? node : (node ^ 1u) & nmax;
              h.more[0] = more;
              h.step = static_cast<uint8_t>(step);
              h.dateline = static_cast<uint8_t>(dl);
              v.push_back({node, h});
            }
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  const HeaderLayout l(layout_params());
  VerilatedContext ctx;
  Vdrb_dec dut{&ctx, "dec"};
  Trace trace(ctx, opt.trace);
  trace.add(dut);
  trace.open();
  Checker chk("drb_dec", opt);
  Rng rng(opt.seed);

  const std::vector<Stim> dir = directed(l);
  const uint32_t nmax = field_mask(l, Field::Dest0);
  Stim prev{0, Header{}};
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    Stim s;
    if (cyc < dir.size()) {
      s = dir[cyc];
    } else if (cyc > dir.size() && rng.below(4) == 0) {
      s = prev;  // second pass of a popped header through DEC, as the router does
    } else {
      s.node = static_cast<uint32_t>(rng.below(uint64_t{nmax} + 1));
      s.hdr = random_header(rng, l);
      if (rng.below(2)) s.hdr.dest[0] = s.node;  // half the heads have reached this node's address
    }
    const HeaderBits in = l.encode(s.hdr);
    dut.node_id_i = s.node;
    to_port(dut.hdr_i, in);
    dut.eval();

    Header m = s.hdr;
    const DecAction act = dec_step(m, s.node);
    const HeaderBits rtl_out = from_port(dut.hdr_o);
    chk.eq(cyc, "pop_o", dut.pop_o, act == DecAction::Pop);
    chk.eq(cyc, "eject_o", dut.eject_o, act == DecAction::Eject);
    chk.eq_hdr(cyc, "hdr_o", l, rtl_out, l.encode(m));
    chk.context([&] { return "node_id_i=" + std::to_string(s.node) + " hdr_i{" + describe(l, in) + "}"; });
    trace.dump(cyc);
    prev = {s.node, l.decode(l.encode(m))};
  }
  return chk.finish(opt.cycles);
}
