// SPDX-License-Identifier: Apache-2.0
// drbsim compare on hand-written results files (no simulation): a metric beyond its tolerance is one line
// and exit 1, within it exit 0; relative, absolute and per-metric tolerances; runs that differ in count,
// swept values or failure are lines too; bad input is exit 2 with one line naming the argument.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tests/support.h"

using namespace drb::test;
using json = nlohmann::json;

namespace {

// A results file as drbsim writes it, reduced to what compare reads: one run per (rate, mean latency).
std::string results(const std::string& name, const std::vector<std::pair<std::string, double>>& runs,
                    const std::string& fail_kind = "") {
  json doc = {{"results_schema", 1}, {"runs", json::array()}};
  for (const auto& [rate, lat] : runs) {
    json r = {{"accepted_flits_per_node_cycle", 0.1}, {"latency", {{"mean", lat}, {"p99", 2 * lat}}},
              {"hops", {{"mean", 2.5}}}, {"links", json::array({{{"util", 0.25}}, {{"util", 0.5}}})}};
    if (!fail_kind.empty() && rate == "0.2") r = {{"error", "drain incomplete"}, {"kind", fail_kind}};
    doc["runs"].push_back({{"seed", 1}, {"swept", {{"traffic.rate", rate}}}, {"result", r}});
  }
  const std::string p = test_tmp(name);
  std::ofstream(p) << doc.dump();
  return p;
}

Exec compare(std::vector<std::string> args) {
  args.insert(args.begin(), "compare");
  return drbsim_argv(args);
}

TEST(Compare, AMetricBeyondItsToleranceIsOneLineAndExitOne) {
  const std::string a = results("a.json", {{"0.1", 100}, {"0.2", 200}});
  const std::string b = results("b.json", {{"0.1", 103}, {"0.2", 200}});
  // latency.mean +3 % and latency.p99 +3 % in run 1 (206 against 200), against the default 1 %.
  const Exec e = compare({a, b});
  EXPECT_EQ(e.code, 1) << e.err;
  EXPECT_NE(e.out.find("run 1 (rate=0.1): latency.mean 100 -> 103 (+3.00 %, allowed 1 %)\n"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find("run 1 (rate=0.1): latency.p99 200 -> 206 (+3.00 %, allowed 1 %)\n"), std::string::npos) << e.out;
  // Two runs with four of the table's metrics each (accepted, latency.mean, latency.p99, hops.mean).
  EXPECT_NE(e.out.find("compare: 2 runs, 8 metrics compared, 2 moved\n"), std::string::npos) << e.out;

  EXPECT_EQ(compare({a, b, "rel=0.03"}).code, 0);     // 3 % allowed: exactly at the edge passes
  EXPECT_EQ(compare({a, b, "rel=0.029"}).code, 1);
  EXPECT_EQ(compare({a, b, "abs=6"}).code, 0);        // 3 and 6 cycles of slack
  EXPECT_EQ(compare({a, b, "abs=5"}).code, 1);        // the p99's 6 is not within 5
  const Exec one = compare({a, b, "latency.mean=0.05"});  // its own tolerance: only the p99 line remains
  EXPECT_EQ(one.code, 1);
  EXPECT_EQ(one.out.find("latency.mean"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("latency.p99"), std::string::npos) << one.out;
  EXPECT_EQ(compare({a, b, "metrics=hops.mean,accepted_flits_per_node_cycle"}).code, 0);
  EXPECT_EQ(compare({a, a}).code, 0);
  EXPECT_EQ(compare({a, a}).out, "compare: 2 runs, 8 metrics compared, 0 moved\n");
}

TEST(Compare, AllComparesEveryNumericLeafIncludingLists) {
  const std::string a = results("all_a.json", {{"0.1", 100}});
  json d = json::parse(std::ifstream(a));
  d["runs"][0]["result"]["links"][1]["util"] = 0.75;
  const std::string b = test_tmp("all_b.json");
  std::ofstream(b) << d.dump();
  EXPECT_EQ(compare({a, b}).code, 0);  // the table's metrics do not look at the links
  const Exec e = compare({a, b, "metrics=all"});
  EXPECT_EQ(e.code, 1);
  // accepted, latency.mean, latency.p99, hops.mean, links.0.util, links.1.util
  EXPECT_EQ(e.out, "run 1 (rate=0.1): links.1.util 0.5 -> 0.75 (+50.00 %, allowed 1 %)\n"
                   "compare: 1 runs, 6 metrics compared, 1 moved\n");
}

TEST(Compare, RunsThatDifferAreLines) {
  const std::string a = results("r_a.json", {{"0.1", 100}, {"0.2", 200}});
  const Exec fewer = compare({a, results("r_b.json", {{"0.1", 100}})});
  EXPECT_EQ(fewer.code, 1);
  EXPECT_NE(fewer.out.find("runs: 2 in A, 1 in B (the first 1 compared)\n"), std::string::npos) << fewer.out;
  const Exec other = compare({a, results("r_c.json", {{"0.1", 100}, {"0.3", 200}})});
  EXPECT_EQ(other.code, 1);
  EXPECT_NE(other.out.find("run 2 (rate=0.2): not the same run in B, whose run 2 is run 2 (rate=0.3)\n"),
            std::string::npos)
      << other.out;
  const Exec failed = compare({a, results("r_d.json", {{"0.1", 100}, {"0.2", 200}}, "drain")});
  EXPECT_EQ(failed.code, 1);
  EXPECT_NE(failed.out.find("run 2 (rate=0.2): ran in A, failed (drain) in B\n"), std::string::npos) << failed.out;
}

TEST(Compare, BadInputIsExitTwoWithOneLineNamingTheArgument) {
  const std::string a = results("bad_a.json", {{"0.1", 100}});
  const std::string text = test_tmp("bad_text.json"), other = test_tmp("bad_other.json");
  std::ofstream(text) << "not json";
  std::ofstream(other) << R"({"runs": 3})";
  const std::string deep = test_tmp("bad_deep.json");  // refused while parsed, before any recursive walk
  std::ofstream(deep) << std::string(100000, '[') << std::string(100000, ']');
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{a}, "drbsim: error: compare: needs two results files"},
      {{a, a, a}, "unexpected argument"},
      {{a, test_tmp("missing.json")}, "drbsim: error: compare: cannot read results file"},
      {{a, text}, "drbsim: error: compare: '" + text + "' is not JSON"},
      {{a, other}, "is not a drbsim results file"},
      {{deep, a, "metrics=all"}, "nests deeper than 64"},
      {{a, a, "rel=-1"}, "drbsim: error: rel:"},
      {{a, a, "abs=x"}, "drbsim: error: abs:"},
      {{a, a, "metrics=latency.median"}, "drbsim: error: metrics: 'latency.median' is no numeric value of any run"},
      {{a, a, "latency.median=0.1"}, "drbsim: error: latency.median: no run has a numeric value by that name"},
  };
  for (const auto& [args, want] : cases) {
    const Exec e = compare(args);
    EXPECT_EQ(e.code, 2) << want;
    EXPECT_NE(e.err.find(want), std::string::npos) << e.err;
    EXPECT_EQ(std::count(e.err.begin(), e.err.end(), '\n'), 1) << e.err;
    EXPECT_TRUE(e.out.empty()) << e.out;
  }
}

}  // namespace
