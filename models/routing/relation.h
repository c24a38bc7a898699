// SPDX-License-Identifier: Apache-2.0
// A routing relation on a network graph: given the element and the head's header, the ordered candidate
// outputs. A candidate names an output port and a *sub-class* (dateline class, escape or adaptive pool); the
// router combines it with the packet's class group (data step 0..2, or ack) through the VcLayout.
// The relation declares what it needs from the router and the header (needs()), so the front end sizes the
// VC layout, the header and the allocation rules from it, never from the algorithm's name.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "models/packet/header.h"

namespace drb {

struct RouteChoice {
  uint8_t port = 0;
  uint8_t sub = 0;  // sub-class within the packet's group
};

struct RouteSet {
  // Adaptive routing offers every minimal port (two per dimension on a ring tie) plus the escape: up to
  // 2 * 20 + 1 for the largest cube the front end accepts; a 32-ary fat-tree's up phase offers 32.
  static constexpr int kMax = 48;
  int n = 0;
  // Selection::LeastLoaded: candidates c[0 .. tier) are preferred; c[tier .. n) (misroutes) are taken only
  // when none of those has a free VC. Other selections ignore it.
  int tier = 0;
  RouteChoice c[kMax];
  void clear() { n = 0; }
  void add(int port, int sub) {
    if (n < kMax) c[n++] = RouteChoice{static_cast<uint8_t>(port), static_cast<uint8_t>(sub)};
  }
};

// Sub-classes a routing function uses inside each class group. `pool` marks the sub-class that absorbs the
// VCs left over after every other sub-class got its share (the adaptive VCs of Duato's scheme).
struct SubClassSpec {
  int count = 1;
  int pool = -1;
  std::vector<std::string> names;
};

// How the router picks among the candidates of one head: the first in the relation's order that has a free
// VC, or (most_credits) the candidate whose free VCs have the most credits, ties to the relation's order —
// the fat-tree's stand-in for SADP, which needs the router's credit state — or (least_loaded) the candidate
// whose output has the fewest VCs allocated among those with a free VC, first of RouteSet::tier, then of
// the rest (negative-first's channel load and misroutes).
enum class Selection : uint8_t { InOrder, MostCredits, LeastLoaded };

// Routing keys a relation reads (RelationNeeds::reads): the front end tells the user about one set where no
// relation of the run reads it (docs/robustness.md), instead of deriving that from the algorithm's name.
enum RoutingKey : uint8_t {
  kReadsDimOrder = 1,     // routing.dim_order
  kReadsTie = 2,          // routing.tie
  kReadsRingClasses = 4,  // routing.vc_classes
  kReadsSelection = 8,    // routing.selection
  kReadsMisroute = 16,    // routing.misroute, routing.misroute_at_source
};

struct RelationNeeds {
  SubClassSpec classes;
  bool atomic_vc = false;      // Duato's escape: an output VC is reallocated only once it is empty
  int tie_bits = 0;            // per-packet header tie bits (routing.tie=random): one per dimension
  Selection selection = Selection::InOrder;
  bool input_class = false;    // route_in() reads the sub-class of the VC the head arrived on
  bool input_port = false;     // route_from() reads the port the head arrived on
  // Offers more than one output towards some destination at some element (adaptive up phases, minimal
  // adaptive ports), so a power mechanism can turn a link off without cutting the only route through it.
  bool multipath = false;
  uint8_t reads = 0;           // RoutingKey bits
};

class RoutingRelation {
 public:
  virtual ~RoutingRelation() = default;
  virtual std::string name() const = 0;
  virtual SubClassSpec subclasses() const = 0;
  // What the relation needs besides its classes; by default nothing (InOrder, no tie bits, eager VCs).
  virtual RelationNeeds needs() const { return RelationNeeds{subclasses()}; }
  // Candidates at element e towards h.front(), a terminal that does not eject at e, in order of preference.
  virtual void route(int e, const Header& h, RouteSet& out) const = 0;
  // The same, knowing the sub-class of the VC the head arrived on (-1: unknown, e.g. from a terminal);
  // called instead of route() where needs().input_class is set (a hybrid's switches keep the class).
  virtual void route_in(int e, int in_sub, const Header& h, RouteSet& out) const { route(e, h, out); }
  // The same, knowing the element port the head arrived on (-1: from a terminal); called instead of route()
  // where needs().input_port is set (negative-first misroutes only after a negative hop).
  virtual void route_from(int e, int in_port, const Header& h, RouteSet& out) const { route(e, h, out); }
  // Sub-classes that form the deadlock-free escape sub-network (all of them for deterministic routing).
  virtual bool is_escape(int sub) const { return true; }
  // Header routing state set by leaving e on port p (dateline bits): a fixed property of the link, so
  // routers cache it.
  virtual uint16_t hop_dateline(int e, int p) const { return 0; }
  void on_hop(int e, int p, Header& h) const { h.dateline |= hop_dateline(e, p); }
};

// The deterministic-or-Duato pair of relations most families offer: one class (dor), or an escape class
// routed deterministically plus an adaptive pool (adaptive), escape VCs reallocated atomically.
class EscapeAdaptiveRelation : public RoutingRelation {
 public:
  explicit EscapeAdaptiveRelation(bool adaptive) : adaptive_(adaptive) {}
  std::string name() const override { return adaptive_ ? "adaptive" : "dor"; }
  SubClassSpec subclasses() const override {
    return adaptive_ ? SubClassSpec{2, 1, {"esc", "adaptive"}} : SubClassSpec{1, -1, {"dor"}};
  }
  RelationNeeds needs() const override {
    RelationNeeds n{subclasses()};
    n.atomic_vc = adaptive_;
    n.multipath = adaptive_;
    return n;
  }
  bool is_escape(int sub) const override { return !adaptive_ || sub == 0; }
  bool adaptive() const { return adaptive_; }  // adaptive VCs beside the escape ones (else the escape relation alone)

 protected:
  bool adaptive_;
};

}  // namespace drb
