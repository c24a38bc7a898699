// SPDX-License-Identifier: Apache-2.0
#include "models/routing/hybrid_routing.h"

namespace drb {

void HybridRouting::route_in(int e, int in_sub, const Header& h, RouteSet& out) const {
  out.clear();
  const int dst = t_.router_of(static_cast<int>(h.front()));
  if (t_.is_router(e)) {
    int esc = -1;
    for (int d = 0; d < t_.n(); ++d) {
      if (t_.coord(dst, d) == t_.coord(e, d)) continue;
      if (esc < 0) esc = d;
      if (adaptive_) out.add(d, 1);
    }
    if (esc >= 0) out.add(esc, 0);
    return;
  }
  const int x = t_.coord(dst, t_.dim(e)), s = t_.stage(e);
  int port = x;  // crossbar
  if (t_.subnet() == Subnet::FatTree) {
    const bool ancestor = x / t_.pow_i(s + 1) == t_.offset(e) / t_.pow_i(s);
    port = ancestor ? t_.digit(x, s) : t_.ki() + t_.digit(x, s);
  } else if (t_.subnet() == Subnet::Ruft) {
    port = t_.digit(x, s);
  }
  // The class the head arrived in (both where it is unknown).
  if (adaptive_ && in_sub != 0) out.add(port, 1);
  if (!adaptive_ || in_sub != 1) out.add(port, 0);
}

}  // namespace drb
