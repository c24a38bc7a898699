// SPDX-License-Identifier: Apache-2.0
// Traffic patterns: the permutations on hand-worked tables and against bit-by-bit definitions written
// here, tornado/neighbour from coordinates, fixed points silent, and the random patterns' distributions
// (chi-square and per-node binomial bounds over 10^5 seeded draws).
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "tb/traffic/pattern.h"

using namespace drb;

namespace {

std::unique_ptr<Topology> topo(const std::string& kind, std::vector<int> k = {}, int n = 0) {
  TopologyParams p;
  p.kind = kind;
  p.k = std::move(k);
  p.n = n;
  return make_topology(p);
}

std::unique_ptr<Pattern> pattern(const std::string& name, const Topology& t) {
  PatternParams p;
  p.name = name;
  return make_pattern(p, t);
}

// Bits of x, index 0 = least significant.
std::vector<int> bits_of(int x, int n) {
  std::vector<int> b(n);
  for (int i = 0; i < n; ++i) b[i] = (x >> i) & 1;
  return b;
}
int from_bits(const std::vector<int>& b) {
  int x = 0;
  for (size_t i = 0; i < b.size(); ++i) x |= b[i] << i;
  return x;
}

// Destination address bits as printed (d_i from a_j), one bit at a time.
int ref_bitrev(int x, int n) {
  auto a = bits_of(x, n), d = a;
  for (int i = 0; i < n; ++i) d[i] = a[n - 1 - i];
  return from_bits(d);
}
int ref_butterfly(int x, int n) {
  auto d = bits_of(x, n);
  std::swap(d[0], d[n - 1]);
  return from_bits(d);
}
int ref_shuffle(int x, int n) {  // a_{n-2} ... a_0 a_{n-1}
  auto a = bits_of(x, n), d = a;
  for (int i = 1; i < n; ++i) d[i] = a[i - 1];
  d[0] = a[n - 1];
  return from_bits(d);
}
int ref_transpose(int x, int n) {  // a_{n/2-1} ... a_0 a_{n-1} ... a_{n/2}
  auto a = bits_of(x, n), d = a;
  const int h = n / 2;
  for (int i = 0; i < h; ++i) {
    d[i + h] = a[i];
    d[i] = a[i + h];
  }
  return from_bits(d);
}

// Expected draws per destination and a 5-sigma binomial band.
void expect_binomial(long count, long draws, double p, const std::string& what) {
  const double mean = draws * p, sd = std::sqrt(draws * p * (1 - p));
  EXPECT_NEAR(static_cast<double>(count), mean, 5 * sd + 1e-9) << what << " p=" << p;
}

// Pearson statistic against "uniform over every node but src".
double chi2_excluding(const std::vector<long>& count, int src, long draws) {
  const int N = static_cast<int>(count.size());
  const double expect = static_cast<double>(draws) / (N - 1);
  double chi2 = 0;
  for (int d = 0; d < N; ++d)
    if (d != src) chi2 += (count[d] - expect) * (count[d] - expect) / expect;
  return chi2;
}

}  // namespace

TEST(Patterns, HandTables16) {
  // N = 16, 4 address bits, worked by hand.
  const int bitrev[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
  const int butterfly[16] = {0, 8, 2, 10, 4, 12, 6, 14, 1, 9, 3, 11, 5, 13, 7, 15};
  const int shuffle[16] = {0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15};
  const int transpose[16] = {0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15};
  for (int x = 0; x < 16; ++x) {
    EXPECT_EQ(perm_bitcomp(x, 16), 15 - x);
    EXPECT_EQ(perm_bitrev(x, 4), bitrev[x]) << x;
    EXPECT_EQ(perm_butterfly(x, 4), butterfly[x]) << x;
    EXPECT_EQ(perm_shuffle(x, 4), shuffle[x]) << x;
    EXPECT_EQ(perm_transpose(x, 4), transpose[x]) << x;
  }
  // The same through make_pattern on a 16-node hypercube and a 4x4 torus.
  std::vector<std::unique_ptr<Topology>> ts;
  ts.push_back(topo("hypercube", {}, 4));
  ts.push_back(topo("torus", {4, 4}));
  for (const auto& t : ts) {
    Rng rng(1);
    const std::vector<std::pair<std::string, const int*>> tables = {
        {"bitrev", bitrev}, {"butterfly", butterfly}, {"shuffle", shuffle}, {"transpose", transpose}};
    for (auto& [name, table] : tables) {
      auto p = pattern(name, *t);
      for (int x = 0; x < 16; ++x) {
        EXPECT_EQ(p->sends(x), table[x] != x) << name << " " << x;
        if (table[x] != x) {
          EXPECT_EQ(p->dest(x, rng), table[x]) << name << " " << x;
        }
      }
    }
    auto bc = pattern("bitcomp", *t);
    for (int x = 0; x < 16; ++x) {
      EXPECT_TRUE(bc->sends(x));
      EXPECT_EQ(bc->dest(x, rng), 15 - x);
    }
  }
}

TEST(Patterns, HandValues64) {
  // N = 64, 6 address bits.
  EXPECT_EQ(perm_bitcomp(0, 64), 63);
  EXPECT_EQ(perm_bitcomp(21, 64), 42);        // 010101 -> 101010
  EXPECT_EQ(perm_bitrev(1, 6), 32);
  EXPECT_EQ(perm_bitrev(6, 6), 24);           // 000110 -> 011000
  EXPECT_EQ(perm_bitrev(44, 6), 13);          // 101100 -> 001101
  EXPECT_EQ(perm_bitrev(30, 6), 30);          // 011110 is a palindrome
  EXPECT_EQ(perm_butterfly(1, 6), 32);
  EXPECT_EQ(perm_butterfly(33, 6), 33);       // 100001: both ends set
  EXPECT_EQ(perm_butterfly(34, 6), 3);        // 100010 -> 000011
  EXPECT_EQ(perm_butterfly(30, 6), 30);       // ends both clear
  EXPECT_EQ(perm_shuffle(1, 6), 2);
  EXPECT_EQ(perm_shuffle(32, 6), 1);          // 100000 -> 000001
  EXPECT_EQ(perm_shuffle(45, 6), 27);         // 101101 -> 011011
  EXPECT_EQ(perm_shuffle(63, 6), 63);
  EXPECT_EQ(perm_transpose(7, 6), 56);        // 000|111 -> 111|000
  EXPECT_EQ(perm_transpose(43, 6), 29);       // 101|011 -> 011|101
  EXPECT_EQ(perm_transpose(9, 6), 9);         // 001|001
}

TEST(Patterns, BitDefinitionsAndBijection) {
  for (int n = 2; n <= 10; ++n) {
    const int N = 1 << n;
    std::set<int> br, bf, sh, tr, bc;
    for (int x = 0; x < N; ++x) {
      ASSERT_EQ(perm_bitrev(x, n), ref_bitrev(x, n)) << "n=" << n << " x=" << x;
      ASSERT_EQ(perm_butterfly(x, n), ref_butterfly(x, n)) << "n=" << n << " x=" << x;
      ASSERT_EQ(perm_shuffle(x, n), ref_shuffle(x, n)) << "n=" << n << " x=" << x;
      ASSERT_EQ(perm_bitcomp(x, N), from_bits([&] {
                  auto b = bits_of(x, n);
                  for (int& v : b) v ^= 1;
                  return b;
                }()));
      br.insert(perm_bitrev(x, n));
      bf.insert(perm_butterfly(x, n));
      sh.insert(perm_shuffle(x, n));
      bc.insert(perm_bitcomp(x, N));
      if (n % 2 == 0) {  // transpose is defined for an even number of address bits
        ASSERT_EQ(perm_transpose(x, n), ref_transpose(x, n)) << "n=" << n << " x=" << x;
        tr.insert(perm_transpose(x, n));
      }
    }
    for (const auto* s : {&br, &bf, &sh, &bc}) {
      EXPECT_EQ(static_cast<int>(s->size()), N) << "not a permutation, n=" << n;
      EXPECT_EQ(*s->begin(), 0);
      EXPECT_EQ(*s->rbegin(), N - 1);
    }
    if (n % 2 == 0) {
      EXPECT_EQ(static_cast<int>(tr.size()), N);
    }
  }
}

TEST(Patterns, TransposeSwapsTorusCoordinates) {
  for (int k : {4, 8, 16}) {
    auto t = topo("torus", {k, k});
    auto p = pattern("transpose", *t);
    Rng rng(1);
    for (int y = 0; y < k; ++y)
      for (int x = 0; x < k; ++x) {
        const int id = x + k * y;
        EXPECT_EQ(p->sends(id), x != y);
        if (x != y) {
          EXPECT_EQ(p->dest(id, rng), y + k * x) << k << "x" << k << " (" << x << "," << y << ")";
        }
      }
  }
}

TEST(Patterns, TornadoAndNeighbourFromCoordinates) {
  struct Case {
    std::vector<int> k;
    std::vector<int> tornado_shift;  // ceil(k/2) - 1 per dimension, by hand
  };
  const std::vector<Case> cases = {{{8, 8}, {3, 3}}, {{4, 4, 4}, {1, 1, 1}}, {{5, 5}, {2, 2}},
                                   {{3, 8}, {1, 3}}, {{6, 2, 7}, {2, 0, 3}}};
  for (const Case& c : cases) {
    auto t = topo("torus", c.k);
    auto tor = pattern("tornado", *t);
    auto nb = pattern("neighbour", *t);
    Rng rng(1);
    for (int id = 0; id < t->nodes(); ++id) {
      int rest = id, tid = 0, nid = 0, stride = 1;
      for (size_t d = 0; d < c.k.size(); ++d) {
        const int k = c.k[d], x = rest % k;
        rest /= k;
        tid += ((x + c.tornado_shift[d]) % k) * stride;
        nid += ((x + 1) % k) * stride;
        stride *= k;
      }
      EXPECT_EQ(tor->sends(id), tid != id);
      if (tid != id) {
        EXPECT_EQ(tor->dest(id, rng), tid) << t->describe() << " node " << id;
      }
      EXPECT_TRUE(nb->sends(id));
      EXPECT_EQ(nb->dest(id, rng), nid) << t->describe() << " node " << id;
    }
  }
  // Hand cases on 8x8: (0,0) -> (3,3) = 27; (6,7) = 62 -> (1,2) = 17; neighbour (7,7) -> (0,0).
  auto t8 = topo("torus", {8, 8});
  Rng rng(1);
  EXPECT_EQ(pattern("tornado", *t8)->dest(0, rng), 27);
  EXPECT_EQ(pattern("tornado", *t8)->dest(62, rng), 17);
  EXPECT_EQ(pattern("neighbour", *t8)->dest(63, rng), 0);
  // On a 2x2 torus the tornado shift is 0: every node is a fixed point and nobody sends.
  auto t2 = topo("torus", {2, 2});
  auto tor2 = pattern("tornado", *t2);
  for (int id = 0; id < 4; ++id) EXPECT_FALSE(tor2->sends(id));
}

TEST(Patterns, FixedPointsDoNotSend) {
  auto h = topo("hypercube", {}, 4);
  auto silent = [&](const std::string& name) {
    std::set<int> s;
    auto p = pattern(name, *h);
    for (int x = 0; x < 16; ++x)
      if (!p->sends(x)) s.insert(x);
    return s;
  };
  EXPECT_EQ(silent("bitrev"), (std::set<int>{0, 6, 9, 15}));  // 4-bit palindromes
  EXPECT_EQ(silent("shuffle"), (std::set<int>{0, 15}));
  EXPECT_EQ(silent("transpose"), (std::set<int>{0, 5, 10, 15}));  // equal halves
  EXPECT_EQ(silent("butterfly"), (std::set<int>{0, 2, 4, 6, 9, 11, 13, 15}));  // a_3 == a_0
  EXPECT_TRUE(silent("bitcomp").empty());
  EXPECT_TRUE(silent("uniform").empty());
}

TEST(Patterns, Errors) {
  auto h = topo("hypercube", {}, 4);
  for (const char* name : {"tornado", "neighbour", "nosuch"}) {
    try {
      pattern(name, *h);
      ADD_FAILURE() << "no error for " << name;
    } catch (const std::invalid_argument& e) {
      EXPECT_EQ(std::string(e.what()).rfind("traffic.pattern: ", 0), 0u) << e.what();
    }
  }
}

TEST(Patterns, UniformNeverSelfAndChiSquare) {
  // Critical values of chi-square at p = 0.001: 36.123 (14 dof), 102.166 (62 dof).
  struct Case {
    std::vector<int> k;
    std::vector<int> sources;
    double critical;
  };
  const std::vector<Case> cases = {{{4, 4}, {0, 5, 15}, 36.123}, {{8, 8}, {0, 31, 63}, 102.166}};
  const long draws = 100000;
  for (const Case& c : cases) {
    auto t = topo("torus", c.k);
    auto p = pattern("uniform", *t);
    const int N = t->nodes();
    for (int src : c.sources) {
      Rng rng(1000 + src);
      std::vector<long> count(N, 0);
      for (long i = 0; i < draws; ++i) {
        const int d = p->dest(src, rng);
        ASSERT_GE(d, 0);
        ASSERT_LT(d, N);
        ++count[d];
      }
      EXPECT_EQ(count[src], 0) << "uniform picked its own source " << src;
      for (int d = 0; d < N; ++d)
        if (d != src)
          expect_binomial(count[d], draws, 1.0 / (N - 1), "uniform src " + std::to_string(src) + " dst " + std::to_string(d));
      const double chi2 = chi2_excluding(count, src, draws);
      EXPECT_LT(chi2, c.critical) << "N=" << N << " src=" << src;
      // Power of the check: a sampler that folds the source's share onto src+1 must be rejected.
      Rng biased(2000 + src);
      std::vector<long> bad(N, 0);
      for (long i = 0; i < draws; ++i) {
        const int d = static_cast<int>(biased.below(static_cast<uint64_t>(N)));
        ++bad[d == src ? (src + 1) % N : d];
      }
      EXPECT_GT(chi2_excluding(bad, src, draws), c.critical) << "N=" << N << " src=" << src;
    }
  }
}

TEST(Patterns, HotspotNodesFractionAndSpread) {
  auto t = topo("torus", {4, 4});
  const int N = 16;
  const long draws = 100000;
  const double f = 0.2;
  auto run = [&](std::vector<int> hot, int src, uint64_t seed) {
    PatternParams pp;
    pp.name = "hotspot_nodes";
    pp.hot_nodes = hot;
    pp.hot_fraction = f;
    auto p = make_pattern(pp, *t);
    Rng rng(seed);
    std::vector<long> count(N, 0);
    for (long i = 0; i < draws; ++i) ++count[p->dest(src, rng)];
    return count;
  };
  // Cold source 0, hot {3, 10}: a fraction f picks a hot node (each f/2), the rest is uniform over the
  // other 15 nodes, hot ones included. P(3) = P(10) = 0.1 + 0.8/15; P(cold) = 0.8/15.
  {
    const auto c = run({3, 10}, 0, 77);
    EXPECT_EQ(c[0], 0);
    for (int d = 1; d < N; ++d) {
      const bool hot = d == 3 || d == 10;
      expect_binomial(c[d], draws, (hot ? f / 2 : 0) + (1 - f) / 15, "hot cold-src dst " + std::to_string(d));
    }
    expect_binomial(c[3] + c[10], draws, f + (1 - f) * 2 / 15, "total to hot nodes");
  }
  // A hot source sends its hot share to the other hot nodes: src 3, P(10) = 0.2 + 0.8/15.
  {
    const auto c = run({3, 10}, 3, 78);
    EXPECT_EQ(c[3], 0);
    for (int d = 0; d < N; ++d)
      if (d != 3) expect_binomial(c[d], draws, (d == 10 ? f : 0) + (1 - f) / 15, "hot-src dst " + std::to_string(d));
  }
  // The only hot node is the source: plain uniform.
  {
    const auto c = run({5}, 5, 79);
    EXPECT_EQ(c[5], 0);
    for (int d = 0; d < N; ++d)
      if (d != 5) expect_binomial(c[d], draws, 1.0 / 15, "self-hot dst " + std::to_string(d));
  }
  // Fraction 1 with one hot node: every packet from a cold source goes there.
  {
    PatternParams pp;
    pp.name = "hotspot_nodes";
    pp.hot_nodes = {9};
    pp.hot_fraction = 1.0;
    auto p = make_pattern(pp, *t);
    Rng rng(5);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(p->dest(2, rng), 9);
  }
}

// traffic.self (BookSim2's conventions): uniform draws every node, the source included, with probability
// 1/N; a permutation's fixed points send, to themselves (transpose on 64 nodes: the 8 with x = y, ids 9i),
// and the other nodes keep their destinations.
TEST(Patterns, SelfTrafficIncludesTheSourceAndTheFixedPoints) {
  auto t = topo("torus", {8, 8});
  const int N = 64;
  PatternParams pp;
  pp.name = "uniform";
  pp.self = true;
  auto u = make_pattern(pp, *t);
  Rng rng(31);
  const long draws = 200000;
  std::vector<long> count(N, 0);
  for (long i = 0; i < draws; ++i) ++count[u->dest(5, rng)];
  for (int d = 0; d < N; ++d) expect_binomial(count[d], draws, 1.0 / N, "uniform with self, dst " + std::to_string(d));
  pp.name = "transpose";
  auto with = make_pattern(pp, *t);
  auto without = pattern("transpose", *t);
  int fixed = 0;
  for (int x = 0; x < N; ++x) {
    const bool diag = x % 8 == x / 8;
    fixed += diag;
    EXPECT_TRUE(with->sends(x)) << x;
    EXPECT_EQ(without->sends(x), !diag) << x;
    EXPECT_EQ(with->dest(x, rng), (x % 8) * 8 + x / 8) << x;
  }
  EXPECT_EQ(fixed, 8);
}
