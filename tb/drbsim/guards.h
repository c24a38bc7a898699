// SPDX-License-Identifier: Apache-2.0
// Guards on what a scenario asks of the machine: the size of the scenario text, run counts, window
// lengths, simulated time, injection rates and memory. Each refusal is a ConfigError that names a key and
// carries the estimate, raised before anything is elaborated (docs/robustness.md).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "systemc/base/footprint.h"
#include "tb/drbsim/scenario.h"

namespace drb {

class Topology;
class InterconnectCache;
struct ScenarioSet;

constexpr size_t kMaxScenarioBytes = size_t{16} << 20;  // a scenario file is a few lines of keys
// A network file (topology.file): a full route table of 4,096 terminals on as many elements is ~330 MB of
// lines, so larger tables are up*/down*'s; 64 MiB holds a 1,500-terminal table or any graph the reader takes.
constexpr size_t kMaxNetworkFileBytes = size_t{64} << 20;
constexpr size_t kMaxScenarioValues = 1000000;          // values in one scenario, aliases expanded
constexpr int64_t kMaxTimeBins = 100000;                // stats.time_bin bins over warm-up + measure
constexpr double kMaxMessagesPerNodeCycle = 64;         // offered messages per node per cycle, any process

// The key to name for a problem that several keys make together: the first of `keys` the user set
// (scenario file or command line), else the first.
std::string blame(const Scenario& s, std::initializer_list<const char*> keys);
// True if `name` is the dotted prefix of some key (a YAML map may be entered under it).
bool is_key_prefix(const std::string& name);
void check_known(const std::string& key);  // ConfigError with a suggestion for an unknown key

// Before any run of a sweep is built: the cross-product against sim.max_runs.
void check_run_count(const Scenario& base, const std::vector<std::pair<std::string, std::vector<std::string>>>& sweeps);
// Per run (from validate): offered messages per node and cycle, window length (sim.max_cycles), SystemC's
// time range, time-series bins.
void check_traffic_rates(const Scenario& s);
void check_windows(const Scenario& s, int nodes);
// Per set: outputs that a sweep cannot share (from load_scenarios).
void check_set(const ScenarioSet& set);
// Before simulating a set: the memory of the runs that run at once (sim.jobs) against sim.mem_limit.
void check_memory(const ScenarioSet& set);

// Commands that compute on the network graph without simulating (drbsim topology, metapaths): `steps`
// elementary graph steps against sim.max_seconds, and `bytes` against sim.mem_limit; ConfigError naming the
// network's size key, with the estimate, before anything is computed.
void check_command_cost(const Scenario& s, const std::string& what, double steps, double bytes);
// The steps sim.max_seconds allows: an estimate may stop counting past it.
double command_step_budget(const Scenario& s);

// A closed loop has no window: it runs until its quota is delivered, at most this many cycles
// (sim.max_cycles, or sim.drain_max if lower), which bounds its time series and its run time.
inline int64_t closed_loop_horizon(const SimParams& sim) { return std::min(sim.max_cycles, sim.drain_max); }
// The key that sets the horizon.
inline const char* closed_loop_horizon_key(const SimParams& sim) {
  return sim.max_cycles <= sim.drain_max ? "sim.max_cycles" : "sim.drain_max";
}

// What one run of s is expected to take at most, by part (fabric, traffic-dependent state, statistics).
Footprint estimate_memory(const Scenario& s);
Footprint estimate_memory(const Scenario& s, InterconnectCache& interconnects);  // networks built once a set

}  // namespace drb
