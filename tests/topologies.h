// Topologies for tests, by kind: `n` is the hypercube dimension or the midimew size.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "models/topology/topology.h"

namespace drb::test {

inline std::unique_ptr<Topology> topo(const std::string& kind, std::vector<int> k = {}, int n = 0) {
  TopologyParams p;
  p.kind = kind;
  p.k = std::move(k);
  p.n = n;
  p.nodes = n;
  return make_topology(p);
}

}  // namespace drb::test
