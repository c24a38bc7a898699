// SPDX-License-Identifier: Apache-2.0
//
// Route compute of a flattened butterfly switch (FlatFlyRouting::route, dor; models/topology/
// flattened_butterfly.h for the wiring). Switch s has coordinates (s / K^d) mod K, dimension 0 fastest;
// in dimension d its port towards the switch of coordinate c (c != own) is d (K - 1) + (c < own ? c : c - 1);
// terminal t hangs on switch t / Conc at port Dims (K - 1) + t mod Conc. For destination terminal t:
//   t's switch is this one: here_o (DEC acts here, Interconnect::dec_id), and the port is t's ejection
//   channel;
//   otherwise: the lowest dimension whose coordinate differs, straight to the destination's coordinate
//   (one hop a dimension, dimensions increasing: acyclic with one VC class, so sub_o is 0).
// move_o and dport_o give every differing dimension and its port: the adaptive relation's candidates
// (FlatFlyRouting, adaptive), which drb_route_unit scans; port_o is the escape (dor) hop among them.

module drb_flatfly_rc #(
  parameter int unsigned K      = 4,                   /// switches per dimension
  parameter int unsigned Dims   = 2,                   /// dimensions n (K^n switches)
  parameter int unsigned Conc   = 2,                   /// terminals per switch
  parameter int unsigned NodeW  = drb_hdr_pkg::NodeW,  /// bits of a terminal id
  parameter int unsigned IdW    = NodeW,               /// bits of an element (switch) id
  parameter int unsigned PortW  = $clog2(Dims * (K - 1) + Conc)
) (
  input  logic [IdW-1:0]   elem_id_i,
  input  logic [NodeW-1:0] dest_i,
  output logic [PortW-1:0] port_o,
  output logic             here_o,
  output logic             sub_o,
  output logic [Dims-1:0]       move_o,   // per dimension d: the destination's coordinate differs
  output logic [Dims*PortW-1:0] dport_o   //   and the port towards it, bits [d*PortW +: PortW]
);

  function automatic int unsigned kpow(int unsigned i);  // K^i
    kpow = drb_shape_pkg::ipow(K, i);
  endfunction
  localparam int unsigned W = (IdW > NodeW ? IdW : NodeW) + 1;

  if (K < 2 || Dims < 1 || Conc < 1 || kpow(Dims) * Conc > (1 << NodeW) || kpow(Dims) > (1 << IdW) ||
      (1 << PortW) < Dims * (K - 1) + Conc) begin : g_bad_params
    $error("drb_flatfly_rc: need K >= 2, n >= 1, a terminal per switch, K^n Conc terminal ids in NodeW bits, K^n switch ids in IdW bits and n (K - 1) + Conc ports in PortW bits");
  end

  logic [W-1:0] id, sw;
  assign id = W'(elem_id_i);
  assign sw = W'(dest_i) / W'(Conc);  // the destination's switch

  // Per dimension, the coordinates and the port towards the destination's (a constant division per
  // dimension, its power a localparam: a function call in the loop was evaluated by the Verilated model on
  // every settle).
  logic [Dims*W-1:0] hop;  // dimension d: bits [d*W +: W]
  for (genvar d = 0; d < Dims; d++) begin : g_dim
    localparam int unsigned P = kpow(d);
    logic [W-1:0] own, dst;
    assign own = (id / W'(P)) % W'(K);
    assign dst = (sw / W'(P)) % W'(K);
    assign move_o[d]          = own != dst;
    assign hop[d*W +: W]      = W'(d * (K - 1)) + (dst < own ? dst : dst - 1'b1);
    assign dport_o[d*PortW +: PortW] = PortW'(hop[d*W +: W]);
  end
  // The lowest differing dimension's.
  logic [W-1:0] port;
  always_comb begin
    port = '0;
    for (int d = Dims - 1; d >= 0; d--)
      if (move_o[d]) port = hop[d*W +: W];
  end
  assign here_o = (id == sw);
  assign port_o = here_o ? PortW'(Dims * (K - 1)) + PortW'(W'(dest_i) % W'(Conc)) : PortW'(port);
  assign sub_o  = 1'b0;

  logic unused;
  assign unused = ^{port[W-1:PortW], hop};

endmodule
