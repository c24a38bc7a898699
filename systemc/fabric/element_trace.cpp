// SPDX-License-Identifier: Apache-2.0
#include "systemc/fabric/element_trace.h"

#include <vector>

#include "systemc/cosim/rtl_router.h"
#include "systemc/router/router_trace.h"

namespace drb {

void trace_design(VcdWriter& w, FlitProbe& flits, const Interconnect& ic, const TraceSelect& sel, const DesignTrace& d) {
  const NetworkGraph& g = ic.graph();
  const int elements = ic.elements(), nodes = ic.terminals();
  std::vector<char> el(static_cast<size_t>(elements), sel.elements.empty()), ni(static_cast<size_t>(nodes), 0);
  for (int e : sel.elements) el.at(static_cast<size_t>(e)) = 1;
  for (int t = 0; t < nodes; ++t) ni[t] = el[g.terminals()[t].inject.element] || el[g.terminals()[t].eject.element];
  std::vector<int> in_ports, channels;
  for (int e = 0; e < elements; ++e) in_ports.push_back(d.router(e).in_ports());
  for (int t = 0; t < nodes; ++t) channels.push_back(g.terminals()[t].channels);
  flits.init(in_ports, channels);
  for (int e = 0; e < elements; ++e) {
    if (!el[e]) continue;
    if (cosim::RtlRouter* x = d.rtl ? d.rtl(e) : nullptr) {  // router.impl=rtl: the RTL's state
      x->trace_on();
      trace_router(w, *x, d.router(e), ic, d.router_name(e));
    } else {
      trace_router(w, d.router(e), d.router(e), ic, d.router_name(e));
    }
  }
  for (int t = 0; t < nodes; ++t) {
    if (!ni[t]) continue;
    w.add(d.ni_name(t) + ".queue", d.source(t).trace_queue());
    w.add(d.ni_name(t) + ".control", d.source(t).trace_control());
  }
  // Per receiving port the flit its channel hands it (element inputs under the JSON's port names, an NI's
  // ejection channels as eject, eject#1, ...).
  for (int e = 0; e < elements; ++e) {
    const RouterCore& c = d.router(e);
    for (int p = 0; p < c.in_ports(); ++p)
      if (el[e] && c.input_connected(p)) flits.add(w, element_end(e, p), d.router_name(e) + ".in_" + ic.port_name(e, p));
  }
  for (int t = 0; t < nodes; ++t)
    for (int c = 0; c < g.terminals()[t].channels; ++c)
      if (ni[t]) flits.add(w, terminal_end(t, c), d.ni_name(t) + ".eject" + (c ? "#" + std::to_string(c) : std::string()));
}

}  // namespace drb
