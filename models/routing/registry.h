// SPDX-License-Identifier: Apache-2.0
// Which routing relation an algorithm runs on which interconnect family. A pair without an entry is refused
// (std::invalid_argument naming routing.algorithm), never mapped to another algorithm.
#pragma once
#include <memory>
#include <string>

#include "models/routing/relation.h"
#include "models/routing/routing.h"
#include "models/topology/interconnect.h"

namespace drb {

struct RelationParams {
  RoutingParams routing;          // direct families
  std::string up_selection = "sadp";  // fat-tree adaptive up phase: sadp | first_free | random
};

// The relation each packet (each step of a path policy's multistep path) is routed with.
std::unique_ptr<RoutingRelation> make_relation(const std::string& algorithm, const Interconnect& ic,
                                               const RelationParams& p);
// The family's deterministic relation (acks, and the static routing of each path-policy step).
std::unique_ptr<RoutingRelation> make_static_relation(const Interconnect& ic, const RelationParams& p);
// The name of that relation: the default routing.algorithm of a family without dor.
std::string static_algorithm(const Interconnect& ic);
// Algorithms the interconnect's family offers, for messages ("dor | adaptive | ...").
std::string algorithms_of(const Interconnect& ic);

}  // namespace drb
