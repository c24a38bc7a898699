// Link faults at run time (docs/faults.md): the channels of FaultParams fail at one cycle and may be repaired
// at a later one. Failing is graceful: a packet already crossing the link completes, and no new head is
// offered it (RouterCore::fail_output). The pairs the routing relation can no longer route under the faults
// (models/routing/routability.h) are computed once, before the run; their messages are not accepted at the
// source, and the run reports them instead of stalling.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "systemc/fabric/net_types.h"

namespace drb {

class Network;

class LinkFaults {
 public:
  explicit LinkFaults(Network& net);
  // Called every cycle; acts at the fault and repair cycles only.
  void step(int64_t now) {
    if (now == next_) event(now);
  }
  bool routable(int src, int dst) const { return ok_[static_cast<size_t>(src) * n_ + dst] != 0; }
  // A message from src to dst was not accepted because the pair is unroutable.
  void refused(int src, int dst) {
    ++refused_;
    pairs_.insert({src, dst});
  }
  uint64_t refused_messages() const { return refused_; }
  const std::set<std::pair<int, int>>& refused_pairs() const { return pairs_; }
  int unroutable_pairs() const;
  bool failed() const { return failed_; }
  // "a>b, c>d, ..." (at most `most` pairs, then "and N more").
  static std::string list(const std::set<std::pair<int, int>>& pairs, int most = 12);

 private:
  void event(int64_t now);
  Network& net_;
  FaultParams p_;
  int n_;
  std::vector<uint8_t> ok_;
  int64_t next_;
  bool failed_ = false;
  uint64_t refused_ = 0;
  std::set<std::pair<int, int>> pairs_;
};

}  // namespace drb
