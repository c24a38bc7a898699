// SPDX-License-Identifier: Apache-2.0
//
// Input unit of one input port (InputUnit / InputVc in systemc/router/input_unit.h): per VC a flit buffer
// of Depth entries and the VC's state (drb_router_pkg::Vc*), the route its head got, the output VC it
// holds, its working header (the router's copy DEC and AL edit) and its stage counter; and the credit lane
// back upstream, which carries a credit for every flit leaving a buffer, in the cycle it leaves.
//
// A flit on in_valid_i in cycle t is in its buffer from cycle t + 1 (the model's arrival at t + 1). The
// router decides each cycle's transitions (route compute, VC allocation, switch allocation, AL waits) and
// this unit applies them at the clock edge:
//   pop_i (the front flit crosses the switch) with a tail: the VC is released, Routing again, ready at
//   t + 1 + DRc, if another packet is queued behind, else Idle; a head arriving in an Idle VC: Routing,
//   ready at t + 1 + DRc; va_gnt_i: Active, ready at t + DVa; rc_route_i: VcAlloc, and AL's T1 (the
//   timer at t + DVa, the head's zero-load switch slot) kept; rc_pop_i: route compute again at t + DDec.
// "Ready at c" is a per-VC down-counter of the cycles left (the model keeps the cycle c itself).

module drb_input_unit #(
  parameter int unsigned NumVcs   = 2,   /// VCs of the port
  parameter int unsigned Depth    = 8,   /// flits per VC buffer
  parameter int unsigned DRc      = 1,   /// route-compute delay (cycles a head waits at the front)
  parameter int unsigned DVa      = 1,   /// VC-allocation delay (>= 1)
  parameter int unsigned DDec     = 1,   /// extra route-compute cycles after a DEC pop (>= 1)
  parameter int unsigned PortW    = 3,
  parameter int unsigned VcW      = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  parameter int unsigned PtrW     = (Depth > 1) ? $clog2(Depth) : 1,
  parameter int unsigned CntW     = $clog2(Depth + 1),
  parameter int unsigned LatW     = drb_hdr_pkg::LatencyW
) (
  input  logic                                      clk_i,
  input  logic                                      rst_ni,
  input  logic [LatW-1:0]                           timer_i,      // AL timer this cycle
  // Input channel: flit lane in, credit lane out.
  input  logic                                      in_valid_i,
  input  logic [VcW-1:0]                            in_vc_i,
  input  logic [drb_hdr_pkg::FlitW-1:0]          in_flit_i,
  output logic                                      credit_valid_o,
  output logic [VcW-1:0]                            credit_vc_o,
  // This cycle's transitions, per VC.
  input  logic [NumVcs-1:0]                         pop_i,
  input  logic [NumVcs-1:0]                         rc_route_i,
  input  logic [NumVcs-1:0]                         rc_pop_i,
  input  logic [NumVcs-1:0]                         rc_eject_i,
  input  logic [NumVcs*PortW-1:0]                   rc_port_i,
  input  logic [NumVcs-1:0]                         rc_sub_i,
  input  logic [NumVcs-1:0]                         rc_prio_i,
  input  logic [NumVcs-1:0]                         blk_i,        // the head starts its AL wait
  input  logic [NumVcs-1:0]                         hdr_we_i,
  input  logic [NumVcs*drb_hdr_pkg::HdrW-1:0]       hdr_d_i,
  input  logic [NumVcs-1:0]                         lat_we_i,     // AL: the latency field alone (unless hdr_we_i)
  input  logic [NumVcs*LatW-1:0]                    lat_d_i,
  input  logic [NumVcs-1:0]                         va_gnt_i,
  input  logic [NumVcs*PortW-1:0]                   va_port_i,
  input  logic [NumVcs*VcW-1:0]                     va_ovc_i,
  // Per VC state.
  output logic [NumVcs*drb_hdr_pkg::FlitW-1:0]   front_o,
  output logic [NumVcs-1:0]                         nonempty_o,
  output logic [NumVcs*2-1:0]                       state_o,
  output logic [NumVcs-1:0]                         ready_o,      // the stage's delay has passed
  output logic [NumVcs*LatW-1:0]                    t1_o,         // timer(T1) of the head waiting
  output logic [NumVcs-1:0]                         blocked_o,
  output logic [NumVcs-1:0]                         prio_o,
  output logic [NumVcs-1:0]                         eject_o,
  output logic [NumVcs*PortW-1:0]                   route_port_o,
  output logic [NumVcs-1:0]                         route_sub_o,
  output logic [NumVcs*PortW-1:0]                   out_port_o,
  output logic [NumVcs*VcW-1:0]                     out_vc_o,
  output logic [NumVcs-1:0]                         hdr_valid_o,
  output logic [NumVcs*drb_hdr_pkg::HdrW-1:0]       hdr_o,
  output logic [NumVcs*CntW-1:0]                    count_o,
  // The state and count registers' next values (this cycle's arrivals, grants, pops and releases taken):
  // what the model's InputVc holds after its step (the waveform of router.impl=rtl).
  output logic [NumVcs*2-1:0]                       state_next_o,
  output logic [NumVcs*CntW-1:0]                    count_next_o
);

  // Cycles left before a VC is ready: DRc after an arrival or a release, DVa - 1, DDec - 1.
  localparam int unsigned MaxRem = (DRc > DVa - 1) ? ((DRc > DDec - 1) ? DRc : DDec - 1)
                                                   : ((DVa - 1 > DDec - 1) ? DVa - 1 : DDec - 1);
  localparam int unsigned RemW   = (MaxRem > 0) ? $clog2(MaxRem + 1) : 1;
  localparam int unsigned FlitW = drb_hdr_pkg::FlitW;
  localparam int unsigned HdrW  = drb_hdr_pkg::HdrW;

  if (DDec < 1 || DVa < 1) begin : g_bad_delay
    $error("drb_input_unit: DDec >= 1 and DVa >= 1 (route compute after a pop, and switch allocation after VC allocation, come in a later cycle)");
  end

  // Credit lane: at most one flit leaves the port a cycle (switch allocation's input stage).
  always_comb begin
    credit_valid_o = |pop_i;
    credit_vc_o    = '0;
    for (int unsigned v = 0; v < NumVcs; v++) if (pop_i[v]) credit_vc_o = VcW'(v);
  end

  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic [FlitW-1:0] mem_q [Depth];
    logic [PtrW-1:0]  rd_q, wr_q;
    logic [CntW-1:0]  cnt_q;
    logic [1:0]       state_q, state_d;
    logic [CntW-1:0]  cnt_d;
    logic [RemW-1:0]  rem_q;
    logic [LatW-1:0]  t1_q;
    logic             blocked_q, prio_q, eject_q, sub_q, hdr_valid_q;
    logic [PortW-1:0] route_port_q, out_port_q;
    logic [VcW-1:0]   out_vc_q;
    logic [HdrW-1:0]  hdr_q;

    logic push, pop, release_vc, empty_after, goes_idle;
    assign push = in_valid_i && (in_vc_i == VcW'(v));
    assign pop  = pop_i[v];
    assign release_vc  = pop && mem_q[rd_q][drb_hdr_pkg::FlitTail];
    assign empty_after = (cnt_q == CntW'(1));  // the popped flit was the last (arrivals count next cycle)
    assign goes_idle   = empty_after && !push;  // a tail leaving idles the VC unless a flit arrives

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        rd_q  <= '0;
        wr_q  <= '0;
        cnt_q <= '0;
      end else begin
        if (push) begin
          mem_q[wr_q] <= in_flit_i;
          wr_q <= (wr_q == PtrW'(Depth - 1)) ? '0 : wr_q + 1'b1;
        end
        if (pop) rd_q <= (rd_q == PtrW'(Depth - 1)) ? '0 : rd_q + 1'b1;
        cnt_q <= cnt_d;
      end
    end
    assign cnt_d = cnt_q + CntW'(push) - CntW'(pop);

    // The VC's state: route compute's result, then a VC grant, then a tail leaving (the VC idles, or
    // routes the next head), or a head arriving at an idle VC; the later rule wins.
    always_comb begin
      state_d = state_q;
      if (rc_route_i[v]) state_d = drb_router_pkg::VcVcAlloc;
      if (va_gnt_i[v]) state_d = drb_router_pkg::VcActive;
      if (release_vc) begin
        if (goes_idle) state_d = drb_router_pkg::VcIdle;
        else state_d = drb_router_pkg::VcRouting;
      end else if (push && state_q == drb_router_pkg::VcIdle) begin
        state_d = drb_router_pkg::VcRouting;
      end
    end

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        state_q      <= drb_router_pkg::VcIdle;
        rem_q        <= '0;
        t1_q         <= '0;
        blocked_q    <= 1'b0;
        prio_q       <= 1'b0;
        eject_q      <= 1'b0;
        sub_q        <= 1'b0;
        route_port_q <= '0;
        out_port_q   <= '0;
        out_vc_q     <= '0;
        hdr_valid_q  <= 1'b0;
        hdr_q        <= '0;
      end else begin
        if (hdr_we_i[v]) begin
          hdr_q       <= hdr_d_i[v*HdrW +: HdrW];
          hdr_valid_q <= 1'b1;
        end
        else if (lat_we_i[v]) hdr_q[drb_hdr_pkg::LatencyOff +: LatW] <= lat_d_i[v*LatW +: LatW];
        state_q <= state_d;
        if (rc_route_i[v]) begin
          t1_q         <= timer_i + LatW'(DVa);
          eject_q      <= rc_eject_i[v];
          route_port_q <= rc_port_i[v*PortW +: PortW];
          sub_q        <= rc_sub_i[v];
          prio_q       <= rc_prio_i[v];
          blocked_q    <= blk_i[v];
        end else if (blk_i[v]) begin
          blocked_q <= 1'b1;
        end
        rem_q <= (rem_q == '0) ? '0 : rem_q - 1'b1;
        if (rc_pop_i[v]) rem_q <= RemW'(DDec - 1);
        if (va_gnt_i[v]) begin
          rem_q      <= RemW'(DVa - 1);
          out_port_q <= va_port_i[v*PortW +: PortW];
          out_vc_q   <= va_ovc_i[v*VcW +: VcW];
        end
        if (release_vc) begin
          eject_q     <= 1'b0;
          hdr_valid_q <= 1'b0;
          if (!goes_idle) rem_q <= RemW'(DRc);
        end else if (push && state_q == drb_router_pkg::VcIdle) begin
          rem_q <= RemW'(DRc);
        end
      end
    end

    assign front_o[v*FlitW +: FlitW]      = mem_q[rd_q];
    assign nonempty_o[v]                   = (cnt_q != '0);
    assign state_o[v*2 +: 2]               = state_q;
    assign ready_o[v]                      = (rem_q == '0);
    assign t1_o[v*LatW +: LatW]            = t1_q;
    assign blocked_o[v]                    = blocked_q;
    assign prio_o[v]                       = prio_q;
    assign eject_o[v]                      = eject_q;
    assign route_port_o[v*PortW +: PortW]  = route_port_q;
    assign route_sub_o[v]                  = sub_q;
    assign out_port_o[v*PortW +: PortW]    = out_port_q;
    assign out_vc_o[v*VcW +: VcW]          = out_vc_q;
    assign hdr_valid_o[v]                  = hdr_valid_q;
    assign hdr_o[v*HdrW +: HdrW]           = hdr_q;
    assign count_o[v*CntW +: CntW]         = cnt_q;
    assign state_next_o[v*2 +: 2]          = state_d;
    assign count_next_o[v*CntW +: CntW]    = cnt_d;

`ifndef SYNTHESIS
    // No write to a full buffer (the upstream router spends a credit per flit), no read of an empty one.
    // Checked at the clock edge, on the values the edge samples (reset puts states that keep them).
    always @(posedge clk_i) begin
      assert (!push || cnt_q != CntW'(Depth) || pop);
      assert (!pop || cnt_q != '0);
    end
`endif
  end

endmodule
