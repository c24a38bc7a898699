// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper, composite: the route-compute stage with DEC in front of the DOR route function, in
// series (the route is computed on the header DEC hands on: the popped destination and cleared dateline).
// It measures what DEC adds to the route stage, next to drb_dor_rc_synth alone. 8x8 torus widths; the I/O
// registers have no reset.

module drb_dec_rc_synth (
  input  logic                          clk_i,
  input  logic [drb_hdr_pkg::NodeW-1:0] node_id_i,
  input  drb_hdr_pkg::hdr_t             hdr_i,
  output drb_hdr_pkg::hdr_t             hdr_o,
  output logic                          pop_o,
  output logic                          eject_o,
  output logic [2:0]                    port_o,
  output logic                          sub_o
);

  logic [drb_hdr_pkg::NodeW-1:0] node_id_q;
  drb_hdr_pkg::hdr_t             hdr_q, hdr_d;
  logic                          pop_d, eject_d, sub_d;
  logic [2:0]                    port_d;

  always_ff @(posedge clk_i) begin
    node_id_q <= node_id_i;
    hdr_q     <= hdr_i;
    hdr_o     <= hdr_d;
    pop_o     <= pop_d;
    eject_o   <= eject_d;
    port_o    <= port_d;
    sub_o     <= sub_d;
  end

  drb_dec u_dec (
    .node_id_i (node_id_q),
    .hdr_i     (hdr_q),
    .hdr_o     (hdr_d),
    .pop_o     (pop_d),
    .eject_o   (eject_d)
  );

  // The minimal directions and the coordinates at 0 (adaptive and negative-first routing's) are not part
  // of this path.
  logic [1:0] move, plus, tie, at0;
  logic unused_min;
  assign unused_min = ^{move, plus, tie, at0};

  drb_dor_rc #(
    .K (8)
  ) u_rc (
    .node_id_i  (node_id_q),
    .dest_i     (hdr_d.dest0),
    .dateline_i (hdr_d.dateline),
    .tie_i      (2'b00),
    .port_o     (port_d),
    .sub_o      (sub_d),
    .move_o     (move),
    .plus_o     (plus),
    .tie_o      (tie),
    .at0_o      (at0)
  );

endmodule
