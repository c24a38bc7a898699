// SPDX-License-Identifier: Apache-2.0
// Zero-load metapath study. Expected values are worked out by hand in the comments (4x4 torus with
// ring distances 0,1,2,1 per coordinate; 3-cube with Hamming distances), or, for the DGA rules, from a
// brute-force evaluation of the definition written here with its own distance function.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "models/drb/metapath_study.h"
#include "tb/stats/metapath_report.h"

using namespace drb;

namespace {

struct Net {
  std::unique_ptr<Topology> topo;
  std::unique_ptr<RoutingFunction> rf;
};

Net net(const std::string& kind, std::vector<int> k, int n = 0) {
  TopologyParams p;
  p.kind = kind;
  p.k = std::move(k);
  p.n = n;
  p.nodes = n;
  Net r;
  r.topo = make_topology(p);
  r.rf = make_routing("dor", *r.topo, {});
  return r;
}

MetapathStudyRow study(const Net& n, const std::string& method, DgaRule rule = DgaRule::None,
                       const MetapathStudyOptions& opt = {}) {
  SupernodeSpec spec;
  spec.dga_rule = rule;
  std::string err;
  EXPECT_TRUE(parse_supernode(method, spec, err)) << err;
  auto sn = make_supernodes(*n.topo, spec, err);
  EXPECT_TRUE(sn) << err;
  return run_metapath_study(*sn, *n.rf, opt);
}

// Population mean and standard deviation of hand-listed values.
void mean_std(const std::vector<double>& v, double& mean, double& sd) {
  double s = 0, q = 0;
  for (double x : v) s += x;
  mean = s / v.size();
  for (double x : v) q += (x - mean) * (x - mean);
  sd = std::sqrt(q / v.size());
}

constexpr double kEps = 1e-9;

// 4x4 torus: D_static = (4 at distance 1 + 6 at 2 + 4 at 3 + 1 at 4) = 32 over 15 destinations.
constexpr double kTorus44Static = 32.0 / 15.0;

}  // namespace

TEST(MetapathStudy, TorusStatic) {
  auto r = study(net("torus", {4, 4}), "static");
  EXPECT_EQ(r.included, 15);
  EXPECT_NEAR(r.static_distance, kTorus44Static, kEps);
  EXPECT_NEAR(r.average_distance, kTorus44Static, kEps);
  // sum of squares 4*1 + 6*4 + 4*9 + 16 = 80: variance 80/15 - (32/15)^2.
  EXPECT_NEAR(r.std_dev, std::sqrt(80.0 / 15 - kTorus44Static * kTorus44Static), kEps);
  EXPECT_NEAR(r.elongation_pct, 0.0, kEps);
  EXPECT_EQ(r.supernode_nodes, 1);
  EXPECT_EQ(r.min_distance, 1);
  EXPECT_EQ(r.max_distance, 4);
  // One output link of the source and one input link of the destination out of four each.
  EXPECT_NEAR(r.link_use, 0.25, kEps);
  EXPECT_EQ(r.link_use_grade, LinkUseGrade::Minimum);
}

TEST(MetapathStudy, TorusSgaRadiusOne) {
  auto r = study(net("torus", {4, 4}), "sga:1");
  // B = {0, (1,0), (3,0), (0,1), (0,3)}, sum of dist(0,i) = 4; its 5 nodes are excluded, 11 remain.
  // L(d) = (4 + sum_i dist(i,d)) / 5:
  //   (2,0): 2 + 1 + 1 + 3 + 3 = 10 -> 14/5   (all six distance-2 nodes alike, e.g. (1,1): 2+1+3+1+3)
  //   (2,1): 3 + 2 + 2 + 2 + 4 = 13 -> 17/5   (the four distance-3 nodes)
  //   (2,2): 4 + 3 + 3 + 3 + 3 = 16 -> 20/5
  EXPECT_EQ(r.included, 11);
  EXPECT_NEAR(r.per_destination[2], 2.8, kEps);
  EXPECT_NEAR(r.per_destination[5], 2.8, kEps);
  EXPECT_NEAR(r.per_destination[6], 3.4, kEps);
  EXPECT_NEAR(r.per_destination[10], 4.0, kEps);
  for (int excluded : {0, 1, 3, 4, 12}) EXPECT_TRUE(std::isnan(r.per_destination[excluded]));
  double mean, sd;
  mean_std({2.8, 2.8, 2.8, 2.8, 2.8, 2.8, 3.4, 3.4, 3.4, 3.4, 4.0}, mean, sd);
  EXPECT_NEAR(mean, 34.4 / 11, kEps);
  EXPECT_NEAR(r.average_distance, mean, kEps);
  EXPECT_NEAR(r.std_dev, sd, kEps);
  EXPECT_NEAR(r.elongation_pct, 100 * (34.4 / 11 - kTorus44Static) / kTorus44Static, kEps);
  EXPECT_EQ(r.supernode_nodes, 5);
  EXPECT_NEAR(r.min_distance, 2.8, kEps);
  EXPECT_NEAR(r.max_distance, 4.0, kEps);
  // First hops reach all four neighbours. Last hops (x first, ties positive) enter d through:
  //   (2,0): -x +x +y -y = 4   (0,2): -y +y = 2   (1,1), (3,1): 2   (1,3), (3,3): 3
  //   (2,1): 2   (2,3): 3   (1,2), (3,2): 2   (2,2): 2                      -> 27 of 44
  EXPECT_NEAR(r.link_use_src, 1.0, kEps);
  EXPECT_NEAR(r.link_use_dst, 27.0 / 44, kEps);
  EXPECT_NEAR(r.link_use, (44.0 + 27) / 88, kEps);
  EXPECT_EQ(r.link_use_grade, LinkUseGrade::Medium);
}

TEST(MetapathStudy, TorusRows) {
  const Net n = net("torus", {4, 4});
  // row:4 = the whole row y = 0, and all of it is excluded: 12 destinations. sum_i dist(0,i) = 0+1+2+1,
  // sum_i dist(i,d) = 4 + 4 ring(y_d), so L(d) = 2 + ring(y_d): 3 for y = 1, 3 (8 nodes), 4 for y = 2 (4).
  auto r4 = study(n, "row:4");
  EXPECT_EQ(r4.included, 12);
  EXPECT_NEAR(r4.average_distance, 40.0 / 12, kEps);
  EXPECT_NEAR(r4.std_dev, std::sqrt(2.0) / 3, kEps);
  EXPECT_EQ(r4.supernode_nodes, 4);
  EXPECT_EQ(r4.line_style, "start");
  // Source links: +x (to (1,0) and (2,0)), -x (to (3,0)), plus the canonical first hop: 3 distinct for the
  // three d with x = 0 (the canonical path leaves on +-y), 2 for the nine others: 27 of 48.
  EXPECT_NEAR(r4.link_use_src, 27.0 / 48, kEps);
  EXPECT_EQ(r4.link_use_grade, LinkUseGrade::Low);
  // row:2 = {(0,0), (1,0)}: L(d) = (1 + ring(x) + ring(x-1) + 2 ring(y)) / 2 with ring(x) + ring(x-1) =
  // 1, 1, 3, 3 for x = 0..3 and ring(y) = 1, 2, 1 for y = 1..3. Sum over the 12: (12 + 3*8 + 8*4) / 2 = 34.
  auto r2 = study(n, "row:2");
  EXPECT_EQ(r2.included, 12);
  EXPECT_NEAR(r2.average_distance, 34.0 / 12, kEps);
  EXPECT_NEAR(r2.per_destination[10], (1 + 3 + 4) / 2.0, kEps);  // (2,2)
  EXPECT_NEAR(r2.per_destination[4], (1 + 1 + 2) / 2.0, kEps);   // (0,1)
}

TEST(MetapathStudy, TorusRandom) {
  // Every node is an intermediate: L(d) = (32 + 32) / 16 = 4 for every d, none excluded.
  auto r = study(net("torus", {4, 4}), "random");
  EXPECT_EQ(r.included, 15);
  EXPECT_NEAR(r.average_distance, 4.0, kEps);
  EXPECT_NEAR(r.std_dev, 0.0, kEps);
  EXPECT_NEAR(r.elongation_pct, 100 * (4 - kTorus44Static) / kTorus44Static, kEps);  // 87.5 %
  EXPECT_EQ(r.supernode_nodes, 16);
  EXPECT_NEAR(r.link_use, 1.0, kEps);
  EXPECT_EQ(r.link_use_grade, LinkUseGrade::High);
}

TEST(MetapathStudy, HypercubeSubcubesAndSga) {
  const Net n = net("hypercube", {}, 3);
  // D_static = (3*1 + 3*2 + 1*3) / 7.
  const double ds = 12.0 / 7;
  EXPECT_NEAR(study(n, "static").average_distance, ds, kEps);
  // subcube:1 = {0, 1}, excluded {1}: L(d) = (1 + |d| + |d^1|) / 2 = 2 for d = 2..5, 3 for d = 6, 7.
  auto s1 = study(n, "subcube:1");
  EXPECT_EQ(s1.included, 6);
  EXPECT_NEAR(s1.average_distance, 14.0 / 6, kEps);
  EXPECT_NEAR(s1.std_dev, std::sqrt(2.0) / 3, kEps);
  EXPECT_NEAR(s1.per_destination[6], 3.0, kEps);
  EXPECT_EQ(s1.supernode_nodes, 2);
  // subcube:2 = {0..3}: for d = 4 + m, sum_i |i^d| = 4 + 4, so L = (4 + 8) / 4 = 3 for d = 4..7.
  auto s2 = study(n, "subcube:2");
  EXPECT_EQ(s2.included, 4);
  EXPECT_NEAR(s2.average_distance, 3.0, kEps);
  EXPECT_NEAR(s2.std_dev, 0.0, kEps);
  EXPECT_NEAR(s2.elongation_pct, 100 * (3 - ds) / ds, kEps);
  // sga:1 = {0, 1, 2, 4}: L(3) = (3 + 2+1+1+3) / 4 = 2.5 (also 5, 6), L(7) = (3 + 3+2+2+2) / 4 = 3.
  auto g = study(n, "sga:1");
  EXPECT_EQ(g.included, 4);
  EXPECT_NEAR(g.per_destination[3], 2.5, kEps);
  EXPECT_NEAR(g.per_destination[7], 3.0, kEps);
  EXPECT_NEAR(g.average_distance, 10.5 / 4, kEps);
  EXPECT_EQ(g.supernode_nodes, 4);
  // e-cube last hops into d from 0, 1, 2, 4: d = 3 uses links 1, 1, 0, 2 (3 distinct); d = 5: 2, 2, 2, 0;
  // d = 6: 2, 2, 2, 1; d = 7: 2, 2, 2, 1 (2 each). First hops use all 3 links: (12 + 9) / 24.
  EXPECT_NEAR(g.link_use_dst, 9.0 / 12, kEps);
  EXPECT_NEAR(g.link_use, 21.0 / 24, kEps);
}

TEST(MetapathStudy, DgaHandPair) {
  // dga:1, d = 10 = (2,2): L = (5*4 + 5*4 + cross) / 25 with cross = sum over B(0,1) x B(10,1) of distances:
  // from the five source nodes to (2,2): 4+3+3+3+3 = 16, to each of (3,2), (1,2), (2,3), (2,1): 13 -> 68.
  auto r = study(net("torus", {4, 4}), "dga:1");
  EXPECT_NEAR(r.per_destination[10], (40.0 + 68) / 25, kEps);
  EXPECT_EQ(r.supernode_nodes, 10);
  EXPECT_EQ(r.included, 11);
  EXPECT_EQ(r.link_use_grade, LinkUseGrade::High);
  // Rule c, d = 2 = (2,0): SN_dst = {2, 6, 14}. 3*4 + 5*(0+1+1) + cross (10 + 13 + 13) = 58 over 15 MSPs.
  auto c = study(net("torus", {4, 4}), "dga:1", DgaRule::C);
  EXPECT_NEAR(c.per_destination[2], 58.0 / 15, kEps);
  // Rule a leaves only the 5 destinations farther than 2; rule b collapses distance-2 pairs to the
  // static path (radius 0).
  EXPECT_EQ(study(net("torus", {4, 4}), "dga:1", DgaRule::A).included, 5);
  auto b = study(net("torus", {4, 4}), "dga:1", DgaRule::B);
  EXPECT_NEAR(b.per_destination[5], 2.0, kEps);
  EXPECT_NEAR(b.per_destination[10], (40.0 + 68) / 25, kEps);  // distance 4: radius stays 1
}

TEST(MetapathStudy, DgaRulesMatchBruteForce) {
  // 6x6 torus, radius 1 and 2, every rule: L(d) straight from the definition with coordinate distances.
  const int k = 6;
  auto ring = [&](int a, int b) { const int x = ((b - a) % k + k) % k; return std::min(x, k - x); };
  auto dist = [&](int a, int b) { return ring(a % k, b % k) + ring(a / k, b / k); };
  auto ball = [&](int c, int r) {
    std::vector<int> v;
    for (int i = 0; i < k * k; ++i)
      if (dist(c, i) <= r) v.push_back(i);
    return v;
  };
  const Net n = net("torus", {k, k});
  for (int radius : {1, 2})
    for (DgaRule rule : {DgaRule::None, DgaRule::A, DgaRule::B, DgaRule::C}) {
      auto got = study(n, "dga:" + std::to_string(radius), rule);
      double sum = 0;
      int included = 0;
      for (int d = 1; d < k * k; ++d) {
        const int sd = dist(0, d);
        const bool out = sd <= (rule == DgaRule::A ? 2 * radius : radius);
        if (out) {
          EXPECT_TRUE(std::isnan(got.per_destination[d]));
          continue;
        }
        const int r = rule == DgaRule::B ? std::min(radius, (sd - 1) / 2) : radius;
        const auto src = ball(0, r);
        std::vector<int> dst;
        for (int j : ball(d, r))
          if (rule != DgaRule::C || j == d || dist(0, j) > r) dst.push_back(j);
        double total = 0;
        for (int i : src)
          for (int j : dst) total += dist(0, i) + dist(i, j) + dist(j, d);
        const double l = total / (src.size() * dst.size());
        EXPECT_NEAR(got.per_destination[d], l, kEps) << "radius " << radius << " rule " << dga_rule_name(rule)
                                                     << " d " << d;
        sum += l;
        ++included;
      }
      EXPECT_EQ(got.included, included);
      EXPECT_NEAR(got.average_distance, sum / included, kEps);
      EXPECT_EQ(got.dga_rule, dga_rule_name(rule));
    }
}

TEST(MetapathStudy, MeshFromCorner) {
  // 4x4 mesh, source in the corner: D_static = sum of (x + y) over the grid = 48, over 15.
  const Net n = net("mesh", {4, 4});
  auto s = study(n, "static");
  EXPECT_NEAR(s.average_distance, 48.0 / 15, kEps);
  EXPECT_NEAR(s.link_use_src, 0.5, kEps);  // one of the corner's two links
  // sga:1 = {0, (1,0), (0,1)}: L((3,3)) = (0+1+1 + 6+5+5) / 3 = 6.
  auto g = study(n, "sga:1");
  EXPECT_EQ(g.included, 13);
  EXPECT_NEAR(g.per_destination[15], 6.0, kEps);
}

TEST(MetapathStudy, NoDestinationLeft) {
  // sga:4 covers the whole 4x4 torus: nothing to study, every metric undefined, reported as null.
  auto r = study(net("torus", {4, 4}), "sga:4");
  EXPECT_EQ(r.included, 0);
  EXPECT_TRUE(std::isnan(r.average_distance));
  EXPECT_TRUE(metapath_row_json(r)["average_distance"].is_null());
  EXPECT_NE(metapath_table({r}).find(" - "), std::string::npos);
}

TEST(MetapathStudy, ProgressReported) {
  std::vector<double> seen;
  MetapathStudyOptions opt;
  opt.progress = [&](double f) { seen.push_back(f); };
  study(net("torus", {16, 16}), "sga:2", DgaRule::None, opt);
  ASSERT_GE(seen.size(), 2u);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  EXPECT_EQ(seen.back(), 1.0);
}

// Chapter-5 set-up at 1024 nodes (torus 32x32, midimew C_1024(22,23), 10-cube). Qualitative outcomes:
// every method's average distance lies between static and random; within a family, a larger supernode
// lengthens paths more, and the spread of L(d) shrinks as the elongation grows.
TEST(MetapathStudy, ThesisConfigurationsBetweenStaticAndRandom) {
  struct Family {
    std::vector<std::string> methods;  // smallest supernode first
  };
  struct Topo {
    Net n;
    std::vector<Family> families;
  };
  std::vector<Topo> topos;
  topos.push_back({net("torus", {32, 32}),
                   {{{"row:2", "row:4", "row:8", "row:16", "row:32"}},
                    {{"sga:1", "sga:2", "sga:4", "sga:8", "sga:16"}},
                    {{"dga:1", "dga:2", "dga:4", "dga:8"}}}});
  topos.push_back({net("midimew", {}, 1024),
                   {{{"row:2", "row:4", "row:8", "row:17", "row:34"}},
                    {{"sga:1", "sga:2", "sga:4", "sga:5", "sga:8", "sga:11", "sga:16"}},
                    {{"dga:1", "dga:2", "dga:5"}}}});
  topos.push_back({net("hypercube", {}, 10),
                   {{{"subcube:1", "subcube:2", "subcube:3", "subcube:4", "subcube:5"}},
                    {{"sga:1", "sga:2", "sga:3", "sga:4", "sga:5"}},
                    {{"dga:1", "dga:2"}}}});
  for (const auto& t : topos) {
    const double lo = study(t.n, "static").average_distance, hi = study(t.n, "random").average_distance;
    for (const auto& f : t.families) {
      double prev_avg = lo, prev_sd = study(t.n, "static").std_dev;
      for (const auto& m : f.methods) {
        auto r = study(t.n, m);
        SCOPED_TRACE(r.topology + " " + m);
        EXPECT_GT(r.average_distance, lo);
        EXPECT_LT(r.average_distance, hi);
        EXPECT_GT(r.elongation_pct, 0.0);
        EXPECT_GT(r.average_distance, prev_avg);
        EXPECT_LT(r.std_dev, prev_sd);
        prev_avg = r.average_distance;
        prev_sd = r.std_dev;
      }
    }
  }
}

TEST(MetapathReport, JsonEchoesEveryMetric) {
  auto r = study(net("torus", {4, 4}), "sga:1");
  const nlohmann::json j = metapath_row_json(r);
  EXPECT_EQ(j["topology"], "torus 4x4");
  EXPECT_EQ(j["nodes"], 16);
  EXPECT_EQ(j["method"], "sga:1");
  EXPECT_EQ(j["family"], "sga");
  EXPECT_EQ(j["size"], 1);
  EXPECT_FALSE(j.contains("dga_rule"));
  EXPECT_NEAR(j["average_distance"].get<double>(), 34.4 / 11, kEps);
  EXPECT_EQ(j["supernode_nodes"], 5);
  EXPECT_EQ(j["included_destinations"], 11);
  EXPECT_EQ(j["link_use_grade"], "medium");
  for (const char* key : {"elongation_pct", "std_dev", "link_use", "link_use_src", "link_use_dst", "min_distance",
                          "max_distance", "static_distance", "supernode_nodes_mean"})
    EXPECT_TRUE(j[key].is_number()) << key;
  EXPECT_EQ(metapath_row_json(study(net("torus", {4, 4}), "dga:1", DgaRule::B))["dga_rule"], "b");
  const std::string table = metapath_table({r, study(net("torus", {4, 4}), "static")});
  EXPECT_NE(table.find("sga:1"), std::string::npos);
  EXPECT_NE(table.find("static"), std::string::npos);
  EXPECT_EQ(std::count(table.begin(), table.end(), '\n'), 3);  // header + two rows
}
