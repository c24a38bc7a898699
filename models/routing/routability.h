// SPDX-License-Identifier: Apache-2.0
// Routing under failed channels (docs/faults.md). FaultPrunedRelation wraps a routing relation and offers
// only the candidates that keep a head *alive*: a state (element, header routing state, arrival) is alive if
// the head ejects there, or some live candidate leads to an alive state — for relations whose deadlock
// freedom rests on an escape sub-network (Duato: a sub-class pool), some live *escape* candidate must, so
// that the escape sub-network stays connected from every state a head can reach (its CDG is a subgraph of
// the fault-free one). A pair is routable when its head is alive at its source. Computed lazily from the
// relation itself (as the CDG test walks it), memoised per state.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "models/routing/relation.h"
#include "models/topology/interconnect.h"

namespace drb {

class FaultPrunedRelation : public RoutingRelation {
 public:
  // dead[c] != 0: graph channel c has failed. The inner relation must outlive this one.
  FaultPrunedRelation(const Interconnect& ic, const RoutingRelation& inner, std::vector<uint8_t> dead);
  // The same from the ids of the failed graph channels.
  FaultPrunedRelation(const Interconnect& ic, const RoutingRelation& inner, const std::vector<int>& failed);
  std::string name() const override { return inner_.name(); }
  SubClassSpec subclasses() const override { return inner_.subclasses(); }
  RelationNeeds needs() const override { return inner_.needs(); }
  bool is_escape(int sub) const override { return inner_.is_escape(sub); }
  uint16_t hop_dateline(int e, int p) const override { return inner_.hop_dateline(e, p); }
  void route(int e, const Header& h, RouteSet& out) const override { prune(e, -1, -1, h, out); }
  void route_in(int e, int in_sub, const Header& h, RouteSet& out) const override { prune(e, in_sub, -1, h, out); }
  void route_from(int e, int in_port, const Header& h, RouteSet& out) const override { prune(e, -1, in_port, h, out); }
  // Can a head from terminal a reach terminal b? (a != b)
  bool routable(int a, int b) const;
  // Can a head with this header, entering element e from its NI, reach its final destination? (A path
  // policy's multistep path: intermediate destinations in the header.)
  bool alive_from(int e, const Header& h) const { return alive(State{e, -1, -1, h}); }
  bool dead(int channel) const { return dead_[channel] != 0; }

 private:
  struct State {
    int e, in_sub, in_port;
    Header h;
  };
  void inner_route(const State& s, RouteSet& rs) const;
  bool alive(const State& s) const;
  bool leads_alive(const State& s, const RouteChoice& c) const;
  State next(const State& s, int port, int member, int sub) const;
  void prune(int e, int in_sub, int in_port, const Header& h, RouteSet& out) const;
  struct Key {
    int e, in_sub, in_port;
    std::array<uint32_t, kStackDepth> dest;
    uint8_t more, step;
    uint16_t dateline, tie;
    bool operator==(const Key& o) const {
      return e == o.e && in_sub == o.in_sub && in_port == o.in_port && dest == o.dest && more == o.more &&
             step == o.step && dateline == o.dateline && tie == o.tie;
    }
  };
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };
  static Key key(const State& s);

  const Interconnect& ic_;
  const NetworkGraph& g_;
  const RoutingRelation& inner_;
  std::vector<uint8_t> dead_;
  bool escape_, in_class_, in_port_;
  int members_;
  mutable std::unordered_map<Key, uint8_t, KeyHash> memo_;  // 1 alive, 0 dead, 2 being computed
};

// Per (source * terminals + destination), 1 if the relation routes the pair under the failed channels.
std::vector<uint8_t> routable_pairs(const Interconnect& ic, const RoutingRelation& rf, const std::vector<uint8_t>& dead);

}  // namespace drb
