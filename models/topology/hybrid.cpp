// SPDX-License-Identifier: Apache-2.0
#include "models/topology/hybrid.h"

#include <stdexcept>

#include "models/topology/min_wiring.h"

namespace drb {

Hybrid::Hybrid(int k, int n, Subnet subnet, int m, int p, int long_extra)
    : k_(k), n_(n), m_(m), p_(p), long_extra_(long_extra), subnet_(subnet) {
  if (long_extra < 0) throw std::invalid_argument("topology.long_link: extra cycles cannot be negative");
  if (k < 2) throw std::invalid_argument("topology.k: a hybrid needs at least 2 routers per dimension, got " + std::to_string(k));
  if (n < 1) throw std::invalid_argument("topology.n: a hybrid needs at least one dimension, got " + std::to_string(n));
  if (p < 1) throw std::invalid_argument("topology.concentration: at least one terminal per router, got " + std::to_string(p));
  if (n + p > kMaxRadix)
    throw std::invalid_argument("topology.concentration: a router would have n + p > " + std::to_string(kMaxRadix) + " ports");
  if (subnet == Subnet::Crossbar) {
    if (m != 1) throw std::invalid_argument("topology.stages: a crossbar subnet has one stage, got " + std::to_string(m));
    if (k > kMaxRadix)
      throw std::invalid_argument("topology.k: a crossbar of more than " + std::to_string(kMaxRadix) + " ports is not supported, got " +
                                  std::to_string(k));
    ki_ = k;
  } else {
    if (m < 1) throw std::invalid_argument("topology.stages: at least one stage, got " + std::to_string(m));
    // k = k_i^m with an integer k_i (the subnet's switch arity).
    ki_ = 1;
    for (int c = 2; c <= k && ki_ == 1; ++c) {
      long x = 1;
      for (int i = 0; i < m && x <= k; ++i) x *= c;
      if (x == k) ki_ = c;
    }
    if (ki_ == 1)
      throw std::invalid_argument("topology.stages: " + std::to_string(k) + " routers per dimension are not k_i^" +
                                  std::to_string(m) + " for an integer switch arity k_i");
    if (subnet == Subnet::FatTree && 2 * ki_ > 64) throw std::invalid_argument("topology.stages: fat-tree switches of more than 64 ports");
  }
  long r = 1;
  for (int d = 0; d < n; ++d) {
    pow_k_.push_back(static_cast<int>(r));
    r *= k;
    if (r * p > (1 << 20)) throw std::invalid_argument("topology.n: more than 2^20 terminals");
  }
  routers_ = static_cast<int>(r);
  for (int i = 0, x = 1; i <= m; ++i, x *= ki_) pow_i_.push_back(x);
  const int lines = routers_ / k, per_stage = subnet == Subnet::Crossbar ? 1 : k / ki_;
  for (int d = 0; d < n; ++d)
    for (int q = 0; q < lines; ++q)
      for (int e = 0; e < m; ++e)
        for (int o = 0; o < per_stage; ++o) info_.push_back({d, e, o});
}

std::string Hybrid::describe() const {
  return std::to_string(k_) + "-ary " + std::to_string(n_) + "-direct " + std::to_string(m_) + "-indirect" +
         (subnet_ == Subnet::FatTree ? " (FT)" : subnet_ == Subnet::Ruft ? " (RUFT)" : "") +
         (p_ > 1 ? " " + std::to_string(p_) + "-c" : "");
}

std::string Hybrid::port_name(int e, int q) const {
  if (is_router(e)) return q < n_ ? "dim" + std::to_string(q) : "t" + std::to_string(q - n_);
  if (subnet_ == Subnet::FatTree) return q < ki_ ? "down" + std::to_string(q) : "up" + std::to_string(q - ki_);
  return "p" + std::to_string(q);
}

NetworkGraph Hybrid::graph() const {
  NetworkGraph g;
  for (int r = 0; r < routers_; ++r) g.add_element(ElementKind::Router, n_ + p_);
  const int sw_ports = subnet_ == Subnet::Crossbar ? k_ : subnet_ == Subnet::FatTree ? 2 * ki_ : ki_;
  for (size_t i = 0; i < info_.size(); ++i) g.add_element(ElementKind::Switch, sw_ports);
  const int lines = routers_ / k_, per_stage = subnet_ == Subnet::Crossbar ? 1 : k_ / ki_;
  const int per_subnet = m_ * per_stage;
  for (int d = 0; d < n_; ++d)
    for (int q = 0; q < lines; ++q) {
      const int base = routers_ + (d * lines + q) * per_subnet;
      auto sw = [&](int e, int o) { return base + e * per_stage + o; };
      // Endpoint j of line q in dimension d: insert coordinate j at position d of q's mixed-radix digits.
      auto router = [&](int j) {
        const int low = q % pow_k_[d], high = q / pow_k_[d];
        return low + j * pow_k_[d] + high * pow_k_[d] * k_;
      };
      for (int j = 0; j < k_; ++j) {
        const int r = router(j);
        if (subnet_ == Subnet::Crossbar) {
          g.connect(r, d, sw(0, 0), j);
          g.connect(sw(0, 0), j, r, d);
        } else if (subnet_ == Subnet::FatTree) {
          g.connect(r, d, sw(0, j / ki_), j % ki_);
          g.connect(sw(0, j / ki_), j % ki_, r, d);
        } else {
          g.connect(r, d, sw(0, j / ki_), j % ki_);
          // The last stage's switch o, output u, delivers to endpoint sum o_i ki^i + u ki^(m-1).
          g.connect(sw(m_ - 1, j % pow_i_[m_ - 1]), digit(j, m_ - 1), r, d, long_extra_);
        }
      }
      if (subnet_ != Subnet::Crossbar) wire_min_stages(g, ki_, m_, per_stage, subnet_ == Subnet::FatTree, sw);
    }
  for (int r = 0; r < routers_; ++r)
    for (int i = 0; i < p_; ++i) g.add_terminal({r, n_ + i}, {r, n_ + i});
  return g;
}

}  // namespace drb
