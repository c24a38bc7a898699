// Which terminal pairs a routing relation still routes when some channels have failed (docs/faults.md).
// A pair is routable when every state a head can reach from its source under the relation, following only
// live channels, offers a live way on: at least one live candidate, and for relations whose deadlock
// freedom rests on an escape sub-network (Duato: a sub-class pool) a live escape candidate — a fault on an
// escape channel voids that argument, so such pairs count as unroutable. The router never offers a failed
// channel, so a routable pair's packets cannot strand. Walks the relation itself, as the CDG test does.
#pragma once
#include <cstdint>
#include <vector>

#include "models/routing/relation.h"
#include "models/topology/interconnect.h"

namespace drb {

// dead[c] != 0: graph channel c has failed. Returns, per (source * terminals + destination), 1 if routable
// (the diagonal is 1).
std::vector<uint8_t> routable_pairs(const Interconnect& ic, const RoutingRelation& rf, const std::vector<uint8_t>& dead);

}  // namespace drb
