// SPDX-License-Identifier: Apache-2.0
// Parameters and the records shared by the cycle core (routers, NIs, network).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "models/routing/routing.h"
#include "models/topology/topology.h"

namespace drb {

enum class AckMode { Ideal, InNetwork, HighPriority };

// Link power saving (docs/power.md; the power thesis' mechanisms). Off by default: the network is then the
// one it always was.
struct PowerParams {
  bool on = false;                  // power.mechanism
  double u_on = 0.225, u_off = 0.075;  // thresholds (the 2-D torus grid's point 7)
  bool dynamic = false;             // fat-tree: U_off,i = U_on (i - 1) / k
  bool allow_oscillation = false;   // accept U_on < 2 U_off
  int t_check = 2000, t_on = 1000, t_off = 1000;
  bool init_min = false;            // start from the minimum configuration (else every link on)
  int congestion = -1;              // injection-queue test: -1 auto (tori on, fat-trees off), 0 off, 1 on
  int congestion_queue = 4;         //   it fires when this many messages wait, not started
  int width_steps = 0;               // stage 2: halvings of a trunk's last member (2: 100, 50, 25 %); 0 = off
  bool off_lowest = false, on_highest = false;  // tori: which member goes off / comes on (LinkCtrlConfig)
  bool transitions_active = false;  //   members in transition count as active in the utilisation
  bool mirror_mt = true;            // fat-tree MT switches mirror input disconnections on up-links k+1..2k-1
  double energy_share = 0.824;      // a: the links' share of network power (reporting)
};

// Link faults (docs/faults.md): graph channels that fail at cycle `at` and come back at `repair` (-1: never).
struct FaultParams {
  std::vector<int> channels;  // graph channel ids
  int64_t at = 0, repair = -1;
  bool report = false;        // faults.unroutable=report: list the unroutable pairs in the results, exit 0
  bool on() const { return !channels.empty(); }
};

// PR-DRB's monitoring at every router (docs/prdrb.md): the first router where a message's contention
// latency passes th_router captures up to f_max contending flows into the message's side record.
struct CaptureParams {
  bool on = false;                  // routing.algorithm=prdrb
  uint32_t th_router = 0;           // cycles
  bool accumulated = false;         // compare the accumulated latency (AL field) instead of this router's wait
  int f_max = 4;
  bool buffer_only = false;         // prdrb.capture=buffer: only the packets queued behind it in its VC
};

struct NetParams {
  TopologyParams topo;
  std::string algorithm = "dor";
  RoutingParams routing;
  std::string up_selection = "sadp";  // routing.selection: fat-tree adaptive up phase
  int vcs = 2;
  std::vector<int> vc_split;  // router.vc_split: VCs per class in VcLayout order (empty = the default rule)
  int depth = 8;          // flits per VC buffer
  bool vct = false;       // virtual cut-through (else wormhole)
  bool atomic_vc = false; // an output VC is reallocated only once its downstream buffer is empty
  // Pipeline: a flit is in each stage for that many cycles; a stage of 0 is folded into the next.
  int d_rc = 1, d_va = 1, d_sa = 1, d_st = 1, d_link = 1, d_credit = 1;
  int d_dec = 1;          // extra route-compute cycles per intermediate destination popped by DEC
  // Allocation (docs/router-saturation.md): switch allocation separable input-first (default) or iSLIP with
  // one iteration; arbiters round robin (default) or oldest packet first (round robin among equals).
  bool sa_islip = false;
  bool va_islip = false;
  bool age_arbiter = false;
  bool trunk_cyclic = false;  // router.trunk_select: trunk members tried from the one after the last taken
  int mask_words = 1;     // 64-bit words per port mask at least (tests set 2 to run the wide path on small routers)
  int d_inj = 1, d_ej = 1;  // NI <-> router channel latencies
  int max_packet_flits = 0;  // 0: a message is one packet
  int ack_flits = 1;
  int al_width = 16, al_tick = 1;
  bool al_count_source_queue = false;
  int steps = 1;          // data VC class groups (DRB: 3, Valiant: 2)
  bool acks = false;      // the path policy consumes acks
  AckMode ack_mode = AckMode::Ideal;
  int ack_delay = 0;
  bool gmr = false;
  uint32_t gmr_threshold = 0;
  bool gmr_every_hop = false;
  int gmr_queue = 4;
  int64_t source_queue = -1;  // messages; -1 unbounded
  int64_t watchdog = 10000;   // cycles without any flit moving while flits are in flight
  uint64_t seed = 1;
  int seq_bits = 16;
  int max_length = 64;
  // router.blocks.*: a block runs as its C++ model (false) or as the Verilated RTL (systemc/cosim).
  bool rtl_dec = false, rtl_al = false, rtl_gmr = false, rtl_xbar = false;
  bool any_rtl() const { return rtl_dec || rtl_al || rtl_gmr || rtl_xbar; }
  PowerParams power;
  FaultParams faults;
  CaptureParams capture;
};

struct Packet {
  Header hdr;
  uint32_t capture = 0;    // PR-DRB: slot + 1 of the flow record captured for it (0: none; its Predictive bit)
  uint64_t id = 0;
  uint32_t msg = 0;        // message slot
  int32_t src = 0;
  int64_t t_gen = 0;       // message generation
  int64_t t_inj = -1;      // head left the source NI
  int64_t t_arrive = -1;   // tail reached the destination NI
  uint32_t wait = 0;       // ground truth: cycles waited beyond the zero-load schedule
  uint16_t flits_rx = 0;
  uint16_t hops = 0;       // router-to-router links crossed
  uint16_t index = 0;      // packet index within its message
  uint16_t msp = 0;        // path index chosen by the source policy
  bool measured = false;
  bool live = false;
  std::vector<uint16_t> path;  // routers in visiting order (kept across slot reuse: no reallocation)
};

struct Message {
  uint64_t id = 0;
  int32_t src = 0, dst = 0;
  int32_t flits = 0;        // total flits (heads included) over its packets
  int64_t t_gen = 0;
  uint64_t addr = 0;
  uint32_t sig = 0;         // payload signature recorded at submission
  uint16_t packets = 0, done = 0;
  bool measured = false;
  bool live = false;
  uint64_t user = 0;        // opaque tag for the host (TLM payload handle)
  std::vector<uint8_t> data;
};

uint32_t payload_signature(const std::vector<uint8_t>& data, uint64_t id, int flits);

}  // namespace drb
