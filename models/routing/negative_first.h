// SPDX-License-Identifier: Apache-2.0
// Negative-first adaptive routing with misrouting on n-D meshes (docs/negative-first.md): the turn model of
// Glass and Ni read as the corrected restriction (no positive -> negative turn), least-loaded choice among
// the minimal channels of the current phase, and misroutes onto negative channels while the packet has taken
// no positive one. Deadlock freedom comes from the turn restriction, so one VC class holds every VC.
#pragma once
#include "models/routing/relation.h"
#include "models/topology/kary_ncube.h"

namespace drb {

struct NegativeFirstParams {
  bool misroute = true;            // misroute when every minimal channel is busy (the paper's extension)
  bool misroute_at_source = true;  // a packet fresh from its NI counts as arrived on a negative channel
  bool allow_positive_negative = false;  // the negative control: the forbidden turn allowed (tests only)
};

class NegativeFirstRouting : public RoutingRelation {
 public:
  NegativeFirstRouting(const KAryNCube& mesh, const NegativeFirstParams& p);
  std::string name() const override { return "negative_first"; }
  SubClassSpec subclasses() const override { return {1, -1, {"nf"}}; }
  RelationNeeds needs() const override;
  void route(int e, const Header& h, RouteSet& out) const override { route_from(e, -1, h, out); }
  // in_port: the element port the head arrived on (-1: from the NI). A head entering on a "+" port came
  // down a negative channel.
  void route_from(int e, int in_port, const Header& h, RouteSet& out) const override;
  // The most misroutes a packet from router src can take (section 4.1: each negative hop lowers the sum of
  // the coordinates, which stays >= 0), so it crosses at most distance + 2 * bound channels.
  int misroute_bound(int src) const;
  const NegativeFirstParams& params() const { return p_; }

 private:
  const KAryNCube& m_;
  NegativeFirstParams p_;
};

}  // namespace drb
