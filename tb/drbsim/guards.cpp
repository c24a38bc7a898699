// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/guards.h"

#include <algorithm>
#include <cmath>
#include <memory>

#include "models/drb/metapath.h"
#include "models/routing/file_routing.h"
#include "models/routing/routing.h"
#include "models/topology/topology.h"
#include "systemc/fabric/network.h"
#include "systemc/fabric/source_policies.h"
#include "tb/drbsim/interconnects.h"
#include "tb/drbsim/keys.h"
#include "tb/drbsim/loader.h"
#include "tb/drbsim/outputs.h"
#include "tb/traffic/trace.h"

namespace drb {

namespace {

std::string num(double x) {
  char b[32];
  std::snprintf(b, sizeof b, x < 1e6 && x == std::floor(x) ? "%.0f" : "%.3g", x);
  return b;
}

// Simulator speed for the time estimates in refusals: a low-load run reaches ~9 M node-cycles/s on one
// core (docs/speed-history.md, B1-B3); loaded runs are slower, so the estimate is a lower bound.
constexpr double kNodeCyclesPerSecond = 9e6;

// Graph steps (a visit in a breadth-first search or an augmenting search) per second, for the estimates of
// drbsim topology and metapaths: drbsim topology did 6.9e9 steps in 12.5 s on a 100x100 torus and 1.8e10 in
// 87 s on a 128x128 one (the rate falls as the searches' arrays outgrow the caches); 2e8 keeps the estimate
// at or above what was measured.
constexpr double kGraphStepsPerSecond = 2e8;

std::string duration(double seconds) {
  if (seconds < 120) return num(seconds) + " s";
  if (seconds < 7200) return num(seconds / 60) + " min";
  if (seconds < 172800) return num(seconds / 3600) + " h";
  if (seconds < 3.2e8) return num(seconds / 86400) + " days";
  return num(seconds / 3.156e7) + " years";
}

}  // namespace

std::string blame(const Scenario& s, std::initializer_list<const char*> keys) {
  for (const char* k : keys)
    if (s.is_set(k)) return k;
  return *keys.begin();
}

bool is_key_prefix(const std::string& name) {
  const std::string p = name + ".";
  for (const KeyDef& k : scenario_keys())
    if (k.name.compare(0, p.size(), p) == 0) return true;
  return false;
}

void check_run_count(const Scenario& base,
                     const std::vector<std::pair<std::string, std::vector<std::string>>>& sweeps) {
  double runs = 1;
  std::string widest, product;
  size_t most = 0;
  for (const auto& [k, v] : sweeps) {
    runs *= static_cast<double>(v.size());
    product += (product.empty() ? "" : " x ") + std::to_string(v.size());
    if (v.size() > most) most = v.size(), widest = k;
  }
  if (runs > static_cast<double>(base.sim.max_runs))
    throw ConfigError("sweep." + widest, "the sweep expands to " + num(runs) + " runs (" + product +
                                             "), more than sim.max_runs = " + std::to_string(base.sim.max_runs) +
                                             "; raise sim.max_runs to confirm");
  // Every run is built and validated before the first is simulated: the set itself must fit (a run's
  // scenario with its strings and lists, measured at about 4 KiB).
  const double set_bytes = runs * (sizeof(Scenario) + 2048.0);
  const uint64_t limit = base.sim.mem_limit ? base.sim.mem_limit : machine_memory();
  if (limit > 0 && set_bytes > static_cast<double>(limit))
    throw ConfigError("sweep." + widest, "the sweep's " + num(runs) + " runs take " + format_bytes(set_bytes) +
                                             " to hold before any is simulated, above sim.mem_limit = " +
                                             format_bytes(static_cast<double>(limit)) + "; split the sweep");
}

double command_step_budget(const Scenario& s) { return static_cast<double>(s.sim.max_seconds) * kGraphStepsPerSecond; }

void check_command_cost(const Scenario& s, const std::string& what, double steps, double bytes) {
  const std::string key = blame(s, {"topology.k", "topology.n", "topology.nodes", "topology.concentration"});
  const double seconds = steps / kGraphStepsPerSecond;
  if (seconds > static_cast<double>(s.sim.max_seconds))
    throw ConfigError(key, what + " takes an estimated " + duration(seconds) + " on this network (" + num(steps) +
                               " graph steps), more than sim.max_seconds = " + std::to_string(s.sim.max_seconds) +
                               "; raise sim.max_seconds to confirm");
  const uint64_t limit = s.sim.mem_limit ? s.sim.mem_limit : machine_memory();
  if (limit > 0 && bytes > static_cast<double>(limit))
    throw ConfigError(key, what + " needs an estimated " + format_bytes(bytes) + " on this network, above sim.mem_limit = " +
                               format_bytes(static_cast<double>(limit)) + (s.sim.mem_limit ? "" : " (this machine's memory)"));
}

void check_traffic_rates(const Scenario& s) {
  const TrafficParams& tr = s.traffic;
  // One draw per offered message: a rate the NIs could never take (one flit per cycle) would only keep
  // the generator busy, never the network.
  if (tr.message_rate() * tr.schedule_max() > kMaxMessagesPerNodeCycle)
    throw ConfigError(blame(s, {"traffic.schedule", "traffic.interval", "traffic.rate", "traffic.length"}),
                      "offers " + num(tr.message_rate() * tr.schedule_max()) + " messages per node per cycle; at most " +
                          num(kMaxMessagesPerNodeCycle) + " (an NI takes one flit per cycle)");
}

void check_windows(const Scenario& s, int nodes) {
  const SimParams& sim = s.sim;
  // A closed loop has no window; it runs at most to its horizon (sim.max_cycles bounds it too).
  const bool closed = s.traffic.closed.active > 0;
  const int64_t window = closed ? closed_loop_horizon(sim) : sim.warmup + sim.measure;  // each <= INT64_MAX/4
  if (!closed && window > sim.max_cycles)
    throw ConfigError(blame(s, {"sim.measure", "sim.warmup"}),
                      "warm-up + measure = " + num(static_cast<double>(window)) + " cycles, more than sim.max_cycles = " +
                          num(static_cast<double>(sim.max_cycles)) + " (at least " +
                          duration(static_cast<double>(window) * nodes / kNodeCyclesPerSecond) +
                          " on this network); raise sim.max_cycles to confirm");
  // SystemC counts time in picoseconds in 64 bits: the clock must be whole picoseconds and the whole run,
  // drain included, must fit.
  const double ps = sim.clock_ns * 1000;
  if (std::fabs(ps - std::round(ps)) > 1e-6 * ps)
    throw ConfigError("sim.clock_ns", "a period of " + num(sim.clock_ns) + " ns is not a whole number of picoseconds "
                                      "(SystemC's time resolution)");
  const double cycles = static_cast<double>(window) + static_cast<double>(sim.drain_max) + 1;
  constexpr double kMaxPs = 18446744073709551615.0;
  if (cycles * std::round(ps) >= kMaxPs)
    throw ConfigError((static_cast<double>(window) + 1) * std::round(ps) < kMaxPs
                          ? "sim.drain_max"  // the window fits: the drain limit is what overflows
                          : blame(s, {"sim.clock_ns", "sim.measure", "sim.warmup"}),
                      num(cycles) + " cycles (warm-up + measure + sim.drain_max) of " + num(sim.clock_ns) +
                          " ns exceed SystemC's longest simulated time (2^64 ps, about 213 days)");
  if (s.stats.time_bin > 0) {
    // A closed loop's series runs until its quota is delivered: bounded by its horizon, not by a window.
    const int64_t span = window;
    const int64_t bins = span / s.stats.time_bin + (span % s.stats.time_bin != 0);
    if (bins > kMaxTimeBins)
      throw ConfigError("stats.time_bin", "bins of " + std::to_string(s.stats.time_bin) + " cycles over " +
                                              num(static_cast<double>(span)) + " cycles" +
                                              (closed ? std::string(" (a closed loop runs up to ") +
                                                            closed_loop_horizon_key(sim) + ")"
                                                      : std::string()) +
                                              " give " + num(static_cast<double>(bins)) + " bins, at most " +
                                              num(static_cast<double>(kMaxTimeBins)) + "; use a wider bin" +
                                              (closed ? std::string(" or lower ") + closed_loop_horizon_key(sim) : ""));
  }
}

Footprint estimate_memory(const Scenario& s) {
  InterconnectCache interconnects;
  return estimate_memory(s, interconnects);
}

Footprint estimate_memory(const Scenario& s, InterconnectCache& interconnects) {
  const Interconnect* ic = &interconnects.get(s.net.topo);
  const NetParams& n = s.net;
  const TrafficParams& tr = s.traffic;
  // EP: every element's ports (N routers x P ports on a direct network).
  double EP = 0;
  for (int e = 0; e < ic->elements(); ++e) EP += ic->ports(e);
  const double N = ic->terminals(), E = ic->elements(), V = n.vcs, D = n.depth;
  Footprint f = Network::footprint(n, *ic);
  // sim.huge_pages: a fabric built in 2 MiB pages (Network::huge_reservation) has whole pages resident where
  // 4 KiB pages left parts of them untouched: a 12-cube with 16 VCs peaked at 340 MB against 314 MB without,
  // +8 %.
  if (Network::huge_reservation(n, f.total()) > 0)
    f.add("huge pages: whole 2 MiB pages resident, at most", 0.1 * f.total(), "sim.huge_pages");
  // The front end's own copies of the routing (validation, DRB candidates) hold tables too.
  if (const Topology* t = ic->direct())
    f.add("front-end routing tables", 2 * heap_bytes(RoutingFunction::table_bytes(t->nodes(), t->ports())));
  if (ic->file()) f.add("front-end up*/down* tables, at most", heap_bytes(UpDownRouting::table_bytes(*ic)));
  f.add("process (program, libraries, SystemC kernel)", 16.0 * 1048576);
  add_policy_footprint(f, n, *ic);

  // A closed loop offers its quota (requests and replies) over at most its horizon.
  const bool closed = tr.closed.active > 0;
  const double window = static_cast<double>(closed ? closed_loop_horizon(s.sim) : s.sim.warmup + s.sim.measure);
  // A trace gives every message: its check counted them (the rate keys keep their unused defaults).
  const TraceSummary* trace = tr.pattern == "trace" ? &tr.trace_checked : nullptr;
  const int min_len = trace ? 1 : *std::min_element(tr.lengths.begin(), tr.lengths.end());
  const double mean_len =
      trace ? static_cast<double>(trace->flits) / std::max<int64_t>(1, trace->messages) : tr.mean_length();
  double per_node = tr.pattern == "channels" || trace ? 0 : tr.message_rate();
  if (tr.background != "none") per_node += tr.background_rate / tr.mean_length();
  double offered = window * N * per_node;  // messages generated over the whole run
  for (const ChannelSpec& c : tr.channels) offered += window / (c.interval > 0 ? c.interval : std::max(1.0, tr.interval));
  if (closed) offered = static_cast<double>(tr.closed.quota);
  if (trace) offered = static_cast<double>(trace->offered);
  const int steps = std::max(1, n.steps);
  const FabricItemBytes item = Network::item_bytes(n, ic->diameter() * steps);
  // Queued messages: a bounded queue holds at most its capacity; an unbounded one, in the worst case,
  // every message offered (a network that accepts nothing).
  const double queued = n.source_queue >= 0 ? std::min(offered, N * static_cast<double>(n.source_queue)) : offered;
  if (trace && n.source_queue < 0)
    f.add("queued messages, at worst all " + std::to_string(trace->offered) + " of the trace (unbounded source queue)",
          queued * item.message, "traffic.trace");
  else
    f.add(n.source_queue >= 0 ? "queued messages" : "queued messages, at worst every one offered (unbounded)",
          queued * item.message, "traffic.source_queue");
  // Packets in flight: at most one per buffered flit, with long packets about one per VC in use, and
  // never more than the packets offered.
  const double slots = EP * V * D;
  const double per_message = n.max_packet_flits > 0 ? std::ceil(mean_len / n.max_packet_flits) : 1;
  const double packets = std::min(std::min(slots, slots / min_len + EP * V), offered * per_message) + 2 * N;
  f.add("packets in flight", packets * item.packet);
  if (trace)  // the replay keeps the id of every message accepted and not yet delivered
    f.add("trace replay: messages in flight", std::min(offered, queued + packets) * TraceReplay::in_flight_bytes(),
          "traffic.trace");
  // Per (source, destination) pair that exchanged a message: permutations touch N pairs, the others up to
  // N(N-1), never more than the messages offered.
  // m messages from one source to random destinations reach (N-1)(1 - (1 - 1/(N-1))^m) of them.
  auto random_pairs = [&](double messages) {
    const double m = messages / N;
    return N * (N - 1) * -std::expm1(m * std::log1p(-1 / std::max(N - 1, 1.0)));
  };
  auto pairs_of = [&](const std::string& pat, double messages) {
    static const char* perms[] = {"bitcomp", "bitrev", "butterfly", "shuffle", "transpose", "tornado", "neighbour"};
    for (const char* p : perms)
      if (pat == p) return N;
    if (pat == "channels") return static_cast<double>(tr.channels.size());
    return random_pairs(messages);
  };
  const double pattern_msgs = window * N * (tr.pattern == "channels" ? 0 : tr.message_rate());
  double pairs = trace ? offered : pairs_of(tr.pattern, pattern_msgs);  // a trace's pairs: at most one a message
  if (tr.change_pattern != "none") pairs += pairs_of(tr.change_pattern, pattern_msgs);
  if (tr.background != "none") pairs += random_pairs(window * N * tr.background_rate / tr.mean_length());
  pairs = std::min({pairs, N * (N - 1), offered});
  f.add("per-pair NI state (sequence numbers, reorder)", pairs * item.pair);
  if (n.acks) f.add("DRB metapaths (per pair)", pairs * MetapathPolicy::channel_bytes(s.drb.s_max));

  // Statistics. Results are JSON trees; the parent holds a run's tree, its copy in the report and the
  // text (about three times the tree). A JSON object of a few numbers takes ~600 bytes.
  const double json_entry = 3 * 600.0;
  const double measured = closed ? offered : static_cast<double>(s.sim.measure) * (offered / std::max(window, 1.0));
  f.add("latency samples", 5 * 65536 * 8.0 + 3 * 8.0 * measured);
  if (s.stats.links) f.add("per-link statistics", EP * json_entry, "stats.links");
  if (s.stats.per_pair) f.add("per-pair statistics", pairs * (96 + json_entry), "stats.per_pair");
  if (s.stats.time_bin > 0) {
    const double bins = std::ceil(window / static_cast<double>(s.stats.time_bin));
    f.add("latency time series", bins * (32 + json_entry), "stats.time_bin");
    if (n.acks)  // the metapath-size series runs to the end of the drain
      f.add("metapath-size time series",
            std::ceil((window + static_cast<double>(s.sim.drain_max)) / static_cast<double>(s.stats.time_bin)) *
                (8 + json_entry),
            "stats.time_bin");
  }
  if (!s.out.trace.empty()) f.add("waveform tracing", (EP + E) * 256.0, "trace.vcd");
  return f;
}


void check_set(const ScenarioSet& set) {
  const size_t runs = set.runs.size();
  for (const std::string& k : set.swept)  // only the first run's outputs are written; paths stay out of results
    if (is_output_key(k)) throw ConfigError("sweep." + k, "an output file cannot be swept: a set writes one");
  if (runs > 1 && !set.runs[0].out.trace.empty())
    throw ConfigError("trace.vcd", "a sweep of " + std::to_string(runs) + " runs would write one waveform file " +
                                       std::to_string(runs) + " times; trace a single run");
  if (runs > 1 && !set.runs[0].out.packets.empty())
    throw ConfigError("trace.packets", "a sweep of " + std::to_string(runs) + " runs would write one packet trace " +
                                           std::to_string(runs) + " times; trace a single run");
  if (runs > 1 && !set.runs[0].out.messages.empty())
    throw ConfigError("out.trace", "a sweep of " + std::to_string(runs) + " runs would write one trace file " +
                                       std::to_string(runs) + " times; record a single run");
}

void check_memory(const ScenarioSet& set) {
  const Scenario& s0 = set.runs[0];
  const size_t runs = set.runs.size();
  // Memory: the largest run times the runs simulated at once (each in its own process).
  size_t worst = 0;
  std::vector<Footprint> fp;
  InterconnectCache interconnects;
  for (const Scenario& s : set.runs) {
    fp.push_back(estimate_memory(s, interconnects));
    if (fp.back().total() > fp[worst].total()) worst = fp.size() - 1;
  }
  const double at_once = runs > 1 ? static_cast<double>(std::min<size_t>(runs, static_cast<size_t>(s0.sim.jobs))) : 1;
  const double need = fp[worst].total() * at_once;
  const bool from_machine = s0.sim.mem_limit == 0;
  const uint64_t limit = from_machine ? machine_memory() : s0.sim.mem_limit;
  if (limit == 0 || need <= static_cast<double>(limit)) return;
  const Scenario& s = set.runs[worst];
  const Footprint::Part& big = fp[worst].largest();
  const std::string key = fp[worst].total() <= static_cast<double>(limit) ? "sim.jobs"
                          : !big.key.empty() ? big.key
                                             : blame(s, {"router.vcs", "router.buffer", "topology.k", "topology.n", "topology.nodes"});
  const Interconnect* ic = &interconnects.get(s.net.topo);
  int ports = 0;
  for (int e = 0; e < ic->elements(); ++e) ports = std::max(ports, ic->ports(e));
  std::string why = "a run of this configuration (" + std::to_string(ic->terminals()) + " nodes, " +
                    std::to_string(ports) + " ports, " + std::to_string(s.net.vcs) + " VCs of " +
                    std::to_string(s.net.depth) + " flits) needs an estimated " + format_bytes(fp[worst].total()) +
                    ", most of it " + big.what + (big.key.empty() ? "" : " (" + big.key + ")") + ": " +
                    format_bytes(big.bytes);
  if (at_once > 1) why += "; " + num(at_once) + " runs at once (sim.jobs) need " + format_bytes(need);
  why += ", above sim.mem_limit = " + format_bytes(static_cast<double>(limit)) +
         (from_machine ? " (this machine's memory)" : "") + "; shrink the configuration" +
         (at_once > 1 ? " or lower sim.jobs" : "") + ", or raise sim.mem_limit";
  throw ConfigError(key, why);
}

}  // namespace drb
