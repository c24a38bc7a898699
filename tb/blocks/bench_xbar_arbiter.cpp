// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_xbar_arbiter.sv (NumIn = 5, the 8x8 torus router with its local port, and
// NumIn = 8) against XbarArbiter (models/blocks/xbar_arbiter.h). Every cycle compares gnt_o, valid_o and
// idx_o, then clocks both with the same used_i. Request density changes in phases (sparse, dense, all,
// single) so the pointer sees every wrap; a hand-worked sequence opens the run.
#include "Vdrb_xbar_arbiter_p5.h"
#include "Vdrb_xbar_arbiter_p8.h"
#include "models/blocks/xbar_arbiter.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Step {
  uint32_t req, prio;
  bool used;
  int expect;  // hand-worked grant (-1 = none); < -1 = not given
};

// Worked by hand for 5 inputs, pointer 0 after reset.
const Step kHand5[] = {
    {0b10110, 0, true, 1},         // first requester at/after 0 -> 1; pointer -> 2
    {0b00011, 0, false, 0},        // none at/after 2: wrap to 0; not used, pointer stays 2
    {0b00011, 0, true, 0},         // pointer -> 1
    {0b11111, 0b01000, true, 3},   // the priority class wins regardless of the pointer; pointer -> 4
    {0b10001, 0, true, 4},         // 4 is at the pointer; pointer wraps to 0
    {0b10001, 0, true, 0},         // pointer -> 1
    {0b00000, 0, true, -1},        // no request, nothing moves
    {0b10001, 0b00001, true, 0},   // priority 0 although 4 is after the pointer; pointer -> 1
    {0b11110, 0b10100, false, 2},  // priority among {2, 4}: first at/after 1 is 2
};

template <class Dut>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, int n, uint64_t seed, Trace& trace)
      : dut_(&ctx, name), model_(n), n_(n), rng_(Rng::stream(seed, static_cast<uint64_t>(n))), name_(name) {
    trace.add(dut_);
  }

  void reset() { bench::reset(dut_); }

  // Inputs for this cycle, combinational outputs compared with the model.
  void evaluate(uint64_t cyc, Checker& chk, const Step* hand, size_t nhand) {
    const uint32_t all = (1u << n_) - 1;
    Step& s = s_;
    s = Step{};
    if (cyc < nhand) {
      s = hand[cyc];
    } else {
      if (cyc % 1024 == 0) phase_ = static_cast<int>(rng_.below(4));
      const uint64_t r = rng_.next();
      switch (phase_) {
        case 0: s.req = static_cast<uint32_t>(r & (r >> 8) & (r >> 16)) & all; break;  // sparse (1/8)
        case 1: s.req = static_cast<uint32_t>(r | (r >> 8)) & all; break;                // dense (3/4)
        case 2: s.req = all; break;
        default: s.req = (1u << rng_.below(n_)) & all; break;                           // single
      }
      s.prio = rng_.below(4) == 0 ? static_cast<uint32_t>(r >> 32) & static_cast<uint32_t>(r >> 40) & all : 0;
      s.used = rng_.below(4) != 0;
      s.expect = -2;
    }
    dut_.req_i = s.req;
    dut_.prio_i = s.prio;
    dut_.used_i = s.used;
    dut_.clk_i = 0;
    dut_.eval();

    const int g = g_ = model_.arbitrate(s.req, s.prio);
    chk.eq(cyc, n_gnt_o_, dut_.gnt_o, g >= 0 ? 1u << g : 0u);
    chk.eq(cyc, n_valid_o_, dut_.valid_o, g >= 0);
    chk.eq(cyc, n_idx_o_, dut_.idx_o, g >= 0 ? g : 0);
    if (s.expect >= -1) chk.eq(cyc, name_ + ".model grant vs hand-worked", g, s.expect);
    chk.context([&] {
      char b[160];
      std::snprintf(b, sizeof b, "%s req_i=0x%x prio_i=0x%x used_i=%d pointer(model)=%d", name_.c_str(), s.req,
                    s.prio, s.used, model_.pointer());
      return std::string(b);
    });
  }

  // Clock edge: the pointer moves in both only on a used grant.
  void tick() {
    dut_.clk_i = 1;
    dut_.eval();
    model_.update(g_, s_.used);
  }

 private:
  Dut dut_;
  XbarArbiter model_;
  int n_;
  Rng rng_;
  std::string name_;
  const std::string n_gnt_o_ = name_ + ".gnt_o", n_valid_o_ = name_ + ".valid_o", n_idx_o_ = name_ + ".idx_o";
  int phase_ = 0;
  Step s_{};
  int g_ = -1;
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_xbar_arbiter_p5> p5(ctx, "arb5", 5, opt.seed, trace);
  Lane<Vdrb_xbar_arbiter_p8> p8(ctx, "arb8", 8, opt.seed, trace);
  trace.open();
  Checker chk("drb_xbar_arbiter", opt);
  p5.reset();
  p8.reset();
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    p5.evaluate(cyc, chk, kHand5, std::size(kHand5));
    p8.evaluate(cyc, chk, nullptr, 0);
    trace.dump(2 * cyc);
    p5.tick();
    p8.tick();
    trace.dump(2 * cyc + 1);
  }
  return chk.finish(opt.cycles);
}
