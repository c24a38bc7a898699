// SPDX-License-Identifier: Apache-2.0
// k-ary n-tree fat-tree (a bidirectional MIN): N = k^n terminals, n stages of N/k switches with 2k ports,
// down ports 0..k-1 towards the terminals and up ports k..2k-1 towards the roots (the top stage's up ports
// stay unconnected). Stage 0 is next to the terminals. Switch (e, o) has element id e * N/k + o; its offset
// o has n-1 base-k digits o_0 (least significant) .. o_{n-2}. Wiring (the standard k-ary n-tree):
//   terminal j <-> switch (0, j / k), down port j mod k;
//   switch (e, o) up port k + u <-> switch (e+1, o'), o' = o with digit e replaced by u, arriving there on
//   down port o_e.
// So (e, o) is an ancestor of exactly the terminals j with j / k^(e+1) == o / k^e, and the down port towards
// j at stage e is digit e of j. Power-saving work labels switches <w, l> with level l = n-1-e (0 = roots);
// docs/topologies.md gives the mapping.
#pragma once
#include <string>

#include "models/topology/graph.h"

namespace drb {

class KAryNTree {
 public:
  // std::invalid_argument naming topology.k or topology.n on impossible parameters.
  KAryNTree(int k, int n);
  int k() const { return k_; }
  int n() const { return n_; }
  int terminals() const { return terminals_; }
  int per_stage() const { return terminals_ / k_; }
  int element(int stage, int offset) const { return stage * per_stage() + offset; }
  int stage(int element) const { return element / per_stage(); }
  int offset(int element) const { return element % per_stage(); }
  // Base-k digit i of x.
  int digit(int x, int i) const { return (x / pow_[i]) % k_; }
  // Switch e (element id) lies above terminal t: the up phase towards t ends here.
  bool ancestor(int element, int t) const {
    const int e = stage(element);
    return t / pow_[e + 1] == offset(element) / pow_[e];
  }
  std::string describe() const;
  std::string port_name(int p) const { return p < k_ ? "down" + std::to_string(p) : "up" + std::to_string(p - k_); }
  NetworkGraph graph() const;

 private:
  int k_, n_, terminals_;
  std::vector<int> pow_;  // k^i, i = 0..n
};

}  // namespace drb
