// SPDX-License-Identifier: Apache-2.0
//
// Design package of the router (drb_router and its units): the VC states and the flit layout. The header
// fields come from the generated drb_hdr_pkg (tb/gen/gen_header_pkg), the one definition of the head flit.

package drb_router_pkg;

  // State of an input VC (InputVc::State in systemc/router/input_unit.h, same encoding).
  localparam logic [1:0] VcIdle    = 2'd0;  // empty, or nothing at its front to route
  localparam logic [1:0] VcRouting = 2'd1;  // a head at the front waits for (or passes) route compute
  localparam logic [1:0] VcVcAlloc = 2'd2;  // routed, waits for an output VC
  localparam logic [1:0] VcActive  = 2'd3;  // holds an output VC; its flits bid for the switch

  // Cycle stamps (route compute and VC-allocation delays are kept as stamps, as in the model).
  localparam int unsigned TimeW = 32;

  // A flit on a channel: {tail, head, payload}; a head's payload is the header (drb_hdr_pkg::hdr_t), a body
  // flit's payload is data the router carries untouched.
  localparam int unsigned PayloadW = drb_hdr_pkg::HdrW;
  localparam int unsigned FlitW    = PayloadW + 2;
  localparam int unsigned FlitHead = PayloadW;
  localparam int unsigned FlitTail = PayloadW + 1;

endpackage
