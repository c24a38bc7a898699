// SPDX-License-Identifier: Apache-2.0
//
// Lock-step bench: rtl/drb_vc_alloc.sv (5 ports x 2 VCs, the 2-D torus router with its local port, and
// 3 ports x 4 VCs; separable and iSLIP each) against VcAllocator (systemc/router/vc_allocator.h, round
// robin), which sees a stub router that presents the same requests. Every cycle compares gnt_o (and under
// iSLIP gnt_vc_o, the VC each grant gives) with the model's grants, then clocks both. Requests come in
// phases (sparse, dense, every input VC on a few output VCs or one port, one input VC) so every pointer
// sees its wraps; a hand-worked sequence opens the 5 x 2 runs.
#include <map>
#include <type_traits>

#include "Vdrb_vc_alloc_p3v4.h"
#include "Vdrb_vc_alloc_p3v4i.h"
#include "Vdrb_vc_alloc_p5v2.h"
#include "Vdrb_vc_alloc_p5v2i.h"
#include "systemc/router/block_set.h"
#include "systemc/router/vc_allocator.h"
#include "tb/blocks/bench_common.h"

using namespace drb;
using namespace drb::bench;

namespace {

// What VcAllocator sees of a router (the calls vc_allocator.h lists): input VCs waiting for an output VC,
// each asking for the output VC in want_ (separable) or for the VCs mask_ of the port want_ / vcs (iSLIP).
class StubRouter {
 public:
  StubRouter(int ports, int vcs) : in_(ports), vcs_(vcs), want_(static_cast<size_t>(ports) * vcs, -1) {
    for (int i = 0; i < ports; ++i) in_[i].init(i, vcs);
  }
  // This cycle's requests: want[input VC] = output VC (port * vcs + VC), -1 = not waiting.
  void present(const std::vector<int>& want, const std::vector<uint64_t>& mask = {}) {
    want_ = want;
    mask_ = mask;
    ports_ = 0;
    for (int i = 0; i < static_cast<int>(in_.size()); ++i) {
      in_[i].stage[InputVc::kVcAlloc] = 0;
      for (int c = 0; c < vcs_; ++c)
        if (want[i * vcs_ + c] >= 0) in_[i].stage[InputVc::kVcAlloc] |= uint64_t{1} << c;
      if (in_[i].stage[InputVc::kVcAlloc]) ports_ |= uint64_t{1} << i;
    }
    granted = 0;
    got_vc.clear();
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
  uint64_t free_output_vcs(const InputVc& v, int& port) const {
    pick_output_vc(v, port);
    return mask_[v.port * vcs_ + v.vc];
  }
  int64_t age(const InputVc&) const { return 0; }
  template <class B>
  void vc_granted(InputVc& v, int port, int ovc, int64_t) {
    const int i = v.port * vcs_ + v.vc;
    granted |= uint64_t{1} << i;
    got_vc[i] = ovc;
    wrong |= mask_.empty() ? port * vcs_ + ovc != want_[i] : port != want_[i] / vcs_ || !(mask_[i] >> ovc & 1);
  }
  template <class B>
  void block(InputVc&) {}
  template <class B>
  void no_vc(InputVc&) {}
  void contended() {}

  uint64_t granted = 0;  // input VCs granted this cycle
  std::map<int, int> got_vc;  // input VC -> the VC of its port it was given
  bool wrong = false;    // a grant of an output VC the input VC did not ask for

 private:
  std::vector<InputUnit> in_;
  int vcs_;
  std::vector<int> want_;
  std::vector<uint64_t> mask_;
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
// iSLIP, 5 ports x 2 VCs: input VCs 0 and 2 ask for both VCs of port 2 (output VCs 4, 5), input VC 7 for
// VC 0 of it (output VC 4). Grant: output VC 4 (pointer 0) grants 0, output VC 5 grants 0 too; input VC 0
// accepts VC 0 (its accept pointer 0), so only output VC 4's pointer moves (to 1) and 0's accept pointer
// to 1. Next cycle the same requests: output VC 4 grants 2 (first at or after 1), output VC 5 (pointer
// still 0) grants 0, which accepts VC 1: both 0 and 2 granted. Then output VC 4's pointer is 3: 7 wins it.
struct IslipStep {
  std::map<int, std::pair<int, uint64_t>> want;  // input VC -> (port, VCs)
  uint64_t expect;                               // granted input VCs
  std::map<int, int> vc;                         //   the VC each takes
};
const IslipStep kIslipHand[] = {
    {{{0, {2, 3}}, {2, {2, 3}}, {7, {2, 1}}}, 1u << 0, {{0, 0}}},
    {{{0, {2, 3}}, {2, {2, 3}}, {7, {2, 1}}}, (1u << 0) | (1u << 2), {{0, 1}, {2, 0}}},
    {{{7, {2, 1}}}, 1u << 7, {{7, 0}}},
    {{}, 0, {}},
};

template <class Dut, bool kIslip>
class Lane {
 public:
  Lane(VerilatedContext& ctx, const char* name, int ports, int vcs, uint64_t seed, Trace& trace)
      : dut_(&ctx, name), stub_(ports, vcs), n_(ports * vcs), vcs_(vcs), ports_(ports),
        rng_(Rng::stream(seed, static_cast<uint64_t>(n_) + (kIslip ? 100 : 0))), name_(name) {
    va_.init(ports, ports, vcs, kIslip, false);
    ow_ = 1;
    while ((1 << ow_) < n_) ++ow_;
    pw_ = 1;
    while ((1 << pw_) < ports) ++pw_;
    vw_ = 1;
    while ((1 << vw_) < vcs) ++vw_;
    trace.add(dut_);
  }

  void reset() { bench::reset(dut_); }

  void evaluate(uint64_t cyc, Checker& chk, bool hand) {
    std::vector<int> want(static_cast<size_t>(n_), -1);  // output VC (separable); port * vcs (iSLIP)
    std::vector<uint64_t> mask(static_cast<size_t>(n_), 0);
    int64_t expect = -1;
    const std::map<int, int>* expect_vc = nullptr;
    const uint64_t all = vc_mask(vcs_);
    if (kIslip) hand = ports_ == 5 && vcs_ == 2;  // the first lane of each kind opens with its hand-worked steps
    if (hand && !kIslip && cyc < std::size(kHand)) {
      for (auto [i, o] : kHand[cyc].want) want[i] = o;
      expect = static_cast<int64_t>(kHand[cyc].expect);
    } else if (hand && kIslip && cyc < std::size(kIslipHand)) {
      for (auto [i, pm] : kIslipHand[cyc].want) want[i] = pm.first * vcs_, mask[i] = pm.second;
      expect = static_cast<int64_t>(kIslipHand[cyc].expect);
      expect_vc = &kIslipHand[cyc].vc;
    } else {
      if (cyc % 512 == 0) phase_ = static_cast<int>(rng_.below(4));
      const int hot = static_cast<int>(rng_.below(n_)), single = static_cast<int>(rng_.below(n_));
      for (int i = 0; i < n_; ++i) {
        switch (phase_) {
          case 0: if (rng_.below(8) == 0) want[i] = static_cast<int>(rng_.below(n_)); break;            // sparse
          case 1: if (rng_.below(4) != 0) want[i] = static_cast<int>(rng_.below(n_)); break;            // dense
          case 2: want[i] = (hot + static_cast<int>(rng_.below(kIslip ? 1 : 3))) % n_; break;           // a few hot VCs (iSLIP: one port)
          default: if (i == single) want[i] = static_cast<int>(rng_.below(n_)); break;                  // one
        }
        if (kIslip && want[i] >= 0) {  // the port's VCs asked for: one to all, never none
          want[i] -= want[i] % vcs_;
          mask[i] = rng_.below(4) == 0 ? all : rng_.next() & all;
          if (!mask[i]) mask[i] = uint64_t{1} << rng_.below(vcs_);
        }
      }
    }
    uint64_t req = 0, ovc = 0, port = 0, msk = 0;
    for (int i = 0; i < n_; ++i)
      if (want[i] >= 0) {
        req |= uint64_t{1} << i;
        ovc |= static_cast<uint64_t>(want[i]) << (i * ow_);
        port |= static_cast<uint64_t>(want[i] / vcs_) << (i * pw_);
        msk |= mask[i] << (i * vcs_);
      }
    dut_.req_i = static_cast<std::remove_reference_t<decltype(dut_.req_i)>>(req);
    dut_.req_ovc_i = ovc;
    dut_.req_port_i = static_cast<std::remove_reference_t<decltype(dut_.req_port_i)>>(port);
    dut_.req_mask_i = static_cast<std::remove_reference_t<decltype(dut_.req_mask_i)>>(msk);
    dut_.clk_i = 0;
    dut_.eval();

    if (kIslip)
      stub_.present(want, mask);
    else
      stub_.present(want);
    va_.allocate<false, ModelBlocks>(stub_, static_cast<int64_t>(cyc));
    chk.eq(cyc, name_ + ".gnt_o", dut_.gnt_o, stub_.granted);
    chk.eq(cyc, name_ + ".model grants an output VC asked for", stub_.wrong, false);
    if (kIslip)
      for (const auto& [i, c] : stub_.got_vc)
        chk.eq(cyc, name_ + ".gnt_vc_o of input VC " + std::to_string(i),
               static_cast<uint64_t>((dut_.gnt_vc_o >> (i * vw_)) & ((1u << vw_) - 1)), static_cast<uint64_t>(c));
    if (expect >= 0) chk.eq(cyc, name_ + ".model grants vs hand-worked", stub_.granted, expect);
    if (expect_vc)
      for (const auto& [i, c] : *expect_vc)
        chk.eq(cyc, name_ + ".model's VC vs hand-worked, input VC " + std::to_string(i),
               static_cast<uint64_t>(stub_.got_vc.count(i) ? stub_.got_vc.at(i) : -1), static_cast<uint64_t>(c));
    chk.context([&] {
      std::string s = name_ + " requests (input VC>output VC" + (kIslip ? "/port:mask" : "") + "):";
      for (int i = 0; i < n_; ++i)
        if (want[i] >= 0)
          s += " " + std::to_string(i) + ">" +
               (kIslip ? std::to_string(want[i] / vcs_) + ":" + std::to_string(mask[i]) : std::to_string(want[i]));
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
  int n_, vcs_, ports_, ow_ = 1, pw_ = 1, vw_ = 1;
  Rng rng_;
  std::string name_;
  int phase_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  const Options opt = parse_options(argc, argv);
  VerilatedContext ctx;
  Trace trace(ctx, opt.trace);
  Lane<Vdrb_vc_alloc_p5v2, false> a(ctx, "va5x2", 5, 2, opt.seed, trace);
  Lane<Vdrb_vc_alloc_p3v4, false> b(ctx, "va3x4", 3, 4, opt.seed, trace);
  Lane<Vdrb_vc_alloc_p5v2i, true> c(ctx, "va5x2i", 5, 2, opt.seed, trace);
  Lane<Vdrb_vc_alloc_p3v4i, true> d(ctx, "va3x4i", 3, 4, opt.seed, trace);
  Checker chk("drb_vc_alloc", opt);
  return run_lanes(opt, chk, trace, a, b, c, d);
}
