// The k-ary n-tree fat-tree (models/topology/fat_tree.h) and its routing (models/routing/fat_tree_routing.h):
// counts worked by hand, the wiring against the ancestor rule, every pair routed with the minimal hop count,
// the load-balancing property of updown, CDG acyclicity with a cyclic negative control, zero-load latency
// equal to the pipeline formula, conservation without stall at twice saturation, and the refusals.
// Expected values come from digit arithmetic written here, not from the classes under test.
#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>

#include "models/routing/cdg.h"
#include "models/routing/fat_tree_routing.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"
#include "systemc/fabric/fabric.h"
#include "tests/ledger.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

int ipow(int k, int e) {
  int x = 1;
  while (e-- > 0) x *= k;
  return x;
}

// Stage of the nearest common ancestors: the first e at which a and b fall in the same k^(e+1) block.
int turn(int k, int a, int b) {
  int e = 0;
  while (a / ipow(k, e + 1) != b / ipow(k, e + 1)) ++e;
  return e;
}

std::unique_ptr<Interconnect> tree(int k, int n) {
  TopologyParams p;
  p.kind = "fattree";
  p.k = {k};
  p.n = n;
  return make_interconnect(p);
}

// By hand:
// - 4-ary 2-tree: 16 terminals; 2 stages x 16/4 = 8 switches of 8 ports; links only between the stages:
//   4 switches x 4 up ports, each two channels = 32; switching elements 8 x 8^2 = 512; a terminal has 3
//   others on its leaf (0 channels) and 12 under other leaves (up to the root stage and down: 2), so the
//   mean is 24/15 = 1.6 and the diameter 2; a leaf has 4 up links, so 3 faults are survived.
// - 2-ary 3-tree: 8 terminals; 3 stages x 4 = 12 switches of 4 ports; 2 stage boundaries x 4 switches x
//   2 up ports x 2 = 32 channels; 12 x 16 = 192 switching elements; from a terminal: 1 on its leaf (0), 2
//   under its stage-1 subtree (2), 4 beyond (4): 20/7; diameter 4; a leaf has 2 up links: 1 fault.
TEST(FatTree, HandCounts) {
  struct E {
    int k, n, terminals, switches, ports, channels, swe, diameter, faults;
    double avg;
  };
  for (const E& e : {E{4, 2, 16, 8, 8, 32, 512, 2, 3, 24.0 / 15}, E{2, 3, 8, 12, 4, 32, 192, 4, 1, 20.0 / 7}}) {
    const auto ic = tree(e.k, e.n);
    const GraphReport r = report(ic->graph());
    EXPECT_EQ(r.terminals, e.terminals);
    EXPECT_EQ(r.switches, e.switches);
    EXPECT_EQ(r.routers, 0);
    EXPECT_EQ(r.subnet_switches, e.switches);
    EXPECT_EQ(r.min_ports, e.ports);
    EXPECT_EQ(r.max_ports, e.ports);
    EXPECT_EQ(r.channels, e.channels);
    EXPECT_EQ(r.switching_elements, e.swe);
    EXPECT_EQ(r.diameter, e.diameter);
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12);
    EXPECT_EQ(r.fault_tolerance, e.faults);
  }
}

// Following only down ports (0..k-1) from switch (e, o) reaches exactly the terminals j with
// j / k^(e+1) == o / k^e, each through the port named by its digit; terminals sit on stage-0 down ports.
TEST(FatTree, WiringMatchesTheAncestorRule) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{2, 4}}) {
    const auto ic = tree(k, n);
    const NetworkGraph& g = ic->graph();
    const int S = ipow(k, n) / k;
    std::map<std::pair<int, int>, int> term_at;  // (element, port) -> terminal
    for (int j = 0; j < ic->terminals(); ++j) {
      ASSERT_EQ(g.terminals()[j].inject.element, j / k);
      ASSERT_EQ(g.terminals()[j].inject.port, j % k);
      term_at[{j / k, j % k}] = j;
    }
    std::function<void(int, std::set<int>&)> below = [&](int el, std::set<int>& out) {
      for (int p = 0; p < k; ++p) {
        if (el < S) {
          out.insert(term_at.at({el, p}));
        } else {
          const int ch = g.out(el, p);
          ASSERT_GE(ch, 0);
          below(g.channels()[ch].to, out);
        }
      }
    };
    for (int e = 0; e < n; ++e)
      for (int o = 0; o < S; ++o) {
        std::set<int> got, want;
        below(e * S + o, got);
        for (int j = 0; j < ic->terminals(); ++j)
          if (j / ipow(k, e + 1) == o / ipow(k, e)) want.insert(j);
        EXPECT_EQ(got, want) << k << "-ary " << n << "-tree switch (" << e << "," << o << ")";
        for (int u = 0; u < k; ++u) EXPECT_EQ(g.out(e * S + o, k + u) >= 0, e + 1 < n) << "up port of (" << e << "," << o << ")";
      }
  }
}

// Every route the relation may produce from a to b: the channels it crosses (all adaptive choices).
void walk(const Interconnect& ic, const RoutingRelation& rf, int el, const Header& h, std::vector<int>& path,
          const std::function<void(const std::vector<int>&)>& done) {
  if (ic.eject_element(static_cast<int>(h.front())) == el) return done(path);
  ASSERT_LT(path.size(), 64u) << "route does not end";
  RouteSet rs;
  rf.route(el, h, rs);
  ASSERT_GT(rs.n, 0);
  for (int i = 0; i < rs.n; ++i) {
    const int ch = ic.graph().out(el, rs.c[i].port);
    ASSERT_GE(ch, 0) << "unconnected port " << int(rs.c[i].port) << " at " << el;
    path.push_back(ch);
    walk(ic, rf, ic.graph().channels()[ch].to, h, path, done);
    path.pop_back();
  }
}

TEST(FatTree, EveryPairRoutedMinimallyAndUpdownBalancesDownLinks) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    const auto ic = tree(k, n);
    for (const char* alg : {"updown", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      std::map<int, std::set<int>> dests_of_down;  // down channel -> destinations routed over it
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          const Header h = make_data_header(a, b, nullptr, 0, 0, 1);
          std::vector<int> path;
          int routes = 0;
          walk(*ic, *rf, ic->graph().terminals()[a].inject.element, h, path, [&](const std::vector<int>& p) {
            ++routes;
            EXPECT_EQ(static_cast<int>(p.size()), 2 * turn(k, a, b)) << alg << " " << a << "->" << b;
            for (int ch : p)
              if (ic->graph().channels()[ch].from_port < k) dests_of_down[ch].insert(b);
          });
          // Adaptive: every up port at every stage below the turn, k^turn routes; updown: one.
          EXPECT_EQ(routes, std::string(alg) == "updown" ? 1 : ipow(k, turn(k, a, b))) << alg << " " << a << "->" << b;
        }
      if (std::string(alg) == "updown")
        for (const auto& [ch, d] : dests_of_down) EXPECT_EQ(d.size(), 1u) << "down channel " << ch << " carries several destinations";
    }
  }
}

// Adaptive up phase that also offers the up ports at ancestors: a packet coming down may turn up again,
// so down channels depend on up channels and the graph has cycles.
class DownThenUp : public RoutingRelation {
 public:
  explicit DownThenUp(const KAryNTree& t) : t_(t) {}
  std::string name() const override { return "down-then-up"; }
  SubClassSpec subclasses() const override { return {1, -1, {"one"}}; }
  void route(int e, const Header& h, RouteSet& out) const override {
    out.clear();
    const int d = static_cast<int>(h.front());
    if (t_.ancestor(e, d)) out.add(t_.digit(d, t_.stage(e)), 0);
    if (!t_.ancestor(e, d) || t_.stage(e) + 1 < t_.n())
      for (int u = 0; u < t_.k(); ++u) out.add(t_.k() + u, 0);
  }

 private:
  const KAryNTree& t_;
};

bool acyclic(const Interconnect& ic, const RoutingRelation& rf, std::string* cyc_text) {
  VcLayout L(1, 1, rf.subclasses(), SubClassSpec{0, -1, {}});
  ChannelDependencyGraph g(ic, rf, L);
  for (int a = 0; a < ic.terminals(); ++a)
    for (int b = 0; b < ic.terminals(); ++b)
      if (a != b) g.add_routes(ic.graph().terminals()[a].inject.element, make_data_header(a, b, nullptr, 0, 0, 1));
  EXPECT_GT(g.edges(), 0u);
  std::vector<int> cyc;
  const bool ok = g.acyclic(&cyc);
  for (int c : cyc) *cyc_text += g.channel_name(c) + " ";
  return ok;
}

TEST(FatTree, CdgAcyclicWithCyclicNegativeControl) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{3, 3}}) {
    const auto ic = tree(k, n);
    for (const char* alg : {"updown", "adaptive"}) {
      std::string cyc;
      EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << alg << ": " << cyc;
    }
    if (n < 3) continue;  // a 2-stage tree's ancestors at stage 1 are roots: nothing to turn up into
    std::string cyc;
    EXPECT_FALSE(acyclic(*ic, DownThenUp(*ic->tree()), &cyc)) << k << "-ary " << n << "-tree";
  }
}

// One packet alone: latency = injection + (H+1) router pipelines + H links + ejection + L-1, with
// H = 2 x turn stage (the hop count from digit arithmetic, not from the graph).
// One fabric per process (SystemC elaborates once): one test per relation.
void zero_load(const char* alg) {
  {
    NetParams p;
    p.topo.kind = "fattree";
    p.topo.k = {2};
    p.topo.n = 3;
    p.algorithm = alg;
    p.vcs = 1;
    Fabric fab("fabric", p);
    Network& net = fab.net();
    struct Obs : NetObserver {
      int64_t arrived = -1;
      void packet_arrived(const Packet&, const Message&, int64_t now) override { arrived = now; }
    } obs;
    net.add_observer(&obs);
    for (int L : {1, 6})
      for (int a = 0; a < net.nodes(); ++a)
        for (int b = 0; b < net.nodes(); ++b) {
          if (a == b) continue;
          obs.arrived = -1;
          const int64_t t0 = fab.cycle();
          net.submit(a, b, L, t0, true);
          while (obs.arrived < 0 && fab.cycle() < t0 + 1000) fab.run_until(fab.cycle() + 1);
          ASSERT_GE(obs.arrived, 0) << a << "->" << b;
          const int H = 2 * turn(2, a, b);
          const int64_t formula = p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + p.d_ej + (L - 1);
          ASSERT_EQ(obs.arrived - t0, formula) << alg << " " << a << "->" << b << " H=" << H << " L=" << L;
          fab.run_until(fab.cycle() + 20);
        }
  }
}
TEST(FatTree, ZeroLoadLatencyEqualsFormulaUpdown) { zero_load("updown"); }
TEST(FatTree, ZeroLoadLatencyEqualsFormulaAdaptive) { zero_load("adaptive"); }

// Mean zero-load latency of uniform traffic (default pipeline: 5 cycles a hop + 5 + L).
double zero_load_uniform_tree(int k, int n, int L) {
  const int N = ipow(k, n);
  double h = 0;
  for (int a = 0; a < N; ++a)
    for (int b = 0; b < N; ++b)
      if (a != b) h += 2 * turn(k, a, b);
  return 5.0 * h / (N * (N - 1.0)) + 5 + L;
}

// Twice the saturation load (capped at one flit per node per cycle, all an NI can inject), every accepted
// message delivered once and intact, nothing left in flight after the drain, no stall.
void overload(int k, int n, const std::string& alg, const std::string& sel, int64_t cycles) {
  const std::vector<std::string> kv{"topology.kind=fattree", "topology.k=" + std::to_string(k),
                                    "topology.n=" + std::to_string(n), "routing.algorithm=" + alg,
                                    "routing.selection=" + sel, "traffic.length=4", "router.vcs=2"};
  const double sat = find_saturation(kv, zero_load_uniform_tree(k, n, 4)).load;
  const double rate = std::min(1.0, 2 * sat);
  const auto r = in_child([&] {
    std::vector<std::string> kv2 = kv;
    kv2.push_back("traffic.source_queue=16");
    const Scenario s = scenario(kv2);
    Fabric fab("fabric", s.net);
    Network& net = fab.net();
    Ledger ledger;
    net.add_observer(&ledger);
    Rng rng(11);
    uint64_t accepted = 0, rejected = 0;
    bool generating = true;
    fab.add_cycle_hook([&](int64_t t) {
      if (!generating) return;
      for (int a = 0; a < net.nodes(); ++a) {
        if (!rng.bernoulli(rate / 4)) continue;
        int b = static_cast<int>(rng.below(net.nodes() - 1));
        if (b >= a) ++b;
        std::vector<uint8_t> bytes(1 + rng.below(32));
        for (auto& x : bytes) x = static_cast<uint8_t>(rng.next());
        const uint64_t id = net.submit(a, b, 4, t, false, bytes);
        if (id) ledger.outstanding.emplace(id, Sent{a, b, 4, std::move(bytes)}), ++accepted;
        else ++rejected;
      }
    });
    fab.run_until(cycles);
    generating = false;
    const int64_t end = fab.cycle();
    while ((net.live_messages() || net.live_packets()) && fab.cycle() < end + 200000) fab.run_until(fab.cycle() + 1000);
    return nlohmann::json{{"accepted", accepted}, {"rejected", rejected}, {"delivered", ledger.delivered},
                          {"duplicates", ledger.duplicates}, {"wrong", ledger.wrong},
                          {"undelivered", ledger.outstanding.size()}, {"live_packets", net.live_packets()}};
  });
  ASSERT_FALSE(r.contains("error")) << r.dump();
  std::printf("%d-ary %d-tree %s/%s at %.3f (saturation %.3f): %s\n", k, n, alg.c_str(), sel.c_str(), rate, sat,
              r.dump().c_str());
  EXPECT_GT(r["accepted"].get<uint64_t>(), 0u);
  EXPECT_EQ(r["delivered"], r["accepted"]);
  EXPECT_EQ(r["duplicates"], 0);
  EXPECT_EQ(r["wrong"], 0);
  EXPECT_EQ(r["undelivered"], 0);
  EXPECT_EQ(r["live_packets"], 0);
}

TEST(FatTree, ConservationAtTwiceSaturation) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    overload(k, n, "updown", "first_free", 100000);
    for (const char* sel : {"first_free", "random", "sadp"}) overload(k, n, "adaptive", sel, 100000);
  }
}

TEST(FatTreeLong, ConservationAtTwiceSaturation) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    overload(k, n, "updown", "first_free", 1000000);
    for (const char* sel : {"first_free", "random", "sadp"}) overload(k, n, "adaptive", sel, 1000000);
  }
}

// Same seed, same results, byte for byte, with the hashed random up-port choice too.
TEST(FatTree, DeterministicPerSeed) {
  const std::string a = "topology.kind=fattree topology.k=4 topology.n=3 routing.algorithm=adaptive "
                        "routing.selection=random traffic.rate=0.5 sim.warmup=500 sim.measure=3000 sim.progress=off";
  const Exec x = drbsim(a), y = drbsim(a);
  ASSERT_EQ(x.code, 0) << x.err;
  EXPECT_EQ(x.out, y.out);
}

// Keys a fat-tree gives no meaning to, and algorithms it does not offer, exit 2 naming the key.
TEST(FatTree, RefusedCombinationsNameTheKey) {
  const std::string ft = "topology.kind=fattree topology.k=4 topology.n=2 ";
  for (auto [args, key] : std::vector<std::pair<std::string, std::string>>{
           {"routing.algorithm=dor", "routing.algorithm"},
           {"routing.algorithm=drb", "routing.algorithm"},
           {"routing.algorithm=valiant", "routing.algorithm"},
           {"routing.algorithm=updown routing.tie=random", "routing.tie"},
           {"routing.algorithm=updown routing.dim_order=decreasing", "routing.dim_order"},
           {"routing.algorithm=updown routing.vc_classes=partition", "routing.vc_classes"},
           {"routing.algorithm=updown router.preset=booksim", "router.preset"},
           {"routing.algorithm=updown router.blocks.xbar=rtl", "router.blocks.xbar"},
           {"topology.k=33", "topology.k"},
           {"topology.k=4,4", "topology.k"}}) {
    const Exec e = drbsim(ft + args);
    EXPECT_EQ(e.code, 2) << args << ": " << e.err;
    EXPECT_NE(e.err.find("error: " + key + ":"), std::string::npos) << args << ": " << e.err;
  }
  // And updown is not offered on a torus.
  const Exec e = drbsim("routing.algorithm=updown");
  EXPECT_EQ(e.code, 2);
  EXPECT_NE(e.err.find("error: routing.algorithm:"), std::string::npos) << e.err;
}

}  // namespace
