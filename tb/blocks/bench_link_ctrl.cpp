// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_link_ctrl.sv against LinkController (models/blocks/link_ctrl.h), two instances
// with short periods so that 10^6 cycles hold thousands of decisions: 4 members (TCheck 64, TOn 20, TOff 24,
// all on at reset) and 2 members (TCheck 50, TOn 7, TOff 3, member 0 only at reset). Every cycle compares
// the member states, the usable and powered masks and the phit counter, then clocks both. The stimulus runs
// in phases of 512 cycles: idle, light, heavy and congested traffic, random busy members, phits also on
// members that are not ON (which must not count), and thresholds redrawn every few periods around the
// utilisations the phases produce, 0 and the maximum included.
#include "Vdrb_link_ctrl_m2.h"
#include "Vdrb_link_ctrl_m4.h"
#include "models/blocks/link_ctrl.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

template <class Dut>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, const LinkCtrlConfig& c, uint64_t seed, Trace& trace)
      : dut_(&ctx, name), model_(c), c_(c), rng_(Rng::stream(seed, static_cast<uint64_t>(c.members))), name_(name) {
    trace.add(dut_);
  }

  void reset() {  // a falling edge of rst_ni (the reset state is not all zeros)
    dut_.clk_i = 0;
    dut_.rst_ni = 1;
    dut_.eval();
    dut_.rst_ni = 0;
    dut_.eval();
    dut_.rst_ni = 1;
    dut_.eval();
    model_.reset();
  }

  void evaluate(uint64_t cyc, Checker& chk) {
    const uint32_t all = (1u << c_.members) - 1;
    if (cyc % 512 == 0) phase_ = static_cast<int>(rng_.below(5));
    if (cyc % (3 * static_cast<uint64_t>(c_.t_check)) == 0) {  // new thresholds every three periods
      const uint32_t t = static_cast<uint32_t>(c_.t_check);
      const uint32_t pick[] = {0, t, t / 8, t / 4, t / 3, t / 2, 2 * t / 3, static_cast<uint32_t>(rng_.below(t + 1))};
      in_.th_off = pick[rng_.below(8)];
      in_.th_on = pick[rng_.below(8)];
    }
    const uint64_t r = rng_.next();
    const uint32_t dense = static_cast<uint32_t>(r | (r >> 8)), sparse = static_cast<uint32_t>(r & (r >> 8) & (r >> 16));
    switch (phase_) {
      case 0: in_.phit = 0; break;                                             // idle
      case 1: in_.phit = sparse & all; break;                                  // light
      case 2: in_.phit = dense & all; break;                                   // heavy
      case 3: in_.phit = all; break;                                           // saturated
      default: in_.phit = static_cast<uint32_t>(r >> 20) & all; break;         // random
    }
    if (rng_.below(4) != 0) in_.phit &= model_.usable();  // mostly only where routing can send
    in_.busy = static_cast<uint32_t>(r >> 32) & static_cast<uint32_t>(r >> 36) & all;
    in_.inj_pending = phase_ == 3 ? rng_.below(8) == 0 : rng_.below(600) == 0;
    in_.inj_empty = !in_.inj_pending && (phase_ >= 2 ? rng_.below(3) != 0 : rng_.below(50) != 0);

    dut_.phit_i = in_.phit;
    dut_.busy_i = in_.busy;
    dut_.inj_empty_i = in_.inj_empty;
    dut_.inj_pending_i = in_.inj_pending;
    dut_.th_on_i = in_.th_on;
    dut_.th_off_i = in_.th_off;
    dut_.clk_i = 0;
    dut_.eval();

    uint32_t st = 0;
    for (int j = 0; j < c_.members; ++j) st |= static_cast<uint32_t>(model_.state(j)) << (2 * j);
    chk.eq(cyc, name_ + ".state_o", dut_.state_o, st);
    chk.eq(cyc, name_ + ".usable_o", dut_.usable_o, model_.usable());
    chk.eq(cyc, name_ + ".powered_o", dut_.powered_o, model_.powered());
    chk.eq(cyc, name_ + ".acc_o", dut_.acc_o, model_.acc());
    chk.context([&] {
      char b[200];
      std::snprintf(b, sizeof b, "%s phit_i=0x%x busy_i=0x%x inj_empty_i=%d inj_pending_i=%d th_on_i=%u th_off_i=%u tick=%d",
                    name_.c_str(), in_.phit, in_.busy, in_.inj_empty, in_.inj_pending, in_.th_on, in_.th_off,
                    model_.tick());
      return std::string(b);
    });
  }

  void tick() {
    dut_.clk_i = 1;
    dut_.eval();
    const uint32_t on = model_.usable(), off = model_.mask(MemberState::Off);
    model_.step(in_);
    const uint32_t woke = off & model_.mask(MemberState::TurningOn);
    turned_off_ += __builtin_popcount(on & model_.mask(MemberState::TurningOff));
    (in_.inj_pending ? congestion_on_ : threshold_on_) += __builtin_popcount(woke);
  }
  uint64_t turned_off() const { return turned_off_; }
  void coverage() const {
    std::printf("%s: %llu turned off, %llu turned on by threshold, %llu by the congestion test\n", name_.c_str(),
                static_cast<unsigned long long>(turned_off_), static_cast<unsigned long long>(threshold_on_),
                static_cast<unsigned long long>(congestion_on_));
  }

 private:
  Dut dut_;
  LinkController model_;
  LinkCtrlConfig c_;
  Rng rng_;
  std::string name_;
  LinkCtrlIn in_;
  int phase_ = 0;
  uint64_t turned_off_ = 0, threshold_on_ = 0, congestion_on_ = 0;
};

LinkCtrlConfig config(int members, int t_check, int t_on, int t_off, bool all_on) {
  LinkCtrlConfig c;
  c.members = members;
  c.t_check = t_check;
  c.t_on = t_on;
  c.t_off = t_off;
  c.init_all_on = all_on;
  return c;
}

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_link_ctrl_m4> m4(ctx, "lc4", config(4, 64, 20, 24, true), opt.seed, trace);
  Lane<Vdrb_link_ctrl_m2> m2(ctx, "lc2", config(2, 50, 7, 3, false), opt.seed, trace);
  trace.open();
  Checker chk("drb_link_ctrl", opt);
  m4.reset();
  m2.reset();
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc) {
    m4.evaluate(cyc, chk);
    m2.evaluate(cyc, chk);
    trace.dump(2 * cyc);
    m4.tick();
    m2.tick();
    trace.dump(2 * cyc + 1);
  }
  m4.coverage();
  m2.coverage();
  // The stimulus must exercise the state machine, not just the counter.
  if (opt.cycles >= 100000 && (m4.turned_off() == 0 || m2.turned_off() == 0)) {
    std::printf("drb_link_ctrl: stimulus never turned a member off\n");
    return 1;
  }
  return chk.finish(opt.cycles);
}
