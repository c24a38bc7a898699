// SPDX-License-Identifier: Apache-2.0
// Link power saving in the timed network (docs/power.md): a link leaves service only when idle and carries
// nothing until it is back; credits of a link return while its reverse direction is off; the minimal tree
// keeps every pair connected at every cycle; the power floors each configuration allows are reached; at
// saturating load the mechanism changes nothing; a square-wave load switches every trunk member off and
// on again with nothing lost; the event-driven controllers equal the per-cycle model; bad keys exit 2.
#include <gtest/gtest.h>

#include <functional>

#include "models/power/minimal_tree.h"
#include "models/util/rng.h"
#include "systemc/fabric/fabric.h"
#include "tests/ledger.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

// Drives a fabric with Bernoulli messages at rate(t) flits per node and cycle (random destinations and
// bytes, bounded source queues), calls each(net, t) every cycle, drains, and returns the ledger's counts.
nlohmann::json drive(const std::vector<std::string>& kv, int64_t cycles, const std::function<double(int64_t)>& rate,
                     const std::function<void(Network&, int64_t)>& each, int len = 16) {
  const Scenario s = scenario(kv);
  Fabric fab("fabric", s.net);
  Network& net = fab.net();
  nlohmann::json r = drive_ledger(fab, len, cycles, rate, [&](int64_t t) { each(net, t); });
  bool idle = true;  // every credit back at the end: none was lost on a link that went off
  for (const PowerLink& l : net.power()->switchable()) idle &= net.router(l.element).output_idle(l.port);
  r["all_idle"] = idle;
  return r;
}

// Aggressive settings so that a short run switches links many times.
const std::vector<std::string> kFast{"power.mechanism=on", "power.t_check=200", "power.t_on=40", "power.t_off=40",
                                     "power.u_on=0.3", "power.u_off=0.15", "traffic.source_queue=16"};

std::vector<std::string> with(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::vector<std::string> kTorus{"topology.k=4", "topology.trunk=4", "routing.algorithm=adaptive", "router.vcs=3"};
const std::vector<std::string> kTree{"topology.kind=fattree", "topology.k=4", "topology.n=2", "routing.algorithm=adaptive",
                                     "router.vcs=3"};

// While a link is not ON: its output holds no VC and has every credit back (nothing of it in flight or in
// the buffer downstream), and it sends nothing. Credits keep returning on links whose reverse is off.
void never_off_in_use(const std::vector<std::string>& net_kv) {
  const auto r = in_child([&] {
    std::vector<uint64_t> sent_at;
    std::vector<int> reverse;
    int64_t bad = 0, off_cycles = 0, credits_back_reverse_off = 0;
    std::vector<int> credit_sum;
    auto res = drive(with(net_kv, kFast), 30000, [](int64_t t) { return (t / 3000) % 2 ? 0.45 : 0.03; },
                     [&](Network& net, int64_t) {
                       const auto& L = net.power()->switchable();
                       if (sent_at.empty()) {
                         sent_at.assign(L.size(), 0);
                         credit_sum.assign(L.size(), 0);
                         reverse.assign(L.size(), -1);
                         for (size_t i = 0; i < L.size(); ++i)
                           for (size_t j = 0; j < L.size(); ++j) {
                             const NetworkGraph& g = net.interconnect().graph();
                             const GraphChannel& a = g.channels()[g.out(L[i].element, L[i].port)];
                             const GraphChannel& b = g.channels()[g.out(L[j].element, L[j].port)];
                             if (b.from == a.to && b.to == a.from && b.to_port == a.from_port) reverse[i] = static_cast<int>(j);
                           }
                       }
                       for (size_t i = 0; i < L.size(); ++i) {
                         const RouterCore& rt = net.router(L[i].element);
                         int cs = 0;
                         for (int v = 0; v < net.params().vcs; ++v) cs += rt.credits(L[i].port, v);
                         if (L[i].st != MemberState::On) {
                           ++off_cycles;
                           if (!rt.output_idle(L[i].port) || rt.sent(L[i].port) != sent_at[i]) ++bad;
                         } else {
                           sent_at[i] = rt.sent(L[i].port);
                           if (reverse[i] >= 0 && L[reverse[i]].st == MemberState::Off && cs > credit_sum[i])
                             ++credits_back_reverse_off;
                         }
                         credit_sum[i] = cs;
                       }
                     });
    res["bad"] = bad;
    res["off_cycles"] = off_cycles;
    res["credits_back_reverse_off"] = credits_back_reverse_off;
    return res;
  });
  ASSERT_FALSE(r.contains("error")) << r.dump();
  expect_conserved(r);
  EXPECT_TRUE(r["all_idle"].get<bool>());
  EXPECT_EQ(r["bad"], 0);
  EXPECT_GT(r["off_cycles"].get<int64_t>(), 10000);
  EXPECT_GT(r["credits_back_reverse_off"].get<int64_t>(), 0);
}

TEST(LinkPower, TorusNeverSwitchesALinkInUse) { never_off_in_use(kTorus); }
TEST(LinkPower, TorusWithStageTwoNeverSwitchesALinkInUse) { never_off_in_use(with(kTorus, {"power.width_steps=2"})); }
TEST(LinkPower, FatTreeNeverSwitchesALinkInUse) { never_off_in_use(kTree); }

// Every terminal pair reachable over ON links by the unchanged routing (adaptive up to an ancestor of the
// destination, then the deterministic down port), at every cycle of a run that switches links.
TEST(LinkPower, MinimalTreeKeepsEveryPairConnected) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}}) {
    const auto r = in_child([&] {
      int64_t broken = 0, cycles_with_off = 0;
      const auto kv = with({"topology.kind=fattree", "topology.k=" + std::to_string(k), "topology.n=" + std::to_string(n),
                            "routing.algorithm=adaptive", "router.vcs=3", "power.init=minimum"},
                           kFast);
      auto res = drive(kv, 20000, [](int64_t t) { return (t / 2500) % 2 ? 0.5 : 0.02; }, [&](Network& net, int64_t) {
        const KAryNTree& t = *net.interconnect().tree();
        const NetworkGraph& g = net.interconnect().graph();
        std::vector<char> on(g.channels().size(), 1);
        bool any_off = false;
        for (const PowerLink& l : net.power()->switchable()) {
          on[g.out(l.element, l.port)] = l.st == MemberState::On;
          any_off |= l.st != MemberState::On;
        }
        cycles_with_off += any_off;
        for (int a = 0; a < t.terminals(); ++a)
          for (int b = 0; b < t.terminals(); ++b) {
            // Breadth over the up phase: the switches reachable from a's leaf over ON up-links.
            std::vector<int> front{a / k}, seen(g.elements().size(), 0);
            bool ok = false;
            while (!front.empty() && !ok) {
              std::vector<int> next;
              for (int s : front) {
                if (t.ancestor(s, b)) {  // down: digit stage of b at each stage, every link ON
                  int e = s;
                  bool down = true;
                  while (t.stage(e) > 0) {
                    const int c = g.out(e, t.digit(b, t.stage(e)));
                    if (!on[c]) down = false;
                    e = g.channels()[c].to;
                  }
                  ok |= down;
                  continue;
                }
                for (int u = k; u < 2 * k; ++u) {
                  const int c = g.out(s, u);
                  if (c >= 0 && on[c] && !seen[g.channels()[c].to]) seen[g.channels()[c].to] = 1, next.push_back(g.channels()[c].to);
                }
              }
              front = next;
            }
            broken += !ok;
          }
      });
      res["broken"] = broken;
      res["cycles_with_off"] = cycles_with_off;
      return res;
    });
    ASSERT_FALSE(r.contains("error")) << r.dump();
    expect_conserved(r);
    EXPECT_EQ(r["broken"], 0) << k << "-ary " << n << "-tree";
    EXPECT_GT(r["cycles_with_off"].get<int64_t>(), 10000);
  }
}

// The spec's cascade, worked by hand. With no traffic, at the first check every switch turns its highest
// up-link off. 2-ary 3-tree: the leaves' up 3 feed the non-MT switches (1,1) and (1,3) only, which mirror
// the loss on their up 2; the roots (2,1), (2,3) (fed only by those) and (2,2) (fed only by the up 3 of
// (1,0) and (1,2)) lose every input and go to standby, and so do (1,1) and (1,3) once the roots' down-links
// go: what stays on is exactly the minimal tree, at once (every other link is turning off at the check).
// 4-ary 2-tree: the leaves' up 7 feed root (1,3) only, which goes to standby: 4 + 4 links go.
TEST(LinkPower, FatTreeCascadeRemovesTheSubTree) {
  for (auto [k, n, gone] : {std::tuple{2, 3, -1}, std::tuple{4, 2, 8}}) {
    const auto r = in_child([&, k = k, n = n] {
      const Scenario s = scenario({"topology.kind=fattree", "topology.k=" + std::to_string(k), "topology.n=" + std::to_string(n),
                                   "routing.algorithm=adaptive", "router.vcs=3", "power.mechanism=on"});
      Fabric fab("fabric", s.net);
      Network& net = fab.net();
      const NetworkGraph& g = net.interconnect().graph();
      const std::vector<char> mt = minimal_tree_channels(*net.interconnect().tree(), g);
      auto count = [&](bool want_mt, MemberState st) {
        int c = 0;
        for (const PowerLink& l : net.power()->switchable())
          c += (mt[g.out(l.element, l.port)] != 0) == want_mt && l.st == st;
        return c;
      };
      fab.run_until(2000);  // the first check is cycle 1999
      nlohmann::json j{{"non_mt_on_after_check", count(false, MemberState::On)},
                       {"non_mt_turning_off", count(false, MemberState::TurningOff)},
                       {"mt_on", count(true, MemberState::On)}};
      fab.run_until(3100);
      j["non_mt_off_later"] = count(false, MemberState::Off);
      j["non_mt"] = static_cast<int>(std::count(mt.begin(), mt.end(), 0));
      j["mt"] = static_cast<int>(std::count(mt.begin(), mt.end(), 1));
      return j;
    });
    ASSERT_FALSE(r.contains("error")) << r.dump();
    EXPECT_EQ(r["mt_on"], r["mt"]);  // never touched
    if (gone < 0) {  // the whole non-MT part
      EXPECT_EQ(r["non_mt_on_after_check"], 0);
      EXPECT_EQ(r["non_mt_turning_off"], r["non_mt"]);
      EXPECT_EQ(r["non_mt_off_later"], r["non_mt"]);
    } else {
      EXPECT_EQ(r["non_mt_turning_off"], gone);
      EXPECT_EQ(r["non_mt_off_later"], gone);
    }
  }
}

nlohmann::json run(const std::vector<std::string>& kv) {
  const auto r = run_child(scenario(kv));
  EXPECT_FALSE(r.contains("error")) << r.dump();
  return r;
}

// Stage 2 on the model, worked by hand: one member ON, T_CHECK 10, T_ON 4, T_OFF 3, thresholds 5 and 2
// phits per period. A quiet period halves the width at once (bandwidth) and its power 3 cycles later; a
// second halves it again; then a busy period doubles the power at once and the bandwidth 4 cycles later;
// only at full width does a busy period turn a second member on. The congestion test restores full width.
TEST(LinkPower, StageTwoWidthByHand) {
  LinkCtrlConfig c;
  c.members = 2, c.t_check = 10, c.t_on = 4, c.t_off = 3, c.init_all_on = false, c.width_steps = 2;
  LinkController l(c);
  auto period = [&](int phits, bool pending_at = false) {  // ten cycles, phits sent in the first ones
    for (int t = 0; t < 10; ++t) {
      LinkCtrlIn in;
      in.th_on = 5, in.th_off = 2, in.phit = t < phits ? 1u : 0u;
      in.inj_pending = pending_at && t == 0;
      l.step(in);
    }
  };
  period(1);  // 1 < 2: halve
  EXPECT_EQ(l.bw_halvings(), 1);
  EXPECT_EQ(l.pw_halvings(), 0);
  EXPECT_EQ(l.width_timer(), 3);
  period(0);  // the power followed after 3 cycles; 0 < 2: halve again
  EXPECT_EQ(l.bw_halvings(), 2);
  EXPECT_EQ(l.pw_halvings(), 1);
  period(0);  // at 25 %: nothing more to halve, and member 1 stays off
  EXPECT_EQ(l.bw_halvings(), 2);
  EXPECT_EQ(l.pw_halvings(), 2);
  EXPECT_EQ(l.state(1), MemberState::Off);
  period(8);  // 8 > 5: widen, power first
  EXPECT_EQ(l.bw_halvings(), 2);
  EXPECT_EQ(l.pw_halvings(), 1);
  EXPECT_EQ(l.width_timer(), 4);
  period(8);  // bandwidth followed; widen again
  EXPECT_EQ(l.bw_halvings(), 1);
  EXPECT_EQ(l.pw_halvings(), 0);
  period(8);  // full width now; busy again: member 1 turns on
  EXPECT_EQ(l.bw_halvings(), 0);
  EXPECT_EQ(l.state(1), MemberState::TurningOn);
  // The congestion test at 50 % restores the width: power at once, bandwidth T_ON later.
  LinkController r(c);
  for (int t = 0; t < 10; ++t) {
    LinkCtrlIn in;
    in.th_on = 5, in.th_off = 2;
    r.step(in);
  }
  ASSERT_EQ(r.bw_halvings(), 1);
  for (int t = 0; t < 3; ++t) r.step(LinkCtrlIn{0, 0, true, false, 5, 2});
  ASSERT_EQ(r.pw_halvings(), 1);
  r.step(LinkCtrlIn{0, 0, false, true, 5, 2});
  EXPECT_EQ(r.pw_halvings(), 0);
  EXPECT_EQ(r.bw_halvings(), 1);
  EXPECT_EQ(r.state(1), MemberState::TurningOn);
  for (int t = 0; t < 4; ++t) r.step(LinkCtrlIn{0, 0, true, false, 5, 2});
  EXPECT_EQ(r.bw_halvings(), 0);
  EXPECT_EQ(r.state(1), MemberState::On);
}

// The open choices, by hand (T_CHECK 10). Four members ON and idle, no phits: the first check turns the
// highest off, or the lowest with off_lowest. From member 0 alone, a busy check turns member 1 on, or
// member 3 with on_highest. transitions_active: with T_ON 15 and thresholds of 6 phits per member, checks
// at cycles 9 and 19 start members 1 and 2 (ON at 24 and 34); at cycle 29 members 0 and 1 have sent 10 + 5
// phits: 15 > 6 x 2 turns member 3 on, but counting member 2 (turning on) as active, 15 < 6 x 3 does not.
TEST(LinkPower, MemberChoicesByHand) {
  LinkCtrlConfig c;
  c.members = 4, c.t_check = 10, c.t_on = 15, c.t_off = 50;
  auto run = [](LinkCtrlConfig k, int cycles, uint32_t phit, uint32_t th_on) {
    LinkController l(k);
    for (int t = 0; t < cycles; ++t) l.step(LinkCtrlIn{phit, 0, true, false, th_on, 4});
    return l;
  };
  EXPECT_EQ(run(c, 10, 0, 6).state(3), MemberState::TurningOff);
  EXPECT_EQ(run(c, 10, 0, 6).state(0), MemberState::On);
  LinkCtrlConfig k = c;
  k.off_lowest = true;
  EXPECT_EQ(run(k, 10, 0, 6).state(0), MemberState::TurningOff);
  EXPECT_EQ(run(k, 10, 0, 6).state(3), MemberState::On);
  c.init_all_on = false;
  EXPECT_EQ(run(c, 10, 0xf, 6).state(1), MemberState::TurningOn);
  k = c;
  k.on_highest = true;
  EXPECT_EQ(run(k, 10, 0xf, 6).state(3), MemberState::TurningOn);
  EXPECT_EQ(run(k, 10, 0xf, 6).state(1), MemberState::Off);
  const LinkController d = run(c, 30, 0xf, 6);
  EXPECT_EQ(d.state(1), MemberState::On);
  EXPECT_EQ(d.state(2), MemberState::TurningOn);
  EXPECT_EQ(d.state(3), MemberState::TurningOn);
  k = c;
  k.transitions_active = true;
  EXPECT_EQ(run(k, 30, 0xf, 6).state(3), MemberState::Off);
}

// Stage 2 at constant low load: the last member of every trunk at 25 % width, P_rel = 1/4 of the stage-1
// floor (1/16 with trunks of 4; 1/4 without trunks).
TEST(LinkPower, TorusReachesTheStageTwoFloor) {
  for (int trunk : {1, 4}) {
    const auto r = run({"topology.k=4", "topology.trunk=" + std::to_string(trunk), "routing.algorithm=adaptive",
                        "router.vcs=3", "power.mechanism=on", "power.width_steps=2", "traffic.rate=0.01",
                        "traffic.length=16", "sim.warmup=16000", "sim.measure=20000"});
    EXPECT_DOUBLE_EQ(r["power"]["p_rel"].get<double>(), 0.25 / trunk) << "trunk " << trunk;
  }
}

// Constant low load from all links on: every trunk ends with one member (P_rel = 1/4, the stage-1 floor
// of trunks of 4) before the window opens and stays there.
TEST(LinkPower, TorusReachesTheStageOneFloor) {
  for (int trunk : {2, 4}) {
    const auto r = run(with({"topology.k=4", "topology.trunk=" + std::to_string(trunk), "routing.algorithm=adaptive",
                             "router.vcs=3", "power.mechanism=on", "traffic.rate=0.03", "traffic.length=16",
                             "sim.warmup=12000", "sim.measure=20000"},
                            {}));
    EXPECT_DOUBLE_EQ(r["power"]["p_rel"].get<double>(), 1.0 / trunk) << "trunk " << trunk;
    EXPECT_EQ(r["power"]["switch_ons"], 0);
  }
}

// The minimal tree's share of the links, counted from the built graph: MT channels plus both directions of
// every terminal link, over every channel plus the terminal links. The load is low enough that dynamic
// thresholds get there too: an MT switch above the leaves carries the up traffic of k^2 terminals, which
// must fall below U_off,2 = U_on / k on two up-links (at 0.01 flits per terminal it does not: 0.06 > 0.056).
TEST(LinkPower, FatTreeReachesTheMinimalTreeShare) {
  for (auto [k, n] : {std::pair{4, 2}, std::pair{2, 3}, std::pair{4, 3}}) {
    const KAryNTree t(k, n);
    const NetworkGraph g = t.graph();
    const std::vector<char> mt = minimal_tree_channels(t, g);
    double in_mt = 0;
    for (char c : mt) in_mt += c;
    const double share = (in_mt + 2 * t.terminals()) / (static_cast<double>(g.channels().size()) + 2 * t.terminals());
    for (const char* th : {"static", "dynamic"}) {
      const auto r = run({"topology.kind=fattree", "topology.k=" + std::to_string(k), "topology.n=" + std::to_string(n),
                          "routing.algorithm=adaptive", "router.vcs=3", "power.mechanism=on",
                          std::string("power.thresholds=") + th, "traffic.rate=0.004", "traffic.length=16",
                          "sim.warmup=15000", "sim.measure=20000"});
      EXPECT_DOUBLE_EQ(r["power"]["p_rel"].get<double>(), share) << k << "-ary " << n << "-tree, " << th;
    }
  }
}

// At twice the saturation load, with source queues that soon hold more than the congestion test's 4 waiting
// messages everywhere, every link stays on for the whole run and everything but the power fields equals the mechanism-off run. (With queues of 8 the test
// can find fewer than 4 waiting at a check, and a trunk whose last member carries little at saturation --
// the -x members of a 4x4 torus, which lose the distance-2 ties to +x -- may then lose a member.)
TEST(LinkPower, SaturatingLoadEqualsMechanismOff) {
  for (const auto& base : {kTorus, kTree}) {
    const std::vector<std::string> kv = with(base, {"traffic.rate=2", "traffic.length=16", "traffic.source_queue=32",
                                                    "sim.warmup=5000", "sim.measure=15000"});
    auto off = run(kv);
    auto on = run(with(kv, {"power.mechanism=on"}));
    EXPECT_DOUBLE_EQ(on["power"]["p_rel_whole_run"].get<double>(), 1.0);
    EXPECT_EQ(on["power"]["switch_offs"], 0);
    on.erase("power");
    std::string differ;
    for (auto it = off.begin(); it != off.end(); ++it)
      if (on[it.key()] != it.value()) differ += " " + it.key();
    EXPECT_EQ(differ, "");
    EXPECT_EQ(on.size(), off.size());
  }
}

// Square wave between 0.1x and 2x the saturation throughput, switching every 4 T_CHECK: every trunk member
// that can go off goes off and comes back at least three times; nothing lost, no stall.
TEST(LinkPower, SquareWaveSwitchesEveryTrunkRepeatedly) {
  const double sat = run(with(kTorus, {"traffic.rate=1", "traffic.length=16", "traffic.source_queue=8",
                                       "sim.warmup=5000", "sim.measure=10000"}))["accepted_flits_per_node_cycle"]
                         .get<double>();
  const auto r = in_child([&] {
    std::vector<uint32_t> offs, ons;
    auto res = drive(with(kTorus, {"power.mechanism=on", "traffic.source_queue=16"}), 8 * 8000,
                     [sat](int64_t t) { return (t / 8000) % 2 ? 2 * sat : 0.1 * sat; }, [&](Network& net, int64_t) {
                       const auto& L = net.power()->switchable();
                       offs.resize(L.size()), ons.resize(L.size());
                       for (size_t i = 0; i < L.size(); ++i) offs[i] = L[i].offs, ons[i] = L[i].ons;
                     });
    // Per trunk (4 members: member 0 never has a reason to go first), the fewest off and on cycles.
    uint32_t min_off = UINT32_MAX, min_on = UINT32_MAX;
    for (size_t i = 0; i < offs.size(); i += 4) {
      uint32_t o = 0, n = 0;
      for (size_t m = 0; m < 4; ++m) o = std::max(o, offs[i + m]), n = std::max(n, ons[i + m]);
      min_off = std::min(min_off, o), min_on = std::min(min_on, n);
    }
    res["min_off"] = min_off;
    res["min_on"] = min_on;
    return res;
  });
  ASSERT_FALSE(r.contains("error")) << r.dump();
  expect_conserved(r);
  EXPECT_GE(r["min_off"].get<uint32_t>(), 3u) << "saturation " << sat;
  EXPECT_GE(r["min_on"].get<uint32_t>(), 3u);
}

// L_rel x P_rel from two runs of the same seed at low load (the spec's expectation: below 1 on tori with
// 16-flit messages), and the latency penalty small but real.
TEST(LinkPower, LatencyPowerProductFromTwoRuns) {
  const auto kv = with(kTorus, {"traffic.rate=0.05", "traffic.length=16", "sim.warmup=12000", "sim.measure=30000"});
  const auto off = run(kv), on = run(with(kv, {"power.mechanism=on"}));
  const double l_rel = on["latency"]["mean"].get<double>() / off["latency"]["mean"].get<double>();
  const double p_rel = on["power"]["p_rel"].get<double>();
  std::printf("L_rel %.4f P_rel %.4f product %.4f\n", l_rel, p_rel, l_rel * p_rel);
  EXPECT_GE(l_rel, 1.0);
  EXPECT_LT(l_rel, 1.2);
  EXPECT_LT(l_rel * p_rel, 1.0);
}

// Closed-loop request-reply runs (the energy study): the quota is delivered exactly (every request answered
// once: replies = requests), the mechanism-off run sets T_nominal, and with 10 % of the nodes active the
// energy E = a P_rel T + (1 - a) T falls below E_nominal = T_nominal (the spec's expectation), by less than
// the link share a.
TEST(LinkPower, ClosedLoopEnergyFromTwoRuns) {
  const auto kv = with(kTorus, {"traffic.length=16", "traffic.closed.active=0.125", "traffic.closed.quota=6000"});
  const auto off = run(kv), on = run(with(kv, {"power.mechanism=on"}));
  for (const auto* r : {&off, &on}) {
    EXPECT_EQ((*r)["closed_loop"]["messages"], 6000);
    EXPECT_EQ((*r)["closed_loop"]["active_nodes"], 2);
    EXPECT_EQ((*r)["closed_loop"]["flits"], 6000 * 16);
  }
  const double t0 = off["closed_loop"]["t_sim"].get<double>(), t = on["closed_loop"]["t_sim"].get<double>();
  const double a = 0.824, p = on["power"]["p_rel"].get<double>();
  const double e_rel = (a * p * t + (1 - a) * t) / t0;
  std::printf("T_nominal %.0f T %.0f P_rel %.3f E/E_nominal %.3f\n", t0, t, p, e_rel);
  EXPECT_LT(e_rel, 1.0);
  EXPECT_GT(e_rel, 1 - a);
  const Exec e = drbsim("traffic.closed.active=0.5 traffic.rate=0.2");
  EXPECT_EQ(e.code, 2);
  EXPECT_EQ(e.err.rfind("drbsim: error: traffic.rate:", 0), 0u) << e.err;
}

// The controller driven by events (steps skipped between checks, timer ends and congestion, phits added
// in bulk), as systemc/fabric/link_power.cpp drives it, equals the per-cycle model on random inputs.
TEST(LinkPower, EventDrivenControllerEqualsPerCycleModel) {
  Rng rng(5);
  for (int trial = 0; trial < 20; ++trial) {
    LinkCtrlConfig c;
    c.members = 1 + static_cast<int>(rng.below(6));
    c.t_check = 20 + static_cast<int>(rng.below(200));
    c.t_on = 1 + static_cast<int>(rng.below(60));
    c.t_off = 1 + static_cast<int>(rng.below(60));
    c.init_all_on = rng.below(2);
    c.width_steps = static_cast<int>(rng.below(3));
    c.off_lowest = rng.below(2), c.on_highest = rng.below(2), c.transitions_active = rng.below(2);
    LinkController a(c), b(c);
    const uint32_t th_on = static_cast<uint32_t>(rng.below(c.t_check)), th_off = static_cast<uint32_t>(rng.below(th_on + 1));
    const double p_phit = rng.uniform(), p_cong = 0.01 * rng.uniform();
    int64_t last = -1;
    uint32_t pend = 0;
    for (int64_t t = 0; t < 20000; ++t) {
      LinkCtrlIn in;
      in.th_on = th_on, in.th_off = th_off;
      for (int j = 0; j < c.members; ++j) in.phit |= static_cast<uint32_t>(rng.uniform() < p_phit) << j;
      in.inj_pending = rng.uniform() < p_cong;
      const bool event = in.inj_pending || b.quiet() == t - last - 1;
      if (event) {
        in.busy = static_cast<uint32_t>(rng.below(1u << c.members));
        in.inj_empty = rng.below(2);
      }
      pend += static_cast<uint32_t>(__builtin_popcount(in.phit & a.usable()));
      a.step(in);
      if (!event) continue;
      b.skip(static_cast<int>(t - last - 1));
      b.add_phits(pend);
      LinkCtrlIn ib = in;
      ib.phit = 0;
      b.step(ib);
      pend = 0;
      last = t;
      for (int j = 0; j < c.members; ++j) ASSERT_EQ(a.state(j), b.state(j)) << "trial " << trial << " cycle " << t;
      ASSERT_EQ(a.acc(), b.acc());
      ASSERT_EQ(a.bw_halvings(), b.bw_halvings());
      ASSERT_EQ(a.pw_halvings(), b.pw_halvings());
      ASSERT_EQ(a.tick(), b.tick());
    }
  }
}

TEST(LinkPower, Refusals) {
  for (auto [args, key] : std::vector<std::pair<std::string, std::string>>{
           {"topology.k=4 topology.trunk=4 power.mechanism=on power.u_on=0.2 power.u_off=0.15", "power.u_on"},
           {"topology.k=4 topology.trunk=4 power.mechanism=on power.u_off=0.3", "power.u_off"},
           {"topology.k=4 power.mechanism=on", "power.mechanism"},
           {"topology.k=4 topology.trunk=4 power.u_on=0.3", "power.u_on"},
           {"topology.k=4 topology.trunk=4 power.mechanism=on power.thresholds=dynamic", "power.thresholds"},
           {"topology.kind=fattree topology.k=4 topology.n=2 power.mechanism=on", "power.mechanism"},
           {"topology.kind=fattree topology.k=4 topology.n=2 routing.algorithm=updown power.mechanism=on",
            "routing.algorithm"},
           {"topology.kind=flatfly topology.k=4 topology.n=2 power.mechanism=on", "power.mechanism"}}) {
    const Exec e = drbsim(args);
    EXPECT_EQ(e.code, 2) << args;
    EXPECT_EQ(e.err.rfind("drbsim: error: " + key + ":", 0), 0u) << args << ": " << e.err;
  }
  // The off-map points run when asked for.
  const Exec ok = drbsim("topology.k=4 topology.trunk=4 power.mechanism=on power.u_on=0.2 power.u_off=0.15 "
                         "power.allow_oscillation=true sim.warmup=100 sim.measure=2000");
  EXPECT_EQ(ok.code, 0) << ok.err;
}

}  // namespace
