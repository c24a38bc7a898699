// SPDX-License-Identifier: Apache-2.0
// PR-DRB's monitor (docs/prdrb.md) as the routers' head tap: the observers see every data head's wait, and
// the first router where a message's contention latency passes prdrb.th_router captures up to f_max of
// the flows it contended with into a flow record of the packet store (the Predictive bit: one capture per
// message). Bound at assembly when routing.algorithm=prdrb; the router only hands over what it saw.
#pragma once
#include <vector>

#include "systemc/base/observer.h"
#include "systemc/base/packet_store.h"
#include "systemc/router/router_config.h"

namespace drb {

class PrdrbMonitor : public HeadTap {
 public:
  PrdrbMonitor(const CaptureParams& c, PacketStore& store, const std::vector<NetObserver*>& observers)
      : c_(c), store_(store), obs_(observers) {}
  void head_left(const HeadLeaving& h) override;

 private:
  CaptureParams c_;
  PacketStore& store_;
  const std::vector<NetObserver*>& obs_;
};

}  // namespace drb
