// SPDX-License-Identifier: Apache-2.0
// A fully resolved scenario: every key of the registry (keys.h) lands in exactly one field here.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "systemc/fabric/net_types.h"
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
};

struct OutParams {
  std::string json, csv, plot, trace;  // trace: the VCD waveform (trace.vcd)
  std::string messages;                // out.trace: the generated messages as a trace file
  std::string packets;                 // trace.packets: the per-packet event trace
  int64_t trace_start = 0, trace_end = 0;  // trace.start, trace.end (0: the run's end)
  std::vector<int> trace_elements;     // trace.elements (empty: all)
  std::vector<int> watch;              // trace.watch: packet ids (empty: all)
};

// DRB policy knobs (read by the metapath policy; see docs/drb.md).
struct DrbParams {
  std::string supernode = "sga:2";
  std::string dga_rule = "none";
  std::string row_style = "auto";
  int s_max = 3;
  int64_t lat_umbral = 0;   // 0: derived from the zero-load latency (see docs)
  int64_t tol_lat = 0;
  double tol_bw = 1.0;
  double k_bw = 2.0;
  std::string trigger_mode = "lat_band";
  std::string init_latency = "zero_load";
  int64_t bw_scale = 1 << 20;
  std::string table;  // drb.supernode=table: explicit MSPs per channel
};

// PR-DRB's own parameters (prdrb.*); the metapath ones are DRB's (drb.*).
struct PrdrbScenario {
  int64_t th_router = 0;         // 0: the packet length in flits
  std::string trigger = "local"; // local | accumulated
  int f_max = 4;
  std::string capture = "link";  // link | buffer
  int w_stable = 8;
  std::string match = "jaccard"; // jaccard | exact | key
  double theta = 0.5;
  int e_max = 4;
  std::string disjoint = "links"; // links | none: alternative MSPs share no link with the original path
  std::string apply = "threshold"; // threshold | pattern
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
  PrdrbScenario prdrb;
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
