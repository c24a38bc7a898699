// SPDX-License-Identifier: Apache-2.0
// What a router is built from, fixed at assembly: its parameters, the interconnect it sits in, the VC
// layout, the AL and GMR blocks' settings, the relations it routes with, and the two hooks by which it
// reports outward (GMR's early ack, a head leaving after a wait). With its channels and the packet store,
// that is all a router sees: it holds no network (checked by tests/layering_test.sh).
#pragma once
#include <cstdint>
#include <functional>

#include "models/blocks/al.h"
#include "models/blocks/gmr.h"
#include "models/packet/header.h"
#include "models/routing/routing.h"
#include "models/topology/interconnect.h"

namespace drb {

struct Packet;

enum class AckMode { Ideal, InNetwork, HighPriority };

// PR-DRB's monitoring at every router (docs/prdrb.md): the first router where a message's contention
// latency passes th_router captures up to f_max contending flows into the message's side record.
struct CaptureParams {
  bool on = false;                  // routing.algorithm=prdrb
  uint32_t th_router = 0;           // cycles
  bool accumulated = false;         // compare the accumulated latency (AL field) instead of this router's wait
  int f_max = 4;
  bool buffer_only = false;         // prdrb.capture=buffer: only the packets queued behind it in its VC
};

// The router's parameters (NetParams derives from it: the same keys and defaults for every element).
struct RouterParams {
  int vcs = 2;
  int depth = 8;          // flits per VC buffer
  bool vct = false;       // virtual cut-through (else wormhole)
  bool atomic_vc = false; // an output VC is reallocated only once its downstream buffer is empty
  // Pipeline: a flit is in each stage for that many cycles; a stage of 0 is folded into the next.
  int d_rc = 1, d_va = 1, d_sa = 1, d_st = 1;
  int d_dec = 1;          // extra route-compute cycles per intermediate destination popped by DEC
  // Allocation (docs/router-saturation.md): switch allocation separable input-first (default) or iSLIP with
  // one iteration; arbiters round robin (default) or oldest packet first (round robin among equals).
  bool sa_islip = false;
  bool va_islip = false;
  bool age_arbiter = false;
  bool trunk_cyclic = false;  // router.trunk_select: trunk members tried from the one after the last taken
  int mask_words = 1;     // 64-bit words per port mask at least (tests set 2 to run the wide path on small routers)
  bool pack_active = true;  // kActive VCs in one word when ports x VCs <= 64 (tests clear it: the unpacked path)
  AckMode ack_mode = AckMode::Ideal;  // high_priority: an ack's head wins the switch over data
  int ack_flits = 1;      // an early ack's length (GMR)
  int al_width = 16;      // AL field bits (W)
  bool gmr = false;       // GMR fires on heads leaving on network links
  // router.blocks.*: a block runs as its C++ model (false) or as the Verilated RTL (systemc/cosim).
  bool rtl_dec = false, rtl_al = false, rtl_gmr = false, rtl_xbar = false, rtl_va = false, rtl_sa = false;
  bool any_rtl() const { return rtl_dec || rtl_al || rtl_gmr || rtl_xbar || rtl_va || rtl_sa; }
  // router.impl=rtl: every router is the Verilated drb_router (systemc/cosim/rtl_router.h) instead of
  // RouterCore; the blocks above then stay models (the whole router replaces them).
  bool rtl_router = false;
  CaptureParams capture;
};

// Block event counters of a router (results' "events", tests, co-simulation evidence): intermediate
// destinations DEC popped, heads that started an AL wait, GMR's early acks fired and dropped, allocation
// requests that lost to another.
struct RouterCounters {
  uint64_t dec_pops = 0, al_waits = 0, gmr_fires = 0, gmr_drops = 0, contended = 0;
};

// A head (data or ack) leaves router `router` after waiting `wait` cycles beyond its zero-load switch slot.
// The router hands over the packets it contended with: first those holding the output's other VCs
// (`owners` of them), then those queued behind it in its own VC, head of queue first (store slots); and
// the hop's stages: its first VC-allocation request (route computed), the VC grant, the switch grant
// (`now`) and the cycle it enters the output channel (`now` + the switch stages).
struct HeadLeaving {
  Packet& pk;
  int router;
  uint32_t wait;
  const uint32_t* contenders;
  int owners, queued;
  int in_port, in_vc, out_port, out_vc;
  int64_t va_req, va_grant, now, link;
};

// The extension point for heads leaving a router, chosen at assembly: the router calls it for every head
// it sends while one is bound, and pays one predictable branch per head otherwise.
class HeadTap {
 public:
  virtual ~HeadTap() = default;
  virtual void head_left(const HeadLeaving& h) = 0;
};

struct RouterConfig {
  RouterParams p;  // a copy: one indirection from the router, as when it read the network's
  const Interconnect* ic = nullptr;
  const VcLayout* layout = nullptr;
  const LatencyAccumulator* al = nullptr;
  const Gmr* gmr = nullptr;
  const RoutingRelation* routing = nullptr;      // data heads at assembly (faults switch it: set_routing)
  const RoutingRelation* ack_routing = nullptr;  // acks crossing the network
  RelationNeeds needs;
  // GMR fired for a data head leaving router r on a network link: the early ack goes towards its source
  // (false: dropped, the NI's control queue was full).
  std::function<bool(int r, const Header& data, int64_t now)> early_ack;
  // Heads of data packets leaving a router (PR-DRB's monitor); null: the router gathers nothing for it.
  class HeadTap* head_tap = nullptr;
};

}  // namespace drb
