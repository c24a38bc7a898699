// SPDX-License-Identifier: Apache-2.0
// A fully resolved scenario: every key of the registry (keys.h) lands in exactly one field here.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "systemc/fabric/net_types.h"
#include "tb/traffic/closed_loop.h"
#include "tb/traffic/onoff.h"

namespace drb {

struct ChannelSpec {
  int src = 0, dst = 0;
  double interval = 0;  // mean cycles between messages of this channel; 0 = traffic.interval
};

// What the check of traffic.trace found (tb/traffic/trace.h): the file's identity, size and modification time,
// so that the replay can tell it reads the file that was checked, and its messages for the memory estimate.
struct TraceSummary {
  int64_t messages = 0, flits = 0, last_cycle = -1;
  int64_t offered = 0;  // messages before the end of the window (sim.measure set), else all
  int max_length = 1;
  uint64_t dev = 0, ino = 0;
  int64_t size = -1, mtime_ns = -1;
};

struct TrafficParams {
  std::string pattern = "uniform";
  std::string injection = "bernoulli";  // bernoulli | exponential | onoff
  OnOffParams onoff;                    // traffic.onoff.*
  ClosedLoopParams closed;              // traffic.closed.* (active > 0: closed-loop request-reply)
  double rate = 0.1;                    // offered flits per node per cycle
  double interval = 0;                  // cycles per message per node; > 0 replaces rate
  std::vector<int> lengths{10};
  std::vector<double> weights;
  std::vector<int> hotspot_nodes;
  double hotspot_fraction = 0.1;
  std::vector<ChannelSpec> channels;
  std::string background = "none";     // extra traffic under a channel list: none | uniform
  double background_rate = 0;
  std::string change_pattern = "none";  // pattern after traffic.change_at
  int64_t change_at = 0;
  // traffic.schedule: (cycle, factor of the rate) points, linear between them, constant outside; empty =
  // constant rate.
  std::vector<std::pair<int64_t, double>> schedule;
  std::string trace;                    // traffic.pattern=trace: the trace file (tb/traffic/trace.h)
  TraceSummary trace_checked;           // filled by the loader's check of that file
  double schedule_factor(int64_t t) const;
  double schedule_max() const;
  double mean_length() const;
  double message_rate() const;  // messages per node per cycle
};

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

struct StatsParams {
  bool per_pair = false;
  bool links = true;
  int hist_bin = 10;
  int64_t time_bin = 0;
};

struct OutParams {
  std::string json, csv, plot, trace;  // trace: the VCD waveform (trace.vcd)
  std::string messages;                // out.trace: the generated messages as a trace file
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
