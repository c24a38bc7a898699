// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_vc_alloc of the chapter-6 router (5 ports x 8 VCs: 40 input VCs, 40 output VCs,
// each output VC a 40-input round-robin arbiter) between input and output registers. The pointers keep
// their asynchronous reset; the I/O registers have none.

module drb_vc_alloc_synth (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [39:0]      req_i,
  input  logic [40*6-1:0]  req_ovc_i,
  output logic [39:0]      gnt_o
);

  logic [39:0]     req_q, gnt_d, unused_vc;
  logic [40*6-1:0] req_ovc_q;

  always_ff @(posedge clk_i) begin
    req_q     <= req_i;
    req_ovc_q <= req_ovc_i;
    gnt_o     <= gnt_d;
  end

  drb_vc_alloc #(
    .NumIn  (40),
    .NumOut (40)
  ) u_va (
    .clk_i,
    .rst_ni,
    .req_i      (req_q),
    .req_ovc_i  (req_ovc_q),
    .req_port_i ('0),       // iSLIP's request (separable here)
    .req_mask_i ('0),
    .gnt_o      (gnt_d),
    .gnt_vc_o   (unused_vc)
  );
  logic unused;
  assign unused = ^unused_vc;

endmodule
