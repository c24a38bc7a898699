// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/net_resolve.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/drb/graph_metapaths.h"
#include "models/routing/registry.h"
#include "models/topology/topology.h"

namespace drb {

CheckedRelations checked_relations(const NetParams& n, const Interconnect& ic) {
  RelationParams checked{n.routing, n.up_selection};
  checked.routing.next_hop_table = false;
  CheckedRelations r;
  r.data = make_relation(n.algorithm, ic, checked);
  r.ack = make_static_relation(ic, checked);
  return r;
}

SourceNeeds resolve_sources(NetParams& n, VcRealloc realloc, const DrbParams& drb, const Interconnect& ic,
                            const CheckedRelations& r) {
  const std::string& alg = n.algorithm;
  const RelationNeeds needs = r.data->needs();
  n.atomic_vc = realloc == VcRealloc::Atomic || (realloc == VcRealloc::Auto && needs.atomic_vc);
  if (needs.atomic_vc && realloc == VcRealloc::Eager)
    throw std::invalid_argument("router.vc_realloc: " + alg + " routing needs atomic VC reallocation (eager lets an "
                                "escape VC wait behind a packet that took an adaptive VC, which can deadlock)");
  const SourceNeeds sn = source_needs(alg);
  n.acks = sn.acks;
  n.gmr = sn.gmr;
  n.steps = sn.steps;
  if (sn.metapaths()) {
    // VC class groups = steps of the longest MSP: two intermediates only with a double gravity area or
    // a table that lists them.
    const bool three = drb.supernode.rfind("dga", 0) == 0 || (drb.supernode == "table" && drb.table.find('+') != std::string::npos);
    n.steps = three ? 3 : 2;
  }
  SubClassSpec ack{0, -1, {}};
  if (n.acks && n.ack_mode != AckMode::Ideal) ack = r.ack->subclasses();
  const SubClassSpec sc = r.data->subclasses();
  const VcLayout lay(n.vcs, n.steps, sc, ack);
  if (!lay.ok()) {
    std::string why = alg + " on a " + ic.kind() + " needs " + std::to_string(lay.needed()) + " VC classes";
    why += " (" + std::to_string(n.steps) + " step group" + (n.steps > 1 ? "s" : "") + " x " + std::to_string(sc.count);
    if (ack.count) why += " + " + std::to_string(ack.count) + " for acks";
    why += "), got " + std::to_string(n.vcs);
    throw std::invalid_argument("router.vcs: " + why);
  }
  if (!n.vc_split.empty()) {
    // Every class keeps at least one VC, so the class structure the CDG test proves acyclic is unchanged;
    // a class without VCs would be a split that cannot route (refused).
    const VcLayout split(n.vcs, n.steps, sc, ack, n.vc_split);
    if (!split.ok()) {
      int sum = 0;
      for (int x : n.vc_split) sum += x;
      throw std::invalid_argument("router.vc_split: must give each of the " + std::to_string(lay.classes()) +
                                  " VC classes of " + alg + " on a " + ic.kind() + " (" + lay.class_names() +
                                  ") at least one VC, " + std::to_string(n.vcs) + " in all; got " +
                                  std::to_string(n.vc_split.size()) + " counts adding up to " + std::to_string(sum));
    }
  }
  return sn;
}

void resolve_lengths(NetParams& n, int max_packet, bool gmr_auto, const Interconnect& ic) {
  n.max_length = std::max(max_packet, n.ack_flits);
  if (!n.gmr || !gmr_auto) return;
  const Topology* topo = ic.direct();
  const double hops = topo ? topo->average_distance() : mean_terminal_distance(ic);
  const double t0 = static_cast<double>(msp_transmission_time(n, 0, 0, max_packet)) +
                    hops * (n.d_rc + n.d_va + n.d_sa + n.d_st + n.d_link);
  n.gmr_threshold = static_cast<uint32_t>(1.775 * t0 + 0.5);
}

}  // namespace drb
