// SPDX-License-Identifier: Apache-2.0
// Run statistics: latency before and after reorder (from generation, so source queueing included) and
// network-only latency of the measured (tagged) packets; applied and accepted load over the measurement
// window; Little's-law inputs; per-link utilization and mean head waiting time (the latency surface);
// per-pair figures on request; a latency time series.
#pragma once
#include <map>
#include <nlohmann/json.hpp>
#include <vector>

#include "systemc/fabric/network.h"
#include "tb/stats/stats_params.h"
#include "tb/stats/summary.h"

namespace drb {

class Collector : public NetObserver {
 public:
  Collector(Network& net, const StatsParams& sp, int64_t win_start, int64_t win_end);
  void packet_arrived(const Packet& p, const Message& m, int64_t now) override;
  void message_delivered(const Message& m, int64_t now) override;
  void ack_used(int src, const Header& ack, int64_t now) override;
  uint64_t delivered_messages() const { return delivered_; }
  // A closed-loop run learns its window's end only when it is over.
  void set_end(int64_t e) { end_ = e; }
  // Everything measured, as the "result" object of a run.
  nlohmann::json finish(int64_t end_cycle);

 private:
  bool in_window(int64_t t) const { return t >= start_ && t < end_; }
  Network& net_;
  StatsParams sp_;
  int64_t start_, end_;
  Samples lat_, net_lat_, reorder_lat_, hops_, al_field_;
  uint64_t delivered_ = 0, al_mismatch_ = 0;
  // Whole-window figures (every packet, tagged or not) for accepted load and Little's law.
  uint64_t win_flits_ = 0, win_packets_ = 0;
  long double win_net_lat_sum_ = 0;
  struct Pair {
    uint64_t n = 0;
    long double sum = 0;
    int64_t max = 0;
  };
  std::map<std::pair<int, int>, Pair> pairs_;
  struct Bin {
    uint64_t n = 0;
    long double sum = 0, sq = 0;
  };
  std::vector<Bin> series_;
  std::vector<uint64_t> arrived_;  // flits reaching their destination NI, per time bin
  // stats.energy with stats.time_bin: per arrival bin, the packets' flit-router, head-router and flit-link
  // crossings (power over time is their energy at the network's mean table and link length).
  struct EnergyBin {
    double flit_routers = 0, head_routers = 0, flit_links = 0;
  };
  std::vector<EnergyBin> energy_bins_;
  nlohmann::json energy_json(double cycles) const;
  uint64_t acks_final_ = 0, acks_early_ = 0;
};

}  // namespace drb
