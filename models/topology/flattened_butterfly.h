// SPDX-License-Identifier: Apache-2.0
// Flattened butterfly k-ary n-cube with p terminals per switch (Kim, Dally, Abts): k^n switches labelled by
// n coordinates in [0, k) (dimension 0 fastest, as the k-ary n-cube); in every dimension the k switches that
// differ only in that coordinate are fully connected. Ports: dimension d, target coordinate c (c != own)
// -> port d(k-1) + (c < own ? c : c-1); then the p terminal ports n(k-1) .. n(k-1)+p-1. Terminal t sits on
// switch t / p, port n(k-1) + t mod p. Minimal routes take one hop per differing dimension.
#pragma once
#include <string>
#include <vector>

#include "models/topology/graph.h"

namespace drb {

class FlattenedButterfly {
 public:
  // std::invalid_argument naming topology.k, topology.n or topology.concentration.
  FlattenedButterfly(int k, int n, int p);
  int k() const { return k_; }
  int n() const { return n_; }
  int p() const { return p_; }
  int coord(int s, int d) const { return (s / stride_[d]) % k_; }
  // Port of switch s towards the switch whose coordinate in dimension d is c (c != coord(s, d)).
  int port(int s, int d, int c) const {
    const int own = coord(s, d);
    return d * (k_ - 1) + (c < own ? c : c - 1);
  }
  int switch_of(int terminal) const { return terminal / p_; }
  std::string describe() const;  // "2-ary 3-cube 2-c", as the hybrid-topology thesis names them
  std::string port_name(int q) const;
  NetworkGraph graph() const;

 private:
  int k_, n_, p_, switches_;
  std::vector<int> stride_;
};

}  // namespace drb
