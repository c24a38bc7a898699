// SPDX-License-Identifier: Apache-2.0
#include "models/topology/kary_ncube.h"

#include <cmath>
#include <cstdlib>
#include <deque>
#include <stdexcept>

namespace drb {

KAryNCube::KAryNCube(std::vector<int> k, bool wrap) : k_(std::move(k)), wrap_(wrap) {
  nodes_ = 1;
  for (int r : k_) {
    stride_.push_back(nodes_);
    nodes_ *= r;
  }
  if (static_cast<size_t>(nodes_) * k_.size() <= (size_t{1} << 22)) {
    std::vector<int> c(static_cast<size_t>(nodes_) * k_.size());
    for (int n = 0; n < nodes_; ++n)
      for (size_t d = 0; d < k_.size(); ++d) c[n * k_.size() + d] = (n / stride_[d]) % k_[d];
    coords_.swap(c);
  }
}

std::string KAryNCube::describe() const {
  std::string s = kind() + " ";
  for (size_t i = 0; i < k_.size(); ++i) s += (i ? "x" : "") + std::to_string(k_[i]);
  return s;
}

PortRef KAryNCube::neighbour(int r, int p) const {
  const int d = p / 2, sign = port_sign(p);
  const int c = coord(r, d);
  int nc = c + sign;
  if (nc < 0 || nc >= k_[d]) {
    if (!wrap_) return {};
    nc = (nc + k_[d]) % k_[d];
  }
  // The arriving flit enters the neighbour on the port facing back (same dimension, opposite sign).
  return {r + (nc - c) * stride_[d], port(d, -sign)};
}

int KAryNCube::distance(int a, int b) const {
  int s = 0;
  for (int d = 0; d < dims(); ++d) s += std::abs(offset(a, b, d, true));
  return s;
}

std::vector<int> KAryNCube::coords(int node) const {
  std::vector<int> c(k_.size());
  for (size_t d = 0; d < k_.size(); ++d) c[d] = coord(node, static_cast<int>(d));
  return c;
}

std::string KAryNCube::port_name(int p) const {
  static const char* axis = "xyzw";
  const int d = p / 2;
  std::string a = d < 4 ? std::string(1, axis[d]) : "d" + std::to_string(d);
  return (port_sign(p) > 0 ? "+" : "-") + a;
}

int KAryNCube::offset(int a, int b, int d, bool tie_positive) const {
  const int delta = coord(b, d) - coord(a, d);
  if (!wrap_ || delta == 0) return delta;
  const int k = k_[d];
  const int fwd = (delta + k) % k;  // hops going +
  const int bwd = k - fwd;          // hops going -
  if (fwd < bwd) return fwd;
  if (bwd < fwd) return -bwd;
  return tie_positive ? fwd : -bwd;
}

bool KAryNCube::has_ties() const {
  if (!wrap_) return false;
  for (int k : k_)
    if (k % 2 == 0) return true;
  return false;
}

bool KAryNCube::tie(int a, int b, int d) const {
  if (!wrap_) return false;
  const int k = k_[d];
  const int fwd = ((coord(b, d) - coord(a, d)) % k + k) % k;
  return fwd != 0 && 2 * fwd == k;
}

double KAryNCube::average_distance() const {
  if (wrap_) return Topology::average_distance();  // tori are vertex-transitive
  // Meshes are not: sum |x - y| over all coordinate pairs of each dimension, k(k^2 - 1)/3, times the
  // (N/k)^2 choices of the other coordinates, over N(N-1) ordered pairs.
  double s = 0;
  for (int k : k_) s += (static_cast<double>(nodes_) / k) * (static_cast<double>(nodes_) / k) * k * (k * k - 1.0) / 3;
  return s / (static_cast<double>(nodes_) * (nodes_ - 1));
}

bool KAryNCube::is_wrap(int r, int p) const {
  if (!wrap_) return false;
  const int d = p / 2, c = coord(r, d);
  return port_sign(p) > 0 ? c == k_[d] - 1 : c == 0;
}

// ---------------------------------------------------------------------------------------------------------
Hypercube::Hypercube(int n) : n_(n) {}

std::string Hypercube::describe() const { return "hypercube " + std::to_string(n_) + "D"; }

std::vector<int> Hypercube::coords(int node) const {
  std::vector<int> c(n_);
  for (int d = 0; d < n_; ++d) c[d] = (node >> d) & 1;
  return c;
}

// ---------------------------------------------------------------------------------------------------------
Midimew::Midimew(int n_nodes) : n_(n_nodes) {
  b_ = static_cast<int>(std::ceil(std::sqrt(n_ / 2.0) - 1e-12));
  while (2 * b_ * b_ < n_) ++b_;  // guard against rounding: b = ceil(sqrt(N/2))
  while (b_ > 1 && 2 * (b_ - 1) * (b_ - 1) >= n_) --b_;
  dist_.assign(n_, -1);
  da_.assign(n_, 0);
  dc_.assign(n_, 0);
  // BFS from 0 over the jump set; the first representation found is kept. Neighbours are expanded in the
  // order +(b-1), -(b-1), +b, -b, so among equal-length decompositions the (b-1) jump is preferred.
  std::deque<int> q{0};
  dist_[0] = 0;
  const int jumps[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  while (!q.empty()) {
    const int v = q.front();
    q.pop_front();
    for (auto& j : jumps) {
      const int w = ((v + j[0] * (b_ - 1) + j[1] * b_) % n_ + n_) % n_;
      if (dist_[w] >= 0) continue;
      dist_[w] = dist_[v] + 1;
      da_[w] = da_[v] + j[0];
      dc_[w] = dc_[v] + j[1];
      q.push_back(w);
    }
  }
}

std::string Midimew::describe() const {
  return "midimew C_" + std::to_string(n_) + "(" + std::to_string(b_ - 1) + "," + std::to_string(b_) + ")";
}

PortRef Midimew::neighbour(int r, int p) const {
  const int d = p / 2, sign = port_sign(p);
  const int w = ((r + sign * jump(d)) % n_ + n_) % n_;
  return {w, port(d, -sign)};
}

std::string Midimew::port_name(int p) const {
  return std::string(port_sign(p) > 0 ? "+" : "-") + std::to_string(jump(p / 2));
}

bool Midimew::is_wrap(int r, int p) const {
  const int j = jump(p / 2);
  return port_sign(p) > 0 ? r + j >= n_ : r - j < 0;
}

// ---------------------------------------------------------------------------------------------------------
int Topology::diameter() const {
  int m = 0;
  for (int b = 0; b < nodes(); ++b) m = std::max(m, distance(0, b));
  // Tori, hypercubes and the midimew are vertex-transitive; on a mesh node 0 is a corner, whose
  // eccentricity is the diameter too.
  return m;
}

// Node 0's average: the all-pairs average on vertex-transitive topologies (meshes override).
double Topology::average_distance() const {
  double s = 0;
  for (int b = 1; b < nodes(); ++b) s += distance(0, b);
  return s / (nodes() - 1);
}

std::unique_ptr<Topology> make_topology(const TopologyParams& p) {
  if (p.kind == "torus" || p.kind == "mesh") {
    if (p.k.empty()) throw std::invalid_argument("topology.k: at least one radix is required");
    for (int r : p.k)
      if (r < 2) throw std::invalid_argument("topology.k: radix must be >= 2, got " + std::to_string(r));
    long n = 1;
    for (int r : p.k) {
      n *= r;
      if (n > (1 << 20)) throw std::invalid_argument("topology.k: more than 2^20 nodes");
    }
    return std::make_unique<KAryNCube>(p.k, p.kind == "torus");
  }
  if (p.kind == "hypercube") {
    if (p.n < 1 || p.n > 20) throw std::invalid_argument("topology.n: hypercube dimension must be 1..20");
    return std::make_unique<Hypercube>(p.n);
  }
  if (p.kind == "midimew") {
    if (p.nodes < 8 || p.nodes > (1 << 20))
      throw std::invalid_argument("topology.nodes: midimew needs 8..2^20 nodes, got " + std::to_string(p.nodes));
    return std::make_unique<Midimew>(p.nodes);
  }
  throw std::invalid_argument("topology.kind: unknown topology '" + p.kind + "' (torus|mesh|hypercube|midimew|fattree|flatfly|ruft|hybrid)");
}

}  // namespace drb
