// SPDX-License-Identifier: Apache-2.0
// RUFT: the reduced unidirectional fat-tree, a unidirectional MIN of m stages of L/k switches with k inputs
// and k outputs for L = k^m terminals (port q of a switch is input q on its input side and output q on its
// output side). Switch (e, o) is element e·L/k + o, o with m-1 base-k digits as in the k-ary n-tree:
//   terminal j -> switch (0, j / k), input j mod k;
//   switch (e, o) output u (e < m-1) -> switch (e+1, o'), o' = o with digit e replaced by u, input o_e;
//   switch (m-1, o) output u -> terminal x = sum_{i<m-1} o_i k^i + u k^(m-1).
// One path per pair: at stage e the output is digit e of the destination; every path crosses m switches.
#pragma once
#include <string>
#include <vector>

#include "models/topology/graph.h"

namespace drb {

class Ruft {
 public:
  Ruft(int k, int m);  // std::invalid_argument naming topology.k or topology.n
  int k() const { return k_; }
  int m() const { return m_; }
  int terminals() const { return terminals_; }
  int per_stage() const { return terminals_ / k_; }
  int stage(int element) const { return element / per_stage(); }
  int digit(int x, int i) const { return (x / pow_[i]) % k_; }
  std::string describe() const { return std::to_string(k_) + "-ary " + std::to_string(m_) + "-stage RUFT"; }
  NetworkGraph graph() const;

 private:
  int k_, m_, terminals_;
  std::vector<int> pow_;
};

}  // namespace drb
