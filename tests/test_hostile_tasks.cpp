// SPDX-License-Identifier: Apache-2.0
// Hostile input on the doors a Slurm sweep opened (docs/robustness.md, docs/slurm.md): --args-file (a JSON
// array of arguments) and task mode (--run-index/--result). Each is a front door like any other: the same
// refusals before anything runs, the same memory and output checks, and nothing written or destroyed.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include "tests/hostile.h"

using namespace drb::test;

namespace {

using V = std::vector<std::string>;

// Arguments as the file --args-file reads (a JSON array of strings).
std::string args_file(const std::string& name, const std::string& json) { return file(name, json); }

INSTANTIATE_TEST_SUITE_P(
    ArgsFile, Hostile,
    ::testing::Values(
        Case{"directory", [] { return V{"--args-file", ::testing::TempDir()}; }, "--args-file"},
        Case{"dev_null", [] { return V{"--args-file", "/dev/null"}; }, "--args-file"},
        Case{"empty_file", [] { return V{"--args-file", args_file("empty.args", "")}; }, "--args-file"},
        Case{"dev_zero", [] { return V{"--args-file", "/dev/zero"}; }, "--args-file"},
        Case{"fifo_no_writer", [] { return V{"--args-file", fifo("args.fifo")}; }, "--args-file"},
        Case{"missing", [] { return V{"--args-file", tmp("no_such.args")}; }, "--args-file"},
        Case{"no_file_named", [] { return V{"--args-file"}; }, "--args-file"},
        Case{"empty_array", [] { return V{"--args-file", args_file("e.args", "[]")}; }, "--args-file"},
        Case{"one_per_line", [] { return V{"--args-file", args_file("lines.args", "topology.k=4\nsim.measure=9\n")}; },
             "--args-file"},
        Case{"not_strings", [] { return V{"--args-file", args_file("n.args", "[\"topology.k=4\", 5]")}; },
             "--args-file"},
        Case{"object", [] { return V{"--args-file", args_file("o.args", "{\"topology.k\": 4}")}; }, "--args-file"},
        Case{"nul_in_value", [] { return V{"--args-file", args_file("nul.args", "[\"topology.k=4\\u0000x\"]")}; },
             "--args-file"},
        // Found by fuzz_args_file: a number beyond a double escaped the JSON reader as another exception.
        Case{"number_overflow", [] { return V{"--args-file", args_file("big.args", "[2E1100]")}; }, "--args-file"},
        Case{"nested", [] { return V{"--args-file", args_file("nest.args", "[\"--args-file\", \"x\"]")}; },
             "--args-file"},
        Case{"huge", [] { return V{"--args-file", args_file("huge.args", "[\"" + std::string(17 << 20, 'x') + "\"]")}; },
             "--args-file"},
        // A value holding a newline is one value: here router.vcs gets "4\nrouter.vcs=8", which is no number.
        Case{"newline_stays_in_value",
             [] { return V{"--args-file", args_file("nl.args", "[\"topology.k=4\", \"router.vcs=4\\nrouter.vcs=8\"]")}; },
             "router.vcs"}),
    case_name);

INSTANTIATE_TEST_SUITE_P(
    TaskMode, Hostile,
    ::testing::Values(
        Case{"result_without_index", [] { return with({"--result", tmp("r.json")}); }, "--result"},
        Case{"index_without_result", [] { return with({"--run-index", "0"}); }, "--run-index"},
        Case{"empty_result", [] { return with({"--run-index", "0", "--result", ""}); }, "--result"},
        Case{"index_in_header", [] { return V{"header", "--run-index", "0", "--result", tmp("r.json")}; }, "--run-index"},
        Case{"result_in_topology", [] { return V{"topology", "--result", tmp("r.json")}; }, "--result"},
        Case{"index_out_of_set", [] { return with({"--run-index", "3", "--result", tmp("r.json")}); }, "--run-index"},
        Case{"result_device", [] { return with({"--run-index", "0", "--result", "/dev/null"}); }, "--result"},
        Case{"result_directory", [] { return with({"--run-index", "0", "--result", ::testing::TempDir()}); }, "--result"},
        Case{"result_unwritable", [] { return with({"--run-index", "0", "--result", unwritable("r.json")}); },
             "--result"},
        Case{"result_fifo", [] { return with({"--run-index", "0", "--result", fifo("result.fifo")}); }, "--result"},
        Case{"result_is_scenario",
             [] {
               const std::string s = file("task.yaml", "topology: {k: 4}\nsim: {measure: 200}\n");
               return V{s, "--run-index", "0", "--result", s};
             },
             "--result"},
        Case{"result_is_args_file",
             [] {
               const std::string a = args_file("self.args", "[\"topology.k=4\", \"sim.measure=200\"]");
               return V{"--args-file", a, "--run-index", "0", "--result", a};
             },
             "--result"},
        // The checks of a normal run: outputs the run writes itself, and memory.
        Case{"vcd_unwritable",
             [] { return with({"trace.vcd=" + unwritable("t.vcd"), "--run-index", "0", "--result", tmp("r.json")}); },
             "trace.vcd"},
        Case{"over_mem_limit",
             [] {
               return V{"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "sim.mem_limit=512M",
                        "--run-index", "0", "--result", tmp("r.json")};
             },
             "router.vcs"}),
    case_name);

// A refused task leaves every file as it was: the scenario it was told to overwrite, and no result.
TEST(HostileTasks, RefusalDestroysNothing) {
  const std::string text = "topology: {k: 4}\nsim: {measure: 200}\n";
  const std::string s = file("keep.yaml", text);
  EXPECT_EQ(drbsim_argv({s, "--run-index", "0", "--result", s}).code, 2);
  EXPECT_EQ(slurp(s), text);
  const std::string r = tmp("refused_result.json");
  std::remove(r.c_str());
  EXPECT_EQ(drbsim_argv({"topology.kind=hypercube", "topology.n=15", "router.vcs=64", "sim.mem_limit=512M",
                         "--run-index", "0", "--result", r}).code, 2);
  EXPECT_FALSE(exists(r));
  EXPECT_FALSE(exists(r + ".tmp"));
}

// The arguments file carries what the command line would: the same run gives the same result.
TEST(HostileTasks, ArgsFileRunsWhatTheCommandLineRuns) {
  const std::string a = tmp("same_a.json"), b = tmp("same_b.json");
  const V keys{"topology.k=4", "sim.warmup=0", "sim.measure=300", "sim.progress=off"};
  std::string list;
  for (const std::string& k : keys) list += (list.empty() ? "[\"" : ", \"") + k + "\"";
  const Exec ea = drbsim_argv(with({"out.json=" + a}, keys));
  const Exec eb = drbsim_argv({"--args-file", args_file("same.args", list + "]"), "out.json=" + b});
  ASSERT_EQ(ea.code, 0) << ea.err;
  ASSERT_EQ(eb.code, 0) << eb.err;
  EXPECT_EQ(nlohmann::json::parse(slurp(a))["runs"], nlohmann::json::parse(slurp(b))["runs"]);
}

// A task writes its result, and only its result, as a JSON object the gather accepts.
TEST(HostileTasks, TaskWritesItsResult) {
  const std::string r = tmp("task_result.json");
  std::remove(r.c_str());
  const Exec e = drbsim_argv(with({"sweep.traffic.rate=0.05,0.1", "--run-index", "1", "--result", r}));
  ASSERT_EQ(e.code, 0) << e.err;
  const nlohmann::json j = nlohmann::json::parse(slurp(r));
  EXPECT_TRUE(j.is_object());
  EXPECT_FALSE(j.contains("error")) << j.dump();
  EXPECT_TRUE(j["latency"]["mean"].is_number());
  EXPECT_FALSE(exists(r + ".tmp"));
}

}  // namespace
