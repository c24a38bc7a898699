// SPDX-License-Identifier: Apache-2.0
// Parameters and the records shared by the cycle core (routers, NIs, network).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/packet/header.h"
#include "models/routing/routing.h"
#include "models/topology/topology.h"
#include "systemc/base/packet_store.h"
#include "systemc/ni/ni_config.h"
#include "systemc/router/router_config.h"

namespace drb {

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

// A network's parameters: its routers' (RouterParams, the same for every element), its NIs' (NiParams)
// and the rest.
struct NetParams : RouterParams, NiParams {
  TopologyParams topo;
  std::string algorithm = "dor";
  RoutingParams routing;
  std::string up_selection = "sadp";  // routing.selection: fat-tree adaptive up phase
  std::vector<int> vc_split;  // router.vc_split: VCs per class in VcLayout order (empty = the default rule)
  int d_link = 1, d_credit = 1;  // channel delays (the router's stages are in RouterParams)
  int d_inj = 1, d_ej = 1;  // NI <-> router channel latencies
  int al_tick = 1;
  int steps = 1;          // data VC class groups (DRB: 3, Valiant: 2)
  uint32_t gmr_threshold = 0;
  bool gmr_every_hop = false;
  int gmr_queue = 4;
  int64_t watchdog = 10000;   // cycles without any flit moving while flits are in flight
  int threads = 1;            // sim.threads: threads stepping the elements (Network; results the same for any)
  // Elements from which the fabric delivers to and steps its elements a group at a time (Network's grouped
  // step; results the same either way). Below it a fabric's routers stay in the second-level cache anyway.
  int group_from = 2048;
  bool huge_pages = true;     // sim.huge_pages: the fabric's state in memory advised for huge pages (huge_heap.h)
  int max_length = 64;
  PowerParams power;
  FaultParams faults;
};

}  // namespace drb
