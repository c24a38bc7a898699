// SPDX-License-Identifier: Apache-2.0
// What every element of a network is built from, made once from NetParams: the interconnect, the
// relations, the VC layout, the AL and GMR settings, and the routers' and NIs' configurations. The fast
// fabric (Network) and a design wired by hand from the SystemC modules (systemc/face/) both start here, so
// their elements are configured alike. The configurations' hooks and report targets (early ack, observers,
// ack wire, scheduler set) are left for the assembly to bind.
#pragma once
#include <memory>

#include "models/blocks/al.h"
#include "models/blocks/gmr.h"
#include "models/routing/registry.h"
#include "models/topology/interconnect.h"
#include "systemc/fabric/net_types.h"
#include "systemc/ni/ni_config.h"
#include "systemc/router/router_config.h"

namespace drb {

struct ElementSetup {
  // std::invalid_argument naming the key on a layout with too few VCs or a delay below one cycle.
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

}  // namespace drb
