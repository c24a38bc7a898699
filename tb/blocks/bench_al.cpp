// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_al.sv and rtl/drb_al_timer.sv against LatencyAccumulator (models/blocks/al.h).
// Every cycle compares both timers (Tick = 1 and Tick = 3) with timer(cycle) and the adder's lat_o with
// enq/resume. Part of the stimulus replays whole waits of a few packets: a packet queued at T1 and resumed
// at T2 must come out with lat + (T2 - T1) mod 2^W, the spec's identity, checked on top of the model.
#include "Vdrb_al.h"
#include "Vdrb_al_timer.h"
#include "Vdrb_al_timer_t3.h"
#include "models/blocks/al.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

struct Waiting {
  bool queued = false;
  uint32_t lat_before = 0;  // latency field when the wait began
  uint32_t t1 = 0;
  uint32_t lat = 0;         // field value while waiting (lat_before - T1)
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  const HeaderLayout l(layout_params());
  const int w = l.width(Field::Latency);
  const LatencyAccumulator al(w, 1), al3(w, 3);
  const uint32_t mask = al.mask();

  VerilatedContext ctx;
  Vdrb_al dut{&ctx, "al"};
  Vdrb_al_timer tmr{&ctx, "timer"};
  Vdrb_al_timer_t3 tmr3{&ctx, "timer_t3"};
  Trace trace(ctx, opt.trace);
  trace.add(dut);
  trace.add(tmr);
  trace.add(tmr3);
  trace.open();
  Checker chk("drb_al", opt);
  Rng rng(opt.seed);

  auto clock = [&](bool rst_n) {
    for (int edge = 0; edge < 2; ++edge) {
      tmr.clk_i = tmr3.clk_i = static_cast<uint8_t>(edge);
      tmr.rst_ni = tmr3.rst_ni = rst_n;
      tmr.eval();
      tmr3.eval();
    }
  };
  clock(false);  // asynchronous reset, then release

  // Directed corners for the adder: (lat, timer, enq, resume).
  const uint32_t c[] = {0u, 1u, mask, mask - 1, mask / 2, mask / 2 + 1};
  struct D { uint32_t lat, timer; bool enq, resume; };
  std::vector<D> dir;
  for (uint32_t a : c)
    for (uint32_t t : c)
      for (int er = 0; er < 4; ++er) dir.push_back({a, t, (er & 1) != 0, (er & 2) != 0});

  Waiting pool[4];
  int64_t since_reset = 0;
  for (uint64_t cyc = 0; cyc < opt.cycles; ++cyc, ++since_reset) {
    // Timers: registered outputs, compared before the edge.
    chk.eq(cyc, "timer_o(Tick=1)", tmr.timer_o, al.timer(since_reset));
    chk.eq(cyc, "timer_o(Tick=3)", tmr3.timer_o, al3.timer(since_reset));
    const uint32_t now = tmr.timer_o;

    D s{};
    Waiting* pk = nullptr;
    if (cyc < dir.size()) {
      s = dir[cyc];
    } else if (rng.below(2)) {
      // A packet of the pool starts or ends a wait at the current timer value.
      pk = &pool[rng.below(4)];
      s = {pk->queued ? pk->lat : static_cast<uint32_t>(rng.next()) & mask, now, !pk->queued, pk->queued};
    } else {
      const uint64_t r = rng.next();
      s.lat = static_cast<uint32_t>(r) & mask;
      s.timer = (r >> 32) & 1 ? now : static_cast<uint32_t>(r >> 33) & mask;
      s.enq = rng.below(2);
      s.resume = rng.below(2);
    }
    dut.lat_i = s.lat;
    dut.timer_i = s.timer;
    dut.enq_i = s.enq;
    dut.resume_i = s.resume;
    dut.eval();

    uint32_t expect = s.lat;
    if (s.enq) expect = al.enq(expect, s.timer);
    if (s.resume) expect = al.resume(expect, s.timer);
    chk.eq(cyc, "lat_o", dut.lat_o, expect);
    if (pk) {
      if (!pk->queued) {
        *pk = {true, s.lat, s.timer, dut.lat_o};
      } else {
        // Whole wait: L1 + (T2 - T1) mod 2^W, independent of how the field carried it.
        chk.eq(cyc, "lat_o(after wait)", dut.lat_o, (pk->lat_before + s.timer - pk->t1) & mask);
        pk->queued = false;
      }
    }
    chk.context([&] {
      return "lat_i=" + std::to_string(s.lat) + " timer_i=" + std::to_string(s.timer) +
             " enq_i=" + std::to_string(s.enq) + " resume_i=" + std::to_string(s.resume) +
             " cycles_since_reset=" + std::to_string(since_reset);
    });
    trace.dump(2 * cyc);

    // Rarely reset the timers mid-run: timer(cycle) restarts from zero.
    const bool rst = cyc >= dir.size() && rng.below(200'000) == 0;
    clock(!rst);
    if (rst) since_reset = -1;  // the next cycle is cycle 0 again (reset is released at its edge)
    trace.dump(2 * cyc + 1);
  }
  return chk.finish(opt.cycles);
}
