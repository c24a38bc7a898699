// SPDX-License-Identifier: Apache-2.0
// The waveform signals of a whole design (trace.vcd; docs/cosim.md), the same for the fast fabric and the
// SystemC face: each selected element's router signals (router/router_trace.h) and, per connected input,
// the flit its channel hands it; each attached NI's queues and the flits its ejection channels hand it.
// The assembly gives the elements and the names (router_N under the fabric, the user's modules in the face).
#pragma once
#include <functional>
#include <string>

#include "models/topology/interconnect.h"
#include "systemc/base/vcd_writer.h"
#include "systemc/channel/flit_probe.h"
#include "systemc/ni/ni_core.h"
#include "systemc/router/router_core.h"

namespace drb {

namespace cosim {
class RtlRouter;
}

struct DesignTrace {
  std::function<const RouterCore&(int)> router;  // by element id
  std::function<cosim::RtlRouter*(int)> rtl;     //   the RTL router stepping in its place, or none
  std::function<const SourceNi&(int)> source;    // by terminal id
  std::function<std::string(int)> router_name, ni_name;
};

// Registers the signals of the elements in sel.elements (empty: all) and of the NIs attached to them with
// w, and sizes flits for every receiving end of ic.
void trace_design(VcdWriter& w, FlitProbe& flits, const Interconnect& ic, const TraceSelect& sel, const DesignTrace& d);

}  // namespace drb
