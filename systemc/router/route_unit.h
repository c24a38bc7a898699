// SPDX-License-Identifier: Apache-2.0
// The router's route unit (RTL: drb_route_unit, around the drb_dec block): for the head at the front of an
// input VC, DEC (pop the metapath's reached intermediate, or eject here) and the routing relation's
// candidates; then, each cycle the head waits for an output VC, the selection among them: the request the
// VC allocator sees (systemc/router/vc_allocator.h). The candidates are the relation's, tried in its
// preference order, or one chosen by most credits (the fat-tree's SADP stand-in) or least load
// (negative-first), as RelationNeeds::selection declares; with trunks a candidate is a group of element
// ports, tried first free (or cyclic: from the member after the last one taken).
//
// The unit keeps the relation (swapped when links fail), the declared traits it routes by and the trunk
// pointers; it sees its router R only through these calls:
//   Packet& packet(uint32_t slot);             the packet record a flit names (its header is the router's copy)
//   InputUnit& input(int i);  const OutputUnit& output(int p) const;
//   bool injected(int i) const;                input port i comes from a terminal's NI
//   template <InputVc::State kFrom, InputVc::State kTo> void set_state(InputVc& v);   v moves (never to or
//                                              from kActive: route compute moves kRouting to kVcAlloc)
//   void dec_popped();                         DEC popped an intermediate (counter)
//   cosim::RouterRtl* dec_rtl() const;         RTL block set only: the Verilated DEC, or null
#pragma once
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "models/blocks/dec.h"
#include "systemc/base/packet_store.h"
#include "systemc/router/input_unit.h"
#include "systemc/router/output_unit.h"
#include "systemc/router/router_config.h"

namespace drb {

class RouteUnit {
 public:
  // Router `id` of cfg.ic with out_ports outputs. std::logic_error for trunks with a most-credits or
  // least-loaded selection (which read relation ports as element ports).
  void init(const RouterConfig& cfg, int id, int out_ports) {
    cfg_ = &cfg;
    id_ = id;
    routing_ = cfg.routing;
    vcs_ = cfg.p.vcs;
    trunk_ = cfg.ic->trunk();
    cyclic_ = trunk_ > 1 && cfg.p.trunk_cyclic;
    if (cyclic_) trunk_next_.assign(static_cast<size_t>(out_ports / trunk_), 0);
    sel_ = cfg.needs.selection;
    if (trunk_ > 1 && sel_ != Selection::InOrder)
      throw std::logic_error("trunks with a most-credits or least-loaded selection are not supported");
    in_class_ = cfg.needs.input_class;
    in_port_ = cfg.needs.input_port;
  }
  void set_routing(const RoutingRelation& r) { routing_ = &r; }
  const RoutingRelation& routing() const { return *routing_; }
  int trunk() const { return trunk_; }

  // Route compute for the head at v's front (B: the block set): DEC, then the relation's candidates; v waits
  // for an output VC from now, or passes the routing stage again after a pop when router.delay.dec > 0.
  template <class B, class R>
  void compute(R& r, InputVc& v, int64_t now);
  // The separable request: the first candidate (in the relation's order, or the one selected) with a free
  // VC, and among its class's free VCs the one with the most credits; -1 if none. Virtual cut-through also
  // needs room for the packet's len flits.
  template <class R>
  int pick_output_vc(const R& r, const InputVc& v, int& port, int len) const {
    return trunk_ > 1 ? pick_output_vc_t<true>(r, v, port, len) : pick_output_vc_t<false>(r, v, port, len);
  }
  // The iSLIP request: every free VC of that same candidate (its port in `port`); 0 if none.
  template <class R>
  uint64_t free_output_vcs(const R& r, const InputVc& v, int& port, int len) const {
    return trunk_ > 1 ? free_output_vcs_t<true>(r, v, port, len) : free_output_vcs_t<false>(r, v, port, len);
  }
  // The output ports whose VCs a head that found none it may take waits for: every element port of every
  // candidate (each member of a trunk), or its ejection channels; f(port) for each. Whether the walks above
  // find a VC depends only on these ports' owners (without VCT and atomic reallocation), whatever the
  // selection or the trunk order.
  template <class F>
  void waits_on(const InputVc& v, F&& f) const {
    if (v.eject) {
      for (int k = 0; k < v.eject_n; ++k) f(v.eject_port + k);
      return;
    }
    for (int i = 0; i < v.route.n; ++i)
      for (int m = 0; m < trunk_; ++m) f(v.route.c[i].port * trunk_ + m);
  }
  // A head took an output VC of port: cyclic trunk selection starts the next head after this member.
  void granted(int port, bool network) {
    if (cyclic_ && network) trunk_next_[port / trunk_] = static_cast<uint8_t>((port % trunk_ + 1) % trunk_);
  }

  // kTrunk: each candidate port of the relation is a trunk of trunk_ element ports, tried in member order
  // (first free); compiled apart so that routers without trunks run the code they ran.
  template <bool kTrunk, class R>
  int pick_output_vc_t(const R& r, const InputVc& v, int& port, int len) const;
  template <bool kTrunk, class R>
  uint64_t free_output_vcs_t(const R& r, const InputVc& v, int& port, int len) const;

 private:
  // An output VC a head of len flits may take: free, with room for the packet under VCT, and empty when the
  // relation reallocates VCs atomically (pick_output_vc_t writes the conditions out for speed).
  static bool usable(const OutputVc& o, const RouterParams& p, int len) {
    return o.owner < 0 && !(p.vct && o.credits < len) && !(p.atomic_vc && o.credits < p.depth);
  }
  template <class R>
  int select(const R& r, const InputVc& v, int group, int len) const {
    return sel_ == Selection::MostCredits ? most_credits(r, v, group, len) : least_loaded(r, v, group, len);
  }
  // Selection::MostCredits: the candidate whose free VCs hold the most credits, ties to the relation's
  // order; -1 if none has a free VC.
  template <class R>
  int most_credits(const R& r, const InputVc& v, int group, int len) const;
  // Selection::LeastLoaded (negative-first): among the candidates with a free VC, the one whose output has
  // the fewest VCs allocated (ties to the relation's order), first among c[0 .. tier), then the misroutes.
  template <class R>
  int least_loaded(const R& r, const InputVc& v, int group, int len) const;
  // The ejection port a head at DEC's eject takes: its terminal's only one, or of several channels the one
  // with the fewest packets on it that has a free VC (first on ties; -1 if none has). Each channel sinks one
  // flit a cycle, so packets spread over the channels instead of sharing the first one's VCs.
  template <class R>
  int eject_channel(const R& r, const InputVc& v) const {
    if (v.eject_n == 1) return v.eject_port;
    int best = -1, best_used = INT_MAX;
    for (int k = 0; k < v.eject_n; ++k) {
      const int used = r.output(v.eject_port + k).used_vcs();
      if (used < vcs_ && used < best_used) best = v.eject_port + k, best_used = used;
    }
    return best;
  }

  const RouterConfig* cfg_ = nullptr;
  const RoutingRelation* routing_ = nullptr;
  int id_ = 0, vcs_ = 1;
  int trunk_ = 1;                       // element ports per relation port (Interconnect::trunk)
  bool cyclic_ = false;                 // router.trunk_select=cyclic (with trunks)
  std::vector<uint8_t> trunk_next_;     //   per trunk, the member to try first
  Selection sel_ = Selection::InOrder;  // how the relation's candidates are chosen among
  bool in_class_ = false;               // the relation reads the input VC's class (RelationNeeds::input_class)
  bool in_port_ = false;                // the relation reads the input port (RelationNeeds::input_port)
};

template <class B, class R>
void RouteUnit::compute(R& r, InputVc& v, int64_t now) {
  v.pkt = v.buf.front().pkt;
  Packet& pk = r.packet(v.pkt);
  v.pkt_id = static_cast<uint32_t>(pk.id);
  Header& h = pk.hdr;
  const RouterConfig& cfg = *cfg_;
  const Interconnect& ic = *cfg.ic;
  for (;;) {
    // DEC acts where the front terminal ejects (Interconnect::dec_id); the RTL block, generated for direct
    // networks, compares with the router id, which is the terminal id there.
    const uint32_t front = h.front();
    DecAction a;
    if constexpr (B::kRtl) {
      auto* rtl = r.dec_rtl();
      a = rtl ? rtl->dec(h, static_cast<uint32_t>(id_)) : dec_step(h, ic.dec_id(id_, front));
    } else {
      a = dec_step(h, ic.dec_id(id_, front));
    }
    if (a == DecAction::Pop) {
      r.dec_popped();
      if (cfg.p.d_dec > 0) {  // one more pass through the routing stage
        v.ready = now + cfg.p.d_dec;
        return;
      }
      continue;
    }
    v.eject = (a == DecAction::Eject);
    if (v.eject) {
      v.eject_port = static_cast<uint8_t>(ic.eject_port(static_cast<int>(front)));
      v.eject_n = static_cast<uint8_t>(ic.channels(static_cast<int>(front)));
    }
    break;
  }
  if (!v.eject) {
    const RoutingRelation& rf = h.tclass == TrafficClass::Ack ? *cfg.ack_routing : *routing_;
    if (in_class_ && !r.injected(v.port)) {  // the sub-class of the VC the head arrived on
      const VcLayout& lay = *cfg.layout;
      const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
      rf.route_in(id_, lay.class_of_vc(v.vc) - lay.cls(group, 0), h, v.route);
    } else if (in_port_) {
      rf.route_from(id_, r.injected(v.port) ? -1 : v.port, h, v.route);
    } else {
      rf.route(id_, h, v.route);
    }
  }
  v.prio = h.tclass == TrafficClass::Ack && cfg.p.ack_mode == AckMode::HighPriority;
  r.template set_state<InputVc::kRouting, InputVc::kVcAlloc>(v);
  v.t_req = now;
  v.blocked = false;
}

template <bool kTrunk, class R>
int RouteUnit::pick_output_vc_t(const R& r, const InputVc& v, int& port, int len) const {
  const RouterParams& p = cfg_->p;
  if (v.eject) {
    port = eject_channel(r, v);
    if (port < 0) return -1;
    const OutputUnit& op = r.output(port);
    for (int c = 0; c < vcs_; ++c)
      if (op.vcs[c].owner < 0) return c;
    return -1;
  }
  const Header& h = r.packet(v.buf.front().pkt).hdr;
  const VcLayout& lay = *cfg_->layout;
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (sel_ != Selection::InOrder) {
    if ((i = select(r, v, group, len)) < 0) return -1;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    const int first = kTrunk && !trunk_next_.empty() ? trunk_next_[v.route.c[i].port] : 0;
    for (int j = 0; j < members; ++j) {
      const int m = kTrunk ? (first + j) % members : 0;
      const int op = kTrunk ? v.route.c[i].port * trunk_ + m : v.route.c[i].port;
      const OutputUnit& ou = r.output(op);
      int best = -1, best_cr = -1;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = ou.vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;  // previous packet not yet out of the buffer
        if (o.credits > best_cr) {
          best = c;
          best_cr = o.credits;
        }
      }
      if (best >= 0) {
        port = op;
        return best;
      }
    }
  }
  return -1;
}

// Same walk and conditions as pick_output_vc_t, written out twice on purpose: pick_output_vc is among the
// hottest functions of drb_bench B1, and sharing the walk (a mask, or a visitor) measured 2-3% more
// instructions there.
template <bool kTrunk, class R>
uint64_t RouteUnit::free_output_vcs_t(const R& r, const InputVc& v, int& port, int len) const {
  const RouterParams& p = cfg_->p;
  uint64_t m = 0;
  if (v.eject) {
    port = eject_channel(r, v);
    if (port < 0) return 0;
    const OutputUnit& op = r.output(port);
    for (int c = 0; c < vcs_; ++c)
      if (op.vcs[c].owner < 0) m |= uint64_t{1} << c;
    return m;
  }
  const Header& h = r.packet(v.buf.front().pkt).hdr;
  const VcLayout& lay = *cfg_->layout;
  const int group = h.tclass == TrafficClass::Ack ? lay.ack_group() : h.step;
  int i = 0, end = v.route.n;
  if (sel_ != Selection::InOrder) {
    if ((i = select(r, v, group, len)) < 0) return m;
    end = i + 1;
  }
  const int members = kTrunk ? trunk_ : 1;
  for (; i < end; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    const int first = kTrunk && !trunk_next_.empty() ? trunk_next_[v.route.c[i].port] : 0;
    for (int j = 0; j < members; ++j) {
      const int mb = kTrunk ? (first + j) % members : 0;
      const int op = kTrunk ? v.route.c[i].port * trunk_ + mb : v.route.c[i].port;
      const OutputUnit& ou = r.output(op);
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
        const OutputVc& o = ou.vcs[c];
        if (o.owner >= 0) continue;
        if (p.vct && o.credits < len) continue;
        if (p.atomic_vc && o.credits < p.depth) continue;
        m |= uint64_t{1} << c;
      }
      if (m) {
        port = op;
        return m;
      }
    }
  }
  return 0;
}

template <class R>
int RouteUnit::most_credits(const R& r, const InputVc& v, int group, int len) const {
  const RouterParams& p = cfg_->p;
  const VcLayout& lay = *cfg_->layout;
  int best = -1, best_cr = 0;
  for (int i = 0; i < v.route.n; ++i) {
    const int cls = lay.cls(group, v.route.c[i].sub);
    const OutputUnit& ou = r.output(v.route.c[i].port);
    int cr = 0;
    for (int c = lay.first(cls), e = c + lay.count(cls); c < e; ++c) {
      const OutputVc& o = ou.vcs[c];
      if (!usable(o, p, len)) continue;
      cr += o.credits + 1;  // a free VC with no credit still counts above none
    }
    if (cr > best_cr) best = i, best_cr = cr;
  }
  return best;
}

template <class R>
int RouteUnit::least_loaded(const R& r, const InputVc& v, int group, int len) const {
  const RouterParams& p = cfg_->p;
  const VcLayout& lay = *cfg_->layout;
  for (int lo = 0, hi = v.route.tier; lo < v.route.n; lo = hi, hi = v.route.n) {
    int best = -1, best_used = INT_MAX;
    for (int i = lo; i < hi; ++i) {
      const OutputUnit& op = r.output(v.route.c[i].port);
      const int cls = lay.cls(group, v.route.c[i].sub);
      bool free = false;
      for (int c = lay.first(cls), e = c + lay.count(cls); c < e && !free; ++c) free = usable(op.vcs[c], p, len);
      if (!free) continue;
      const int used = op.used_vcs();
      if (used < best_used) best = i, best_used = used;
    }
    if (best >= 0) return best;
  }
  return -1;
}

}  // namespace drb
