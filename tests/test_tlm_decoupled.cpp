// SPDX-License-Identifier: Apache-2.0
// Loosely timed with temporal decoupling (tlm.decoupled): an initiator running ahead of the kernel with a
// quantum keeper gets every answer at once (no wait inside the call, except the first READ to a node, which
// synchronises to learn the latencies) with the data of the exact run and annotated latencies close to the
// times the exact (synchronised) run measures, for the same traffic.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>
#include <tlm_utils/tlm_quantumkeeper.h>

#include "systemc/fabric/fabric.h"
#include "tb/drbsim/runner.h"
#include "tests/tlm_support.h"

using namespace drb;
using test::Memory;
using json = nlohmann::json;

namespace {

// Writes a 64-byte block to node `peer`, reads it back, computes for `gap`, `n` times; each call's latency
// is the local time it added (the exact mode consumes it inside the call, the decoupled one annotates it).
struct Cpu : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Cpu> out{"out"};
  int node, peer, n = 40;
  sc_core::sc_time gap{20, sc_core::SC_NS};
  tlm_utils::tlm_quantumkeeper qk;
  std::vector<double> write_ns, read_ns;
  int bad = 0, waited = 0;  // errors, DMI hints or wrong bytes read back; calls inside which the kernel's time moved
  SC_HAS_PROCESS(Cpu);
  Cpu(sc_core::sc_module_name nm, int node, int peer) : sc_module(nm), node(node), peer(peer) { SC_THREAD(run); }
  double call(tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data) {
    tlm::tlm_generic_payload gp;
    test::set_payload(gp, c, addr, data);
    sc_core::sc_time d = qk.get_local_time();
    const sc_core::sc_time t0 = sc_core::sc_time_stamp(), start = t0 + d;
    out->b_transport(gp, d);
    if (sc_core::sc_time_stamp() != t0) ++waited;
    qk.set(d);  // the offset from the kernel's time after the call
    if (!gp.is_response_ok() || gp.is_dmi_allowed()) ++bad;
    const double ns = (sc_core::sc_time_stamp() + d - start).to_seconds() * 1e9;
    if (qk.need_sync()) qk.sync();
    return ns;
  }
  void run() {
    qk.reset();
    for (int k = 0; k < n; ++k) {
      const uint64_t addr = static_cast<uint64_t>(peer) * kNodeWindow + static_cast<uint64_t>(node) * 1024 + (k % 8) * 64;
      std::vector<uint8_t> w(64), r(64);
      for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(node + 3 * k + i);
      write_ns.push_back(call(tlm::TLM_WRITE_COMMAND, addr, w));
      read_ns.push_back(call(tlm::TLM_READ_COMMAND, addr, r));
      if (r != w) ++bad;
      qk.inc(gap);
      if (qk.need_sync()) qk.sync();
    }
  }
};

// One run in a child process: CPUs on `cpus`, reading and writing the memory of the next one in the list.
json run(bool decoupled, double quantum_ns, const std::vector<int>& cpus) {
  return in_child([=] {
    tlm::tlm_global_quantum::instance().set(sc_core::sc_time(quantum_ns, sc_core::SC_NS));
    NetParams p;
    p.topo.k = {4, 4};
    TlmParams t;
    t.decoupled = decoupled;
    Fabric fab("fabric", p, {}, cpus, 1.0, t);
    std::vector<std::unique_ptr<Cpu>> cpu;
    std::vector<std::unique_ptr<Memory>> mem;
    for (size_t i = 0; i < cpus.size(); ++i) {
      cpu.push_back(std::make_unique<Cpu>(("cpu" + std::to_string(i)).c_str(), cpus[i], cpus[(i + 1) % cpus.size()]));
      mem.push_back(std::make_unique<Memory>(("mem" + std::to_string(i)).c_str(), cpus[i] * kNodeWindow, kNodeWindow));
      mem.back()->read_delay = mem.back()->write_delay = sc_core::sc_time(3, sc_core::SC_NS);  // access time
      mem.back()->offer_dmi = true;  // a target offering DMI: the fabric must not pass it on
      cpu.back()->out.bind(fab.host(cpus[i]).in);
      fab.host(cpus[i]).out.bind(mem.back()->in);
    }
    fab.run_until(20000);
    json j;
    for (size_t i = 0; i < cpus.size(); ++i) {
      j["write"].push_back(cpu[i]->write_ns);
      j["read"].push_back(cpu[i]->read_ns);
      j["bad"].push_back(cpu[i]->bad);
      j["waited"].push_back(cpu[i]->waited);
      j["synced"].push_back(fab.host(cpus[i]).synced_calls());
    }
    j["live"] = fab.net().live_messages();
    return j;
  });
}

double mean(const json& a) {
  double s = 0;
  for (const auto& x : a) s += x.get<double>();
  return a.empty() ? 0 : s / static_cast<double>(a.size());
}

// Two CPUs reading and writing each other's memory: after the first READ (synchronised), every call returns
// at once with the exact run's data. The annotated latencies are the exact run's within 2 cycles: a posted
// write's is exact (the next edge), a READ's request waits behind the write's five flits, which the
// injection model accounts for, and 2 cycles more in the first router, which the learnt average spreads
// over the pair's writes and read requests (measured: 40 reads of 49 cycles, the decoupled ones 49 or 50).
TEST(TlmDecoupled, AnswersAtOnceWithinTwoCyclesOfTheExactRun) {
  const json exact = run(false, 1000, {0, 5}), dec = run(true, 1000, {0, 5});
  ASSERT_FALSE(exact.contains("error")) << exact.dump();
  ASSERT_FALSE(dec.contains("error")) << dec.dump();
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(exact["bad"][i], 0);
    EXPECT_EQ(dec["bad"][i], 0);
    ASSERT_EQ(dec["read"][i].size(), 40u);
    EXPECT_EQ(dec["synced"][i], 1) << "the first READ to its peer only";
    EXPECT_EQ(dec["waited"][i], 1);
    EXPECT_EQ(exact["waited"][i], 80) << "the exact mode waits in every call";
    std::printf("cpu %d: read %.2f ns exact, %.2f decoupled; write %.2f / %.2f\n", i, mean(exact["read"][i]),
                mean(dec["read"][i]), mean(exact["write"][i]), mean(dec["write"][i]));
    EXPECT_EQ(dec["write"][i], exact["write"][i]);
    for (size_t k = 0; k < dec["read"][i].size(); ++k)
      EXPECT_NEAR(dec["read"][i][k].get<double>(), exact["read"][i][k].get<double>(), 2.0 + 1e-9) << "read " << k;
  }
  EXPECT_EQ(dec["live"], 0) << "the timing-only messages were all delivered";
}

}  // namespace
