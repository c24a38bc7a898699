// SPDX-License-Identifier: Apache-2.0
// Routing on a RUFT (models/topology/ruft.h): the single path, output = digit e of the destination at stage
// e. Channels lead only from stage e to e+1: no dependency cycle, one VC class.
#pragma once
#include "models/routing/relation.h"
#include "models/topology/ruft.h"

namespace drb {

class RuftRouting : public RoutingRelation {
 public:
  explicit RuftRouting(const Ruft& t) : t_(t) {}
  std::string name() const override { return "updown"; }
  SubClassSpec subclasses() const override { return {1, -1, {"ruft"}}; }
  void route(int e, const Header& h, RouteSet& out) const override {
    out.clear();
    out.add(t_.digit(static_cast<int>(h.front()), t_.stage(e)), 0);
  }

 private:
  const Ruft& t_;
};

}  // namespace drb
