// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_switch_alloc of the chapter-6 router (5 ports x 8 VCs: per input an 8-input VC
// arbiter, per output a 5-input crossbar arbiter) between input and output registers. The arbiters'
// pointers keep their asynchronous reset; the I/O registers have none.

module drb_switch_alloc_synth (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [39:0]      req_i,
  input  logic [39:0]      prio_i,
  input  logic [40*3-1:0]  out_port_i,
  output logic [39:0]      gnt_o
);

  logic [39:0]     req_q, prio_q, gnt_d;
  logic [40*3-1:0] out_port_q;

  always_ff @(posedge clk_i) begin
    req_q      <= req_i;
    prio_q     <= prio_i;
    out_port_q <= out_port_i;
    gnt_o      <= gnt_d;
  end

  drb_switch_alloc #(
    .NumPorts (5),
    .NumVcs   (8)
  ) u_sa (
    .clk_i,
    .rst_ni,
    .req_i      (req_q),
    .prio_i     (prio_q),
    .out_port_i (out_port_q),
    .gnt_o      (gnt_d),
    /* verilator lint_off PINCONNECTEMPTY */
    .bid_o      ()  // the router's AL reads it; nothing is built for it here
    /* verilator lint_on PINCONNECTEMPTY */
  );

endmodule
