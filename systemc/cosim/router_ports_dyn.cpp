// SPDX-License-Identifier: Apache-2.0
// The entry point of a drb_router configuration verilated on first use (rtl_router.cpp builds it into a
// library of its own, with Verilator's runtime, and loads it): the model is always named Vdrb_router_dyn,
// each configuration in its own library.
#include "Vdrb_router_dyn.h"
#include "systemc/cosim/router_ports_of.h"

extern "C" drb::cosim::RouterPorts* drb_make_router_ports(int ports, int portw, int vcs, int vcw, int crw, int hw,
                                                           const char* name) {
  return new drb::cosim::RouterPortsOf<Vdrb_router_dyn>(ports, portw, vcs, vcw, crw, hw, name);
}
