// SPDX-License-Identifier: Apache-2.0
// Routing relations walked hop by hop (route + on_hop + neighbour) against expectations computed here from
// coordinates: DOR path shape, tie direction and dateline classes; minimal adaptive candidate sets with the
// Duato escape last; and how VcLayout splits the VCs of a port among class groups.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "models/routing/routing.h"
#include "tests/topologies.h"
#include "models/util/rng.h"
#include "models/topology/kary_ncube.h"

using namespace drb;

namespace {

struct Hop {
  int r, port, sub;
};

using test::rm_coords;
using test::topo;

// Signed minimal ring offset from coordinates; a tie (|delta| = k/2) goes + only if tie_pos.
int ring_offset(int ca, int cb, int k, bool wrap, bool tie_pos) {
  if (!wrap) return cb - ca;
  const int fwd = ((cb - ca) % k + k) % k;
  if (fwd == 0) return 0;
  if (2 * fwd < k) return fwd;
  if (2 * fwd > k) return fwd - k;
  return tie_pos ? fwd : fwd - k;
}

// Follow the single DOR candidate from src until dst; fails the test on a dead end or a loop.
std::vector<Hop> walk_dor(const RoutingFunction& rf, const Topology& t, int src, int dst) {
  std::vector<Hop> path;
  Header h = make_data_header(static_cast<uint32_t>(src), static_cast<uint32_t>(dst), {}, 0, 1);
  int r = src;
  while (r != dst) {
    RouteSet rs;
    rf.route(r, h, rs);
    if (rs.n != 1 || static_cast<int>(path.size()) > t.nodes()) {
      ADD_FAILURE() << t.describe() << " " << src << "->" << dst << " at " << r << ": " << rs.n << " candidates";
      return path;
    }
    const int p = rs.c[0].port;
    const PortRef nb = t.neighbour(r, p);
    if (!nb.valid()) {
      ADD_FAILURE() << t.describe() << " unconnected port " << p << " at " << r;
      return path;
    }
    path.push_back({r, p, rs.c[0].sub});
    rf.on_hop(r, p, h);
    r = nb.router;
  }
  RouteSet rs;
  rf.route(r, h, rs);
  EXPECT_EQ(rs.n, 0) << "no candidate at the destination";
  return path;
}

// DOR on a k-ary n-cube: the exact hop sequence (dimension order, per-dimension direction) and the
// dateline sub-class of every hop, all from coordinates.
void check_dor_cube(const std::vector<int>& k, bool wrap, const RoutingParams& rp) {
  TopologyParams tp;
  tp.kind = wrap ? "torus" : "mesh";
  tp.k = k;
  auto t = make_topology(tp);
  auto rf = make_routing("dor", *t, rp);
  const int n = static_cast<int>(k.size());
  std::vector<int> order = rp.dim_order;
  if (order.empty())
    for (int d = 0; d < n; ++d) order.push_back(d);
  EXPECT_EQ(rf->subclasses().count, wrap ? 2 : 1);
  for (int src = 0; src < t->nodes(); ++src) {
    for (int dst = 0; dst < t->nodes(); ++dst) {
      if (src == dst) continue;
      const auto cs = rm_coords(src, k), cd = rm_coords(dst, k);
      // Expected: for each dimension in order, |off| hops with sign(off).
      std::vector<std::pair<int, int>> want;  // (dimension, sign)
      for (int d : order) {
        const int off = ring_offset(cs[d], cd[d], k[d], wrap, rp.tie_positive);
        for (int i = 0; i < std::abs(off); ++i) want.push_back({d, off > 0 ? 1 : -1});
      }
      const std::vector<Hop> path = walk_dor(*rf, *t, src, dst);
      ASSERT_EQ(path.size(), want.size()) << t->describe() << " " << src << "->" << dst;
      std::vector<int> c = cs;
      std::vector<bool> crossed(n, false);
      for (size_t i = 0; i < path.size(); ++i) {
        const auto [d, s] = want[i];
        ASSERT_EQ(path[i].port, 2 * d + (s < 0 ? 1 : 0)) << t->describe() << " " << src << "->" << dst << " hop " << i;
        const bool wrap_hop = (s > 0 && c[d] == k[d] - 1) || (s < 0 && c[d] == 0);
        crossed[d] = crossed[d] || wrap_hop;
        ASSERT_EQ(path[i].sub, crossed[d] ? 1 : 0) << t->describe() << " " << src << "->" << dst << " hop " << i;
        c[d] = (c[d] + s + k[d]) % k[d];
      }
    }
  }
}

// Reference distances by BFS over neighbour().
std::vector<std::vector<int>> all_distances(const Topology& t) {
  std::vector<std::vector<int>> D(t.nodes(), std::vector<int>(t.nodes(), -1));
  for (int s = 0; s < t.nodes(); ++s) {
    std::deque<int> q{s};
    D[s][s] = 0;
    while (!q.empty()) {
      const int v = q.front();
      q.pop_front();
      for (int p = 0; p < t.ports(); ++p) {
        const PortRef nb = t.neighbour(v, p);
        if (nb.valid() && D[s][nb.router] < 0) {
          D[s][nb.router] = D[s][v] + 1;
          q.push_back(nb.router);
        }
      }
    }
  }
  return D;
}

}  // namespace

TEST(DorRouting, Torus4x4AllPairs) {
  check_dor_cube({4, 4}, true, {});
  check_dor_cube({4, 4}, true, {{}, false});
  check_dor_cube({4, 4}, true, {{1, 0}, true});
}

TEST(DorRouting, Torus8x8AllPairs) {
  check_dor_cube({8, 8}, true, {});
  check_dor_cube({8, 8}, true, {{}, false});
  check_dor_cube({8, 8}, true, {{1, 0}, false});
}

TEST(DorRouting, OtherCubes) {
  check_dor_cube({4, 4, 4}, true, {});
  check_dor_cube({4, 4, 4}, true, {{2, 0, 1}, false});
  check_dor_cube({3, 5}, true, {});
  check_dor_cube({2, 2}, true, {});
  check_dor_cube({2, 3, 2}, true, {{}, false});
  check_dor_cube({4, 4}, false, {});
  check_dor_cube({3, 5}, false, {{1, 0}, true});
  check_dor_cube({4, 3, 2}, false, {});
}

TEST(DorRouting, HandPaths) {
  auto t = topo("torus", {4, 4});
  auto pos = make_routing("dor", *t, {});
  auto neg = make_routing("dor", *t, {{}, false});
  // 0 -> 2 is a tie in x: + goes 0,1,2; - goes 0,3,2 over the wrap link (dateline class from the first hop).
  auto p = walk_dor(*pos, *t, 0, 2);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0].port, 0);
  EXPECT_EQ(p[1].r, 1);
  EXPECT_EQ(p[0].sub + p[1].sub, 0);
  auto q = walk_dor(*neg, *t, 0, 2);
  ASSERT_EQ(q.size(), 2u);
  EXPECT_EQ(q[0].port, 1);
  EXPECT_EQ(q[1].r, 3);
  EXPECT_EQ(q[0].sub, 1);
  EXPECT_EQ(q[1].sub, 1);
  // 0 -> 5 = (1,1): +x then +y.
  auto r = walk_dor(*pos, *t, 0, 5);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].port, 0);
  EXPECT_EQ(r[1].port, 2);
  // 8x8: 7 -> 1 wraps on the first hop (7 -> 0): both hops class 1. 1 -> 7: 1 -> 0 class 0, 0 -> 7 class 1.
  auto t8 = topo("torus", {8, 8});
  auto d8 = make_routing("dor", *t8, {});
  auto a = walk_dor(*d8, *t8, 7, 1);
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].sub, 1);
  EXPECT_EQ(a[1].sub, 1);
  auto b = walk_dor(*d8, *t8, 1, 7);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].sub, 0);
  EXPECT_EQ(b[1].sub, 1);
  // (7,7)=63 -> (1,1)=9: x wraps (class 1), then y starts again in class 0 until its own wrap.
  auto c = walk_dor(*d8, *t8, 63, 9);
  ASSERT_EQ(c.size(), 4u);
  EXPECT_EQ(c[0].sub, 1);
  EXPECT_EQ(c[1].sub, 1);
  EXPECT_EQ(c[2].port, 2);
  EXPECT_EQ(c[2].sub, 1);  // (1,7) -> (1,0) is y's wrap link
  // (0,6) = 48 -> (2,6) = 50, then nothing in y: class 0 throughout.
  auto e = walk_dor(*d8, *t8, 48, 50);
  ASSERT_EQ(e.size(), 2u);
  EXPECT_EQ(e[0].sub + e[1].sub, 0);
}

TEST(DorRouting, DatelineCarriedInHeader) {
  // A dateline bit already set (crossed earlier in this step) keeps class 1 on a non-wrap link.
  auto t = topo("torus", {4, 4});
  auto rf = make_routing("dor", *t, {});
  Header h = make_data_header(0, 2, {}, 0, 1);
  RouteSet rs;
  rf->route(0, h, rs);
  EXPECT_EQ(rs.c[0].sub, 0);
  h.dateline = 0b10;  // y crossed: no effect on an x hop
  rf->route(0, h, rs);
  EXPECT_EQ(rs.c[0].sub, 0);
  h.dateline = 0b01;
  rf->route(0, h, rs);
  EXPECT_EQ(rs.c[0].sub, 1);
  // on_hop sets the bit of the dimension whose wrap link is taken, and only then.
  Header g = make_data_header(0, 2, {}, 0, 1);
  rf->on_hop(0, 0, g);  // (0,0) +x: no wrap
  EXPECT_EQ(g.dateline, 0);
  rf->on_hop(0, 3, g);  // (0,0) -y: y wrap
  EXPECT_EQ(g.dateline, 0b10);
  rf->on_hop(3, 0, g);  // (3,0) +x: x wrap
  EXPECT_EQ(g.dateline, 0b11);
}

TEST(DorRouting, HypercubeEcube) {
  for (int n : {3, 4, 6}) {
    auto t = topo("hypercube", {}, n);
    auto rf = make_routing("dor", *t, {});
    EXPECT_EQ(rf->subclasses().count, 1);
    for (int s = 0; s < t->nodes(); ++s)
      for (int d = 0; d < t->nodes(); ++d) {
        if (s == d) continue;
        std::vector<int> want;  // differing bits, lowest first
        for (int b = 0; b < n; ++b)
          if (((s ^ d) >> b) & 1) want.push_back(b);
        const auto path = walk_dor(*rf, *t, s, d);
        std::vector<int> got;
        for (const Hop& h : path) {
          got.push_back(h.port);
          EXPECT_EQ(h.sub, 0);
        }
        ASSERT_EQ(got, want) << s << "->" << d;
      }
  }
}

TEST(DorRouting, MidimewTwoJumpOrder) {
  for (int N : {8, 16, 32, 64}) {
    auto t = topo("midimew", {}, N);
    const auto D = all_distances(*t);
    auto rf = make_routing("dor", *t, {});
    const int b = dynamic_cast<const Midimew&>(*t).b();
    const int jump[4] = {b - 1, -(b - 1), b, -b};
    for (int s = 0; s < N; ++s)
      for (int d = 0; d < N; ++d) {
        if (s == d) continue;
        const auto path = walk_dor(*rf, *t, s, d);
        ASSERT_EQ(static_cast<int>(path.size()), D[s][d]) << "N=" << N << " " << s << "->" << d;
        bool crossed[2] = {false, false};
        for (size_t i = 0; i < path.size(); ++i) {
          const int dim = path[i].port / 2;
          if (i > 0) {
            EXPECT_GE(dim, path[i - 1].port / 2) << "jump (b-1) first";
            if (dim == path[i - 1].port / 2) {
              EXPECT_EQ(path[i].port, path[i - 1].port) << "one direction";
            }
          }
          const long to = static_cast<long>(path[i].r) + jump[path[i].port];
          crossed[dim] = crossed[dim] || to < 0 || to >= N;
          EXPECT_EQ(path[i].sub, crossed[dim] ? 1 : 0) << "N=" << N << " " << s << "->" << d << " hop " << i;
        }
      }
  }
}

TEST(AdaptiveRouting, CandidatesMinimalWithEscapeLast) {
  struct Case {
    std::string kind;
    std::vector<int> k;
    int n;
    bool complete;  // the adaptive ports must be every minimal port
  };
  const std::vector<Case> cases = {{"torus", {4, 4}, 0, true},  {"torus", {8, 8}, 0, true},
                                   {"torus", {3, 5}, 0, true},  {"torus", {4, 4, 4}, 0, true},
                                   {"torus", {2, 2}, 0, true},  {"mesh", {4, 4}, 0, true},
                                   {"mesh", {3, 5}, 0, true},   {"hypercube", {}, 4, true},
                                   {"midimew", {}, 16, false},  {"midimew", {}, 32, false}};
  for (const Case& cs : cases) {
    auto t = topo(cs.kind, cs.k, cs.n);
    // The front end refuses adaptive routing on the midimew (test_cdg); the relation itself is built
    // directly here to check its candidate lists.
    std::unique_ptr<RoutingFunction> ad = cs.kind == "midimew" ? std::make_unique<AdaptiveRouting>(*t, RoutingParams{})
                                                               : make_routing("adaptive", *t, {});
    auto dor = make_routing("dor", *t, {});
    const auto D = all_distances(*t);
    const auto& ar = dynamic_cast<const AdaptiveRouting&>(*ad);
    const SubClassSpec spec = ad->subclasses();
    EXPECT_EQ(spec.count, t->has_wrap() ? 3 : 2);
    EXPECT_EQ(spec.pool, spec.count - 1);
    EXPECT_EQ(ar.adaptive_sub(), spec.count - 1);
    for (int s = 0; s < spec.count; ++s) EXPECT_EQ(ad->is_escape(s), s != spec.count - 1);
    const int dl_states = t->has_wrap() ? (1 << std::min(t->dims(), 3)) : 1;
    for (int r = 0; r < t->nodes(); ++r)
      for (int dst = 0; dst < t->nodes(); ++dst) {
        if (r == dst) continue;
        for (int dl = 0; dl < dl_states; ++dl) {
          Header h = make_data_header(0, static_cast<uint32_t>(dst), {}, 0, 1);
          h.dateline = static_cast<uint8_t>(dl);
          RouteSet rs, ds;
          ad->route(r, h, rs);
          dor->route(r, h, ds);
          const std::string at = t->describe() + " r=" + std::to_string(r) + " dst=" + std::to_string(dst);
          ASSERT_GE(rs.n, 2) << at;
          ASSERT_EQ(ds.n, 1);
          // Last: the escape VC on the DOR port, in DOR's dateline class.
          EXPECT_EQ(rs.c[rs.n - 1].port, ds.c[0].port) << at;
          EXPECT_EQ(rs.c[rs.n - 1].sub, ds.c[0].sub) << at;
          EXPECT_TRUE(ad->is_escape(rs.c[rs.n - 1].sub));
          // First: an adaptive VC on the DOR port.
          EXPECT_EQ(rs.c[0].port, ds.c[0].port) << at;
          std::set<int> ports;
          for (int i = 0; i < rs.n - 1; ++i) {
            EXPECT_EQ(rs.c[i].sub, ar.adaptive_sub()) << at;
            EXPECT_TRUE(ports.insert(rs.c[i].port).second) << at << " port twice: " << int(rs.c[i].port);
          }
          for (int i = 0; i < rs.n; ++i) {
            const PortRef nb = t->neighbour(r, rs.c[i].port);
            ASSERT_TRUE(nb.valid()) << at;
            EXPECT_EQ(D[nb.router][dst], D[r][dst] - 1) << at << " port " << int(rs.c[i].port) << " not minimal";
          }
          if (cs.complete) {
            std::set<int> minimal;
            for (int p = 0; p < t->ports(); ++p) {
              const PortRef nb = t->neighbour(r, p);
              if (nb.valid() && D[nb.router][dst] == D[r][dst] - 1) minimal.insert(p);
            }
            EXPECT_EQ(ports, minimal) << at;
          }
        }
      }
  }
}

TEST(AdaptiveRouting, RandomWalksAreMinimal) {
  for (auto k : std::vector<std::vector<int>>{{8, 8}, {4, 4, 4}}) {
    auto t = topo("torus", k);
    auto ad = make_routing("adaptive", *t, {});
    const auto D = all_distances(*t);
    std::mt19937 g(7);
    for (int s = 0; s < t->nodes(); ++s)
      for (int d = 0; d < t->nodes(); ++d) {
        if (s == d) continue;
        Header h = make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), {}, 0, 1);
        int r = s, hops = 0;
        while (r != d && hops <= D[s][d]) {
          RouteSet rs;
          ad->route(r, h, rs);
          ASSERT_GT(rs.n, 0);
          const RouteChoice c = rs.c[g() % rs.n];
          ad->on_hop(r, c.port, h);
          r = t->neighbour(r, c.port).router;
          ++hops;
        }
        ASSERT_EQ(r, d);
        ASSERT_EQ(hops, D[s][d]);
      }
  }
}

TEST(AdaptiveRouting, CandidatesFitRouteSet) {
  // Worst cases for the candidate count: every dimension differs (and on k = 2 rings both directions are
  // minimal). route() must not write past RouteSet's capacity and must still end with the escape.
  struct Guarded {
    RouteSet rs;
    uint8_t canary[64];
  };
  struct Case {
    std::string kind;
    std::vector<int> k;
    int n;
    int dst;
  };
  const std::vector<Case> cases = {
      {"torus", std::vector<int>(8, 2), 0, 255},  // 2-ary 8-cube, 256 nodes: 8 x 2 minimal ports
      {"hypercube", {}, 16, 0xffff},              // 16 differing bits
      // 4-ary 7-cube, all dimensions at a tie: 14 minimal ports + escape = 15, within capacity.
      {"torus", std::vector<int>(7, 4), 0, 2 + 4 * (2 + 4 * (2 + 4 * (2 + 4 * (2 + 4 * (2 + 4 * 2)))))}};
  for (const Case& c : cases) {
    auto t = topo(c.kind, c.k, c.n);
    auto ad = make_routing("adaptive", *t, {});
    auto dor = make_routing("dor", *t, {});
    Guarded g;
    std::fill(std::begin(g.canary), std::end(g.canary), uint8_t{0xa5});
    const Header h = make_data_header(0, static_cast<uint32_t>(c.dst), {}, 0, 1);
    ad->route(0, h, g.rs);
    RouteSet ds;
    dor->route(0, h, ds);
    bool intact = true;
    for (uint8_t b : g.canary) intact = intact && b == 0xa5;
    EXPECT_TRUE(intact) << t->describe() << ": route() wrote past RouteSet (" << g.rs.n << " candidates, capacity "
                        << RouteSet::kMax << ")";
    EXPECT_LE(g.rs.n, RouteSet::kMax) << t->describe();
    EXPECT_GE(g.rs.n, 2) << t->describe();
    if (g.rs.n > RouteSet::kMax || g.rs.n < 2) continue;  // entries past capacity are not readable
    EXPECT_EQ(g.rs.c[g.rs.n - 1].port, ds.c[0].port) << t->describe();
    EXPECT_EQ(g.rs.c[g.rs.n - 1].sub, ds.c[0].sub) << t->describe();
  }
}

TEST(VcLayout, HandCases) {
  const SubClassSpec dor_torus{2, -1, {"dl0", "dl1"}};
  const SubClassSpec adaptive_torus{3, 2, {"esc0", "esc1", "adaptive"}};
  const SubClassSpec none{0, -1, {}};
  // DOR torus, 2 VCs: two classes of one VC.
  VcLayout a(2, 1, dor_torus, none);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a.groups(), 1);
  EXPECT_EQ(a.ack_group(), -1);
  EXPECT_EQ(a.classes(), 2);
  EXPECT_EQ(a.first(0), 0);
  EXPECT_EQ(a.count(0), 1);
  EXPECT_EQ(a.first(1), 1);
  EXPECT_EQ(a.count(1), 1);
  EXPECT_EQ(a.describe(), "step0.dl0=0, step0.dl1=1");
  // 8 VCs: 4 each.
  VcLayout b(8, 1, dor_torus, none);
  EXPECT_EQ(b.first(0), 0);
  EXPECT_EQ(b.count(0), 4);
  EXPECT_EQ(b.first(1), 4);
  EXPECT_EQ(b.count(1), 4);
  EXPECT_EQ(b.describe(), "step0.dl0=0..3, step0.dl1=4..7");
  // 3 VCs: leftover to the lowest class.
  VcLayout b3(3, 1, dor_torus, none);
  EXPECT_EQ(b3.count(0), 2);
  EXPECT_EQ(b3.count(1), 1);
  // Adaptive torus, 8 VCs: escapes keep one each, the pool takes 6.
  VcLayout c(8, 1, adaptive_torus, none);
  ASSERT_TRUE(c.ok());
  EXPECT_EQ(c.classes(), 3);
  EXPECT_EQ(c.count(c.cls(0, 0)), 1);
  EXPECT_EQ(c.first(c.cls(0, 0)), 0);
  EXPECT_EQ(c.count(c.cls(0, 1)), 1);
  EXPECT_EQ(c.first(c.cls(0, 1)), 1);
  EXPECT_EQ(c.count(c.cls(0, 2)), 6);
  EXPECT_EQ(c.first(c.cls(0, 2)), 2);
  // 3 data steps x 2 dateline classes + an ack group of 2, 8 VCs: eight classes of one.
  VcLayout d(8, 3, dor_torus, dor_torus);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d.groups(), 4);
  EXPECT_EQ(d.ack_group(), 3);
  EXPECT_EQ(d.classes(), 8);
  for (int g = 0; g < 4; ++g)
    for (int s = 0; s < 2; ++s) {
      EXPECT_EQ(d.cls(g, s), 2 * g + s);
      EXPECT_EQ(d.first(d.cls(g, s)), 2 * g + s);
      EXPECT_EQ(d.count(d.cls(g, s)), 1);
    }
  for (int g = 0; g < 4; ++g) {
    EXPECT_EQ(d.group_first(g), 2 * g);
    EXPECT_EQ(d.group_count(g), 2);
  }
  // Same with 10 VCs: the two leftovers go to the first two classes (step 0).
  VcLayout e(10, 3, dor_torus, dor_torus);
  EXPECT_EQ(e.group_first(0), 0);
  EXPECT_EQ(e.group_count(0), 4);
  EXPECT_EQ(e.group_first(1), 4);
  EXPECT_EQ(e.group_count(1), 2);
  EXPECT_EQ(e.group_first(3), 8);
  // Adaptive, 3 steps + DOR acks: 11 classes; 14 VCs -> the three step pools get one extra VC each.
  VcLayout f(14, 3, adaptive_torus, dor_torus);
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f.classes(), 11);
  for (int g = 0; g < 3; ++g) {
    EXPECT_EQ(f.count(f.cls(g, 2)), 2);
    EXPECT_EQ(f.group_first(g), 4 * g);
    EXPECT_EQ(f.group_count(g), 4);
  }
  EXPECT_EQ(f.group_first(3), 12);
  EXPECT_EQ(f.group_count(3), 2);
  // Too few VCs.
  EXPECT_FALSE(VcLayout(7, 3, dor_torus, dor_torus).ok());
  EXPECT_FALSE(VcLayout(2, 1, adaptive_torus, none).ok());
  EXPECT_FALSE(VcLayout(1, 1, dor_torus, none).ok());
  EXPECT_EQ(VcLayout(7, 3, dor_torus, dor_torus).needed(), 8);
}

TEST(VcLayout, ClassesTileAllVcs) {
  const std::vector<SubClassSpec> specs = {
      {1, -1, {"dor"}}, {2, -1, {"dl0", "dl1"}}, {2, 1, {"esc", "adaptive"}}, {3, 2, {"esc0", "esc1", "adaptive"}}};
  const SubClassSpec none{0, -1, {}};
  for (const auto& data : specs)
    for (const auto& ack : {none, specs[0], specs[1]})
      for (int steps = 1; steps <= 3; ++steps)
        for (int vcs = 1; vcs <= 24; ++vcs) {
          VcLayout L(vcs, steps, data, ack);
          const int need = steps * data.count + ack.count;
          ASSERT_EQ(L.classes(), need);
          ASSERT_EQ(L.ok(), vcs >= need);
          if (!L.ok()) continue;
          // Classes are contiguous, in order, each at least one VC, covering exactly 0..vcs-1.
          int next = 0, pool_min = 1 << 20, other_max = 0;
          for (int c = 0; c < L.classes(); ++c) {
            ASSERT_EQ(L.first(c), next);
            ASSERT_GE(L.count(c), 1);
            next += L.count(c);
          }
          ASSERT_EQ(next, vcs);
          for (int g = 0; g < L.groups(); ++g) {
            const SubClassSpec& s = g == L.ack_group() ? ack : data;
            int sum = 0;
            for (int i = 0; i < s.count; ++i) {
              sum += L.count(L.cls(g, i));
              if (i == s.pool) pool_min = std::min(pool_min, L.count(L.cls(g, i)));
              else if (data.pool >= 0) other_max = std::max(other_max, L.count(L.cls(g, i)));
            }
            ASSERT_EQ(L.group_first(g), L.first(L.cls(g, 0)));
            ASSERT_EQ(L.group_count(g), sum);
          }
          // With a pool every non-pool class keeps exactly one VC.
          if (data.pool >= 0) {
            ASSERT_LE(other_max, 1);
          }
          // Without one the split is balanced: counts differ by at most one.
          if (data.pool < 0) {
            int lo = 1 << 20, hi = 0;
            for (int c = 0; c < L.classes(); ++c) {
              lo = std::min(lo, L.count(c));
              hi = std::max(hi, L.count(c));
            }
            ASSERT_LE(hi - lo, 1);
          }
        }
}

TEST(Routing, MakeRoutingAndDimOrderErrors) {
  auto t = topo("torus", {4, 4});
  EXPECT_EQ(make_routing("adaptive", *t, {})->name(), "adaptive");
  for (const char* a : {"dor", "valiant", "drb", "drb2"}) EXPECT_EQ(make_routing(a, *t, {})->name(), "dor");
  for (auto order : std::vector<std::vector<int>>{{0}, {0, 0}, {0, 2}, {-1, 0}, {1, 0, 2}}) {
    try {
      make_routing("dor", *t, {order, true});
      ADD_FAILURE() << "no error for dim_order of size " << order.size();
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("routing.dim_order: ", 0), 0u) << e.what();
    }
  }
  EXPECT_NO_THROW(make_routing("dor", *t, {{1, 0}, true}));
}

// Networks above 1,024 nodes compute the DOR hop from coordinates instead of reading the next-hop table:
// walk sampled pairs of a 48x48 torus and check minimal, dimension-ordered routes there too.
TEST(DorRouting, ComputedHopsOnALargeTorusAreMinimalAndOrdered) {
  auto t = make_topology(TopologyParams{"torus", {48, 48}, 2, 0});
  auto rf = make_routing("dor", *t, {});
  Rng rng(5);
  for (int k = 0; k < 2000; ++k) {
    const int s = static_cast<int>(rng.below(t->nodes())), d = static_cast<int>(rng.below(t->nodes()));
    if (s == d) continue;
    Header h = make_data_header(static_cast<uint32_t>(s), static_cast<uint32_t>(d), {}, 0, 1);
    int r = s, hops = 0, last_dim = 0;
    while (r != d) {
      RouteSet rs;
      rf->route(r, h, rs);
      ASSERT_EQ(rs.n, 1);
      const int dim = t->port_dim(rs.c[0].port);
      ASSERT_GE(dim, last_dim) << "dimension order broken at " << r;
      last_dim = dim;
      rf->on_hop(r, rs.c[0].port, h);
      r = t->neighbour(r, rs.c[0].port).router;
      ASSERT_LE(++hops, 48);
    }
    auto ring = [](int a, int b) { const int x = a > b ? a - b : b - a; return x < 48 - x ? x : 48 - x; };
    EXPECT_EQ(hops, ring(s % 48, d % 48) + ring(s / 48, d / 48)) << s << "->" << d;
  }
}

// A torus of more than 8 dimensions keeps the dateline bit of every dimension (the header once held them
// in 8 bits, so a packet left the dateline class after a wrap link in dimension 8 or up).
TEST(DorRouting, DatelineBitsBeyondEightDimensions) {
  auto t = topo("torus", std::vector<int>(10, 3));
  auto rf = make_routing("dor", *t, {});
  const int p3_9 = 19683;  // 3^9: coordinate 1 in dimension 9
  EXPECT_EQ(rf->hop_dateline(2 * p3_9, t->port(9, 1)), 1 << 9);  // x9 = 2 -> 0 over the wrap link
  Header h = make_data_header(0, p3_9, nullptr, 0, 0, 1);
  RouteSet rs;
  rf->route(0, h, rs);
  ASSERT_EQ(rs.n, 1);
  EXPECT_EQ(rs.c[0].port, t->port(9, 1));
  EXPECT_EQ(rs.c[0].sub, 0);
  h.dateline = 1 << 9;  // this step already crossed dimension 9's dateline
  rf->route(0, h, rs);
  ASSERT_EQ(rs.n, 1);
  EXPECT_EQ(rs.c[0].sub, 1);
  const HeaderLayout l(LayoutParams{59049, 16, 16, 10, 10});
  EXPECT_EQ(l.decode(l.encode(h)).dateline, 1 << 9);
}
