// SPDX-License-Identifier: Apache-2.0
//
// Route compute of the hybrid family's elements (HybridRouting::route, deterministic: dor; models/topology/
// hybrid.h for the wiring). K^Dims routers (element id = sum r_i K^i), Conc terminals each (terminal t on
// router t / Conc, port Dims + t mod Conc); router port d joins the subnet of its dimension-d line. The
// subnets' switches follow, dimension major, then line, stage, offset: PerStage switches a stage, SubStages
// stages a subnet (a crossbar: one switch of K ports).
//   Family 4, a router: here (the destination terminal hangs on it) its port Dims + t mod Conc, otherwise
//     the lowest dimension whose coordinate differs from the destination router's;
//   a switch of dimension d, stage s, offset o, for x = the destination router's coordinate d:
//     Family 5 (crossbar) port x; Family 6 (fat-tree, 2 SubK ports) down port digit s of x when the
//     switch is an ancestor of endpoint x (x / SubK^(s+1) == o / SubK^s), else up port SubK + digit s;
//     Family 7 (RUFT, SubK ports) output digit s of x: drb_updown_rc's routes (a crossbar its one-stage
//     tree) within the subnet, endpoint x its terminal x.
// A switch never holds a terminal (here_o 0: DEC never acts there). One VC class: sub_o is 0.
// A router's move_o and dport_o give every differing dimension and its port (d): the adaptive relation's
// candidates (HybridRouting, adaptive), which drb_route_unit scans; a switch has one port and drives 0.

module drb_hybrid_rc #(
  parameter int unsigned Family    = 4,                   /// 4 router; 5, 6, 7 switch of a crossbar, fat-tree, RUFT subnet
  parameter int unsigned K         = 4,                   /// routers per dimension
  parameter int unsigned Dims      = 2,                   /// dimensions n
  parameter int unsigned Conc      = 1,                   /// terminals per router
  parameter int unsigned SubK      = 4,                   /// a subnet switch's arity k_i (K = SubK^SubStages;
                                                          /// a router ignores it)
  parameter int unsigned SubStages = 1,                   /// a subnet's stages m (a crossbar: 1)
  parameter int unsigned NodeW     = drb_hdr_pkg::NodeW,  /// bits of a terminal id
  parameter int unsigned IdW       = NodeW,               /// bits of an element id
  parameter int unsigned PortW     = 3
) (
  input  logic [IdW-1:0]   elem_id_i,
  input  logic [NodeW-1:0] dest_i,
  output logic [PortW-1:0] port_o,
  output logic             here_o,
  output logic             sub_o,
  output logic [Dims-1:0]       move_o,   // a router, per dimension d: the destination's coordinate differs
  output logic [Dims*PortW-1:0] dport_o   //   and its port, d (bits [d*PortW +: PortW])
);

  function automatic int unsigned rpow(int unsigned i);  // K^i (not kpow: drb_updown_rc, inlined here, has one)
    rpow = drb_shape_pkg::ipow(K, i);
  endfunction
  function automatic int unsigned spow(int unsigned i);  // SubK^i
    spow = drb_shape_pkg::ipow(SubK, i);
  endfunction
  localparam int unsigned Routers   = rpow(Dims);
  localparam int unsigned PerStage  = (Family == 5) ? 1 : K / SubK;
  localparam int unsigned PerSubnet = SubStages * PerStage;
  localparam int unsigned PerDim    = rpow(Dims - 1) * PerSubnet;
  localparam int unsigned W = (IdW > NodeW ? IdW : NodeW) + 1;

  // A router's ids need only its own (the subnets do not shape it: one configuration serves them all).
  if (Family < 4 || Family > 7 || K < 2 || Dims < 1 || Conc < 1 || Routers * Conc > (1 << NodeW) ||
      (Family == 4 && Routers > (1 << IdW)) ||
      (Family != 4 && (spow(SubStages) != K || (Family == 5 && SubStages != 1) ||
                       Routers + Dims * PerDim > (1 << IdW)))) begin : g_bad_params
    $error("drb_hybrid_rc: need Family 4..7, K = SubK^SubStages (a crossbar: 1 stage), K^Dims Conc terminal ids in NodeW bits and the element ids in IdW bits");
  end

  logic [W-1:0] id, dst, r;
  assign id  = W'(elem_id_i);
  assign dst = W'(dest_i);
  assign r   = dst / W'(Conc);  // the destination's router
  assign sub_o = 1'b0;

  // Per dimension d, the destination router's coordinate (a constant division, its power a localparam: a
  // function call in a loop was evaluated by the Verilated model on every settle).
  logic [Dims*W-1:0] r_d;  // dimension d: bits [d*W +: W]
  for (genvar d = 0; d < Dims; d++) begin : g_dim
    localparam int unsigned P = rpow(d);
    assign r_d[d*W +: W] = (r / W'(P)) % W'(K);
  end

  if (Family == 4) begin : g_router
    logic [Dims*W-1:0] id_d;  // and this router's
    for (genvar d = 0; d < Dims; d++) begin : g_own
      localparam int unsigned P = rpow(d);
      assign id_d[d*W +: W] = (id / W'(P)) % W'(K);
    end
    for (genvar d = 0; d < Dims; d++) begin : g_move
      assign move_o[d]                 = r_d[d*W +: W] != id_d[d*W +: W];
      assign dport_o[d*PortW +: PortW] = PortW'(d);
    end
    always_comb begin
      port_o = PortW'(Dims) + PortW'(dst % W'(Conc));
      for (int d = Dims - 1; d >= 0; d--) begin  // the lowest differing dimension wins
        if (move_o[d]) port_o = PortW'(d);
      end
    end
    assign here_o = (r == id);
  end else begin : g_switch
    // The subnet is a SubK-ary SubStages-tree (a crossbar: one stage of K ports, every endpoint below it)
    // or a RUFT of its endpoints, numbered within the subnet as drb_updown_rc numbers its switches and
    // terminals: the route is that of the destination router's coordinate x in the switch's dimension.
    localparam int unsigned SubIdW = $clog2(PerSubnet + 1), SubNodeW = $clog2(K + 1);
    logic [W-1:0] idx, dim, w, x;
    assign idx = id - W'(Routers);
    assign dim = idx / W'(PerDim);
    assign w   = idx % W'(PerSubnet);  // stage * PerStage + offset
    // The switch's dimension selects its coordinate.
    always_comb begin
      x = '0;
      for (int unsigned d = 0; d < Dims; d++) begin
        if (dim == W'(d)) x = r_d[d*W +: W];
      end
    end
    logic endpoint_here, subnet_sub;  // the subnet's endpoint is a router, never this switch's terminal
    drb_updown_rc #(
      .K(SubK), .Stages(SubStages), .Ruft(Family == 7), .NodeW(SubNodeW), .IdW(SubIdW), .PortW(PortW)
    ) u_subnet (
      .elem_id_i (SubIdW'(w)),
      .dest_i    (SubNodeW'(x)),
      .port_o,
      .here_o    (endpoint_here),
      .sub_o     (subnet_sub)
    );
    assign here_o  = 1'b0;
    assign move_o  = '0;
    assign dport_o = '0;
    logic unused;
    assign unused = ^{endpoint_here, subnet_sub, w[W-1:SubIdW], x[W-1:SubNodeW]};
  end

endmodule
