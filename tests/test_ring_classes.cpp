// SPDX-License-Identifier: Apache-2.0
// Ring VC classes (routing.vc_classes) and random ring ties (routing.tie=random), docs/router-saturation.md.
// Hand-worked classes on an 8-ring; deadlock freedom of every scheme by the CDG test for DOR, the adaptive
// escape VCs and DRB's step groups with their acks, under every tie choice; a negative control whose class
// changes mid-traversal (cyclic); the header's tie bits; and the schemes through whole runs (scoreboard on,
// byte-identical per seed).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "models/blocks/gmr.h"
#include "models/routing/cdg.h"
#include "models/routing/routing.h"
#include "models/topology/kary_ncube.h"
#include "systemc/cosim/rtl_config.h"
#include "tests/support.h"
#include "tests/topologies.h"

using namespace drb;
using test::topo;

namespace {

const SubClassSpec kNone{0, -1, {}};

RoutingParams params(RingClasses c, bool random = false, bool positive = true) {
  RoutingParams p;
  p.ring_classes = c;
  p.tie_random = random;
  p.tie_positive = positive;
  return p;
}

// One hop on an 8x8 torus from (x, 0) to (dx, 0), with the dateline bit of x as given.
struct Hop {
  int x, dx, dateline, port, sub;
};

void expect_hops(RingClasses c, const std::vector<Hop>& hops) {
  auto t = topo("torus", {8, 8});
  auto rf = make_routing("dor", *t, params(c));
  for (const Hop& e : hops) {
    Header h = make_data_header(0, static_cast<uint32_t>(e.dx), {}, 0, 1);
    h.dateline = static_cast<uint16_t>(e.dateline);
    RouteSet rs;
    rf->route(e.x, h, rs);
    ASSERT_EQ(rs.n, 1);
    EXPECT_EQ(rs.c[0].port, e.port) << "x " << e.x << " -> " << e.dx;
    EXPECT_EQ(rs.c[0].sub, e.sub) << "x " << e.x << " -> " << e.dx;
  }
}

// Ports 0 = +x, 1 = -x. The + ring's wrap link is 7 -> 0, the - ring's 0 -> 7.
TEST(RingClasses, DatelineSwitchesAtTheWrapLink) {
  expect_hops(RingClasses::Dateline, {{6, 1, 0, 0, 0},    // 6 -> 7 before the wrap: class 0
                                      {7, 1, 0, 0, 1},    // the wrap link itself: class 1
                                      {0, 1, 1, 0, 1},    // after it (bit set): class 1
                                      {2, 5, 0, 0, 0},    // no wrap on the way
                                      {1, 6, 0, 1, 0},    // 1 -> 0 going -, before the - wrap
                                      {0, 6, 0, 1, 1}});  // 0 -> 7 is the - wrap link
}

TEST(RingClasses, PartitionKeepsClassOneForAWrappingTraversal) {
  expect_hops(RingClasses::Partition, {{6, 1, 0, 0, 1},   // 6 -> 7 -> 0 -> 1 will wrap: class 1 already
                                       {0, 1, 1, 0, 1},   // after the wrap: still 1 (dateline bit)
                                       {2, 5, 0, 0, 0},   // never wraps: class 0
                                       {4, 0, 0, 0, 1},   // the tie 4 -> 0 goes + (positive) and wraps
                                       {1, 6, 0, 1, 1},   // 1 -> 0 -> 7 -> 6 going - wraps
                                       {6, 3, 0, 1, 0}}); // 6 -> 3 going -, no wrap
}

TEST(RingClasses, BalancedPicksTheClassByTheDestinationHalf) {
  // Going +, a traversal ending in [0, 4) (reached across the wrap link) is class 1; going -, one ending
  // in [4, 8). Dateline bits do not matter.
  expect_hops(RingClasses::Balanced, {{6, 1, 0, 0, 1},    // ends at 1: class 1 before the wrap too
                                      {0, 1, 1, 0, 1},
                                      {0, 3, 0, 0, 1},    // 0 -> 3 ends in the low half: class 1
                                      {2, 5, 0, 0, 0},    // ends at 5: class 0 (crosses the 3 -> 4 dateline)
                                      {5, 7, 0, 0, 0},
                                      {1, 6, 0, 1, 1},    // going - to 6: class 1
                                      {6, 3, 0, 1, 0},    // going - to 3: class 0
                                      {7, 5, 1, 1, 1}});  // going - to 5 (upper half): class 1
}

// Partition's class from coordinates equals walking the rest of the traversal over the topology's links and
// asking whether one of them is the wrap link, for every pair (table and computed route alike).
TEST(RingClasses, PartitionClassIsWhetherTheRestOfTheTraversalWraps) {
  for (const std::vector<int>& k : std::vector<std::vector<int>>{{5, 4}, {8, 8}, {2, 3}})
    for (bool table : {true, false}) {
      auto t = topo("torus", k);
      RoutingParams p = params(RingClasses::Partition);
      p.next_hop_table = table;
      auto rf = make_routing("dor", *t, p);
      for (int r = 0; r < t->nodes(); ++r)
        for (int d = 0; d < t->nodes(); ++d) {
          if (r == d) continue;
          const Header h = make_data_header(0, static_cast<uint32_t>(d), {}, 0, 1);
          RouteSet rs;
          rf->route(r, h, rs);
          ASSERT_EQ(rs.n, 1);
          const int port = rs.c[0].port, dim = t->port_dim(port);
          const int hops = std::abs(t->offset(r, d, dim, t->port_sign(port) > 0));
          bool wraps = false;
          for (int i = 0, x = r; i < hops; ++i, x = t->neighbour(x, port).router) wraps |= t->is_wrap(x, port);
          EXPECT_EQ(rs.c[0].sub, wraps ? 1 : 0) << t->describe() << " " << r << " -> " << d << " table " << table;
        }
    }
}

// DOR whose class is taken from the current router's half: it changes in the middle of a traversal, so a
// chain of packets can go round the ring through both classes.
class MidTraversalSwitch : public RoutingFunction {
 public:
  explicit MidTraversalSwitch(const Topology& t) : RoutingFunction(t, RoutingParams{}) {}
  std::string name() const override { return "dor-mid-switch"; }
  SubClassSpec subclasses() const override { return {2, -1, {"c0", "c1"}}; }
  void route(int r, const Header& h, RouteSet& out) const override {
    out.clear();
    int port, sub;
    dor(r, h, port, sub);
    const auto& c = static_cast<const KAryNCube&>(topo_);
    if (port >= 0) out.add(port, c.coord(r, topo_.port_dim(port)) < c.radix(topo_.port_dim(port)) / 2 ? 1 : 0);
  }
};

// Every (src, dst) pair, every tie mask when ties are random; optionally MSPs with one intermediate (all
// of them) and two (sampled) in three step groups, plus early and final acks in their own group.
bool acyclic(const Topology& t, const RoutingFunction& rf, bool random_ties, bool msps, std::string* cyc_text) {
  const SubClassSpec s = rf.subclasses();
  const int steps = msps ? 3 : 1;
  VcLayout L(steps * s.count + (msps ? s.count : 0), steps, s, msps ? s : kNone);
  EXPECT_TRUE(L.ok());
  ChannelDependencyGraph g(t, rf, L);
  const int masks = random_ties ? 1 << t.dims() : 1;
  std::mt19937_64 rng(7);
  const int N = t.nodes();
  for (int m = 0; m < masks; ++m)
    for (int a = 0; a < N; ++a)
      for (int b = 0; b < N; ++b) {
        if (a == b) continue;
        auto add = [&](std::vector<uint32_t> mid, bool ack) {
          Header h = make_data_header(static_cast<uint32_t>(a), static_cast<uint32_t>(b), mid, 0, 1);
          if (ack) h = make_ack_header(h, AckKind::Early, 1);
          h.tie = static_cast<uint16_t>(m);
          g.add_routes(a, h);
        };
        add({}, false);
        if (!msps) continue;
        add({}, true);
        for (int i = 0; i < N; ++i) add({static_cast<uint32_t>(i)}, false);
        for (int j = 0; j < 4; ++j) add({static_cast<uint32_t>(rng() % N), static_cast<uint32_t>(rng() % N)}, false);
      }
  EXPECT_GT(g.edges(), 0u);
  std::vector<int> cyc;
  const bool ok = g.acyclic(&cyc);
  if (!ok && cyc_text)
    for (int x : cyc) *cyc_text += g.channel_name(x) + " ";
  return ok;
}

struct Torus {
  std::vector<int> k;
};
const std::vector<Torus> kTori = {{{4, 4}}, {{8, 8}}, {{5, 5}}, {{6, 3}}, {{4, 4, 4}}, {{2, 2}}, {{3, 3}}};

TEST(RingClasses, EverySchemeAndTieIsDeadlockFreeForDorAndAdaptive) {
  for (const Torus& tk : kTori)
    for (RingClasses c : {RingClasses::Dateline, RingClasses::Partition, RingClasses::Balanced})
      for (int tie = 0; tie < 3; ++tie)
        for (const char* alg : {"dor", "adaptive"}) {
          auto t = topo("torus", tk.k);
          auto rf = make_routing(alg, *t, params(c, tie == 2, tie == 0));
          std::string cyc;
          EXPECT_TRUE(acyclic(*t, *rf, tie == 2, false, &cyc))
              << alg << " on " << t->describe() << " scheme " << int(c) << " tie " << tie << ": " << cyc;
        }
}

TEST(RingClasses, EverySchemeIsDeadlockFreeForDrbStepsAndAcks) {
  for (const Torus& tk : std::vector<Torus>{{{4, 4}}, {{5, 3}}})
    for (RingClasses c : {RingClasses::Dateline, RingClasses::Partition, RingClasses::Balanced})
      for (bool random : {false, true}) {
        auto t = topo("torus", tk.k);
        auto rf = make_routing("dor", *t, params(c, random));
        std::string cyc;
        EXPECT_TRUE(acyclic(*t, *rf, random, true, &cyc))
            << t->describe() << " scheme " << int(c) << (random ? " random" : "") << ": " << cyc;
      }
}

TEST(RingClasses, NegativeClassSwitchedMidTraversalIsCyclic) {
  for (const Torus& tk : std::vector<Torus>{{{8, 8}}, {{6, 6}}}) {
    auto t = topo("torus", tk.k);
    MidTraversalSwitch rf(*t);
    EXPECT_FALSE(acyclic(*t, rf, false, false, nullptr)) << t->describe();
  }
}

TEST(RingClasses, RefusedWhereTheyHaveNoMeaning) {
  auto m = topo("mesh", {4, 4});
  EXPECT_THROW(make_routing("dor", *m, params(RingClasses::Partition)), std::invalid_argument);
  auto mm = topo("midimew", {}, 32);
  EXPECT_THROW(make_routing("dor", *mm, params(RingClasses::Balanced)), std::invalid_argument);
  EXPECT_NO_THROW(make_routing("dor", *mm, params(RingClasses::Partition)));
}

TEST(RingClasses, RandomTieFollowsThePacketsBit) {
  auto t = topo("torus", {8, 8});
  auto rf = make_routing("dor", *t, params(RingClasses::Balanced, true));
  // (0,0) -> (4,4): a tie in both dimensions.
  for (uint16_t m = 0; m < 4; ++m) {
    Header h = make_data_header(0, 4 + 8 * 4, {}, 0, 1);
    h.tie = m;
    RouteSet rs;
    rf->route(0, h, rs);
    ASSERT_EQ(rs.n, 1);
    EXPECT_EQ(rs.c[0].port, (m & 1) ? 0 : 1) << "mask " << m;  // x first: + if bit 0 is set
    h.dest[0] = 0 + 8 * 4;  // x done: the y tie follows bit 1
    rf->route(0, h, rs);
    EXPECT_EQ(rs.c[0].port, (m & 2) ? 2 : 3) << "mask " << m;
  }
}

TEST(RingClasses, HeaderCarriesTieBitsOnlyWhenAsked) {
  LayoutParams p{64, 16, 16, 3, 64};
  EXPECT_EQ(HeaderLayout(p).width(Field::Tie), 0);
  const int without = HeaderLayout(p).total_bits();
  p.tie_bits = true;
  const HeaderLayout L(p);
  EXPECT_EQ(L.width(Field::Tie), 3);
  EXPECT_EQ(L.total_bits(), without + 3);
  Header h = make_data_header(1, 2, {}, 5, 4);
  h.tie = 5;
  EXPECT_EQ(L.decode(L.encode(h)).tie, 5);
  h.tie = 8;
  EXPECT_FALSE(L.fits(h));
}

// Whole runs past saturation: every scheme and tie rule delivers everything (the scoreboard would fail the
// run), and the same seed gives byte-identical results.
TEST(RingClasses, RunsAreConservedAndDeterministic) {
  for (const char* c : {"dateline", "partition", "balanced"})
    for (const char* tie : {"positive", "random"})
      for (const char* alg : {"dor", "adaptive", "drb"}) {
        const std::vector<std::string> kv{"topology.k=6", "routing.algorithm=" + std::string(alg),
                                          "routing.vc_classes=" + std::string(c), "routing.tie=" + std::string(tie),
                                          "router.vcs=6", "traffic.length=4", "traffic.rate=0.6",
                                          "traffic.source_queue=8", "sim.warmup=500", "sim.measure=2000",
                                          "stats.links=false"};
        const auto a = test::run_child(test::scenario(kv));
        ASSERT_FALSE(a.contains("error")) << a.dump();
        EXPECT_GT(a["messages_delivered_total"].get<double>(), 0);
        EXPECT_EQ(a["messages_delivered_total"], a["messages_accepted_total"]) << c << " " << tie << " " << alg;
        const auto b = test::run_child(test::scenario(kv));
        EXPECT_EQ(a.dump(), b.dump()) << c << " " << tie << " " << alg;
      }
}

// The allocator options through whole runs, with every routing family: conserved and deterministic.
TEST(RouterAllocation, IslipAndAgeRunsAreConservedAndDeterministic) {  // VC and switch iSLIP, age
  for (const char* opt : {"router.alloc.sa=islip", "router.alloc.va=islip", "router.arbiter=age"})
    for (const char* alg : {"dor", "adaptive", "drb2"}) {
      const std::vector<std::string> kv{"topology.k=6", "routing.algorithm=" + std::string(alg), opt,
                                        "router.vcs=6", "traffic.length=4", "traffic.rate=0.6",
                                        "traffic.source_queue=8", "sim.warmup=500", "sim.measure=2000",
                                        "stats.links=false", "drb.ack_mode=high_priority"};
      const auto a = test::run_child(test::scenario(kv));
      ASSERT_FALSE(a.contains("error")) << a.dump();
      EXPECT_GT(a["messages_delivered_total"].get<double>(), 0);
      EXPECT_EQ(a["messages_delivered_total"], a["messages_accepted_total"]) << opt << " " << alg;
      EXPECT_EQ(a.dump(), test::run_child(test::scenario(kv)).dump()) << opt << " " << alg;
    }
}

// router.vc_split replaces the default share of the port's VCs among the classes, in layout order.
TEST(VcSplit, SetsTheLayoutAndRefusesSplitsThatLeaveAClassEmpty) {
  const Scenario a = test::scenario({"routing.algorithm=adaptive", "router.vcs=8", "router.vc_split=2,2,4"});
  const SubClassSpec sc = make_routing("adaptive", *topo("torus", {8, 8}), {})->subclasses();
  const VcLayout L(8, 1, sc, kNone, a.net.vc_split);
  ASSERT_TRUE(L.ok());
  EXPECT_EQ(L.describe(), "step0.esc0=0..1, step0.esc1=2..3, step0.adaptive=4..7");
  EXPECT_EQ(VcLayout(8, 1, sc, kNone).describe(), "step0.esc0=0, step0.esc1=1, step0.adaptive=2..7");  // auto
  for (const char* bad : {"router.vc_split=2,2", "router.vc_split=2,2,2", "router.vc_split=0,2,6"}) {
    const auto e = test::drbsim(std::string("routing.algorithm=adaptive router.vcs=8 ") + bad);
    EXPECT_EQ(e.code, 2) << bad;
    EXPECT_NE(e.err.find("router.vc_split"), std::string::npos) << e.err;
  }
  // A run with a split delivers everything and reports the layout it used.
  const auto r = test::run_child(test::scenario({"topology.k=4", "routing.algorithm=drb", "router.vcs=8",
                                                 "router.vc_split=1,3,1,3", "traffic.rate=0.5", "sim.warmup=500",
                                                 "sim.measure=2000", "traffic.source_queue=8", "stats.links=false"}));
  ASSERT_FALSE(r.contains("error")) << r.dump();
  EXPECT_EQ(r["vc_layout"], "step0.dl0=0, step0.dl1=1..3, step1.dl0=4, step1.dl1=5..7");
  EXPECT_EQ(r["messages_delivered_total"], r["messages_accepted_total"]);
}

// Options the Verilated blocks do not implement are refused in RTL mode, naming the reason.
TEST(RouterAllocation, RtlModeRefusesWhatItDoesNotModel) {
  if (!cosim::rtl_built()) GTEST_SKIP() << "this build has no RTL (DRB_NO_RTL): every RTL key is refused for that";
  for (const char* opt : {"router.alloc.sa=islip", "router.arbiter=age", "routing.tie=random"}) {
    const auto e = test::drbsim(std::string("router.blocks.all=rtl sim.measure=100 ") + opt);
    EXPECT_EQ(e.code, 2) << opt << ": " << e.err;
    const std::string key = std::string(opt).substr(0, std::string(opt).find('='));
    EXPECT_NE(e.err.find(key), std::string::npos) << e.err;
  }
}

}  // namespace
