// The fabrics beyond the k-ary n-cube: the k-ary n-tree fat-tree, the flattened butterfly and the RUFT
// (models/topology/, models/routing/): counts worked by hand, the wiring against the spec's rules, every
// pair routed with the minimal hop count, updown's load balancing, CDG acyclicity with cyclic negative
// controls, zero-load latency equal to the pipeline formula, conservation without stall at twice
// saturation, and the refusals. Expected values come from digit arithmetic written here, not from the
// classes under test.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <map>
#include <set>

#include "models/blocks/gmr.h"
#include "models/drb/graph_metapaths.h"
#include "models/routing/cdg.h"
#include "models/routing/fat_tree_routing.h"
#include "models/routing/flatfly_routing.h"
#include "models/routing/hybrid_routing.h"
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

std::unique_ptr<Interconnect> build(const std::string& kind, int k, int n, int conc = 1) {
  TopologyParams p;
  p.kind = kind;
  p.k = {k};
  p.n = n;
  p.concentration = conc;
  return make_interconnect(p);
}
std::unique_ptr<Interconnect> tree(int k, int n) { return build("fattree", k, n); }
std::unique_ptr<Interconnect> hybrid(int k, int n, const std::string& subnet, int m, int conc = 1) {
  TopologyParams p;
  p.kind = "hybrid";
  p.k = {k};
  p.n = n;
  p.subnet = subnet;
  p.stages = m;
  p.concentration = conc;
  return make_interconnect(p);
}

// Hybrid: channels crossed per differing dimension (router -> subnet -> router), k = ki^m routers a line.
int hybrid_hops(int k, int n, const std::string& subnet, int m, int p, int a, int b) {
  int ki = k;
  if (subnet != "crossbar") {
    ki = 2;
    while (ipow(ki, m) != k) ++ki;
  }
  int h = 0;
  for (int d = 0, x = a / p, y = b / p; d < n; ++d, x /= k, y /= k) {
    if (x % k == y % k) continue;
    h += subnet == "crossbar" ? 2 : subnet == "ruft" ? m + 1 : 2 + 2 * turn(ki, x % k, y % k);
  }
  return h;
}

// Flattened butterfly: switches differ in how many coordinates (dimension 0 fastest).
int ff_hops(int k, int p, int a, int b) {
  int h = 0;
  for (int x = a / p, y = b / p; x || y; x /= k, y /= k) h += x % k != y % k;
  return h;
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
  VcLayout L(rf.subclasses().count, 1, rf.subclasses(), SubClassSpec{0, -1, {}});
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
// One packet alone: latency = injection + (H+1) router pipelines + H links + ejection + L-1, with H from
// digit arithmetic (not from the graph). One fabric per process (SystemC elaborates once): one test each.
void zero_load(const std::vector<std::string>& kv, const std::function<int(int, int)>& hops) {
  const Scenario s = scenario(kv);
  const NetParams& p = s.net;
  Fabric fab("fabric", p);
  each_pair_alone(fab, {1, 6}, [&](int a, int b, int L) {
    const int H = hops(a, b);
    return p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + p.d_ej + (L - 1);
  });
}
const std::vector<std::string> kTree23{"topology.kind=fattree", "topology.k=2", "topology.n=3", "router.vcs=1"};
const std::vector<std::string> kFf{"topology.kind=flatfly", "topology.k=3", "topology.n=2", "topology.concentration=2",
                                   "router.vcs=2"};
const std::vector<std::string> kRuft{"topology.kind=ruft", "topology.k=2", "topology.n=3", "router.vcs=1"};
std::vector<std::string> with(std::vector<std::string> kv, const std::string& x) {
  kv.push_back(x);
  return kv;
}
TEST(FatTree, ZeroLoadLatencyEqualsFormulaUpdown) {
  zero_load(with(kTree23, "routing.algorithm=updown"), [](int a, int b) { return 2 * turn(2, a, b); });
}
TEST(FatTree, ZeroLoadLatencyEqualsFormulaAdaptive) {
  zero_load(with(kTree23, "routing.algorithm=adaptive"), [](int a, int b) { return 2 * turn(2, a, b); });
}
TEST(FlatFly, ZeroLoadLatencyEqualsFormulaDor) {
  zero_load(with(kFf, "routing.algorithm=dor"), [](int a, int b) { return ff_hops(3, 2, a, b); });
}
TEST(FlatFly, ZeroLoadLatencyEqualsFormulaAdaptive) {
  zero_load(with(kFf, "routing.algorithm=adaptive"), [](int a, int b) { return ff_hops(3, 2, a, b); });
}
const std::vector<std::string> kHyb{"topology.kind=hybrid", "topology.k=4", "topology.n=2", "router.vcs=2"};
void zero_load_hybrid(const std::string& subnet, const std::string& alg) {
  zero_load(with(with(with(with(kHyb, "topology.subnet=" + subnet), "topology.stages=" + std::string(subnet == "crossbar" ? "1" : "2")),
                      "routing.algorithm=" + alg), "topology.concentration=2"),
            [subnet](int a, int b) { return hybrid_hops(4, 2, subnet, subnet == "crossbar" ? 1 : 2, 2, a, b); });
}
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaCrossbarDor) { zero_load_hybrid("crossbar", "dor"); }
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaCrossbarAdaptive) { zero_load_hybrid("crossbar", "adaptive"); }
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaFatTreeDor) { zero_load_hybrid("fattree", "dor"); }
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaFatTreeAdaptive) { zero_load_hybrid("fattree", "adaptive"); }
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaRuftDor) { zero_load_hybrid("ruft", "dor"); }
TEST(Hybrid, ZeroLoadLatencyEqualsFormulaRuftAdaptive) { zero_load_hybrid("ruft", "adaptive"); }
// The long links from a RUFT subnet's last stage back to the routers take topology.long_link more cycles:
// one per differing dimension.
TEST(Hybrid, ZeroLoadLongLinksAddTheirFlight) {
  const Scenario s = scenario({"topology.kind=hybrid", "topology.k=4", "topology.n=2", "topology.subnet=ruft",
                               "topology.stages=2", "topology.long_link=5", "router.vcs=1"});
  const NetParams& p = s.net;
  Fabric fab("fabric", p);
  each_pair_alone(fab, {1, 6}, [&](int a, int b, int L) {
    const int H = hybrid_hops(4, 2, "ruft", 2, 1, a, b), dims = H / 3;
    return p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + 5 * dims + p.d_ej + (L - 1);
  });
}
TEST(Ruft, ZeroLoadLatencyEqualsFormula) {
  zero_load(kRuft, [](int, int) { return 2; });  // every path crosses the 3 stages: 2 channels
}

// Mean zero-load latency of uniform traffic (default pipeline: 5 cycles a hop + 5 + L).
double zero_load_uniform(int N, int L, const std::function<int(int, int)>& hops) {
  double h = 0;
  for (int a = 0; a < N; ++a)
    for (int b = 0; b < N; ++b)
      if (a != b) h += hops(a, b);
  return 5.0 * h / (N * (N - 1.0)) + 5 + L;
}

// Twice the saturation load (capped at one flit per node per cycle, all an NI can inject), every accepted
// message delivered once and intact, nothing left in flight after the drain, no stall.
void overload(std::vector<std::string> kv, int N, const std::function<int(int, int)>& hops, int64_t cycles) {
  kv.push_back("traffic.length=4");
  const double sat = find_saturation(kv, zero_load_uniform(N, 4, hops)).load;
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
  std::string what;
  for (auto& x : kv) what += x + " ";
  ASSERT_FALSE(r.contains("error")) << what << r.dump();
  std::printf("%sat %.3f (saturation %.3f): %s\n", what.c_str(), rate, sat, r.dump().c_str());
  EXPECT_GT(r["accepted"].get<uint64_t>(), 0u);
  EXPECT_EQ(r["delivered"], r["accepted"]);
  EXPECT_EQ(r["duplicates"], 0);
  EXPECT_EQ(r["wrong"], 0);
  EXPECT_EQ(r["undelivered"], 0);
  EXPECT_EQ(r["live_packets"], 0);
}

void overload_all(int64_t cycles) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    const std::vector<std::string> kv{"topology.kind=fattree", "topology.k=" + std::to_string(k),
                                      "topology.n=" + std::to_string(n), "router.vcs=2"};
    const int N = ipow(k, n);
    auto h = [k = k](int a, int b) { return 2 * turn(k, a, b); };
    overload(with(kv, "routing.algorithm=updown"), N, h, cycles);
    if (k == 4 && n == 2) overload(with(kv, "routing.algorithm=valiant"), N, [](int, int) { return 2; }, cycles);
    for (const char* sel : {"first_free", "random", "sadp"})
      overload(with(with(kv, "routing.algorithm=adaptive"), std::string("routing.selection=") + sel), N, h, cycles);
  }
  for (auto [k, n, p] : {std::tuple{2, 3, 2}, std::tuple{4, 2, 4}}) {
    const std::vector<std::string> kv{"topology.kind=flatfly", "topology.k=" + std::to_string(k), "topology.n=" + std::to_string(n),
                                      "topology.concentration=" + std::to_string(p), "router.vcs=2"};
    auto h = [k = k, p = p](int a, int b) { return ff_hops(k, p, a, b); };
    for (const char* alg : {"dor", "adaptive", "valiant"})
      overload(with(kv, std::string("routing.algorithm=") + alg), ipow(k, n) * p, h, cycles);
  }
  for (const char* sn : {"crossbar", "fattree", "ruft"}) {
    const int m = std::string(sn) == "crossbar" ? 1 : 2;
    const std::vector<std::string> kv{"topology.kind=hybrid", "topology.k=4", "topology.n=2", std::string("topology.subnet=") + sn,
                                      "topology.stages=" + std::to_string(m), "router.vcs=2"};
    auto h = [sn = std::string(sn), m](int a, int b) { return hybrid_hops(4, 2, sn, m, 1, a, b); };
    for (const char* alg : {"dor", "adaptive", "valiant"}) overload(with(kv, std::string("routing.algorithm=") + alg), 16, h, cycles);
  }
  for (auto [k, m] : {std::pair{2, 3}, std::pair{4, 3}})
    overload({"topology.kind=ruft", "topology.k=" + std::to_string(k), "topology.n=" + std::to_string(m), "router.vcs=2"},
             ipow(k, m), [m = m](int, int) { return m - 1; }, cycles);
}

TEST(Fabrics, ConservationAtTwiceSaturation) { overload_all(100000); }
TEST(FabricsLong, ConservationAtTwiceSaturation) { overload_all(1000000); }

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
           {"routing.algorithm=drb drb.supernode=row:4", "drb.supernode"},
           {"routing.algorithm=drb2", "routing.algorithm"},
           {"topology.kind=ruft routing.algorithm=valiant", "routing.algorithm"},
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

// By hand, 2-ary 3-cube 2-c: 8 switches of n(k-1) + p = 3 + 2 ports, 16 terminals; each switch links to 3
// others: 24 channels; 8 x 25 = 200 switching elements; from a terminal: 1 on its switch (0), 6 on the 3
// switches one coordinate away (1), 6 two away (2), 2 three away (3): 24/15; diameter 3; 3 links per
// switch: 2 faults. 2-ary 3-stage RUFT: 3 stages x 4 switches of 2 ports (2 x 2 crossbars), 8 terminals;
// 2 stage boundaries x 4 switches x 2 outputs = 16 channels; 12 x 4 = 48 switching elements; every path
// crosses 2 channels (diameter and mean 2); one path per pair: 0 faults.
TEST(FlatFlyRuft, HandCounts) {
  struct E {
    const char* kind;
    int k, n, p, terminals, switches, routers, ports, channels, swe, diameter, faults;
    double avg;
  };
  for (const E& e : {E{"flatfly", 2, 3, 2, 16, 8, 8, 5, 24, 200, 3, 2, 24.0 / 15},
                     E{"ruft", 2, 3, 1, 8, 12, 0, 2, 16, 48, 2, 0, 2.0}}) {
    const GraphReport r = report(build(e.kind, e.k, e.n, e.p)->graph());
    EXPECT_EQ(r.terminals, e.terminals) << e.kind;
    EXPECT_EQ(r.switches, e.switches) << e.kind;
    EXPECT_EQ(r.routers, e.routers) << e.kind;
    EXPECT_EQ(r.subnet_switches, e.switches - e.routers) << e.kind;
    EXPECT_EQ(r.min_ports, e.ports) << e.kind;
    EXPECT_EQ(r.max_ports, e.ports) << e.kind;
    EXPECT_EQ(r.channels, e.channels) << e.kind;
    EXPECT_EQ(r.switching_elements, e.swe) << e.kind;
    EXPECT_EQ(r.diameter, e.diameter) << e.kind;
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12) << e.kind;
    EXPECT_EQ(r.fault_tolerance, e.faults) << e.kind;
  }
}

// RUFT wiring: terminal j injects at stage 0 and ejects from the last stage, from the switch whose offset
// holds j's digits 0..m-2, on output digit m-1; every route crosses m-1 channels.
TEST(FlatFlyRuft, EveryPairRoutedMinimally) {
  for (auto [k, m] : {std::pair{2, 3}, std::pair{4, 2}, std::pair{3, 3}}) {
    const auto ic = build("ruft", k, m);
    const int S = ipow(k, m) / k;
    const auto rf = make_relation("updown", *ic, {});
    for (int a = 0; a < ic->terminals(); ++a) {
      EXPECT_EQ(ic->graph().terminals()[a].inject.element, a / k);
      EXPECT_EQ(ic->graph().terminals()[a].eject.element, (m - 1) * S + a % ipow(k, m - 1));
      EXPECT_EQ(ic->graph().terminals()[a].eject.port, a / ipow(k, m - 1));
      for (int b = 0; b < ic->terminals(); ++b) {
        if (a == b) continue;
        std::vector<int> path;
        int routes = 0;
        walk(*ic, *rf, a / k, make_data_header(a, b, nullptr, 0, 0, 1), path, [&](const std::vector<int>& p) {
          ++routes;
          EXPECT_EQ(static_cast<int>(p.size()), m - 1) << a << "->" << b;
        });
        EXPECT_EQ(routes, 1);
      }
    }
  }
  for (auto [k, n, p] : {std::tuple{2, 3, 2}, std::tuple{3, 2, 1}, std::tuple{4, 2, 3}}) {
    const auto ic = build("flatfly", k, n, p);
    for (const char* alg : {"dor", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          std::vector<int> path;
          int routes = 0;
          walk(*ic, *rf, a / p, make_data_header(a, b, nullptr, 0, 0, 1), path, [&](const std::vector<int>& q) {
            ++routes;
            EXPECT_EQ(static_cast<int>(q.size()), ff_hops(k, p, a, b)) << alg << " " << a << "->" << b;
          });
          // dor: one route; adaptive: every order of the differing dimensions (h!), escape or not.
          int f = 1;
          for (int i = 2; i <= ff_hops(k, p, a, b); ++i) f *= i;
          if (std::string(alg) == "dor") EXPECT_EQ(routes, 1);
          else EXPECT_GE(routes, f);
        }
    }
  }
}

// Flattened butterfly: adaptive routing whose every VC counts as escape has no deadlock-free sub-network
// (dimensions taken in either order form cycles); dor and Duato's adaptive are acyclic. A RUFT's channels
// only climb stages, so any relation on it is acyclic: the check there is that the graph itself has no
// cycle (no negative control can exist).
class NoEscapeFlatFly : public FlatFlyRouting {
 public:
  using FlatFlyRouting::FlatFlyRouting;
  bool is_escape(int) const override { return true; }
};

TEST(FlatFlyRuft, CdgAcyclicWithCyclicNegativeControl) {
  for (auto [k, n, p] : {std::tuple{2, 3, 2}, std::tuple{3, 2, 1}, std::tuple{4, 3, 1}}) {
    const auto ic = build("flatfly", k, n, p);
    for (const char* alg : {"dor", "adaptive"}) {
      std::string cyc;
      EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << alg << ": " << cyc;
    }
    std::string cyc;
    EXPECT_FALSE(acyclic(*ic, NoEscapeFlatFly(*ic->flatfly(), true), &cyc)) << k << "-ary " << n << "-cube";
  }
  for (auto [k, m] : {std::pair{2, 3}, std::pair{3, 3}}) {
    const auto ic = build("ruft", k, m);
    std::string cyc;
    EXPECT_TRUE(acyclic(*ic, *make_relation("updown", *ic, {}), &cyc)) << cyc;
    for (const GraphChannel& c : ic->graph().channels()) EXPECT_EQ(c.to / (ipow(k, m) / k), c.from / (ipow(k, m) / k) + 1);
  }
}

// By hand (p = 1, 16 routers of 2 + 1 ports on a 4 x 4 grid, 8 dimension lines):
// - 4-ary 2-direct 1-indirect: 8 crossbars of 4 ports; 8 x 4 links x 2 = 64 channels; 16 x 9 + 8 x 16 = 272
//   switching elements; 2 channels per differing dimension: 6 pairs of one dimension (2) and 9 of two (4)
//   per source: 48/15; diameter 4; a router has one link per dimension: 1 fault.
// - 4-ary 2-direct 2-indirect FT: each line a 2-ary 2-tree (4 switches of 4 ports): 32 switches; per line
//   8 router channels + 2 switches x 2 up links x 2 = 16, so 128; 16 x 9 + 32 x 16 = 656; per differing
//   dimension 2 channels to the leaf switch and back, plus 2 through the root stage unless both routers
//   share a leaf switch (1 of the 3 others): (2 + 4 + 4)/3 each, so (6 x 10/3 + 9 x 20/3)/15 = 16/3;
//   diameter 8; 1 fault.
// - 4-ary 2-direct 2-indirect RUFT: 32 switches of 2 x 2; per line 4 in + 4 out + 2 x 2 internal = 12, so
//   96; 16 x 9 + 32 x 4 = 272; always 3 channels per differing dimension: (6 x 3 + 9 x 6)/15 = 4.8;
//   diameter 6; two channel-disjoint paths between line neighbours (directly, or around through the other
//   dimension): 1 fault.
TEST(Hybrid, HandCounts) {
  struct E {
    const char* subnet;
    int m, switches, sw_ports, channels, swe, diameter;
    double avg;
  };
  for (const E& e : {E{"crossbar", 1, 8, 4, 64, 272, 4, 48.0 / 15}, E{"fattree", 2, 32, 4, 128, 656, 8, 16.0 / 3},
                     E{"ruft", 2, 32, 2, 96, 272, 6, 4.8}}) {
    const GraphReport r = report(hybrid(4, 2, e.subnet, e.m)->graph());
    EXPECT_EQ(r.terminals, 16) << e.subnet;
    EXPECT_EQ(r.routers, 16) << e.subnet;
    EXPECT_EQ(r.subnet_switches, e.switches) << e.subnet;
    EXPECT_EQ(r.switches, 16 + e.switches) << e.subnet;
    EXPECT_EQ(r.min_ports, std::min(3, e.sw_ports)) << e.subnet;
    EXPECT_EQ(r.max_ports, std::max(3, e.sw_ports)) << e.subnet;
    EXPECT_EQ(r.channels, e.channels) << e.subnet;
    EXPECT_EQ(r.switching_elements, e.swe) << e.subnet;
    EXPECT_EQ(r.diameter, e.diameter) << e.subnet;
    EXPECT_NEAR(r.average_distance, e.avg, 1e-12) << e.subnet;
    EXPECT_EQ(r.fault_tolerance, 1) << e.subnet;
  }
  // p = 2: 32 terminals on the same 16 routers of 2 + 2 ports.
  const GraphReport r = report(hybrid(4, 2, "crossbar", 1, 2)->graph());
  EXPECT_EQ(r.terminals, 32);
  EXPECT_EQ(r.switching_elements, 16 * 16 + 8 * 16);
}

// Every pair, every relation and subnet: routes of exactly the hop count of digit arithmetic; Hybrid-DOR
// visits the differing dimensions in increasing order.
TEST(Hybrid, EveryPairRoutedMinimally) {
  for (auto [sn, k, m] : {std::tuple{"crossbar", 4, 1}, std::tuple{"fattree", 4, 2}, std::tuple{"ruft", 4, 2},
                          std::tuple{"fattree", 8, 3}, std::tuple{"ruft", 9, 2}}) {
    const auto ic = hybrid(k, 2, sn, m, 2);
    const Hybrid& hy = *ic->hybrid();
    for (const char* alg : {"dor", "adaptive"}) {
      const auto rf = make_relation(alg, *ic, {});
      for (int a = 0; a < ic->terminals(); ++a)
        for (int b = 0; b < ic->terminals(); ++b) {
          if (a == b) continue;
          std::vector<int> path;
          int routes = 0;
          walk(*ic, *rf, a / 2, make_data_header(a, b, nullptr, 0, 0, 1), path, [&](const std::vector<int>& q) {
            ++routes;
            EXPECT_EQ(static_cast<int>(q.size()), hybrid_hops(k, 2, sn, m, 2, a, b)) << sn << " " << alg << " " << a << "->" << b;
            if (std::string(alg) != "dor") return;
            int last = -1;
            for (int c : q) {
              const int from = ic->graph().channels()[c].from;
              if (!hy.is_router(from)) continue;
              EXPECT_GT(ic->graph().channels()[c].from_port, last) << "dimension order";
              last = ic->graph().channels()[c].from_port;
            }
          });
          if (std::string(alg) == "dor") EXPECT_EQ(routes, 1) << sn << " " << a << "->" << b;
        }
    }
  }
}

// The complement (bitcomp) under Hybrid-DOR on crossbar hybrids: every channel carries at most one flow.
TEST(Hybrid, ComplementIsContentionFreeOnCrossbars) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{8, 2}, std::pair{4, 3}}) {
    const auto ic = hybrid(k, n, "crossbar", 1);
    const auto rf = make_relation("dor", *ic, {});
    const int N = ic->terminals();
    std::map<int, int> flows;
    for (int a = 0; a < N; ++a) {
      std::vector<int> path;
      walk(*ic, *rf, a, make_data_header(a, N - 1 - a, nullptr, 0, 0, 1), path, [&](const std::vector<int>& q) {
        for (int c : q) ++flows[c];
      });
    }
    for (const auto& [c, f] : flows) EXPECT_EQ(f, 1) << k << "-ary " << n << "-direct: channel " << c;
  }
}

// A switch that offers the escape VC to a packet that arrived adaptive lets it hold an escape channel of a
// dimension while a lower one still differs: cyclic. The hybrid's relations are acyclic on every subnet.
class EscapeAtSwitches : public HybridRouting {
 public:
  using HybridRouting::HybridRouting;
  void route_in(int e, int, const Header& h, RouteSet& out) const override { HybridRouting::route_in(e, -1, h, out); }
};

TEST(Hybrid, CdgAcyclicWithCyclicNegativeControl) {
  for (auto [sn, k, m] : {std::tuple{"crossbar", 4, 1}, std::tuple{"fattree", 4, 2}, std::tuple{"ruft", 4, 2},
                          std::tuple{"crossbar", 3, 1}}) {
    for (int n : {2, 3}) {
      const auto ic = hybrid(k, n, sn, m);
      for (const char* alg : {"dor", "adaptive"}) {
        std::string cyc;
        EXPECT_TRUE(acyclic(*ic, *make_relation(alg, *ic, {}), &cyc)) << sn << " " << alg << " n=" << n << ": " << cyc;
      }
      std::string cyc;
      EXPECT_FALSE(acyclic(*ic, EscapeAtSwitches(*ic->hybrid(), true), &cyc)) << sn << " n=" << n;
    }
  }
}

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

}  // namespace
