// SPDX-License-Identifier: Apache-2.0
// One DRB world, two constructions: on a direct network the coordinate construction (supernode.h, DOR,
// route tables from node 0) and the graph construction (graph_metapaths.h: breadth-first distances over the
// network graph, routes walked with the static relation through the graph's channels) are independent
// ways of computing the same things. Where both define a family (static, sga, dga, random) they must give
// the same distances, supernodes, candidate MSPs (intermediates and hops; link ids differ by design) and
// the same metapath study, value for value. The graph construction leaves out no destination of a direct
// network, the coordinate one leaves out the balls (docs/metapath-study.md): compared where both include.
#include <gtest/gtest.h>

#include <cmath>

#include "models/drb/drb_world.h"
#include "models/drb/metapath_study.h"
#include "models/routing/registry.h"

using namespace drb;

namespace {

struct Both {
  std::unique_ptr<Interconnect> ic;
  std::unique_ptr<RoutingRelation> rel;
  std::unique_ptr<SupernodeConstruction> cons;
  std::unique_ptr<GraphSupernodes> gsn;
  std::unique_ptr<DrbWorld> direct, graph;
};

Both both(const TopologyParams& tp, const std::string& method) {
  Both b;
  b.ic = make_interconnect(tp);
  b.rel = make_static_relation(*b.ic, {});
  SupernodeSpec spec;
  std::string err;
  EXPECT_TRUE(parse_supernode(method, spec, err)) << err;
  b.cons = make_supernodes(*b.ic->direct(), spec, err);
  EXPECT_TRUE(b.cons) << err;
  b.gsn = GraphSupernodes::make(*b.ic, spec, err);
  EXPECT_TRUE(b.gsn) << err;
  b.direct = direct_world(*b.cons, dynamic_cast<const RoutingFunction&>(*b.rel));
  b.graph = graph_world(*b.ic, *b.rel, *b.gsn);
  return b;
}

const TopologyParams kNets[] = {
    {"torus", {4, 4}, 2, 0}, {"mesh", {4, 3}, 2, 0}, {"hypercube", {}, 4, 0}, {"torus", {3, 3, 3}, 3, 0}};

void same_world(const TopologyParams& tp, const std::string& method) {
  const Both b = both(tp, method);
  const DrbWorld& d = *b.direct;
  const DrbWorld& g = *b.graph;
  const std::string at = tp.kind + " " + method;
  ASSERT_EQ(d.terminals(), g.terminals()) << at;
  const int n = d.terminals();
  for (int s = 0; s < n; ++s)
    for (int t = 0; t < n; ++t) {
      ASSERT_EQ(d.distance(s, t), g.distance(s, t)) << at << " " << s << "->" << t;
      if (s == t) continue;
      const SupernodeSets x = d.sets(s, t), y = g.sets(s, t);
      EXPECT_EQ(x.src, y.src) << at << " " << s << "->" << t;
      EXPECT_EQ(x.dst, y.dst) << at << " " << s << "->" << t;
      EXPECT_EQ(d.first_port(s, t), g.first_port(s, t)) << at << " " << s << "->" << t;
      EXPECT_EQ(d.last_port(s, t), g.last_port(s, t)) << at << " " << s << "->" << t;
      const auto cd = d.candidates(s, t, 6), cg = g.candidates(s, t, 6);
      ASSERT_EQ(cd.size(), cg.size()) << at << " " << s << "->" << t;
      for (size_t k = 0; k < cd.size(); ++k) {
        EXPECT_EQ(cd[k].n, cg[k].n) << at << " " << s << "->" << t << " #" << k;
        EXPECT_EQ(cd[k].node[0], cg[k].node[0]) << at << " " << s << "->" << t << " #" << k;
        EXPECT_EQ(cd[k].node[1], cg[k].node[1]) << at << " " << s << "->" << t << " #" << k;
        EXPECT_EQ(cd[k].hops, cg[k].hops) << at << " " << s << "->" << t << " #" << k;
        EXPECT_EQ(cd[k].links.size(), cg[k].links.size()) << at << " " << s << "->" << t << " #" << k;
      }
    }
  for (int t = 0; t < n; ++t) {
    EXPECT_EQ(d.degree(t, true), g.degree(t, true)) << at << " " << t;
    EXPECT_EQ(d.degree(t, false), g.degree(t, false)) << at << " " << t;
  }
  const MetapathStudyRow rd = run_metapath_study(d), rg = run_metapath_study(g);
  EXPECT_EQ(rd.static_distance, rg.static_distance) << at;
  EXPECT_EQ(rd.supernode_nodes, rg.supernode_nodes) << at;
  int both_in = 0;
  for (int t = 0; t < n; ++t) {
    if (std::isnan(rd.per_destination[t])) continue;
    EXPECT_EQ(rd.per_destination[t], rg.per_destination[t]) << at << " d=" << t;
    ++both_in;
  }
  EXPECT_GT(both_in, 0) << at;
  EXPECT_EQ(rg.included, n - 1) << at;  // no two terminals of a direct network share an element
  if (rd.included == rg.included) {     // nothing left out on either side: the whole row agrees
    EXPECT_EQ(rd.average_distance, rg.average_distance) << at;
    EXPECT_EQ(rd.std_dev, rg.std_dev) << at;
    EXPECT_EQ(rd.link_use_src, rg.link_use_src) << at;
    EXPECT_EQ(rd.link_use_dst, rg.link_use_dst) << at;
    EXPECT_EQ(rd.link_use, rg.link_use) << at;
  }
}

}  // namespace

TEST(DrbWorld, StaticAgreesOnBothConstructions) {
  for (const auto& tp : kNets) same_world(tp, "static");
}
TEST(DrbWorld, RandomAgreesOnBothConstructions) {
  for (const auto& tp : kNets) same_world(tp, "random");
}
TEST(DrbWorld, GravityAreasAgreeOnBothConstructions) {
  for (const auto& tp : kNets) {
    same_world(tp, "sga:1");
    same_world(tp, "sga:2");
    same_world(tp, "dga:1");
  }
}

// The hand count that ties both to the definition: on a 4x4 torus `random` makes every node an intermediate,
// so L(d) = mean_i dist(0, i) + dist(i, d) = 2 + 2 = 4 for every d (a ring of 4 has mean distance 1 per
// dimension) and every link of 0 and of d carries some first or last hop.
TEST(DrbWorld, RandomOnA4x4TorusByHand) {
  const Both b = both({"torus", {4, 4}, 2, 0}, "random");
  for (const DrbWorld* w : {b.direct.get(), b.graph.get()}) {
    const MetapathStudyRow r = run_metapath_study(*w);
    EXPECT_EQ(r.included, 15);
    EXPECT_DOUBLE_EQ(r.average_distance, 4.0);
    EXPECT_DOUBLE_EQ(r.static_distance, 32.0 / 15);  // 2 * 16 / 15: distances 0 excluded
    EXPECT_DOUBLE_EQ(r.link_use, 1.0);
  }
  EXPECT_EQ(b.direct->link_ports(), 4);
  EXPECT_EQ(b.graph->link_ports(), 0);
}
