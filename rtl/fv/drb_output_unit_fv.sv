// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_output_unit (2 VCs, downstream buffers of 3 flits, a network link). The inputs are
// free except where the router would never drive them: a VC is taken only while free, a flit is sent only
// on an owned VC with a credit, and a credit comes back only for a flit sent and not yet credited (the
// harness counts those). Properties, from the cycle after reset on:
// - per VC, credits + flits in flight downstream = the buffer depth: the counter never exceeds the depth,
//   never goes below zero, and no credit is lost or made up;
// - a VC whose tail has left is free again; the flit enters the channel OutDelay (1) cycle after its grant.

module drb_output_unit_fv (
  input logic                          clk_i,
  input logic [1:0]                    take_i,
  input logic                          credit_valid_i,
  input logic                          credit_vc_i,
  input logic                          send_valid_i,
  input logic                          send_vc_i,
  input logic                          send_tail_i
);
  localparam int unsigned Depth = 3;

  logic started = 1'b0;  // reset in the first cycle
  always_ff @(posedge clk_i) started <= 1'b1;

  logic [1:0] free, can_send;
  logic [3:0] credits;
  logic [1:0] take;
  logic       send, back;
  logic [1:0] out_q [2];  // flits sent and not yet credited, per VC
  logic [1:0] owned_h;    // the harness's own view of ownership
  initial begin
    out_q[0] = '0;
    out_q[1] = '0;
    owned_h  = '0;
  end

  assign take = started ? (take_i & free) : 2'b00;
  assign send = started && send_valid_i && owned_h[send_vc_i] && can_send[send_vc_i];
  assign back = started && credit_valid_i && out_q[credit_vc_i] != '0;

  logic [drb_hdr_pkg::FlitW-1:0] flit;
  always_comb begin
    flit = '0;
    flit[drb_hdr_pkg::FlitTail] = send_tail_i;
  end

  /* verilator lint_off UNUSED */
  logic                          out_valid, out_vc, ack_valid;
  logic [drb_hdr_pkg::FlitW-1:0] out_flit;
  drb_hdr_pkg::hdr_t             ack_hdr;
  /* verilator lint_on UNUSED */

  drb_output_unit #(.NumVcs(2), .Depth(Depth), .Network(1'b1), .OutDelay(1)) u_dut (
    .clk_i,
    .rst_ni         (started),
    .sink_i         (1'b0),
    .take_i         (take),
    .credit_valid_i (back),
    .credit_vc_i,
    .free_o         (free),
    .credits_o      (credits),
    .can_send_o     (can_send),
    .send_valid_i   (send),
    .send_vc_i,
    .send_flit_i    (flit),
    .send_ack_i     (1'b0),
    .send_ack_hdr_i ('0),
    .out_valid_o    (out_valid),
    .out_vc_o       (out_vc),
    .out_flit_o     (out_flit),
    .ack_valid_o    (ack_valid),
    .ack_hdr_o      (ack_hdr)
  );

  logic sent_q = 1'b0;
  logic sent_vc_q = 1'b0;
  always_ff @(posedge clk_i) begin
    sent_q    <= send;
    sent_vc_q <= send_vc_i;
    for (int v = 0; v < 2; v++) begin
      out_q[v] <= out_q[v] + 2'(send && send_vc_i == 1'(v)) - 2'(back && credit_vc_i == 1'(v));
      if (take[v]) owned_h[v] <= 1'b1;
      else if (send && send_vc_i == 1'(v) && send_tail_i) owned_h[v] <= 1'b0;
    end
  end

  always_comb begin
    if (started) begin
      for (int v = 0; v < 2; v++) begin
        assert ({2'b00, credits[2*v +: 2]} + {2'b00, out_q[v]} == 4'(Depth));
        assert (free[v] == !owned_h[v]);
      end
      assert (out_valid == sent_q);
      assert (!out_valid || out_vc == sent_vc_q);
    end
  end
endmodule
