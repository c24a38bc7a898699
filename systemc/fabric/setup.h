// SPDX-License-Identifier: Apache-2.0
// What every element of a network is built from, made once from NetParams: the interconnect, the
// relations, the VC layout, the AL and GMR settings, and the routers' and NIs' configurations. The fast
// fabric (Network) and a design wired by hand from the SystemC modules (systemc/face/) both start here, so
// their elements are configured alike. The configurations' hooks and report targets (early ack, observers,
// ack wire, scheduler set) are left for the assembly to bind.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "models/blocks/al.h"
#include "models/blocks/gmr.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"
#include "systemc/fabric/net_types.h"
#include "systemc/ni/ni_config.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/router_config.h"

namespace drb {

struct ElementSetup {
  // std::invalid_argument naming the key ("router.buffer: ...") for a field outside the keys' range
  // (systemc/fabric/net_ranges.h), a network past the supported size, or a layout with too few VCs.
  explicit ElementSetup(const NetParams& p);
  ElementSetup(const ElementSetup&) = delete;  // the configurations point into it

  NetParams p;
  std::unique_ptr<Interconnect> ic;
  std::unique_ptr<RoutingRelation> routing, ack_routing;
  RelationNeeds needs;
  std::unique_ptr<VcLayout> layout;
  LatencyAccumulator al;
  Gmr gmr;
  RouterConfig router;
  NiConfig ni;
};

// GMR fired in element r for a data head: its early ack goes onto the ideal ack wire, or into the control
// lane of `local` (r's first terminal's source NI; null if r has none). False: dropped.
bool send_early_ack(const ElementSetup& s, const Header& data, int64_t now, AckWire& wire, SourceNi* local);

// Every ack on the wire due by cycle now reaches its source's path policy (with PR-DRB's flow record, then
// freed) and the observers. source(n) is terminal n's source NI.
template <class Sources>
void use_acks(AckWire& wire, int64_t now, PacketStore& store, const std::vector<NetObserver*>& obs, Sources source) {
  while (wire.ready(now)) {
    const AckWire::Ack& a = wire.front();
    SourceNi& ni = source(a.src);
    ni.policy().on_report(a.h, a.capture ? &store.capture(a.capture) : nullptr, now);
    store.free_capture(a.capture);
    for (NetObserver* o : obs) o->ack_used(a.src, a.h, now);
    wire.pop();
  }
}

}  // namespace drb
