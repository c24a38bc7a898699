// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/setup.h"

#include "systemc/fabric/net_ranges.h"

#include <stdexcept>
#include <string>

namespace drb {

namespace {
// A NetParams filled in code meets the keys' ranges before anything is sized from it.
const NetParams& checked(const NetParams& p) {
  check_net_ranges(p);
  return p;
}
}  // namespace

ElementSetup::ElementSetup(const NetParams& params) : p(checked(params)), al(p.al_width, p.al_tick), gmr(p.gmr_threshold, p.gmr_every_hop) {
  ic = make_interconnect(p.topo);
  const RelationParams rp{p.routing, p.up_selection};
  routing = make_relation(p.algorithm, *ic, rp);
  ack_routing = make_static_relation(*ic, rp);
  needs = routing->needs();
  SubClassSpec ack{0, -1, {}};
  if (p.acks && p.ack_mode != AckMode::Ideal) ack = ack_routing->subclasses();
  layout = std::make_unique<VcLayout>(p.vcs, p.steps, needs.classes, ack, p.vc_split);
  if (!layout->ok())
    throw std::invalid_argument("router.vcs: " + p.algorithm + " on a " + ic->kind() + " needs " +
                                std::to_string(layout->needed()) + " VC classes, got " + std::to_string(p.vcs));
  router.p = p;
  router.ic = ic.get();
  router.layout = layout.get();
  router.al = &al;
  router.gmr = &gmr;
  router.routing = routing.get();
  router.ack_routing = ack_routing.get();
  router.needs = needs;
  ni.p = p;
  ni.link = p;
  ni.layout = layout.get();
  ni.al = &al;
  ni.tie_bits = needs.tie_bits;
}

bool send_early_ack(const ElementSetup& s, const Header& data, int64_t now, AckWire& wire, SourceNi* local) {
  const Header ack = make_ack_header(data, AckKind::Early, static_cast<uint16_t>(s.p.ack_flits));
  if (s.p.ack_mode == AckMode::Ideal) {
    wire.push(static_cast<int>(data.origin), ack, now + s.p.ack_delay);
    return true;
  }
  return local && local->push_control(ack, true, s.p.gmr_queue);
}

}  // namespace drb
