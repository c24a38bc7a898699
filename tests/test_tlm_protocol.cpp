// SPDX-License-Identifier: Apache-2.0
// The TLM-2.0 base protocol at the NIs' host sockets with a configured address map (tlm.*): addresses
// decoded by window and delivered as the initiator used them, byte enables carried both ways, burst and
// streaming limits, response statuses, the DMI hint cleared, the flit width in the message length,
// non-posted writes answered with the remote status, debug transport through to the remote memory, unbound
// sockets. The map's own checks, and drbsim refusing what only a virtual platform can act on.
#include <gtest/gtest.h>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/fabric/fabric.h"
#include "systemc/fabric/vp_fabric.h"
#include "systemc/ni/tlm_map.h"
#include "tests/hostile.h"
#include "tests/support.h"
#include "tests/tlm_support.h"

using namespace drb;

using test::Memory;

namespace {

// Runs `script` in a thread, with go() issuing one b_transport.
struct Probe : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Probe> out{"out"};
  std::function<void(Probe&)> script;
  std::vector<bool> dmi_hint;  // the DMI hint after every call (set true before it)
  SC_HAS_PROCESS(Probe);
  explicit Probe(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
  void run() { script(*this); }
  // be: byte enables (an empty vector: an enable pointer with length 0); streaming: 0 = the data length.
  tlm::tlm_response_status go(tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data,
                              std::vector<uint8_t>* be = nullptr, unsigned streaming = 0, sc_core::sc_time* took = nullptr) {
    tlm::tlm_generic_payload gp;
    test::set_payload(gp, c, addr, data);
    if (streaming) gp.set_streaming_width(streaming);
    if (be) {
      gp.set_byte_enable_ptr(be->empty() ? data.data() : be->data());
      gp.set_byte_enable_length(static_cast<unsigned>(be->size()));
    }
    gp.set_dmi_allowed(true);
    gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    sc_core::sc_time d = sc_core::SC_ZERO_TIME;
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    out->b_transport(gp, d);
    if (took) *took = sc_core::sc_time_stamp() - t0 + d;
    dmi_hint.push_back(gp.is_dmi_allowed());
    return gp.get_response_status();
  }
  unsigned debug(tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data) {
    tlm::tlm_generic_payload gp;
    test::set_payload(gp, c, addr, data);
    return out->transport_dbg(gp);
  }
};

struct Flits : NetObserver {  // every delivered message's length in flits, in delivery order
  std::vector<int> n;
  void message_delivered(const Message& m, int64_t) override { n.push_back(m.flits); }
};

constexpr uint64_t kMem = 0x80000000, kQuiet = 0x90000000;

// Node 0 initiates; node 5 is a memory in an 8 KiB window at 0x8000_0000; node 6 has a host with both
// sockets unbound (elaboration accepts it; its window answers TLM_ADDRESS_ERROR_RESPONSE); node 1 has none.
// Flits of 8 bytes, bursts of at most 256.
TEST(TlmProtocol, BaseProtocolWithAConfiguredMap) {
  NetParams p;
  p.topo.k = {4, 4};
  TlmParams t;
  t.map = {{0, 0x1000, 0x100}, {5, kMem, 0x2000}, {6, kQuiet, 0x1000}, {1, 0xA0000000, 0x100}};
  t.flit_bytes = 8;
  t.max_burst = 256;
  Fabric fab("fabric", p, {}, {0, 5, 6}, 1.0, t);
  Memory mem("mem", kMem, 0x2000);
  Probe probe("probe");
  Flits flits;
  fab.net().add_observer(&flits);
  using S = tlm::tlm_response_status;
  std::vector<S> st;
  std::vector<uint8_t> back, masked, plain, whole;
  tlm::tlm_dmi dmi;
  bool dmi_granted = true;
  probe.script = [&](Probe& pr) {
    std::vector<uint8_t> w(32);
    for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(i + 1);
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kMem + 0x10, w));
    back.assign(32, 0);
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem + 0x10, back));
    std::vector<uint8_t> aa(8, 0xAA), even{TLM_BYTE_ENABLED, TLM_BYTE_DISABLED}, odd{TLM_BYTE_DISABLED, TLM_BYTE_ENABLED};
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kMem + 0x100, aa, &even));
    masked.assign(8, 0x55);
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem + 0x100, masked, &odd));
    plain.assign(8, 0x55);
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem + 0x100, plain));
    whole.assign(256, 0);
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem, whole));
    // Refused at the NI, before any message: statuses of the base protocol.
    std::vector<uint8_t> x(16), big(257), eight(8), none;
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem - 1, x));           // a hole below the window
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kMem + 0x2000 - 8, x));  // crosses the window's end
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kQuiet, x));             // node 6: no target bound
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, 0xA0000000, x));          // node 1: no host
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, kMem, big));              // past tlm.max_burst
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kMem, eight, nullptr, 4));  // streaming width 4 < 8
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, kMem, eight, &none));       // enables of length 0
    st.push_back(pr.go(tlm::TLM_IGNORE_COMMAND, kMem, x));
    tlm::tlm_generic_payload gp;
    gp.set_address(kMem);
    dmi_granted = pr.out->get_direct_mem_ptr(gp, dmi);
  };
  probe.out.bind(fab.host(0).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(4000);

  const std::vector<S> want{tlm::TLM_OK_RESPONSE,          tlm::TLM_OK_RESPONSE,          tlm::TLM_OK_RESPONSE,
                            tlm::TLM_OK_RESPONSE,          tlm::TLM_OK_RESPONSE,          tlm::TLM_OK_RESPONSE,
                            tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_ADDRESS_ERROR_RESPONSE,
                            tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_ADDRESS_ERROR_RESPONSE,
                            tlm::TLM_BURST_ERROR_RESPONSE, tlm::TLM_BURST_ERROR_RESPONSE,
                            tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, tlm::TLM_COMMAND_ERROR_RESPONSE};
  EXPECT_EQ(st, want);
  for (size_t i = 0; i < back.size(); ++i) EXPECT_EQ(back[i], i + 1) << "byte " << i;
  EXPECT_EQ(masked, (std::vector<uint8_t>{0x55, 0, 0x55, 0, 0x55, 0, 0x55, 0}));  // only the enabled (odd) bytes read
  EXPECT_EQ(plain, (std::vector<uint8_t>{0xAA, 0, 0xAA, 0, 0xAA, 0, 0xAA, 0}));   // only the enabled (even) bytes written
  EXPECT_TRUE(std::equal(whole.begin(), whole.end(), mem.bytes.begin()));
  // The memory saw the addresses the initiator used, from node 0: two writes, four reads.
  EXPECT_EQ(mem.addrs, (std::vector<uint64_t>{kMem + 0x10, kMem + 0x10, kMem + 0x100, kMem + 0x100, kMem + 0x100, kMem}));
  EXPECT_EQ(mem.from, std::vector<int>(6, 0));
  // Lengths at 8 bytes a flit, one head: WRITE 32 B: 1 + 4; READ request (4-byte length) 1 + 1, reply
  // (status + 32 B) 1 + 5; WRITE 8 B + 1 byte of enables 1 + 2; READ request + enables 1 + 1, reply (1 + 8)
  // 1 + 2; READ request 2, reply 3; READ 256 B: request 2, reply (1 + 256) 1 + 33.
  EXPECT_EQ(flits.n, (std::vector<int>{5, 2, 6, 3, 2, 3, 2, 3, 2, 34}));
  EXPECT_EQ(probe.dmi_hint, std::vector<bool>(want.size(), false)) << "the DMI hint is cleared on every response";
  EXPECT_FALSE(dmi_granted);
  EXPECT_TRUE(dmi.is_none_allowed());
  EXPECT_EQ(fab.host(5).reads_served(), 4u);
}

// tlm.posted_writes=false: a WRITE returns when the remote target has answered, with its status (here the
// memory's own address error), after the request's and the answer's zero-load times and the memory's
// 5 ns: 2 hops, 2 flits each way: 17 + 17 cycles of 1 ns (as the split read of test_tlm.cpp), + 5.
TEST(TlmProtocol, NonPostedWriteReturnsTheRemoteStatus) {
  NetParams p;
  p.topo.k = {4, 4};
  TlmParams t;
  t.posted_writes = false;
  Fabric fab("fabric", p, {}, {0, 5}, 1.0, t);
  Memory mem("mem", 5 * kNodeWindow, 0x1000);  // 4 KiB of the 64 KiB window
  mem.write_delay = sc_core::sc_time(5, sc_core::SC_NS);
  Probe probe("probe");
  std::vector<tlm::tlm_response_status> st;
  sc_core::sc_time took;
  probe.script = [&](Probe& pr) {
    std::vector<uint8_t> w(16, 7);
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x40, w, nullptr, 0, &took));
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x2000, w));  // in the window, past the memory
  };
  probe.out.bind(fab.host(0).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(2000);
  EXPECT_EQ(st, (std::vector<tlm::tlm_response_status>{tlm::TLM_OK_RESPONSE, tlm::TLM_ADDRESS_ERROR_RESPONSE}));
  EXPECT_EQ(mem.bytes[0x40], 7);
  EXPECT_GE(took, sc_core::sc_time(39, sc_core::SC_NS));
  EXPECT_LT(took, sc_core::sc_time(120, sc_core::SC_NS));
  EXPECT_EQ(fab.host(5).writes_answered(), 2u);
}

// Debug transport reaches the remote memory at once: no simulated time, no message; a debug write is seen
// by a later READ through the network; an address no target answers reads 0 bytes.
TEST(TlmProtocol, DebugTransportReachesTheRemoteMemory) {
  NetParams p;
  p.topo.k = {4, 4};
  Fabric fab("fabric", p, {}, {0, 5, 6});
  Memory mem("mem", 5 * kNodeWindow, 0x1000);
  Probe probe("probe");
  Flits flits;
  fab.net().add_observer(&flits);
  std::vector<uint8_t> seen, later;
  unsigned n_read = 0, n_write = 0, n_hole = 0, n_quiet = 0;
  bool no_time = false;
  size_t messages_before = 0, messages_after = 0;
  probe.script = [&](Probe& pr) {
    std::vector<uint8_t> w(16);
    for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(3 * i);
    pr.go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x80, w);
    sc_core::wait(200, sc_core::SC_NS);  // delivered by now
    messages_before = flits.n.size();
    const sc_core::sc_time t0 = sc_core::sc_time_stamp();
    seen.assign(16, 0);
    n_read = pr.debug(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 0x80, seen);
    std::vector<uint8_t> d{9, 8, 7, 6};
    n_write = pr.debug(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 0x84, d);
    std::vector<uint8_t> x(4);
    n_hole = pr.debug(tlm::TLM_READ_COMMAND, 99 * kNodeWindow, x);
    n_quiet = pr.debug(tlm::TLM_READ_COMMAND, 6 * kNodeWindow, x);  // node 6's target is unbound
    no_time = sc_core::sc_time_stamp() == t0;
    sc_core::wait(50, sc_core::SC_NS);
    messages_after = flits.n.size();
    later.assign(8, 0);
    pr.go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 0x80, later);
  };
  probe.out.bind(fab.host(0).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(1000);
  std::vector<uint8_t> w(16);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(3 * i);
  EXPECT_EQ(n_read, 16u);
  EXPECT_EQ(seen, w);
  EXPECT_EQ(n_write, 4u);
  EXPECT_EQ(n_hole, 0u);
  EXPECT_EQ(n_quiet, 0u);
  EXPECT_TRUE(no_time);
  EXPECT_EQ(messages_before, messages_after) << "debug accesses send no message";
  EXPECT_EQ(later, (std::vector<uint8_t>{0, 3, 6, 9, 9, 8, 7, 6}));
  EXPECT_EQ(mem.from, std::vector<int>(mem.from.size(), 0));
}

// An access to the initiator's own window goes to its own target (the fabric has no path from a node to
// itself): no message, the memory's 5 ns of a write the only time, the bytes back.
TEST(TlmProtocol, OwnWindowGoesToTheOwnTarget) {
  NetParams p;
  p.topo.k = {4, 4};
  Fabric fab("fabric", p, {}, {5});
  Memory mem("mem", 5 * kNodeWindow, 0x100);
  mem.write_delay = sc_core::sc_time(5, sc_core::SC_NS);
  Probe probe("probe");
  Flits flits;
  fab.net().add_observer(&flits);
  std::vector<tlm::tlm_response_status> st;
  std::vector<uint8_t> back(8);
  sc_core::sc_time took;
  probe.script = [&](Probe& pr) {
    std::vector<uint8_t> w{1, 2, 3, 4, 5, 6, 7, 8};
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 8, w, nullptr, 0, &took));
    st.push_back(pr.go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 8, back));
  };
  probe.out.bind(fab.host(5).in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(200);
  EXPECT_EQ(st, (std::vector<tlm::tlm_response_status>{tlm::TLM_OK_RESPONSE, tlm::TLM_OK_RESPONSE}));
  EXPECT_EQ(back, (std::vector<uint8_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(took, sc_core::sc_time(5, sc_core::SC_NS));
  EXPECT_TRUE(flits.n.empty());
  EXPECT_EQ(mem.from, (std::vector<int>{5, 5}));
}

// The keys reach the adapters of a VpFabric: a 4 KiB window per node, non-posted writes.
TEST(TlmProtocol, VpFabricKeysConfigureTheAdapters) {
  VpFabric vp("vp", {"topology.k=4", "tlm.window=4096", "tlm.posted_writes=false"}, {0, 5});
  Memory mem("mem", 5 * 4096, 4096);
  Probe probe("probe");
  std::vector<tlm::tlm_response_status> st;
  probe.script = [&](Probe& pr) {
    std::vector<uint8_t> w(8, 1);
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, 5 * 4096 + 16, w));
    st.push_back(pr.go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow, w));  // node 80 of a 16-node fabric
  };
  probe.out.bind(vp.host(0).in);
  vp.host(5).out.bind(mem.in);
  sc_core::sc_start(vp.period() * 500.0);
  vp.check();
  EXPECT_EQ(st, (std::vector<tlm::tlm_response_status>{tlm::TLM_OK_RESPONSE, tlm::TLM_ADDRESS_ERROR_RESPONSE}));
  EXPECT_EQ(vp.host(5).writes_answered(), 1u);
  EXPECT_EQ(mem.addrs, std::vector<uint64_t>{5 * 4096 + 16});
}

// Refused before anything is built, naming the key or field.
TEST(TlmProtocol, VpFabricRefusesABadMap) {
  const std::string map = test::file("overlap.map", "1 0 0x100\n2 0x80 0x100\n");
  try {
    VpFabric vp("vp", {"topology.k=4", "tlm.map=" + map});
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "tlm.map: node 1 [0x0, +0x100) and node 2 [0x80, +0x100) overlap");
  }
  VpParams p;
  p.net.topo.k = {4, 4};
  p.tlm.map = {{16, 0, 16}};
  try {
    VpFabric vp("vp", p);
    ADD_FAILURE() << "accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "tlm.map: node 16 [0x0, +0x10): the fabric has nodes 0..15");
  }
}

// The map's checks, each naming the field; decoding by window, never across one.
TEST(TlmMap, ChecksAndDecodes) {
  TlmParams t;
  const AddressMap uniform(t, 16);
  int node = -1;
  uint64_t off = 0;
  EXPECT_TRUE(uniform.decode(5 * 0x10000 + 0x20, 16, node, off));
  EXPECT_EQ(node, 5);
  EXPECT_EQ(off, 0x20u);
  EXPECT_FALSE(uniform.decode(5 * 0x10000 + 0xFFF8, 16, node, off)) << "crosses into node 6's window";
  EXPECT_FALSE(uniform.decode(16 * 0x10000, 1, node, off)) << "past the last node";
  EXPECT_EQ(uniform.base(3), 0x30000u);

  t.map = {{2, 0x3000, 0x1000}, {0, 0x1000, 0x800}};
  const AddressMap m(t, 4);
  EXPECT_TRUE(m.decode(0x3FFF, 1, node, off));
  EXPECT_EQ(node, 2);
  EXPECT_EQ(off, 0xFFFu);
  EXPECT_FALSE(m.decode(0x1800, 1, node, off)) << "the hole after node 0's window";
  EXPECT_FALSE(m.decode(0x0FFF, 2, node, off)) << "starts in the hole";
  EXPECT_TRUE(m.answers(0));
  EXPECT_FALSE(m.answers(1));
  EXPECT_EQ(m.base(2), 0x3000u);

  auto refusal = [](TlmParams p, int nodes) -> std::string {
    try {
      AddressMap a(p, nodes);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  TlmParams b;
  b.map = {{1, 0x1000, 0x1000}, {2, 0x1800, 0x10}};
  EXPECT_EQ(refusal(b, 4), "tlm.map: node 1 [0x1000, +0x1000) and node 2 [0x1800, +0x10) overlap");
  b.map = {{1, 0x1000, 0}};
  EXPECT_EQ(refusal(b, 4), "tlm.map: node 1 [0x1000, +0x0) has size zero");
  b.map = {{4, 0x1000, 16}};
  EXPECT_EQ(refusal(b, 4), "tlm.map: node 4 [0x1000, +0x10): the fabric has nodes 0..3");
  b.map = {{1, 0, 16}, {1, 32, 16}};
  EXPECT_EQ(refusal(b, 4), "tlm.map: node 1 has two windows");
  b.map = {{1, ~uint64_t{0} - 3, 16}};
  EXPECT_EQ(refusal(b, 4), "tlm.map: node 1 [0xfffffffffffffffc, +0x10) ends past 2^64");
  b.map = {{1, ~uint64_t{0} - 15, 16}};  // the last 16 bytes of the space: fine
  EXPECT_EQ(refusal(b, 4), "accepted");
  TlmParams f;
  f.flit_bytes = 0;
  EXPECT_EQ(refusal(f, 4), "tlm.flit_bytes: value 0 out of range [1, 1024]");
  f = TlmParams{};
  f.max_burst = kMaxBurst + 1;
  EXPECT_EQ(refusal(f, 4), "tlm.max_burst: value 1048577 out of range [1, 1048576]");

  // The file: decimal or hex, never octal; each problem with its line.
  const auto w = parse_tlm_map("# node base size\n3 0x100 010\n\n 1\t4096 0X20  # hex\n");
  ASSERT_EQ(w.size(), 2u);
  EXPECT_EQ(w[0].node, 3);
  EXPECT_EQ(w[0].base, 0x100u);
  EXPECT_EQ(w[0].size, 10u);
  EXPECT_EQ(w[1].base, 4096u);
  EXPECT_EQ(w[1].size, 0x20u);
  auto bad = [](const std::string& text) -> std::string {
    try {
      parse_tlm_map(text);
    } catch (const std::invalid_argument& e) {
      return e.what();
    }
    return "accepted";
  };
  EXPECT_EQ(bad("1 2\n"), "tlm.map: line 1: expected 'NODE BASE SIZE', got 2 words");
  EXPECT_EQ(bad("\n1 0x 16\n"), "tlm.map: line 2: base '0x' is not a whole number");
  EXPECT_EQ(bad("1 -5 16\n"), "tlm.map: line 1: base '-5' is not a whole number");
  EXPECT_EQ(bad("1 5 99999999999999999999\n"), "tlm.map: line 1: size '99999999999999999999' exceeds 2^64 - 1");
  EXPECT_EQ(bad("70000 0 16\n"), "tlm.map: line 1: node 70000 out of range [0, 65535]");
  EXPECT_EQ(bad("# nothing\n"), "tlm.map: the file names no window (lines 'NODE BASE SIZE')");
}

}  // namespace

// drbsim refuses the keys only a virtual platform acts on, and a bad map file whoever reads it: exit 2, one
// line naming the key.
namespace drb::test {
using V = std::vector<std::string>;
INSTANTIATE_TEST_SUITE_P(
    TlmKeys, Hostile,
    ::testing::Values(
        Case{"window_in_a_run", [] { return with({"tlm.window=4096"}); }, "tlm.window", 2, "virtual platform"},
        Case{"posted_in_topology", [] { return V{"topology", "topology.k=4", "tlm.posted_writes=false"}; },
             "tlm.posted_writes", 2, "drbsim topology sends no TLM"},
        Case{"map_in_a_run", [] { return with({"tlm.map=" + file("ok.map", "0 0 4096\n")}); }, "tlm.map", 2,
             "virtual platform"},
        Case{"map_is_a_folder", [] { return with({"tlm.map=" + ::testing::TempDir()}); }, "tlm.map"},
        Case{"map_is_dev_null", [] { return with({"tlm.map=/dev/null"}); }, "tlm.map", 2, "names no window"},
        Case{"map_is_a_fifo", [] { return with({"tlm.map=" + fifo("map.fifo")}); }, "tlm.map"},
        Case{"map_missing", [] { return with({"tlm.map=" + tmp("absent.map")}); }, "tlm.map"},
        Case{"map_overlaps", [] { return with({"tlm.map=" + file("o.map", "1 0 0x100\n2 0x80 0x100\n")}); }, "tlm.map",
             2, "overlap"},
        Case{"map_short_line", [] { return with({"tlm.map=" + file("s.map", "1 0x10\n")}); }, "tlm.map", 2, "line 1"},
        Case{"map_node_absent", [] { return with({"tlm.map=" + file("n.map", "99 0 16\n")}); }, "tlm.map", 2,
             "nodes 0..15"},
        Case{"flit_bytes_zero", [] { return with({"tlm.flit_bytes=0"}); }, "tlm.flit_bytes"},
        Case{"window_zero", [] { return with({"tlm.window=0"}); }, "tlm.window"}),
    case_name);
}  // namespace drb::test
