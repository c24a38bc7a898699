// SPDX-License-Identifier: Apache-2.0
// The parameters a network derives from what was asked, defined once: what the routing relation and the
// source policy declare (RoutingRelation::needs(), models/routing/source_needs.h) sets VC reallocation,
// acks, GMR and the VC class groups; the longest packet sizes the header's length field; GMR's threshold
// follows the zero-load time. drbsim's validate() and VpFabric's typed constructor both call these, so a
// fabric built in code is the network the same keys give. Errors are std::invalid_argument("key: reason").
#pragma once
#include <memory>

#include "models/routing/routing.h"
#include "models/routing/source_needs.h"
#include "models/topology/interconnect.h"
#include "systemc/fabric/net_types.h"
#include "systemc/fabric/source_policies.h"

namespace drb {

// router.vc_realloc: auto (atomic where the relation needs it), eager, atomic.
enum class VcRealloc { Auto, Eager, Atomic };

// n's data and ack relations on ic, built to be checked and read, never routed on (no tables).
struct CheckedRelations {
  std::unique_ptr<RoutingRelation> data, ack;
};
CheckedRelations checked_relations(const NetParams& n, const Interconnect& ic);

// Sets n.atomic_vc (from `realloc` and the relation's needs), n.acks, n.gmr and n.steps (a metapath's
// groups: 3 where a double gravity area or drb.table lists two intermediates) from n.algorithm's
// declarations, and checks the VC layout they imply against router.vcs and router.vc_split.
SourceNeeds resolve_sources(NetParams& n, VcRealloc realloc, const DrbParams& drb, const Interconnect& ic,
                            const CheckedRelations& r);

// The longest packet a message of `message` flits gives: ni.max_packet_flits (n.max_packet_flits) splits
// longer messages.
inline int longest_packet(const NetParams& n, int message) {
  return n.max_packet_flits > 0 && n.max_packet_flits < message ? n.max_packet_flits : message;
}

// n.max_length from the longest packet (max_packet flits) and the acks' length; with GMR and gmr_auto,
// n.gmr_threshold: 1.775 x the mean zero-load time, the queueing at which the configuration phase would grow
// a metapath (Latency(P*) above 1.5 x 1.85 T0).
void resolve_lengths(NetParams& n, int max_packet, bool gmr_auto, const Interconnect& ic);

}  // namespace drb
