// SPDX-License-Identifier: Apache-2.0
// A virtual platform's statistics and waveforms: the keys out.json, trace.vcd and trace.packets act in a
// VpFabric as in drbsim (the same JSON document, the hosts' messages measured from cycle 0, a latency
// summary per source node), written by finish() or else by the destructor; outputs a platform cannot write
// are refused before anything is built.
#include <gtest/gtest.h>

#include <fstream>
#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/fabric/vp_fabric.h"
#include "tb/drbsim/runner.h"
#include "tests/support.h"
#include "tests/tlm_support.h"

using namespace drb;
using json = nlohmann::json;
using drb::test::slurp;
using drb::test::test_tmp;

namespace {

struct Sink : sc_core::sc_module {
  tlm_utils::simple_target_socket<Sink> in{"in"};
  int writes = 0;
  explicit Sink(sc_core::sc_module_name n) : sc_module(n) { in.register_b_transport(this, &Sink::access); }
  void access(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    ++writes;
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// Ten 64-byte posted writes from node 0 to node 5, 100 ns apart: each a 5-flit message (16-byte flits) on an
// idle 4x4 torus, 2 hops: 15 + 5 = 20 cycles from the source queue to delivery (the pipeline formula of
// test_tlm.cpp's split read).
struct Writer : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Writer> out{"out"};
  SC_HAS_PROCESS(Writer);
  explicit Writer(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
  void run() {
    for (int i = 0; i < 10; ++i) {
      std::vector<uint8_t> d(64, static_cast<uint8_t>(i));
      tlm::tlm_generic_payload gp;
      test::set_payload(gp, tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 64 * static_cast<uint64_t>(i), d);
      sc_core::sc_time t = sc_core::SC_ZERO_TIME;
      out->b_transport(gp, t);
      sc_core::wait(100, sc_core::SC_NS);
    }
  }
};

json platform(const std::vector<std::string>& keys, bool call_finish, std::string* live = nullptr) {
  VpFabric vp("vp", keys, {0, 5});
  Writer w("w");
  Sink sink("sink");
  w.out.bind(vp.host(0).in);
  vp.host(5).out.bind(sink.in);
  sc_core::sc_start(vp.period() * 1500.0);
  vp.check();
  if (live) *live = vp.results_json();
  if (call_finish) vp.finish();
  return json{{"writes", sink.writes}};
}

TEST(VpOutputs, JsonAndWaveformAsDrbsimWritesThem) {
  const std::string j = test_tmp("vp_out.json"), v = test_tmp("vp_out.vcd");
  std::remove(j.c_str());
  std::remove(v.c_str());
  std::string live;
  const json r = platform({"topology.k=4", "out.json=" + j, "trace.vcd=" + v}, true, &live);
  EXPECT_EQ(r["writes"], 10);
  const json doc = json::parse(slurp(j));
  EXPECT_EQ(doc["tool"], "drbsim");
  EXPECT_EQ(doc["network"], "torus 4x4");
  const json& res = doc["runs"][0]["result"];
  EXPECT_EQ(res["per_source"]["0"]["messages"], 10);
  EXPECT_DOUBLE_EQ(res["per_source"]["0"]["mean"].get<double>(), 20.0);
  EXPECT_EQ(res["per_source"]["0"]["max"], 20);
  EXPECT_DOUBLE_EQ(res["latency"]["mean"].get<double>(), 20.0);
  EXPECT_EQ(res["cycles"]["end"], 1500);
  EXPECT_EQ(json::parse(live)["per_source"], res["per_source"]) << "results_json() before finish() says the same";
  const std::string vcd = slurp(v);
  EXPECT_NE(vcd.find("$enddefinitions"), std::string::npos);
  EXPECT_NE(vcd.find("router_0"), std::string::npos);
}

// Without finish(), the destructor writes the file (a child process: one fabric per process).
TEST(VpOutputs, TheDestructorWritesWhatFinishWasNotCalledFor) {
  const std::string j = test_tmp("vp_dtor.json");
  std::remove(j.c_str());
  const json r = in_child([&] { return platform({"topology.k=4", "out.json=" + j}, false); });
  ASSERT_EQ(r["writes"], 10) << r.dump();
  EXPECT_EQ(json::parse(slurp(j))["runs"][0]["result"]["per_source"]["0"]["messages"], 10);
}

TEST(VpOutputs, WhatAPlatformCannotWriteIsRefusedFirst) {
  auto refusal = [](const std::vector<std::string>& keys) -> std::string {
    try {
      VpFabric vp("vp", keys);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "constructed";
  };
  EXPECT_EQ(refusal({"topology.k=4", "out.csv=" + test_tmp("x.csv")}).rfind("out.csv: a virtual platform writes out.json", 0), 0u);
  EXPECT_EQ(refusal({"topology.k=4", "out.runs=" + test_tmp("runs")}).rfind("out.runs: ", 0), 0u);
  EXPECT_EQ(refusal({"topology.k=4", "out.json=" + ::testing::TempDir()}).rfind("out.json: ", 0), 0u);
  EXPECT_EQ(refusal({"topology.k=4", "trace.vcd=/proc/version"}).rfind("trace.vcd: ", 0), 0u);
}

}  // namespace
