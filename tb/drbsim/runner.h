// SPDX-License-Identifier: Apache-2.0
// Running scenarios. A run elaborates one Fabric, so it owns its process: run_one() is for a process
// that runs exactly one simulation; run_all() forks one child per run (up to sim.jobs at once) and
// collects each child's JSON result. Failures (scoreboard, stall, incomplete drain) come back as
// {"error": ..., "kind": ...} results.
#pragma once
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <vector>

#include "systemc/fabric/source_policies.h"
#include "tb/drbsim/loader.h"

namespace drb {

struct RunContext {
  int index = 0, total = 1;  // for the progress line
  std::string label;
};

// The path policy factory a scenario implies (static, Valiant, DRB): systemc/fabric/source_policies.h.
PolicyFactory policy_factory(const Scenario& s);

nlohmann::json run_one(const Scenario& s, const RunContext& ctx = {});
// Run i of a set: its index, the set's size and its label (the swept keys' values), for the progress line.
RunContext run_context(const ScenarioSet& set, int i);
// run_one with a failure turned into its {"error", "kind"} result, as run_all's children report it.
nlohmann::json run_guarded(const Scenario& s, const RunContext& ctx);
// Every run of the set, in order. With a cache (out.runs), runs kept there are taken from it and each finished
// run is kept as it finishes. With more than one run, a line with the runs done and an estimate of the time
// left follows each run's end (sim.progress=on; auto: once the sweep has taken 3 s).
struct RunCache;
std::vector<nlohmann::json> run_all(const ScenarioSet& set, bool fork_single = false, const RunCache* cache = nullptr);
// trace.vcd and trace.packets of a fabric over the window [trace.start, trace.end) (OutputError naming the
// key if a file cannot be opened), and their end (OutputError if one was not written).
class Fabric;
void start_traces(Fabric& fab, const Scenario& s);
void end_traces(Fabric& fab);
// Fork a child that calls f() and return what it returned (or an error object).
nlohmann::json in_child(const std::function<nlohmann::json()>& f);

// The kinds of a failed run's {"error", "kind"} result (with "key" for input and output failures).
inline constexpr const char* kFailureKinds[] = {"scoreboard", "stall", "drain", "unroutable", "internal", "input", "output"};

// Exit codes of drbsim.
constexpr int kExitOk = 0, kExitBadInput = 2, kExitSimFailure = 3;

}  // namespace drb
