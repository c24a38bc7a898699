// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_dec between input and output registers (8x8 torus widths from the generated
// package), so every reported path is register to register. The I/O registers have no reset.

module drb_dec_synth (
  input  logic                          clk_i,
  input  logic [drb_hdr_pkg::NodeW-1:0] node_id_i,
  input  drb_hdr_pkg::hdr_t             hdr_i,
  output drb_hdr_pkg::hdr_t             hdr_o,
  output logic                          pop_o,
  output logic                          eject_o
);

  logic [drb_hdr_pkg::NodeW-1:0] node_id_q;
  drb_hdr_pkg::hdr_t             hdr_q, hdr_d;
  logic                          pop_d, eject_d;

  always_ff @(posedge clk_i) begin
    node_id_q <= node_id_i;
    hdr_q     <= hdr_i;
    hdr_o     <= hdr_d;
    pop_o     <= pop_d;
    eject_o   <= eject_d;
  end

  drb_dec u_dec (
    .node_id_i (node_id_q),
    .hdr_i     (hdr_q),
    .hdr_o     (hdr_d),
    .pop_o     (pop_d),
    .eject_o   (eject_d)
  );

endmodule
