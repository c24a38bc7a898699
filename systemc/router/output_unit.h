// SPDX-License-Identifier: Apache-2.0
// The router's output unit (RTL: drb_output_unit), one per output port: per output VC the input VC that
// owns it and its credits (free slots downstream), and the output channel, whose state (on, off, failed)
// and width it follows (the crossbar arbiter and the VC pointers are the allocators'). A channel off or failed is expressed in the owners: a VC not offered carries kNotOffered, so
// VC selection, which skips owned VCs, skips it at no extra cost.
#pragma once
#include <climits>
#include <cstdint>
#include <vector>

#include "systemc/channel/channel.h"
#include "systemc/router/vc_slice.h"

namespace drb {

struct OutputVc {
  int16_t owner = -1;    // input port * vcs + vc
  bool waiting = false;  // the owner is parked for want of a credit (RouterCore::eligible; credit wakes it)
  int credits = 0;
};

// Aligned: 64 bytes, one cache line (unaligned in its vector, most units straddled two).
struct alignas(64) OutputUnit {
  static constexpr int16_t kNotOffered = INT16_MAX;
  static constexpr int kInfiniteCredits = INT_MAX / 2;  // towards an NI, which always sinks

  VcSlice<OutputVc> vcs;
  ChannelPort link;      // the output channel's flit lane
  bool network = false;  // router-to-router link (counted as flit-hops)
  uint16_t dateline = 0;  // header dateline bits set by leaving on this link (RoutingFunction::hop_dateline)
  int delay = 0;          // switch allocation + traversal cycles: the flit enters the channel then
  int16_t cpf = 1;        // cycles per flit (stage-2 width)
  int16_t free_owner = -1;  // what a VC's owner becomes when its tail leaves (kNotOffered once failed)
  ChannelState state = ChannelState::kOn;  // the channel's, as last told
  int64_t free_at = 0;    //   the link is free again from this cycle
  uint64_t sent = 0;      // flits that entered the output channel: the channel's count, kept on this line,
                          //   which a flit leaving reads anyway (ChannelTable::count_at)

  // n_vcs VCs of its own, or `slice`, its n_vcs of its router's array; each with `depth` credits.
  void init(int n_vcs, int depth, OutputVc* slice = nullptr) {
    if (slice) vcs.view(slice, n_vcs);
    else vcs.assign(n_vcs);
    for (OutputVc& v : vcs) v.credits = depth;
  }
  // Wired to channel lane l; `eject`: towards a terminal (no credits to count), else a network link whose
  // crossing sets `hop_dateline` in the header.
  void connect(const ChannelPort& l, int switch_delay, bool eject, uint16_t hop_dateline) {
    link = l;
    delay = switch_delay;
    if (eject) {
      for (OutputVc& v : vcs) v.credits = kInfiniteCredits;
    } else {
      network = true;
      dateline = hop_dateline;
    }
  }
  void credit(int vc) { ++vcs[vc].credits; }
  // No VC allocated and every credit back (no flit of it in flight or in the downstream buffer).
  bool idle(int depth) const {
    for (const OutputVc& v : vcs)
      if ((v.owner >= 0 && v.owner != kNotOffered) || v.credits != depth) return false;
    return true;
  }
  // VCs allocated to a packet or not offered.
  int used_vcs() const {
    int used = 0;
    for (const OutputVc& o : vcs) used += o.owner >= 0;
    return used;
  }
  // The channel is now in state s: off (only ever while idle: false if it is not, and nothing changes),
  // failed (the packet on it completes, no VC is offered again once free) or on (every VC offered again).
  bool follow(ChannelState s, int depth) {
    if (s == state) return true;
    switch (s) {
      case ChannelState::kOff:
        if (!idle(depth)) return false;
        for (OutputVc& v : vcs) v.owner = kNotOffered;
        break;
      case ChannelState::kFailed:
        free_owner = kNotOffered;
        for (OutputVc& v : vcs)
          if (v.owner < 0) v.owner = kNotOffered;
        break;
      case ChannelState::kOn:
        free_owner = -1;
        for (OutputVc& v : vcs)
          if (v.owner == kNotOffered) v.owner = -1;
        break;
    }
    state = s;
    return true;
  }
};

static_assert(sizeof(OutputUnit) == 64, "an output unit is one cache line");

}  // namespace drb
