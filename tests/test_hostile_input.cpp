// SPDX-License-Identifier: Apache-2.0
// Hostile input: every defect class found by feeding drbsim malformed scenarios (docs/robustness.md) with
// several inputs each. Bad input ends with exit 2 and exactly one line on stderr naming the key, before
// anything is simulated; a run whose results cannot be written ends with exit 3 and names the key; no
// argument ever reaches a shell; nothing hangs (each case runs under the test's timeout).
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "tb/drbsim/builtin.h"
#include "tests/hostile.h"

using namespace drb::test;

namespace {

using V = std::vector<std::string>;

INSTANTIATE_TEST_SUITE_P(
    Crashes, Hostile,
    ::testing::Values(
        Case{"empty_length", [] { return with({"traffic.length="}); }, "traffic.length"},
        Case{"empty_length_header", [] { return V{"header", "traffic.length="}; }, "traffic.length"},
        Case{"empty_length_metapaths", [] { return V{"metapaths", "topology.k=4", "traffic.length="}; }, "traffic.length"},
        Case{"empty_radix", [] { return with({"topology.k="}, {}); }, "topology.k"},
        Case{"empty_dim_order", [] { return with({"routing.dim_order="}); }, "routing.dim_order"},
        Case{"empty_list_item", [] { return with({"traffic.length=1,,10"}); }, "traffic.length"},
        Case{"trailing_comma", [] { return with({"traffic.length_weights=1,"}); }, "traffic.length_weights"},
        Case{"empty_yaml_list", [] { return V{file("empty_list.yaml", "traffic: {length: []}\n")}; }, "traffic.length"},
        Case{"vcd_unwritable", [] { return with({"trace.vcd=" + unwritable("t.vcd")}); }, "trace.vcd"},
        Case{"vcd_directory", [] { mkdir(tmp("dir.vcd").c_str(), 0777); return with({"trace.vcd=" + tmp("dir.vcd")}); },
             "trace.vcd"},
        Case{"vcd_not_vcd", [] { return with({"trace.vcd=" + tmp("wave.txt")}); }, "trace.vcd"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    UncaughtExceptions, Hostile,
    ::testing::Values(
        Case{"complex_key", [] { return V{file("complex.yaml", "? [a, b]\n: 1\n")}; }, "scenario"},
        Case{"map_key", [] { return V{file("mapkey.yaml", "{a: 1}: 2\n")}; }, "scenario"},
        Case{"nested_complex_key", [] { return V{file("nkey.yaml", "router:\n  ? [vcs]\n  : 4\n")}; }, "router"},
        Case{"sweep_map_element", [] { return V{file("sw_map.yaml", "sweep: {router.vcs: [{a: 1}, 2]}\n")}; },
             "sweep.router.vcs"},
        Case{"sweep_nested_map", [] { return V{file("sw_nmap.yaml", "sweep: {traffic.length: [[1, {a: 2}]]}\n")}; },
             "sweep.traffic.length"},
        Case{"sweep_not_a_list", [] { return V{file("sw_scalar.yaml", "sweep: {router.vcs: 4}\n")}; },
             "sweep.router.vcs"},
        Case{"list_of_maps", [] { return V{file("lmap.yaml", "router: {vcs: [{a: 1}]}\n")}; }, "router.vcs"},
        Case{"dev_zero", [] { return V{"/dev/zero"}; }, "scenario"},
        Case{"dev_urandom", [] { return V{"/dev/urandom"}; }, "scenario"},
        Case{"binary_file", [] { return V{file("bin.yaml", std::string("router:\0 {vcs: 4}\n", 18))}; }, "scenario"},
        Case{"huge_file", [] { return V{file("huge.yaml", "# " + std::string(17 << 20, 'x') + "\n")}; }, "scenario"},
        Case{"huge_sweep_cli",
             [] {
               std::string v = "1";
               for (int i = 2; i <= 1000; ++i) v += "," + std::to_string(i);
               return V{"sweep.router.buffer=" + v, "sweep.sim.seed=" + v, "sweep.traffic.length=" + v};
             },
             "sweep.router.buffer"},
        Case{"huge_sweep_yaml",
             [] {
               std::string l = "[1";
               for (int i = 2; i <= 100; ++i) l += ", " + std::to_string(i);
               l += "]";
               return V{file("hsweep.yaml", "sweep:\n  sim.seed: " + l + "\n  router.buffer: " + l + "\n")};
             },
             "sweep.router.buffer"},
        Case{"alias_bomb",  // 20 KB of text that aliases expand to 1.5 million values
             [] {
               std::string l = "&L [1";
               for (int i = 1; i < 10000; ++i) l += ",1";
               l += "]";
               for (int i = 0; i < 150; ++i) l += ", *L";
               return V{file("bomb.yaml", "sweep: {sim.seed: [" + l + "]}\n")};
             },
             "sweep.sim.seed"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Hangs, Hostile,
    ::testing::Values(
        Case{"exponential_tiny_interval",
             [] { return with({"traffic.injection=exponential", "traffic.interval=0.000001", "traffic.source_queue=4"}); },
             "traffic.interval"},
        Case{"exponential_tiny_interval_unbounded",
             [] { return with({"traffic.injection=exponential", "traffic.interval=0.01", "traffic.length=1"}); },
             "traffic.interval"},
        Case{"bernoulli_tiny_interval", [] { return with({"traffic.interval=0.5", "traffic.length=1"}); },
             "traffic.interval"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Outputs, Hostile,
    ::testing::Values(
        Case{"csv_disk_full", [] { return with({"out.csv=/dev/full"}); }, "out.csv", 3},
        Case{"json_disk_full", [] { return with({"out.json=/dev/full"}); }, "out.json", 3},
        Case{"json_unwritable", [] { return with({"out.json=" + unwritable("r.json")}); }, "out.json"},
        Case{"csv_unwritable", [] { return with({"out.csv=" + unwritable("r.csv")}); }, "out.csv"},
        Case{"plot_unwritable", [] { return with({"out.plot=" + unwritable("p.png")}); }, "out.plot"},
        Case{"json_is_directory", [] { return with({"out.json=" + ::testing::TempDir()}); }, "out.json"},
        Case{"json_is_scenario",
             [] {
               const std::string s = file("self.yaml", "topology: {k: 4}\n");
               return V{s, "out.json=" + s};
             },
             "out.json"},
        Case{"json_and_csv_same", [] { return with({"out.json=" + tmp("same.out"), "out.csv=" + tmp("same.out")}); },
             "out.csv"},
        Case{"metapaths_json_unwritable", [] { return V{"metapaths", "topology.k=4", "out.json=" + unwritable("m.json")}; },
             "out.json"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    SilentAcceptance, Hostile,
    ::testing::Values(
        Case{"directory_scenario", [] { return V{::testing::TempDir()}; }, "scenario"},
        Case{"duplicate_key", [] { return V{file("dup.yaml", "router: {vcs: 2}\nrouter: {vcs: 4}\n")}; }, "router.vcs"},
        Case{"duplicate_nested_and_dotted", [] { return V{file("dup2.yaml", "router: {vcs: 2}\nrouter.vcs: 4\n")}; },
             "router.vcs"},
        Case{"duplicate_sweep", [] { return V{file("dup3.yaml", "sweep: {router.vcs: [2], router.vcs: [4]}\n")}; },
             "sweep.router.vcs"},
        Case{"two_documents", [] { return V{file("twodoc.yaml", "router: {vcs: 4}\n---\nrouter: {vcs: 2}\n")}; },
             "scenario"},
        Case{"empty_first_document", [] { return V{file("emptydoc.yaml", "---\n---\nrouter: {vcs: 4}\n")}; },
             "scenario"},
        Case{"lone_comma", [] { return V{file("comma.yaml", ",")}; }, "scenario"},
        Case{"null_document", [] { return V{file("null.yaml", "~\n")}; }, "scenario"},
        Case{"trace_with_sweep", [] { return with({"trace.vcd=" + tmp("s.vcd"), "sweep.router.vcs=2,4"}); },
             "trace.vcd"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Messages, Hostile,
    ::testing::Values(
        Case{"al_width_blamed", [] { return with({"al.width=4"}); }, "al.width"},
        Case{"al_tick_blamed", [] { return with({"al.width=8", "al.tick=1", "sim.watchdog=300"}); }, "sim.watchdog"},
        Case{"metapaths_table", [] { return V{"metapaths", "topology.k=4", "drb.supernode=table"}; }, "drb.supernode"},
        Case{"sweep_empty_key", [] { return V{"sweep.=1,2"}; }, "sweep."},
        Case{"yaml_sweep_empty_key", [] { return V{file("swe.yaml", "sweep: {'': [1, 2]}\n")}; }, "scenario"},
        Case{"deep_yaml",
             [] {
               std::string y = "x";
               for (int i = 0; i < 500; ++i) y = "{a: " + y + "}";
               return V{file("deep.yaml", "r: " + y + "\n")};
             },
             "scenario"},
        Case{"deep_block_yaml",
             [] {
               std::string y;
               for (int i = 0; i < 60; ++i) y += std::string(2 * i, ' ') + "router:\n";
               return V{file("deepb.yaml", y)};
             },
             "router.router"},
        Case{"rate_underflow", [] { return with({"traffic.rate=1e-400"}); }, "traffic.rate"},
        Case{"rate_overflow", [] { return with({"traffic.rate=1e400"}); }, "traffic.rate"},
        Case{"integer_overflow", [] { return with({"sim.measure=99999999999999999999"}); }, "sim.measure"},
        Case{"watchdog_below_link", [] { return with({"router.delay.link=20", "sim.watchdog=10"}); }, "sim.watchdog"},
        Case{"watchdog_below_credit", [] { return with({"router.delay.credit=64", "sim.watchdog=60"}); }, "sim.watchdog"},
        Case{"newline_in_value", [] { return with({"router.vcs=4\nrouter.vcs=8"}); }, "router.vcs"},
        Case{"newline_in_key", [] { return with({"router\n.vcs=4"}); }, "router\\x0a.vcs"},
        Case{"too_many_dims", [] { return with({"topology.kind=hypercube", "topology.n=16"}, {}); }, "topology.n"},
        Case{"clock_not_whole_ps", [] { return with({"sim.clock_ns=0.0015"}); }, "sim.clock_ns"},
        Case{"mem_limit_unit", [] { return with({"sim.mem_limit=8GB"}); }, "sim.mem_limit"},
        // Found by fuzz_scenario (UBSan: back() of an empty string once the unit was taken off).
        Case{"mem_limit_unit_only", [] { return with({"sim.mem_limit=M"}); }, "sim.mem_limit"},
        Case{"mem_limit_unit_only_yaml", [] { return V{file("mem.yaml", "sim: {mem_limit:  M}\n")}; },
             "sim.mem_limit"},
        Case{"mem_limit_two_units", [] { return with({"sim.mem_limit=1GM"}); }, "sim.mem_limit"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

INSTANTIATE_TEST_SUITE_P(
    Resources, Hostile,
    ::testing::Values(
        Case{"time_bin_one", [] { return V{"stats.time_bin=1", "sim.measure=10000000"}; }, "stats.time_bin"},
        Case{"time_bin_long_warmup", [] { return V{"stats.time_bin=10", "sim.warmup=2000000"}; }, "stats.time_bin"},
        Case{"window_1e15", [] { return V{"sim.measure=1000000000000000"}; }, "sim.measure"},
        Case{"warmup_2e13", [] { return V{"sim.warmup=20000000000000"}; }, "sim.warmup"},
        Case{"confirmed_window_past_systemc_time",
             [] { return V{"sim.warmup=20000000000000", "sim.clock_ns=1000000", "sim.max_cycles=100000000000000"}; },
             "sim.clock_ns"},
        Case{"drain_past_systemc_time", [] { return V{"sim.drain_max=4000000000000000", "sim.clock_ns=10"}; },
             "sim.drain_max"},
        Case{"hypercube_64vcs",
             [] { return V{"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "sim.mem_limit=8G"}; },
             "router.vcs"},
        Case{"beyond_any_machine",
             [] { return V{"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "router.buffer=4096"}; },
             "router.vcs"},
        Case{"per_pair_stats",
             [] { return V{"topology.k=200", "stats.per_pair=true", "sim.mem_limit=2G", "router.vcs=2"}; },
             "stats.per_pair"},
        Case{"unbounded_queue_overload",
             [] { return V{"topology.k=64", "traffic.rate=4", "traffic.length=1", "traffic.injection=exponential",
                           "sim.measure=2000000", "sim.mem_limit=4G"}; },
             "traffic.source_queue"},
        Case{"jobs_times_runs",
             [] { return V{"topology.k=64", "router.vcs=8", "router.buffer=32", "sweep.sim.seed=1,2,3,4",
                           "sim.jobs=4", "sim.mem_limit=300M", "traffic.rate=0.001", "sim.measure=200"}; },
             "sim.jobs"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// The refusal carries the estimate: a size, and what takes most of it.
TEST(HostileMessages, MemoryRefusalCarriesTheEstimate) {
  const Exec e = drbsim_argv({"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "sim.mem_limit=8G"});
  EXPECT_EQ(e.code, 2);
  EXPECT_NE(e.err.find("needs an estimated "), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("GiB"), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("routers"), std::string::npos) << e.err;
}

TEST(HostileMessages, WindowRefusalCarriesATimeEstimate) {
  const Exec e = drbsim_argv({"sim.measure=1000000000000000"});
  EXPECT_EQ(e.code, 2);
  EXPECT_NE(e.err.find("years"), std::string::npos) << e.err;
  EXPECT_NE(e.err.find("sim.max_cycles"), std::string::npos) << e.err;
}

TEST(HostileMessages, MetapathsTableIsNotAnUnknownMethod) {
  const Exec e = drbsim_argv({"metapaths", "topology.k=4", "drb.supernode=table"});
  EXPECT_EQ(e.err.find("unknown method"), std::string::npos) << e.err;
}

// Confirmation keys admit what the guards refuse by default (header: no simulation, the set is still built).
TEST(HostileMessages, ConfirmedSweepIsAccepted) {
  std::string v = "1";
  for (int i = 2; i <= 40; ++i) v += "," + std::to_string(i);
  EXPECT_EQ(drbsim_argv({"header", "sweep.sim.seed=" + v, "sweep.router.buffer=" + v}).code, 2);
  EXPECT_EQ(drbsim_argv({"header", "sweep.sim.seed=" + v, "sweep.router.buffer=" + v, "sim.max_runs=1600"}).code, 0);
}

// Values at the edge that are valid run: a subnormal rate offers (almost) nothing and the run ends.
TEST(HostileRuns, SubnormalRatesRunToTheEnd) {
  for (const char* inj : {"bernoulli", "exponential"}) {
    const Exec e = drbsim_argv(with({"traffic.rate=1e-320", std::string("traffic.injection=") + inj}));
    EXPECT_EQ(e.code, 0) << inj << ": " << e.err;
  }
}

// No argument reaches a shell: plot and output names full of shell syntax are file names, nothing else.
TEST(HostileRuns, NoShellInOutputNames) {
  const std::string marker = tmp("pwned");
  std::remove(marker.c_str());
  for (const std::string& name : {"x'$(touch " + marker + ")'.png", "x\";touch " + marker + ";\".png",
                                 "x`touch " + marker + "`.svg", "x' ; touch " + marker + " ; '.png"}) {
    const std::string plot = tmp(name);
    const Exec e = drbsim_argv(with({"out.plot=" + plot}));
    EXPECT_TRUE(e.code == 0 || e.code == 3) << e.err;  // 3 only if matplotlib is missing
    EXPECT_FALSE(exists(marker)) << "a shell ran part of " << name;
    EXPECT_TRUE(exists(plot + ".json")) << e.err;
    if (e.code == 0) {
      EXPECT_TRUE(exists(plot)) << e.err;
    }
  }
}

// An output checked before the run is not left behind when the file did not exist.
TEST(HostileRuns, CheckLeavesNoFileBehind) {
  const std::string json = tmp("refused.json");
  std::remove(json.c_str());
  const Exec e = drbsim_argv(with({"out.json=" + json, "out.csv=" + unwritable("x.csv")}));
  EXPECT_EQ(e.code, 2) << e.err;
  EXPECT_FALSE(exists(json));
}

}  // namespace

// The checks refuse hostile input, not the project's own: every shipped scenario and the built-in demo load.
TEST(HostileRuns, ShippedScenariosStillLoad) {
  for (const char* f : {"acks", "acks_hotspot_8x8", "ch4_hotspot_8x8", "hotspot_8x8", "observability_hotspot_8x8",
                        "pattern_change_8x8", "systematic", "transient_hotspot_8x8", "uniform_8x8"}) {
    const Exec e = drbsim_argv({"header", std::string(DRB_SOURCE_DIR) + "/tb/scenarios/" + f + ".yaml"});
    EXPECT_EQ(e.code, 0) << f << ": " << e.err;
  }
  EXPECT_NO_THROW(drb::load_scenarios(drb::kDefaultScenario, "built-in", {}));
}

namespace {

// The waveform's window and subset and the packet trace: refused before anything runs, naming the key.
INSTANTIATE_TEST_SUITE_P(
    TraceKeys, Hostile,
    ::testing::Values(
        Case{"window_empty", [] { return with({"trace.vcd=" + tmp("w.vcd"), "trace.start=200", "trace.end=100"}); },
             "trace.end"},
        Case{"window_without_trace", [] { return with({"trace.start=10"}); }, "trace.start"},
        Case{"element_missing", [] { return with({"trace.vcd=" + tmp("w.vcd"), "trace.elements=0,99"}); }, "trace.elements"},
        Case{"element_negative", [] { return with({"trace.vcd=" + tmp("w.vcd"), "trace.elements=-1"}); }, "trace.elements"},
        Case{"elements_without_vcd", [] { return with({"trace.packets=" + tmp("p.txt"), "trace.elements=1"}); },
             "trace.elements"},
        Case{"watch_without_packets", [] { return with({"trace.watch=3"}); }, "trace.watch"},
        Case{"packets_unwritable", [] { return with({"trace.packets=" + unwritable("p.txt")}); }, "trace.packets"},
        Case{"packets_with_sweep", [] { return with({"trace.packets=" + tmp("p.txt"), "sweep.router.vcs=2,4"}); },
             "trace.packets"}),
    [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

}  // namespace
