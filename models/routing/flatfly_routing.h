// SPDX-License-Identifier: Apache-2.0
// Routing on a flattened butterfly (models/topology/flattened_butterfly.h): minimal, one hop per dimension
// in which the switch differs from the destination's, straight to the destination's coordinate.
//   dor       dimensions in increasing order; one VC class. A packet's dimensions only increase and it
//             takes one channel per dimension, so the channel dependencies follow (dimension, hop) order:
//             acyclic.
//   adaptive  any differing dimension on an adaptive VC, with the dor hop on an escape VC (Duato): the
//             escape sub-network is dor's, acyclic; escape VCs are reallocated atomically.
#pragma once
#include "models/routing/relation.h"
#include "models/topology/flattened_butterfly.h"

namespace drb {

class FlatFlyRouting : public EscapeAdaptiveRelation {
 public:
  FlatFlyRouting(const FlattenedButterfly& t, bool adaptive) : EscapeAdaptiveRelation(adaptive), t_(t) {}
  void route(int e, const Header& h, RouteSet& out) const override {
    out.clear();
    const int dst = t_.switch_of(static_cast<int>(h.front()));
    int esc = -1;
    for (int d = 0; d < t_.n(); ++d) {
      const int c = t_.coord(dst, d);
      if (c == t_.coord(e, d)) continue;
      const int p = t_.port(e, d, c);
      if (esc < 0) esc = p;
      if (adaptive_) out.add(p, 1);
    }
    if (esc >= 0) out.add(esc, 0);
  }

 private:
  const FlattenedButterfly& t_;
};

}  // namespace drb
