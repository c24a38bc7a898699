// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_dor_rc for the 8x8 torus (K = 8, 6-bit node ids) between input and output
// registers. The I/O registers have no reset.

module drb_dor_rc_synth (
  input  logic                          clk_i,
  input  logic [drb_hdr_pkg::NodeW-1:0] node_id_i,
  input  logic [drb_hdr_pkg::NodeW-1:0] dest_i,
  input  logic [1:0]                    dateline_i,
  output logic [2:0]                    port_o,
  output logic                          sub_o
);

  logic [drb_hdr_pkg::NodeW-1:0] node_id_q, dest_q;
  logic [1:0]                    dateline_q;
  logic [2:0]                    port_d;
  logic                          sub_d;

  always_ff @(posedge clk_i) begin
    node_id_q  <= node_id_i;
    dest_q     <= dest_i;
    dateline_q <= dateline_i;
    port_o     <= port_d;
    sub_o      <= sub_d;
  end

  // The minimal directions and the coordinates at 0 (adaptive and negative-first routing's) are not part
  // of this path.
  logic [1:0] move, plus, tie, at0;
  logic unused_min;
  assign unused_min = ^{move, plus, tie, at0};

  drb_dor_rc #(
    .K (8)
  ) u_rc (
    .node_id_i  (node_id_q),
    .dest_i     (dest_q),
    .dateline_i (dateline_q),
    .tie_i      (2'b00),
    .port_o     (port_d),
    .sub_o      (sub_d),
    .move_o     (move),
    .plus_o     (plus),
    .tie_o      (tie),
    .at0_o      (at0)
  );

endmodule
