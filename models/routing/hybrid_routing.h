// SPDX-License-Identifier: Apache-2.0
// Routing on the hybrid family (models/topology/hybrid.h), after the hybrid-topology thesis.
//   Routers   dor (Hybrid-DOR): the lowest dimension whose coordinate differs from the destination router's;
//             adaptive: every differing dimension on an adaptive VC, then the dor dimension on the escape VC
//             (Duato; escape VCs reallocated atomically).
//   Switches  stay in their dimension d and use only the destination's coordinate x_d: a crossbar takes port
//             x_d; a fat-tree subnet goes up (port k_i + digit e of x_d) until its switch is an ancestor of
//             endpoint x_d, then down (port digit e); a RUFT subnet takes output digit e of x_d.
//             A switch never changes a packet's VC class (the hybrid thesis' 2-VC rule): a head that arrived
//             on an escape VC leaves on one, a head on an adaptive VC on an adaptive one.
// Deadlock freedom: a packet enters the escape class only at a router, on the dor dimension i, where the
// dimensions below i already agree; minimal routing never changes them again and the switches keep the
// class, so escape channels are ordered by (dimension, position along the subnet path: up then down, or
// stage order) and acyclic; adaptive packets cross a subnet on adaptive VCs and request an escape VC again
// at the next router. Offering the escape VC at a switch to a packet that arrived adaptive would let it
// hold an escape channel of dimension i while a lower dimension still differs: the CDG test's negative
// control, cyclic.
#pragma once
#include "models/routing/relation.h"
#include "models/topology/hybrid.h"

namespace drb {

class HybridRouting : public EscapeAdaptiveRelation {
 public:
  HybridRouting(const Hybrid& t, bool adaptive) : EscapeAdaptiveRelation(adaptive), t_(t) {}
  RelationNeeds needs() const override {
    RelationNeeds n = EscapeAdaptiveRelation::needs();
    n.input_class = adaptive_;
    return n;
  }
  void route(int e, const Header& h, RouteSet& out) const override { route_in(e, -1, h, out); }
  void route_in(int e, int in_sub, const Header& h, RouteSet& out) const override;

 protected:
  const Hybrid& t_;
};

}  // namespace drb
