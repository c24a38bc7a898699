// SPDX-License-Identifier: Apache-2.0
// Negative-first adaptive routing with misrouting on n-D meshes (docs/negative-first.md): the turn
// restriction and misroute rules on every (router, input, destination) of 2-D to 4-D meshes, the paper's
// adaptivity count by path enumeration, the CDG (acyclic on 2-D, 3-D and 4-D meshes with one VC; cyclic
// when the forbidden turn is allowed), the livelock bound on every delivered packet, zero-load latency,
// conservation past saturation, determinism and the refusals.
#include <gtest/gtest.h>

#include <map>

#include "models/routing/negative_first.h"
#include "tests/fabrics.h"

using namespace drb;
using namespace drb::test;
using namespace drb::test::fabrics;

namespace {

std::unique_ptr<Interconnect> mesh(std::vector<int> k) {
  TopologyParams p;
  p.kind = "mesh";
  p.n = static_cast<int>(k.size());
  p.k = k;
  return make_interconnect(p);
}

// Hops between routers a and b of a k-ary n-mesh (digit arithmetic, not the graph).
std::function<int(int, int)> manhattan(int k, int n) {
  return [k, n](int a, int b) {
    int h = 0;
    for (int d = 0, s = 1; d < n; s *= k, ++d) h += std::abs((a / s) % k - (b / s) % k);
    return h;
  };
}

const KAryNCube& cube(const Interconnect& ic) { return dynamic_cast<const KAryNCube&>(*ic.direct()); }

int coord_sum(const KAryNCube& m, int r) {
  int s = 0;
  for (int d = 0; d < m.dims(); ++d) s += m.coord(r, d);
  return s;
}

// Section 5's assertions, at every router, from every input (and the NI) towards every destination: a head
// that came up a positive channel is offered positive channels only; the preferred candidates are the minimal
// ones of the phase (negative while any offset is negative); misroutes are negative channels, offered only
// after a negative hop or from the NI, each a hop that lowers the coordinate sum.
TEST(NegativeFirst, TurnRestrictionAndMisrouteRules) {
  for (const std::vector<int>& k : {std::vector<int>{4, 4}, {3, 3, 3}, {2, 3, 2, 3}}) {
    const auto ic = mesh(k);
    const KAryNCube& m = cube(*ic);
    for (bool at_source : {true, false}) {
      const NegativeFirstRouting rf(m, {true, at_source, false});
      int misroutes = 0;
      for (int e = 0; e < m.nodes(); ++e)
        for (int in = -1; in < m.ports(); ++in) {
          if (in >= 0 && !m.neighbour(e, in).valid()) continue;
          const bool came_positive = in >= 0 && m.port_sign(in) < 0;  // entered on a "-" port: moved +
          for (int dst = 0; dst < m.nodes(); ++dst) {
            if (dst == e) continue;
            bool neg_left = false;
            for (int d = 0; d < m.dims(); ++d) neg_left |= m.coord(dst, d) < m.coord(e, d);
            // Unreachable: a positive hop is taken only when no offset is negative, and positive hops are
            // minimal, so a head that came up a positive channel has no negative offset left.
            if (came_positive && neg_left) continue;
            RouteSet rs;
            rf.route_from(e, in, make_data_header(0, dst, nullptr, 0, 0, 1), rs);
            ASSERT_GT(rs.tier, 0);
            for (int i = 0; i < rs.n; ++i) {
              const int p = rs.c[i].port, d = m.port_dim(p), s = m.port_sign(p);
              ASSERT_TRUE(m.neighbour(e, p).valid());
              if (came_positive) {
                ASSERT_GT(s, 0) << "positive -> negative at " << e;
              }
              if (i < rs.tier) {  // minimal, in the phase's sign
                ASSERT_EQ(s, neg_left ? -1 : 1);
                ASSERT_EQ(m.distance(m.neighbour(e, p).router, dst), m.distance(e, dst) - 1);
              } else {
                ++misroutes;
                ASSERT_EQ(s, -1);
                ASSERT_GE(m.coord(dst, d), m.coord(e, d)) << "a misroute must go away from the destination";
                ASSERT_TRUE(in >= 0 ? !came_positive : at_source);
              }
            }
          }
        }
      EXPECT_GT(misroutes, 0) << "no misroute was ever offered";
    }
  }
}

// Section 3: the minimal paths the relation allows from a to b number multinomial(|negative offsets|) x
// multinomial(|positive offsets|) (1 on a 2-D mesh when the offsets' signs differ), counted by walking the
// preferred candidates from the NI (a path that enters a router on a negative channel sees the same ones).
TEST(NegativeFirst, AdaptivityCountByPathEnumeration) {
  auto fact = [](int n) { double f = 1; for (int i = 2; i <= n; ++i) f *= i; return f; };
  for (const std::vector<int>& k : {std::vector<int>{4, 4}, {3, 3, 3}}) {
    const auto ic = mesh(k);
    const KAryNCube& m = cube(*ic);
    const NegativeFirstRouting rf(m, {true, true, false});
    for (int a = 0; a < m.nodes(); ++a)
      for (int b = 0; b < m.nodes(); ++b) {
        if (a == b) continue;
        std::map<std::pair<int, int>, double> memo;  // (router, input port) -> minimal paths on to b
        std::function<double(int, int)> paths = [&](int e, int in) -> double {
          if (e == b) return 1;
          auto it = memo.find({e, in});
          if (it != memo.end()) return it->second;
          RouteSet rs;
          rf.route_from(e, in, make_data_header(a, b, nullptr, 0, 0, 1), rs);
          double n = 0;
          for (int i = 0; i < rs.tier; ++i) {
            const PortRef nb = m.neighbour(e, rs.c[i].port);
            n += paths(nb.router, nb.port);
          }
          return memo[{e, in}] = n;
        };
        int neg = 0, pos = 0;
        double den_n = 1, den_p = 1;
        for (int d = 0; d < m.dims(); ++d) {
          const int off = m.coord(b, d) - m.coord(a, d);
          if (off < 0) neg -= off, den_n *= fact(-off);
          if (off > 0) pos += off, den_p *= fact(off);
        }
        ASSERT_EQ(paths(a, -1), fact(neg) / den_n * fact(pos) / den_p) << a << " -> " << b;
      }
  }
}

// Deadlock freedom: the channel dependency graph of every route the relation allows (misroutes included)
// is acyclic with one VC on 2-D, 3-D and 4-D meshes; allowing the forbidden positive -> negative turn (every
// minimal channel, fully adaptive) closes a cycle.
TEST(NegativeFirst, CdgAcyclicWithNegativeControl) {
  for (const std::vector<int>& k : {std::vector<int>{4, 4}, {3, 3, 3}, {3, 2, 3, 2}}) {
    const auto ic = mesh(k);
    for (bool at_source : {true, false}) {
      const NegativeFirstRouting rf(cube(*ic), {true, at_source, false});
      std::string cyc;
      EXPECT_TRUE(acyclic(*ic, rf, &cyc)) << k.size() << "-D: " << cyc;
    }
    const NegativeFirstRouting bad(cube(*ic), {false, false, true});
    std::string cyc;
    EXPECT_FALSE(acyclic(*ic, bad, &cyc)) << k.size() << "-D negative control stayed acyclic";
  }
}

// Section 4.1: misroutes are negative hops taken before any positive one, and each negative hop lowers the
// coordinate sum, so a packet from s crosses at most distance + 2 * (coordinate sum of s) channels. Every
// packet of a run past saturation is checked; the run must have misrouted (else the check could not fail).
TEST(NegativeFirst, LivelockBoundOnEveryPacket) {
  const auto r = in_child([] {
    const Scenario s = scenario({"topology.kind=mesh", "topology.k=6,6", "routing.algorithm=negative_first",
                                 "router.vcs=1", "traffic.length=4", "traffic.source_queue=16"});
    Fabric fab("fabric", s.net);
    const KAryNCube& m = dynamic_cast<const KAryNCube&>(fab.net().topology());
    struct Check : NetObserver {
      const KAryNCube* m;
      uint64_t packets = 0, detours = 0, over = 0;
      void packet_arrived(const Packet& p, const Message&, int64_t) override {
        const int dist = m->distance(p.src, static_cast<int>(p.hdr.final_dest));
        ++packets;
        detours += p.hops > dist;
        over += p.hops > dist + 2 * coord_sum(*m, p.src);
      }
    } chk;
    chk.m = &m;
    fab.net().add_observer(&chk);
    const nlohmann::json led = drive_ledger(fab, 4, 20000, [](int64_t) { return 0.8; });
    return nlohmann::json{{"packets", chk.packets}, {"detours", chk.detours}, {"over", chk.over}, {"ledger", led}};
  });
  ASSERT_FALSE(r.contains("error")) << r.dump();
  expect_conserved(r["ledger"]);
  std::printf("%s\n", r.dump().c_str());
  EXPECT_GT(r["packets"].get<uint64_t>(), 10000u);
  EXPECT_GT(r["detours"].get<uint64_t>(), 0u) << "no packet misrouted: the bound was not exercised";
  EXPECT_EQ(r["over"].get<uint64_t>(), 0u);
}

TEST(NegativeFirst, ZeroLoadLatencyIsTheManhattanFormula) {
  zero_load({"topology.kind=mesh", "topology.n=3", "topology.k=3,4,2", "routing.algorithm=negative_first", "router.vcs=1"},
            [](int a, int b) {
              const int k[3] = {3, 4, 2};
              int h = 0;
              for (int d = 0, s = 1; d < 3; s *= k[d], ++d) h += std::abs((a / s) % k[d] - (b / s) % k[d]);
              return h;
            });
}

TEST(NegativeFirst, ConservationPastSaturation) {
  overload({"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=2"}, 16, manhattan(4, 2), 100000);
  overload({"topology.kind=mesh", "topology.n=3", "topology.k=3", "routing.algorithm=negative_first", "router.vcs=1",
            "routing.misroute_at_source=false"}, 27, manhattan(3, 3), 100000);
}

// The same for 10^6 cycles on a 2-D and a 3-D mesh (label long).
TEST(NegativeFirstLong, ConservationPastSaturation) {
  overload({"topology.kind=mesh", "topology.k=4", "routing.algorithm=negative_first", "router.vcs=2"}, 16, manhattan(4, 2), 1000000);
  overload({"topology.kind=mesh", "topology.n=3", "topology.k=3", "routing.algorithm=negative_first", "router.vcs=1"}, 27,
           manhattan(3, 3), 1000000);
}

TEST(NegativeFirst, DeterministicPerSeed) {
  const std::string a = "topology.kind=mesh topology.k=6 routing.algorithm=negative_first traffic.rate=0.4 "
                        "sim.warmup=500 sim.measure=3000 sim.progress=off";
  const Exec x = drbsim(a), y = drbsim(a), z = drbsim(a + " sim.seed=2");
  ASSERT_EQ(x.code, 0) << x.err;
  EXPECT_EQ(x.out, y.out);
  EXPECT_NE(x.out, z.out);
}

TEST(NegativeFirst, Refusals) {
  expect_refused({
      {"routing.algorithm=negative_first", "routing.algorithm"},  // the default topology is a torus
      {"topology.kind=mesh topology.trunk=2 routing.algorithm=negative_first", "routing.algorithm"},
      {"topology.kind=mesh routing.algorithm=negative_first router.blocks.dec=rtl", "routing.algorithm"},
      {"topology.kind=mesh routing.misroute=false", "routing.misroute"},
      {"topology.kind=fattree topology.k=4 topology.n=2 routing.algorithm=negative_first", "routing.algorithm"}
  });
}

}  // namespace
