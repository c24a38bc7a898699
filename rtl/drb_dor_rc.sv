// SPDX-License-Identifier: Apache-2.0
//
// Dimension-order route compute on a k-ary n-cube, torus or mesh (reference: DorRouting::route on
// KAryNCube). Node ids are row-major, dimension 0 fastest: id = x0 + k0 * (x1 + k1 * (x2 + ...)).
// Ports: 2d = +dimension d, 2d+1 = -dimension d, 2 * Dims = local (dest_i == node_id_i; the model returns
// no candidate there). Dimensions are corrected in DimOrder's order.
//
// On a torus, per dimension the forward distance fwd = (dest - node) mod k decides the direction: + when
// fwd < k - fwd, - when fwd > k - fwd; on a tie (fwd = k/2) TiePositive picks the side, or with TieRandom
// the packet's tie bit of that dimension (tie_i, routing.tie=random: 1 = +). On a mesh the sign of
// dest - node does. sub_o is the ring VC class (routing.vc_classes, VcClasses; always 0 on a mesh):
//   0 dateline:  1 if this dimension's dateline bit is set, or the chosen link is the ring's wrap link
//                (+ from coordinate k-1, - from coordinate 0);
//   1 partition: 1 if the dateline bit is set, or the rest of this traversal crosses the wrap link
//                (going +: dest < node; going -: dest > node);
//   2 balanced:  1 if the traversal ends in the half reached across the wrap link (going +: dest < k/2;
//                going -: dest >= k/2); dateline bits do not matter.
// Per dimension it also tells the minimal directions (move_o, plus_o, tie_o), which minimal adaptive
// routing (AdaptiveRouting) offers beside the dimension-order port, and whether this node's coordinate is
// 0 (at0_o: a mesh node there has no - link, which negative-first's misroutes need).

module drb_dor_rc #(
  parameter int unsigned K           = 8,                      /// radix of every dimension, unless Radix
  parameter int unsigned Dims        = 2,                      /// dimensions n
  parameter logic [63:0] Radix       = 64'h0,                  /// per dimension d, bits [8d +: 8]: its radix (0: K)
  parameter bit          Wrap        = 1'b1,                   /// torus (1) or mesh (0)
  parameter logic [63:0] DimOrder    = 64'hfedcba9876543210,   /// position i, bits [4i +: 4]: the i-th dimension
  parameter logic        TiePositive = 1'b1,                   /// ring ties go + (without TieRandom)
  parameter int unsigned TieRandom   = 0,                      /// ring ties follow tie_i
  parameter int unsigned VcClasses   = 0,                      /// 0 dateline, 1 partition, 2 balanced
  parameter int unsigned NodeW       = drb_hdr_pkg::NodeW,
  parameter int unsigned PortW       = 3                       /// bits of a port number (2 * Dims + 1 ports)
) (
  input  logic [NodeW-1:0] node_id_i,
  input  logic [NodeW-1:0] dest_i,
  input  logic [Dims-1:0]  dateline_i,
  input  logic [Dims-1:0]  tie_i,
  output logic [PortW-1:0] port_o,
  output logic             sub_o,
  output logic [Dims-1:0]  move_o,   // dimension d still needs hops,
  output logic [Dims-1:0]  plus_o,   //   in its + direction (on a ring tie the tie rule's side; meaningful where move_o),
  output logic [Dims-1:0]  tie_o,    //   and both of its directions are minimal (a ring tie)
  output logic [Dims-1:0]  at0_o     // this node's coordinate of dimension d is 0
);

  // The radix of dimension d and the id stride of its coordinate (constant functions; Yosys 0.23 takes
  // no `return` in them).
  function automatic int unsigned radix_of(int unsigned d);
    radix_of = drb_shape_pkg::dim_radix(Radix, K, d);
  endfunction
  function automatic int unsigned stride_of(int unsigned d);
    stride_of = drb_shape_pkg::dim_stride(Radix, K, d);
  endfunction
  function automatic bit all_pow2();
    all_pow2 = 1'b1;
    for (int unsigned i = 0; i < Dims; i++) all_pow2 = all_pow2 && ((radix_of(i) & (radix_of(i) - 1)) == 0);
  endfunction
  // Coordinates get the widest dimension's bits.
  function automatic int unsigned max_radix();
    max_radix = 2;
    for (int unsigned i = 0; i < Dims; i++) if (radix_of(i) > max_radix) max_radix = radix_of(i);
  endfunction
  localparam int unsigned CW   = $clog2(max_radix());   // one coordinate
  localparam int unsigned DW   = CW + 1;                 // distances up to 2*(k-1) and the constant k
  localparam bit          Pow2 = all_pow2();

  if (Dims < 1 || Dims > 8 || stride_of(Dims) > (1 << NodeW)) begin : g_bad_params
    $error("drb_dor_rc: need 1 to 8 dimensions and every node id in NodeW bits");
  end
  if (2 * Dims + 1 > (1 << PortW)) begin : g_bad_portw
    $error("drb_dor_rc: PortW too narrow for 2 * Dims + 1 ports");
  end
  if (VcClasses > 2) begin : g_bad_classes
    $error("drb_dor_rc: VcClasses is 0 (dateline), 1 (partition) or 2 (balanced)");
  end
  if (TieRandom == 0 || !Wrap) begin : g_no_tie
    logic unused_tie;
    assign unused_tie = ^tie_i;
  end
  if (VcClasses == 2 || !Wrap) begin : g_unused_dateline
    logic unused_dateline;
    assign unused_dateline = ^dateline_i;
  end

  if (Pow2 && $clog2(stride_of(Dims)) < NodeW) begin : g_hi
    // Ids stay below the node count, so the top bits carry nothing.
    logic unused_hi;
    assign unused_hi = ^{node_id_i[NodeW-1:$clog2(stride_of(Dims))], dest_i[NodeW-1:$clog2(stride_of(Dims))]};
  end

  logic [Dims-1:0] move, plus, cls1;

  for (genvar d = 0; d < Dims; d++) begin : g_dim
    localparam int unsigned Kd = radix_of(d);
    localparam int unsigned Sd = stride_of(d);
    localparam logic [DW-1:0] KD = DW'(Kd);
    logic [CW-1:0] nc, dc;
    if (Pow2) begin : g_pow2
      // Every radix a power of two: coordinates are bit fields of the id.
      localparam int unsigned Lo = $clog2(Sd);
      localparam int unsigned Bits = $clog2(Kd);
      if (Bits == 0) begin : g_one
        assign nc = '0;
        assign dc = '0;
      end else begin : g_field
        assign nc = CW'(node_id_i[Lo +: Bits]);
        assign dc = CW'(dest_i[Lo +: Bits]);
      end
    end else begin : g_div
      logic [NodeW-1:0] nq, dq;
      assign nq = (node_id_i / NodeW'(Sd)) % NodeW'(Kd);
      assign dq = (dest_i / NodeW'(Sd)) % NodeW'(Kd);
      assign nc = nq[CW-1:0];
      assign dc = dq[CW-1:0];
      if (NodeW > CW) begin : g_hi
        // Only the low bits are meaningful: a coordinate is below its radix.
        logic unused_q;
        assign unused_q = ^{nq[NodeW-1:CW], dq[NodeW-1:CW]};
      end
    end
    assign move[d] = (nc != dc);
    assign at0_o[d] = (nc == '0);
    if (Wrap) begin : g_torus
      localparam logic [CW-1:0] KMax  = CW'(Kd - 1);
      localparam logic [CW-1:0] KHalf = CW'(Kd / 2);
      logic [DW-1:0] fwd;     // (dest - node) mod k
      logic [DW:0]   twice;   // 2 * fwd, compared with k
      logic          tie_plus, wrap;
      always_comb begin
        fwd = {1'b0, dc} - {1'b0, nc};
        if (dc < nc) fwd = fwd + KD;
      end
      assign twice    = {fwd, 1'b0};
      assign tie_plus = (TieRandom != 0) ? tie_i[d] : TiePositive;
      assign plus[d]  = (twice < {1'b0, KD}) || (tie_plus && (twice == {1'b0, KD}));
      assign tie_o[d] = (twice == {1'b0, KD});
      assign wrap     = plus[d] ? (nc == KMax) : (nc == '0);
      if (VcClasses == 0) begin : g_dateline
        assign cls1[d] = dateline_i[d] | wrap;
      end else if (VcClasses == 1) begin : g_partition
        assign cls1[d] = dateline_i[d] | (plus[d] ? (dc < nc) : (dc > nc));
      end else begin : g_balanced
        assign cls1[d] = plus[d] ? (dc < KHalf) : (dc >= KHalf);
      end
      if (VcClasses != 0) begin : g_unused_wrap
        logic unused_wrap;
        assign unused_wrap = wrap;
      end
    end else begin : g_mesh
      assign plus[d] = dc > nc;
      assign cls1[d] = 1'b0;
      assign tie_o[d] = 1'b0;
    end
  end

  assign move_o = move;
  assign plus_o = plus;

  // The first dimension in DimOrder's order that still needs a hop.
  logic [31:0] pick;
  always_comb begin
    port_o = PortW'(2 * Dims);
    sub_o  = 1'b0;
    pick   = '0;
    for (int i = Dims - 1; i >= 0; i--) begin
      pick = 32'(DimOrder[4*i +: 4]);
      if (move[pick]) begin
        port_o = PortW'({pick, 1'b0} + {31'd0, !plus[pick]});
        sub_o  = cls1[pick];
      end
    end
  end

endmodule
