// SPDX-License-Identifier: Apache-2.0
// Channel dependency graph of a routing relation, built by walking the routing relation itself (through
// the same DEC step the router runs), so the deadlock test checks the code that runs, not a re-statement.
// A channel is (network channel of the graph, VC class). For relations with adaptive sub-classes the graph
// is Duato's extended graph of the escape sub-network: an edge c1 -> c2 when a packet holding escape
// channel c1 may request escape channel c2 next, directly or after adaptive hops.
#pragma once
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "models/routing/relation.h"
#include "models/routing/routing.h"
#include "models/topology/interconnect.h"

namespace drb {

class ChannelDependencyGraph {
 public:
  // A direct network: element = router = terminal id.
  ChannelDependencyGraph(const Topology& t, const RoutingRelation& rf, const VcLayout& layout);
  ChannelDependencyGraph(const Interconnect& ic, const RoutingRelation& rf, const VcLayout& layout);
  // Walk every route a packet with this header may take from element src (all adaptive choices).
  void add_routes(int src, const Header& h);
  int channels() const { return static_cast<int>(adj_.size()); }
  size_t edges() const;
  // True if acyclic; otherwise fills `cycle` with one cycle's channels.
  bool acyclic(std::vector<int>* cycle = nullptr) const;
  std::string channel_name(int c) const;  // "r<element>.<port name>.c<class>"
  int routes_walked() const { return walked_; }

 private:
  void init();
  void walk(int e, Header h, int last, int in_sub, int in_port, std::set<std::vector<int>>& seen);
  const Topology* topo_ = nullptr;
  const Interconnect* ic_ = nullptr;
  std::unique_ptr<NetworkGraph> own_;  // graph_of(topology) for a direct network
  const NetworkGraph* g_ = nullptr;
  const RoutingRelation& rf_;
  const VcLayout& layout_;
  int classes_;
  bool in_class_;  // the relation reads the arriving VC's sub-class
  bool in_port_;   // the relation reads the arriving port
  int walked_ = 0;
  std::vector<int> eject_;  // per terminal, its ejection element
  std::vector<std::set<int>> adj_;
};

}  // namespace drb
