// SPDX-License-Identifier: Apache-2.0
// Every new fabric under load (conservation at twice saturation), Valiant and DRB on them (helpers in
// tests/fabrics.h).
#include <gtest/gtest.h>

#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

TEST(Fabrics, ConservationAtTwiceSaturation) { overload_all(100000); }

// Valiant on the new fabrics: each of the two steps on its own VC group with the family's deterministic
// relation; DEC pops the intermediate where that terminal ejects. Every (source, intermediate,
// destination) walk keeps the graph acyclic (the step groups are the mechanism the direct networks' DRB
// and Valiant CDG tests already check with their controls).
TEST(Fabrics, ValiantCdgAcyclic) {
  std::vector<std::unique_ptr<Interconnect>> ics;
  ics.push_back(tree(2, 3));
  ics.push_back(build("flatfly", 3, 2, 2));
  ics.push_back(hybrid(4, 2, "crossbar", 1));
  ics.push_back(hybrid(4, 2, "fattree", 2));
  for (const auto& ic : ics) {
    const auto rf = make_relation("valiant", *ic, {});
    {
      VcLayout L(2 * rf->subclasses().count, 2, rf->subclasses(), SubClassSpec{0, -1, {}});
      ChannelDependencyGraph g(*ic, *rf, L);
      const int N = ic->terminals();
      for (int a = 0; a < N; ++a)
        for (int b = 0; b < N; ++b)
          for (int i = 0; i < N; ++i) {
            if (a == b || i == a || i == b) continue;
            const Header h = make_data_header(a, b, std::vector<uint32_t>{static_cast<uint32_t>(i)}, 0, 1);
            g.add_routes(ic->graph().terminals()[a].inject.element, h);
          }
      std::vector<int> cyc;
      EXPECT_TRUE(g.acyclic(&cyc)) << ic->describe();
    }
  }
}

// DRB on the graph families: sga/dga supernodes by graph distance, candidate MSPs walked over the graph.
// On a fat-tree sga:2 is S's stage-1 subtree (the terminals within 2 channels), on a crossbar hybrid the
// routers of S's lines; every candidate of every channel, with its three step groups and the ack group,
// keeps the CDG acyclic.
TEST(Fabrics, DrbSupernodesAndMetapathsOnTheGraph) {
  const auto ft = tree(4, 3);
  std::string err;
  SupernodeSpec sga2;
  ASSERT_TRUE(parse_supernode("sga:2", sga2, err)) << err;
  const auto sn = GraphSupernodes::make(*ft, sga2, err);
  ASSERT_TRUE(sn) << err;
  for (int s : {0, 21, 63}) {
    std::vector<int> want;
    for (int t = 0; t < 64; ++t)
      if (t / 16 == s / 16) want.push_back(t);  // the stage-1 subtree: 16 terminals (turn stage <= 1)
    EXPECT_EQ(sn->sets(s, (s + 32) % 64).src, want) << s;
    EXPECT_EQ(sn->distance(s, (s + 32) % 64), 4);
  }
  const auto hy = hybrid(4, 2, "crossbar", 1);
  const auto hsn = GraphSupernodes::make(*hy, sga2, err);
  for (int s : {0, 5, 15}) {
    std::vector<int> want;
    for (int t = 0; t < 16; ++t)
      if (t % 4 == s % 4 || t / 4 == s / 4) want.push_back(t);  // S's row and column
    EXPECT_EQ(hsn->sets(s, (s + 10) % 16).src, want) << s;
  }
  SupernodeSpec row;
  ASSERT_TRUE(parse_supernode("row:4", row, err));
  EXPECT_FALSE(GraphSupernodes::make(*ft, row, err));
  EXPECT_EQ(err.rfind("drb.supernode:", 0), 0u) << err;

  for (auto [ic, family] : {std::pair{ft.get(), "sga:2"}, std::pair{hy.get(), "dga:2"}}) {
    const auto rf = make_relation("drb", *ic, {});
    const auto ack = make_static_relation(*ic, {});
    SupernodeSpec spec;
    ASSERT_TRUE(parse_supernode(family, spec, err));
    const auto d = GraphSupernodes::make(*ic, spec, err);
    VcLayout L(4, 3, rf->subclasses(), ack->subclasses());
    ChannelDependencyGraph g(*ic, *rf, L);
    const int N = ic->terminals();
    int walks = 0;
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b) {
        if (a == b) continue;
        for (const CandidateMsp& m : graph_candidate_msps(*ic, *rf, d->sets(a, b), a, b)) {
          std::vector<uint32_t> inter(m.node, m.node + m.n);
          EXPECT_EQ(m.hops, walk_graph_path(*ic, *rf, a, inter, b, [](int) {}));
          const Header h = make_data_header(a, b, inter, 0, 1);
          g.add_routes(ic->graph().terminals()[a].inject.element, h);
          ++walks;
        }
        Header ackh = make_ack_header(make_data_header(a, b, nullptr, 0, 0, 1), AckKind::Final, 1);
        g.add_routes(ic->graph().terminals()[b].inject.element, ackh);
      }
    EXPECT_GT(walks, N * (N - 1));  // alternatives exist
    std::vector<int> cyc;
    EXPECT_TRUE(g.acyclic(&cyc)) << ic->describe();
  }
}

// The metapath study on the graph, worked by hand on the 4-ary 3-tree from terminal 0: 3 terminals share its
// leaf (left out), 12 are 2 channels away (same stage-1 subtree), 48 are 4 away: static 216/60 = 3.6.
// sga:2 = the 16 terminals of the subtree: for d outside, L = (4 x 4 + 12 x (2 + 4)) / 16 = 5.5; for d
// inside, L = (4 x 2 + 4 x 2 + 8 x 4) / 16 = 3: (48 x 5.5 + 12 x 3) / 60 = 5. random = all 64: by symmetry
// L = 2 x 216 / 64 = 6.75. Link use (up port = k + the destination's digit at that stage): static uses 1 of
// the 4 up channels of 0's leaf and 1 of the 4 down channels into d's leaf (0.25); sga:2's legs 0 -> i
// leave on all 4 (i's digit 0 takes every value) and enter d's leaf on one channel when d is outside the
// subtree (48 x 1), on 4 when inside (the legs 0 -> i into d's leaf: 12 x 4): (240 + 96) / 480 = 0.7.
TEST(Fabrics, MetapathStudyOnTheGraphByHand) {
  const auto ft = tree(4, 3);
  const auto rf = make_static_relation(*ft, {});
  std::string err;
  struct Want {
    const char* family;
    double avg, elong, link_use, link_src, link_dst;
  };
  for (const Want& w : {Want{"static", 3.6, 0, 0.25, 0.25, 0.25}, Want{"sga:2", 5.0, 100 * (5.0 / 3.6 - 1), 0.7, 1.0, 0.4},
                        Want{"random", 6.75, 100 * (6.75 / 3.6 - 1), 1.0, 1.0, 1.0}}) {
    SupernodeSpec spec;
    ASSERT_TRUE(parse_supernode(w.family, spec, err)) << err;
    const auto sn = GraphSupernodes::make(*ft, spec, err);
    ASSERT_TRUE(sn) << err;
    const MetapathStudyRow r = run_metapath_study(*graph_world(*ft, *rf, *sn));
    EXPECT_EQ(r.included, 60) << w.family;
    EXPECT_NEAR(r.static_distance, 3.6, 1e-12) << w.family;
    EXPECT_NEAR(r.average_distance, w.avg, 1e-12) << w.family;
    EXPECT_NEAR(r.elongation_pct, w.elong, 1e-9) << w.family;
    EXPECT_NEAR(r.link_use, w.link_use, 1e-12) << w.family;
    EXPECT_NEAR(r.link_use_src, w.link_src, 1e-12) << w.family;
    EXPECT_NEAR(r.link_use_dst, w.link_dst, 1e-12) << w.family;
  }
  // drbsim metapaths on every graph family DRB runs on; a RUFT is refused naming the key.
  for (const std::string a : {"topology.kind=fattree topology.k=4 topology.n=2 drb.supernode=sga:2",
                              "topology.kind=hybrid topology.k=4 topology.n=2 topology.subnet=fattree topology.stages=2 drb.supernode=dga:2",
                              "topology.kind=flatfly topology.k=4 topology.n=2 topology.concentration=2 drb.supernode=sga:1"}) {
    const Exec e = drbsim("metapaths " + a);
    EXPECT_EQ(e.code, 0) << a << ": " << e.err;
    EXPECT_NE(e.out.find("\"link_use\""), std::string::npos) << e.out;
  }
  const Exec ruft = drbsim("metapaths topology.kind=ruft topology.k=2 topology.n=3");
  EXPECT_EQ(ruft.code, 2);
  EXPECT_EQ(ruft.err.rfind("drbsim: error: topology.kind:", 0), 0u) << ruft.err;
}

// DRB runs on the graph families: every message delivered, in order after reorder (the scoreboard is on).
TEST(Fabrics, DrbDeliversOnTheGraphFamilies) {
  for (const std::string a : {"topology.kind=fattree topology.k=4 topology.n=3 drb.supernode=sga:2",
                              "topology.kind=hybrid topology.k=4 topology.n=2 topology.subnet=fattree drb.supernode=dga:2",
                              "topology.kind=flatfly topology.k=4 topology.n=2 topology.concentration=2 drb.supernode=sga:1"}) {
    char path[] = "/tmp/drb-fabrics-XXXXXX";
    close(mkstemp(path));
    const Exec e = drbsim(a + " routing.algorithm=drb router.vcs=4 traffic.pattern=bitrev traffic.rate=0.4 "
                              "traffic.length=8 traffic.source_queue=16 sim.warmup=2000 sim.measure=20000 "
                              "sim.progress=off out.json=" + path);
    std::ifstream in(path);
    const auto j = nlohmann::json::parse(in);
    std::remove(path);
    ASSERT_EQ(e.code, 0) << a << ": " << e.err;
    const auto& r = j["runs"][0]["result"];
    EXPECT_EQ(r["messages_accepted_total"], r["messages_delivered_total"]) << a;
    EXPECT_GT(r["events"]["acks_sent"].get<int>(), 0) << a;
  }
  const Exec f = drbsim("topology.kind=flatfly topology.k=4 topology.n=2 routing.algorithm=drb2 router.vcs=4 "
                        "drb.supernode=sga:1 traffic.rate=0.3 sim.warmup=1000 sim.measure=5000 sim.progress=off");
  EXPECT_EQ(f.code, 0) << f.err;
}

TEST(FabricsLong, ConservationAtTwiceSaturation) { overload_all(1000000); }


// GMR's threshold reads the mean terminal distance, computed one search per injection element without the
// table: the same number as the mean over the table's pairs, on families with several terminals per
// element (flattened butterfly with concentration 3, hybrids) and with injection and ejection at different
// elements (RUFT).
TEST(Fabrics, MeanTerminalDistanceIsTheTablesMean) {
  std::vector<std::unique_ptr<Interconnect>> ics;
  ics.push_back(tree(4, 3));
  ics.push_back(build("flatfly", 3, 2, 3));
  ics.push_back(build("ruft", 3, 2, 1));
  ics.push_back(hybrid(4, 2, "crossbar", 1));
  ics.push_back(hybrid(4, 2, "ruft", 2));
  for (const auto& ic : ics) {
    std::string err;
    const auto sn = GraphSupernodes::make(*ic, SupernodeSpec{}, err);
    ASSERT_TRUE(sn) << err;
    const int N = ic->terminals();
    double sum = 0;
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b) sum += a == b ? 0 : sn->distance(a, b);
    EXPECT_DOUBLE_EQ(mean_terminal_distance(*ic), sum / (static_cast<double>(N) * (N - 1))) << ic->describe();
  }
}

}  // namespace

namespace {

// RelationNeeds::multipath is what the front end reads to allow power saving on a fat-tree (an up-link may
// go off only where another up port still reaches the destination). Measured here from the relation's own
// candidate sets: some element offers two distinct output ports towards one destination.
bool offers_two_ports(const Interconnect& ic, const RoutingRelation& rf) {
  const RelationNeeds nd = rf.needs();
  const auto& terms = ic.graph().terminals();
  for (int e = 0; e < static_cast<int>(ic.graph().elements().size()); ++e)
    for (int b = 0; b < ic.terminals(); ++b) {
      if (terms[b].eject.element == e) continue;
      const Header h = make_data_header(b == 0 ? 1 : 0, b, nullptr, 0, 0, 1);
      RouteSet rs;
      if (nd.input_port) rf.route_from(e, -1, h, rs);
      else if (nd.input_class) rf.route_in(e, -1, h, rs);
      else rf.route(e, h, rs);
      std::set<int> ports;
      for (int i = 0; i < rs.n; ++i) ports.insert(rs.c[i].port);
      if (ports.size() > 1) return true;
    }
  return false;
}

TEST(Fabrics, MultipathDeclaredWhereTwoPortsAreOffered) {
  struct Case {
    std::unique_ptr<Interconnect> ic;
    std::vector<const char*> algs;
  };
  std::vector<Case> cases;
  auto direct = [](const char* kind, std::vector<int> k) {
    TopologyParams p;
    p.kind = kind;
    p.k = std::move(k);
    return make_interconnect(p);
  };
  cases.push_back({direct("mesh", {4, 4}), {"dor", "adaptive", "negative_first", "valiant"}});
  cases.push_back({direct("mesh", {5}), {"dor", "adaptive"}});
  cases.push_back({direct("torus", {4, 4}), {"dor", "adaptive"}});
  cases.push_back({direct("torus", {4}), {"adaptive"}});  // a ring's tie: both directions
  cases.push_back({tree(4, 2), {"updown", "adaptive", "drb"}});
  cases.push_back({build("flatfly", 3, 2, 2), {"dor", "adaptive"}});
  cases.push_back({hybrid(4, 2, "crossbar", 1), {"dor", "adaptive"}});
  int multi = 0, single = 0;
  for (const auto& c : cases)
    for (const char* alg : c.algs) {
      const auto rf = make_relation(alg, *c.ic, {});
      const bool offered = offers_two_ports(*c.ic, *rf);
      EXPECT_EQ(rf->needs().multipath, offered) << alg << " on " << c.ic->describe();
      (offered ? multi : single) += 1;
    }
  // Both sides of the rule are exercised: adaptive relations offer two ports, deterministic ones one.
  EXPECT_GE(multi, 5);
  EXPECT_GE(single, 5);
}

}  // namespace
