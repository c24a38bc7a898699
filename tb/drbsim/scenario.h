// SPDX-License-Identifier: Apache-2.0
// A fully resolved scenario: every key of the registry (keys.h) lands in exactly one field here.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "systemc/fabric/net_types.h"
#include "systemc/fabric/source_policies.h"
#include "systemc/ni/tlm_map.h"
#include "tb/stats/stats_params.h"
#include "tb/traffic/traffic_params.h"

namespace drb {

struct SimParams {
  int64_t warmup = 10000, measure = 50000, drain_max = 1000000;
  double clock_ns = 1.0;
  int jobs = 2;
  std::string progress = "auto";  // auto | on | off
  int64_t max_runs = 1000;        // runs a sweep may expand to without confirmation
  int64_t max_cycles = 100000000; // warm-up + measure a run may ask for without confirmation
  int64_t max_seconds = 60;       // estimated time a command without simulation may take without confirmation
  uint64_t mem_limit = 0;         // bytes the runs at once may need; 0 = the machine's (RAM, cgroup)
  bool strict = false;            // a run that measured no packet fails (exit 3) instead of a warning
  int64_t saturation_stop = 0;    // messages per node in the source queues that end the window (0: never)
};

struct OutParams {
  std::string json, csv, plot, trace;  // trace: the VCD waveform (trace.vcd)
  std::string messages;                // out.trace: the generated messages as a trace file
  std::string packets;                 // trace.packets: the per-packet event trace
  int64_t trace_start = 0, trace_end = 0;  // trace.start, trace.end (0: the run's end)
  std::vector<int> trace_elements;     // trace.elements (empty: all)
  std::vector<int> watch;              // trace.watch: packet ids (empty: all)
  std::string runs;                    // out.runs: the folder of finished runs (tb/drbsim/run_cache.h)
  std::string dot, topology_plot;      // drbsim topology: the graph as DOT, and drawn by Graphviz
  std::string network;                 // drbsim topology: the network file (models/topology/graph_file.h)
};

// A key the user set that a run cannot act on (tb/drbsim/scopes.cpp): warned about, or else refused.
struct InertKey {
  bool warn = false;
  std::string why;
};

struct Scenario {
  NetParams net;
  TrafficParams traffic;
  SimParams sim;
  StatsParams stats;
  OutParams out;
  DrbParams drb;
  PrdrbSourceParams prdrb;
  TlmParams tlm;          // tlm.*: a virtual platform's host adapters (tlm.map read into tlm.map by validate)
  std::string tlm_map;    // tlm.map as given
  std::string vc_realloc = "auto";
  std::string vc_classes = "auto";
  std::string preset = "none";  // router.preset: applied by validate() to every key not given explicitly  // routing.vc_classes before the topology resolves auto
  bool gmr_threshold_auto = true;  // drb2.threshold = 0: derived in validate()
  std::string fault_links;         // faults.links as given: resolved to channels by validate()
  int fault_random = 0;            // faults.random_links
  std::map<std::string, std::string> swept;  // key -> value of this run inside a sweep
  std::vector<std::string> explicit_keys;    // keys the user set (scenario file or command line)
  std::map<std::string, InertKey> inert;     // of those, the ones this run cannot act on (validate)
  bool is_set(const std::string& key) const;
};

}  // namespace drb
