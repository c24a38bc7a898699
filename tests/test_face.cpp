// SPDX-License-Identifier: Apache-2.0
// The SystemC face (systemc/face/face.h): a 2x2 mesh and a 4-ary 2-tree built from Router and Ni modules
// with channel ports, wired by hand with Links and clocked by an sc_clock, run the same traffic as the fast
// fabric (Network, one step per cycle) on the same parameters and seed. Every packet arrival and message
// delivery, with its cycle, must be the same, byte for byte. Wiring mistakes are refused at elaboration.
// SystemC elaborates once per process: each test runs alone (CTest runs every TEST in its own process).
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "systemc/base/sim_error.h"
#include "systemc/face/face.h"
#include "systemc/fabric/fabric.h"
#include "systemc/fabric/network.h"
#include "tests/vcd.h"

namespace drb {
namespace {

// Every arrival, delivery and rejection, one line each.
struct Record : NetObserver {
  std::ostringstream s;
  int delivered = 0, rejected = 0;
  void message_rejected(int src, int flits, int64_t t_gen) override {
    s << "reject " << src << " " << flits << " flits gen " << t_gen << "\n";
    ++rejected;
  }
  void packet_arrived(const Packet& p, const Message& m, int64_t now) override {
    s << "arrive msg " << m.id << " pkt " << p.index << " " << p.src << "->" << m.dst << " hops " << p.hops
      << " wait " << p.wait << " at " << now << "\n";
  }
  void message_delivered(const Message& m, int64_t now) override {
    s << "deliver msg " << m.id << " " << m.src << "->" << m.dst << " gen " << m.t_gen << " at " << now << "\n";
    ++delivered;
  }
};

// Uniform traffic from a seeded generator of the test's own: each cycle below `until`, each node starts a
// message of 1-6 flits to another node with probability rate.
struct Traffic {
  int nodes;
  double rate;
  int64_t until;
  uint64_t x = 0x9e3779b97f4a7c15ULL;
  int submitted = 0;
  uint64_t next() {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  }
  template <class Submit>
  void cycle(int64_t t, Submit submit) {
    if (t >= until) return;
    for (int s = 0; s < nodes; ++s) {
      if (static_cast<double>(next() % 1000000) / 1e6 >= rate) continue;
      const int d = static_cast<int>((s + 1 + next() % (nodes - 1)) % nodes);
      if (submit(s, d, 1 + static_cast<int>(next() % 6), t)) ++submitted;
    }
  }
};

// "" if a == b, else the first line where they differ (the whole records run to thousands of lines).
std::string first_difference(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string la, lb;
  for (int line = 1;; ++line) {
    const bool ga = static_cast<bool>(std::getline(x, la)), gb = static_cast<bool>(std::getline(y, lb));
    if (!ga && !gb) return "";
    if (!ga || !gb || la != lb)
      return "line " + std::to_string(line) + ": fast '" + (ga ? la : "(end)") + "', hand-wired '" + (gb ? lb : "(end)") + "'";
  }
}

// after(net): called once the run has ended (the link controllers' counters).
std::string run_fast(const NetParams& p, Traffic tr, int64_t cycles, int& delivered,
                     const std::function<void(const Network&)>& after = {}) {
  Network net(p);
  Record rec;
  net.add_observer(&rec);
  for (int64_t t = 0; t < cycles; ++t) {
    tr.cycle(t, [&](int s, int d, int f, int64_t at) { return net.submit(s, d, f, at, true) != 0; });
    net.step(t);
  }
  if (after) after(net);
  delivered = rec.delivered;
  EXPECT_EQ(rec.delivered, tr.submitted) << "the fast fabric did not drain";
  return rec.s.str();
}

// The design's links bound to the interconnect's channels in a loop (the fat-tree's 32 links); the mesh
// test below names each of its links.
std::string run_face(ElementSetup& setup, std::vector<std::unique_ptr<face::Router>>& routers,
                     std::vector<std::unique_ptr<face::Ni>>& nis, face::Channels& ch, Traffic tr, int64_t cycles,
                     int& delivered) {
  Record rec;
  ch.add_observer(&rec);
  ch.add_cycle_hook([&](int64_t t) {
    tr.cycle(t, [&](int s, int d, int f, int64_t at) { return nis[s]->submit(d, f, at) != 0; });
  });
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  ch.clk(clk);
  for (auto& r : routers) r->clk(clk);
  for (auto& n : nis) n->clk(clk);
  sc_core::sc_start(static_cast<double>(cycles), sc_core::SC_NS);
  delivered = rec.delivered;
  EXPECT_EQ(rec.delivered, tr.submitted) << "the hand-wired design did not drain";
  (void)setup;
  return rec.s.str();
}

NetParams mesh2x2() {
  NetParams p;
  p.topo.kind = "mesh";
  p.topo.k = {2, 2};
  p.algorithm = "dor";
  p.seed = 7;
  return p;
}

// The 2x2 mesh wired by hand, link by link: routers 0 1 / 2 3 (x to the right, y down); ports by
// dimension and direction, the local port last.
struct HandMesh {
  ElementSetup setup;
  face::Channels ch;
  std::vector<std::unique_ptr<face::Router>> r;
  std::vector<std::unique_ptr<face::Ni>> ni;
  face::Link l01, l10{"l10"}, l23{"l23"}, l32{"l32"}, l02{"l02"}, l20{"l20"}, l13{"l13"}, l31{"l31"};
  std::vector<std::unique_ptr<face::Link>> inj, ej;
  // l01_credit: the credit delay of the link from router 0 to router 1 (a stuck link's, in the stall test).
  explicit HandMesh(const NetParams& p, int l01_credit = 1) : setup(p), ch("channels", setup), l01("l01", 1, l01_credit) {
    for (int i = 0; i < 4; ++i) {
      r.push_back(std::make_unique<face::Router>(("router_" + std::to_string(i)).c_str(), ch, i));
      ni.push_back(std::make_unique<face::Ni>(("ni_" + std::to_string(i)).c_str(), ch, i));
    }
    const Topology& t = *setup.ic->direct();
    const int px = t.port(0, +1), mx = t.port(0, -1), py = t.port(1, +1), my = t.port(1, -1), local = t.local_port();
    r[0]->out[px](l01), r[1]->in[mx](l01);
    r[1]->out[mx](l10), r[0]->in[px](l10);
    r[2]->out[px](l23), r[3]->in[mx](l23);
    r[3]->out[mx](l32), r[2]->in[px](l32);
    r[0]->out[py](l02), r[2]->in[my](l02);
    r[2]->out[my](l20), r[0]->in[py](l20);
    r[1]->out[py](l13), r[3]->in[my](l13);
    r[3]->out[my](l31), r[1]->in[py](l31);
    for (int i = 0; i < 4; ++i) {
      inj.push_back(std::make_unique<face::Link>(("inject_" + std::to_string(i)).c_str()));
      ej.push_back(std::make_unique<face::Link>(("eject_" + std::to_string(i)).c_str()));
      ni[i]->inject[0](*inj[i]), r[i]->in[local](*inj[i]);
      r[i]->out[local](*ej[i]), ni[i]->eject[0](*ej[i]);
    }
  }
};

// A design wired from the interconnect's graph in a loop: a Router module per element, an Ni per terminal,
// a Link per channel (named l<from>_<to>, and l<from>_<to>_<port> when a trunk joins the pair more than once).
struct GraphDesign {
  ElementSetup setup;
  face::Channels ch;
  std::vector<std::unique_ptr<face::Router>> sw;
  std::vector<std::unique_ptr<face::Ni>> ni;
  std::vector<std::unique_ptr<face::Link>> links;
  GraphDesign(const NetParams& p, const std::string& element) : setup(p), ch("channels", setup) {
    const Interconnect& ic = *setup.ic;
    for (int e = 0; e < ic.elements(); ++e)
      sw.push_back(std::make_unique<face::Router>((element + "_" + std::to_string(e)).c_str(), ch, e));
    for (int n = 0; n < ic.terminals(); ++n) ni.push_back(std::make_unique<face::Ni>(("ni_" + std::to_string(n)).c_str(), ch, n));
    for (const GraphChannel& c : ic.graph().channels()) {
      const std::string name = "l" + std::to_string(c.from) + "_" + std::to_string(c.to) +
                               (ic.trunk() > 1 ? "_" + std::to_string(c.from_port) : "");
      links.push_back(std::make_unique<face::Link>(name.c_str()));
      sw[c.from]->out[c.from_port](*links.back());
      sw[c.to]->in[c.to_port](*links.back());
    }
    for (int n = 0; n < ic.terminals(); ++n) {
      const GraphTerminal& t = ic.graph().terminals()[n];
      links.push_back(std::make_unique<face::Link>(("inject_" + std::to_string(n)).c_str()));
      ni[n]->inject[0](*links.back()), sw[t.inject.element]->in[t.inject.port](*links.back());
      links.push_back(std::make_unique<face::Link>(("eject_" + std::to_string(n)).c_str()));
      sw[t.eject.element]->out[t.eject.port](*links.back()), ni[n]->eject[0](*links.back());
    }
  }
  std::string run(const Traffic& tr, int64_t cycles, int& delivered) { return run_face(setup, sw, ni, ch, tr, cycles, delivered); }
};

TEST(Face, TwoByTwoMeshWiredByHandEqualsTheFastFabric) {
  const NetParams p = mesh2x2();
  const Traffic tr{4, 0.15, 1500};
  int fast_n = 0, face_n = 0;
  const std::string fast = run_fast(p, tr, 2500, fast_n);
  HandMesh m(p);
  const std::string hand = run_face(m.setup, m.r, m.ni, m.ch, tr, 2500, face_n);
  EXPECT_GT(fast_n, 500);
  EXPECT_EQ(fast_n, face_n);
  EXPECT_EQ(first_difference(fast, hand), "");
}

// The fast fabric's stall watchdog in the hand-wired design: router 0's credits for +x come back only after
// 2,000 cycles, so once it has sent its 2 VCs x 8 flits to router 1 nothing moves. After sim.watchdog = 300
// such cycles the simulation pauses and rethrow() reports the stall with the credits at zero.
TEST(Face, AStuckLinkIsReportedAsAStallWithItsCredits) {
  NetParams p = mesh2x2();
  p.watchdog = 300;
  HandMesh m(p, 2000);
  m.ch.add_cycle_hook([&](int64_t t) {
    if (t < 40) m.ni[0]->submit(1, 4, t);  // 160 flits for router 1, all over l01
  });
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  m.ch.clk(clk);
  for (auto& r : m.r) r->clk(clk);
  for (auto& n : m.ni) n->clk(clk);
  sc_core::sc_start(3000, sc_core::SC_NS);
  ASSERT_TRUE(m.ch.failed()) << "no stall held";
  EXPECT_GT(sc_core::sc_time_stamp(), sc_core::sc_time(300, sc_core::SC_NS));
  EXPECT_LT(sc_core::sc_time_stamp(), sc_core::sc_time(1000, sc_core::SC_NS)) << "paused at the stall, not run on";
  try {
    m.ch.rethrow();
    FAIL() << "rethrow() threw nothing";
  } catch (const SimError& e) {
    const std::string what = e.what();
    EXPECT_EQ(e.kind, SimError::Stall);
    EXPECT_NE(what.find("none moved for 301 cycles (sim.watchdog = 300)"), std::string::npos) << what;
    EXPECT_TRUE(std::regex_search(what, std::regex("router 0 out \\+x credits: 0\\*? 0\\*?\n"))) << what;
  }
  EXPECT_FALSE(m.ch.failed());
}

// The hand-wired design's waveform (face::Channels::trace) against the fast fabric's (Fabric::trace), both
// in one simulation on the same traffic: every signal of the fabric's routers and NIs is in the design's
// under its module's name, with the same value after every cycle.
TEST(Face, WaveformsEqualTheFastFabricsSignalForSignal) {
  const NetParams p = mesh2x2();
  const int64_t cycles = 600;
  const std::string fv = ::testing::TempDir() + "/face_fast.vcd", hv = ::testing::TempDir() + "/face_hand.vcd";
  Fabric fab("fabric", p);  // its own 1 ns clock
  fab.trace(fv);
  Traffic tf{4, 0.2, 400}, th = tf;
  fab.add_cycle_hook([&](int64_t t) {
    tf.cycle(t, [&](int s, int d, int f, int64_t at) { return fab.net().submit(s, d, f, at, true) != 0; });
  });
  HandMesh m(p);
  m.ch.trace(hv);
  m.ch.add_cycle_hook([&](int64_t t) {
    th.cycle(t, [&](int s, int d, int f, int64_t at) { return m.ni[s]->submit(d, f, at) != 0; });
  });
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  m.ch.clk(clk);
  for (auto& r : m.r) r->clk(clk);
  for (auto& n : m.ni) n->clk(clk);
  fab.run_until(cycles);
  fab.close_trace();
  m.ch.close_trace();
  EXPECT_GT(tf.submitted, 200);
  const auto fast = test::changes(fv), hand = test::changes(hv);
  ASSERT_FALSE(fast.empty());
  size_t compared = 0, moving = 0;
  for (const auto& [name, ch] : fast) {
    const std::string prefix = "SystemC.fabric.";
    ASSERT_EQ(name.rfind(prefix, 0), 0u) << name;
    const std::string own = "SystemC." + name.substr(prefix.size());
    ASSERT_TRUE(hand.count(own)) << own << " missing from the hand-wired design's waveform";
    for (int64_t c = 0; c + 1 < cycles; ++c)
      ASSERT_EQ(test::value_at(hand.at(own), c * 1000), test::value_at(ch, c * 1000)) << own << " at cycle " << c;
    ++compared;
    moving += ch.size() > 1;
  }
  EXPECT_EQ(hand.size(), fast.size());
  EXPECT_GT(moving, compared / 2) << "most signals change: the comparison is not of constants";
}

TEST(Face, FourAryTwoTreeWiredFromItsGraphEqualsTheFastFabric) {
  NetParams p;
  p.topo.kind = "fattree";
  p.topo.k = {4};
  p.topo.n = 2;
  p.algorithm = "updown";
  p.seed = 11;
  const Traffic tr{16, 0.08, 1500};
  int fast_n = 0, face_n = 0;
  const std::string fast = run_fast(p, tr, 3000, fast_n);

  GraphDesign d(p, "switch");
  const std::string hand = d.run(tr, 3000, face_n);
  EXPECT_GT(fast_n, 1000);
  EXPECT_EQ(fast_n, face_n);
  EXPECT_EQ(first_difference(fast, hand), "");
}

// Link power saving in a design wired by hand: a 4x4 mesh with trunks of 2 links, checks every 200 cycles.
// The controllers act on the design's links as in the fast fabric: the same links go off and come back on
// at the same cycles (same energy), and every packet arrives in the same cycle.
TEST(Face, LinkPowerSavingActsAsInTheFastFabric) {
  NetParams p;
  p.topo.kind = "mesh";
  p.topo.k = {4, 4};
  p.topo.trunk = 2;
  p.algorithm = "dor";
  p.seed = 5;
  p.power.on = true;
  p.power.t_check = 200;
  p.power.t_on = p.power.t_off = 100;
  const int64_t cycles = 4000;
  const Traffic tr{16, 0.04, 3000};
  int fast_n = 0, face_n = 0;
  int64_t offs = 0, ons = 0;
  double energy = 0;
  const std::string fast = run_fast(p, tr, cycles, fast_n, [&](const Network& n) {
    offs = n.power()->switch_offs(), ons = n.power()->switch_ons(), energy = n.power()->energy(cycles);
  });
  GraphDesign d(p, "router");
  const std::string hand = d.run(tr, cycles, face_n);
  ASSERT_NE(d.ch.power(), nullptr);
  EXPECT_GT(offs, 0) << "no link went off: the test would show nothing";
  EXPECT_GT(ons, 0) << "no link came back on";
  EXPECT_EQ(d.ch.power()->switch_offs(), offs);
  EXPECT_EQ(d.ch.power()->switch_ons(), ons);
  EXPECT_EQ(d.ch.power()->energy(cycles), energy);
  EXPECT_GT(fast_n, 500);
  EXPECT_EQ(fast_n, face_n);
  EXPECT_EQ(first_difference(fast, hand), "");
}

// Link faults in a design wired by hand: on a 4-ary 2-tree routed up*/down*, two channels fail at cycle 400
// and are repaired at 1400. Messages of the pairs left without a way are refused at the source, heads are
// rerouted on the pruned relation, and everything matches the fast fabric line for line, refusals included.
TEST(Face, LinkFaultsActAsInTheFastFabric) {
  NetParams p;
  p.topo.kind = "fattree";
  p.topo.k = {4};
  p.topo.n = 2;
  p.algorithm = "updown";
  p.seed = 3;
  const Traffic tr{16, 0.08, 2000};
  int clean_n = 0, fast_n = 0, face_n = 0;
  const std::string clean = run_fast(p, tr, 3000, clean_n);
  p.faults.channels = {0, 1};
  p.faults.at = 400;
  p.faults.repair = 1400;
  uint64_t refused = 0;
  const std::string fast = run_fast(p, tr, 3000, fast_n, [&](const Network& n) { refused = n.faults()->refused_messages(); });
  GraphDesign d(p, "switch");
  const std::string hand = d.run(tr, 3000, face_n);
  ASSERT_NE(d.ch.faults(), nullptr);
  EXPECT_NE(first_difference(clean, fast), "") << "the faults changed nothing: the test would show nothing";
  EXPECT_GT(refused, 0u) << "no message refused: the unroutable pairs would go untested";
  EXPECT_EQ(d.ch.faults()->refused_messages(), refused);
  EXPECT_GT(fast_n, 1000);
  EXPECT_EQ(fast_n, face_n);
  EXPECT_EQ(first_difference(fast, hand), "");
}

TEST(Face, ALinkToTheWrongPortIsRefusedAtElaboration) {
  const NetParams p = mesh2x2();
  ElementSetup setup(p);
  face::Channels ch("channels", setup);
  std::vector<std::unique_ptr<face::Router>> r;
  std::vector<std::unique_ptr<face::Ni>> ni;
  std::vector<std::unique_ptr<face::Link>> links;
  const Interconnect& ic = *setup.ic;
  for (int i = 0; i < 4; ++i) {
    r.push_back(std::make_unique<face::Router>(("router_" + std::to_string(i)).c_str(), ch, i));
    ni.push_back(std::make_unique<face::Ni>(("ni_" + std::to_string(i)).c_str(), ch, i));
  }
  bool swapped = false;
  for (const GraphChannel& c : ic.graph().channels()) {
    links.push_back(std::make_unique<face::Link>(("l" + std::to_string(c.from) + "_" + std::to_string(c.to)).c_str()));
    r[c.from]->out[c.from_port](*links.back());
    // router 1's two inputs crossed: the +x link lands on the y port
    int to_port = c.to_port;
    if (c.to == 1 && !swapped) {
      for (const GraphChannel& o : ic.graph().channels())
        if (o.to == 1 && o.to_port != c.to_port) to_port = o.to_port;
      swapped = true;
    } else if (c.to == 1) {
      for (const GraphChannel& o : ic.graph().channels())
        if (o.to == 1 && o.to_port != c.to_port) to_port = o.to_port;
    }
    r[c.to]->in[to_port](*links.back());
  }
  for (int n = 0; n < 4; ++n) {
    const GraphTerminal& t = ic.graph().terminals()[n];
    links.push_back(std::make_unique<face::Link>(("inject_" + std::to_string(n)).c_str()));
    ni[n]->inject[0](*links.back()), r[t.inject.element]->in[t.inject.port](*links.back());
    links.push_back(std::make_unique<face::Link>(("eject_" + std::to_string(n)).c_str()));
    r[t.eject.element]->out[t.eject.port](*links.back()), ni[n]->eject[0](*links.back());
  }
  sc_core::sc_clock clk("clk", 1, sc_core::SC_NS);
  ch.clk(clk);
  for (auto& x : r) x->clk(clk);
  for (auto& x : ni) x->clk(clk);
  try {
    sc_core::sc_start(10, sc_core::SC_NS);
    FAIL() << "a crossed link was accepted";
  } catch (const std::exception& e) {
    EXPECT_NE(std::string(e.what()).find("must reach element 1 in"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace drb
