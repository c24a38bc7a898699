// SPDX-License-Identifier: Apache-2.0
// What an NI is built from, fixed at assembly: its own parameters, the link-level ones it shares with the
// router it attaches to (VCs, buffer depth, flow control, ack mode), the VC layout, the AL settings, the
// tie bits the relation reads, and where it reports: the observers, the ideal ack wire and the
// scheduler's set of source NIs with work. With its channels and the packet store, that is all an NI sees:
// it holds no network (checked by tests/layering_test.sh).
#pragma once
#include <cstdint>
#include <vector>

#include "models/blocks/al.h"
#include "models/routing/routing.h"
#include "systemc/base/node_set.h"
#include "systemc/base/observer.h"
#include "systemc/ni/ack_wire.h"
#include "systemc/router/router_config.h"

namespace drb {

// The NI's own parameters (NetParams derives from it: the same keys and defaults).
struct NiParams {
  uint64_t seed = 1;
  int max_packet_flits = 0;    // 0: a message is one packet
  int seq_bits = 16;
  bool al_count_source_queue = false;
  int64_t source_queue = -1;   // messages; -1 unbounded
  bool acks = false;           // the path policy consumes acks
  int ack_delay = 0;
};

struct NiConfig {
  NiParams p;
  RouterParams link;  // the attached router's: vcs, depth, vct, ack_mode, ack_flits
  const VcLayout* layout = nullptr;
  const LatencyAccumulator* al = nullptr;
  int tie_bits = 0;   // RelationNeeds::tie_bits: random tie bits per header
  const std::vector<NetObserver*>* observers = nullptr;
  AckWire* acks = nullptr;   // ideal mode and the ack_delay hold
  NodeSet* wake = nullptr;   // a source NI with work adds itself (the fabric steps it while busy)
};

}  // namespace drb
