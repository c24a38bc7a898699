// SPDX-License-Identifier: Apache-2.0
// The fabric's clock: an idle fabric (nothing in flight, no cycle hook, no timer) skips its cycles and wakes
// when a host sends, delivering at the same times as a fabric kept busy every cycle; a fabric clocked by a
// user's sc_clock delivers at the same times as one with its own clock of that period. Two fabrics run side
// by side in one elaboration and see the same host traffic.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <utility>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/fabric/fabric.h"
#include "tests/tlm_support.h"

using namespace drb;

namespace {

// Writes `bytes` to node dst after each gap (annotated delay 3 ns, consumed by the NI).
struct Sender : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Sender> out{"out"};
  std::vector<std::pair<sc_core::sc_time, int>> plan;  // (gap before, destination)
  SC_HAS_PROCESS(Sender);
  explicit Sender(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
  void run() {
    std::vector<uint8_t> bytes(40, 0x5a);
    for (auto& [gap, dst] : plan) {
      sc_core::wait(gap);
      tlm::tlm_generic_payload gp;
      test::set_payload(gp, tlm::TLM_WRITE_COMMAND, static_cast<uint64_t>(dst) * kNodeWindow, bytes);
      sc_core::sc_time d(3, sc_core::SC_NS);
      out->b_transport(gp, d);
      ok += gp.get_response_status() == tlm::TLM_OK_RESPONSE;
    }
  }
  int ok = 0;
};

struct Receiver : sc_core::sc_module {
  tlm_utils::simple_target_socket<Receiver> in{"in"};
  std::vector<sc_core::sc_time> when;
  explicit Receiver(sc_core::sc_module_name n) : sc_module(n) { in.register_b_transport(this, &Receiver::recv); }
  void recv(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    when.push_back(sc_core::sc_time_stamp());
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// A fabric on a 4x4 torus with hosts at nodes 0 and 5; node 0 sends to 5 after long quiet gaps.
struct Bench {
  std::unique_ptr<Fabric> fab;
  std::unique_ptr<Sender> tx0, tx5;
  std::unique_ptr<Receiver> rx0, rx5;
  Bench(const char* name, double clock_ns) {
    NetParams p;
    p.topo.kind = "torus";
    p.topo.k = {4, 4};
    fab = std::make_unique<Fabric>(name, p, nullptr, std::vector<int>{0, 5}, clock_ns);
    const std::string n(name);
    tx0 = std::make_unique<Sender>((n + "_tx0").c_str());
    tx5 = std::make_unique<Sender>((n + "_tx5").c_str());
    rx0 = std::make_unique<Receiver>((n + "_rx0").c_str());
    rx5 = std::make_unique<Receiver>((n + "_rx5").c_str());
    tx0->out.bind(fab->host(0).in);
    tx5->out.bind(fab->host(5).in);
    fab->host(0).out.bind(rx0->in);
    fab->host(5).out.bind(rx5->in);
    const sc_core::sc_time ns(1, sc_core::SC_NS);
    tx0->plan = {{5000 * ns, 5}, {0 * ns, 5}, {7321 * ns, 5}, {2 * ns, 5}, {20 * ns, 5}, {4444.5 * ns, 5}};
    fab->free_running();
  }
};

TEST(FabricClock, AnIdleFabricSkipsItsCyclesAndDeliversAsOneKeptBusy) {
  Bench idle("idle", 1.0), busy("busy", 1.0);
  busy.fab->add_cycle_hook([](int64_t) {});  // a cycle hook keeps a fabric stepping every cycle
  sc_core::sc_start(30000, sc_core::SC_NS);
  ASSERT_EQ(idle.tx0->ok, 6);
  ASSERT_EQ(busy.tx0->ok, 6);
  ASSERT_EQ(idle.rx5->when.size(), 6u);
  EXPECT_EQ(idle.rx5->when, busy.rx5->when);
  EXPECT_GT(busy.fab->stepped(), 29990);
  EXPECT_LT(idle.fab->stepped(), 1000) << "an idle fabric steps only around the messages";
  std::printf("stepped: idle %lld, busy %lld\n", static_cast<long long>(idle.fab->stepped()), static_cast<long long>(busy.fab->stepped()));
  EXPECT_EQ(idle.fab->cycle(), busy.fab->cycle()) << "the cycle count runs on while idle";
}

TEST(FabricClock, AFabricOnTheUsersClockRunsAsOneWithItsOwnClock) {
  Bench own("own", 2.0), user("user", 7.0);  // the user's clock overrides clock_ns
  sc_core::sc_clock clk("clk", 2, sc_core::SC_NS);
  user.fab->clk(clk);
  sc_core::sc_start(60000, sc_core::SC_NS);
  EXPECT_EQ(user.fab->period(), sc_core::sc_time(2, sc_core::SC_NS));
  ASSERT_EQ(own.rx5->when.size(), 6u);
  EXPECT_EQ(own.rx5->when, user.rx5->when);
  EXPECT_EQ(own.fab->cycle(), user.fab->cycle());
  EXPECT_LT(user.fab->stepped(), 2000) << "idle on the user's clock too";
}

}  // namespace
