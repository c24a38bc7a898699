// SPDX-License-Identifier: Apache-2.0
// Closed-loop request-reply traffic (the power thesis' energy study): a fraction of the nodes is active; each
// active node keeps its source queue holding `queue` messages of requests to uniformly drawn destinations;
// every delivered request is answered by one reply of the same length from its destination, sent the next
// cycle. The run ends when `quota` messages (requests and replies) have been delivered: its length is the
// completion time T_sim of the energy figure, so latency feeds back into generation.
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <vector>

#include "models/util/rng.h"
#include "systemc/fabric/network.h"

namespace drb {

struct ClosedLoopParams {
  double active = 0;      // fraction of the nodes that send requests; 0 = open-loop traffic
  int64_t quota = 20000;  // messages (requests + replies) to deliver
  int queue = 2;          // messages an active node keeps in its source queue
};

class ClosedLoop : public NetObserver {
 public:
  ClosedLoop(Network& net, const ClosedLoopParams& p, int length, uint64_t seed)
      : net_(net), p_(p), len_(length), rng_(seed ^ 0xc105ed100bULL), replies_(net.nodes()) {
    std::vector<int> order(net.nodes());
    for (int i = 0; i < net.nodes(); ++i) order[i] = i;
    for (int i = net.nodes() - 1; i > 0; --i) std::swap(order[i], order[rng_.below(i + 1)]);
    const int n = std::max(1, static_cast<int>(p.active * net.nodes() + 0.5));
    active_.assign(order.begin(), order.begin() + n);
    std::sort(active_.begin(), active_.end());
  }
  void cycle(int64_t t) {
    for (int n = 0; n < net_.nodes(); ++n)  // replies first: a reply is never held back by requests
      while (!replies_[n].empty()) {
        if (!net_.submit(n, replies_[n].front(), len_, t, true, {}, 0, kReply)) break;
        replies_[n].pop_front();
      }
    for (int n : active_)
      while (issued_ < p_.quota / 2 && static_cast<int>(net_.source(n).queued()) < p_.queue) {
        int d = static_cast<int>(rng_.below(net_.nodes() - 1));
        if (d >= n) ++d;
        if (!net_.submit(n, d, len_, t, true, {}, 0, kRequest)) break;
        ++issued_;
      }
  }
  void message_delivered(const Message& m, int64_t now) override {
    ++delivered_;
    flits_ += m.flits;
    if (net_.store().host(m).user == kRequest) replies_[m.dst].push_back(m.src);
    if (done() && t_done_ < 0) t_done_ = now + 1;
  }
  bool done() const { return delivered_ >= p_.quota / 2 * 2; }
  int64_t finish() const { return t_done_; }  // the cycle after the last delivery
  int64_t delivered() const { return delivered_; }
  int64_t flits() const { return flits_; }
  int active() const { return static_cast<int>(active_.size()); }

 private:
  static constexpr uint64_t kRequest = 1, kReply = 2;
  Network& net_;
  ClosedLoopParams p_;
  int len_;
  Rng rng_;
  std::vector<int> active_;
  std::vector<std::deque<int>> replies_;
  int64_t issued_ = 0, delivered_ = 0, flits_ = 0, t_done_ = -1;
};

}  // namespace drb
