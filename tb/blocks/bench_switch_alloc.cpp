// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_switch_alloc.sv (5 ports x 2 VCs, the 2-D torus router with its local port, and
// 3 ports x 4 VCs; separable and iSLIP each) against SwitchAllocator (systemc/router/switch_allocator.h,
// round robin, the same allocation), which sees a stub router presenting the same requests: per input VC whether it holds an output, which
// one, whether it may send this cycle and whether it carries a high-priority ack. Every cycle compares
// gnt_o with the flits the model sends, and bid_o with the VCs the model lets wait (AL), then clocks both.
// Requests come in phases (sparse, dense, all VCs on one output, priority-heavy); hand-worked sequences open
// the two 5 x 2 runs.
#include <type_traits>
#include <vector>

#include "Vdrb_switch_alloc_p3v4.h"
#include "Vdrb_switch_alloc_p3v4i.h"
#include "Vdrb_switch_alloc_p5v2.h"
#include "Vdrb_switch_alloc_p5v2i.h"
#include "systemc/router/block_set.h"
#include "systemc/router/switch_allocator.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

// One input VC's request this cycle.
struct Want {
  bool holds = false;  // in the active stage (holds an output VC)
  bool may = false;    //   and may send this cycle (credit, link free)
  bool prio = false;
  int port = 0;
};

// What SwitchAllocator sees of a router (the calls switch_allocator.h lists).
class StubRouter {
 public:
  StubRouter(int ports, int vcs) : in_(ports), vcs_(vcs) {
    for (int i = 0; i < ports; ++i) {
      in_[i].init(i, vcs);
      for (InputVc& v : in_[i].vcs) {
        v.buf.init(2);
        Flit f;
        f.flags = Flit::kHead;
        v.buf.push(f);
      }
    }
  }
  void present(const std::vector<Want>& w) {
    w_ = w;
    ports_ = 0;
    for (int i = 0; i < static_cast<int>(in_.size()); ++i) {
      in_[i].stage[InputVc::kActive] = 0;
      for (int c = 0; c < vcs_; ++c) {
        const Want& x = w[i * vcs_ + c];
        InputVc& v = in_[i].vcs[c];
        v.out_port = static_cast<int16_t>(x.port);
        v.prio = x.prio;
        if (x.holds) in_[i].stage[InputVc::kActive] |= uint64_t{1} << c;
      }
      if (in_[i].stage[InputVc::kActive]) ports_ |= uint64_t{1} << i;
    }
    sent = blocked = 0;
  }
  int mask_words() const { return 1; }
  uint64_t ports_in(InputVc::State s, int) const { return s == InputVc::kActive ? ports_ : 0; }
  InputUnit& input(int i) { return in_[i]; }
  InputVc& in_vc(int i, int c) { return in_[i].vcs[c]; }
  template <class B>
  bool eligible(InputVc& v, int64_t) {
    return w_[v.port * vcs_ + v.vc].may;
  }
  template <class B>
  void block(InputVc& v) {
    blocked |= uint64_t{1} << (v.port * vcs_ + v.vc);
  }
  void contended() {}
  int64_t age(const InputVc&) const { return 0; }
  template <class B>
  void send(InputVc& v, int64_t) {
    sent |= uint64_t{1} << (v.port * vcs_ + v.vc);
  }
  void* xbar_rtl() const { return nullptr; }

  uint64_t sent = 0;     // input VCs whose flit crossed this cycle
  uint64_t blocked = 0;  //   and those that lost an allocation (every VC holds a head here)

 private:
  std::vector<InputUnit> in_;
  int vcs_;
  std::vector<Want> w_;
  uint64_t ports_ = 0;
};

// Hand-worked for 5 ports x 2 VCs (pointers 0 after reset): input VC i*2+v. Inputs 0, 1 and 2 (VC 0 of
// each) want output 4: the crossbar grants 0, then 1, then 2. Input 3 has both VCs on output 1, VC 1 a
// high-priority ack: VC 1 wins its input's arbiter whatever the pointer, which then wraps past it to 0.
// Then input 3's two data VCs take turns (VC 0, VC 1), and a VC that holds its output but may not send
// (no credit) leaves the turn to the other.
struct HandStep {
  std::vector<std::pair<int, Want>> want;  // input VC -> request
  uint64_t expect;
};
const Want kData4{true, true, false, 4}, kData1{true, true, false, 1}, kAck1{true, true, true, 1};
const HandStep kHand[] = {
    {{{0, kData4}, {2, kData4}, {4, kData4}}, 1u << 0},
    {{{0, kData4}, {2, kData4}, {4, kData4}}, 1u << 2},
    {{{0, kData4}, {2, kData4}, {4, kData4}}, 1u << 4},
    {{{6, kData1}, {7, kAck1}}, 1u << 7},           // the ack first; input 3's pointer -> 0 (past VC 1)
    {{{6, kData1}, {7, kData1}}, 1u << 6},           // pointer 0: VC 0; -> 1
    {{{6, kData1}, {7, kData1}}, 1u << 7},           // VC 1; -> 0
    {{{6, {true, false, false, 1}}, {7, kData1}}, 1u << 7},  // VC 0 holds but may not send
};

// The same for iSLIP (5 x 2, every pointer 0 after reset). 0: input 0 wants outputs 1 (VC 0) and 2 (VC 1),
// input 1 output 1: both outputs grant input 0, which accepts output 1 (its accept pointer 0); output 2's
// pointer stays (its grant was not accepted). 1: output 1 (pointer 1) grants input 1, output 2 input 0,
// which now accepts it: two flits. 2: output 1 (pointer 2) wraps to input 0, output 2 grants 0, input 0
// (accept pointer 3) wraps to output 1. 3: inputs 0 (VC 1) and 2 want output 2, whose pointer is 1: input 2.
// 4: input 3's ack (VC 1) stands for output 0 before its data VC and wins over input 4.
const HandStep kHandIslip[] = {
    {{{0, kData1}, {1, {true, true, false, 2}}, {2, kData1}}, 1u << 0},
    {{{0, kData1}, {1, {true, true, false, 2}}, {2, kData1}}, (1u << 1) | (1u << 2)},
    {{{0, kData1}, {1, {true, true, false, 2}}, {2, kData1}}, 1u << 0},
    {{{1, {true, true, false, 2}}, {4, {true, true, false, 2}}}, 1u << 4},
    {{{6, {true, true, false, 0}}, {7, {true, true, true, 0}}, {8, {true, true, false, 0}}}, 1u << 7},
};

template <class Dut>
class Lane {
 public:
  // hand: the hand-worked opening this lane plays (null: none).
  Lane(VerilatedContext& ctx, const char* name, int ports, int vcs, bool islip, const HandStep* hand, size_t n_hand,
       uint64_t seed, Trace& trace)
      : dut_(&ctx, name), stub_(ports, vcs), ports_(ports), vcs_(vcs),
        rng_(Rng::stream(seed, static_cast<uint64_t>(ports * vcs) + (islip ? 100 : 0))), name_(name),
        hand_(hand), n_hand_(n_hand) {
    sa_.init(ports, ports, vcs, 1, islip, false);
    while ((1 << pw_) < ports) ++pw_;
    trace.add(dut_);
  }

  void reset() { bench::reset(dut_); }

  void evaluate(uint64_t cyc, Checker& chk, bool /*first*/) {
    const int n = ports_ * vcs_;
    std::vector<Want> w(static_cast<size_t>(n));
    int64_t expect = -1;
    if (hand_ && cyc < n_hand_) {
      for (const auto& [i, x] : hand_[cyc].want) w[i] = x;
      expect = static_cast<int64_t>(hand_[cyc].expect);
    } else {
      if (cyc % 512 == 0) phase_ = static_cast<int>(rng_.below(4));
      const int hot = static_cast<int>(rng_.below(ports_));
      for (Want& x : w) {
        x.holds = phase_ == 0 ? rng_.below(4) == 0 : rng_.below(4) != 0;
        x.may = x.holds && rng_.below(4) != 0;
        x.prio = phase_ == 3 ? rng_.below(2) == 0 : rng_.below(16) == 0;
        x.port = phase_ == 2 ? hot : static_cast<int>(rng_.below(ports_));
      }
    }
    uint64_t req = 0, prio = 0, port = 0;
    for (int i = 0; i < n; ++i) {
      if (w[i].may) req |= uint64_t{1} << i;
      if (w[i].prio) prio |= uint64_t{1} << i;
      port |= static_cast<uint64_t>(w[i].port) << (i * pw_);
    }
    dut_.req_i = static_cast<std::remove_reference_t<decltype(dut_.req_i)>>(req);
    dut_.prio_i = static_cast<std::remove_reference_t<decltype(dut_.prio_i)>>(prio);
    dut_.out_port_i = static_cast<std::remove_reference_t<decltype(dut_.out_port_i)>>(port);
    dut_.clk_i = 0;
    dut_.eval();

    stub_.present(w);
    sa_.allocate<false, ModelBlocks>(stub_, static_cast<int64_t>(cyc));
    chk.eq(cyc, name_ + ".gnt_o", dut_.gnt_o, stub_.sent);
    // The VCs the model lets wait (AL) for the allocation: those that bid in the output stage and crossed not.
    uint64_t lost = 0;
    for (int i = 0; i < n; ++i)
      if (w[i].may && ((dut_.bid_o >> i) & 1) && !((stub_.sent >> i) & 1)) lost |= uint64_t{1} << i;
    chk.eq(cyc, name_ + ".bid_o (the VCs that wait)", lost, stub_.blocked);
    if (expect >= 0) chk.eq(cyc, name_ + ".model grants vs hand-worked", stub_.sent, expect);
    chk.context([&] {
      std::string s = name_ + " requests (input VC>output, * may send, ! priority):";
      for (int i = 0; i < n; ++i)
        if (w[i].holds) s += " " + std::to_string(i) + ">" + std::to_string(w[i].port) + (w[i].may ? "*" : "") + (w[i].prio ? "!" : "");
      return s;
    });
  }

  void tick() {
    dut_.clk_i = 1;
    dut_.eval();
  }

 private:
  Dut dut_;
  StubRouter stub_;
  SwitchAllocator sa_;
  int ports_, vcs_, pw_ = 1;
  Rng rng_;
  std::string name_;
  const HandStep* hand_;
  size_t n_hand_;
  int phase_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_switch_alloc_p5v2> a(ctx, "sa5x2", 5, 2, false, kHand, std::size(kHand), opt.seed, trace);
  Lane<Vdrb_switch_alloc_p3v4> b(ctx, "sa3x4", 3, 4, false, nullptr, 0, opt.seed, trace);
  Lane<Vdrb_switch_alloc_p5v2i> c(ctx, "islip5x2", 5, 2, true, kHandIslip, std::size(kHandIslip), opt.seed, trace);
  Lane<Vdrb_switch_alloc_p3v4i> d(ctx, "islip3x4", 3, 4, true, nullptr, 0, opt.seed, trace);
  Checker chk("drb_switch_alloc", opt);
  return run_lanes(opt, chk, trace, a, b, c, d);
}
