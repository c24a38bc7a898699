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
  // Min-heap of (cycle, source index): ties resolve by source index. A source that fires goes straight
  // back in with its next cycle, so the heap replaces its top (one sift-down) instead of pop + push.
  using Item = std::pair<int64_t, int>;
  std::vector<Item> heap_;
  void replace_top(Item it);
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
