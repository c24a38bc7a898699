// SPDX-License-Identifier: Apache-2.0
// Keys that cannot act (docs/robustness.md, "Keys that cannot act"): a key set where its family does not act is
// refused with exit 2 and one line naming it, or, for the warned families, reported by one warning line while the
// run goes on; a sweep that sets a key for some of its runs only is accepted. Also the numbers the value parsers
// refuse and the keys the non-simulating commands refuse.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <fstream>

#include "tests/support.h"

using namespace drb::test;

namespace {

std::string tmp(const std::string& name) { return test_tmp("inert_" + name); }

std::string file(const std::string& name, const std::string& text) {
  const std::string p = tmp(name);
  std::ofstream(p, std::ios::binary) << text;
  return p;
}

// A run window of 0 + 200 cycles: the run ends at cycle 200.
const std::vector<std::string> kQuick{"topology.k=4", "sim.warmup=0", "sim.measure=200", "stats.links=false"};
const std::vector<std::string> kQuickAnySize{"sim.warmup=0", "sim.measure=200", "stats.links=false"};

using V = std::vector<std::string>;

V with(const V& a, V base = kQuick) {
  base.insert(base.end(), a.begin(), a.end());
  return base;
}

// The trace pattern with a key: two messages between nodes of a 4x4 torus, in a file of the case's own
// (cases run in parallel).
V traced(const std::string& name, const std::string& key) {
  return with({"traffic.pattern=trace", "traffic.trace=" + file(name + ".trace", "0 0 1 4\n10 1 2 4\n"), key});
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

struct Case {
  friend void PrintTo(const Case& c, std::ostream* os) { *os << c.name; }
  const char* name;
  std::function<V()> args;
  std::string key;
};

class Refused : public ::testing::TestWithParam<Case> {};

TEST_P(Refused, ExitTwoWithOneLineNamingTheKey) {
  const Case& c = GetParam();
  const Exec e = drbsim_argv(c.args());
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_EQ(e.err.rfind("drbsim: error: " + c.key + ": ", 0), 0u) << e.err;
  EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
  EXPECT_TRUE(e.out.empty()) << e.out;
}

auto name_of = [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); };

const V kFatTree{"topology.kind=fattree", "topology.k=4", "topology.n=2"};
const V kHybrid{"topology.kind=hybrid", "topology.k=4", "topology.n=2"};
const V kCube{"topology.kind=hypercube", "topology.n=4"};
const V kMidimew{"topology.kind=midimew", "topology.nodes=16"};
const V kMesh{"topology.kind=mesh", "topology.k=4"};
const V kTrunks{"topology.trunk=2", "routing.algorithm=adaptive", "router.vcs=3", "power.mechanism=on"};

INSTANTIATE_TEST_SUITE_P(
    FamilyKeys, Refused,
    ::testing::Values(
        Case{"concentration_on_fattree", [] { return with(with({"topology.concentration=2"}, kFatTree)); },
             "topology.concentration"},
        Case{"concentration_on_torus", [] { return with({"topology.concentration=4"}); }, "topology.concentration"},
        Case{"subnet_on_torus", [] { return with({"topology.subnet=ruft"}); }, "topology.subnet"},
        Case{"stages_on_fattree", [] { return with(with({"topology.stages=3"}, kFatTree)); }, "topology.stages"},
        Case{"stages_on_crossbar",
             [] {
               return with(with({"topology.subnet=crossbar", "topology.stages=2"}, kHybrid));
             },
             "topology.stages"},
        Case{"long_link_on_torus", [] { return with({"topology.long_link=8"}); }, "topology.long_link"},
        Case{"long_link_on_fattree_subnet",
             [] {
               return with(with({"topology.subnet=fattree", "topology.stages=2", "topology.long_link=8"}, kHybrid));
             },
             "topology.long_link"},
        Case{"trunk_on_hypercube", [] { return with(with({"topology.trunk=2"}, kCube)); }, "topology.trunk"},
        Case{"trunk_on_midimew", [] { return with(with({"topology.trunk=2"}, kMidimew)); }, "topology.trunk"},
        Case{"trunk_one_on_midimew", [] { return with(with({"topology.trunk=1"}, kMidimew)); }, "topology.trunk"},
        Case{"power_on_hypercube",
             [] {
               return with(with({"power.mechanism=on", "power.width_steps=1"}, kCube));
             },
             "power.mechanism"},
        Case{"power_on_midimew",
             [] {
               return with(with({"power.mechanism=on", "power.width_steps=1"}, kMidimew));
             },
             "power.mechanism"}),
    name_of);

// tie_on_hybrid, dim_order_on_fattree, misroute_on_mesh_dor and the closed loop's channels, measure and quota
// cases were refused by checks of their own before the families declared their scopes: they guard the move.
INSTANTIATE_TEST_SUITE_P(
    RoutingKeys, Refused,
    ::testing::Values(
        Case{"tie_on_hybrid", [] { return with(with({"routing.tie=random"}, kHybrid)); }, "routing.tie"},
        Case{"dim_order_on_fattree", [] { return with(with({"routing.dim_order=decreasing"}, kFatTree)); },
             "routing.dim_order"},
        Case{"misroute_on_mesh_dor", [] { return with(with({"routing.misroute=false"}, kMesh)); }, "routing.misroute"},
        Case{"preset_on_hypercube", [] { return with(with({"router.preset=booksim"}, kCube)); }, "router.preset"},
        Case{"preset_on_midimew", [] { return with(with({"router.preset=booksim"}, kMidimew)); }, "router.preset"},
        Case{"preset_with_negative_first",
             [] {
               return with(with({"routing.algorithm=negative_first", "router.preset=booksim"}, kMesh));
             },
             "router.preset"},
        Case{"theta_with_exact",
             [] {
               return with({"routing.algorithm=prdrb", "router.vcs=4", "prdrb.match=exact", "prdrb.theta=0.7"});
             },
             "prdrb.theta"},
        Case{"theta_with_key",
             [] {
               return with({"routing.algorithm=prdrb", "router.vcs=4", "prdrb.match=key", "prdrb.theta=0.2"});
             },
             "prdrb.theta"}),
    name_of);

INSTANTIATE_TEST_SUITE_P(
    TrafficKeys, Refused,
    ::testing::Values(
        Case{"onoff_with_bernoulli", [] { return with({"traffic.onoff.peak=2"}); }, "traffic.onoff.peak"},
        Case{"onoff_with_exponential",
             [] {
               return with({"traffic.injection=exponential", "traffic.onoff.on_mean=10"});
             },
             "traffic.onoff.on_mean"},
        Case{"onoff_swept_without_onoff", [] { return with({"sweep.traffic.onoff.peak=2,3"}); }, "traffic.onoff.peak"},
        Case{"hotspot_fraction_uniform", [] { return with({"traffic.hotspot.fraction=0.3"}); },
             "traffic.hotspot.fraction"},
        Case{"change_at_without_change", [] { return with({"traffic.change_at=100"}); }, "traffic.change_at"},
        Case{"channels_with_uniform",
             [] {
               return with({"traffic.channels=0>1", "traffic.interval=10"});
             },
             "traffic.channels"},
        Case{"weights_of_one_length", [] { return with({"traffic.length_weights=2"}); }, "traffic.length_weights"},
        Case{"self_with_drb", [] { return with({"traffic.self=true", "routing.algorithm=drb", "router.vcs=4"}); },
             "traffic.self"},
        Case{"self_with_channels", [] { return with({"traffic.self=true", "traffic.pattern=channels",
                                                     "traffic.channels=0>1", "traffic.interval=10"}); },
             "traffic.self"},
        Case{"trace_with_self", [] { return traced("self", "traffic.self=true"); }, "traffic.self"},
        Case{"trace_with_onoff", [] { return traced("onoff", "traffic.onoff.peak=2"); }, "traffic.onoff.peak"},
        Case{"trace_with_hotspot", [] { return traced("hotspot", "traffic.hotspot.nodes=1"); },
             "traffic.hotspot.nodes"},
        Case{"trace_with_change_at", [] { return traced("change_at", "traffic.change_at=5"); }, "traffic.change_at"},
        Case{"trace_with_background_rate", [] { return traced("background", "traffic.background_rate=0.1"); },
             "traffic.background_rate"},
        Case{"trace_with_saturation_stop", [] { return traced("saturation", "sim.saturation_stop=50"); },
             "sim.saturation_stop"}),
    name_of);

// Closed loop on the 4x4 torus (16 nodes); it has no warm-up or measure window.
V closed(const V& a) { return with(a, {"topology.k=4", "traffic.closed.active=0.5", "sim.max_cycles=60000"}); }

INSTANTIATE_TEST_SUITE_P(
    ClosedLoop, Refused,
    ::testing::Values(
        Case{"length_weights", [] { return closed({"traffic.length_weights=1"}); }, "traffic.length_weights"},
        Case{"onoff", [] { return closed({"traffic.onoff.peak=2"}); }, "traffic.onoff.peak"},
        Case{"hotspot", [] { return closed({"traffic.hotspot.nodes=1"}); }, "traffic.hotspot.nodes"},
        Case{"channels", [] { return closed({"traffic.channels=0>1"}); }, "traffic.channels"},
        Case{"measure", [] { return closed({"sim.measure=1000"}); }, "sim.measure"},
        Case{"strict", [] { return closed({"sim.strict=true"}); }, "sim.strict"},
        Case{"saturation_stop", [] { return closed({"sim.saturation_stop=50"}); }, "sim.saturation_stop"},
        Case{"queue_above_source_queue",
             [] {
               return closed({"traffic.closed.queue=8", "traffic.source_queue=4"});
             },
             "traffic.closed.queue"},
        // 16 nodes: 1e-9 x 16 and 0.03 x 16 = 0.48 round to no node.
        Case{"active_tiny", [] { return closed({"traffic.closed.active=1e-9"}); }, "traffic.closed.active"},
        Case{"active_below_half_a_node", [] { return closed({"traffic.closed.active=0.03"}); },
             "traffic.closed.active"},
        Case{"quota_without_closed_loop", [] { return with({"traffic.closed.quota=100"}); }, "traffic.closed.quota"}),
    name_of);

INSTANTIATE_TEST_SUITE_P(
    FaultLists, Refused,
    ::testing::Values(
        Case{"same_link_twice", [] { return with({"faults.links=0-1,0-1"}); }, "faults.links"},
        Case{"direction_inside_link", [] { return with({"faults.links=0-1,1>0"}); }, "faults.links"},
        Case{"same_direction_twice", [] { return with({"faults.links=0>1,2-3,0>1"}); }, "faults.links"},
        // A 2x2 mesh has 4 links; with 0-1 named, 3 are left to draw from.
        Case{"random_besides_named",
             [] {
               return with({"topology.kind=mesh", "topology.k=2", "faults.links=0-1", "faults.random_links=4"});
             },
             "faults.random_links"}),
    name_of);

INSTANTIATE_TEST_SUITE_P(Commands, Refused,
                         ::testing::Values(Case{"topology_csv",
                                                [] {
                                                  return V{"topology", "topology.k=4", "out.csv=" + tmp("t.csv")};
                                                },
                                                "out.csv"},
                                           Case{"topology_plot",
                                                [] {
                                                  return V{"topology", "topology.k=4", "out.plot=" + tmp("t.png")};
                                                },
                                                "out.plot"},
                                           Case{"topology_runs",
                                                [] {
                                                  return V{"topology", "topology.k=4", "out.runs=" + tmp("runs")};
                                                },
                                                "out.runs"},
                                           Case{"metapaths_runs",
                                                [] {
                                                  return V{"metapaths", "topology.k=4", "out.runs=" + tmp("runs")};
                                                },
                                                "out.runs"},
                                           Case{"topology_vcd",
                                                [] {
                                                  return V{"topology", "topology.k=4", "trace.vcd=" + tmp("t.vcd")};
                                                },
                                                "trace.vcd"},
                                           Case{"metapaths_csv",
                                                [] {
                                                  return V{"metapaths", "topology.k=4", "out.csv=" + tmp("m.csv")};
                                                },
                                                "out.csv"},
                                           Case{"header_json",
                                                [] {
                                                  return V{"header", "out.json=" + tmp("h.json")};
                                                },
                                                "out.json"},
                                           Case{"topology_faults",
                                                [] {
                                                  return V{"topology", "topology.k=4", "faults.links=0-1"};
                                                },
                                                "faults.links"},
                                           Case{"metapaths_faults",
                                                [] {
                                                  return V{"metapaths", "topology.k=4", "faults.random_links=1"};
                                                },
                                                "faults.random_links"}),
                         name_of);

INSTANTIATE_TEST_SUITE_P(
    Numbers, Refused,
    ::testing::Values(Case{"hex_float", [] { return with({"traffic.rate=0x1p-3"}); }, "traffic.rate"},
                      Case{"hex_size", [] { return with({"sim.mem_limit=0x40000000"}); }, "sim.mem_limit"},
                      Case{"hex_in_list",
                           [] {
                             return with({"traffic.length_weights=0x1p1,1", "traffic.length=4,8"});
                           },
                           "traffic.length_weights"},
                      Case{"leading_space_int", [] { return with({"router.vcs= 4"}); }, "router.vcs"},
                      Case{"leading_space_double", [] { return with({"traffic.rate= 0.1"}); }, "traffic.rate"},
                      Case{"leading_tab_seed", [] { return with({"sim.seed=\t7"}); }, "sim.seed"},
                      Case{"leading_space_size", [] { return with({"sim.mem_limit= 8G"}); }, "sim.mem_limit"},
                      Case{"quoted_yaml_space",
                           [] { return V{file("q.yaml", "topology: {k: 4}\nrouter: {vcs: \" 4\"}\n")}; }, "router.vcs"},
                      Case{"quoted_yaml_leading_double",
                           [] { return V{file("qt.yaml", "topology: {k: 4}\ntraffic: {rate: \" 0.1\"}\n")}; },
                           "traffic.rate"}),
    name_of);

// Values the parsers take or the scopes allow: a sweep setting a key for the runs where it acts, the edges of
// the run window, YAML's plain scalars (yaml-cpp strips their blanks).
TEST(InertKeys, AcceptedWhereTheyAct) {
  const std::vector<V> ok{
      with({"sweep.traffic.injection=bernoulli,onoff", "traffic.onoff.peak=2"}),
      with(with({"sweep.routing.algorithm=dor,negative_first", "routing.misroute=false"}, kMesh)),
      with({"sweep.routing.algorithm=drb,prdrb", "router.vcs=4", "prdrb.f_max=2"}),
      with({"sweep.traffic.pattern=uniform,hotspot_nodes", "traffic.hotspot.nodes=1"}),
      with(with({"topology.subnet=crossbar", "topology.stages=1"}, kHybrid)),
      with({"faults.links=0-1", "faults.at=100", "faults.repair=199"}),
      with(with({"power.t_check=199"}, kTrunks)),
      with({"traffic.schedule=0:1,300:0.5"}),  // the second point shapes the slope up to cycle 200
      closed({"traffic.closed.active=0.04"}),  // 0.64 of 16 nodes: one node
      {file("plain.yaml", "topology: {k:   4   }\nrouter:\n  vcs:    4   \n")},
  };
  for (const V& a : ok) {
    V args{"header"};
    args.insert(args.end(), a.begin(), a.end());
    const Exec e = drbsim_argv(args);
    std::string all;
    for (auto& x : a) all += x + " ";
    EXPECT_EQ(e.code, 0) << all << ": " << e.err;
    EXPECT_EQ(e.err.find("drbsim: "), std::string::npos) << all << ": " << e.err;
  }
}

TEST(InertKeys, InfAndNanSayNotFinite) {
  for (const char* v : {"inf", "-inf", "nan", "infinity"}) {
    const Exec e = drbsim_argv(with({std::string("traffic.rate=") + v}));
    EXPECT_EQ(e.code, 2) << v;
    EXPECT_EQ(e.err.rfind("drbsim: error: traffic.rate: ", 0), 0u) << e.err;
    EXPECT_NE(e.err.find("not a finite number"), std::string::npos) << e.err;
  }
}

TEST(InertKeys, TopologyWritesItsJson) {
  const std::string json = tmp("topo.json");
  std::remove(json.c_str());
  const Exec e = drbsim_argv({"topology", "topology.k=4", "out.json=" + json});
  EXPECT_EQ(e.code, 0) << e.err;
  struct stat st;
  EXPECT_EQ(stat(json.c_str(), &st), 0);
}

// Warned keys: the run goes on (exit 0) and the warning is one line, once, whatever the number of runs.
struct Warned {
  friend void PrintTo(const Warned& c, std::ostream* os) { *os << c.name; }
  const char* name;
  V args;
  std::string key;
};

class Warning : public ::testing::TestWithParam<Warned> {};

TEST_P(Warning, RunGoesOnWithOneWarningLine) {
  const Warned& c = GetParam();
  const Exec e = drbsim_argv(c.args);
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(count(e.err, "drbsim: warning: " + c.key + ": "), 1u) << e.err;
  EXPECT_EQ(count(e.err, "drbsim: warning: "), 1u) << e.err;
  EXPECT_EQ(count(e.err, "\ndrbsim: warning: " + c.key + ": ") + (e.err.rfind("drbsim: warning: ", 0) == 0), 1u)
      << "the warning starts its own line: " << e.err;
  EXPECT_NE(e.out.find("accepted"), std::string::npos) << "the run's table: " << e.out;
}

INSTANTIATE_TEST_SUITE_P(
    Keys, Warning,
    ::testing::Values(
        Warned{"tie_on_mesh", with(with({"routing.tie=random"}, kMesh)), "routing.tie"},
        Warned{"tie_on_odd_torus", with({"topology.k=5", "routing.tie=negative"}), "routing.tie"},
        Warned{"vc_classes_on_mesh", with(with({"routing.vc_classes=dateline"}, kMesh)), "routing.vc_classes"},
        Warned{"vc_classes_on_hypercube", with(with({"routing.vc_classes=dateline"}, kCube), kQuickAnySize),
               "routing.vc_classes"},
        Warned{"dim_order_negative_first",
               with(with({"routing.algorithm=negative_first", "routing.dim_order=1,0"}, kMesh)), "routing.dim_order"},
        Warned{"selection_on_updown", with(with({"routing.selection=random"}, kFatTree)), "routing.selection"},
        Warned{"selection_on_torus", with({"routing.selection=lowest"}), "routing.selection"},
        Warned{"radix_on_hypercube", with(with({"topology.k=8"}, kCube), kQuickAnySize), "topology.k"},
        Warned{"nodes_on_torus", with({"topology.nodes=16"}), "topology.nodes"},
        Warned{"u_on_one", with(with({"power.u_on=1", "power.u_off=0.1", "power.t_check=100"}, kTrunks)), "power.u_on"},
        // Past the run's end (warm-up + measure = 200): a shortened window cuts them.
        Warned{"fault_at_end", with({"faults.links=0-1", "faults.at=200", "faults.unroutable=report"}), "faults.at"},
        Warned{"fault_far_after", with({"faults.links=0-1", "faults.at=999999999", "faults.unroutable=report"}),
               "faults.at"},
        Warned{"repair_after_end",
               with({"faults.links=0-1", "faults.at=10", "faults.repair=500", "faults.unroutable=report"}),
               "faults.repair"},
        Warned{"t_check_at_end", with(with({"power.t_check=200"}, kTrunks)), "power.t_check"},
        Warned{"schedule_point_after_end", with({"traffic.schedule=0:1,200:0.5,300:1"}), "traffic.schedule"},
        Warned{"change_after_end", with({"traffic.change_pattern=bitcomp", "traffic.change_at=250"}),
               "traffic.change_at"},
        // A closed loop's horizon is sim.max_cycles: a first decision at 70000 comes after 60000.
        Warned{"t_check_past_max_cycles", closed(with({"power.t_check=70000", "traffic.closed.quota=200"}, kTrunks)),
               "power.t_check"},
        // Three runs, one warning.
        Warned{"tie_across_a_sweep", with(with({"routing.tie=random", "sweep.sim.seed=1,2,3"}, kMesh)), "routing.tie"}),
    [](const ::testing::TestParamInfo<Warned>& i) { return std::string(i.param.name); });

}  // namespace

// A scenario whose window is shortened from the command line runs the part that fits (tests/test_golden.cpp).
TEST(InertKeys, ShortenedScenarioWarnsOfItsCutEvents) {
  const Exec e = drbsim_argv(
      {"header", std::string(DRB_SOURCE_DIR) + "/tb/scenarios/pattern_change_8x8.yaml", "sim.measure=1000"});
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_EQ(count(e.err, "drbsim: warning: traffic.change_at: "), 1u) << e.err;
}

// The shipped scenarios run on the families of the experiment runners: the keys they share across families
// are warned about, never refused (tb/experiments/run_experiments.py runs systematic.yaml and acks.yaml on
// hypercubes).
TEST(InertKeys, SharedScenariosRunOnHypercubes) {
  for (const char* f : {"systematic", "acks"}) {
    const Exec e = drbsim_argv({"header", std::string(DRB_SOURCE_DIR) + "/tb/scenarios/" + f + ".yaml",
                                "topology.kind=hypercube", "topology.n=4"});
    EXPECT_EQ(e.code, 0) << f << ": " << e.err;
    EXPECT_EQ(count(e.err, "drbsim: warning: routing.tie: "), 1u) << e.err;
    EXPECT_EQ(count(e.err, "drbsim: warning: topology.k: "), 1u) << e.err;
  }
}
