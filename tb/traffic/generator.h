// SPDX-License-Identifier: Apache-2.0
// Traffic generator: message sources (one per sending node of the pattern, one per channel of a channel
// list, plus optional uniform background) with Bernoulli-per-cycle or exponential inter-arrival times, or
// as self-similar ON/OFF sources (tb/traffic/onoff.h).
// Each source has its own random stream, so adding one never shifts another's draws. Messages go into the
// network through Network::submit, the same NI path a TLM host uses.
#pragma once
#include <cstdint>
#include <cstdio>
#include <memory>
#include <vector>

#include "systemc/base/node_set.h"
#include "systemc/fabric/network.h"
#include "tb/traffic/traffic_params.h"
#include "tb/traffic/onoff.h"
#include "tb/traffic/pattern.h"
#include "tb/traffic/trace.h"

namespace drb {

class TrafficGenerator {
 public:
  static constexpr double kNever = 2305843009213693952.0;  // 2^61 cycles: a source due then never fires
  TrafficGenerator(Network& net, const TrafficParams& tp, uint64_t seed);
  void cycle(int64_t t);  // submit every message due in cycle t
  void set_window(int64_t start, int64_t end) {
    win_start_ = start;
    win_end_ = end;
  }
  void stop() { stopped_ = true; }
  // A trace still has messages to release (never true for the synthetic sources, which run until stopped).
  bool pending() const { return !stopped_ && replay_ && replay_->pending(); }
  // out.trace: write every message generated from now on as a trace line (tb/traffic/trace.h). A write that
  // fails, here or in finish_record() (flush and close: a full disk shows there), throws OutputError("out.trace").
  void record_to(const std::string& path);
  void finish_record();
  struct Counts {
    uint64_t messages = 0, flits = 0, rejected = 0, rejected_flits = 0;
  };
  const Counts& in_window() const { return win_; }
  const Counts& total() const { return all_; }

 private:
  struct Source {
    int node;          // sending node
    int pattern;       // 0: main pattern, 1: after the change, 2: background
    int channel;       // channel index, or -1
    double next;       // next arrival time (cycles)
    double p_or_mean;  // Bernoulli probability per cycle, or exponential mean gap (ON/OFF: messages per cycle)
    bool bernoulli;
    int64_t from, until;  // active window of this source
    Rng rng;
    double log1mp = 0;  // log(1 - p), the geometric gap's denominator, computed once
    bool onoff = false;
    OnOffProcess oo;
  };
  void advance(Source& s);
  void count(bool measured, int len, bool ok);
  bool in_window(int64_t t) const { return t >= win_start_ && t < win_end_; }
  // Submit one message generated at cycle t, count it (and record it for out.trace); the network's id or 0.
  uint64_t offer(int src, int dst, int len, int64_t t);
  int length(Rng& rng) const;

  Network& net_;
  TrafficParams tp_;
  std::unique_ptr<Pattern> pat_[3];
  std::vector<Source> src_;
  // The sources due in the next W cycles wait in a calendar: per cycle (modulo W) a bit set over the source
  // indices, read lowest index first, so a cycle's messages go in in source order as before. A source due
  // later waits in a min-heap of (cycle, source index) and enters the calendar when its cycle comes within
  // W. drb_bench B1: the heap alone (one sift-down per message) was 158 instructions a message, 2 % of all.
  using Item = std::pair<int64_t, int>;
  std::vector<Item> far_;     // min-heap (std::greater) of the sources due at cur_ + W or later
  std::vector<NodeSet> cal_;  // W buckets: bucket c & (W - 1) holds the sources due at cycle c
  int64_t cur_ = -1;          // the first cycle not yet processed (-1: before the first call)
  int64_t wmask_ = 0;         // W - 1
  int in_cal_ = 0;            // sources in the calendar
  void schedule(int i, int64_t c);  // source i is next due at cycle c (c >= cur_)
  void fire_due(int64_t c, int64_t t);  // the sources due at cycle c fire, submitting at cycle t (t >= c)
  std::vector<double> cum_weights_;
  int64_t win_start_ = 0, win_end_ = 0;
  bool stopped_ = false;
  bool scheduled_ = false;  // traffic.schedule is set
  Counts win_, all_;
  std::unique_ptr<TraceReplay> replay_;  // traffic.pattern=trace
  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, CloseFile> record_;
  std::string record_path_;
  [[noreturn]] void record_failed(int err) const;
};

}  // namespace drb
