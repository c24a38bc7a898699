// SPDX-License-Identifier: Apache-2.0
// Deadlock freedom: the channel dependency graph (built by walking the routing functions through DEC) is
// acyclic for DOR with datelines and for adaptive routing's escape sub-network (Duato's extended graph),
// per step group for multistep (DRB) paths. Negative controls show the check does find cycles: DOR without
// datelines, an escape ring without a dateline, fully adaptive routing without an escape, and multistep
// paths that stay in one class group.
#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "models/blocks/gmr.h"
#include "models/routing/cdg.h"
#include "models/routing/routing.h"
#include "tests/topologies.h"
#include "models/topology/topology.h"

using namespace drb;

namespace {

const SubClassSpec kNone{0, -1, {}};

using test::topo;

// DOR that ignores datelines: one class for every hop. Deadlocks on rings longer than 3.
class NoDatelineDor : public RoutingFunction {
 public:
  explicit NoDatelineDor(const Topology& t) : RoutingFunction(t, RoutingParams{}) {}
  std::string name() const override { return "dor-no-dateline"; }
  SubClassSpec subclasses() const override { return {1, -1, {"one"}}; }
  void route(int r, const Header& h, RouteSet& out) const override {
    out.clear();
    int port, sub;
    dor(r, h, port, sub);
    if (port >= 0) out.add(port, 0);
  }
};

// Adaptive routing whose escape VC is always dateline class 0: the escape rings have no dateline.
class NoDatelineEscape : public AdaptiveRouting {
 public:
  explicit NoDatelineEscape(const Topology& t) : AdaptiveRouting(t, RoutingParams{}) {}
  void route(int r, const Header& h, RouteSet& out) const override {
    AdaptiveRouting::route(r, h, out);
    if (out.n > 0) out.c[out.n - 1].sub = 0;
  }
};

// Minimal fully adaptive routing where every VC counts as escape: no deadlock-free sub-network.
class NoEscape : public AdaptiveRouting {
 public:
  explicit NoEscape(const Topology& t) : AdaptiveRouting(t, RoutingParams{}) {}
  bool is_escape(int) const override { return true; }
};

// "r12.+x.c1" -> (router, port, class), through the topology's port names.
struct Chan {
  int r, p, cls;
};
Chan parse(const Topology& t, const std::string& name) {
  Chan c{-1, -1, -1};
  const size_t a = name.find('.'), b = name.rfind(".c");
  c.r = std::stoi(name.substr(1, a - 1));
  const std::string pn = name.substr(a + 1, b - a - 1);
  for (int p = 0; p < t.ports(); ++p)
    if (t.port_name(p) == pn) c.p = p;
  c.cls = std::stoi(name.substr(b + 2));
  return c;
}

// A reported cycle must be a closed chain of physically consecutive channels (for relations whose edges
// are direct hops), in one orientation or the other.
void expect_physical_cycle(const Topology& t, const ChannelDependencyGraph& g, const std::vector<int>& cyc) {
  ASSERT_GE(cyc.size(), 2u);
  std::vector<Chan> c;
  for (int x : cyc) {
    c.push_back(parse(t, g.channel_name(x)));
    ASSERT_GE(c.back().p, 0) << g.channel_name(x);
  }
  auto linked = [&](const Chan& a, const Chan& b) { return t.neighbour(a.r, a.p).router == b.r; };
  bool fwd = true, bwd = true;
  for (size_t i = 0; i < c.size(); ++i) {
    const Chan& x = c[i];
    const Chan& y = c[(i + 1) % c.size()];
    fwd = fwd && linked(x, y);
    bwd = bwd && linked(y, x);
  }
  EXPECT_TRUE(fwd || bwd) << "reported cycle is not a chain of consecutive channels";
}

std::string cycle_text(const ChannelDependencyGraph& g, const std::vector<int>& cyc) {
  std::ostringstream s;
  for (int x : cyc) s << g.channel_name(x) << " ";
  return s.str();
}

// Single-step CDG over all (src, dst) pairs with the smallest legal VC layout.
struct Result {
  bool acyclic;
  size_t edges;
  std::string cycle;
};
Result single_step(const Topology& t, const RoutingFunction& rf, bool check_cycle_links = false) {
  VcLayout L(rf.subclasses().count, 1, rf.subclasses(), kNone);
  EXPECT_TRUE(L.ok());
  ChannelDependencyGraph g(t, rf, L);
  int walks = 0;
  for (int s = 0; s < t.nodes(); ++s)
    for (int d = 0; d < t.nodes(); ++d)
      if (s != d) {
        g.add_routes(s, make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), {}, 0, 1));
        ++walks;
      }
  EXPECT_EQ(g.routes_walked(), walks);
  EXPECT_EQ(g.channels(), t.nodes() * t.ports() * L.classes());
  std::vector<int> cyc;
  const bool ok = g.acyclic(&cyc);
  if (!ok && check_cycle_links) expect_physical_cycle(t, g, cyc);
  return {ok, g.edges(), ok ? "" : cycle_text(g, cyc)};
}

void expect_acyclic(const Topology& t, const std::string& algo, const RoutingParams& rp = {}) {
  auto rf = make_routing(algo, t, rp);
  const Result r = single_step(t, *rf);
  EXPECT_TRUE(r.acyclic) << algo << " on " << t.describe() << ": cycle " << r.cycle;
  // A graph with no edges would be trivially acyclic; every instance here has multi-hop routes.
  EXPECT_GT(r.edges, 0u) << algo << " on " << t.describe();
}

struct Inst {
  std::string kind;
  std::vector<int> k;
  int n;
};
const std::vector<Inst> kSmall = {{"torus", {4, 4}, 0},    {"mesh", {4, 4}, 0},   {"hypercube", {}, 3},
                                  {"torus", {3, 3}, 0},    {"torus", {2, 2}, 0},  {"torus", {5, 3}, 0},
                                  {"torus", {4, 4, 4}, 0}, {"torus", {2, 2, 2}, 0}, {"mesh", {3, 5}, 0},
                                  {"hypercube", {}, 4}};

// Multistep headers: MSPs src -> [i1] -> [i2] -> dst for all pairs. Every i1 for one intermediate (or
// `samples` random ones if !all_single) and `samples` random (i1, i2) per pair for two; as_ack puts every
// step in the ack group (one class group).
void add_msp_routes(ChannelDependencyGraph& g, int N, int samples, bool as_ack, uint64_t seed,
                    bool all_single = true) {
  std::mt19937_64 rng(seed);
  for (int s = 0; s < N; ++s)
    for (int d = 0; d < N; ++d) {
      if (s == d) continue;
      auto add = [&](std::vector<uint32_t> mid) {
        Header h = make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), mid, 0, 1);
        if (as_ack) h.tclass = TrafficClass::Ack;
        g.add_routes(s, h);
      };
      add({});
      if (all_single) {
        for (int i = 0; i < N; ++i) add({static_cast<uint32_t>(i)});
      } else {
        for (int j = 0; j < samples; ++j) add({static_cast<uint32_t>(rng() % N)});
      }
      for (int j = 0; j < samples; ++j)
        add({static_cast<uint32_t>(rng() % N), static_cast<uint32_t>(rng() % N)});
    }
}

}  // namespace

TEST(Cdg, DorAcyclicSmallInstances) {
  for (const Inst& i : kSmall) {
    auto t = topo(i.kind, i.k, i.n);
    expect_acyclic(*t, "dor");
    expect_acyclic(*t, "dor", {{}, false});
  }
  for (int N : {8, 16, 32}) expect_acyclic(*topo("midimew", {}, N), "dor");
  auto t = topo("torus", {4, 4});
  expect_acyclic(*t, "dor", {{1, 0}, true});
}

TEST(Cdg, AdaptiveEscapeAcyclicSmallInstances) {
  for (const Inst& i : kSmall) {
    auto t = topo(i.kind, i.k, i.n);
    expect_acyclic(*t, "adaptive");
    expect_acyclic(*t, "adaptive", {{}, false});
  }
}

TEST(Cdg, AdaptiveOnMidimewIsRefusedBecauseItsEscapeGraphIsCyclic) {
  // Both jumps move along the same numeric circle, so an adaptive -b hop can take a packet back behind an
  // escape channel of the (b-1) ring it already used, in the same dateline class (C_32(3,4): 2->4 takes
  // +3 at r2, -4 to r1, +3 at r1; with 3->5, 1->3 and 0->2 this closes r0->r3->r2->r1->r0 in class 0).
  // The relation is therefore refused, and the graph shows why.
  for (int N : {16, 32}) {
    auto t = topo("midimew", {}, N);
    EXPECT_THROW(make_routing("adaptive", *t, {}), std::invalid_argument);
    const AdaptiveRouting rf(*t, {});
    VcLayout lay(8, 1, rf.subclasses(), {0, -1, {}});
    ChannelDependencyGraph g(*t, rf, lay);
    for (int s = 0; s < N; ++s)
      for (int d = 0; d < N; ++d)
        if (s != d) g.add_routes(s, make_data_header(s, d, {}, 0, 1));
    EXPECT_FALSE(g.acyclic()) << t->describe();
  }
}

TEST(Cdg, NegativeDorWithoutDatelinesIsCyclic) {
  auto t = topo("torus", {4, 4});
  NoDatelineDor rf(*t);
  const Result r = single_step(*t, rf, /*check_cycle_links=*/true);
  EXPECT_FALSE(r.acyclic) << "a 4-ring with one VC class must deadlock";
  // Same on a 1-D ring of 5 and a 3-D torus.
  auto ring = topo("torus", {5});
  EXPECT_FALSE(single_step(*ring, NoDatelineDor(*ring), true).acyclic);
  auto t3 = topo("torus", {4, 4, 4});
  EXPECT_FALSE(single_step(*t3, NoDatelineDor(*t3), true).acyclic);
  // Controls of the control: without wrap links one class is enough, and on a 3-ring every route makes
  // at most one hop per dimension, so no ring dependency can form either.
  auto m = topo("mesh", {4, 4});
  EXPECT_TRUE(single_step(*m, NoDatelineDor(*m)).acyclic);
  auto t33 = topo("torus", {3, 3});
  EXPECT_TRUE(single_step(*t33, NoDatelineDor(*t33)).acyclic);
}

TEST(Cdg, NegativeEscapeWithoutDatelineIsCyclic) {
  for (auto k : std::vector<std::vector<int>>{{4, 4}, {5, 5}, {8}}) {
    auto t = topo("torus", k);
    NoDatelineEscape rf(*t);
    const Result r = single_step(*t, rf);
    EXPECT_FALSE(r.acyclic) << t->describe();
  }
  auto mw = topo("midimew", {}, 16);
  EXPECT_FALSE(single_step(*mw, NoDatelineEscape(*mw)).acyclic);
}

TEST(Cdg, NegativeAdaptiveWithoutEscapeIsCyclic) {
  // Every minimal turn is allowed for some packet: the four turns around a mesh square close a cycle.
  auto m = topo("mesh", {4, 4});
  const Result r = single_step(*m, NoEscape(*m), true);
  EXPECT_FALSE(r.acyclic);
  auto h = topo("hypercube", {}, 3);
  EXPECT_FALSE(single_step(*h, NoEscape(*h), true).acyclic);
}

TEST(Cdg, MultistepDorPerStepGroupsAcyclic) {
  for (auto inst : std::vector<Inst>{{"torus", {4, 4}, 0}, {"mesh", {4, 4}, 0}, {"hypercube", {}, 4},
                                     {"midimew", {}, 16}}) {
    auto t = topo(inst.kind, inst.k, inst.n);
    auto rf = make_routing("dor", *t, {});
    const SubClassSpec s = rf->subclasses();
    VcLayout L(3 * s.count, 3, s, kNone);
    ASSERT_TRUE(L.ok());
    ChannelDependencyGraph g(*t, *rf, L);
    add_msp_routes(g, t->nodes(), 16, false, 11);
    std::vector<int> cyc;
    EXPECT_TRUE(g.acyclic(&cyc)) << t->describe() << ": " << cycle_text(g, cyc);
    EXPECT_GT(g.edges(), 0u);
  }
}

TEST(Cdg, MultistepAdaptivePerStepGroupsAcyclic) {
  auto t = topo("torus", {4, 4});
  auto rf = make_routing("adaptive", *t, {});
  const SubClassSpec s = rf->subclasses();
  VcLayout L(3 * s.count, 3, s, kNone);
  ASSERT_TRUE(L.ok());
  ChannelDependencyGraph g(*t, *rf, L);
  add_msp_routes(g, t->nodes(), 16, false, 12);
  std::vector<int> cyc;
  EXPECT_TRUE(g.acyclic(&cyc)) << cycle_text(g, cyc);
}

TEST(Cdg, MultistepWithAckGroupAcyclic) {
  // Data MSPs in three step groups plus the acks they generate (final at the destination, early at any
  // router of the path) in their own group: still acyclic.
  auto t = topo("torus", {4, 4});
  auto rf = make_routing("dor", *t, {});
  const SubClassSpec s = rf->subclasses();
  VcLayout L(8, 3, s, s);
  ASSERT_TRUE(L.ok());
  ChannelDependencyGraph g(*t, *rf, L);
  add_msp_routes(g, 16, 8, false, 13);
  for (int from = 0; from < 16; ++from)
    for (int origin = 0; origin < 16; ++origin)
      if (from != origin)
        g.add_routes(from, make_ack_header(make_data_header(static_cast<uint32_t>(origin), 0, {}, 0, 1),
                                           AckKind::Early, 1));
  std::vector<int> cyc;
  EXPECT_TRUE(g.acyclic(&cyc)) << cycle_text(g, cyc);
}

TEST(Cdg, NegativeMultistepInOneGroupIsCyclic) {
  // The CDG takes an ack's class group from its class, not its step, so an MSP header marked as an ack
  // keeps every step in the one ack group: the per-step separation is gone.
  for (auto inst : std::vector<Inst>{{"torus", {4, 4}, 0}, {"mesh", {4, 4}, 0}}) {
    auto t = topo(inst.kind, inst.k, inst.n);
    auto rf = make_routing("dor", *t, {});
    const SubClassSpec s = rf->subclasses();
    VcLayout L(2 * s.count, 1, s, s);
    ASSERT_TRUE(L.ok());
    ASSERT_EQ(L.ack_group(), 1);
    // Control: the direct routes alone, in the ack group, are acyclic.
    ChannelDependencyGraph direct(*t, *rf, L);
    for (int a = 0; a < t->nodes(); ++a)
      for (int b = 0; b < t->nodes(); ++b)
        if (a != b) {
          Header h = make_data_header(static_cast<uint32_t>(a), static_cast<uint32_t>(b), {}, 0, 1);
          h.tclass = TrafficClass::Ack;
          direct.add_routes(a, h);
        }
    EXPECT_TRUE(direct.acyclic()) << t->describe();
    ChannelDependencyGraph msp(*t, *rf, L);
    add_msp_routes(msp, t->nodes(), 0, true, 0);  // every one-intermediate MSP
    std::vector<int> cyc;
    EXPECT_FALSE(msp.acyclic(&cyc)) << t->describe() << ": MSP steps sharing one class group";
    if (!cyc.empty()) expect_physical_cycle(*t, msp, cyc);
  }
}

TEST(Cdg, LongDorAndAdaptiveLarger) {
  auto t = topo("torus", {8, 8});
  expect_acyclic(*t, "dor");
  expect_acyclic(*t, "dor", {{}, false});
  expect_acyclic(*t, "adaptive");
  auto t3 = topo("torus", {4, 4, 8});
  expect_acyclic(*t3, "adaptive");
  for (int N : {64, 128, 256}) expect_acyclic(*topo("midimew", {}, N), "dor");
  auto h = topo("hypercube", {}, 6);
  expect_acyclic(*h, "adaptive");
}

TEST(Cdg, LongMultistep8x8) {
  for (const char* algo : {"dor", "adaptive"}) {
    auto t = topo("torus", {8, 8});
    auto rf = make_routing(algo, *t, {});
    const SubClassSpec s = rf->subclasses();
    VcLayout L(3 * s.count, 3, s, kNone);
    ChannelDependencyGraph g(*t, *rf, L);
    add_msp_routes(g, t->nodes(), 4, false, 21, /*all_single=*/false);
    std::vector<int> cyc;
    EXPECT_TRUE(g.acyclic(&cyc)) << algo << ": " << cycle_text(g, cyc);
  }
}

TEST(Cdg, LongMidimew1024Dor) {
  // The thesis's 1024-node midimew, C_1024(22, 23): DOR with datelines over all ~10^6 pairs.
  expect_acyclic(*topo("midimew", {}, 1024), "dor");
}
