// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_vc_alloc.sv (5 ports x 2 VCs, the 2-D torus router with its local port, and
// 3 ports x 4 VCs) against VcAllocator (systemc/router/vc_allocator.h, separable, round robin), which sees
// a stub router that presents the same requests. Every cycle compares gnt_o with the model's grants, then
// clocks both. Requests come in phases (sparse, dense, every input VC on a few output VCs, one input VC) so
// every pointer sees its wraps; a hand-worked sequence opens the 5 x 2 run.
#include <map>
#include <type_traits>

#include "Vdrb_vc_alloc_p3v4.h"
#include "Vdrb_vc_alloc_p5v2.h"
#include "systemc/router/block_set.h"
#include "systemc/router/vc_allocator.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

// What VcAllocator sees of a router (the calls vc_allocator.h lists): input VCs waiting for an output VC,
// each asking for the output VC in want_.
class StubRouter {
 public:
  StubRouter(int ports, int vcs) : in_(ports), vcs_(vcs), want_(static_cast<size_t>(ports) * vcs, -1) {
    for (int i = 0; i < ports; ++i) in_[i].init(i, vcs);
  }
  // This cycle's requests: want[input VC] = output VC (port * vcs + VC), -1 = not waiting.
  void present(const std::vector<int>& want) {
    want_ = want;
    ports_ = 0;
    for (int i = 0; i < static_cast<int>(in_.size()); ++i) {
      in_[i].stage[InputVc::kVcAlloc] = 0;
      for (int c = 0; c < vcs_; ++c)
        if (want[i * vcs_ + c] >= 0) in_[i].stage[InputVc::kVcAlloc] |= uint64_t{1} << c;
      if (in_[i].stage[InputVc::kVcAlloc]) ports_ |= uint64_t{1} << i;
    }
    granted = 0;
    wrong = false;
  }
  int mask_words() const { return 1; }
  uint64_t ports_in(InputVc::State s, int) const { return s == InputVc::kVcAlloc ? ports_ : 0; }
  InputUnit& input(int i) { return in_[i]; }
  int pick_output_vc(const InputVc& v, int& port) const {
    const int w = want_[v.port * vcs_ + v.vc];
    port = w / vcs_;
    return w % vcs_;
  }
  uint64_t free_output_vcs(const InputVc& v, int& port) const { return uint64_t{1} << pick_output_vc(v, port); }
  int64_t age(const InputVc&) const { return 0; }
  void vc_granted(InputVc& v, int port, int ovc, int64_t) {
    const int i = v.port * vcs_ + v.vc;
    granted |= uint64_t{1} << i;
    wrong |= port * vcs_ + ovc != want_[i];
  }
  template <class B>
  void block(InputVc&) {}
  void contended() {}

  uint64_t granted = 0;  // input VCs granted this cycle
  bool wrong = false;    // a grant of an output VC the input VC did not ask for

 private:
  std::vector<InputUnit> in_;
  int vcs_;
  std::vector<int> want_;
  uint64_t ports_ = 0;
};

// Hand-worked for 5 ports x 2 VCs (10 input and output VCs, pointers 0 after reset): input VCs 0, 2 and 7
// keep asking for output VC 4, whose pointer moves past each winner: 0, then 2 (first at or after 1), then
// 7 (at or after 3), then 0 (none at or after 8: wrap). Then output VCs 1 and 3 are asked by one input VC
// each: both granted in the same cycle.
struct HandStep {
  std::map<int, int> want;  // input VC -> output VC
  uint64_t expect;          // granted input VCs
};
const HandStep kHand[] = {
    {{{0, 4}, {2, 4}, {7, 4}}, 1u << 0},
    {{{0, 4}, {2, 4}, {7, 4}}, 1u << 2},
    {{{0, 4}, {2, 4}, {7, 4}}, 1u << 7},
    {{{0, 4}, {2, 4}, {7, 4}}, 1u << 0},
    {{{5, 1}, {6, 3}}, (1u << 5) | (1u << 6)},
    {{}, 0},
};

template <class Dut>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, int ports, int vcs, uint64_t seed, Trace& trace)
      : dut_(&ctx, name), stub_(ports, vcs), n_(ports * vcs), rng_(Rng::stream(seed, static_cast<uint64_t>(n_))),
        name_(name) {
    va_.init(ports, ports, vcs, false, false);
    ow_ = 1;
    while ((1 << ow_) < n_) ++ow_;
    trace.add(dut_);
  }

  void reset() { bench::reset(dut_); }

  void evaluate(uint64_t cyc, Checker& chk, bool hand) {
    std::vector<int> want(static_cast<size_t>(n_), -1);
    int64_t expect = -1;
    if (hand && cyc < std::size(kHand)) {
      for (auto [i, o] : kHand[cyc].want) want[i] = o;
      expect = static_cast<int64_t>(kHand[cyc].expect);
    } else {
      if (cyc % 512 == 0) phase_ = static_cast<int>(rng_.below(4));
      const int hot = static_cast<int>(rng_.below(n_)), single = static_cast<int>(rng_.below(n_));
      for (int i = 0; i < n_; ++i) {
        switch (phase_) {
          case 0: if (rng_.below(8) == 0) want[i] = static_cast<int>(rng_.below(n_)); break;            // sparse
          case 1: if (rng_.below(4) != 0) want[i] = static_cast<int>(rng_.below(n_)); break;            // dense
          case 2: want[i] = (hot + static_cast<int>(rng_.below(3))) % n_; break;                        // a few hot VCs
          default: if (i == single) want[i] = static_cast<int>(rng_.below(n_)); break;                  // one
        }
      }
    }
    uint64_t req = 0, ovc = 0;
    for (int i = 0; i < n_; ++i)
      if (want[i] >= 0) req |= uint64_t{1} << i, ovc |= static_cast<uint64_t>(want[i]) << (i * ow_);
    dut_.req_i = static_cast<std::remove_reference_t<decltype(dut_.req_i)>>(req);
    dut_.req_ovc_i = ovc;
    dut_.clk_i = 0;
    dut_.eval();

    stub_.present(want);
    va_.allocate<false, ModelBlocks>(stub_, static_cast<int64_t>(cyc));
    chk.eq(cyc, name_ + ".gnt_o", dut_.gnt_o, stub_.granted);
    chk.eq(cyc, name_ + ".model grants the output VC asked for", stub_.wrong, false);
    if (expect >= 0) chk.eq(cyc, name_ + ".model grants vs hand-worked", stub_.granted, expect);
    chk.context([&] {
      std::string s = name_ + " requests (input VC>output VC):";
      for (int i = 0; i < n_; ++i)
        if (want[i] >= 0) s += " " + std::to_string(i) + ">" + std::to_string(want[i]);
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
  VcAllocator va_;
  int n_, ow_ = 1;
  Rng rng_;
  std::string name_;
  int phase_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_vc_alloc_p5v2> a(ctx, "va5x2", 5, 2, opt.seed, trace);
  Lane<Vdrb_vc_alloc_p3v4> b(ctx, "va3x4", 3, 4, opt.seed, trace);
  Checker chk("drb_vc_alloc", opt);
  return run_lanes(opt, chk, trace, a, b);
}
