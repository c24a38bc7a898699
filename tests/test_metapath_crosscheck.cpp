// SPDX-License-Identifier: Apache-2.0
// The zero-load metapath study cross-checked against the cycle model: for every included destination of
// node 0, every MSP of its metapath (SN_src x SN_dst) is sent alone through the fabric, and the mean number
// of links the packets crossed must equal the study's L(d). Done for a single-supernode family (SGA) and
// the double gravity area on a 4x4 torus, and subcubes on a 3-cube.
#include <gtest/gtest.h>

#include <cmath>
#include <deque>

#include "models/drb/metapath_study.h"
#include "models/drb/supernode.h"
#include "systemc/fabric/fabric.h"
#include "tests/forced_path.h"

using namespace drb;

namespace {

struct Hops : NetObserver {
  int64_t at = -1;
  int hops = 0;
  void packet_arrived(const Packet& p, const Message&, int64_t now) override {
    at = now;
    hops = p.hops;
  }
};

void crosscheck(const TopologyParams& tp, const std::string& method) {
  auto topo = make_topology(tp);
  auto rf = make_routing("dor", *topo, {});
  SupernodeSpec spec;
  std::string err;
  ASSERT_TRUE(parse_supernode(method, spec, err)) << err;
  auto sn = make_supernodes(*topo, spec, err);
  ASSERT_TRUE(sn) << err;
  const MetapathStudyRow row = run_metapath_study(*sn, *rf);
  NetParams p;
  p.topo = tp;
  p.vcs = 6;
  p.steps = 3;
  std::deque<PathChoice> plan;
  Fabric fab("fabric", p, [&plan](int) { return std::make_unique<test::ForcedPath>(&plan); });
  Hops obs;
  fab.net().add_observer(&obs);
  int checked = 0;
  for (int d = 1; d < topo->nodes(); ++d) {
    if (std::isnan(row.per_destination[d])) continue;  // excluded by the construction
    const SupernodeSets sets = sn->sets(0, d);
    double sum = 0;
    int n = 0;
    for (int i : sets.src)
      for (int j : sets.dst) {
        // S -> i -> j -> d; a leg of length zero (i = S, j = d, i = j) is simply not a stop.
        PathChoice pc;
        for (int x : {i, j}) {
          const uint32_t last = pc.n ? pc.node[pc.n - 1] : 0u;
          if (x != 0 && x != d && static_cast<uint32_t>(x) != last) pc.node[pc.n++] = static_cast<uint32_t>(x);
        }
        plan.push_back(pc);
        obs.at = -1;
        fab.net().submit(0, d, 1, fab.cycle(), true);
        const int64_t limit = fab.cycle() + 200;
        while (obs.at < 0 && fab.cycle() < limit) fab.run_until(fab.cycle() + 1);
        ASSERT_GE(obs.at, 0);
        sum += obs.hops;
        ++n;
        fab.run_until(fab.cycle() + 10);
      }
    EXPECT_NEAR(sum / n, row.per_destination[d], 1e-9) << method << " on " << topo->describe() << ", destination " << d;
    ++checked;
  }
  EXPECT_EQ(checked, row.included);
  EXPECT_GT(checked, 0);
}

TEST(MetapathCrossCheck, SgaOn4x4Torus) { crosscheck(TopologyParams{"torus", {4, 4}, 2, 0}, "sga:1"); }
TEST(MetapathCrossCheck, DgaOn4x4Torus) { crosscheck(TopologyParams{"torus", {4, 4}, 2, 0}, "dga:1"); }
TEST(MetapathCrossCheck, SubcubeOn3Cube) { crosscheck(TopologyParams{"hypercube", {}, 3, 0}, "subcube:1"); }

}  // namespace
