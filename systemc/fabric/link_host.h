// SPDX-License-Identifier: Apache-2.0
// What the link controllers (power saving: link_power.h; faults: link_faults.h) see of the design they act
// in: the fast fabric (Network) or a design wired by hand from the SystemC modules (face::Channels). They
// act on channels (state and width in the table) and, for faults, swap the routers' relation; they read
// the source NIs' queues (power's congestion test) and paths (faults' reachability). Nothing else: a
// controller holds no network.
#pragma once

#include "models/routing/relation.h"
#include "models/topology/interconnect.h"
#include "systemc/channel/channel.h"
#include "systemc/fabric/net_types.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/router_core.h"

namespace drb {

class LinkHost {
 public:
  virtual const NetParams& params() const = 0;
  virtual const Interconnect& interconnect() const = 0;
  virtual ChannelTable& channels() = 0;
  virtual SourceNi& source(int terminal) = 0;
  virtual RouterCore& router(int element) = 0;
  // Element r has work again (heads rerouted): the scheduler steps it from the next cycle.
  virtual void wake_router(int element) = 0;
  // The relation data heads are routed with from now on in every router (nullptr: the algorithm's own).
  virtual void set_routing(const RoutingRelation* r) = 0;
  virtual const RoutingRelation& base_routing() const = 0;

 protected:
  ~LinkHost() = default;
};

}  // namespace drb
