// SPDX-License-Identifier: Apache-2.0
// The ideal ack wire (ni.ack_mode=ideal, and ni.ack_delay's hold of every used ack): a used ack reaches
// its source's path policy at a fixed cycle, without crossing the network. NIs and GMR's early ack push
// into it; the fabric hands each ack to its source NI's policy in its cycle.
#pragma once
#include <cstdint>

#include "models/packet/header.h"
#include "systemc/channel/queues.h"

namespace drb {

class AckWire {
 public:
  struct Ack {
    int src;           // the source NI that uses it
    Header h;
    uint32_t capture;  // PR-DRB's flow record it carries (0: none)
  };
  // An ack for source src, used at cycle t (pushed in non-decreasing t: every hold is the same).
  void push(int src, const Header& h, int64_t t, uint32_t capture = 0) { q_.push(t, Ack{src, h, capture}); }
  bool ready(int64_t now) const { return q_.ready(now); }
  bool empty() const { return q_.empty(); }
  const Ack& front() const { return q_.front(); }
  void pop() { q_.pop(); }

 private:
  DelayQueue<Ack> q_;
};

}  // namespace drb
