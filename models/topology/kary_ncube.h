// SPDX-License-Identifier: Apache-2.0
// k-ary n-cube: torus (wrap-around rings) or mesh, any radix per dimension (k >= 2), n >= 1.
// Node id is row-major with dimension 0 fastest: id = x0 + k0*(x1 + k1*(x2 + ...)).
// Ports: 2d = +dimension d, 2d+1 = -dimension d. A torus ring with k = 2 keeps both its links:
// the + link and the - (wrap) link are distinct channels between the same two routers.
#pragma once
#include "models/topology/topology.h"

namespace drb {

class KAryNCube : public Topology {
 public:
  KAryNCube(std::vector<int> k, bool wrap);
  std::string kind() const override { return wrap_ ? "torus" : "mesh"; }
  std::string describe() const override;
  int nodes() const override { return nodes_; }
  int ports() const override { return 2 * static_cast<int>(k_.size()); }
  PortRef neighbour(int r, int p) const override;
  int distance(int a, int b) const override;
  std::vector<int> coords(int node) const override;
  std::string port_name(int p) const override;
  int dims() const override { return static_cast<int>(k_.size()); }
  int offset(int a, int b, int d, bool tie_positive) const override;
  bool tie(int a, int b, int d) const override;
  bool has_ties() const override;  // a ring of even radix
  int port(int d, int sign) const override { return 2 * d + (sign < 0 ? 1 : 0); }
  int port_dim(int p) const override { return p / 2; }
  int port_sign(int p) const override { return (p & 1) ? -1 : 1; }
  bool is_wrap(int r, int p) const override;
  bool has_wrap() const override { return wrap_; }
  int radix(int d) const { return k_[d]; }
  double average_distance() const override;
  int coord(int node, int d) const {
    return coords_.empty() ? (node / stride_[d]) % k_[d] : coords_[static_cast<size_t>(node) * k_.size() + d];
  }

 private:
  std::vector<int> k_, stride_;
  std::vector<int> coords_;  // node-major table, when small enough: routing reads it every hop
  bool wrap_;
  int nodes_;
};

// Binary hypercube of dimension n: ids are n-bit, port d flips bit d (e-cube routing order).
class Hypercube : public Topology {
 public:
  explicit Hypercube(int n);
  std::string kind() const override { return "hypercube"; }
  std::string describe() const override;
  int nodes() const override { return 1 << n_; }
  int ports() const override { return n_; }
  PortRef neighbour(int r, int p) const override { return {r ^ (1 << p), p}; }
  int distance(int a, int b) const override { return __builtin_popcount(static_cast<unsigned>(a ^ b)); }
  std::vector<int> coords(int node) const override;
  std::string port_name(int p) const override { return "d" + std::to_string(p); }
  int dims() const override { return n_; }
  int offset(int a, int b, int d, bool) const override { return ((a ^ b) >> d) & 1; }
  int port(int d, int) const override { return d; }
  int port_dim(int p) const override { return p; }
  int port_sign(int) const override { return 1; }

 private:
  int n_;
};

// Midimew: circulant graph C_N(b-1, b), b = ceil(sqrt(N/2)). Node i links to i +- (b-1) and i +- b (mod N).
// Routing "dimension" 0 is the (b-1) jump, dimension 1 the b jump; ports 0/1 = +-(b-1), 2/3 = +-b.
// Minimal routes use, per offset, the first minimal (a, c) decomposition found by BFS (ties towards |a|).
// The dateline of each jump ring is the link whose numeric id wraps past N (or below 0).
class Midimew : public Topology {
 public:
  explicit Midimew(int n_nodes);
  std::string kind() const override { return "midimew"; }
  std::string describe() const override;
  int nodes() const override { return n_; }
  int ports() const override { return 4; }
  PortRef neighbour(int r, int p) const override;
  int distance(int a, int b) const override { return dist_[delta(a, b)]; }
  std::vector<int> coords(int node) const override { return {node}; }
  std::string port_name(int p) const override;
  int dims() const override { return 2; }
  int offset(int a, int b, int d, bool) const override {
    const int dl = delta(a, b);
    return d == 0 ? da_[dl] : dc_[dl];
  }
  int port(int d, int sign) const override { return 2 * d + (sign < 0 ? 1 : 0); }
  int port_dim(int p) const override { return p / 2; }
  int port_sign(int p) const override { return (p & 1) ? -1 : 1; }
  bool is_wrap(int r, int p) const override;
  bool has_wrap() const override { return true; }
  int b() const { return b_; }
  int jump(int d) const { return d == 0 ? b_ - 1 : b_; }

 private:
  int delta(int a, int b) const { return ((b - a) % n_ + n_) % n_; }
  int n_, b_;
  std::vector<int> dist_, da_, dc_;
};

}  // namespace drb
