// SPDX-License-Identifier: Apache-2.0
// Network files (topology.kind=file, docs/custom-topology.md): the reader takes the documented statements
// and refuses bad ones with their line before allocating for them; every family written out and read back
// is the same graph and its route table routes as the family's own relation does (walked hop by hop, class
// bits included), and a simulation on it gives the same results; up*/down* routes are legal and as short
// as a breadth-first search over (element, phase) finds, on a ring where the shortest path is not legal;
// the channel dependency graph of up*/down* is acyclic, and a ring's table without a dateline is refused.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <fstream>
#include <map>
#include <tuple>

#include "models/routing/cdg.h"
#include "models/routing/file_routing.h"
#include "models/routing/registry.h"
#include "models/topology/graph_file.h"
#include "models/topology/interconnect.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

std::unique_ptr<Interconnect> from_text(const std::string& text) {
  TopologyParams tp;
  tp.kind = "file";
  tp.graph_text = std::make_shared<const std::string>(text);
  return make_interconnect(tp);
}

std::string refusal(const std::string& text) {
  try {
    parse_network_file(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

// A ring of five elements in both directions, one terminal each. Up*/down* from root a: a level 0, b and e
// level 1, c and d level 2. c -> d goes down (same level, higher id), d -> e up: the two-hop way from c to
// e is down-then-up, illegal, so up*/down* takes c -> b -> a -> e (three hops).
const char* kRing5 =
    "name ring of five\n"
    "element a router 3\nelement b router 3\nelement c router 3\nelement d router 3\nelement e router 3\n"
    "channel a:0 b:1\nchannel b:1 a:0\nchannel b:0 c:1\nchannel c:1 b:0\nchannel c:0 d:1\nchannel d:1 c:0\n"
    "channel d:0 e:1\nchannel e:1 d:0\nchannel e:0 a:1\nchannel a:1 e:0\n"
    "terminal a:2\nterminal b:2\nterminal c:2\nterminal d:2\nterminal e:2\n";

// A one-way ring of three routed clockwise: without a dateline the channel dependencies close a cycle.
std::string ring3(bool dateline) {
  std::string t = "element a router 3\nelement b router 3\nelement c router 3\n"
                  "channel a:0 b:0\nchannel b:1 c:1\nchannel c:0 a:1" + std::string(dateline ? " dateline=0" : "") +
                  "\nterminal a:2\nterminal b:2\nterminal c:2\n";
  const std::string ring = dateline ? " ring=0" : "";
  t += "route a 1 0" + ring + "\nroute a 2 0" + ring + "\nroute b 2 1" + ring + "\nroute b 0 1" + ring + "\n";
  t += std::string("route c 0 0") + (dateline ? " class=1" : "") + "\nroute c 1 0" + (dateline ? " class=1" : "") + "\n";
  return t;
}

bool acyclic(const Interconnect& ic, const RoutingRelation& rf) {
  const VcLayout L(rf.subclasses().count, 1, rf.subclasses(), SubClassSpec{0, -1, {}});
  ChannelDependencyGraph g(ic, rf, L);
  for (int s = 0; s < ic.terminals(); ++s)
    for (int d = 0; d < ic.terminals(); ++d)
      if (ic.graph().terminals()[s].inject.element != ic.eject_element(d))
        g.add_routes(ic.graph().terminals()[s].inject.element,
                     make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), std::vector<uint32_t>{}, 0, 1));
  return g.acyclic();
}

}  // namespace

TEST(GraphFile, ReadsTheDocumentedStatements) {
  const NetworkFile f = parse_network_file(
      "# comment\nname  my  NoC  \nelement r0 router 4   # trailing comment\nelement sw switch 6\n"
      "channel r0:0 sw:3 extra=2 dateline=1\nchannel sw:3 r0:0\n"
      "terminal r0:1 channels=2\nterminal sw:0 sw:1\n");
  EXPECT_EQ(f.name, "my  NoC");
  ASSERT_EQ(f.graph.elements().size(), 2u);
  EXPECT_EQ(f.graph.elements()[0].kind, ElementKind::Router);
  EXPECT_EQ(f.graph.elements()[0].ports, 4);
  EXPECT_EQ(f.graph.elements()[1].kind, ElementKind::Switch);
  EXPECT_EQ(f.graph.elements()[1].ports, 6);
  ASSERT_EQ(f.graph.channels().size(), 2u);
  const GraphChannel& c = f.graph.channels()[0];
  EXPECT_EQ(std::make_tuple(c.from, c.from_port, c.to, c.to_port, c.extra), std::make_tuple(0, 0, 1, 3, 2));
  EXPECT_EQ(f.dateline[0], 1);
  EXPECT_EQ(f.dateline[1], -1);
  EXPECT_EQ(f.dateline_bits, 2);
  ASSERT_EQ(f.graph.terminals().size(), 2u);
  const GraphTerminal& t0 = f.graph.terminals()[0];
  EXPECT_EQ(std::make_tuple(t0.inject.element, t0.inject.port, t0.eject.element, t0.eject.port, t0.channels),
            std::make_tuple(0, 1, 0, 1, 2));
  const GraphTerminal& t1 = f.graph.terminals()[1];
  EXPECT_EQ(std::make_tuple(t1.inject.element, t1.inject.port, t1.eject.element, t1.eject.port), std::make_tuple(1, 0, 1, 1));
  EXPECT_FALSE(f.has_table);
}

TEST(GraphFile, RefusesWithTheLine) {
  const std::string two = "element a router 3\nelement b router 3\n";
  const std::string linked = two + "channel a:0 b:0\nchannel b:0 a:0\n";
  const std::string ok = linked + "terminal a:2\nterminal b:2\n";
  const std::vector<std::pair<std::string, std::string>> cases{
      {two + "channel a:0 c:0\n", "line 3: unknown element 'c'"},
      {two + "channel a:0 b:0\nchannel a:0 b:1\n", "line 4: the output side of a:0 is already used (line 3)"},
      {two + "channel a:0 b:0\nchannel b:1 b:0\n", "line 4: the input side of b:0 is already used (line 3)"},
      {linked + "terminal a:2\nterminal b:0\n", "line 6: the input side of b:0 is already used (line 3)"},
      {two + "channel a:0 b:0\nterminal a:2\nterminal b:2\n", "line 4: terminal 0 cannot be reached from terminal 1 (line 5)"},
      {two + "channel a:3 b:0\n", "line 3: element a has ports 0..2, got port 3"},
      {two + "channel a0 b:0\n", "line 3: expected <element>:<port>, got 'a0'"},
      {two + "channel a:0 b:0 extra=-1\n", "line 3: extra must be a number 0..1024, got '-1'"},
      {two + "channel a:0 b:0 speed=2\n", "line 3: unexpected 'speed=2' (attributes: extra=, dateline=)"},
      {two + "element a switch 2\n", "line 3: element 'a' is declared twice (first at line 1)"},
      {"element a router 257\n", "line 1: ports must be 1..256, got 257"},
      {"element a hub 2\n", "line 1: element kind is router or switch, got 'hub'"},
      {"element a:b router 2\n", "line 1: element names are"},
      {"link a b\n", "line 1: unknown statement 'link'"},
      {ok + "route a 1 0\nroute a 1 0\n", "line 8: a second route at a towards terminal 1 (first at line 7)"},
      {ok + "route a 1 1\nroute b 0 0\n", "line 7: the route at a towards terminal 1 takes port 1, which has no channel"},
      {ok + "route a 1 0\n", "no route at b towards terminal 0 (reached from b)"},
      {ok + "route a 0 0\n", "line 7: terminal 0 ejects at a: a route there is never read"},
      {ok + "route a 1 0\nroute b 0 0\nelement c router 2\n", "line 9: elements come before the routes"},
      {ok + "classes one\nroute a 1 0 class=1\nroute b 0 0\n", "line 7: names 1 classes but the routes use class 1"},
      {ok + "classes x y\n", "line 7: classes name the route table's classes, and there are no routes"},
      {ok + "name a\nname b\n", "line 8: a second name"},
      {two + "terminal a:2\n", "a network needs at least two terminals"},
      {"element a router 2\n\x01\n", "line 2: a control character in the text"},
      {"", "declares no element"},
  };
  for (const auto& [text, want] : cases) {
    const std::string got = refusal(text);
    EXPECT_EQ(got.rfind("topology.file: ", 0), 0u) << got;
    EXPECT_NE(got.find(want), std::string::npos) << "wanted '" << want << "', got '" << got << "'";
  }
  // A table whose routes loop: a -> b -> a towards c, which both could reach.
  const std::string loop = "element a router 3\nelement b router 3\nelement c router 2\n"
                           "channel a:0 b:0\nchannel b:0 a:0\nchannel b:1 c:0\nchannel c:0 b:1\n"
                           "terminal a:2\nterminal b:2\nterminal c:1\n"
                           "route a 1 0\nroute a 2 0\nroute b 0 0\nroute b 2 0\nroute c 0 0\nroute c 1 0\n";
  EXPECT_NE(refusal(loop).find("the routes towards terminal 2 loop through"), std::string::npos) << refusal(loop);
}

// The bounds are checked before the memory they guard: a file of 65,536 one-port elements, or of more
// ports than the reader holds, is refused at the line that passes the bound.
TEST(GraphFile, BoundsBeforeAllocating) {
  std::string many;
  for (int e = 0; e <= kMaxFileElements; ++e) many += "element e" + std::to_string(e) + " switch 1\n";
  EXPECT_NE(refusal(many).find("line 65536: more than 65535 elements"), std::string::npos) << refusal(many);
  std::string wide;
  const int64_t n = kMaxFilePorts / 256 + 1;
  for (int64_t e = 0; e < n; ++e) wide += "element e" + std::to_string(e) + " switch 256\n";
  EXPECT_NE(refusal(wide).find("line " + std::to_string(n) + ": more than 4194304 ports in all"), std::string::npos);
}

// Every family written out (drbsim topology out.network) and read back: the same elements, channels and
// terminals, and the file's route table walks every route exactly as the family's deterministic relation
// does, port and VC class at each hop, with each relation applying its own dateline bits.
TEST(GraphFile, FamiliesWrittenOutAndReadBackRouteTheSame) {
  struct Case {
    std::string kind;
    std::vector<int> k;
    int n;
    RingClasses rings;
    int extra_key;  // concentration or nodes
  };
  const std::vector<Case> cases{
      {"torus", {4, 3}, 2, RingClasses::Dateline, 0},  {"torus", {4, 4}, 2, RingClasses::Balanced, 0},
      {"torus", {5, 5}, 2, RingClasses::Partition, 0}, {"mesh", {4, 3}, 2, RingClasses::Dateline, 0},
      {"hypercube", {2}, 4, RingClasses::Dateline, 0}, {"midimew", {8}, 2, RingClasses::Dateline, 18},
      {"fattree", {4}, 2, RingClasses::Dateline, 0},   {"fattree", {2}, 3, RingClasses::Dateline, 0},
      {"flatfly", {4}, 2, RingClasses::Dateline, 2},   {"ruft", {4}, 2, RingClasses::Dateline, 0},
      {"hybrid", {4}, 2, RingClasses::Dateline, 1},
  };
  for (const Case& c : cases) {
    TopologyParams tp;
    tp.kind = c.kind;
    tp.k = c.k;
    tp.n = c.n;
    if (c.kind == "midimew") tp.nodes = c.extra_key;
    if (c.kind == "flatfly" || c.kind == "hybrid") tp.concentration = c.extra_key;
    const auto ic = make_interconnect(tp);
    RelationParams rp;
    rp.routing.ring_classes = c.rings;
    const auto fam = make_static_relation(*ic, rp);
    std::string note;
    const std::string text = network_file_of(*ic, *fam, note);
    ASSERT_EQ(note, "") << ic->describe();
    const auto back = from_text(text);
    const NetworkGraph &a = ic->graph(), &b = back->graph();
    ASSERT_EQ(a.elements().size(), b.elements().size()) << ic->describe();
    for (size_t e = 0; e < a.elements().size(); ++e) {
      EXPECT_EQ(a.elements()[e].ports, b.elements()[e].ports);
      EXPECT_EQ(a.elements()[e].kind, b.elements()[e].kind);
    }
    ASSERT_EQ(a.channels().size(), b.channels().size());
    for (size_t i = 0; i < a.channels().size(); ++i) {
      const GraphChannel &x = a.channels()[i], &y = b.channels()[i];
      EXPECT_EQ(std::make_tuple(x.from, x.from_port, x.to, x.to_port, x.extra), std::make_tuple(y.from, y.from_port, y.to, y.to_port, y.extra));
    }
    ASSERT_EQ(a.terminals().size(), b.terminals().size());
    for (size_t t = 0; t < a.terminals().size(); ++t) {
      const GraphTerminal &x = a.terminals()[t], &y = b.terminals()[t];
      EXPECT_EQ(std::make_tuple(x.inject.element, x.inject.port, x.eject.element, x.eject.port, x.channels),
                std::make_tuple(y.inject.element, y.inject.port, y.eject.element, y.eject.port, y.channels));
    }
    EXPECT_EQ(back->describe(), ic->describe());
    const auto table = make_relation("table", *back, rp);
    EXPECT_EQ(table->subclasses().count, fam->subclasses().count) << ic->describe();
    RouteSet ra, rb;
    int hops = 0;
    for (int s = 0; s < ic->terminals(); ++s)
      for (int d = 0; d < ic->terminals(); ++d) {
        Header ha = make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), std::vector<uint32_t>{}, 0, 1);
        Header hb = ha;
        for (int e = a.terminals()[s].inject.element; e != ic->eject_element(d); ++hops) {
          fam->route(e, ha, ra);
          table->route(e, hb, rb);
          ASSERT_EQ(ra.n, 1);
          ASSERT_EQ(rb.n, 1);
          ASSERT_EQ(ra.c[0].port, rb.c[0].port) << ic->describe() << " " << s << "->" << d << " at " << e;
          ASSERT_EQ(ra.c[0].sub, rb.c[0].sub) << ic->describe() << " " << s << "->" << d << " at " << e;
          fam->on_hop(e, ra.c[0].port, ha);
          table->on_hop(e, rb.c[0].port, hb);
          e = a.channels()[a.out(e, ra.c[0].port)].to;
        }
      }
    EXPECT_GT(hops, 0);
  }
}

// Trunks: the router picks the member, which a table of single channels cannot state: the graph alone.
TEST(GraphFile, WhatATableCannotStateIsWrittenAsTheGraphAlone) {
  TopologyParams tp;
  tp.k = {4, 4};
  tp.trunk = 2;
  const auto ic = make_interconnect(tp);
  std::string note;
  const std::string text = network_file_of(*ic, *make_static_relation(*ic, {}), note);
  EXPECT_NE(note.find("trunk"), std::string::npos);
  EXPECT_EQ(text.find("\nroute "), std::string::npos);
  EXPECT_EQ(from_text(text)->graph().channels().size(), ic->graph().channels().size());
  // Adaptive relations offer several outputs.
  tp.trunk = 1;
  const auto plain = make_interconnect(tp);
  network_file_of(*plain, *make_relation("adaptive", *plain, {}), note);
  EXPECT_NE(note.find("several outputs"), std::string::npos) << note;
}

// Up*/down* on the five-ring: every route legal (no up channel after a down one) and as long as a
// breadth-first search over (element, phase) states finds — an independent computation — and c reaches e
// by c -> b -> a -> e, not the illegal c -> d -> e.
TEST(UpDown, RoutesAreLegalAndShortestLegal) {
  const auto ic = from_text(kRing5);
  const NetworkGraph& g = ic->graph();
  for (bool adaptive : {false, true}) {
    UpDownRouting rf(*ic, adaptive);
    const int n = ic->elements();
    auto up = [&](int c) { return rf.is_up(c); };
    for (int s = 0; s < n; ++s)
      for (int d = 0; d < n; ++d) {
        if (s == d) continue;
        // BFS over (element, went-down) states on legal moves.
        std::vector<int> dist(2 * n, -1);
        std::deque<int> q{2 * s};
        dist[2 * s] = 0;
        while (!q.empty()) {
          const int st = q.front();
          q.pop_front();
          for (const GraphChannel& c : g.channels()) {
            const int ci = static_cast<int>(&c - &g.channels()[0]);
            if (c.from != st / 2 || (st % 2 && up(ci))) continue;
            const int nx = 2 * c.to + (up(ci) ? 0 : 1);
            if (dist[nx] < 0) dist[nx] = dist[st] + 1, q.push_back(nx);
          }
        }
        const int want = std::min(dist[2 * d] < 0 ? 99 : dist[2 * d], dist[2 * d + 1] < 0 ? 99 : dist[2 * d + 1]);
        Header h = make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), std::vector<uint32_t>{}, 0, 1);
        RouteSet rs;
        int e = s, hops = 0;
        bool went_down = false;
        while (e != d) {
          rf.route(e, h, rs);
          ASSERT_GE(rs.n, 1);
          const int c = g.out(e, rs.c[rs.n - 1].port);  // the last candidate: adaptive offers must be legal too
          EXPECT_FALSE(went_down && up(c)) << s << "->" << d;
          went_down |= !up(c);
          rf.on_hop(e, rs.c[rs.n - 1].port, h);
          e = g.channels()[c].to;
          ASSERT_LE(++hops, n);
        }
        EXPECT_EQ(hops, want) << s << "->" << d;
      }
  }
  UpDownRouting rf(*ic, false);
  Header h = make_data_header(2, 4, std::vector<uint32_t>{}, 0, 1);
  RouteSet rs;
  rf.route(2, h, rs);  // c towards e: port 1 leads to b
  ASSERT_EQ(rs.n, 1);
  EXPECT_EQ(g.channels()[g.out(2, rs.c[0].port)].to, 1);
}

// Deadlock freedom by the channel dependency graph, with its negative control: up*/down* (deterministic
// and adaptive) is acyclic on the ring and on the SoC example; a one-way ring routed by a table without a
// dateline is cyclic, and with dateline classes acyclic.
TEST(UpDown, DeadlockFreeAndATableWithoutDatelineIsNot) {
  for (const std::string& text : {std::string(kRing5), slurp(DRB_SOURCE_DIR "/examples/networks/soc_noc.net")}) {
    const auto ic = from_text(text);
    EXPECT_TRUE(acyclic(*ic, UpDownRouting(*ic, false))) << ic->describe();
    EXPECT_TRUE(acyclic(*ic, UpDownRouting(*ic, true))) << ic->describe();
  }
  const auto bare = from_text(ring3(false));
  EXPECT_FALSE(acyclic(*bare, TableRouting(*bare)));
  const auto classes = from_text(ring3(true));
  EXPECT_TRUE(acyclic(*classes, TableRouting(*classes)));
  EXPECT_EQ(TableRouting(*classes).subclasses().count, 2);
}

// A run on a family and on its network file give the same table rows and the same metrics, exactly.
TEST(GraphFile, ARunOnTheWrittenFileEqualsTheFamilysRun) {
  for (const std::string& family : {std::string("topology.kind=torus topology.k=4"),
                                    std::string("topology.kind=fattree topology.k=4 topology.n=2")}) {
    const std::string net = test_tmp("family.net"), a = test_tmp("a.json"), b = test_tmp("b.json");
    const Exec w = drbsim("topology " + family + " out.network=" + net);
    ASSERT_EQ(w.code, 0) << w.err;
    EXPECT_NE(w.err.find("route table"), std::string::npos) << w.err;
    const std::string run = " traffic.rate=0.3 sim.warmup=500 sim.measure=3000 sweep.traffic.rate=0.1,0.3 out.json=";
    const Exec ra = drbsim(family + run + a);
    const Exec rb = drbsim("topology.kind=file topology.file=" + net + " routing.algorithm=table" + run + b);
    ASSERT_EQ(ra.code, 0) << ra.err;
    ASSERT_EQ(rb.code, 0) << rb.err;
    EXPECT_EQ(ra.out, rb.out);
    const Exec cmp = drbsim("compare " + a + " " + b + " rel=0 abs=0 metrics=all");
    EXPECT_EQ(cmp.code, 0) << cmp.out << cmp.err;
  }
}

TEST(GraphFile, DrbsimRefusesBadFilesWithOneLine) {
  const std::string bad = test_tmp("bad.net"), cyc = test_tmp("cyclic.net"), soc = DRB_SOURCE_DIR "/examples/networks/soc_noc.net";
  std::ofstream(bad) << "element a router 3\nelement a router 3\n";
  std::ofstream(cyc) << ring3(false);
  const std::vector<std::pair<std::string, std::string>> cases{
      {"topology.kind=file topology.file=" + bad, "topology.file: line 2: element 'a' is declared twice"},
      {"topology.kind=file topology.file=" + cyc, "topology.file: the table routes can deadlock"},
      {"topology.kind=file", "topology.file: topology.kind=file needs the network file"},
      {"topology.kind=file topology.file=" + ::testing::TempDir(), "is a directory"},
      {"topology.kind=file topology.file=/dev/zero", "NUL byte"},
      {"topology.kind=torus topology.file=" + soc, "topology.file: has no meaning on a torus"},
      {"topology.kind=file topology.file=" + soc + " routing.algorithm=table", "declares none"},
      {"topology.kind=file topology.file=" + soc + " routing.algorithm=dor", "'dor' is not offered on a network file"},
      {"topology.kind=file topology.file=" + soc + " out.network=" + test_tmp("x.net"), "out.network: written by drbsim topology"},
      {"topology topology.kind=file topology.file=" + soc + " out.network=" + soc, "out.network:"},
  };
  for (const auto& [args, want] : cases) {
    const Exec e = drbsim(args + " sim.measure=200 sim.warmup=0");
    EXPECT_EQ(e.code, 2) << args << ": " << e.err;
    EXPECT_NE(e.err.find(want), std::string::npos) << args << ": " << e.err;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  }
  EXPECT_NE(slurp(soc).find("SoC NoC"), std::string::npos);  // the refused output left the input alone
}

// The SoC example runs under every algorithm a network file offers.
TEST(GraphFile, TheExampleRunsEveryAlgorithmItOffers) {
  for (const char* alg : {"updown", "adaptive", "valiant", "drb", "prdrb", "drb2"}) {
    const Exec e = drbsim(std::string("topology.kind=file topology.file=" DRB_SOURCE_DIR "/examples/networks/soc_noc.net "
                                      "traffic.rate=0.1 sim.warmup=200 sim.measure=2000 routing.algorithm=") + alg);
    EXPECT_EQ(e.code, 0) << alg << ": " << e.err;
  }
}

// drbsim topology draws a network file with its element names, and writes it back out as the same graph.
TEST(GraphFile, DrawnWithItsNamesAndWrittenBackTheSame) {
  const std::string soc = DRB_SOURCE_DIR "/examples/networks/soc_noc.net", dot = test_tmp("soc.dot"), net = test_tmp("soc.net");
  const Exec e = drbsim("topology topology.kind=file topology.file=" + soc + " out.dot=" + dot + " out.network=" + net);
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_NE(slurp(dot).find("e4 [shape=box, label=\"mem (S4)\\n6 ports\"];"), std::string::npos) << slurp(dot);
  EXPECT_NE(e.err.find("graph only"), std::string::npos) << e.err;  // no table to write: up*/down* has a phase
  const auto a = from_text(slurp(soc)), b = from_text(slurp(net));
  EXPECT_EQ(a->describe(), b->describe());
  EXPECT_EQ(a->graph().channels().size(), b->graph().channels().size());
  EXPECT_EQ(a->terminals(), b->terminals());
}
