// SPDX-License-Identifier: Apache-2.0
#include "models/topology/fat_tree.h"

#include <stdexcept>

#include "models/topology/min_wiring.h"

namespace drb {

KAryNTree::KAryNTree(int k, int n) : k_(k), n_(n) {
  // The adaptive up phase offers k ports (RouteSet::kMax): 32-ary trees, 64-port switches, at most.
  if (k < 2 || k > 32) throw std::invalid_argument("topology.k: fat-tree switch arity must be 2..32, got " + std::to_string(k));
  if (n < 1) throw std::invalid_argument("topology.n: a fat-tree needs at least one stage, got " + std::to_string(n));
  long t = 1;
  pow_.push_back(1);
  for (int i = 0; i < n; ++i) {
    t *= k;
    if (t > (1 << 20)) throw std::invalid_argument("topology.n: a " + std::to_string(k) + "-ary " + std::to_string(n) +
                                                   "-tree has more than 2^20 terminals");
    pow_.push_back(static_cast<int>(t));
  }
  terminals_ = static_cast<int>(t);
}

std::string KAryNTree::describe() const { return std::to_string(k_) + "-ary " + std::to_string(n_) + "-tree"; }

NetworkGraph KAryNTree::graph() const {
  NetworkGraph g;
  const int S = per_stage();
  for (int e = 0; e < n_; ++e)
    for (int o = 0; o < S; ++o) g.add_element(ElementKind::Switch, 2 * k_);
  wire_min_stages(g, k_, n_, S, true, [this](int e, int o) { return element(e, o); });
  for (int j = 0; j < terminals_; ++j) g.add_terminal({element(0, j / k_), j % k_}, {element(0, j / k_), j % k_});
  return g;
}

}  // namespace drb
