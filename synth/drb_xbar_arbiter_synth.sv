// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_xbar_arbiter for one output of the 8x8 torus router (5 inputs: 4 network ports
// and the local port) between input and output registers. The pointer keeps its asynchronous reset; the
// I/O registers have none.

module drb_xbar_arbiter_synth (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic [4:0] req_i,
  input  logic [4:0] prio_i,
  input  logic       used_i,
  output logic [4:0] gnt_o,
  output logic       valid_o,
  output logic [2:0] idx_o
);

  logic [4:0] req_q, prio_q, gnt_d;
  logic       used_q, valid_d;
  logic [2:0] idx_d;

  always_ff @(posedge clk_i) begin
    req_q   <= req_i;
    prio_q  <= prio_i;
    used_q  <= used_i;
    gnt_o   <= gnt_d;
    valid_o <= valid_d;
    idx_o   <= idx_d;
  end

  drb_xbar_arbiter #(
    .NumIn (5)
  ) u_arb (
    .clk_i,
    .rst_ni,
    .req_i   (req_q),
    .prio_i  (prio_q),
    .used_i  (used_q),
    .gnt_o   (gnt_d),
    .valid_o (valid_d),
    .idx_o   (idx_d)
  );

endmodule
