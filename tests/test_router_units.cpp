// SPDX-License-Identifier: Apache-2.0
// The two allocators alone (systemc/router/vc_allocator.h, switch_allocator.h; RTL drb_vc_alloc and
// drb_switch_alloc), each driven by a stub router that offers only the calls the allocator's header lists:
// no router, channel or packet exists. The requests are set by hand and every grant order below is worked
// by hand from the arbitration rules (round robin from a pointer that moves past an accepted grant).
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <utility>
#include <vector>

#include "systemc/router/router_core.h"
#include "systemc/router/switch_allocator.h"
#include "systemc/router/vc_allocator.h"

namespace drb {
namespace {

// What the allocators see of a router: input units whose VCs sit in a stage, and what each asks for.
class StubRouter {
 public:
  StubRouter(int ports, int vcs) : in_(ports) {
    for (int i = 0; i < ports; ++i) {
      in_[i].init(i, vcs);
      for (InputVc& v : in_[i].vcs) v.buf.init(4);
    }
  }
  // Puts (port, vc) into state s; a head at its front when active (the switch allocator's losers wait).
  void enter(int port, int vc, InputVc::State s) {
    InputVc& v = in_[port].vcs[vc];
    v.state = s;
    in_[port].stage[s] |= uint64_t{1} << vc;
    ports_[s] |= uint64_t{1} << port;
    if (v.buf.empty()) v.buf.push(Flit{});
    v.buf.front().flags = Flit::kHead;
  }
  void leave(int port, int vc) {
    InputVc& v = in_[port].vcs[vc];
    if (!(in_[port].stage[v.state] &= ~(uint64_t{1} << vc))) ports_[v.state] &= ~(uint64_t{1} << port);
    v.state = InputVc::kIdle;
  }
  // VC allocation: (port, vc) asks for these free VCs of output `out`.
  void want(int port, int vc, int out, uint64_t free) { want_[{port, vc}] = {out, free}; }
  // Switch allocation: (port, vc) holds output `out` and may send.
  void holds(int port, int vc, int out, bool prio = false) {
    enter(port, vc, InputVc::kActive);
    in_[port].vcs[vc].out_port = static_cast<int16_t>(out);
    in_[port].vcs[vc].prio = prio;
  }
  void set_age(int port, int vc, int64_t t) { age_[{port, vc}] = t; }

  // The calls of vc_allocator.h and switch_allocator.h.
  int mask_words() const { return 1; }
  uint64_t ports_in(InputVc::State s, int) const { return ports_[s]; }
  InputUnit& input(int i) { return in_[i]; }
  InputVc& in_vc(int i, int c) { return in_[i].vcs[c]; }
  int pick_output_vc(const InputVc& v, int& port) {
    const auto& w = want_.at({v.port, v.vc});
    port = w.first;
    return w.second ? __builtin_ctzll(w.second) : -1;
  }
  uint64_t free_output_vcs(const InputVc& v, int& port) {
    const auto& w = want_.at({v.port, v.vc});
    port = w.first;
    return w.second;
  }
  int64_t age(const InputVc& v) const {
    auto it = age_.find({v.port, v.vc});
    return it == age_.end() ? 0 : it->second;
  }
  template <class B>
  void vc_granted(InputVc& v, int port, int ovc, int64_t) {
    grants.push_back({v.port * 10 + v.vc, port * 10 + ovc});
  }
  template <class B>
  void block(InputVc& v) {
    blocked.push_back(v.port * 10 + v.vc);
  }
  template <class B>
  void no_vc(InputVc& v) {
    block<B>(v);
  }
  void contended() { ++lost; }
  template <class B>
  bool eligible(InputVc&, int64_t) {
    return true;
  }
  template <class B>
  void send(InputVc& v, int64_t) {
    sent.push_back({v.port * 10 + v.vc, v.out_port});
  }
  cosim::RouterRtl* xbar_rtl() const { return nullptr; }

  // (input port * 10 + VC, output port * 10 + output VC) per VC grant; (input * 10 + VC, output) per flit.
  std::vector<std::pair<int, int>> grants, sent;
  std::vector<int> blocked;
  int lost = 0;

 private:
  std::vector<InputUnit> in_;
  uint64_t ports_[4] = {0, 0, 0, 0};
  std::map<std::pair<int, int>, std::pair<int, uint64_t>> want_;
  std::map<std::pair<int, int>, int64_t> age_;
};

using Grants = std::vector<std::pair<int, int>>;

// Separable: three input VCs (0/0, 1/0, 3/1 of 4 ports x 2 VCs: indices 0, 2 and 7 of 8) want output VC 2/0,
// and keep wanting it. Its arbiter's pointer starts at 0 and moves past each winner: 0, then 2 (nearest at
// or after 1), then 7 (at or after 3), then 0 again (7 + 1 wraps to 0). The two losers of each cycle count as
// contended and start their wait (block).
TEST(VcAllocatorUnit, SeparableGrantsAnOutputVcRoundRobinOverInputVcs) {
  StubRouter r(4, 2);
  VcAllocator va;
  va.init(4, 4, 2, false, false);
  for (auto [p, c] : {std::pair{0, 0}, {1, 0}, {3, 1}}) {
    r.enter(p, c, InputVc::kVcAlloc);
    r.want(p, c, 2, 0b01);
  }
  std::vector<int> winners;
  for (int64_t t = 0; t < 4; ++t) {
    r.grants.clear();
    va.allocate<false, ModelBlocks>(r, t);
    ASSERT_EQ(r.grants.size(), 1u) << "cycle " << t << ": one output VC, one grant";
    EXPECT_EQ(r.grants[0].second, 20);
    winners.push_back(r.grants[0].first);
  }
  EXPECT_EQ(winners, (std::vector<int>{0, 10, 31, 0}));
  EXPECT_EQ(r.lost, 8) << "two losers a cycle";
  EXPECT_EQ(r.blocked.size(), 8u);
  EXPECT_EQ(va.pointer(2, 0), 1u) << "past input VC 0";
  EXPECT_EQ(va.pointer(2, 1), 0u) << "an output VC nobody won keeps its pointer";
}

// Requests for different output VCs do not contend: both are granted in the same cycle. A head with no free
// VC at all makes no request and starts its wait.
TEST(VcAllocatorUnit, SeparableGrantsDistinctOutputVcsTogether) {
  StubRouter r(4, 2);
  VcAllocator va;
  va.init(4, 4, 2, false, false);
  r.enter(0, 0, InputVc::kVcAlloc);
  r.want(0, 0, 2, 0b01);
  r.enter(1, 1, InputVc::kVcAlloc);
  r.want(1, 1, 2, 0b10);
  r.enter(3, 0, InputVc::kVcAlloc);
  r.want(3, 0, 1, 0);
  va.allocate<false, ModelBlocks>(r, 0);
  EXPECT_EQ(r.grants, (Grants{{0, 20}, {11, 21}}));
  EXPECT_EQ(r.blocked, std::vector<int>{30});
  EXPECT_EQ(r.lost, 0) << "finding nothing free is not losing to another";
}

// router.arbiter=age: the oldest request wins whatever the pointer says; equal ages fall back to round robin.
TEST(VcAllocatorUnit, OldestFirstBeatsThePointer) {
  StubRouter r(4, 2);
  VcAllocator va;
  va.init(4, 4, 2, false, true);
  for (auto [p, c, t] : {std::tuple{0, 0, 50}, {1, 0, 20}, {2, 1, 20}}) {
    r.enter(p, c, InputVc::kVcAlloc);
    r.want(p, c, 3, 0b01);
    r.set_age(p, c, t);
  }
  va.allocate<false, ModelBlocks>(r, 0);
  ASSERT_EQ(r.grants.size(), 1u);
  EXPECT_EQ(r.grants[0].first, 10) << "1/0 and 2/1 are oldest; pointer 0 reaches 1/0 (index 2) first";
  r.leave(1, 0);
  r.grants.clear();
  va.allocate<false, ModelBlocks>(r, 1);
  ASSERT_EQ(r.grants.size(), 1u);
  EXPECT_EQ(r.grants[0].first, 21);
}

// iSLIP, one iteration: A (0/0, index 0) may take output VCs 0 and 1 of port 2, B (1/0, index 2) only VC 1.
// Grant: VC 0 -> A (only requester); VC 1 -> A (pointer 0 reaches index 0 first). Accept: A takes VC 0 (its
// accept pointer is 0), so VC 1 stays free this cycle and B loses: one grant. Only accepted grants move
// pointers: VC 0's to 1, VC 1's stays 0. Next cycle B alone asks for VC 1 and gets it.
TEST(VcAllocatorUnit, IslipMovesOnlyTheAcceptedGrantsPointers) {
  StubRouter r(4, 2);
  VcAllocator va;
  va.init(4, 4, 2, true, false);
  r.enter(0, 0, InputVc::kVcAlloc);
  r.want(0, 0, 2, 0b11);
  r.enter(1, 0, InputVc::kVcAlloc);
  r.want(1, 0, 2, 0b10);
  va.allocate<false, ModelBlocks>(r, 0);
  EXPECT_EQ(r.grants, (Grants{{0, 20}}));
  EXPECT_EQ(r.lost, 1);
  EXPECT_EQ(va.pointer(2, 0), 1u);
  EXPECT_EQ(va.pointer(2, 1), 0u) << "granted to A, not accepted: the pointer stays";
  r.leave(0, 0);
  r.grants.clear();
  va.allocate<false, ModelBlocks>(r, 1);
  EXPECT_EQ(r.grants, (Grants{{10, 21}}));
  EXPECT_EQ(va.pointer(2, 1), 3u);
}

// Separable switch allocation: inputs 0, 1 and 2 each hold output 4 and send every cycle; the crossbar
// arbiter grants them in turn (0, 1, 2, 0), one flit a cycle, and the pointer moves past each winner.
// Input 3 holds two VCs towards different outputs: its own arbiter lets one bid a cycle, alternating.
TEST(SwitchAllocatorUnit, SeparableServesInputsInTurnAndOneVcPerInput) {
  StubRouter r(5, 2);
  SwitchAllocator sa;
  sa.init(5, 5, 2, 1, false, false);
  r.holds(0, 0, 4);
  r.holds(1, 1, 4);
  r.holds(2, 0, 4);
  r.holds(3, 0, 1);
  r.holds(3, 1, 2);
  std::vector<int> to4, from3;
  for (int64_t t = 0; t < 4; ++t) {
    r.sent.clear();
    sa.allocate<false, ModelBlocks>(r, t);
    for (auto [in, out] : r.sent) {
      if (out == 4) to4.push_back(in);
      if (in / 10 == 3) from3.push_back(in);
    }
    EXPECT_EQ(r.sent.size(), 2u) << "cycle " << t << ": output 4 and one of input 3's outputs";
  }
  EXPECT_EQ(to4, (std::vector<int>{0, 11, 20, 0}));
  EXPECT_EQ(from3, (std::vector<int>{30, 31, 30, 31}));
  EXPECT_EQ(sa.xbar(4).pointer(), 1);
  EXPECT_EQ(r.lost, 8) << "two losers at output 4 a cycle";
}

// A high-priority ack (ack_mode=high_priority) wins its input's arbiter and the crossbar over data.
TEST(SwitchAllocatorUnit, PriorityRequestsWinBothStages) {
  StubRouter r(4, 2);
  SwitchAllocator sa;
  sa.init(4, 4, 2, 1, false, false);
  r.holds(0, 0, 3);
  r.holds(1, 0, 3);
  r.holds(1, 1, 3, true);
  sa.allocate<false, ModelBlocks>(r, 0);
  EXPECT_EQ(r.sent, (Grants{{11, 3}})) << "input 1's priority VC 1 beats its VC 0 and input 0";
}

// iSLIP, one iteration: input 0 wants outputs 3 (VC 0) and 4 (VC 1), input 1 wants output 3. Cycle 0: both
// outputs grant input 0 (pointers at 0); it accepts 3 (accept pointer 0), so output 4's grant is wasted and
// input 1 loses: one flit. Output 3's pointer moves to 1, input 0's accept pointer to 4; output 4's stays.
// Cycle 1: output 3 grants input 1, output 4 input 0, each accepts: two flits (the pointers desynchronise).
TEST(SwitchAllocatorUnit, IslipDesynchronisesAfterOneCycle) {
  StubRouter r(5, 2);
  SwitchAllocator sa;
  sa.init(5, 5, 2, 1, true, false);
  r.holds(0, 0, 3);
  r.holds(0, 1, 4);
  r.holds(1, 0, 3);
  sa.allocate<false, ModelBlocks>(r, 0);
  EXPECT_EQ(r.sent, (Grants{{0, 3}}));
  EXPECT_EQ(sa.xbar(3).pointer(), 1);
  EXPECT_EQ(sa.xbar(4).pointer(), 0) << "a grant not accepted leaves the pointer";
  r.sent.clear();
  sa.allocate<false, ModelBlocks>(r, 1);
  EXPECT_EQ(r.sent, (Grants{{1, 4}, {10, 3}}));
}

// A router's only active VC takes its output without the allocator's masks, and both pointers move as the two
// stages would move them: input 1's arbiter past VC 0 (to 1), output 4's crossbar arbiter past input 1 (to
// 2). The next cycle shows the crossbar pointer: input 3 joins on output 4 and wins from 2 (at 0 it would be
// input 1 again). Separable and iSLIP alike.
TEST(SwitchAllocatorUnit, ASoleActiveVcMovesThePointersAsTheStagesWould) {
  for (bool islip : {false, true}) {
    StubRouter r(5, 2);
    SwitchAllocator sa;
    sa.init(5, 5, 2, 1, islip, false);
    r.holds(1, 0, 4);
    sa.allocate<false, ModelBlocks>(r, 0);
    EXPECT_EQ(r.sent, (Grants{{10, 4}})) << "islip " << islip;
    EXPECT_EQ(sa.input_arbiter(1).pointer(), 1);
    EXPECT_EQ(sa.xbar(4).pointer(), 2);
    r.holds(3, 0, 4);
    r.sent.clear();
    sa.allocate<false, ModelBlocks>(r, 1);
    EXPECT_EQ(r.sent, (Grants{{30, 4}})) << "islip " << islip;
    EXPECT_EQ(sa.xbar(4).pointer(), 4);
    EXPECT_EQ(r.lost, 1) << "input 1 lost output 4";
  }
}

// A router with more arbiters than the allocator holds in place (40 inputs and 40 outputs: 80 pointers) keeps
// them apart, and they wrap at their own size: inputs 0, 20 and 39 send to output 39 in turn, its crossbar
// pointer moving past each (1, 21, then 40 wraps to 0); input 39's arbiter over its 3 VCs moves past VC 2
// and wraps to 0. Output 5 is served by input 7 alone at the same time, and its pointer moves on its own.
TEST(SwitchAllocatorUnit, ManyPortsKeepTheirPointersApartAndWrap) {
  StubRouter r(40, 3);
  SwitchAllocator sa;
  sa.init(40, 40, 3, 1, false, false);
  for (auto [p, c, o] : {std::tuple{0, 0, 39}, {20, 1, 39}, {39, 2, 39}, {7, 0, 5}}) r.holds(p, c, o);
  const int winner[] = {0, 201, 392}, pointer[] = {1, 21, 0};
  for (int t = 0; t < 3; ++t) {
    r.sent.clear();
    sa.allocate<false, ModelBlocks>(r, t);
    EXPECT_EQ(r.sent, (Grants{{70, 5}, {winner[t], 39}})) << "cycle " << t;
    EXPECT_EQ(sa.xbar(39).pointer(), pointer[t]) << "cycle " << t;
    EXPECT_EQ(sa.xbar(5).pointer(), 8) << "cycle " << t;
  }
  EXPECT_EQ(sa.input_arbiter(39).pointer(), 0) << "past VC 2 of 3";
  EXPECT_EQ(sa.input_arbiter(20).pointer(), 2);
  EXPECT_EQ(sa.input_arbiter(0).pointer(), 1);
  EXPECT_EQ(sa.input_arbiter(7).pointer(), 1);
}

}  // namespace
}  // namespace drb
