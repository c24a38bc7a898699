// SPDX-License-Identifier: Apache-2.0
#include "models/routing/negative_first.h"

namespace drb {

NegativeFirstRouting::NegativeFirstRouting(const KAryNCube& mesh, const NegativeFirstParams& p) : m_(mesh), p_(p) {}

RelationNeeds NegativeFirstRouting::needs() const {
  RelationNeeds n{subclasses()};
  n.selection = Selection::LeastLoaded;
  n.input_port = true;
  n.multipath = true;
  n.reads = kReadsMisroute;
  return n;
}

void NegativeFirstRouting::route_from(int e, int in_port, const Header& h, RouteSet& out) const {
  out.clear();
  const int dst = static_cast<int>(h.front()), n = m_.dims();
  bool negative = false;  // some dimension still needs negative hops: the negative phase
  for (int d = 0; d < n && !negative; ++d) negative = m_.coord(dst, d) < m_.coord(e, d);
  // Minimal channels of the current phase, lowest dimension first (the tie rule). The negative control
  // allows the forbidden turn: every minimal channel at once (fully adaptive minimal routing).
  for (int d = 0; d < n; ++d) {
    const int off = m_.coord(dst, d) - m_.coord(e, d);
    if (negative ? off < 0 : off > 0) out.add(m_.port(d, negative ? -1 : 1), 0);
  }
  if (p_.allow_positive_negative && negative)
    for (int d = 0; d < n; ++d)
      if (m_.coord(dst, d) > m_.coord(e, d)) out.add(m_.port(d, 1), 0);
  const bool came_positive = in_port >= 0 && m_.port_sign(in_port) < 0;
  out.tier = out.n;
  // Misroutes: negative channels of the dimensions with nothing left to do downwards, only after a negative
  // hop (or from the NI, if allowed): negative -> negative never breaks the restriction.
  const bool may = in_port < 0 ? p_.misroute_at_source : !came_positive;
  if (!p_.misroute || !may) return;
  for (int d = 0; d < n; ++d)
    if (m_.coord(dst, d) >= m_.coord(e, d) && m_.coord(e, d) > 0) out.add(m_.port(d, -1), 0);
}

int NegativeFirstRouting::misroute_bound(int src) const {
  int s = 0;
  for (int d = 0; d < m_.dims(); ++d) s += m_.coord(src, d);
  return s;
}

}  // namespace drb
