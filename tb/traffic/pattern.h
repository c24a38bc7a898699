// SPDX-License-Identifier: Apache-2.0
// Destination patterns. Permutations are defined on node ids (binary address a_{n-1}..a_0 for the bit
// patterns; coordinates for tornado and neighbour). A node that a permutation maps to itself does not send,
// and uniform draws among the other N - 1 nodes, unless `self` (BookSim2's conventions: a fixed point sends
// to itself, uniform draws among all N).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "models/topology/topology.h"
#include "models/util/rng.h"

namespace drb {

class Pattern {
 public:
  virtual ~Pattern() = default;
  virtual int dest(int src, Rng& rng) const = 0;
  virtual bool sends(int src) const { return true; }
};

// Permutation patterns as pure functions of the source (tested against hand-worked tables).
int perm_bitcomp(int x, int nodes);
int perm_bitrev(int x, int bits);
int perm_butterfly(int x, int bits);
int perm_shuffle(int x, int bits);
int perm_transpose(int x, int bits);

struct PatternParams {
  std::string name = "uniform";
  std::vector<int> hot_nodes;
  double hot_fraction = 0.1;
  bool self = false;
};

// The caller validated the combination (power-of-two sizes, hot nodes exist, ...).
std::unique_ptr<Pattern> make_pattern(const PatternParams& p, const Topology& t);
// Over N terminals; the coordinate patterns (tornado, neighbour) need the direct network t (else refused).
std::unique_ptr<Pattern> make_pattern(const PatternParams& p, int N, const Topology* t);

}  // namespace drb
