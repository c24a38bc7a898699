// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper, composite: the route-compute stage with DEC kept off the route function's path. The
// route is computed speculatively for both outcomes in parallel, on dest0 with the header's dateline and on
// dest1 with the dateline a pop clears, and DEC's pop selects one. Same ports and results as
// drb_dec_rc_synth (the serial form; a Yosys equivalence check in synth/CMakeLists.txt proves it), so the two
// rows compare the two ways of building the stage. 8x8 torus widths; the I/O registers have no reset.

module drb_dec_rc_spec_synth (
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
  logic                          pop_d, eject_d, sub_d, sub_stay, sub_pop;
  logic [2:0]                    port_d, port_stay, port_pop;

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
  logic [1:0] move_stay, plus_stay, tie_stay, at0_stay;
  logic [1:0] move_pop, plus_pop, tie_pop, at0_pop;
  logic unused_min;
  assign unused_min = ^{move_stay, plus_stay, tie_stay, at0_stay, move_pop, plus_pop, tie_pop, at0_pop};

  drb_dor_rc #(
    .K (8)
  ) u_rc_stay (
    .node_id_i  (node_id_q),
    .dest_i     (hdr_q.dest0),
    .dateline_i (hdr_q.dateline),
    .tie_i      (2'b00),
    .port_o     (port_stay),
    .sub_o      (sub_stay),
    .move_o     (move_stay),
    .plus_o     (plus_stay),
    .tie_o      (tie_stay),
    .at0_o      (at0_stay)
  );

  drb_dor_rc #(
    .K (8)
  ) u_rc_pop (
    .node_id_i  (node_id_q),
    .dest_i     (hdr_q.dest1),
    .dateline_i (2'b00),
    .tie_i      (2'b00),
    .port_o     (port_pop),
    .sub_o      (sub_pop),
    .move_o     (move_pop),
    .plus_o     (plus_pop),
    .tie_o      (tie_pop),
    .at0_o      (at0_pop)
  );

  assign port_d = pop_d ? port_pop : port_stay;
  assign sub_d  = pop_d ? sub_pop : sub_stay;

endmodule
