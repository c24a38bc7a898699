// SPDX-License-Identifier: Apache-2.0
//
// GMR: early-ack generator of DRB2, one per output channel (reference: Gmr::fire and make_ack_header in
// models/blocks/gmr.h). For a head entering the output channel (valid_i) it compares the latency field,
// unsigned, with the threshold register. Above it, a data head (and, in once mode, only one that has not
// fired before) fires: fire_o asks the router's injection queue to take ack_o, and hdr_o leaves with
// early_sent set. The data head is otherwise unchanged.
//
// ack_o is the ack block of hdr_i rewired into an EARLY ack header towards the origin; it is pure wiring,
// valid whenever hdr_i is, and qualified by fire_o.
//
// Configuration (threshold, every-hop) is written through cfg_we_i and takes effect the next cycle. The
// decision and the ack are drb_gmr_fire's (combinational; the router evaluates one per input VC).

module drb_gmr #(
  parameter int unsigned                          AckFlits       = 1,
  parameter logic [drb_hdr_pkg::LatencyW-1:0]     ThresholdReset = '0,
  parameter logic                                 EveryHopReset  = 1'b0
) (
  input  logic                                 clk_i,
  input  logic                                 rst_ni,
  // Configuration register write port.
  input  logic                                 cfg_we_i,
  input  logic [drb_hdr_pkg::LatencyW-1:0]     cfg_threshold_i,
  input  logic                                 cfg_every_hop_i,
  // Head flit entering the output channel.
  input  logic                                 valid_i,
  input  drb_hdr_pkg::hdr_t                    hdr_i,
  output drb_hdr_pkg::hdr_t                    hdr_o,
  // Early ack towards the injection queue.
  output logic                                 fire_o,
  output drb_hdr_pkg::hdr_t                    ack_o
);

  logic [drb_hdr_pkg::LatencyW-1:0] threshold_q;
  logic                             every_hop_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      threshold_q <= ThresholdReset;
      every_hop_q <= EveryHopReset;
    end else if (cfg_we_i) begin
      threshold_q <= cfg_threshold_i;
      every_hop_q <= cfg_every_hop_i;
    end
  end

  drb_gmr_fire #(.AckFlits(AckFlits)) u_fire (
    .threshold_i (threshold_q),
    .every_hop_i (every_hop_q),
    .valid_i,
    .hdr_i,
    .hdr_o,
    .fire_o,
    .ack_o
  );

endmodule
