// SPDX-License-Identifier: Apache-2.0
#include "models/topology/ruft.h"

#include <stdexcept>

#include "models/topology/min_wiring.h"

namespace drb {

Ruft::Ruft(int k, int m) : k_(k), m_(m) {
  if (k < 2 || k > kMaxRadix)
    throw std::invalid_argument("topology.k: RUFT switch arity must be 2.." + std::to_string(kMaxRadix) + ", got " + std::to_string(k));
  if (m < 1) throw std::invalid_argument("topology.n: a RUFT needs at least one stage, got " + std::to_string(m));
  long t = 1;
  pow_.push_back(1);
  for (int i = 0; i < m; ++i) {
    t *= k;
    if (t > (1 << 20)) throw std::invalid_argument("topology.n: more than 2^20 terminals");
    pow_.push_back(static_cast<int>(t));
  }
  terminals_ = static_cast<int>(t);
}

NetworkGraph Ruft::graph() const {
  NetworkGraph g;
  const int S = per_stage();
  for (int i = 0; i < m_ * S; ++i) g.add_element(ElementKind::Switch, k_);
  wire_min_stages(g, k_, m_, S, false, [S](int e, int o) { return e * S + o; });
  for (int j = 0; j < terminals_; ++j) {
    // Ejection: the last-stage switch whose offset holds digits 0..m-2 of j, output digit m-1.
    const int last = (m_ - 1) * S + j % pow_[m_ - 1];
    g.add_terminal({j / k_, j % k_}, {last, digit(j, m_ - 1)});
  }
  return g;
}

}  // namespace drb
