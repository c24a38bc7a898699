// SPDX-License-Identifier: Apache-2.0
// Helpers shared by the fabric tests (test_fat_tree, test_flatfly_ruft, test_hybrid, test_fabrics): networks
// built from parameters, hop counts from digit arithmetic (never from the classes under test), route walks,
// CDG checks, zero-load and overload runs.
#pragma once
#include <gtest/gtest.h>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include "models/blocks/gmr.h"
#include "models/drb/metapath_study.h"
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

namespace drb::test::fabrics {

using namespace drb;
using namespace drb::test;

inline int ipow(int k, int e) {
  int x = 1;
  while (e-- > 0) x *= k;
  return x;
}

// Stage of the nearest common ancestors: the first e at which a and b fall in the same k^(e+1) block.
inline int turn(int k, int a, int b) {
  int e = 0;
  while (a / ipow(k, e + 1) != b / ipow(k, e + 1)) ++e;
  return e;
}

inline std::unique_ptr<Interconnect> build(const std::string& kind, int k, int n, int conc = 1) {
  TopologyParams p;
  p.kind = kind;
  p.k = {k};
  p.n = n;
  p.concentration = conc;
  return make_interconnect(p);
}
inline std::unique_ptr<Interconnect> tree(int k, int n) { return build("fattree", k, n); }
inline std::unique_ptr<Interconnect> hybrid(int k, int n, const std::string& subnet, int m, int conc = 1) {
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
inline int hybrid_hops(int k, int n, const std::string& subnet, int m, int p, int a, int b) {
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
inline int ff_hops(int k, int p, int a, int b) {
  int h = 0;
  for (int x = a / p, y = b / p; x || y; x /= k, y /= k) h += x % k != y % k;
  return h;
}



// Every route the relation may produce from a to b: the channels it crosses (all adaptive choices).
inline void walk(const Interconnect& ic, const RoutingRelation& rf, int el, const Header& h, std::vector<int>& path,
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


// Every route of a -> b (from a's injection element), f(channels) for each; returns how many.
template <class F>
int each_route(const Interconnect& ic, const RoutingRelation& rf, int a, int b, F f) {
  std::vector<int> path;
  int routes = 0;
  walk(ic, rf, ic.graph().terminals()[a].inject.element, make_data_header(a, b, nullptr, 0, 0, 1), path,
       [&](const std::vector<int>& p) {
         ++routes;
         f(p);
       });
  return routes;
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

inline bool acyclic(const Interconnect& ic, const RoutingRelation& rf, std::string* cyc_text) {
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


// One packet alone: latency = injection + (H+1) router pipelines + H links + ejection + L-1, with
// H = 2 x turn stage (the hop count from digit arithmetic, not from the graph).
// One packet alone: latency = injection + (H+1) router pipelines + H links + ejection + L-1, with H from
// digit arithmetic (not from the graph). One fabric per process (SystemC elaborates once): one test each.
inline void zero_load(const std::vector<std::string>& kv, const std::function<int(int, int)>& hops) {
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
inline std::vector<std::string> with(std::vector<std::string> kv, const std::string& x) {
  kv.push_back(x);
  return kv;
}
const std::vector<std::string> kHyb{"topology.kind=hybrid", "topology.k=4", "topology.n=2", "router.vcs=2"};
inline void zero_load_hybrid(const std::string& subnet, const std::string& alg) {
  zero_load(with(with(with(with(kHyb, "topology.subnet=" + subnet), "topology.stages=" + std::string(subnet == "crossbar" ? "1" : "2")),
                      "routing.algorithm=" + alg), "topology.concentration=2"),
            [subnet](int a, int b) { return hybrid_hops(4, 2, subnet, subnet == "crossbar" ? 1 : 2, 2, a, b); });
}

// Mean zero-load latency of uniform traffic (default pipeline: 5 cycles a hop + 5 + L).
inline double zero_load_uniform(int N, int L, const std::function<int(int, int)>& hops) {
  double h = 0;
  for (int a = 0; a < N; ++a)
    for (int b = 0; b < N; ++b)
      if (a != b) h += hops(a, b);
  return 5.0 * h / (N * (N - 1.0)) + 5 + L;
}

// Uniform 4-flit messages at `rate` for `cycles`, then a drain: every accepted message delivered once and
// intact, nothing left in flight, no stall. Returns the ledger's counts.
inline nlohmann::json overload_at(std::vector<std::string> kv, double rate, int64_t cycles, double sat = 0) {
  kv.push_back("traffic.length=4");
  const auto r = in_child([&] {
    std::vector<std::string> kv2 = kv;
    kv2.push_back("traffic.source_queue=16");
    const Scenario s = scenario(kv2);
    Fabric fab("fabric", s.net);
    return drive_ledger(fab, 4, cycles, [rate](int64_t) { return rate; });
  });
  std::string what;
  for (auto& x : kv) what += x + " ";
  EXPECT_FALSE(r.contains("error")) << what << r.dump();
  if (r.contains("error")) return r;
  std::printf("%sat %.3f (saturation %s): %s\n", what.c_str(), rate, sat > 0 ? std::to_string(sat).c_str() : "not measured",
              r.dump().c_str());
  expect_conserved(r);
  return r;
}

// The same at twice the saturation load (capped at one flit per node per cycle, all an NI can inject).
inline void overload(std::vector<std::string> kv, int N, const std::function<int(int, int)>& hops, int64_t cycles) {
  std::vector<std::string> k4 = kv;
  k4.push_back("traffic.length=4");
  const double sat = find_saturation(k4, zero_load_uniform(N, 4, hops)).load;
  overload_at(kv, std::min(1.0, 2 * sat), cycles, sat);
}

inline void overload_all(int64_t cycles) {
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






// Flattened butterfly: adaptive routing whose every VC counts as escape has no deadlock-free sub-network
// (dimensions taken in either order form cycles); dor and Duato's adaptive are acyclic. A RUFT's channels
// only climb stages, so any relation on it is acyclic: the check there is that the graph itself has no
// cycle (no negative control can exist).
class NoEscapeFlatFly : public FlatFlyRouting {
 public:
  using FlatFlyRouting::FlatFlyRouting;
  bool is_escape(int) const override { return true; }
};





// A switch that offers the escape VC to a packet that arrived adaptive lets it hold an escape channel of a
// dimension while a lower one still differs: cyclic. The hybrid's relations are acyclic on every subnet.
class EscapeAtSwitches : public HybridRouting {
 public:
  using HybridRouting::HybridRouting;
  void route_in(int e, int, const Header& h, RouteSet& out) const override { HybridRouting::route_in(e, -1, h, out); }
};





}  // namespace drb::test::fabrics
