// SPDX-License-Identifier: Apache-2.0
//
// Route unit of one input VC (RouteUnit in systemc/router/route_unit.h), combinational, two parts:
//  - route compute for the head at the VC's front: DEC (drb_dec: pop a reached intermediate destination,
//    or eject here), then the relation's candidate: dimension-order routing on the k-ary n-cube, torus or
//    mesh (drb_dor_rc), with its ring VC sub-class, or on a binary hypercube, up/down routing in a k-ary
//    n-tree switch (drb_updown_rc, which also routes a RUFT's switch), minimal dimension order in a
//    flattened butterfly switch (drb_flatfly_rc), hybrid dimension order in a hybrid's router and its
//    subnets' switches (drb_hybrid_rc); outside the k-ary n-cube and hypercube routers DEC acts where the
//    destination terminal hangs (Interconnect::dec_id), and the port route compute finds there is its
//    ejection channel;
//  - selection (drb_vc_select), each cycle the head waits for an output VC: from route compute's candidate
//    (or, under Adaptive, NegFirst, TreeUp and Trunk, the candidates these describe there) and the output
//    VCs' owners and credits, the output VC the head requests.

module drb_route_unit #(
  parameter int unsigned Family     = 0,       /// 0: k-ary n-cube router (drb_dor_rc); 1: k-ary n-tree switch
                                               /// (drb_updown_rc); 2: flattened butterfly switch (drb_flatfly_rc);
                                               /// 3: binary hypercube router (drb_dor_rc on a 2-ary mesh);
                                               /// 4..7: hybrid router, crossbar, fat-tree and RUFT
                                               /// subnet switches (drb_hybrid_rc); 8: RUFT switch
                                               /// (drb_updown_rc); 9: midimew router (drb_midimew_rc,
                                               /// K nodes)
  parameter int unsigned TreeK      = 4,       /// k-ary n-tree, RUFT, hybrid subnet: switch arity
  parameter int unsigned TreeStages = 3,       ///   and stages
  parameter int unsigned Conc       = 1,       /// flattened butterfly, hybrid (K, Dims): terminals per switch
  parameter int unsigned IdW        = drb_hdr_pkg::NodeW,  /// bits of node_id_i (the element id)
  parameter int unsigned K          = 8,       /// radix of every dimension, unless Radix (drb_dor_rc)
  parameter int unsigned Dims       = 2,       /// dimensions n
  parameter logic [63:0] Radix      = 64'h0,   /// per dimension d, bits [8d +: 8]: its radix (0: K)
  parameter bit          Wrap       = 1'b1,    /// torus (1) or mesh (0)
  parameter logic [63:0] DimOrder   = 64'hfedcba9876543210,  /// position i, bits [4i +: 4]: its dimension
  parameter logic        TiePositive = 1'b1,   /// ring ties go + (routing.tie=positive)
  parameter int unsigned TieRandom  = 0,       /// ring ties follow the header's tie bits (routing.tie=random)
  parameter int unsigned Jump       = 2,       /// midimew: the long jump b (drb_midimew_rc's B)
  parameter int unsigned JumpW      = 4,       ///   bits of a jump count
  parameter logic [((Family == 9) ? K : 1)*2*JumpW-1:0] Jumps = '0,  ///   its ROM of jump counts (Table)
  parameter int unsigned NumVcs     = 2,       /// VCs per port
  parameter int unsigned CrW        = 4,       /// width of a credit counter
  parameter int unsigned VcClasses  = 0,       /// ring VC classes of drb_dor_rc (0 dateline)
  parameter logic [63:0] GroupBase  = 64'h0,   /// per VC class group g, bits [4g +: 4]: its first class
  parameter logic [63:0] ClassFirst = 64'h0,   /// per class c, bits [4c +: 4]: its first VC
  parameter logic [63:0] ClassCount = 64'h0,   /// per class c, bits [4c +: 4]: its number of VCs
  parameter int unsigned AckGroup   = 1,       /// the group acks travel in
  parameter bit          Dec        = 1'b1,    /// DEC present (DRB); without it a head ejects at dest0
  parameter bit          Adaptive   = 1'b0,    /// minimal adaptive routing with a DOR escape (Family 0, 2..7)
  parameter bit          NegFirst   = 1'b0,    /// negative-first with misroutes (Family 0 mesh)
  parameter bit          Misroute   = 1'b1,    ///   misroute when no minimal port has a free VC (routing.misroute)
  parameter bit          MisrouteAtSource = 1'b1,  ///   a head from the NI may misroute (routing.misroute_at_source)
  parameter int unsigned InPort     = 0,       ///   the input port of this VC (its misroutes depend on it)
  parameter int unsigned InVc       = 0,       /// the VC within that port (a hybrid subnet switch keeps its class)
  parameter int unsigned TreeUp     = 0,       /// k-ary n-tree's up phase (Family 1): 0 the deterministic port;
                                               /// adaptive 1 first_free, 2 lowest, 3 sadp (most credits),
                                               /// 4 random (from a drawn port)
  parameter bit          AtomicVc   = 1'b0,    /// an output VC is reallocated once empty (Depth credits)
  parameter int unsigned Depth      = 4,       /// flits a VC buffers (AtomicVc's full credit count)
  parameter int unsigned NiChannels = 1,       /// a router's local ports (the last; topology.ni_channels)
  parameter int unsigned Trunk      = 1,       /// a k-ary n-cube's links a direction (topology.trunk): route
                                               /// compute's port q is the members q Trunk .. q Trunk + Trunk - 1
  parameter bit          TrunkCyclic = 1'b0,   ///   try them from trunk_first_i's member (router.trunk_select=cyclic)
  parameter int unsigned TrW        = (Trunk > 1) ? $clog2(Trunk) : 1,
  parameter bit          Vct        = 1'b0,    /// virtual cut-through: a VC takes a head only with credits for
                                               /// its whole packet (router.switching=vct)
  parameter int unsigned NumPorts   = 5,       /// drb_shape_pkg::router_ports
  parameter int unsigned PortW      = 3,
  parameter int unsigned VcW        = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic [IdW-1:0]                node_id_i,
  // Route compute.
  input  drb_hdr_pkg::hdr_t             hdr_i,
  output drb_hdr_pkg::hdr_t             hdr_o,       // the header after DEC
  output logic                          pop_o,       // DEC popped an intermediate destination
  output logic                          eject_o,     // final destination: the local port
  output logic [PortW-1:0]              port_o,      // otherwise the candidate port
  output logic                          sub_o,       //   and its ring sub-class
  // Selection.
  input  logic                          sel_ack_i,   // the head is an ack
  input  logic [drb_hdr_pkg::StepW-1:0] sel_step_i,  // its step (a data head's class group)
  input  logic                          sel_eject_i,
  input  logic [drb_hdr_pkg::LengthW-1:0] sel_len_i,  // its packet's length in flits (Vct's room test)
  input  logic [2*Dims*TrW-1:0]         trunk_first_i,  // per trunk, the member tried first (TrunkCyclic)
  input  logic [PortW-1:0]              sel_port_i,
  input  logic                          sel_sub_i,
  input  logic [NumPorts*NumVcs-1:0]    free_i,      // output VC port*NumVcs+v has no owner
  input  logic [NumPorts*NumVcs*CrW-1:0] credits_i,
  output logic                          sel_valid_o,
  output logic [PortW-1:0]              sel_out_port_o,
  output logic [VcW-1:0]                sel_ovc_o,
  output logic [NumVcs-1:0]             sel_mask_o   // iSLIP's request: every usable VC of sel_out_port_o
);

  localparam int unsigned NodeW = drb_hdr_pkg::NodeW;

  // ---- route compute
  // The id DEC compares dest0 with: the router's (terminal id = router id on a k-ary n-cube); in a switch,
  // dest0 itself where that terminal hangs and its complement elsewhere (Interconnect::dec_id).
  logic [NodeW-1:0] dec_id;
  logic             here;
  drb_hdr_pkg::hdr_t dec_hdr;
  logic dec_pop, dec_eject;
  if (Dec) begin : g_dec
    drb_dec u_dec (
      .node_id_i (dec_id),
      .hdr_i,
      .hdr_o   (dec_hdr),
      .pop_o   (dec_pop),
      .eject_o (dec_eject)
    );
  end else begin : g_no_dec
    assign dec_hdr   = hdr_i;
    assign dec_pop   = 1'b0;
    assign dec_eject = (hdr_i.dest0 == dec_id);
  end
  assign hdr_o   = dec_hdr;
  assign pop_o   = dec_pop;
  assign eject_o = dec_eject;

  // The minimal directions per dimension (drb_dor_rc's; a flattened butterfly's and a hybrid's: the
  // differing dimensions and their ports, no sides and no ties; zero elsewhere).
  logic [Dims-1:0] min_move, min_plus, min_tie;
  logic [Dims*PortW-1:0] min_port;
  localparam bit FlatMoves = Family == 2 || (Family >= 4 && Family <= 7);
  if (Family != 0 && Family != 3) begin : g_no_min
    if (!FlatMoves) begin : g_no_move
      assign min_move = '0;
    end
    assign min_plus = '0;
    assign min_tie  = '0;
  end
  if (!FlatMoves) begin : g_no_min_port
    assign min_port = '0;
  end
  logic [Dims-1:0] min_at0;  // the coordinates at 0 (negative-first's misroutes)
  if (Family != 0) begin : g_no_at0
    assign min_at0 = '0;
  end
  if (Adaptive && Family != 0 && Family != 3 && !FlatMoves) begin : g_bad_adaptive
    $error("drb_route_unit: Adaptive routes a k-ary n-cube, hypercube, flattened butterfly or hybrid (Family 0, 2..7)");
  end
  if (NegFirst && (Family != 0 || Wrap || Adaptive)) begin : g_bad_negfirst
    $error("drb_route_unit: NegFirst routes a mesh router (Family 0, Wrap 0), without Adaptive");
  end
  if (Trunk > 1 && (Family != 0 || NegFirst)) begin : g_bad_trunk
    $error("drb_route_unit: Trunk routes a k-ary n-cube router, dimension order or adaptive (Family 0, no NegFirst)");
  end
  if (TreeUp > 4 || (TreeUp != 0 && (Family != 1 || Adaptive || NegFirst))) begin : g_bad_tree_up
    $error("drb_route_unit: TreeUp (0..4) routes a k-ary n-tree switch (Family 1), without Adaptive or NegFirst");
  end

  if (Family == 0) begin : g_cube
    // The header's tie bits exist only when the layout carries them (routing.tie=random).
    logic [Dims-1:0] tie;
    if (TieRandom != 0) begin : g_tie
      assign tie = hdr_i[drb_hdr_pkg::TieOff +: Dims];
    end else begin : g_no_tie
      assign tie = '0;
    end
    drb_dor_rc #(
      .K(K), .Dims(Dims), .Radix(Radix), .Wrap(Wrap), .DimOrder(DimOrder), .TiePositive(TiePositive),
      .TieRandom(TieRandom), .VcClasses(VcClasses), .NodeW(IdW), .PortW(PortW)
    ) u_rc (
      .node_id_i,
      .dest_i     (IdW'(hdr_i.dest0)),
      .dateline_i (hdr_i[drb_hdr_pkg::DatelineOff +: Dims]),
      .tie_i      (tie),
      .port_o,
      .sub_o,
      .move_o     (min_move),
      .plus_o     (min_plus),
      .tie_o      (min_tie),
      .at0_o      (min_at0)
    );
    assign here = 1'b0;
  end else if (Family == 3) begin : g_hypercube
    // A binary hypercube is a 2-ary n-mesh whose two directions of a dimension are one link (port d): the
    // mesh's route compute, its ports 2d and 2d + 1 folded into d and its local port 2n into n.
    localparam int unsigned MeshPortW = $clog2(2 * Dims + 1);
    logic [MeshPortW-1:0] mesh_port;
    drb_dor_rc #(
      .K(2), .Dims(Dims), .Radix(64'h0), .Wrap(1'b0), .DimOrder(DimOrder), .TiePositive(1'b1),
      .TieRandom(0), .VcClasses(0), .NodeW(IdW), .PortW(MeshPortW)
    ) u_rc (
      .node_id_i,
      .dest_i     (IdW'(hdr_i.dest0)),
      .dateline_i ({Dims{1'b0}}),
      .tie_i      ({Dims{1'b0}}),
      .port_o     (mesh_port),
      .sub_o,
      .move_o     (min_move),
      .plus_o     (min_plus),
      .tie_o      (min_tie),
      /* verilator lint_off PINCONNECTEMPTY */
      .at0_o      ()
      /* verilator lint_on PINCONNECTEMPTY */
    );
    assign port_o = PortW'(mesh_port >> 1);
    assign here   = 1'b0;
  end else if (Family == 9) begin : g_midimew
    drb_midimew_rc #(
      .N(K), .B(Jump), .OffW(JumpW), .Table(Jumps), .DimOrder(DimOrder[7:0]), .VcClasses(VcClasses), .NodeW(IdW),
      .PortW(PortW)
    ) u_rc (
      .node_id_i,
      .dest_i     (IdW'(hdr_i.dest0)),
      .dateline_i (hdr_i[drb_hdr_pkg::DatelineOff +: 2]),
      .port_o,
      .sub_o
    );
    assign here = 1'b0;
  end else if (Family == 1 || Family == 8) begin : g_tree
    drb_updown_rc #(.K(TreeK), .Stages(TreeStages), .Ruft(Family == 8), .IdW(IdW), .PortW(PortW)) u_rc (
      .elem_id_i (node_id_i),
      .dest_i    (hdr_i.dest0),
      .port_o,
      .here_o    (here),
      .sub_o
    );
  end else if (Family >= 4) begin : g_hybrid
    drb_hybrid_rc #(
      .Family(Family), .K(K), .Dims(Dims), .Conc(Conc), .SubK(TreeK), .SubStages(TreeStages), .IdW(IdW), .PortW(PortW)
    ) u_rc (
      .elem_id_i (node_id_i),
      .dest_i    (hdr_i.dest0),
      .port_o,
      .here_o    (here),
      .sub_o,
      .move_o    (min_move),
      .dport_o   (min_port)
    );
  end else begin : g_flatfly
    drb_flatfly_rc #(.K(K), .Dims(Dims), .Conc(Conc), .IdW(IdW), .PortW(PortW)) u_rc (
      .elem_id_i (node_id_i),
      .dest_i    (hdr_i.dest0),
      .port_o,
      .here_o    (here),
      .sub_o,
      .move_o    (min_move),
      .dport_o   (min_port)
    );
  end
  if (!drb_shape_pkg::local_port_router(Family)) begin : g_dec_switch
    assign dec_id = here ? hdr_i.dest0 : ~hdr_i.dest0;
  end else begin : g_dec_router
    assign dec_id = NodeW'(node_id_i);
    logic unused_here;
    assign unused_here = here;
  end

  // ---- selection
  drb_vc_select #(
    .Family(Family), .TreeK(TreeK), .IdW(IdW), .Dims(Dims), .Wrap(Wrap), .DimOrder(DimOrder), .NumVcs(NumVcs),
    .CrW(CrW), .GroupBase(GroupBase), .ClassFirst(ClassFirst), .ClassCount(ClassCount), .AckGroup(AckGroup),
    .Adaptive(Adaptive), .NegFirst(NegFirst), .Misroute(Misroute), .MisrouteAtSource(MisrouteAtSource),
    .InPort(InPort), .InVc(InVc), .TreeUp(TreeUp), .AtomicVc(AtomicVc), .Depth(Depth), .NiChannels(NiChannels),
    .Trunk(Trunk), .TrunkCyclic(TrunkCyclic), .TrW(TrW), .Vct(Vct), .NumPorts(NumPorts), .PortW(PortW), .VcW(VcW)
  ) u_sel (
    .node_id_i,
    .hdr_i,
    .sel_ack_i,
    .sel_step_i,
    .sel_eject_i,
    .sel_len_i,
    .trunk_first_i,
    .sel_port_i,
    .sel_sub_i,
    .min_move_i (min_move),
    .min_plus_i (min_plus),
    .min_tie_i  (min_tie),
    .min_at0_i  (min_at0),
    .min_port_i (min_port),
    .free_i,
    .credits_i,
    .sel_valid_o,
    .sel_out_port_o,
    .sel_ovc_o,
    .sel_mask_o
  );

endmodule
