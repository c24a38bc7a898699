// SPDX-License-Identifier: Apache-2.0
//
// GMR's decision and ack, combinational (drb_gmr holds the configuration registers around it; the router,
// rtl/drb_router.sv, evaluates one per input VC beside switch allocation): a valid data head whose latency
// field is above the threshold (unsigned), in every-hop mode or not yet early_sent, fires; hdr_o is hdr_i
// with early_sent set when it fires; ack_o is hdr_i's ack block rewired into an EARLY ack towards the
// origin (pure wiring, qualified by fire_o).

module drb_gmr_fire #(
  parameter int unsigned AckFlits = 1   /// length field of the ack
) (
  input  logic [drb_hdr_pkg::LatencyW-1:0] threshold_i,
  input  logic                             every_hop_i,
  input  logic                             valid_i,
  input  drb_hdr_pkg::hdr_t                hdr_i,
  output drb_hdr_pkg::hdr_t                hdr_o,
  output logic                             fire_o,
  output drb_hdr_pkg::hdr_t                ack_o
);

  assign fire_o = valid_i
                & (hdr_i.tclass == drb_hdr_pkg::TclassData)
                & (hdr_i.latency > threshold_i)
                & (every_hop_i | ~hdr_i.early_sent);

  always_comb begin
    hdr_o = hdr_i;
    if (fire_o) hdr_o.early_sent = 1'b1;
  end

  // Ack extraction: every field not listed stays zero.
  always_comb begin
    ack_o              = '0;
    ack_o.dest0        = hdr_i.ack_origin;  // the ack travels back to the origin
    ack_o.ack_origin   = hdr_i.ack_origin;
    ack_o.ack_d1_valid = hdr_i.ack_d1_valid;
    ack_o.ack_d1       = hdr_i.ack_d1;
    ack_o.ack_d2_valid = hdr_i.ack_d2_valid;
    ack_o.ack_d2       = hdr_i.ack_d2;
    ack_o.ack_final    = hdr_i.ack_final;
    ack_o.latency      = hdr_i.latency;
    ack_o.seq          = hdr_i.seq;
    ack_o.tclass       = drb_hdr_pkg::TclassAck;
    ack_o.ack_kind     = drb_hdr_pkg::AckKindEarly;
    ack_o.length       = drb_hdr_pkg::LengthW'(AckFlits);
  end

endmodule
