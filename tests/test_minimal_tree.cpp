// SPDX-License-Identifier: Apache-2.0
// The fat-tree's minimal tree (models/power/minimal_tree.h): membership worked by hand on a 4-ary 2-tree and
// a 2-ary 3-tree, its channel count and power floor from the built graph, and connectivity under the
// unchanged routing (adaptive up restricted to MT channels, deterministic down) for every terminal pair,
// with a negative control (one MT channel removed disconnects some pair).
#include <gtest/gtest.h>

#include <functional>

#include "models/power/minimal_tree.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"
#include "tests/support.h"

using namespace drb;

namespace {

std::unique_ptr<Interconnect> tree(int k, int n) {
  TopologyParams p;
  p.kind = "fattree";
  p.k = {k};
  p.n = n;
  return make_interconnect(p);
}

// By hand. 4-ary 2-tree: 4 switches a stage (ids: stage x 4 + offset); the leaves 0-3 and the root (1, 0) =
// 4 are in the MT, switches 5-7 are not; MT channels: the root's 4 down links and each leaf's up link 4:
// 8 of the 2 x 16 = 32 network channels. With the 2 x 16 terminal links, the MT draws (8 + 32) / (32 + 32)
// = 0.625 of the link power. 2-ary 3-tree: 4 switches a stage; leaves 0-3; stage 1 offsets with digit 0
// = 0: 4 (offset 0) and 6 (offset 2); stage 2 offset 0: 8. 7 switches, 2 x 6 = 12 of 2 x 8 x 2 = 32
// channels; floor (12 + 16) / (32 + 16) = 7/12.
TEST(MinimalTree, MembershipAndFloorByHand) {
  struct Case {
    int k, n;
    std::vector<int> mt;
    int mt_channels, channels;
    double floor;
  };
  for (const Case& c : {Case{4, 2, {0, 1, 2, 3, 4}, 8, 32, 0.625}, Case{2, 3, {0, 1, 2, 3, 4, 6, 8}, 12, 32, 7.0 / 12}}) {
    const auto ic = tree(c.k, c.n);
    const KAryNTree& t = *ic->tree();
    std::vector<int> got;
    for (int e = 0; e < ic->elements(); ++e)
      if (in_minimal_tree(t, e)) got.push_back(e);
    EXPECT_EQ(got, c.mt) << c.k << "-ary " << c.n << "-tree";
    const auto ch = minimal_tree_channels(t, ic->graph());
    int on = 0;
    for (char x : ch) on += x;
    EXPECT_EQ(on, c.mt_channels);
    EXPECT_EQ(static_cast<int>(ch.size()), c.channels);
    const int N = ic->terminals();
    EXPECT_DOUBLE_EQ((on + 2.0 * N) / (static_cast<double>(ch.size()) + 2.0 * N), c.floor);
  }
}

// Every pair reachable with only the given channels on: at each switch the adaptive relation's candidates
// are filtered to channels that are on; every remaining choice is followed.
bool all_pairs_reach(const Interconnect& ic, const std::vector<char>& on, std::string* why) {
  const auto rf = make_relation("adaptive", ic, {});
  const NetworkGraph& g = ic.graph();
  for (int a = 0; a < ic.terminals(); ++a)
    for (int b = 0; b < ic.terminals(); ++b) {
      if (a == b) continue;
      const Header h = make_data_header(a, b, nullptr, 0, 0, 1);
      std::function<bool(int, int)> go = [&](int e, int depth) {
        if (ic.eject_element(b) == e) return true;
        if (depth > 2 * ic.tree()->n()) return false;
        RouteSet rs;
        rf->route(e, h, rs);
        bool any = false;
        for (int i = 0; i < rs.n; ++i) {
          const int ch = g.out(e, rs.c[i].port);
          if (ch < 0 || !on[ch]) continue;
          any = true;
          if (!go(g.channels()[ch].to, depth + 1)) return false;
        }
        return any;
      };
      if (!go(g.terminals()[a].inject.element, 0)) {
        *why = std::to_string(a) + " -> " + std::to_string(b);
        return false;
      }
    }
  return true;
}

TEST(MinimalTree, EveryPairRoutesOnTheMinimalTreeAlone) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{3, 3}, std::pair{4, 3}, std::pair{2, 5}}) {
    const auto ic = tree(k, n);
    const auto on = minimal_tree_channels(*ic->tree(), ic->graph());
    std::string why;
    EXPECT_TRUE(all_pairs_reach(*ic, on, &why)) << k << "-ary " << n << "-tree: " << why;
    // The MT has (k^n - 1)/(k - 1) switches and two channels per non-root one.
    int sw = 0, mt = 0;
    for (int e = 0; e < ic->elements(); ++e) sw += in_minimal_tree(*ic->tree(), e);
    for (char x : on) mt += x;
    int want = 0;
    for (int i = 0, p = 1; i < n; ++i, p *= k) want += p;
    EXPECT_EQ(sw, want);
    EXPECT_EQ(mt, 2 * (want - 1));
  }
}

// Negative control: without one leaf's up link k (an MT channel) its terminals reach no other leaf.
TEST(MinimalTree, RemovingAnMtChannelDisconnects) {
  const auto ic = tree(4, 2);
  auto on = minimal_tree_channels(*ic->tree(), ic->graph());
  const int ch = ic->graph().out(2, 4);  // leaf 2, up port k = 4
  ASSERT_GE(ch, 0);
  ASSERT_TRUE(on[ch]);
  on[ch] = 0;
  std::string why;
  EXPECT_FALSE(all_pairs_reach(*ic, on, &why));
  EXPECT_EQ(why, "8 -> 0");  // terminal 8 is the first on leaf 2
}

}  // namespace
