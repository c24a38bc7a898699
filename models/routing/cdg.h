// Channel dependency graph of a routing relation, built by walking the routing function itself (through
// the same DEC step the router runs), so the deadlock test checks the code that runs, not a re-statement.
// A channel is (router, output port, VC class). For relations with adaptive sub-classes the graph is
// Duato's extended graph of the escape sub-network: an edge c1 -> c2 when a packet holding escape
// channel c1 may request escape channel c2 next, directly or after adaptive hops.
#pragma once
#include <set>
#include <vector>

#include "models/routing/routing.h"

namespace drb {

class ChannelDependencyGraph {
 public:
  ChannelDependencyGraph(const Topology& t, const RoutingFunction& rf, const VcLayout& layout);
  // Walk every route a packet with this header may take from router src (all adaptive choices).
  void add_routes(int src, const Header& h);
  int channels() const { return static_cast<int>(adj_.size()); }
  size_t edges() const;
  // True if acyclic; otherwise fills `cycle` with one cycle's channels.
  bool acyclic(std::vector<int>* cycle = nullptr) const;
  std::string channel_name(int c) const;
  int routes_walked() const { return walked_; }

 private:
  int channel(int r, int p, int cls) const { return (r * ports_ + p) * classes_ + cls; }
  void walk(int r, Header h, int last, std::set<std::vector<int>>& seen);
  const Topology& topo_;
  const RoutingFunction& rf_;
  const VcLayout& layout_;
  int ports_, classes_;
  int walked_ = 0;
  std::vector<std::set<int>> adj_;
};

}  // namespace drb
