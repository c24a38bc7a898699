// SPDX-License-Identifier: Apache-2.0
#include "models/topology/flattened_butterfly.h"

#include <stdexcept>

namespace drb {

FlattenedButterfly::FlattenedButterfly(int k, int n, int p) : k_(k), n_(n), p_(p) {
  if (k < 2) throw std::invalid_argument("topology.k: a flattened butterfly needs k >= 2, got " + std::to_string(k));
  if (n < 1) throw std::invalid_argument("topology.n: a flattened butterfly needs n >= 1, got " + std::to_string(n));
  if (p < 1) throw std::invalid_argument("topology.concentration: at least one terminal per switch, got " + std::to_string(p));
  if (static_cast<long>(n) * (k - 1) + p > kMaxRadix)
    throw std::invalid_argument("topology.k: a switch would have n(k-1) + p = " + std::to_string(static_cast<long>(n) * (k - 1) + p) +
                                " ports, at most " + std::to_string(kMaxRadix) + " are supported");
  long s = 1;
  for (int d = 0; d < n; ++d) {
    stride_.push_back(static_cast<int>(s));
    s *= k;
    if (s * p > (1 << 20)) throw std::invalid_argument("topology.n: more than 2^20 terminals");
  }
  switches_ = static_cast<int>(s);
}

std::string FlattenedButterfly::describe() const {
  return std::to_string(k_) + "-ary " + std::to_string(n_) + "-cube " + std::to_string(p_) + "-c";
}

std::string FlattenedButterfly::port_name(int q) const {
  if (q >= n_ * (k_ - 1)) return "t" + std::to_string(q - n_ * (k_ - 1));
  return "d" + std::to_string(q / (k_ - 1)) + "." + std::to_string(q % (k_ - 1));
}

NetworkGraph FlattenedButterfly::graph() const {
  NetworkGraph g;
  const int ports = n_ * (k_ - 1) + p_;
  for (int s = 0; s < switches_; ++s) g.add_element(ElementKind::Router, ports);
  for (int s = 0; s < switches_; ++s)
    for (int d = 0; d < n_; ++d)
      for (int c = 0; c < k_; ++c) {
        const int own = coord(s, d);
        if (c == own) continue;
        const int t = s + (c - own) * stride_[d];
        g.connect(s, port(s, d, c), t, port(t, d, own));
      }
  for (int s = 0; s < switches_; ++s)
    for (int i = 0; i < p_; ++i) g.add_terminal({s, n_ * (k_ - 1) + i}, {s, n_ * (k_ - 1) + i});
  return g;
}

}  // namespace drb
