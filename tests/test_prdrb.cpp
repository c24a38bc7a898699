// SPDX-License-Identifier: Apache-2.0
// PR-DRB (docs/prdrb.md): the specification's checkable properties 1-7, the solution database by hand-worked
// examples, deadlock freedom of its paths (CDG, with a negative control), zero-load latency, conservation past
// saturation, determinism and the refusals.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "models/drb/prdrb.h"
#include "models/routing/cdg.h"
#include "systemc/fabric/fabric.h"
#include "tests/ledger.h"
#include "tests/support.h"

using namespace drb;
using namespace drb::test;

namespace {

uint64_t flow(uint32_t s, uint32_t d) { return uint64_t{s} << 32 | d; }

TEST(Prdrb, JaccardAndSignatures) {
  EXPECT_DOUBLE_EQ(jaccard({1, 2, 3}, {2, 3, 4}), 0.5);  // |{2,3}| / |{1,2,3,4}|
  EXPECT_DOUBLE_EQ(jaccard({}, {}), 1.0);
  EXPECT_DOUBLE_EQ(jaccard({}, {7}), 0.0);
  EXPECT_DOUBLE_EQ(jaccard({1, 9}, {1, 2, 3}), 0.25);
  FlowCapture c;
  c.n = 3;
  c.flow[0] = flow(5, 1), c.flow[1] = flow(3, 2), c.flow[2] = flow(5, 1);
  EXPECT_EQ(flow_signature(c), (FlowSig{flow(3, 2), flow(5, 1)}));  // sorted, distinct
}

Solution sol(FlowSig sig, int64_t latency, int s = 2) {
  Solution x;
  x.sig = std::move(sig);
  x.s = s;
  x.latency = latency;
  return x;
}

// E_max = 2, Jaccard at 0.5, worked by hand: A {1,2} then B {7,8}; a lookup with {1,2,3} (J = 2/3) finds A and
// makes it the most recently used; {1,9} (J = 1/3 with A) finds nothing; a worse solution for A's pattern is
// not stored, a better one replaces it; a third pattern evicts B, the least recently used.
TEST(Prdrb, SolutionDatabaseByHand) {
  PrdrbParams p;
  p.e_max = 2;
  p.theta = 0.5;
  SolutionDb db(p);
  EXPECT_TRUE(db.commit(9, sol({1, 2}, 100)));
  EXPECT_TRUE(db.commit(9, sol({7, 8}, 50)));
  const Solution* a = db.find(9, {1, 2, 3});
  ASSERT_NE(a, nullptr);
  EXPECT_EQ(a->latency, 100);
  EXPECT_EQ(db.find(9, {1, 9}), nullptr);
  EXPECT_EQ(db.find(4, {1, 2}), nullptr) << "another destination's key";
  EXPECT_FALSE(db.commit(9, sol({1, 2}, 120))) << "not better than the stored one";
  EXPECT_TRUE(db.commit(9, sol({1, 2}, 90, 3)));
  EXPECT_EQ(db.find(9, {1, 2})->s, 3);
  EXPECT_TRUE(db.commit(9, sol({20}, 70)));
  std::set<FlowSig> held;
  for (const Solution& s : db.entries(9)) held.insert(s.sig);
  EXPECT_EQ(held, (std::set<FlowSig>{{1, 2}, {20}})) << "B was the least recently used";

  p.match = PrdrbParams::Exact;
  SolutionDb exact(p);
  exact.commit(1, sol({1, 2}, 10));
  EXPECT_EQ(exact.find(1, {1, 2, 3}), nullptr);
  EXPECT_NE(exact.find(1, {1, 2}), nullptr);
  p.match = PrdrbParams::KeyOnly;
  SolutionDb key(p);
  key.commit(1, sol({1}, 10));
  key.commit(1, sol({2}, 10, 3));  // a different pattern, but with the key only rule it replaces nothing
  EXPECT_EQ(key.entries(1).size(), 1u) << "key only: one pattern per pair, the better solution kept";
  EXPECT_EQ(key.find(1, {99})->s, 2);
}

// Property 3: Latency(MP*) is the harmonic composition of the MSP latencies and at most the smallest.
TEST(Prdrb, MetapathLatencyIsHarmonic) {
  std::vector<Msp> c(3);
  c[1].n = c[2].n = 1, c[1].node[0] = 5, c[2].node[0] = 6;
  for (auto& m : c) m.t_tx = 40;
  MetapathParams p;
  Metapath mp(c, p);
  const int64_t lat[3] = {100, 200, 300};
  EXPECT_EQ(mp.apply(3, lat, 0), 2);
  const double h = 1.0 / (1.0 / 100 + 1.0 / 200 + 1.0 / 300);  // 54.5
  EXPECT_NEAR(static_cast<double>(mp.latency()), h, 1.0);
  EXPECT_LE(mp.latency(), 100);
}

// Property 4: over many injections path x is chosen with frequency (1/L_x) / sum(1/L_i) (the source's draw:
// a uniform integer below the total, as PrdrbPolicy::choose makes it).
TEST(Prdrb, SelectionFrequencyIsInverseLatency) {
  std::vector<Msp> c(3);
  c[1].n = c[2].n = 1, c[1].node[0] = 5, c[2].node[0] = 6;
  Metapath mp(c, MetapathParams{});
  const int64_t lat[3] = {100, 200, 400};
  mp.apply(3, lat, 0);
  Rng rng(7);
  const int n = 400000;
  int count[3] = {0, 0, 0};
  for (int i = 0; i < n; ++i) ++count[mp.select(rng.below(mp.total()))];
  const double w[3] = {1.0 / 100, 1.0 / 200, 1.0 / 400}, sum = w[0] + w[1] + w[2];
  for (int i = 0; i < 3; ++i) {
    const double p = w[i] / sum;
    EXPECT_NEAR(count[i] / static_cast<double>(n), p, 4 * std::sqrt(p * (1 - p) / n)) << "MSP " << i;
  }
}

// A source at node 0 towards node 9 with 5 candidates of zero-load time 40: the original path, then MSPs via
// nodes 1..4. Th_metapath: LatUmbral 70, band 45 (grow above 115, shrink below 25); W_stable 3.
struct Bench {
  PrdrbParams p;
  std::unique_ptr<PrdrbPolicy> pol;
  int64_t now = 0;
  explicit Bench(PrdrbParams::Match m = PrdrbParams::Exact, bool on_pattern = false) {
    p.mp.s_max = 5;
    p.mp.lat_umbral = 70;
    p.mp.tol_lat = 45;
    p.w_stable = 3;
    p.match = m;
    p.on_pattern = on_pattern;
    pol = std::make_unique<PrdrbPolicy>(0, p, [](int, int) {
      std::vector<Msp> c(5);
      for (int i = 0; i < 5; ++i) {
        c[i].t_tx = 40;
        c[i].n = i > 0;
        c[i].node[0] = static_cast<uint32_t>(i);
      }
      return c;
    });
  }
  // The final ack of a packet that took MSP i and queued `q` cycles, carrying the flows `sig` (none: no record).
  void ack(int i, uint32_t q, const FlowSig& sig = {}) {
    const uint32_t via = static_cast<uint32_t>(i);
    Header h = make_ack_header(make_data_header(0, 9, &via, i > 0 ? 1 : 0, 0, 10), AckKind::Final, 1);
    h.latency = q;
    FlowCapture c;
    for (uint64_t f : sig) c.flow[c.n++] = f;
    pol->on_report(h, sig.empty() ? nullptr : &c, ++now);
  }
  const Metapath& mp() const { return *pol->channels().at(9).mp; }
  const PrdrbPolicy::Channel& ch() const { return pol->channels().at(9); }
};

const FlowSig kPattern{flow(3, 9), flow(4, 9)};

// First occurrence, by hand: an ack of 200 cycles (queue 160) opens 2 MSPs at once (Eq. 4-12: AB = ABc/5,
// steps of ABc/2: d = 2), so 3; two acks of 400 on the new MSPs (Latency(MP*) 31, then 1/(1/200 + 2/400) =
// 100: in the band) change nothing; an ack of 400 on the original path (133 > 115) opens 2 more: 5. Acks of
// 400 on them (Latency(MP*) 29, then 80: in the band) and a third in the band reach W_stable = 3: stored.
// Zero-queue acks contract it to the original path (at 2 MSPs, 20 < 25). Second occurrence: the first ack
// over the threshold with the same pattern opens all 5 at once with the stored latencies (property 7); with
// another pattern, DRB's gradual 1 -> 3 again.
void first_occurrence(Bench& b) {
  PathChoice pc;
  Rng rng(1);
  b.pol->choose(9, rng, pc);
  EXPECT_EQ(pc.msp, 0) << "property 5: a new pair's first message takes the original path";
  EXPECT_EQ(pc.n, 0);
  b.ack(0, 160, kPattern);
  EXPECT_EQ(b.mp().size(), 3);
  b.ack(1, 360, kPattern);
  b.ack(2, 360, kPattern);
  EXPECT_EQ(b.mp().size(), 3);
  b.ack(0, 360, kPattern);
  EXPECT_EQ(b.mp().size(), 5) << "the gradual second step";
  EXPECT_EQ(b.ch().commits, 0u);
  b.ack(3, 360, kPattern);
  b.ack(4, 360, kPattern);
  EXPECT_EQ(b.ch().commits, 0u) << "two stable acks are not W_stable";
  b.ack(1, 360, kPattern);
  EXPECT_EQ(b.ch().commits, 1u);
  ASSERT_EQ(b.pol->db().entries(9).size(), 1u);
  EXPECT_EQ(b.pol->db().entries(9)[0].s, 5);
  EXPECT_EQ(b.pol->db().entries(9)[0].lat, (std::vector<int64_t>{400, 400, 400, 400, 400}));
  for (int k = 0; k < 50 && b.mp().size() > 1; ++k) b.ack(k % b.mp().size(), 0);
  EXPECT_EQ(b.mp().size(), 1) << "the pattern is gone: back to the original path";
}

TEST(Prdrb, RepeatedPatternReappliesTheStoredSolutionAtOnce) {
  Bench b;
  first_occurrence(b);
  const size_t before = b.mp().history().size();
  b.ack(0, 160, kPattern);
  EXPECT_EQ(b.mp().size(), 5) << "property 7: the stored configuration, no gradual expansion";
  EXPECT_EQ(b.mp().history().size(), before + 1) << "one step";
  for (int k = 0; k < 5; ++k) EXPECT_EQ(b.mp().lat_sel(k), 400) << "the stored shares, MSP " << k;
  EXPECT_EQ(b.ch().applied, 1u);

  Bench other;  // the control: the same history, then another pattern
  first_occurrence(other);
  other.ack(0, 160, {flow(7, 9)});
  EXPECT_EQ(other.mp().size(), 3) << "no stored solution for this pattern: DRB's gradual expansion";
  EXPECT_EQ(other.ch().applied, 0u);
}

// prdrb.apply=pattern: the captured pattern alone (latency still inside the band) re-applies the solution.
TEST(Prdrb, PatternTriggerAppliesBeforeTheThreshold) {
  Bench b(PrdrbParams::Jaccard, true);
  first_occurrence(b);
  b.ack(0, 30, {flow(3, 9)});  // 70 cycles at one MSP: inside the band; J({3>9}, pattern) = 0.5
  EXPECT_EQ(b.mp().size(), 5);
  Bench t(PrdrbParams::Jaccard, false);
  first_occurrence(t);
  t.ack(0, 30, {flow(3, 9)});
  EXPECT_EQ(t.mp().size(), 1) << "apply=threshold waits for Latency(MP*) to pass the threshold";
}

// --------------------------------------------------------------------------------------------------------
// The network: 8x8 torus, PR-DRB with sga:2 supernodes, prioritised acks, uniform traffic past saturation.
std::vector<std::string> net_keys(std::vector<std::string> extra = {}) {
  std::vector<std::string> k{"topology.k=8", "routing.algorithm=prdrb", "router.vcs=6", "drb.ack_mode=high_priority",
                             "prdrb.th_router=6", "traffic.source_queue=16"};
  k.insert(k.end(), extra.begin(), extra.end());
  return k;
}

// Properties 1 and 2, and property 6 on every pair's open MSPs: each delivered data packet gives one ack
// and every flow record reaches its source; a packet is captured at most once, at the first router of its
// path where its wait passed Th_router (none if it never did), with up to F_max flows other than its own;
// alternative paths have at most two intermediates, none on the original path's routers.
TEST(Prdrb, AcksCarryOneCaptureFromTheFirstRouterOverThreshold) {
  const auto j = in_child([] {
    const Scenario s = scenario(net_keys());
    Fabric fab("fabric", s.net, policy_factory(s));
    Network& net = fab.net();
    struct Obs : NetObserver {
      Network* net;
      uint64_t data = 0, captured = 0, bad = 0, over_f = 0, own = 0;
      std::map<uint64_t, std::vector<std::pair<int, uint32_t>>> waits;  // packet id -> (router, wait) per hop
      void head_waited(const Packet& p, int router, uint32_t wait) override { waits[p.id].push_back({router, wait}); }
      void packet_arrived(const Packet& p, const Message&, int64_t) override {
        ++data;
        const auto w = std::move(waits[p.id]);
        waits.erase(p.id);
        if (w.size() != p.path.size()) ++bad;
        int first = -1;
        for (size_t i = 0; i < w.size() && first < 0; ++i) {
          if (w[i].first != p.path[i]) ++bad;
          if (w[i].second > 6) first = static_cast<int>(i);
        }
        if (!p.capture) {
          bad += first >= 0;
          return;
        }
        ++captured;
        const FlowCapture& c = net->capture(p.capture);
        bad += first < 0 || c.router != p.path[first];
        over_f += c.n > 4;
        for (int i = 0; i < c.n; ++i) own += c.flow[i] == (uint64_t{static_cast<uint32_t>(p.src)} << 32 | p.hdr.final_dest);
      }
    } obs;
    obs.net = &net;
    net.add_observer(&obs);
    const nlohmann::json led = drive_ledger(fab, 10, 20000, [](int64_t) { return 0.6; });
    uint64_t acks = 0, records = 0, with_flows = 0, alt = 0, not_disjoint = 0, applied = 0;
    const Topology& t = net.topology();
    for (int n = 0; n < net.nodes(); ++n) {
      const auto& pol = dynamic_cast<const PrdrbPolicy&>(net.source(n).policy());
      for (const auto& [d, c] : pol.channels()) {
        acks += c.acks, records += c.records, with_flows += c.captures, applied += c.applied;
        const Metapath& mp = *c.mp;
        // The original path's routers, walked here with DOR offsets (positive ties), independently.
        std::set<int> on_path;
        for (int at = n; at != d;) {
          on_path.insert(at);
          int x = at % 8, y = at / 8;
          const int dx = (d % 8 - x + 8) % 8, dy = (d / 8 - y + 8) % 8;
          if (dx) x = (x + (dx <= 4 ? 1 : 7)) % 8;
          else y = (y + (dy <= 4 ? 1 : 7)) % 8;
          at = y * 8 + x;
        }
        for (int k = 1; k < mp.candidates(); ++k) {
          ++alt;
          const Msp& m = mp.msp(k);
          not_disjoint += m.n < 1 || m.n > 2;
          for (int i = 0; i < m.n; ++i) not_disjoint += on_path.count(static_cast<int>(m.node[i]));
        }
      }
    }
    (void)t;
    return nlohmann::json{{"ledger", led}, {"data", obs.data}, {"captured", obs.captured}, {"bad", obs.bad},
                          {"over_f", obs.over_f}, {"own", obs.own}, {"acks_sent", net.acks_sent()},
                          {"acks_used", acks}, {"records", records}, {"captures_made", net.captures()},
                          {"with_flows", with_flows}, {"alternatives", alt}, {"not_disjoint", not_disjoint},
                          {"applied", applied}};
  });
  ASSERT_FALSE(j.contains("error")) << j.dump();
  std::printf("%s\n", j.dump().c_str());
  expect_conserved(j["ledger"]);
  EXPECT_EQ(j["bad"], 0);
  EXPECT_EQ(j["over_f"], 0);
  EXPECT_EQ(j["own"], 0) << "a packet's own flow is not a contending flow";
  EXPECT_GT(j["captured"].get<uint64_t>(), 1000u) << "not congested enough to capture";
  EXPECT_LT(j["captured"].get<uint64_t>(), j["data"].get<uint64_t>()) << "some packets must pass under the threshold";
  EXPECT_EQ(j["acks_sent"], j["data"]) << "property 1: one ack per delivered data packet";
  EXPECT_EQ(j["acks_used"], j["acks_sent"]);
  EXPECT_EQ(j["records"], j["captures_made"]) << "every record reaches its source";
  EXPECT_EQ(j["records"], j["captured"]);
  EXPECT_GT(j["with_flows"].get<uint64_t>(), 0u);
  EXPECT_GT(j["alternatives"].get<uint64_t>(), 1000u);
  EXPECT_EQ(j["not_disjoint"], 0) << "property 6";
}

// Deadlock freedom: PR-DRB's paths (every pair's candidate MSPs, as the policy builds them) and its acks in
// the VC layout the loader gives it are acyclic; the same paths all in one class group are not (negative control).
TEST(Prdrb, CdgOfItsPathsIsAcyclic) {
  const auto j = in_child([] {
    const Scenario s = scenario({"topology.k=4", "routing.algorithm=prdrb", "router.vcs=6", "drb.ack_mode=high_priority"});
    auto ic = make_interconnect(s.net.topo);
    auto rf = make_relation("prdrb", *ic, RelationParams{s.net.routing, s.net.up_selection});
    const Topology& t = *ic->direct();
    const SubClassSpec sc = rf->subclasses();
    VcLayout lay(s.net.vcs, s.net.steps, sc, sc);
    VcLayout one(2 * sc.count, 1, sc, sc);
    ChannelDependencyGraph g(t, *rf, lay), neg(t, *rf, one);
    auto factory = policy_factory(s);
    int msps = 0;
    for (int a = 0; a < t.nodes(); ++a) {
      auto pol = factory(a);
      Rng rng(1);
      for (int b = 0; b < t.nodes(); ++b) {
        if (a == b) continue;
        PathChoice pc;
        pol->choose(b, rng, pc);
        const Metapath& mp = *dynamic_cast<PrdrbPolicy&>(*pol).channels().at(b).mp;
        for (int k = 0; k < mp.candidates(); ++k, ++msps) {
          const Header h = make_data_header(static_cast<uint32_t>(a), static_cast<uint32_t>(b), mp.msp(k).node, mp.msp(k).n, 0, 1);
          g.add_routes(a, h);
          Header all_ack = h;  // the negative control: every step in the ack class group
          all_ack.tclass = TrafficClass::Ack;
          neg.add_routes(a, all_ack);
        }
        g.add_routes(b, make_ack_header(make_data_header(static_cast<uint32_t>(a), static_cast<uint32_t>(b), nullptr, 0, 0, 1),
                                        AckKind::Final, 1));
      }
    }
    return nlohmann::json{{"msps", msps}, {"acyclic", g.acyclic()}, {"neg_acyclic", neg.acyclic()}, {"steps", s.net.steps}};
  });
  ASSERT_FALSE(j.contains("error")) << j.dump();
  EXPECT_GT(j["msps"].get<int>(), 240);
  EXPECT_TRUE(j["acyclic"].get<bool>()) << j.dump();
  EXPECT_FALSE(j["neg_acyclic"].get<bool>()) << "the negative control must find a cycle";
}

// Zero load: a lone message of every pair takes the original path (the first of its pair), captures nothing
// and arrives when the pipeline formula says (hops from coordinates).
TEST(Prdrb, ZeroLoadLatencyIsTheFormula) {
  const auto j = in_child([] {
    const Scenario s = scenario({"topology.k=4", "routing.algorithm=prdrb", "router.vcs=6", "drb.ack_mode=high_priority"});
    Fabric fab("fabric", s.net, policy_factory(s));
    Network& net = fab.net();
    struct Obs : NetObserver {
      int64_t arrived = -1;
      int msp = -1;
      uint32_t cap = 0;
      void packet_arrived(const Packet& p, const Message&, int64_t now) override {
        arrived = now, msp = p.msp, cap = p.capture;
      }
    } obs;
    net.add_observer(&obs);
    const NetParams& p = s.net;
    int bad = 0, checked = 0;
    for (int a = 0; a < 16; ++a)
      for (int b = 0; b < 16; ++b) {
        if (a == b) continue;
        obs.arrived = -1;
        const int64_t t0 = fab.cycle();
        net.submit(a, b, 10, t0, true);
        while (obs.arrived < 0 && fab.cycle() < t0 + 1000) fab.run_until(fab.cycle() + 1);
        const int dx = std::abs(a % 4 - b % 4), dy = std::abs(a / 4 - b / 4);
        const int H = std::min(dx, 4 - dx) + std::min(dy, 4 - dy);
        const int64_t formula = p.d_inj + (H + 1) * (p.d_rc + p.d_va + p.d_sa + p.d_st) + H * p.d_link + p.d_ej + 9;
        bad += obs.arrived - t0 != formula || obs.msp != 0 || obs.cap != 0;
        fab.run_until(fab.cycle() + 60);  // the ack goes home and the credits drain
        ++checked;
      }
    return nlohmann::json{{"bad", bad}, {"checked", checked}};
  });
  ASSERT_FALSE(j.contains("error")) << j.dump();
  EXPECT_EQ(j["checked"], 240);
  EXPECT_EQ(j["bad"], 0);
}

TEST(Prdrb, SameSeedSameBytes) {
  auto run = [&](const std::string& seed) {
    const std::string out = test_tmp("prdrb_det.json");
    const Exec e = drbsim("topology.k=8 routing.algorithm=prdrb router.vcs=6 drb.ack_mode=high_priority traffic.rate=0.5 "
                          "sim.warmup=1000 sim.measure=5000 sim.progress=off sim.seed=" + seed + " out.json=" + out);
    EXPECT_EQ(e.code, 0) << e.err;
    return slurp(out);
  };
  const std::string a = run("3"), b = run("3"), c = run("4");
  EXPECT_GT(a.size(), 1000u);
  EXPECT_NE(a.find("\"solutions_stored\""), std::string::npos);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

TEST(Prdrb, BadInputIsRefused) {
  expect_refused({
           {"routing.algorithm=prdrb router.vcs=6 router.blocks.all=rtl", "routing.algorithm"},
           {"routing.algorithm=drb router.vcs=6 prdrb.w_stable=3", "prdrb.w_stable"},
           {"routing.algorithm=prdrb router.vcs=6 prdrb.f_max=9", "prdrb.f_max"},
           {"routing.algorithm=prdrb router.vcs=6 prdrb.theta=0", "prdrb.theta"},
           {"routing.algorithm=prdrb router.vcs=6 prdrb.match=fuzzy", "prdrb.match"},
           {"topology.kind=ruft topology.k=2 topology.n=2 routing.algorithm=prdrb", "routing.algorithm"}});
  const Exec e = drbsim("topology.kind=ruft topology.k=2 topology.n=2 routing.algorithm=prdrb");
  EXPECT_NE(e.err.find("prdrb"), std::string::npos) << e.err;
}

}  // namespace

namespace {

// Random link faults at cycle 0 on the 8x8 torus, one flit per node and cycle (past saturation): PR-DRB's
// closed MSPs leave every pair with an open path here, so nothing is refused, and every accepted message is
// delivered once, intact and in order.
TEST(Prdrb, RandomLinkFaultsPastSaturation) {
  const auto j = in_child([] {
    const Scenario s = scenario(net_keys({"faults.random_links=6", "drb.ack_mode=ideal", "sim.seed=4"}));
    Fabric fab("fabric", s.net, policy_factory(s));
    const nlohmann::json led = drive_ledger(fab, 10, 100000, [](int64_t) { return 1.0; });
    const LinkFaults& lf = *fab.net().faults();
    return nlohmann::json{{"ledger", led}, {"refused_pairs", lf.refused_pairs().size()}, {"failed", lf.failed()}};
  });
  ASSERT_FALSE(j.contains("error")) << j.dump();
  std::printf("%s\n", j.dump().c_str());
  expect_conserved(j["ledger"]);
  EXPECT_GT(j["ledger"]["rejected"].get<uint64_t>(), 0u) << "not past saturation";
  EXPECT_EQ(j["refused_pairs"], 0);
}

}  // namespace

namespace {

// drbsim header shows the capture record: on the 8x8 torus (64 nodes and routers: 6-bit ids) with F_max = 4,
// 1 (Predictive) + 3 (count 0..4) + 6 (router) + 4 x 2 x 6 (flows) = 58 bits.
TEST(Prdrb, HeaderCommandShowsTheCaptureRecord) {
  const Exec e = drbsim("header topology.k=8 routing.algorithm=prdrb router.vcs=6");
  ASSERT_EQ(e.code, 0) << e.err;
  EXPECT_NE(e.out.find("prdrb.f_max=4): 58 bits"), std::string::npos) << e.out;
  const Exec f = drbsim("header topology.k=8 routing.algorithm=prdrb router.vcs=6 prdrb.f_max=8");
  EXPECT_NE(f.out.find("prdrb.f_max=8): 107 bits"), std::string::npos) << f.out;  // 1 + 4 (0..8) + 6 + 96
  EXPECT_EQ(drbsim("header topology.k=8 routing.algorithm=drb router.vcs=6").out.find("capture"), std::string::npos);
}

}  // namespace

namespace {

// Property 1's priority. Acks travel in their own VC class, so past saturation they wait only for the switch
// and the link. Uniform traffic at 0.8 flits/node/cycle (twice the 8x8 torus' saturation): a one-flit ack
// crossing H hops takes 5 H + 6 cycles at zero load from leaving the NI (NI link, 4 stages per router, links,
// ejection), 5 x 256/63 + 6 = 26.3 on average over uniform pairs. With priority its excess over that is
// under half of the excess without (in_network), and under 1.5 cycles.
TEST(Prdrb, AcksHavePriorityOverData) {
  auto run = [](const char* mode) {
    return run_child(scenario({"topology.k=8", "routing.algorithm=prdrb", "router.vcs=8", "router.buffer=4",
                               "traffic.rate=0.8", "traffic.source_queue=16", std::string("drb.ack_mode=") + mode,
                               "sim.warmup=2000", "sim.measure=10000", "stats.links=false"}));
  };
  const auto hi = run("high_priority"), lo = run("in_network");
  ASSERT_FALSE(hi.contains("error") || lo.contains("error")) << hi.dump().substr(0, 500) << lo.dump().substr(0, 500);
  const double zero = 5.0 * 256 / 63 + 6;
  const double h = hi["drb"]["acks"]["network_latency"].get<double>() - zero;
  const double l = lo["drb"]["acks"]["network_latency"].get<double>() - zero;
  std::printf("ack excess over zero load: high_priority %.2f, in_network %.2f cycles; rejected %.3f\n", h, l,
              hi["rejection_rate"].get<double>());
  EXPECT_GT(hi["rejection_rate"].get<double>(), 0.2) << "not past saturation";
  EXPECT_GT(hi["drb"]["acks"]["crossed_network"].get<uint64_t>(), 10000u);
  EXPECT_LT(h, 0.5 * l);
  EXPECT_LT(h, 1.5);
}

}  // namespace
