// SPDX-License-Identifier: Apache-2.0
// The links a multistep path really takes: walked hop by hop with the router's own pieces (DEC pops an
// intermediate destination on arrival, the static routing function picks the output port), so the links
// match what the network does, tie-breaks and dimension order included.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "models/blocks/dec.h"
#include "models/routing/routing.h"

namespace drb {

// Calls visit(router, port) for every link of src -> intermediates... -> dst; returns the hop count.
template <class Visit>
int walk_static_path(const RoutingFunction& rf, int src, const std::vector<uint32_t>& intermediates, int dst,
                     Visit&& visit) {
  const Topology& t = rf.topology();
  Header h = make_data_header(static_cast<uint32_t>(src), static_cast<uint32_t>(dst), intermediates, 0, 1);
  RouteSet rs;
  const int limit = 3 * t.nodes();  // a minimal step never exceeds N - 1 hops
  int r = src, hops = 0;
  for (;;) {
    const DecAction a = dec_step(h, static_cast<uint32_t>(r));
    if (a == DecAction::Pop) continue;
    if (a == DecAction::Eject) return hops;
    rf.route(r, h, rs);
    if (rs.n == 0 || ++hops > limit) throw std::logic_error("static route does not reach its destination");
    const int p = rs.c[0].port;
    visit(r, p);
    rf.on_hop(r, p, h);
    r = t.neighbour(r, p).router;
  }
}

}  // namespace drb
