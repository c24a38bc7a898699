// SPDX-License-Identifier: Apache-2.0
// Zero-load latency: one packet alone in the network arrives exactly when the pipeline formula says.
// The hop count is computed here from coordinates (not with the topology class), and the formula with a
// credit stall is the max-plus recursion of the flit schedule, written independently of the router code.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "systemc/fabric/fabric.h"

using namespace drb;

namespace {

struct Case {
  friend void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
  const char* name;
  std::string kind;
  std::vector<int> k;
  int n;
  bool vct;
  int depth;
  int length;
};

int hops(const Case& c, int a, int b) {
  if (c.kind == "hypercube") return __builtin_popcount(static_cast<unsigned>(a ^ b));
  int h = 0;
  for (size_t d = 0; d < c.k.size(); ++d) {
    const int k = c.k[d];
    const int da = a % k, db = b % k;
    a /= k;
    b /= k;
    const int delta = std::abs(da - db);
    h += c.kind == "torus" ? std::min(delta, k - delta) : delta;
  }
  return h;
}

// Independent schedule model. Stage i = 0 is the source NI, 1..H+1 the routers. D[i][j] is the cycle
// flit j leaves stage i; it needs the flit present (head: plus route compute and VC allocation), the
// previous flit gone, and a credit: the downstream buffer slot freed by flit j - B plus the credit delay.
int64_t schedule_latency(const NetParams& p, int H, int L) {
  const int last = H + 1;  // stages 0 (NI) .. H+1 (destination router)
  std::vector<std::vector<int64_t>> D(last + 1, std::vector<int64_t>(L, 0));
  for (int j = 0; j < L; ++j) {
    for (int i = 0; i <= last; ++i) {
      int64_t t;
      if (i == 0) {
        t = j;  // generated at cycle 0, at most one flit per cycle
      } else {
        const int64_t arrive = D[i - 1][j] + (i == 1 ? p.d_inj : p.d_sa + p.d_st + p.d_link);
        t = arrive + (j == 0 ? p.d_rc + p.d_va : 0);
      }
      if (j > 0) t = std::max(t, D[i][j - 1] + 1);
      // A credit from the next router's buffer (the destination router ejects into the always-sinking NI).
      if (i < last && j >= p.depth) t = std::max(t, D[i + 1][j - p.depth] + p.d_credit);
      D[i][j] = t;
    }
  }
  return D[last][L - 1] + p.d_sa + p.d_st + p.d_ej;
}

class ZeroLoad : public ::testing::TestWithParam<Case> {};

TEST_P(ZeroLoad, EveryPairMatchesFormula) {
  const Case& c = GetParam();
  NetParams p;
  p.topo.kind = c.kind;
  p.topo.k = c.k;
  p.topo.n = c.n;
  p.vcs = 2;
  p.depth = c.depth;
  p.vct = c.vct;
  Fabric fab("fabric", p);
  Network& net = fab.net();
  struct Obs : NetObserver {
    int64_t arrived = -1;
    uint32_t lat = 0;
    void packet_arrived(const Packet& pk, const Message&, int64_t now) override {
      arrived = now;
      lat = pk.hdr.latency;
    }
  } obs;
  net.add_observer(&obs);
  // Round trip a flit's credit needs at each hop: link + route/VC stages at the next router + credit.
  const int rt = p.d_sa + p.d_st + p.d_link + p.d_rc + p.d_va + p.d_credit;
  const bool stall_free = c.depth >= rt || c.vct;
  const int N = net.nodes();
  int checked = 0;
  for (int s = 0; s < N; ++s) {
    for (int d = 0; d < N; ++d) {
      if (s == d) continue;
      obs.arrived = -1;
      const int64_t t0 = fab.cycle();
      net.submit(s, d, c.length, t0, true);
      int64_t limit = t0 + 1000;
      while (obs.arrived < 0 && fab.cycle() < limit) fab.run_until(fab.cycle() + 1);
      ASSERT_GE(obs.arrived, 0) << "packet " << s << "->" << d << " never arrived";
      const int H = hops(c, s, d);
      const int64_t lat = obs.arrived - t0;
      const int64_t formula = p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + p.d_ej +
                              (c.length - 1);
      const int64_t sched = schedule_latency(p, H, c.length);
      if (stall_free) {
        ASSERT_EQ(lat, formula) << s << "->" << d << " H=" << H;
      }
      ASSERT_EQ(lat, sched) << s << "->" << d << " H=" << H;
      if (!stall_free && H > 0) {
        ASSERT_GT(sched, formula) << "the stall case must actually stall";
      }
      EXPECT_EQ(obs.lat, 0u) << "AL field of a lone packet";
      // Let the credits drain so the next packet is alone too.
      fab.run_until(fab.cycle() + 20);
      ++checked;
    }
  }
  EXPECT_EQ(checked, N * (N - 1));
}

INSTANTIATE_TEST_SUITE_P(
    Topologies, ZeroLoad,
    ::testing::Values(Case{"torus4x4_wh", "torus", {4, 4}, 2, false, 8, 10},
                      Case{"torus4x4_vct", "torus", {4, 4}, 2, true, 10, 10},
                      Case{"torus4x4x4_wh", "torus", {4, 4, 4}, 3, false, 8, 5},
                      Case{"torus4x4x4_vct", "torus", {4, 4, 4}, 3, true, 8, 5},
                      Case{"mesh4x4_wh", "mesh", {4, 4}, 2, false, 8, 10},
                      Case{"mesh4x4_vct", "mesh", {4, 4}, 2, true, 10, 10},
                      Case{"hypercube4_wh", "hypercube", {}, 4, false, 8, 10},
                      Case{"hypercube4_vct", "hypercube", {}, 4, true, 10, 10},
                      Case{"torus4x4_wh_credit_stall", "torus", {4, 4}, 2, false, 3, 10},
                      Case{"torus4x4_wh_single_flit", "torus", {4, 4}, 2, false, 1, 4}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
