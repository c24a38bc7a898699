// SPDX-License-Identifier: Apache-2.0
// Supernode constructions and DRB candidate MSP lists. Node sets are worked out by hand from the
// numbering (tori and meshes: id = x + k*y, dimension 0 fastest; hypercube: bit d = dimension d;
// midimew C_N(b-1, b): ids mod N) and the construction rules; candidate orders from the DOR walks
// written out in the comments (x first, the positive direction on a ring tie).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "models/drb/msp_candidates.h"
#include "models/drb/supernode.h"
#include "tests/topologies.h"

using namespace drb;

namespace {

std::unique_ptr<Topology> torus(std::vector<int> k, const char* kind = "torus") { return test::topo(kind, std::move(k)); }
std::unique_ptr<Topology> cube(int n) { return test::topo("hypercube", {}, n); }
std::unique_ptr<Topology> midimew(int nodes) { return test::topo("midimew", {}, nodes); }

std::unique_ptr<SupernodeConstruction> build(const Topology& t, const std::string& name,
                                             DgaRule rule = DgaRule::None, LineStyle style = LineStyle::Auto) {
  SupernodeSpec spec;
  spec.dga_rule = rule;
  spec.line_style = style;
  std::string err;
  EXPECT_TRUE(parse_supernode(name, spec, err)) << err;
  auto sn = make_supernodes(t, spec, err);
  EXPECT_TRUE(sn) << err;
  return sn;
}

std::string make_error(const Topology& t, const std::string& name) {
  SupernodeSpec spec;
  std::string err;
  if (!parse_supernode(name, spec, err)) return "parse: " + err;
  auto sn = make_supernodes(t, spec, err);
  return sn ? "" : err;
}

using V = std::vector<int>;

}  // namespace

// ---------------------------------------------------------------------------------------------------------
TEST(SupernodeNames, RoundTrip) {
  for (const char* name : {"static", "row:16", "column:8", "plane:4x4", "subcube:3", "sga:2", "dga:2", "random"}) {
    SupernodeSpec s;
    std::string err;
    ASSERT_TRUE(parse_supernode(name, s, err)) << name << ": " << err;
    EXPECT_EQ(supernode_name(s), name);
  }
  SupernodeSpec s;
  std::string err;
  ASSERT_TRUE(parse_supernode("plane:2x8", s, err));
  EXPECT_EQ(s.family, SupernodeFamily::Plane);
  EXPECT_EQ(s.size, 2);
  EXPECT_EQ(s.size2, 8);
}

TEST(SupernodeNames, BadNamesNameTheKey) {
  for (const char* bad : {"foo", "row", "row:0", "row:-1", "row:x", "row:2.5", "random:3", "static:1", "plane:4",
                          "plane:4x", "planex:4x4", "sga:", "", "dga:99999999999"}) {
    SupernodeSpec s;
    std::string err;
    EXPECT_FALSE(parse_supernode(bad, s, err)) << bad;
    EXPECT_EQ(err.rfind("drb.supernode: ", 0), 0u) << err;
    EXPECT_EQ(err.find('\n'), std::string::npos);
  }
  DgaRule r;
  LineStyle st;
  std::string err;
  EXPECT_FALSE(parse_dga_rule("d", r, err));
  EXPECT_EQ(err.rfind("drb.dga_rule: ", 0), 0u) << err;
  EXPECT_FALSE(parse_line_style("middle", st, err));
  EXPECT_EQ(err.rfind("drb.row_style: ", 0), 0u) << err;
  ASSERT_TRUE(parse_dga_rule("c", r, err));
  EXPECT_EQ(r, DgaRule::C);
  ASSERT_TRUE(parse_line_style("centred", st, err));
  EXPECT_EQ(st, LineStyle::Centred);
}

TEST(SupernodeNames, SizesCheckedAgainstTopology) {
  auto t44 = torus({4, 4});
  auto c3 = cube(3);
  auto m32 = midimew(32);
  EXPECT_EQ(make_error(*t44, "row:4"), "");
  EXPECT_NE(make_error(*t44, "row:5").find("too long"), std::string::npos);  // rows of a 4x4 torus hold 4
  EXPECT_NE(make_error(*t44, "subcube:1").find("hypercube"), std::string::npos);
  EXPECT_NE(make_error(*c3, "row:2").find("subcube"), std::string::npos);
  EXPECT_NE(make_error(*c3, "subcube:4").find("1..3"), std::string::npos);
  EXPECT_EQ(make_error(*t44, "sga:4"), "");                             // the diameter of 4x4 is 2 + 2
  EXPECT_NE(make_error(*t44, "sga:5").find("1..4"), std::string::npos);
  EXPECT_NE(make_error(*m32, "plane:2x2").find("torus or mesh"), std::string::npos);
  EXPECT_NE(make_error(*torus({8}), "column:2").find("dimension 1"), std::string::npos);
  // C_32(3, 4): gcd(32, 3) = 1, so the +-3 line visits all 32 nodes.
  EXPECT_EQ(make_error(*m32, "row:32"), "");
  EXPECT_NE(make_error(*m32, "row:33").find("too long"), std::string::npos);
  for (const char* name : {"row:5", "subcube:1", "sga:5"})
    EXPECT_EQ(make_error(*t44, name).rfind("drb.supernode: ", 0), 0u);
}

// ---------------------------------------------------------------------------------------------------------
TEST(SupernodeSets, TorusRowsColumnsAndBalls) {
  auto t = torus({4, 4});
  // Node 5 = (1,1). Row of 2 starting at S going +x: (1,1), (2,1) = 5, 6; the study drops all of row y = 1.
  auto row2 = build(*t, "row:2");
  EXPECT_EQ(row2->line_style(), LineStyle::Start);
  EXPECT_EQ(row2->source(5), (V{5, 6}));
  EXPECT_EQ(row2->excluded(5), (V{4, 5, 6, 7}));
  // Node 7 = (3,1): three nodes from x = 3 wrap to x = 0, 1: ids 7, 4, 5.
  EXPECT_EQ(build(*t, "row:3")->source(7), (V{4, 5, 7}));
  // Centred: x = 0, 1, 2 around (1,1); only the segment is excluded.
  auto c3 = build(*t, "row:3", DgaRule::None, LineStyle::Centred);
  EXPECT_EQ(c3->source(5), (V{4, 5, 6}));
  EXPECT_EQ(c3->excluded(5), (V{4, 5, 6}));
  // Column of 2 from (1,1) going +y: (1,1), (1,2) = 5, 9; the whole column x = 1 is excluded.
  auto col2 = build(*t, "column:2");
  EXPECT_EQ(col2->source(5), (V{5, 9}));
  EXPECT_EQ(col2->excluded(5), (V{1, 5, 9, 13}));
  // SGA radius 1 around 0: 0 and its neighbours (1,0), (3,0), (0,1), (0,3).
  auto sga = build(*t, "sga:1");
  EXPECT_EQ(sga->source(0), (V{0, 1, 3, 4, 12}));
  EXPECT_EQ(sga->excluded(0), (V{0, 1, 3, 4, 12}));
  SupernodeSets s = sga->sets(0, 10);
  EXPECT_EQ(s.dst, (V{10}));
  EXPECT_EQ(s.radius, 1);
  // Random: every node, nothing excluded. Static: the pair itself.
  auto rnd = build(*t, "random");
  EXPECT_EQ(rnd->source(3).size(), 16u);
  EXPECT_TRUE(rnd->excluded(3).empty());
  auto st = build(*t, "static");
  EXPECT_EQ(st->sets(2, 9).src, (V{2}));
  EXPECT_EQ(st->sets(2, 9).dst, (V{9}));
  EXPECT_TRUE(st->excluded(2).empty());
}

TEST(SupernodeSets, DoubleGravityRules) {
  auto t = torus({4, 4});
  // dga:1, pair (0, 10 = (2,2)): B(0,1) as above, B(10,1) = (2,2), (3,2), (1,2), (2,3), (2,1) = 10, 11, 9, 14, 6.
  SupernodeSets s = build(*t, "dga:1")->sets(0, 10);
  EXPECT_EQ(s.src, (V{0, 1, 3, 4, 12}));
  EXPECT_EQ(s.dst, (V{6, 9, 10, 11, 14}));
  // Rule a keeps the balls but excludes every d with dist(0, d) <= 2: 1 + 4 + 6 nodes.
  EXPECT_EQ(build(*t, "dga:1", DgaRule::A)->excluded(0).size(), 11u);
  // Rule b, d = 5 = (1,1) at distance 2: radius min(1, (2 - 1) / 2) = 0, so both supernodes shrink to a point.
  s = build(*t, "dga:1", DgaRule::B)->sets(0, 5);
  EXPECT_EQ(s.radius, 0);
  EXPECT_EQ(s.src, (V{0}));
  EXPECT_EQ(s.dst, (V{5}));
  // Rule c, d = 2 = (2,0): B(2,1) = 2, 3, 1, 6, 14 loses 1 and 3, which are in B(0,1).
  s = build(*t, "dga:1", DgaRule::C)->sets(0, 2);
  EXPECT_EQ(s.dst, (V{2, 6, 14}));
  EXPECT_EQ(s.src, (V{0, 1, 3, 4, 12}));
}

TEST(SupernodeSets, PlanesSubcubesMidimewAndMesh) {
  // 4x4x4 torus, plane:2x2 at 0: (0,0,0), (1,0,0), (0,1,0), (1,1,0) = 0, 1, 4, 5; the study drops plane z = 0.
  auto t3 = torus({4, 4, 4});
  auto pl = build(*t3, "plane:2x2");
  EXPECT_EQ(pl->source(0), (V{0, 1, 4, 5}));
  V z0(16);
  for (int i = 0; i < 16; ++i) z0[i] = i;
  EXPECT_EQ(pl->excluded(0), z0);
  // 3-cube, subcube:2 of 5 = 101b: 5 xor {0,1,2,3} = 5, 4, 7, 6.
  auto sc = build(*cube(3), "subcube:2");
  EXPECT_EQ(sc->source(5), (V{4, 5, 6, 7}));
  EXPECT_EQ(sc->excluded(5), (V{4, 5, 6, 7}));
  // Midimew 32: b = ceil(sqrt(16)) = 4, jumps 3 and 4. Centred rows by default:
  // row:3 -> 0 + {-3, 0, 3} = 29, 0, 3; row:4 -> {-6, -3, 0, 3} = 26, 29, 0, 3; column:2 -> {-4, 0} = 28, 0.
  auto m = midimew(32);
  auto r3 = build(*m, "row:3");
  EXPECT_EQ(r3->line_style(), LineStyle::Centred);
  EXPECT_EQ(r3->source(0), (V{0, 3, 29}));
  EXPECT_EQ(r3->excluded(0), (V{0, 3, 29}));
  EXPECT_EQ(build(*m, "row:4")->source(0), (V{0, 3, 26, 29}));
  EXPECT_EQ(build(*m, "column:2")->source(0), (V{0, 28}));
  // 4x4 mesh: a row segment runs +x from S and shifts back where the border leaves no room.
  auto mesh = torus({4, 4}, "mesh");
  auto mr = build(*mesh, "row:3");
  EXPECT_EQ(mr->source(0), (V{0, 1, 2}));
  EXPECT_EQ(mr->source(1), (V{1, 2, 3}));
  EXPECT_EQ(mr->source(3), (V{1, 2, 3}));
  EXPECT_EQ(mr->excluded(3), (V{0, 1, 2, 3}));
  EXPECT_EQ(build(*mesh, "row:3", DgaRule::None, LineStyle::Centred)->source(0), (V{0, 1, 2}));
  // Balls are clipped at the border: the corner has two neighbours.
  EXPECT_EQ(build(*mesh, "sga:1")->source(0), (V{0, 1, 4}));
}

// ---------------------------------------------------------------------------------------------------------
namespace {

std::vector<uint32_t> inter(const CandidateMsp& m) { return std::vector<uint32_t>(m.node, m.node + m.n); }

}  // namespace

TEST(MspCandidates, HandOrderOnTorus) {
  // 4x4 torus, sga:1, channel 0 -> 6 = (2,1). Ports: +x = 0, -x = 1, +y = 2, -y = 3; link id = 4 r + port.
  //   canonical: 0 -x+-> 1 -+x-> 2 -+y-> 6 (x offset 2 is a tie: positive)     links {0, 4, 10}
  //   via 4 (0,1):  0 +y, 4 +x, 5 +x                       shares none                 hops 3
  //   via 3 (3,0):  0 -x, 3 -x, 2 +y                       shares 2 +y                 hops 3
  //   via 12 (0,3): 0 -y, 12 +x, 13 +x, 14 +y (tie), 2 +y  shares 2 +y                 hops 5
  //   via 1 (1,0):  0 +x, 1 +x, 2 +y                       shares all three            hops 3
  // Greedy: 4 (0 shared); then 3 and 12 both share one link, 3 is shorter; then 12 (1 shared) before 1 (3).
  auto t = torus({4, 4});
  auto rf = make_routing("dor", *t, {});
  auto sn = build(*t, "sga:1");
  auto c = candidate_msps(*sn, *rf, 0, 6);
  ASSERT_EQ(c.size(), 5u);
  EXPECT_EQ(c[0].n, 0);
  EXPECT_EQ(c[0].links, (V{0, 4, 10}));
  EXPECT_EQ(c[0].hops, 3);
  const uint32_t order[] = {4, 3, 12, 1};
  const int hops[] = {3, 3, 5, 3};
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(c[k + 1].n, 1);
    EXPECT_EQ(c[k + 1].node[0], order[k]) << "position " << k + 1;
    EXPECT_EQ(c[k + 1].hops, hops[k]);
  }
  EXPECT_EQ(c[1].links, (V{2, 16, 20}));  // 0 +y, 4 +x, 5 +x
  const PathChoice pc = c[2].choice(2);
  EXPECT_EQ(pc.n, 1);
  EXPECT_EQ(pc.node[0], 3u);
  EXPECT_EQ(pc.msp, 2);
  // The maximum length keeps the head of the same order.
  auto c3 = candidate_msps(*sn, *rf, 0, 6, 3);
  ASSERT_EQ(c3.size(), 3u);
  EXPECT_EQ(c3[1].node[0], 4u);
  EXPECT_EQ(c3[2].node[0], 3u);
  EXPECT_EQ(candidate_msps(*sn, *rf, 0, 6, 1).size(), 1u);
}

TEST(MspCandidates, DegenerateSkipped) {
  auto t = torus({4, 4});
  auto rf = make_routing("dor", *t, {});
  auto sn = build(*t, "dga:1");
  // Channel 0 -> 1: SN_src = {0, 1, 3, 4, 12}, SN_dst = B(1,1) = {0, 1, 2, 5, 13}; 25 pairs.
  // N_i = 1 = D (5 pairs) and N_j = 0 = S (4 more) are degenerate, (0, 1) is canonical: 15 alternatives,
  // none repeated ([2], [5], [13] come from N_i = S; [3], [4], [12] from N_j = D: no overlap).
  auto c = candidate_msps(*sn, *rf, 0, 1);
  EXPECT_EQ(c.size(), 16u);
  // Channel 0 -> 5 = (1,1): SN_dst = B(5,1) = {1, 4, 5, 6, 9} shares 1 and 4 with SN_src. (0, 1) and (1, 5)
  // are the same path [1], likewise [4]; (1, 1) and (4, 4) repeat a node. Distinct alternatives:
  // N_i = 0: [4] [6] [1] [9]; N_i = 1: [1 4] [1 6] [1 9]; N_i = 3: [3] [3 4] [3 6] [3 1] [3 9];
  // N_i = 4: [4 6] [4 1] [4 9]; N_i = 12: [12] [12 4] [12 6] [12 1] [12 9]  -> 20, plus the canonical path.
  c = candidate_msps(*sn, *rf, 0, 5);
  EXPECT_EQ(c.size(), 21u);
  std::set<std::vector<uint32_t>> seen;
  for (const auto& m : c) {
    std::vector<uint32_t> seq{0};
    for (uint32_t v : inter(m)) seq.push_back(v);
    seq.push_back(5);
    std::set<uint32_t> uniq(seq.begin(), seq.end());
    EXPECT_EQ(uniq.size(), seq.size()) << "repeated node in an MSP";
    EXPECT_TRUE(seen.insert(inter(m)).second) << "MSP listed twice";
  }
  // Random on a 3-cube, channel 0 -> 7: N_i = 0 is canonical and N_i = 7 = D is degenerate: 6 remain.
  auto c3 = cube(3);
  auto rf3 = make_routing("dor", *c3, {});
  EXPECT_EQ(candidate_msps(*build(*c3, "random"), *rf3, 0, 7).size(), 7u);
}

TEST(MspCandidates, LengthsAreSumsOfStepDistances) {
  // Zero-load length of S -> N_i -> N_j -> D = the sum of the minimal distances of its steps, and the first
  // entry is the static path. Checked against the topology's distance on three topologies.
  auto t = torus({8, 8});
  auto m = midimew(64);
  auto c = cube(5);
  struct Case {
    const Topology* topo;
    const char* method;
  } cases[] = {{t.get(), "dga:2"}, {t.get(), "row:8"}, {m.get(), "sga:2"}, {c.get(), "subcube:3"}, {c.get(), "dga:1"}};
  for (const auto& k : cases) {
    auto rf = make_routing("dor", *k.topo, {});
    auto sn = build(*k.topo, k.method);
    for (int d : {1, 9, 27, 31}) {
      auto list = candidate_msps(*sn, *rf, 3, d, 12);
      ASSERT_FALSE(list.empty());
      EXPECT_EQ(list[0].n, 0);
      for (const auto& msp : list) {
        int prev = 3, len = 0;
        for (uint32_t v : inter(msp)) len += k.topo->distance(prev, static_cast<int>(v)), prev = static_cast<int>(v);
        len += k.topo->distance(prev, d);
        EXPECT_EQ(msp.hops, len) << k.method << " 3 -> " << d;
        EXPECT_TRUE(std::is_sorted(msp.links.begin(), msp.links.end()));
        EXPECT_LE(static_cast<int>(msp.links.size()), msp.hops);
      }
    }
  }
}
