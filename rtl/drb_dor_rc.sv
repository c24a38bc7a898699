// SPDX-License-Identifier: Apache-2.0
//
// Baseline dimension-order route compute for a K x K torus (reference: DorRouting::route on a
// KAryNCube({K, K}, wrap) with increasing dimension order). Node ids are x + K*y. Ports: 0 = +x, 1 = -x,
// 2 = +y, 3 = -y, 4 = local (dest_i == node_id_i; the model returns no candidate there).
//
// Per dimension the forward distance fwd = (dest - node) mod K decides the direction: + when fwd < K - fwd,
// - when fwd > K - fwd; on a tie (fwd = K/2) TiePositive picks the side, or with TieRandom the packet's
// tie bit of that dimension (tie_i, routing.tie=random: 1 = +). sub_o is the ring VC class
// (routing.vc_classes, VcClasses):
//   0 dateline:  1 if this dimension's dateline bit is set, or the chosen link is the ring's wrap link
//                (+ from coordinate K-1, - from coordinate 0);
//   1 partition: 1 if the dateline bit is set, or the rest of this traversal crosses the wrap link
//                (going +: dest < node; going -: dest > node);
//   2 balanced:  1 if the traversal ends in the half reached across the wrap link (going +: dest < K/2;
//                going -: dest >= K/2); dateline bits do not matter.

module drb_dor_rc #(
  parameter int unsigned K           = 8,
  parameter logic        TiePositive = 1'b1,
  parameter int unsigned TieRandom   = 0,
  parameter int unsigned VcClasses   = 0,
  parameter int unsigned NodeW       = drb_hdr_pkg::NodeW
) (
  input  logic [NodeW-1:0] node_id_i,
  input  logic [NodeW-1:0] dest_i,
  input  logic [1:0]       dateline_i,
  input  logic [1:0]       tie_i,
  output logic [2:0]       port_o,
  output logic             sub_o
);

  localparam int unsigned CW = (K > 1) ? $clog2(K) : 1;   // one coordinate
  localparam int unsigned DW = CW + 1;                     // distances up to 2*(K-1) and the constant K
  localparam logic [DW-1:0] KD = DW'(K);
  localparam logic [CW-1:0] KMax = CW'(K - 1);

  if (K < 2 || K * K > (1 << NodeW)) begin : g_bad_params
    $error("drb_dor_rc: need K >= 2 and K*K node ids in NodeW bits");
  end
  if (VcClasses > 2) begin : g_bad_classes
    $error("drb_dor_rc: VcClasses is 0 (dateline), 1 (partition) or 2 (balanced)");
  end
  if (TieRandom == 0) begin : g_no_tie
    logic unused_tie;
    assign unused_tie = ^tie_i;
  end
  localparam logic [CW-1:0] KHalf = CW'(K / 2);

  // Coordinates, dimension d in bits [d*CW +: CW]: x low, y high.
  logic [2*CW-1:0] node_c, dest_c;

  if ((K & (K - 1)) == 0) begin : g_pow2
    // Radix a power of two: coordinates are bit fields of the id.
    assign node_c = node_id_i[2*CW-1:0];
    assign dest_c = dest_i[2*CW-1:0];
    if (2 * CW < NodeW) begin : g_hi
      // Ids stay below K*K, so the top bits carry nothing.
      logic unused_hi;
      assign unused_hi = ^{node_id_i[NodeW-1:2*CW], dest_i[NodeW-1:2*CW]};
    end
  end else begin : g_div
    localparam logic [NodeW-1:0] KN = NodeW'(K);
    logic [NodeW-1:0] node_q, dest_q, node_r, dest_r;
    assign node_q = node_id_i / KN;
    assign node_r = node_id_i % KN;
    assign dest_q = dest_i / KN;
    assign dest_r = dest_i % KN;
    assign node_c = {node_q[CW-1:0], node_r[CW-1:0]};
    assign dest_c = {dest_q[CW-1:0], dest_r[CW-1:0]};
    // Only the low bits are meaningful for ids below K*K.
    logic unused_hi;
    assign unused_hi = ^{node_q[NodeW-1:CW], node_r[NodeW-1:CW], dest_q[NodeW-1:CW], dest_r[NodeW-1:CW]};
  end

  logic [1:0] move, plus, wrap, cls1;

  for (genvar d = 0; d < 2; d++) begin : g_dim
    logic [CW-1:0] nc, dc;
    logic [DW-1:0] fwd;     // (dest - node) mod K
    logic [DW:0]   twice;   // 2 * fwd, compared with K

    assign nc = node_c[d*CW +: CW];
    assign dc = dest_c[d*CW +: CW];
    always_comb begin
      fwd = {1'b0, dc} - {1'b0, nc};
      if (dc < nc) fwd = fwd + KD;
    end
    assign twice   = {fwd, 1'b0};
    logic tie_plus;
    assign tie_plus = (TieRandom != 0) ? tie_i[d] : TiePositive;
    assign move[d] = (fwd != '0);
    assign plus[d] = (twice < {1'b0, KD}) || (tie_plus && (twice == {1'b0, KD}));
    assign wrap[d] = plus[d] ? (nc == KMax) : (nc == '0);
    if (VcClasses == 0) begin : g_dateline
      assign cls1[d] = dateline_i[d] | wrap[d];
    end else if (VcClasses == 1) begin : g_partition
      assign cls1[d] = dateline_i[d] | (plus[d] ? (dc < nc) : (dc > nc));
    end else begin : g_balanced
      assign cls1[d] = plus[d] ? (dc < KHalf) : (dc >= KHalf);
    end
  end
  if (VcClasses != 0) begin : g_unused_wrap
    logic unused_wrap;
    assign unused_wrap = ^wrap;
  end
  if (VcClasses == 2) begin : g_unused_dateline
    logic unused_dateline;
    assign unused_dateline = ^dateline_i;
  end

  always_comb begin
    if (move[0]) begin
      port_o = plus[0] ? 3'd0 : 3'd1;
      sub_o  = cls1[0];
    end else if (move[1]) begin
      port_o = plus[1] ? 3'd2 : 3'd3;
      sub_o  = cls1[1];
    end else begin
      port_o = 3'd4;
      sub_o  = 1'b0;
    end
  end

endmodule
