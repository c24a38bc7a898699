// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_gmr.sv against Gmr::fire and make_ack_header (models/blocks/gmr.h).
// Every cycle compares fire_o, every field of hdr_o and every field of ack_o. The threshold and mode
// registers are rewritten now and then; a third of the heads come back with their own previous output, so
// once mode meets packets it has already fired for.
#include "Vdrb_gmr.h"
#include "models/blocks/gmr.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

constexpr uint16_t kAckFlits = 1;  // drb_gmr's AckFlits default

struct Stim {
  bool cfg_we = false;
  uint32_t cfg_thr = 0;
  bool cfg_every_hop = false;
  bool valid = false;
  Header hdr;
  bool rst = false;
};

// Hand-written sequence: the comparison is strict (lat == threshold does not fire), acks never fire,
// once mode fires once per packet, every-hop mode again, threshold at both ends of the range.
std::vector<Stim> directed(const HeaderLayout& l) {
  const uint32_t lmax = field_mask(l, Field::Latency);
  Header d = filled_header(l, false);
  d.tclass = TrafficClass::Data;
  auto data = [&](uint32_t lat, bool early) {
    Header h = d;
    h.latency = lat & lmax;
    h.early_sent = early;
    return h;
  };
  Header ack = data(lmax, false);
  ack.tclass = TrafficClass::Ack;
  Header ones = filled_header(l, true);
  ones.tclass = TrafficClass::Data;
  ones.early_sent = false;
  std::vector<Stim> v;
  auto cfg = [&](uint32_t thr, bool eh) { v.push_back({true, thr & lmax, eh, false, d, false}); };
  auto head = [&](const Header& h, bool valid = true) { v.push_back({false, 0, false, valid, h, false}); };
  head(data(1, false));  // reset threshold 0: fires
  head(data(0, false));  // 0 > 0 is false
  cfg(100, false);
  head(data(100, false));
  head(data(101, false));
  head(data(101, true));   // once mode: already sent
  head(ack);               // acks never fire
  head(data(500, false), false);  // not valid
  head(ones);              // every other field set: ack extraction sees all ones
  cfg(100, true);
  head(data(101, true));   // every-hop mode fires again
  cfg(lmax, false);
  head(data(lmax, false)); // nothing is above the maximum threshold
  cfg(0, true);
  head(ones);
  return v;
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  const HeaderLayout l(layout_params());
  const uint32_t lmax = field_mask(l, Field::Latency);

  VerilatedContext ctx;
  Vdrb_gmr dut{&ctx, "gmr"};
  Trace trace(ctx, opt.trace);
  trace.add(dut);
  trace.open();
  Checker chk("drb_gmr", opt);
  Rng rng(opt.seed);

  auto edge = [&](bool rst_n) {
    dut.rst_ni = rst_n;
    dut.clk_i = 0;
    dut.eval();
    dut.clk_i = 1;
    dut.eval();
    dut.clk_i = 0;
  };
  edge(false);
  edge(true);

  Gmr model;  // reset: threshold 0, once mode
  const std::vector<Stim> dir = directed(l);
  Header prev = filled_header(l, false);
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    Stim s;
    if (cyc < dir.size()) {
      s = dir[cyc];
    } else {
      if (rng.below(64) == 0) {
        s.cfg_we = true;
        const uint64_t k = rng.below(4);
        s.cfg_thr = k == 0 ? 0 : k == 1 ? lmax : static_cast<uint32_t>(rng.next()) & lmax;
        s.cfg_every_hop = rng.below(2);
      }
      s.valid = rng.below(8) != 0;
      s.hdr = rng.below(3) == 0 ? prev : random_header(rng, l);
      switch (rng.below(4)) {  // latency: at the threshold's edge half the time
        case 0: s.hdr.latency = (model.threshold() + static_cast<uint32_t>(rng.below(3)) - 1) & lmax; break;
        case 1: s.hdr.latency = rng.below(2) ? 0 : lmax; break;
        default: break;
      }
      if (rng.below(4) != 0) s.hdr.tclass = TrafficClass::Data;
      s.rst = rng.below(100'000) == 0;
    }
    dut.cfg_we_i = s.cfg_we;
    dut.cfg_threshold_i = s.cfg_thr;
    dut.cfg_every_hop_i = s.cfg_every_hop;
    dut.valid_i = s.valid;
    const HeaderBits in = l.encode(s.hdr);
    to_port(dut.hdr_i, in);
    dut.eval();

    Header out = s.hdr;
    const bool fire = s.valid && model.fire(out);
    const Header ack = make_ack_header(s.hdr, AckKind::Early, kAckFlits);
    chk.eq(cyc, "fire_o", dut.fire_o, fire);
    chk.eq_hdr(cyc, "hdr_o", l, from_port(dut.hdr_o), l.encode(out));
    chk.eq_hdr(cyc, "ack_o", l, from_port(dut.ack_o), l.encode(ack));
    chk.context([&] {
      return "threshold=" + std::to_string(model.threshold()) + " every_hop=" + std::to_string(model.every_hop()) +
             " valid_i=" + std::to_string(s.valid) + " hdr_i{" + describe(l, in) + "}";
    });
    trace.dump(2 * cyc);

    edge(!s.rst);
    if (s.rst) {  // held through the next cycle's comparison, released at its edge
      model = Gmr();
    } else if (s.cfg_we) {
      model = Gmr(s.cfg_thr, s.cfg_every_hop);
    }
    trace.dump(2 * cyc + 1);
    prev = out;
  }
  return chk.finish(opt.cycles);
}
