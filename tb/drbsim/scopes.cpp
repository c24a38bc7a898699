// SPDX-License-Identifier: Apache-2.0
#include "tb/drbsim/scopes.h"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <set>

#include "models/routing/relation.h"
#include "models/routing/source_needs.h"
#include "models/topology/interconnect.h"
#include "tb/drbsim/guards.h"
#include "tb/drbsim/outputs.h"

namespace drb {

namespace {

// What a validated run is, as the scopes ask it.
struct Run {
  const Scenario& s;
  const Interconnect& ic;
  unsigned reads;  // RoutingKey bits of the run's relations
  int64_t end;     // the cycle the run stops offering traffic (below)
  std::string end_why;
  bool closed, trace;
  std::string routed() const { return s.net.algorithm + " on a " + ic.describe(); }
  // "" where the open-loop generator draws the traffic (the traffic.* keys of patterns and injection act),
  // else why they cannot.
  std::string generator() const {
    if (closed) return "does not apply to closed-loop traffic (traffic.closed.active > 0 draws its own requests)";
    if (trace) return "does not apply to traffic.pattern=trace (the trace gives every message)";
    return "";
  }
  std::string after_end(const char* what, int64_t at) const {
    return at < end ? ""
                    : std::string(what) + " at cycle " + std::to_string(at) + " comes after the run ends at cycle " +
                          std::to_string(end) + " (" + end_why + ")";
  }
};

enum Verdict { kRefuse, kWarn };

// A key family: its keys (a name ending in '.' covers every key under it), what happens where it cannot act,
// and where it acts: "" there, else the reason it cannot.
struct Scope {
  std::vector<std::string> keys;
  Verdict verdict;
  std::string (*inert)(const Run& r, const std::string& key);
};

std::string family_key(const Run& r, const std::string& key) {
  if (r.ic.reads(key)) return "";
  std::string built;
  for (const char* k : {"topology.k", "topology.n", "topology.nodes", "topology.subnet", "topology.stages",
                        "topology.concentration", "topology.long_link", "topology.trunk", "topology.ni_channels",
                        "topology.file"})
    if (r.ic.reads(k)) built += (built.empty() ? "" : ", ") + std::string(k);
  return "has no meaning on a " + r.ic.describe() + " (a " + r.ic.kind() + " is built from " + built + ")";
}

std::string routing_key(const Run& r, unsigned bit, const char* why) {
  return r.reads & bit ? "" : std::string(why) + " (" + r.routed() + ")";
}

bool pattern_is(const Run& r, const char* p) { return r.s.traffic.pattern == p || r.s.traffic.change_pattern == p; }

// The declarations; for a key, the first scope it cannot act in says why. Refused: a key asking for a
// structure, traffic or mechanism the run does not have (its results would be read as showing it). Warned:
// routing tie-breaks and orders and the other families' size keys on the k-ary n-cube family, which scenario
// files shared across networks carry (tb/scenarios/systematic.yaml on the hypercubes); cycles past the run's
// end, which shortening a scenario's window from the command line cuts (tests/test_golden.cpp does); a power
// threshold that leaves the mechanism idle on purpose (docs/power.md, the "MT only" runs).
const std::vector<Scope>& scopes() {
  static const std::vector<Scope> table{
      {{"topology.k", "topology.n", "topology.nodes"}, kWarn, family_key},
      {{"topology.concentration", "topology.subnet", "topology.stages", "topology.long_link", "topology.trunk",
        "topology.ni_channels", "topology.file"},
       kRefuse,
       family_key},
      // An indirect family has no dimensions or rings at all (a scenario shared across the k-ary n-cube family
      // never lands there): refused, as the ring keys always were.
      {{"routing.dim_order", "routing.tie", "routing.vc_classes"},
       kRefuse,
       [](const Run& r, const std::string& key) -> std::string {
         return r.ic.direct() ? "" : key + " has no meaning on a " + r.ic.kind() + " (no dimensions or rings)";
       }},
      {{"routing.dim_order"},
       kWarn,
       [](const Run& r, const std::string&) {
         return routing_key(r, kReadsDimOrder, "no routing of this run orders dimensions");
       }},
      {{"routing.tie"},
       kWarn,
       [](const Run& r, const std::string&) {
         return routing_key(r, kReadsTie, "no routing of this run meets a ring tie (rings of even radix)");
       }},
      {{"routing.vc_classes"},
       kWarn,
       [](const Run& r, const std::string&) {
         return routing_key(r, kReadsRingClasses, "no routing of this run crosses a ring (tori and midimews)");
       }},
      {{"routing.selection"},
       kWarn,
       [](const Run& r, const std::string&) {
         return routing_key(r, kReadsSelection, "only the fat-tree's adaptive up phase selects among up ports");
       }},
      {{"routing.misroute", "routing.misroute_at_source"},
       kRefuse,
       [](const Run& r, const std::string&) {
         return routing_key(r, kReadsMisroute, "configures routing.algorithm=negative_first");
       }},
      {{"router.preset"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         // BookSim2's dim_order router on its k-ary n-cubes: a direct family sized by topology.k, routed by
         // dimension order.
         if (r.ic.direct() && r.ic.reads("topology.k") && (r.reads & kReadsDimOrder)) return "";
         return "the booksim preset reproduces BookSim2's dimension-order router on tori and meshes; it has no "
                "meaning for " +
                r.routed();
       }},
      {{"prdrb."},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return source_needs(r.s.net.algorithm).paths == SourceNeeds::Paths::Prdrb ? "" : "configures routing.algorithm=prdrb";
       }},
      {{"prdrb.theta"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.prdrb.match == "jaccard"
                    ? ""
                    : "is the similarity prdrb.match=jaccard needs; prdrb.match=" + r.s.prdrb.match +
                          " does not read it";
       }},
      {{"energy."},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.stats.energy ? "" : "configures the energy model, which is off: set stats.energy=true";
       }},
      {{"power."},
       kRefuse,
       [](const Run& r, const std::string& key) -> std::string {
         return r.s.net.power.on || key == "power.mechanism"
                    ? ""
                    : "configures link power saving, which is off: set power.mechanism=on";
       }},
      {{"power.t_check"},
       kWarn,
       [](const Run& r, const std::string&) { return r.after_end("the first decision", r.s.net.power.t_check); }},
      {{"power.u_on"},
       kWarn,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.net.power.u_on < 1 ? "" : "no utilisation exceeds 1: no link is turned on by utilisation";
       }},
      {{"faults.at", "faults.repair", "faults.unroutable"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.fault_links.empty() && r.s.fault_random == 0
                    ? "configures link faults: set faults.links or faults.random_links"
                    : "";
       }},
      {{"faults.at"},
       kWarn,
       [](const Run& r, const std::string&) { return r.after_end("the failure", r.s.net.faults.at); }},
      {{"faults.repair"},
       kWarn,
       [](const Run& r, const std::string&) -> std::string {
         if (r.s.net.faults.repair < 0) return "";
         const std::string why = r.after_end("the repair", r.s.net.faults.repair);
         return why.empty() ? "" : why + "; faults.repair=never keeps the links failed";
       }},
      {{"traffic.closed.quota", "traffic.closed.queue"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.closed ? "" : "configures closed-loop traffic: set traffic.closed.active > 0";
       }},
      {{"traffic.closed.queue"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         const int64_t cap = r.s.net.source_queue;
         if (cap < 0 || r.s.traffic.closed.queue <= cap) return "";
         return "an active node's source queue holds at most traffic.source_queue = " + std::to_string(cap) +
                " messages";
       }},
      {{"traffic.closed.active"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         const double a = r.s.traffic.closed.active, n = r.ic.terminals();
         if (a <= 0 || a * n >= 0.5) return "";
         char part[32];
         std::snprintf(part, sizeof part, "%.3g", a * n);
         return "makes " + std::string(part) + " of the " + std::to_string(r.ic.terminals()) +
                " nodes active, which rounds to none; the smallest fraction is 1 / (2 x nodes)";
       }},
      {{"trace.start", "trace.end"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.out.trace.empty() && r.s.out.packets.empty() ? "windows trace.vcd and trace.packets; neither is set"
                                                                 : "";
       }},
      {{"trace.elements"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.out.trace.empty() ? "selects what trace.vcd records; it is not set" : "";
       }},
      {{"trace.watch"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.s.out.packets.empty() ? "selects the packets trace.packets follows; it is not set" : "";
       }},
      {{"sim.warmup", "sim.measure", "sim.strict"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         return r.closed ? "does not apply to closed-loop traffic (the run ends with traffic.closed.quota)" : "";
       }},
      {{"traffic.pattern"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string { return r.closed ? r.generator() : ""; }},
      {{"traffic.length"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string { return r.trace ? r.generator() : ""; }},
      // sim.saturation_stop watches the source queues the open-loop generator fills.
      {{"traffic.rate", "traffic.interval", "traffic.injection", "traffic.schedule", "traffic.change_pattern",
        "traffic.background", "sim.saturation_stop"},
       kRefuse,
       [](const Run& r, const std::string&) { return r.generator(); }},
      {{"traffic.onoff."},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return r.s.traffic.injection == "onoff" ? "" : "configures on/off injection: set traffic.injection=onoff";
       }},
      {{"traffic.hotspot."},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return pattern_is(r, "hotspot_nodes") ? "" : "configures traffic.pattern=hotspot_nodes";
       }},
      {{"traffic.self"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         if (source_needs(r.s.net.algorithm).metapaths())
           return "a metapath (" + r.s.net.algorithm + ") has no path from a node to itself";
         if (r.s.traffic.pattern == "channels" && r.s.traffic.change_pattern == "none" && r.s.traffic.background == "none")
           return "does not apply to traffic.pattern=channels (each channel names its destination)";
         return "";
       }},
      {{"traffic.channels"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return pattern_is(r, "channels") ? "" : "configures traffic.pattern=channels";
       }},
      {{"traffic.background_rate"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return r.s.traffic.background != "none" ? "" : "configures background traffic: set traffic.background=uniform";
       }},
      {{"traffic.change_at"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return r.s.traffic.change_pattern == "none" ? "configures a pattern change: set traffic.change_pattern" : "";
       }},
      {{"traffic.change_at"},
       kWarn,
       [](const Run& r, const std::string&) -> std::string {
         return r.generator().empty() ? r.after_end("the change", r.s.traffic.change_at) : "";
       }},
      {{"traffic.length_weights"},
       kRefuse,
       [](const Run& r, const std::string&) -> std::string {
         if (!r.generator().empty()) return r.generator();
         return r.s.traffic.lengths.size() > 1 ? "" : "weighs mixed lengths, and traffic.length gives one";
       }},
      {{"traffic.schedule"},
       kWarn,
       [](const Run& r, const std::string&) -> std::string {
         // The factor over the run is set by the points up to the first one at or past its end.
         const auto& pts = r.s.traffic.schedule;
         for (size_t i = 1; i < pts.size(); ++i)
           if (pts[i - 1].first >= r.end)
             return "point " + std::to_string(i + 1) + " (cycle " + std::to_string(pts[i].first) +
                    ") follows one at cycle " + std::to_string(pts[i - 1].first) +
                    ", at or after the run's end at cycle " + std::to_string(r.end) + " (" + r.end_why +
                    "): it cannot act";
         return "";
       }},
  };
  return table;
}

bool covers(const std::string& name, const std::string& key) {
  return name == key || (name.back() == '.' && key.compare(0, name.size(), name) == 0);
}

}  // namespace

void note_inert_keys(Scenario& s, const Interconnect& ic, unsigned reads) {
  const bool closed = s.traffic.closed.active > 0;
  // Offered traffic ends with the measurement window (the drain only delivers what was offered, and lasts as
  // long as that takes); a closed loop has no window: its horizon bounds it.
  const Run r{s,
              ic,
              reads,
              closed ? closed_loop_horizon(s.sim) : s.sim.warmup + s.sim.measure,
              closed ? std::string(closed_loop_horizon_key(s.sim)) + ", the closed loop's bound" : "warm-up + measure",
              closed,
              s.traffic.pattern == "trace"};
  s.inert.clear();
  for (const std::string& key : s.explicit_keys)
    for (const Scope& sc : scopes())
      for (const std::string& name : sc.keys)
        if (covers(name, key) && !s.inert.count(key)) {
          const std::string why = sc.inert(r, key);
          if (!why.empty()) s.inert[key] = InertKey{sc.verdict == kWarn, why};
        }
}

void check_inert(ScenarioSet& set) {
  const Scenario& s0 = set.runs[0];
  for (const auto& [key, first] : s0.inert) {
    bool everywhere = true;
    for (const Scenario& s : set.runs) everywhere = everywhere && s.inert.count(key);
    if (!everywhere) continue;  // a sweep set it for the runs where it acts
    if (!first.warn) throw ConfigError(key, first.why);
    set.warnings.push_back({key, first.why});
  }
}

void refuse_platform_keys(const Scenario& s, const std::string& command) {
  for (const std::string& key : s.explicit_keys)
    if (key.rfind("tlm.", 0) == 0)
      throw ConfigError(key, "configures the TLM host adapters of a virtual platform (VpFabric, docs/integration.md); "
                             "drbsim " + command + " sends no TLM transactions");
}

void check_command_keys(const ScenarioSet& set, const std::string& command, const std::vector<std::string>& writes,
                        bool studies_network) {
  const Scenario& s = set.runs[0];
  refuse_platform_keys(s, command);
  for (const OutputFile& o : run_outputs(s))
    if (std::find(writes.begin(), writes.end(), o.key) == writes.end())
      throw ConfigError(o.key, "drbsim " + command + " simulates nothing and does not write it");
  if (!s.out.runs.empty())  // a folder, not among run_outputs' files
    throw ConfigError("out.runs", "drbsim " + command + " simulates nothing and keeps no runs");
  if (!studies_network) return;
  for (const char* key : {"faults.links", "faults.random_links"})
    if (s.is_set(key))
      throw ConfigError(key, "drbsim " + command + " studies the intact network; faults act in simulation runs only");
}

void print_warnings(const ScenarioSet& set) {
  static std::set<std::string> said;
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  for (const auto& [key, why] : set.warnings)
    if (said.insert(key).second)
      std::cerr << "drbsim: warning: " << printable(key, 120) << ": " << printable(why, 800) << "\n";
}

}  // namespace drb
