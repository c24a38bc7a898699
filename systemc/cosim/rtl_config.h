// SPDX-License-Identifier: Apache-2.0
// Which networks the Verilated blocks of this build can run in (router.blocks.* = rtl). The RTL was
// generated for one header layout (tb/gen/header_pkg.cmake, cache variables DRB_HDR_*); validation asks
// here before a run starts.
#pragma once
#include <string>

#include "models/packet/header.h"
#include "systemc/fabric/net_types.h"

namespace drb::cosim {

enum class Block { Dec, Al, Gmr, Xbar, Va, Sa };

// False when the build was configured with DRB_NO_RTL.
bool rtl_built();
// The layout the RTL header package was generated for (meaningful only if rtl_built()).
LayoutParams rtl_layout();
// True if a Verilated crossbar arbiter exists for routers with this many ports (local port included).
bool rtl_xbar_covers(int router_ports);
// True if Verilated VC and switch allocators exist for routers with this many ports and VCs per port.
bool rtl_alloc_covers(int router_ports, int vcs);

// Why block b cannot run as RTL in this network, or "" if it can. The RTL's header layout must hold every
// header the network builds without loss (node ids, sequence numbers, dateline bits, lengths) and use the
// same latency width W, whose modular arithmetic AL and GMR implement; the arbiter needs an instance for
// the router's port count.
std::string rtl_unsupported(Block b, const NetParams& p, int nodes, int dims, int router_ports);

}  // namespace drb::cosim
