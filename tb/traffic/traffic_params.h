// SPDX-License-Identifier: Apache-2.0
// What the traffic generators read (traffic.* keys; tb/drbsim fills it from a scenario): patterns, injection
// processes, lengths, channel lists, schedules, closed loop and trace replay.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

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
  bool self = false;                    // traffic.self: uniform over all N, permutations' fixed points send
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

}  // namespace drb
