// SPDX-License-Identifier: Apache-2.0
// Routing on a network read from a file (models/topology/graph_file.h), where no family gives coordinates:
//   TableRouting   the file's declared deterministic table: (element, destination) -> (port, class), the
//                  class raised by a ring's dateline bit where the route says so;
//   UpDownRouting  shortest legal up*/down* routes (Autonet): a breadth-first spanning tree from element 0
//                  orders the elements by (level, id); a channel towards a smaller element is "up". A route
//                  takes up channels, then down channels only, which no channel-dependency cycle can close
//                  (the up channels descend the order, the down ones ascend it). The packet's phase is its
//                  header's dateline bit 0, set by a down hop and cleared when a routing step ends, so a
//                  multistep path climbs again at each intermediate. Deterministic: the first port, in port
//                  order, on a shortest legal route; adaptive: every such port.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/routing/relation.h"
#include "models/topology/interconnect.h"

namespace drb {

class TableRouting : public RoutingRelation {
 public:
  explicit TableRouting(const Interconnect& ic);  // ic.file() with a table
  std::string name() const override { return "table"; }
  SubClassSpec subclasses() const override { return {static_cast<int>(f_.class_names.size()), -1, f_.class_names}; }
  void route(int e, const Header& h, RouteSet& out) const override;
  uint16_t hop_dateline(int e, int p) const override;

 private:
  const NetworkFile& f_;
};

class UpDownRouting : public RoutingRelation {
 public:
  // std::invalid_argument naming routing.algorithm where up*/down* cannot reach some terminal from where
  // terminals inject (multistep: and from where they eject, a step's start), or where its distance tables
  // (4 bytes per element and ejection element) would pass 256 MiB.
  UpDownRouting(const Interconnect& ic, bool adaptive, bool multistep = false);
  static double table_bytes(const Interconnect& ic);
  std::string name() const override { return adaptive_ ? "adaptive" : "updown"; }
  SubClassSpec subclasses() const override { return {1, -1, {"updown"}}; }
  RelationNeeds needs() const override;
  void route(int e, const Header& h, RouteSet& out) const override;
  uint16_t hop_dateline(int e, int p) const override;
  bool is_up(int channel) const { return !down_[channel]; }

 private:
  static constexpr uint16_t kFar = 0xffff;
  const Interconnect& ic_;
  bool adaptive_;
  std::vector<char> down_;    // per channel
  std::vector<int> target_;   // per element: its index among the ejection elements, or -1
  // Per (ejection element index, element): channels to it on a legal route from the up phase, and from
  // the down phase (down channels only).
  std::vector<uint16_t> up_dist_, down_dist_;
  size_t at(int target, int e) const { return static_cast<size_t>(target) * ic_.elements() + static_cast<size_t>(e); }
};

// The network file of an interconnect (drbsim topology ... out.network=F): its graph, and the route table of
// `rel` (the family's deterministic relation) where a table can state it: one candidate per (element,
// destination), its port independent of the packet's state, its class raised by at most one ring bit. Where
// it cannot (adaptive, input-port or input-class relations, random ties, a table past the reader's bounds),
// the graph alone, and `note` says why.
std::string network_file_of(const Interconnect& ic, const RoutingRelation& rel, std::string& note);

}  // namespace drb
