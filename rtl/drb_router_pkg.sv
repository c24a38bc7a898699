// SPDX-License-Identifier: Apache-2.0
//
// Design package of the router (drb_router and its units): the VC states. The
// header and the flit layout ({tail, head, payload}: FlitW, FlitHead, FlitTail) come from the generated
// drb_hdr_pkg (tb/gen/gen_header_pkg), the one definition of both.

package drb_router_pkg;

  // State of an input VC (InputVc::State in systemc/router/input_unit.h, same encoding).
  localparam logic [1:0] VcIdle    = 2'd0;  // empty, or nothing at its front to route
  localparam logic [1:0] VcRouting = 2'd1;  // a head at the front waits for (or passes) route compute
  localparam logic [1:0] VcVcAlloc = 2'd2;  // routed, waits for an output VC
  localparam logic [1:0] VcActive  = 2'd3;  // holds an output VC; its flits bid for the switch

endpackage
