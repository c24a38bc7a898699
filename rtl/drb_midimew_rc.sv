// SPDX-License-Identifier: Apache-2.0
//
// Dimension-order route compute on a midimew C_N(B-1, B) (reference: DorRouting::route on Midimew).
// Node i links to i +- (B-1) (ports 0 and 1, "dimension" 0) and to i +- B (ports 2 and 3, dimension 1);
// port 4 is local (dest_i == node_id_i). A route is a pair of jump counts (a, c) per offset
// (dest - node) mod N, the first minimal pair a breadth-first search from node 0 finds (the midimew is
// vertex-transitive): no closed form gives the search's choice among equal-length pairs, so the pairs are
// a ROM of N entries (Table, the network's, passed in at elaboration). The dimensions are corrected in
// DimOrder's order, each all its jumps in the sign of its count.
// sub_o is the jump ring's VC class (routing.vc_classes, VcClasses):
//   0 dateline:  1 if this dimension's dateline bit is set, or the chosen link wraps past N (going +:
//                node + jump >= N; going -: node < jump);
//   1 partition: 1 if the dateline bit is set, or the rest of this traversal wraps: |count| jumps from
//                the node pass N (going +: node + |count| jump >= N; going -: node < |count| jump; a
//                minimal count's jumps span less than N, so they wrap at most once).

module drb_midimew_rc #(
  parameter int unsigned N         = 8,       /// nodes
  parameter int unsigned B         = 2,       /// the long jump b = ceil(sqrt(N / 2)); the short one is B - 1
  parameter int unsigned OffW      = 4,       /// bits of a jump count (two's complement)
  /// per offset o, bits [2 OffW o +: OffW]: a, the jumps of B - 1; the next OffW bits: c, those of B
  parameter logic [N*2*OffW-1:0] Table = '0,
  parameter logic [7:0]  DimOrder  = 8'h10,   /// position i, bits [4i +: 4]: the i-th dimension routed
  parameter int unsigned VcClasses = 0,       /// 0 dateline, 1 partition
  parameter int unsigned NodeW     = drb_hdr_pkg::NodeW,
  parameter int unsigned PortW     = 3        /// bits of a port number (5 ports)
) (
  input  logic [NodeW-1:0] node_id_i,
  input  logic [NodeW-1:0] dest_i,
  input  logic [1:0]       dateline_i,
  output logic [PortW-1:0] port_o,
  output logic             sub_o
);

  if (N < 8 || N > (1 << NodeW) || B < 2 || 2 * B * B < N || PortW < 3 || VcClasses > 1) begin : g_bad_params
    $error("drb_midimew_rc: N from 8 to 2^NodeW, 2 B^2 >= N, PortW >= 3, VcClasses 0 or 1");
  end

  // The offset and its table entry.
  localparam int unsigned W = NodeW + 1;
  logic [W-1:0] off;
  always_comb begin
    off = {1'b0, dest_i} - {1'b0, node_id_i};
    if (dest_i < node_id_i) off = off + W'(N);
  end
  logic [2*OffW-1:0] entry;
  assign entry = Table[32'(off) * 2 * OffW +: 2 * OffW];

  logic [1:0] move, plus, cls1;
  for (genvar d = 0; d < 2; d++) begin : g_dim
    localparam int unsigned J = (d == 0) ? B - 1 : B;
    logic signed [OffW-1:0] cnt;
    logic [OffW-1:0]        mag;
    logic                   wrap, passes;
    assign cnt     = entry[d*OffW +: OffW];
    assign move[d] = (cnt != '0);
    assign plus[d] = !cnt[OffW-1];
    assign mag     = plus[d] ? cnt : -cnt;
    assign wrap    = plus[d] ? (32'(node_id_i) + J >= N) : (32'(node_id_i) < J);
    assign passes  = plus[d] ? (32'(node_id_i) + 32'(mag) * J >= N) : (32'(node_id_i) < 32'(mag) * J);
    assign cls1[d] = dateline_i[d] | ((VcClasses == 0) ? wrap : passes);
  end

  // The first dimension in DimOrder's order that still needs a jump.
  logic [3:0] pick;
  always_comb begin
    port_o = PortW'(4);
    sub_o  = 1'b0;
    pick   = '0;
    for (int i = 1; i >= 0; i--) begin
      pick = DimOrder[4*i +: 4];
      if (move[pick[0]]) begin
        port_o = PortW'({pick[0], 1'b0} + {1'b0, !plus[pick[0]]});
        sub_o  = cls1[pick[0]];
      end
    end
  end

  logic unused;
  assign unused = ^{pick[3:1]};

endmodule
