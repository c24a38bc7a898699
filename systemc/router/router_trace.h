// SPDX-License-Identifier: Apache-2.0
// A router's waveform signals (trace.vcd; docs/cosim.md), the same for the fast fabric and the SystemC
// face: its buffered flits; per connected input port and VC the VC's state (0 idle, 1 routing, 2 waiting
// for an output VC, 3 active), occupancy and packet; per connected output port the flits sent and, towards
// another element, per VC the credits. Ports are named as the JSON report names them (+x, up0, local).
// The values come from v: the RouterCore itself, or under router.impl=rtl the Verilated router that steps
// in its place (cosim::RtlRouter, the same accessors); the ports and their wiring from c.
#pragma once
#include <string>

#include "models/topology/interconnect.h"
#include "systemc/base/vcd_writer.h"
#include "systemc/router/router_core.h"

namespace drb {

template <class V>
void trace_router(VcdWriter& w, const V& v, const RouterCore& c, const Interconnect& ic, const std::string& base) {
  const int r = c.id();
  w.add(base + ".buffered", v.trace_buffered());
  for (int p = 0; p < c.in_ports(); ++p) {
    if (!c.input_connected(p)) continue;
    const std::string in = base + ".in_" + ic.port_name(r, p);
    for (int k = 0; k < c.vcs(); ++k) {
      const std::string vc = in + ".vc" + std::to_string(k);
      w.add(vc + ".state", v.trace_state(p, k), 2);
      w.add(vc + ".occupancy", v.trace_occupancy(p, k));
      w.add(vc + ".packet", v.trace_packet(p, k));
    }
  }
  for (int p = 0; p < c.out_ports(); ++p) {
    if (!c.output_connected(p)) continue;
    const std::string out = base + ".out_" + ic.port_name(r, p);
    w.add(out + ".sent", v.trace_sent(p), 32);  // a 32-bit counter on the wire
    if (c.output_to_element(p))  // an NI always sinks: an ejection channel has no credits to show
      for (int k = 0; k < c.vcs(); ++k) w.add(out + ".vc" + std::to_string(k) + ".credits", v.trace_credits(p, k));
  }
}

}  // namespace drb
