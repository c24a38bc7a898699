// SPDX-License-Identifier: Apache-2.0
// Routing on a k-ary n-tree (models/topology/fat_tree.h): up to a nearest common ancestor of source and
// destination, then down. The down phase is fixed (at stage e, down port = digit e of the destination);
// the up phase is
//   updown    deterministic and load-balanced: up port k + digit e of the destination at stage e, so every
//             packet to one destination uses the same switch at each stage of its down path;
//   adaptive  any up port: the router takes the first with a free VC in the relation's order (first_free,
//             starting at the deterministic port), in an order drawn per packet and switch (random), or the
//             one whose free VCs have the most credits (sadp, this model's stand-in for SADP).
// Stateless: a switch is in its up phase iff it is not an ancestor of the destination, which also holds for
// a packet that came down (it only comes down into ancestors). Up channels lead only to higher stages and
// down channels only to lower ones, so no channel dependency cycle exists: one VC class suffices.
#pragma once
#include "models/routing/relation.h"
#include "models/topology/fat_tree.h"

namespace drb {

enum class UpSelection : uint8_t { FirstFree, Random, Sadp, Lowest };

class FatTreeRouting : public RoutingRelation {
 public:
  FatTreeRouting(const KAryNTree& t, bool adaptive, UpSelection sel) : t_(t), adaptive_(adaptive), sel_(sel) {}
  std::string name() const override { return adaptive_ ? "adaptive" : "updown"; }
  bool adaptive() const { return adaptive_; }  // the up phase offers every up port (else one, updown's)
  UpSelection up_selection() const { return sel_; }  // the adaptive up phase's order and selection
  SubClassSpec subclasses() const override { return {1, -1, {"updown"}}; }
  RelationNeeds needs() const override;
  void route(int e, const Header& h, RouteSet& out) const override;

 private:
  const KAryNTree& t_;
  bool adaptive_;
  UpSelection sel_;
};

}  // namespace drb
