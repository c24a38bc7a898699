// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_gmr (W = 16, 8x8 torus header) between input and output registers. The block's
// own configuration registers keep their asynchronous reset; the I/O registers have none.

module drb_gmr_synth (
  input  logic                             clk_i,
  input  logic                             rst_ni,
  input  logic                             cfg_we_i,
  input  logic [drb_hdr_pkg::LatencyW-1:0] cfg_threshold_i,
  input  logic                             cfg_every_hop_i,
  input  logic                             valid_i,
  input  drb_hdr_pkg::hdr_t                hdr_i,
  output drb_hdr_pkg::hdr_t                hdr_o,
  output logic                             fire_o,
  output drb_hdr_pkg::hdr_t                ack_o
);

  logic                             cfg_we_q, cfg_every_hop_q, valid_q, fire_d;
  logic [drb_hdr_pkg::LatencyW-1:0] cfg_threshold_q;
  drb_hdr_pkg::hdr_t                hdr_q, hdr_d, ack_d;

  always_ff @(posedge clk_i) begin
    cfg_we_q        <= cfg_we_i;
    cfg_threshold_q <= cfg_threshold_i;
    cfg_every_hop_q <= cfg_every_hop_i;
    valid_q         <= valid_i;
    hdr_q           <= hdr_i;
    hdr_o           <= hdr_d;
    fire_o          <= fire_d;
    ack_o           <= ack_d;
  end

  drb_gmr u_gmr (
    .clk_i,
    .rst_ni,
    .cfg_we_i        (cfg_we_q),
    .cfg_threshold_i (cfg_threshold_q),
    .cfg_every_hop_i (cfg_every_hop_q),
    .valid_i         (valid_q),
    .hdr_i           (hdr_q),
    .hdr_o           (hdr_d),
    .fire_o          (fire_d),
    .ack_o           (ack_d)
  );

endmodule
