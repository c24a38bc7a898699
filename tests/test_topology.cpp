// SPDX-License-Identifier: Apache-2.0
// Topology graphs: link symmetry, numbering, distances and summary figures. Expected values come from
// coordinates computed here, from a BFS over neighbour() written here, or from hand-worked cases.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/topology/kary_ncube.h"
#include "tests/topologies.h"
#include "models/topology/topology.h"

using namespace drb;

namespace {

std::unique_ptr<Topology> cube(std::vector<int> k, bool wrap) { return test::topo(wrap ? "torus" : "mesh", std::move(k)); }
std::unique_ptr<Topology> hcube(int n) { return test::topo("hypercube", {}, n); }
std::unique_ptr<Topology> midimew(int n) { return test::topo("midimew", {}, n); }

using test::rm_coords;
using test::rm_id;

// Hop counts from src by BFS over neighbour(): the reference for distance().
std::vector<int> bfs(const Topology& t, int src) {
  std::vector<int> dist(t.nodes(), -1);
  std::deque<int> q{src};
  dist[src] = 0;
  while (!q.empty()) {
    const int v = q.front();
    q.pop_front();
    for (int p = 0; p < t.ports(); ++p) {
      const PortRef nb = t.neighbour(v, p);
      if (nb.valid() && dist[nb.router] < 0) {
        dist[nb.router] = dist[v] + 1;
        q.push_back(nb.router);
      }
    }
  }
  return dist;
}

// Leaving r on p and coming back through the arrival port must land on (r, p).
void expect_symmetric(const Topology& t) {
  for (int r = 0; r < t.nodes(); ++r) {
    for (int p = 0; p < t.ports(); ++p) {
      const PortRef nb = t.neighbour(r, p);
      if (!nb.valid()) continue;
      ASSERT_GE(nb.router, 0);
      ASSERT_LT(nb.router, t.nodes());
      ASSERT_GE(nb.port, 0);
      ASSERT_LT(nb.port, t.ports());
      const PortRef back = t.neighbour(nb.router, nb.port);
      ASSERT_TRUE(back.valid()) << t.describe() << " r=" << r << " p=" << p;
      EXPECT_EQ(back.router, r) << t.describe() << " r=" << r << " p=" << p;
      EXPECT_EQ(back.port, p) << t.describe() << " r=" << r << " p=" << p;
    }
  }
}

void expect_distance_is_bfs(const Topology& t, int sources) {
  const int step = std::max(1, t.nodes() / sources);
  for (int a = 0; a < t.nodes(); a += step) {
    const std::vector<int> ref = bfs(t, a);
    for (int b = 0; b < t.nodes(); ++b) {
      ASSERT_GE(ref[b], 0) << t.describe() << " disconnected " << a << "->" << b;
      ASSERT_EQ(t.distance(a, b), ref[b]) << t.describe() << " " << a << "->" << b;
    }
  }
}

const std::vector<std::vector<int>> kRadixSets = {
    {2}, {3}, {5}, {8}, {2, 2}, {3, 3}, {4, 4}, {3, 5}, {8, 8}, {2, 3, 4}, {4, 4, 4}, {2, 2, 2, 2}, {3, 2, 4, 3}};

}  // namespace

TEST(Topology, KAryNCubeNeighbourSymmetry) {
  for (bool wrap : {true, false})
    for (const auto& k : kRadixSets) expect_symmetric(*cube(k, wrap));
}

TEST(Topology, KAryNCubeNeighbourFromCoordinates) {
  for (bool wrap : {true, false}) {
    for (const auto& k : kRadixSets) {
      auto t = cube(k, wrap);
      const int n = static_cast<int>(k.size());
      ASSERT_EQ(t->ports(), 2 * n);
      ASSERT_EQ(t->dims(), n);
      for (int r = 0; r < t->nodes(); ++r) {
        const std::vector<int> c = rm_coords(r, k);
        for (int d = 0; d < n; ++d) {
          for (int sign : {+1, -1}) {
            const int p = 2 * d + (sign < 0 ? 1 : 0);
            EXPECT_EQ(t->port(d, sign), p);
            EXPECT_EQ(t->port_dim(p), d);
            EXPECT_EQ(t->port_sign(p), sign);
            std::vector<int> nc = c;
            nc[d] += sign;
            const bool off_edge = nc[d] < 0 || nc[d] >= k[d];
            const PortRef nb = t->neighbour(r, p);
            if (off_edge && !wrap) {  // mesh border: no link
              EXPECT_FALSE(nb.valid()) << t->describe() << " r=" << r << " p=" << p;
              continue;
            }
            nc[d] = (nc[d] + k[d]) % k[d];
            ASSERT_TRUE(nb.valid()) << t->describe() << " r=" << r << " p=" << p;
            EXPECT_EQ(nb.router, rm_id(nc, k)) << t->describe() << " r=" << r << " p=" << p;
            EXPECT_EQ(nb.port, 2 * d + (sign < 0 ? 0 : 1));  // arrives on the port facing back
            // The wrap link is exactly the one that leaves the coordinate range.
            EXPECT_EQ(t->is_wrap(r, p), wrap && off_edge) << t->describe() << " r=" << r << " p=" << p;
          }
        }
      }
    }
  }
}

TEST(Topology, HypercubeNeighbourSymmetryAndBits) {
  for (int n = 1; n <= 6; ++n) {
    auto t = hcube(n);
    ASSERT_EQ(t->nodes(), 1 << n);
    ASSERT_EQ(t->ports(), n);
    expect_symmetric(*t);
    for (int r = 0; r < t->nodes(); ++r) {
      const std::vector<int> c = t->coords(r);
      ASSERT_EQ(static_cast<int>(c.size()), n);
      for (int d = 0; d < n; ++d) {
        EXPECT_EQ(c[d], (r >> d) & 1);
        const PortRef nb = t->neighbour(r, d);
        ASSERT_TRUE(nb.valid());
        EXPECT_EQ(nb.router, r ^ (1 << d));  // port d flips bit d
        EXPECT_FALSE(t->is_wrap(r, d));
      }
    }
  }
}

TEST(Topology, MidimewNeighbourSymmetryAndJumps) {
  // b = ceil(sqrt(N/2)) worked by hand: N=8 -> 2, 16 -> 3 (sqrt 8 = 2.83), 32 -> 4, 64 -> 6 (sqrt 32 = 5.66),
  // 1024 -> 23 (sqrt 512 = 22.6).
  const std::vector<std::pair<int, int>> cases = {{8, 2}, {16, 3}, {32, 4}, {64, 6}, {1024, 23}};
  for (auto [N, b] : cases) {
    auto t = midimew(N);
    ASSERT_EQ(t->nodes(), N);
    ASSERT_EQ(t->ports(), 4);
    EXPECT_EQ(dynamic_cast<const Midimew&>(*t).b(), b) << "N=" << N;
    expect_symmetric(*t);
    const int jump[4] = {b - 1, -(b - 1), b, -b};
    for (int r = 0; r < N; ++r) {
      std::set<int> distinct;
      for (int p = 0; p < 4; ++p) {
        const PortRef nb = t->neighbour(r, p);
        ASSERT_TRUE(nb.valid());
        EXPECT_EQ(nb.router, ((r + jump[p]) % N + N) % N) << "N=" << N << " r=" << r << " p=" << p;
        distinct.insert(nb.router);
        // Dateline: the link whose numeric id leaves 0..N-1.
        EXPECT_EQ(t->is_wrap(r, p), r + jump[p] >= N || r + jump[p] < 0) << "N=" << N << " r=" << r;
      }
      EXPECT_EQ(distinct.size(), 4u) << "degree 4 with distinct neighbours, N=" << N << " r=" << r;
      EXPECT_EQ(distinct.count(r), 0u);
    }
  }
}

TEST(Topology, DistanceEqualsBfs) {
  for (bool wrap : {true, false})
    for (const auto& k : kRadixSets) expect_distance_is_bfs(*cube(k, wrap), 1 << 20);
  for (int n = 1; n <= 6; ++n) expect_distance_is_bfs(*hcube(n), 1 << 20);
  for (int N : {8, 16, 17, 32, 50, 64}) expect_distance_is_bfs(*midimew(N), 1 << 20);
  expect_distance_is_bfs(*midimew(1024), 16);  // BFS from a sample of sources
}

TEST(Topology, KAryNCubeDistanceFormula) {
  // Sum over dimensions of min(|delta|, k - |delta|) (torus) or |delta| (mesh).
  for (bool wrap : {true, false}) {
    for (const auto& k : kRadixSets) {
      auto t = cube(k, wrap);
      for (int a = 0; a < t->nodes(); ++a)
        for (int b = 0; b < t->nodes(); ++b) {
          const auto ca = rm_coords(a, k), cb = rm_coords(b, k);
          int s = 0;
          for (size_t d = 0; d < k.size(); ++d) {
            const int delta = std::abs(ca[d] - cb[d]);
            s += wrap ? std::min(delta, k[d] - delta) : delta;
          }
          ASSERT_EQ(t->distance(a, b), s) << t->describe() << " " << a << "->" << b;
        }
    }
  }
}

TEST(Topology, NumberingHandExamples) {
  auto t44 = cube({4, 4}, true);
  EXPECT_EQ(t44->coords(6), (std::vector<int>{2, 1}));
  EXPECT_EQ(t44->coords(15), (std::vector<int>{3, 3}));
  EXPECT_EQ(t44->coords(4), (std::vector<int>{0, 1}));
  auto t35 = cube({3, 5}, false);
  EXPECT_EQ(t35->coords(7), (std::vector<int>{1, 2}));  // 7 = 1 + 3*2
  auto t444 = cube({4, 4, 4}, true);
  EXPECT_EQ(t444->coords(37), (std::vector<int>{1, 1, 2}));  // 37 = 1 + 4*(1 + 4*2)
  // Node 6 of the 4x4 torus: +x -> 7, -x -> 5, +y -> 10, -y -> 2.
  EXPECT_EQ(t44->neighbour(6, 0).router, 7);
  EXPECT_EQ(t44->neighbour(6, 1).router, 5);
  EXPECT_EQ(t44->neighbour(6, 2).router, 10);
  EXPECT_EQ(t44->neighbour(6, 3).router, 2);
  // Node 3 = (3,0): +x wraps to 0, -y wraps to 15 = (3,3).
  EXPECT_EQ(t44->neighbour(3, 0).router, 0);
  EXPECT_EQ(t44->neighbour(3, 3).router, 15);
  EXPECT_EQ(t44->port_name(0), "+x");
  EXPECT_EQ(t44->port_name(3), "-y");
  EXPECT_EQ(t44->local_port(), 4);
  auto h = hcube(3);
  EXPECT_EQ(h->coords(6), (std::vector<int>{0, 1, 1}));
}

TEST(Topology, MeshBordersUnconnected) {
  auto m = cube({4, 4}, false);
  // Corner 0 = (0,0): only +x and +y exist.
  EXPECT_TRUE(m->neighbour(0, 0).valid());
  EXPECT_FALSE(m->neighbour(0, 1).valid());
  EXPECT_TRUE(m->neighbour(0, 2).valid());
  EXPECT_FALSE(m->neighbour(0, 3).valid());
  // Corner 15 = (3,3): only -x and -y exist.
  EXPECT_FALSE(m->neighbour(15, 0).valid());
  EXPECT_TRUE(m->neighbour(15, 1).valid());
  EXPECT_FALSE(m->neighbour(15, 2).valid());
  EXPECT_TRUE(m->neighbour(15, 3).valid());
  // Count: a k x k mesh has 2 * 2 * k * (k - 1) unidirectional links.
  int links = 0;
  for (int r = 0; r < 16; ++r)
    for (int p = 0; p < 4; ++p) links += m->neighbour(r, p).valid();
  EXPECT_EQ(links, 2 * 2 * 4 * 3);
  EXPECT_FALSE(m->has_wrap());
}

TEST(Topology, TorusRadixTwoKeepsBothLinks) {
  auto t = cube({2}, true);
  // From 0 both + and - lead to 1, arriving on different ports: two distinct channels.
  const PortRef plus = t->neighbour(0, 0), minus = t->neighbour(0, 1);
  EXPECT_EQ(plus.router, 1);
  EXPECT_EQ(minus.router, 1);
  EXPECT_EQ(plus.port, 1);
  EXPECT_EQ(minus.port, 0);
  // Exactly one of the two is the dateline link, from either end.
  EXPECT_FALSE(t->is_wrap(0, 0));
  EXPECT_TRUE(t->is_wrap(0, 1));
  EXPECT_TRUE(t->is_wrap(1, 0));
  EXPECT_FALSE(t->is_wrap(1, 1));
  EXPECT_EQ(t->distance(0, 1), 1);
  // 2x2 torus: each node reaches each of its two neighbours on two channels.
  auto t22 = cube({2, 2}, true);
  for (int r = 0; r < 4; ++r) {
    std::multiset<int> reach;
    for (int p = 0; p < 4; ++p) reach.insert(t22->neighbour(r, p).router);
    EXPECT_EQ(reach.count(r ^ 1), 2u);
    EXPECT_EQ(reach.count(r ^ 2), 2u);
  }
}

TEST(Topology, OffsetAndTieHandCases) {
  auto t = cube({4, 4}, true);
  // (0,0) -> (2,0): a tie in x, sign chosen by tie_positive; no offset in y.
  EXPECT_EQ(t->offset(0, 2, 0, true), 2);
  EXPECT_EQ(t->offset(0, 2, 0, false), -2);
  EXPECT_TRUE(t->tie(0, 2, 0));
  EXPECT_EQ(t->offset(0, 2, 1, true), 0);
  EXPECT_FALSE(t->tie(0, 2, 1));
  // (0,0) -> (3,3): one hop back in each dimension, whatever the tie rule.
  EXPECT_EQ(t->offset(0, 15, 0, true), -1);
  EXPECT_EQ(t->offset(0, 15, 1, false), -1);
  EXPECT_FALSE(t->tie(0, 15, 0));
  // (1,0) -> (0,0) and back.
  EXPECT_EQ(t->offset(1, 0, 0, true), -1);
  EXPECT_EQ(t->offset(0, 1, 0, false), 1);
  // 5-ring: no ties; 3 forward is 2 back.
  auto r5 = cube({5}, true);
  EXPECT_EQ(r5->offset(0, 3, 0, true), -2);
  EXPECT_EQ(r5->offset(0, 2, 0, false), 2);
  for (int b = 0; b < 5; ++b) EXPECT_FALSE(r5->tie(0, b, 0));
  // 2-ring: the other node is always a tie.
  EXPECT_TRUE(cube({2}, true)->tie(0, 1, 0));
  EXPECT_EQ(cube({2}, true)->offset(1, 0, 0, true), 1);
  // Mesh: the signed coordinate difference, never a tie.
  auto m = cube({4, 4}, false);
  EXPECT_EQ(m->offset(3, 0, 0, true), -3);
  EXPECT_EQ(m->offset(0, 2, 0, false), 2);
  EXPECT_FALSE(m->tie(0, 2, 0));
  // Hypercube: 1 where the bit differs.
  auto h = hcube(4);
  EXPECT_EQ(h->offset(0b0101, 0b0011, 1, true), 1);
  EXPECT_EQ(h->offset(0b0101, 0b0011, 0, true), 0);
  EXPECT_EQ(h->offset(0b0101, 0b0011, 2, true), 1);
}

TEST(Topology, MidimewOffsetDecomposition) {
  // offset(a, b, 0) jumps of (b-1) plus offset(a, b, 1) jumps of b land on b, in distance() hops.
  for (int N : {8, 16, 32, 64, 1024}) {
    auto t = midimew(N);
    const int b = dynamic_cast<const Midimew&>(*t).b();
    const std::vector<int> ref = bfs(*t, 0);
    for (int a : {0, 1, N / 2, N - 1}) {
      for (int dst = 0; dst < N; ++dst) {
        const int oa = t->offset(a, dst, 0, true), oc = t->offset(a, dst, 1, true);
        const long land = ((a + static_cast<long>(oa) * (b - 1) + static_cast<long>(oc) * b) % N + N) % N;
        ASSERT_EQ(land, dst) << "N=" << N << " " << a << "->" << dst;
        ASSERT_EQ(std::abs(oa) + std::abs(oc), ref[((dst - a) % N + N) % N]) << "N=" << N;
      }
    }
  }
}

TEST(Topology, DiameterAndAverageDistanceHandCases) {
  // 4x4 torus: per dimension the distances from 0 are 0,1,2,1; sum over 16 nodes = 2*4*4 = 32.
  auto t44 = cube({4, 4}, true);
  EXPECT_EQ(t44->diameter(), 4);
  EXPECT_DOUBLE_EQ(t44->average_distance(), 32.0 / 15.0);
  // 8x8 torus: per dimension 0,1,2,3,4,3,2,1 (sum 16); total 2*8*16 = 256 over 63.
  auto t88 = cube({8, 8}, true);
  EXPECT_EQ(t88->diameter(), 8);
  EXPECT_DOUBLE_EQ(t88->average_distance(), 256.0 / 63.0);
  // 3-ary 1-cube ring: distances 1,1.
  EXPECT_DOUBLE_EQ(cube({3}, true)->average_distance(), 1.0);
  // Hypercube 2^n: diameter n, average n*2^(n-1)/(2^n-1).
  for (int n = 1; n <= 6; ++n) {
    auto h = hcube(n);
    EXPECT_EQ(h->diameter(), n);
    EXPECT_DOUBLE_EQ(h->average_distance(), n * (1 << (n - 1)) / double((1 << n) - 1));
  }
  // Midimew N=8 (jumps 1, 2): 1,2,6,7 at one hop; 3,4,5 at two. Average 10/7, diameter 2.
  auto m8 = midimew(8);
  EXPECT_EQ(m8->diameter(), 2);
  EXPECT_DOUBLE_EQ(m8->average_distance(), 10.0 / 7.0);
  // 4x4 mesh: diameter 6 (corner to corner).
  EXPECT_EQ(cube({4, 4}, false)->diameter(), 6);
}

TEST(Topology, MeshAverageDistanceOverAllPairs) {
  // The mesh is not vertex-transitive, so the average over all ordered pairs is not node 0's average.
  // 4x4 mesh: per dimension sum_{i,j} |i-j| = 20 over 4x4 pairs; times 4 choices of the other coordinate
  // and 2 dimensions = 640 over 16*15 = 240 ordered pairs -> 8/3 (node 0 alone would give 48/15 = 3.2).
  auto m = cube({4, 4}, false);
  EXPECT_DOUBLE_EQ(m->average_distance(), 8.0 / 3.0);
  // 3x5 mesh, checked against brute force over all pairs.
  auto m35 = cube({3, 5}, false);
  double s = 0;
  for (int a = 0; a < 15; ++a)
    for (int b = 0; b < 15; ++b) s += bfs(*m35, a)[b];
  EXPECT_DOUBLE_EQ(m35->average_distance(), s / (15 * 14));
  // Diameter must be the largest distance over all pairs (here a corner pair: 2 + 4).
  EXPECT_EQ(m35->diameter(), 6);
}

TEST(Topology, MakeTopologyErrors) {
  auto expect_error = [](TopologyParams p, const std::string& key) {
    try {
      make_topology(p);
      ADD_FAILURE() << "no error for key " << key;
    } catch (const std::invalid_argument& e) {
      const std::string m = e.what();
      EXPECT_EQ(m.rfind(key + ": ", 0), 0u) << m;
      EXPECT_GT(m.size(), key.size() + 2) << "a reason follows the key";
    }
  };
  TopologyParams p;
  p.kind = "torus";
  p.k = {4, 1};
  expect_error(p, "topology.k");
  p.kind = "mesh";
  p.k = {1};
  expect_error(p, "topology.k");
  p.k = {};
  expect_error(p, "topology.k");
  p.kind = "midimew";
  p.nodes = 7;
  expect_error(p, "topology.nodes");
  p.nodes = 0;
  expect_error(p, "topology.nodes");
  p.kind = "hypercube";
  p.n = 0;
  expect_error(p, "topology.n");
  p.kind = "ring";
  expect_error(p, "topology.kind");
  // Smallest legal instances build.
  EXPECT_EQ(midimew(8)->nodes(), 8);
  EXPECT_EQ(cube({2}, true)->nodes(), 2);
  EXPECT_EQ(hcube(1)->nodes(), 2);
}
