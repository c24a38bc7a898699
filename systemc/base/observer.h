// SPDX-License-Identifier: Apache-2.0
// What the elements report to whoever watches a run (statistics, tests, traces): bound at assembly, the
// observers see arrivals, deliveries, rejections, used acks and PR-DRB's head waits.
#pragma once
#include <cstdint>

#include "models/packet/header.h"
#include "systemc/base/packet_store.h"

namespace drb {

class NetObserver {
 public:
  virtual ~NetObserver() = default;
  // The tail of a packet reached its destination NI (before reordering).
  virtual void packet_arrived(const Packet& p, const Message& m, int64_t now) {}
  // A whole message left the reorder buffer towards the host.
  virtual void message_delivered(const Message& m, int64_t now) {}
  virtual void message_rejected(int src, int flits, int64_t now) {}
  virtual void ack_used(int src, const Header& ack, int64_t now) {}
  // PR-DRB's monitor only: a data head leaves `router` after waiting `wait` cycles there (before its capture test).
  virtual void head_waited(const Packet& p, int router, uint32_t wait) {}
};

}  // namespace drb
