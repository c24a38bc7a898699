// SPDX-License-Identifier: Apache-2.0
// The router's input unit (RTL: drb_input_unit), one per input port: the VC buffers and per VC its state
// (idle, routing, waiting for an output VC, active), the route the route unit computed for its front
// packet and the output VC it holds (the input channel's credit lane, on which every flit leaving a buffer
// returns its slot upstream, is kept by the router; the arbiters are the allocators'). A plain struct inside
// the router (the stages scan it with the router's state masks); the router's stages move its VCs between
// states through RouterCore's state moves (set_state, set_state_from, park, unpark), which keep those masks.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "models/packet/flit.h"
#include "models/routing/relation.h"
#include "systemc/channel/channel.h"
#include "systemc/channel/queues.h"
#include "systemc/router/vc_slice.h"

namespace drb {

struct OutputVc;

// The mask of a port's `vcs` VCs (1 to 64): bits 0 to vcs - 1, without the undefined shift by 64.
inline uint64_t vc_mask(int vcs) { return (uint64_t{2} << (vcs - 1)) - 1; }

struct alignas(64) InputVc {
  // The same encoding as the RTL's (rtl/drb_router_pkg.sv), whose observation ports the fabric reads.
  enum State : uint8_t { kIdle, kRouting, kVcAlloc, kActive };
  static const char* state_name(int s) {
    static const char* const n[] = {"idle", "routing", "vc-alloc", "active"};
    return n[s & 3];
  }
  // The fields a flit's arrival and switch allocation read come first and fill one cache line; the route
  // set (read once per packet) and the statistics follow.
  Ring<Flit> buf;
  State state = kIdle;
  uint8_t port = 0, vc = 0;  // where this VC sits (for the stage masks)
  bool eject = false;
  uint8_t eject_port = 0;  // where DEC ejects the front packet (its terminal's first ejection port)
  uint8_t eject_n = 1;     //   and the terminal's ejection channels from there
  bool blocked = false;   // no AL wait may start for the front flit: AL has subtracted T1 for this hop's
                          //   head, or the head has left (send) and a body flit is at the front
  bool prio = false;      // carries a high-priority ack
  int16_t out_port = -1, out_vc = -1;
  uint32_t pkt = 0;       // slot of the packet being routed or sent (PR-DRB's capture reads it)
  int64_t ready = 0;      // kRouting: route-compute done; kActive: first switch-allocation cycle
  OutputVc* hold = nullptr;  // kActive: the output VC it holds (switch allocation reads its credits each cycle
                             //   through it, one dependent load instead of two; out_port/out_vc name it)
  uint32_t pkt_id = 0;    // the packet's id (low 32 bits; waveforms show it)
  int64_t t_req = 0;      // first VC-allocation request at this router
  RouteSet route;

  // Its front flit is a head whose AL wait has not started (block() would subtract T1). `blocked` is read
  // first: it is on this line, the front flit is in the buffer's. Past saturation most losers have waited
  // before: drb_bench B5 (64x64 torus at 0.3) has 1.4 % fewer last-level misses this way (cachegrind). A
  // body flit that loses reads no buffer either: the head's departure sets `blocked`. Its head bit had been
  // 18 % of switch allocation's samples on B5 (perf, one thread); 5.9 % fewer last-level misses at 8 MB.
  bool unblocked_head() const { return !blocked && buf.front().head(); }
};

// One cache line: the stages read a busy port's stage masks and VC array. At 80 bytes (a vector and a flag)
// most units straddled two lines; past saturation on the big fabrics that was a line more per busy port and
// cycle. The input channel's credit lane, on which each flit leaving returns its slot, is the router's
// (RouterCore::credit_): with packed kActive masks (PackedBlocks) switch allocation and a flit's departure
// read no input unit.
struct alignas(64) InputUnit {
  VcSlice<InputVc> vcs;
  uint64_t stage[4] = {0, 0, 0, 0};  // VCs per state (stage[kIdle] unused; stage[kActive] unused when packed)

  // Input port `port` of a router with `vcs` VCs a port (buffers come later: RouterCore::alloc_buffers):
  // VCs of its own, or `slice`, its n_vcs of its router's array.
  void init(int port, int n_vcs, InputVc* slice = nullptr) {
    if (slice) vcs.view(slice, n_vcs);
    else vcs.assign(n_vcs);
    for (int c = 0; c < n_vcs; ++c) {
      vcs[c].port = static_cast<uint8_t>(port);
      vcs[c].vc = static_cast<uint8_t>(c);
    }
  }
};
static_assert(sizeof(InputUnit) == 64, "an input unit is one cache line");

}  // namespace drb
