// SPDX-License-Identifier: Apache-2.0
// TLM-2.0 round trip: a host writes messages into NI 0's target socket; hosts at the destination NIs
// receive them through their initiator sockets, in order, with the payload and offset intact. The library's
// VpFabric refuses what drbsim refuses, as exceptions naming the key.
#include <gtest/gtest.h>

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>

#include <functional>
#include <map>
#include <sstream>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "systemc/fabric/fabric.h"
#include "systemc/fabric/vp_fabric.h"
#include "tests/support.h"
#include "tests/tlm_support.h"

using namespace drb;

namespace {

struct Record {
  uint64_t addr;
  std::vector<uint8_t> data;
  sc_core::sc_time when;
};

struct Sender : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Sender> out{"out"};
  std::vector<std::pair<uint64_t, std::vector<uint8_t>>> plan;
  std::vector<tlm::tlm_response_status> status;
  SC_HAS_PROCESS(Sender);
  explicit Sender(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
  void run() {
    for (auto& [addr, bytes] : plan) {
      tlm::tlm_generic_payload gp;
      test::set_payload(gp, tlm::TLM_WRITE_COMMAND, addr, bytes);
      sc_core::sc_time d(3, sc_core::SC_NS);  // annotated delay: consumed by the NI
      out->b_transport(gp, d);
      status.push_back(gp.get_response_status());
    }
  }
};

struct Receiver : sc_core::sc_module {
  tlm_utils::simple_target_socket<Receiver> in{"in"};
  std::vector<Record> got;
  explicit Receiver(sc_core::sc_module_name n) : sc_module(n) { in.register_b_transport(this, &Receiver::recv); }
  void recv(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
    got.push_back({gp.get_address(), std::vector<uint8_t>(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length()),
                   sc_core::sc_time_stamp()});
    gp.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

struct Idle : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<Idle> out{"out"};
  explicit Idle(sc_core::sc_module_name n) : sc_module(n) {}
};

TEST(Tlm, HostToHostRoundTripInOrderAndIntact) {
  NetParams p;
  p.topo.kind = "torus";
  p.topo.k = {4, 4};
  p.vcs = 4;  // adaptive-free DOR; several VCs let packets of one channel overtake, so reorder matters
  const std::vector<int> hosts{0, 5, 10};
  Fabric fab("fabric", p, {}, hosts);
  Sender tx("tx");
  Idle idle5("idle5"), idle10("idle10");
  Receiver rx0("rx0"), rx5("rx5"), rx10("rx10");
  tx.out.bind(fab.host(0).in);
  idle5.out.bind(fab.host(5).in);
  idle10.out.bind(fab.host(10).in);
  fab.host(0).out.bind(rx0.in);
  fab.host(5).out.bind(rx5.in);
  fab.host(10).out.bind(rx10.in);
  Rng rng(3);
  std::map<int, std::vector<std::pair<uint64_t, std::vector<uint8_t>>>> expect;
  for (int i = 0; i < 200; ++i) {
    const int dst = (i % 3 == 0) ? 5 : 10;
    std::vector<uint8_t> bytes(1 + rng.below(200));
    for (auto& b : bytes) b = static_cast<uint8_t>(rng.next());
    const uint64_t off = rng.below(kNodeWindow - 200);  // inside the window: a write crossing it is refused
    tx.plan.push_back({dst * kNodeWindow + off, bytes});
    expect[dst].push_back({dst * kNodeWindow + off, bytes});  // delivered at the address the initiator used
  }
  fab.run_until(20000);
  ASSERT_EQ(tx.status.size(), 200u);
  for (auto s : tx.status) EXPECT_EQ(s, tlm::TLM_OK_RESPONSE);
  EXPECT_TRUE(rx0.got.empty());
  for (auto* rx : {&rx5, &rx10}) {
    const int dst = rx == &rx5 ? 5 : 10;
    ASSERT_EQ(rx->got.size(), expect[dst].size()) << "node " << dst;
    for (size_t i = 0; i < rx->got.size(); ++i) {
      EXPECT_EQ(rx->got[i].addr, expect[dst][i].first) << "node " << dst << " message " << i;
      EXPECT_EQ(rx->got[i].data, expect[dst][i].second) << "node " << dst << " message " << i;
      if (i) {
        EXPECT_GE(rx->got[i].when, rx->got[i - 1].when);
      }
    }
  }
  EXPECT_EQ(fab.net().live_messages(), 0u);
}

// Split reads: node 0 writes 64 bytes into node 5's memory and reads them back; reads the whole 4 KiB that
// one read may ask for; the memory's own error comes back; a read too long, to a node without a host, or of
// another command is refused at once. The read-back takes at least the request's and the reply's zero-load
// times: request (2 flits, 2 hops) 1 + 3 x 4 + 2 + 1 + 1 = 17 cycles, reply (1 + ceil(65 / 16) = 6 flits)
// 1 + 12 + 2 + 1 + 5 = 21: 38 cycles of 1 ns.
TEST(Tlm, SplitReadReturnsTheRemoteBytes) {
  NetParams p;
  p.topo.k = {4, 4};
  Fabric fab("fabric", p, {}, {0, 5});
  struct Memory : sc_core::sc_module {
    tlm_utils::simple_target_socket<Memory> in{"in"};
    std::vector<uint8_t> bytes = std::vector<uint8_t>(8192);
    explicit Memory(sc_core::sc_module_name n) : sc_module(n) {
      for (size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<uint8_t>(i * 7 + 1);
      in.register_b_transport(this, &Memory::access);
    }
    void access(tlm::tlm_generic_payload& gp, sc_core::sc_time&) {
      const uint64_t off = gp.get_address() % kNodeWindow;
      if (off + gp.get_data_length() > bytes.size()) return gp.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
      if (gp.is_write()) std::copy(gp.get_data_ptr(), gp.get_data_ptr() + gp.get_data_length(), bytes.begin() + off);
      else std::copy(bytes.begin() + off, bytes.begin() + off + gp.get_data_length(), gp.get_data_ptr());
      gp.set_response_status(tlm::TLM_OK_RESPONSE);
    }
  } mem("mem");
  struct Probe : sc_core::sc_module {
    tlm_utils::simple_initiator_socket<Probe> out{"out"};
    std::vector<tlm::tlm_response_status> st;
    std::vector<uint8_t> back, big;
    sc_core::sc_time read_took;
    SC_HAS_PROCESS(Probe);
    explicit Probe(sc_core::sc_module_name n) : sc_module(n) { SC_THREAD(run); }
    tlm::tlm_response_status go(tlm::tlm_command c, uint64_t addr, std::vector<uint8_t>& data) {
      tlm::tlm_generic_payload gp;
      test::set_payload(gp, c, addr, data);
      sc_core::sc_time d = sc_core::SC_ZERO_TIME;
      out->b_transport(gp, d);
      return gp.get_response_status();
    }
    void run() {
      std::vector<uint8_t> w(64);
      for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(200 - i);
      st.push_back(go(tlm::TLM_WRITE_COMMAND, 5 * kNodeWindow + 100, w));
      back.assign(64, 0);
      const sc_core::sc_time t0 = sc_core::sc_time_stamp();
      st.push_back(go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 100, back));
      read_took = sc_core::sc_time_stamp() - t0;
      big.assign(TlmParams{}.max_burst, 0);
      st.push_back(go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 4096, big));
      std::vector<uint8_t> x(16), y(TlmParams{}.max_burst + 1);
      st.push_back(go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow + 8190, x));  // past the memory's end
      st.push_back(go(tlm::TLM_READ_COMMAND, 5 * kNodeWindow, y));
      st.push_back(go(tlm::TLM_READ_COMMAND, 1 * kNodeWindow, x));        // node 1 has no host
      st.push_back(go(tlm::TLM_IGNORE_COMMAND, 5 * kNodeWindow, x));
      st.push_back(go(tlm::TLM_WRITE_COMMAND, 99 * kNodeWindow, x));
    }
  } probe("probe");
  Receiver rx0("rx0");
  Idle idle5("idle5");
  probe.out.bind(fab.host(0).in);
  idle5.out.bind(fab.host(5).in);
  fab.host(0).out.bind(rx0.in);
  fab.host(5).out.bind(mem.in);
  fab.run_until(3000);
  ASSERT_EQ(probe.st.size(), 8u);
  const std::vector<tlm::tlm_response_status> want{tlm::TLM_OK_RESPONSE, tlm::TLM_OK_RESPONSE, tlm::TLM_OK_RESPONSE,
                                                   tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_BURST_ERROR_RESPONSE,
                                                   tlm::TLM_ADDRESS_ERROR_RESPONSE, tlm::TLM_COMMAND_ERROR_RESPONSE,
                                                   tlm::TLM_ADDRESS_ERROR_RESPONSE};
  EXPECT_EQ(probe.st, want);
  std::vector<uint8_t> w(64);
  for (size_t i = 0; i < w.size(); ++i) w[i] = static_cast<uint8_t>(200 - i);
  EXPECT_EQ(probe.back, w) << "the read came after the posted write from the same source";
  EXPECT_TRUE(std::equal(probe.big.begin(), probe.big.end(), mem.bytes.begin() + 4096));
  EXPECT_GE(probe.read_took, sc_core::sc_time(38, sc_core::SC_NS));
  EXPECT_LT(probe.read_took, sc_core::sc_time(200, sc_core::SC_NS));
  EXPECT_EQ(fab.host(5).reads_served(), 3u);
  EXPECT_TRUE(rx0.got.empty());
}

// What f() returns (or the message it throws), from a child process killed after 60 s: one fabric per
// process (SystemC elaborates once), and a constructor that blocks fails the test instead of hanging it.
std::string in_child(const std::function<std::string()>& f) {
  int fd[2];
  if (pipe(fd) != 0) return "no pipe";
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    std::string m;
    try {
      m = f();
    } catch (const std::exception& e) {
      m = e.what();
    }
    if (write(fd[1], m.data(), m.size()) < 0) _exit(1);
    _exit(0);
  }
  close(fd[1]);
  struct pollfd p {fd[0], POLLIN, 0};
  std::string m;
  if (poll(&p, 1, 60000) <= 0) {
    kill(pid, SIGKILL);
    m = "timed out";
  } else {
    char buf[4096];
    for (ssize_t n; (n = read(fd[0], buf, sizeof buf)) > 0;) m.append(buf, static_cast<size_t>(n));
  }
  close(fd[0]);
  waitpid(pid, nullptr, 0);
  return m;
}

// The message a VpFabric constructor throws for these keys ("constructed" if none).
std::string vp_refusal(const std::vector<std::string>& keys, const std::vector<int>& hosts = {}) {
  return in_child([&] {
    VpFabric f("vp", keys, hosts);
    return std::string("constructed");
  });
}
std::string vp_refusal(const VpParams& p) {
  return in_child([&] {
    VpFabric f("vp", p);
    return std::string("constructed");
  });
}

bool starts(const std::string& s, const std::string& prefix) { return s.rfind(prefix, 0) == 0; }

// sim.mem_limit holds for the library: drbsim refuses 2^15 nodes with 64 VCs under 8 GiB, so does the
// constructor, before anything is built (the fabric would take several GiB); a 4x4 torus does not fit in
// 1 MiB (the process alone takes more) and fits in 1 GiB.
TEST(VpFabric, RunsOnTheUsersClock) {
  VpFabric vp("vp", {"topology.k=4", "sim.clock_ns=1"}, {0});
  Sender tx("tx");
  Receiver rx("rx");
  tx.out.bind(vp.host(0).in);
  vp.host(0).out.bind(rx.in);
  tx.plan.push_back({0, std::vector<uint8_t>(8, 1)});  // to itself: through the NI and its router
  sc_core::sc_clock clk("clk", 5, sc_core::SC_NS);
  vp.clk(clk);
  sc_core::sc_start(1000, sc_core::SC_NS);
  vp.check();
  EXPECT_EQ(vp.period(), sc_core::sc_time(5, sc_core::SC_NS));
  EXPECT_EQ(vp.cycle(), 200);
  ASSERT_EQ(rx.got.size(), 1u);
  EXPECT_EQ(rx.got[0].when.value() % sc_core::sc_time(5, sc_core::SC_NS).value(), 0u) << "delivered on an edge";
}

TEST(VpFabric, MemoryLimitAppliesBeforeBuilding) {
  const std::string big = vp_refusal({"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "sim.mem_limit=8G"});
  EXPECT_TRUE(starts(big, "router.vcs: ")) << big;
  EXPECT_NE(big.find("needs an estimated"), std::string::npos) << big;
  EXPECT_NE(big.find("above sim.mem_limit = 8.0 GiB"), std::string::npos) << big;
  const std::string small = vp_refusal({"topology.k=4", "sim.mem_limit=1M"});
  EXPECT_NE(small.find("above sim.mem_limit = 1.0 MiB"), std::string::npos) << small;
  EXPECT_EQ(vp_refusal({"topology.k=4", "sim.mem_limit=1G"}), "constructed");
  struct rusage ru {};
  getrusage(RUSAGE_CHILDREN, &ru);
  EXPECT_LT(ru.ru_maxrss, 512 * 1024) << "KiB: a refused fabric was built";
}

TEST(VpFabric, HostOutOfRangeAndDuplicateHostsAreRefused) {
  VpFabric f("f", {"topology.k=4"}, {0, 5});
  EXPECT_NO_THROW(f.host(5));
  for (int n : {-1, 16, 1 << 30}) {
    try {
      f.host(n);
      ADD_FAILURE() << n;
    } catch (const std::out_of_range& e) {
      EXPECT_EQ(std::string(e.what()),
                "VpFabric::host: node " + std::to_string(n) + " is not a node of the fabric (0..15)");
    }
  }
  try {
    f.host(3);
    ADD_FAILURE();
  } catch (const std::out_of_range& e) {
    EXPECT_EQ(std::string(e.what()), "VpFabric::host: node 3 has no host (not in host_nodes)");
  }
  // Passed construction and failed at sc_start (E109, a port bound twice).
  EXPECT_EQ(vp_refusal({"topology.k=4"}, {0, 5, 5}), "host_nodes: node 5 is given twice");
  EXPECT_EQ(vp_refusal({"topology.k=4"}, {16}), "host_nodes: node 16 does not exist (the fabric has nodes 0..15)");
}

// A NUL byte cut the value where C strings end and was accepted.
TEST(VpFabric, NulInAKeyOrValueIsRefused) {
  const std::string value = vp_refusal({"topology.k=4", std::string("router.vcs=4\0 8", 14)});
  EXPECT_EQ(value, "router.vcs: the value holds a NUL byte");
  const std::string key = vp_refusal({"topology.k=4", std::string("router\0.vcs=4", 13)});
  EXPECT_EQ(key, "router\\x00.vcs: the key holds a NUL byte");
}

// A trace (read twice: checked, then replayed) that is not a regular file is refused at once; a FIFO with
// no writer blocked the constructor.
TEST(VpFabric, TraceThatIsNotARegularFileIsRefusedAtOnce) {
  const std::string fifo = drb::test::test_tmp("vp_fifo.trace");
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0666), 0);
  int fd[2];
  ASSERT_EQ(pipe(fd), 0);
  ASSERT_EQ(write(fd[1], "0 1 2 3\n", 8), 8);
  close(fd[1]);
  for (const std::string& path : {fifo, "/dev/fd/" + std::to_string(fd[0]), std::string("/dev/null"),
                                  std::string("/dev/zero"), ::testing::TempDir()}) {
    const std::string m = vp_refusal({"topology.k=4", "traffic.pattern=trace", "traffic.trace=" + path});
    EXPECT_TRUE(starts(m, "traffic.trace: ")) << path << ": " << m;
    EXPECT_TRUE(m.find("is not a regular file") != std::string::npos || m.find("is a directory") != std::string::npos)
        << path << ": " << m;
  }
}

// A hot spot: every other node writes 40 messages of 64 bytes into node 0 as fast as its NI takes them.
// Returns the fabric's derived parameters and every delivery at node 0 (source window, cycle), one per line.
std::string hot_spot(VpFabric& vp) {
  std::vector<std::unique_ptr<Sender>> tx;
  std::vector<std::unique_ptr<Receiver>> rx;
  for (int n = 0; n < vp.nodes(); ++n) {
    tx.push_back(std::make_unique<Sender>(("tx" + std::to_string(n)).c_str()));
    rx.push_back(std::make_unique<Receiver>(("rx" + std::to_string(n)).c_str()));
    if (n)
      for (int i = 0; i < 40; ++i) tx[n]->plan.push_back({static_cast<uint64_t>(i) * 64, std::vector<uint8_t>(64, static_cast<uint8_t>(n))});
    tx[n]->out.bind(vp.host(n).in);
    vp.host(n).out.bind(rx[n]->in);
  }
  sc_core::sc_start(vp.period() * 20000.0);
  vp.check();
  const NetParams& p = vp.params();
  std::ostringstream out;
  out << "acks " << p.acks << " gmr " << p.gmr << " steps " << p.steps << " atomic_vc " << p.atomic_vc << " max_length "
      << p.max_length << " gmr_threshold " << p.gmr_threshold << " delivered " << vp.delivered_messages() << "\n";
  for (const Record& r : rx[0]->got) out << r.addr << " " << r.when.value() / vp.period().value() << "\n";
  return out.str();
}

// The typed parameters of the keys {topology.k=4, routing.algorithm=drb2, router.vcs=4}, with the keys'
// ring classes where NetParams' default differs (routing.vc_classes=auto: balanced on a torus).
VpParams typed_drb2() {
  VpParams p;
  p.net.topo.kind = "torus";
  p.net.topo.k = {4, 4};
  p.net.algorithm = "drb2";
  p.net.vcs = 4;
  p.net.routing.ring_classes = RingClasses::Balanced;
  return p;
}

// The typed constructor derives what validation derives for the keys and builds DRB's sources: the same
// network, delivery for delivery. Expected from the spec: DRB2's sources take acks and GMR, its metapaths
// two step groups (sga:2), DOR needs no atomic reallocation, the longest packet is 10 flits, and GMR's
// threshold is 1.775 T0 with T0 = 15 cycles (NI 1 + 4 stages + NI 1 + 9 flits) + 32/15 mean hops x 5
// cycles = 25.67: 46.
TEST(VpFabric, TypedParametersBuildTheNetworkOfTheKeys) {
  const std::string keys = in_child([] {
    VpFabric vp("vp", std::vector<std::string>{"topology.k=4", "routing.algorithm=drb2", "router.vcs=4"});
    return hot_spot(vp);
  });
  const std::string typed = in_child([] {
    VpFabric vp("vp", typed_drb2());
    return hot_spot(vp);
  });
  const std::string head = "acks 1 gmr 1 steps 2 atomic_vc 0 max_length 10 gmr_threshold 46 delivered 600\n";
  EXPECT_EQ(keys.substr(0, head.size()), head) << keys.substr(0, 200);
  EXPECT_EQ(std::count(keys.begin(), keys.end(), '\n'), 601);
  EXPECT_EQ(typed, keys);
  // Without DRB's sources (the canonical path) the hot spot's deliveries differ: the comparison can fail.
  const std::string plain = in_child([] {
    VpParams p = typed_drb2();
    p.net.algorithm = "dor";
    VpFabric vp("vp", p);
    return hot_spot(vp);
  });
  EXPECT_NE(plain.substr(plain.find('\n')), keys.substr(keys.find('\n')));
}

// What the typed constructor refuses, before building anything, each with the field or key it names.
TEST(VpFabric, TypedParametersAreChecked) {
  auto with = [](const std::function<void(VpParams&)>& f) {
    VpParams p = typed_drb2();
    f(p);
    return vp_refusal(p);
  };
  EXPECT_EQ(with([](VpParams&) {}), "constructed");
  EXPECT_EQ(with([](VpParams& p) { p.net.acks = true; }),
            "net.acks: derived from net.algorithm's sources; leave it at its default");
  EXPECT_EQ(with([](VpParams& p) { p.net.max_length = 20; }).substr(0, 29), "net.max_length: derived from ");
  EXPECT_EQ(with([](VpParams& p) { p.net.depth = 5000; }), "router.buffer: value 5000 out of range [0, 4096]");
  EXPECT_EQ(with([](VpParams& p) { p.net.vcs = 2; }).substr(0, 40), "router.vcs: drb2 on a torus needs 4 VC c");
  EXPECT_EQ(with([](VpParams& p) { p.longest_message = 0; }), "longest_message: value 0 out of range [1, 65535]");
  EXPECT_TRUE(starts(with([](VpParams& p) { p.sources.drb.supernode = "sga:9"; }), "drb.supernode: "));
  // 4096 routers of 5 ports, 64 VCs of 4096 flits: some 5 G buffer slots, refused before any is allocated.
  const std::string big = with([](VpParams& p) {
    p.net.topo.k = {64, 64};
    p.net.vcs = 64;
    p.net.depth = 4096;
    p.mem_limit = uint64_t{8} << 30;
  });
  EXPECT_TRUE(starts(big, "mem_limit: the fabric needs an estimated ")) << big;
  EXPECT_NE(big.find("above mem_limit = 8.0 GiB"), std::string::npos) << big;
  struct rusage ru {};
  getrusage(RUSAGE_CHILDREN, &ru);
  EXPECT_LT(ru.ru_maxrss, 512 * 1024) << "KiB: a refused fabric was built";
  EXPECT_TRUE(starts(with([](VpParams& p) { p.net.rtl_router = true; }), "net.rtl_router: "));
  EXPECT_TRUE(starts(with([](VpParams& p) { p.net.algorithm = "adaptive"; p.vc_realloc = VcRealloc::Eager; }),
                     "router.vc_realloc: adaptive routing needs atomic VC reallocation"));
}

}  // namespace
