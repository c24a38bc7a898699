// SPDX-License-Identifier: Apache-2.0
// Link faults at run time (docs/faults.md): the channels of FaultParams fail at one cycle and may be repaired
// at a later one. Failing is graceful: a packet already crossing the link completes, and no new head is
// offered it (the channel is set failed in the channel table; its sender stops offering it). The pairs the
// routing relation can no longer route under the faults (models/routing/routability.h) are computed once,
// before the run. While the links are failed, heads are routed by the relation pruned of the failed channels
// and of the ways that lead nowhere, messages of the unroutable pairs are not accepted at the source, and
// heads caught with no way on (in flight when the links failed) are reported instead of a stall.
#pragma once
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "models/routing/routability.h"
#include "systemc/fabric/net_types.h"

namespace drb {

class LinkHost;

class LinkFaults {
 public:
  explicit LinkFaults(LinkHost& net);
  // Called every cycle; acts at the fault and repair cycles only.
  void step(int64_t now) {
    if (now == next_) event(now);
  }
  // While the links are failed: does the routing still reach dst from src? The source's path policy answers
  // if it chooses among several paths (DRB), the relation's analysis otherwise; asked once per pair.
  bool routable(int src, int dst) { return !failed_ || reaches(src, dst); }
  const FaultPrunedRelation& pruned() const { return *pruned_; }
  // A message from src to dst was not accepted because the pair is unroutable.
  void refused(int src, int dst) {
    ++refused_;
    pairs_.insert({src, dst});
  }
  uint64_t refused_messages() const { return refused_; }
  const std::set<std::pair<int, int>>& refused_pairs() const { return pairs_; }
  int unroutable_pairs();
  bool failed() const { return failed_; }
  // "N pairs have no fault-free way under routing.algorithm=X (M messages not accepted): a>b, ...".
  std::string refused_report() const;
  // For the stall watchdog: while the links are failed, the report of the heads that wait with no
  // fault-free way on (they hold the rest), found in every router; "" if there are none.
  std::string held_report() const;
  // "a>b, c>d, ..." (at most `most` pairs, then "and N more").
  static std::string list(const std::set<std::pair<int, int>>& pairs, int most = 12);

 private:
  void event(int64_t now);
  bool reaches(int src, int dst);  // under the faults, decided once per pair
  static constexpr uint8_t kUnknown = 2;
  LinkHost& net_;
  FaultParams p_;
  int n_;
  std::unique_ptr<FaultPrunedRelation> pruned_;
  std::vector<uint8_t> ok_;
  int64_t next_;
  bool failed_ = false;
  uint64_t refused_ = 0;
  std::set<std::pair<int, int>> pairs_;
};

}  // namespace drb
