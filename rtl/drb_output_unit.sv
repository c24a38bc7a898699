// SPDX-License-Identifier: Apache-2.0
//
// Output unit of one output port (OutputUnit in systemc/router/output_unit.h): per output VC whether an
// input VC owns it and, towards another router, its credits (free slots downstream); and the
// switch-traversal pipeline: a flit granted in cycle t enters the output channel in cycle t + OutDelay (the
// model's d_sa + d_st). A head arrives here already edited (AL's resume, the link's dateline bits, GMR:
// the router computes them per input VC beside switch allocation); an early ack GMR fired for it leaves
// in the grant cycle. Towards a terminal (Network = 0, or sink_i: a switch port whose side is known from its
// element id) the NI always sinks: no credits are counted.

module drb_output_unit #(
  parameter int unsigned NumVcs   = 2,     /// VCs per port
  parameter int unsigned Depth    = 8,     /// downstream buffer depth (initial credits)
  parameter bit          Network  = 1'b1,  /// a router-to-router link (credits counted)
  parameter int unsigned OutDelay = 2,     /// cycles from the switch grant to the channel (>= 1)
  parameter int unsigned VcW      = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  parameter int unsigned CrW      = $clog2(Depth + 1)
) (
  input  logic                                   clk_i,
  input  logic                                   rst_ni,
  input  logic                                   sink_i,        // towards a terminal (constant; Network = 1)
  // VC allocation and the credit lane.
  input  logic [NumVcs-1:0]                      take_i,        // output VC v is allocated this cycle
  input  logic                                   credit_valid_i,
  input  logic [VcW-1:0]                         credit_vc_i,
  output logic [NumVcs-1:0]                      free_o,
  output logic [NumVcs*CrW-1:0]                  credits_o,
  output logic [NumVcs*CrW-1:0]                  credits_next_o,  // their next values (waveforms)
  output logic [NumVcs-1:0]                      can_send_o,    // a credit (or a terminal: always)
  // The flit the switch sends this cycle, and GMR's ack for it.
  input  logic                                   send_valid_i,
  input  logic [VcW-1:0]                         send_vc_i,
  input  logic [drb_hdr_pkg::FlitW-1:0]          send_flit_i,
  input  logic                                   send_ack_i,
  input  drb_hdr_pkg::hdr_t                      send_ack_hdr_i,
  // The output channel (flit lane) and GMR's early ack.
  output logic                                   out_valid_o,
  output logic [VcW-1:0]                         out_vc_o,
  output logic [drb_hdr_pkg::FlitW-1:0]          out_flit_o,
  output logic                                   ack_valid_o,
  output drb_hdr_pkg::hdr_t                      ack_hdr_o
);

  localparam int unsigned FlitW = drb_hdr_pkg::FlitW;

  if (OutDelay < 1) begin : g_bad_delay
    $error("drb_output_unit: OutDelay >= 1");
  end

  logic counted;  // credits counted on this port
  assign counted = Network && !sink_i;
  logic is_tail;
  assign is_tail = send_flit_i[drb_hdr_pkg::FlitTail];

  // ---- owners and credits
  logic [NumVcs-1:0]     owned_q;
  logic [NumVcs*CrW-1:0] cr_q, cr_d;
  for (genvar v = 0; v < NumVcs; v++) begin : g_vc
    logic sent_here, back_here;
    assign sent_here = send_valid_i && send_vc_i == VcW'(v);
    assign back_here = credit_valid_i && credit_vc_i == VcW'(v);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        owned_q[v]           <= 1'b0;
        cr_q[v*CrW +: CrW]   <= CrW'(Depth);
      end else begin
        if (take_i[v]) owned_q[v] <= 1'b1;
        else if (sent_here && is_tail) owned_q[v] <= 1'b0;
        cr_q[v*CrW +: CrW] <= cr_d[v*CrW +: CrW];
      end
    end
    assign cr_d[v*CrW +: CrW] = counted ? cr_q[v*CrW +: CrW] - CrW'(sent_here) + CrW'(back_here)
                                        : cr_q[v*CrW +: CrW];
    assign free_o[v]     = !owned_q[v];
    assign can_send_o[v] = !counted || cr_q[v*CrW +: CrW] != '0;
`ifndef SYNTHESIS
    // Credits stay within [0, Depth]; a VC is taken only while free, sent on only while owned.
    // Checked at the clock edge, on the values the edge samples (reset puts states that keep them).
    always @(posedge clk_i) begin
      assert (!(counted && sent_here && cr_q[v*CrW +: CrW] == '0));
      assert (!(counted && back_here && !sent_here && cr_q[v*CrW +: CrW] == CrW'(Depth)));
      assert (!(take_i[v] && owned_q[v]));
      assert (!(sent_here && !owned_q[v]));
    end
`endif
  end
  assign credits_o      = cr_q;
  assign credits_next_o = cr_d;

  assign ack_valid_o = send_valid_i && send_ack_i;
  assign ack_hdr_o   = send_ack_hdr_i;

  // ---- switch traversal: OutDelay register stages
  logic [OutDelay-1:0]       pv_q;
  logic [OutDelay*VcW-1:0]   pvc_q;
  logic [OutDelay*FlitW-1:0] pf_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pv_q  <= '0;
      pvc_q <= '0;
      pf_q  <= '0;
    end else begin
      pv_q[0]          <= send_valid_i;
      pvc_q[0 +: VcW]  <= send_vc_i;
      pf_q[0 +: FlitW] <= send_flit_i;
      for (int unsigned s = 1; s < OutDelay; s++) begin
        pv_q[s]               <= pv_q[s-1];
        pvc_q[s*VcW +: VcW]   <= pvc_q[(s-1)*VcW +: VcW];
        pf_q[s*FlitW +: FlitW] <= pf_q[(s-1)*FlitW +: FlitW];
      end
    end
  end
  assign out_valid_o = pv_q[OutDelay-1];
  assign out_vc_o    = pvc_q[(OutDelay-1)*VcW +: VcW];
  assign out_flit_o  = pf_q[(OutDelay-1)*FlitW +: FlitW];

endmodule
