// SPDX-License-Identifier: Apache-2.0
// GMR: early-ack generator (DRB2). For every head leaving on an output channel it compares the latency
// field (unsigned) with the threshold register; above it, and unless once-mode already fired for this
// packet, it extracts the ack block into an early ack and marks the packet.
#pragma once
#include <cstdint>

#include "models/packet/header.h"

namespace drb {

// Build an ack packet's header from a data header's ack block. The ack travels to the data's origin.
inline Header make_ack_header(const Header& data, AckKind kind, uint16_t ack_flits) {
  Header a;
  a.dest[0] = data.origin;
  a.more[0] = false;
  a.origin = data.origin;
  a.d1_valid = data.d1_valid;
  a.d1 = data.d1;
  a.d2_valid = data.d2_valid;
  a.d2 = data.d2;
  a.final_dest = data.final_dest;
  a.latency = data.latency;
  a.seq = data.seq;
  a.tclass = TrafficClass::Ack;
  a.ack_kind = kind;
  a.length = ack_flits;
  return a;
}

class Gmr {
 public:
  Gmr(uint32_t threshold = 0, bool every_hop = false) : threshold_(threshold), every_hop_(every_hop) {}
  uint32_t threshold() const { return threshold_; }
  bool every_hop() const { return every_hop_; }
  // True if an early ack must be emitted for this head; sets the header's early_sent flag.
  bool fire(Header& h) const {
    if (h.tclass != TrafficClass::Data || h.latency <= threshold_) return false;
    if (!every_hop_ && h.early_sent) return false;
    h.early_sent = true;
    return true;
  }

 private:
  uint32_t threshold_;
  bool every_hop_;
};

}  // namespace drb
