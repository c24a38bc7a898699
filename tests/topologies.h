// SPDX-License-Identifier: Apache-2.0
// Topologies for tests, by kind: `n` is the hypercube dimension or the midimew size; and the row-major
// node numbering written out independently of the topology classes, for checking them.
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

// Row-major coordinates, dimension 0 fastest (the numbering the topology promises), and back.
inline std::vector<int> rm_coords(int id, const std::vector<int>& k) {
  std::vector<int> c;
  for (int r : k) {
    c.push_back(id % r);
    id /= r;
  }
  return c;
}
inline int rm_id(const std::vector<int>& c, const std::vector<int>& k) {
  int id = 0;
  for (int d = static_cast<int>(k.size()) - 1; d >= 0; --d) id = id * k[d] + c[d];
  return id;
}

}  // namespace drb::test
