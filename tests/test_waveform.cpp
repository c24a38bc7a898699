// SPDX-License-Identifier: Apache-2.0
// The fabric's waveform read back (trace.vcd): every port the JSON report names has its per-VC state and
// credits under that name, switches are named as switches, and the traced values behave as the router's
// rules say: VC states 0..3 (idle, routing, VC allocation, active) all occur, credits start at the buffer
// depth, never leave [0, depth] and are all back when the network has drained, buffers hold at most depth
// flits and are empty at the end; every receiving port shows the flits its channel hands it (valid, head,
// tail, VC, packet) and nothing once drained.
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support.h"
#include "tests/vcd.h"

namespace drb::test {
namespace {

struct Var {
  int64_t first = -1, last = -1, min = INT64_MAX, max = INT64_MIN;
  std::set<int64_t> values;
};

// name (scopes joined by '.') -> the values it took.
std::map<std::string, Var> read_vcd(const std::string& path) {
  std::map<std::string, Var> vars;
  for (const auto& [name, ch] : changes(path)) {
    Var& x = vars[name];
    for (const auto& tv : ch) {
      const int64_t v = tv.second;
      if (x.first < 0) x.first = v;
      x.last = v;
      x.min = std::min(x.min, v);
      x.max = std::max(x.max, v);
      x.values.insert(v);
    }
  }
  return vars;
}

nlohmann::json run_with_trace(const std::string& tag, const std::string& keys, std::map<std::string, Var>& vcd) {
  const std::string v = test_tmp("wave_" + tag + ".vcd"), j = test_tmp("wave_" + tag + ".json");
  const Exec e = drbsim(keys + " router.vcs=2 router.buffer=8 traffic.rate=0.3 sim.warmup=0 sim.measure=400 "
                        "stats.links=true trace.vcd=" + v + " out.json=" + j);
  EXPECT_EQ(e.code, 0) << e.err;
  vcd = read_vcd(v);
  return nlohmann::json::parse(slurp(j))["runs"][0]["result"];
}

const Var* find(const std::map<std::string, Var>& vcd, const std::string& name) {
  const auto it = vcd.find("SystemC.fabric." + name);
  return it == vcd.end() ? nullptr : &it->second;
}

TEST(Waveform, TorusVcStateAndCreditsUnderTheReportsPortNames) {
  std::map<std::string, Var> vcd;
  const nlohmann::json r = run_with_trace("torus", "topology.k=4", vcd);
  ASSERT_FALSE(vcd.empty());
  ASSERT_EQ(r["links"].size(), 16u * 4);
  std::set<int64_t> states;
  bool some_credit_used = false, some_buffered = false, some_packet = false;
  for (const auto& link : r["links"]) {
    const std::string router = "router_" + std::to_string(link["router"].get<int>());
    const std::string port = link["port"].get<std::string>();
    for (int vc = 0; vc < 2; ++vc) {
      const std::string out = router + ".out_" + port + ".vc" + std::to_string(vc) + ".credits";
      const std::string in = router + ".in_" + port + ".vc" + std::to_string(vc);
      const Var* credits = find(vcd, out);
      const Var *state = find(vcd, in + ".state"), *occ = find(vcd, in + ".occupancy"), *pkt = find(vcd, in + ".packet");
      ASSERT_TRUE(credits && state && occ && pkt) << "missing " << out << " or " << in;
      EXPECT_EQ(credits->first, 8) << out;
      EXPECT_EQ(credits->last, 8) << out;  // drained: every credit back
      EXPECT_GE(credits->min, 0) << out;
      EXPECT_LE(credits->max, 8) << out;
      some_credit_used |= credits->min < 8;
      EXPECT_GE(state->min, 0);
      EXPECT_LE(state->max, 3);
      EXPECT_EQ(state->last, 0) << in;
      states.insert(state->values.begin(), state->values.end());
      EXPECT_LE(occ->max, 8) << in;
      EXPECT_EQ(occ->last, 0) << in;
      some_buffered |= occ->max > 0;
      some_packet |= pkt->max > 0;
    }
  }
  EXPECT_EQ(states, (std::set<int64_t>{0, 1, 2, 3}));
  EXPECT_TRUE(some_credit_used);
  EXPECT_TRUE(some_buffered);
  EXPECT_TRUE(some_packet);
  // The channels: each receiving port shows the flit it takes in a cycle; all drop once drained.
  bool flit_seen = false, head_seen = false, tail_seen = false;
  for (const auto& link : r["links"]) {
    const std::string in = "router_" + std::to_string(link["router"].get<int>()) + ".in_" + link["port"].get<std::string>();
    const Var *valid = find(vcd, in + ".flit_valid"), *head = find(vcd, in + ".flit_head"),
              *tail = find(vcd, in + ".flit_tail"), *vc = find(vcd, in + ".flit_vc"), *pkt = find(vcd, in + ".flit_packet");
    ASSERT_TRUE(valid && head && tail && vc && pkt) << "missing flit signals of " << in;
    EXPECT_LE(valid->max, 1);
    EXPECT_EQ(valid->last, 0) << in;
    EXPECT_LE(vc->max, 1) << in << ": two VCs";
    flit_seen |= valid->max == 1 && pkt->max > 0;
    head_seen |= head->max == 1;
    tail_seen |= tail->max == 1;
  }
  EXPECT_TRUE(flit_seen && head_seen && tail_seen);
  for (int n = 0; n < 16; ++n) {
    const std::string router = "router_" + std::to_string(n);
    const Var* ej = find(vcd, "ni_" + std::to_string(n) + ".eject.flit_tail");
    ASSERT_TRUE(ej) << n;
    EXPECT_EQ(ej->max, 1) << "node " << n << " received packets";
    EXPECT_TRUE(find(vcd, router + ".in_local.flit_valid")) << router;  // the injection channel
    EXPECT_TRUE(find(vcd, router + ".in_local.vc0.state")) << router;  // the injection port
    EXPECT_TRUE(find(vcd, router + ".out_local.sent")) << router;      // the ejection port
    EXPECT_FALSE(find(vcd, router + ".out_local.vc0.credits")) << "the NI always sinks: no credits to show";
    const Var* q = find(vcd, "ni_" + std::to_string(n) + ".queue");
    ASSERT_TRUE(q) << n;
    EXPECT_EQ(q->last, 0);
  }
}

TEST(Waveform, FatTreeSwitchesAreNamedSwitches) {
  std::map<std::string, Var> vcd;
  const nlohmann::json r = run_with_trace("tree", "topology.kind=fattree topology.k=4 topology.n=2", vcd);
  ASSERT_FALSE(r["links"].empty());
  for (const auto& link : r["links"]) {
    const std::string out = "switch_" + std::to_string(link["router"].get<int>()) + ".out_" +
                            link["port"].get<std::string>() + ".vc0.credits";
    EXPECT_TRUE(find(vcd, out)) << out;
  }
  EXPECT_FALSE(find(vcd, "router_0.buffered"));
  EXPECT_TRUE(find(vcd, "switch_0.buffered"));
}

// trace.start/trace.end/trace.elements: the windowed file holds the two routers asked for (and their NIs)
// and only the window's cycles, and in every traced cycle each value equals the full waveform's.
TEST(Waveform, WindowAndElementSubsetMatchTheFullWaveform) {
  const std::string full = test_tmp("wave_full.vcd"), part = test_tmp("wave_part.vcd");
  const std::string base = "topology.k=4 router.vcs=2 router.buffer=8 traffic.rate=0.3 sim.warmup=0 sim.measure=300 "
                           "stats.links=false sim.clock_ns=1";
  ASSERT_EQ(drbsim(base + " trace.vcd=" + full).code, 0);
  const Exec e = drbsim(base + " trace.vcd=" + part + " trace.start=100 trace.end=120 trace.elements=0,5");
  ASSERT_EQ(e.code, 0) << e.err;
  const auto f = changes(full), p = changes(part);
  ASSERT_FALSE(p.empty());
  std::set<std::string> units;
  int64_t first = INT64_MAX, last = -1;
  size_t changed = 0;
  for (const auto& [name, ch] : p) {
    const std::string unit = name.substr(0, name.find('.', std::string("SystemC.fabric.").size()));
    units.insert(unit);
    ASSERT_TRUE(f.count(name)) << name;
    for (const auto& [t, v] : ch) first = std::min(first, t), last = std::max(last, t);
    changed += ch.size();
    for (int64_t c = 100; c < 120; ++c)
      EXPECT_EQ(value_at(ch, c * 1000), value_at(f.at(name), c * 1000)) << name << " at cycle " << c;
  }
  EXPECT_EQ(units, (std::set<std::string>{"SystemC.fabric.router_0", "SystemC.fabric.router_5", "SystemC.fabric.ni_0",
                                          "SystemC.fabric.ni_5"}));
  EXPECT_EQ(first, 100 * 1000) << "the window's first cycle, in ps";
  EXPECT_LT(last, 120 * 1000);
  EXPECT_GT(changed, p.size()) << "values change inside the window";
}

}  // namespace
}  // namespace drb::test
