// SPDX-License-Identifier: Apache-2.0
//
// Route unit of one input VC (RouteUnit in systemc/router/route_unit.h), combinational, two parts:
//  - route compute for the head at the VC's front: DEC (drb_dec: pop a reached intermediate destination,
//    or eject here), then the relation's candidate: dimension-order routing on the k-ary n-cube, torus or
//    mesh (drb_dor_rc), with its ring VC sub-class, or on a binary hypercube, up/down routing in a k-ary n-tree switch
//    (drb_updown_rc, which also routes a RUFT's switch), minimal dimension order in a flattened butterfly
//    switch (drb_flatfly_rc), hybrid dimension order in a hybrid's router and its subnets' switches
//    (drb_hybrid_rc); outside the k-ary n-cube and hypercube routers DEC acts where the destination
//    terminal hangs (Interconnect::dec_id), and the port route compute finds there is its ejection channel;
//  - selection, each cycle the head waits for an output VC: of the candidate port, the free output VC of
//    the head's class with the most credits (ties to the lower VC); a head ejecting takes the first free VC
//    of its ejection port (the local port of a k-ary n-cube router). The class is GroupBase[group] + sub,
//    the group the header's step (data) or AckGroup (acks), as VcLayout::cls lays them out; the tables
//    hold 4 bits an entry. With AtomicVc (Duato's escape, router.vc_realloc=atomic) an output VC is free
//    only once its previous packet has left the next buffer (all Depth credits back); with Vct (virtual
//    cut-through) only with credits for the head's whole packet (sel_len_i). sel_mask_o is iSLIP
//    VC allocation's request (RouteUnit::free_output_vcs): every usable VC of the chosen port and class
//    (every free VC of an ejection port).
//    With Adaptive (minimal adaptive routing on a k-ary n-cube or hypercube, AdaptiveRouting) the candidates are, in
//    the model's order, the adaptive class (sub AdSub) on the dimension-order port, then on every other
//    minimal port (dimensions in DimOrder's order, on a ring tie the tie rule's side first), then the
//    escape class (the ring sub-class) on the dimension-order port: the first with a free VC is taken.
//    A flattened butterfly's switch and a hybrid's router (FlatFlyRouting, HybridRouting, adaptive) scan
//    alike: sub 1 on the dor port, then on every other differing dimension's port (increasing), then the
//    escape class (sub 0) on the dor port. A hybrid's subnet switch keeps the class the head arrived in
//    (HybridRouting::route_in): its one port, in the class of this input VC (InVc).
//    They are computed from hdr_i every cycle: while a head waits, hdr_i is its stored header, which route
//    compute read when it routed.
//    With NegFirst (negative-first on an n-D mesh, NegativeFirstRouting, docs/negative-first.md) the
//    candidates are the minimal ports of the current phase (negative while some dimension still needs
//    negative hops, lowest dimension first), then, with Misroute, the misroutes: the - port of every
//    dimension with nothing left to do downwards whose coordinate is above 0, offered only to a head that
//    came down a negative channel (it entered on a + port, InPort even) or, with MisrouteAtSource, from
//    the NI. The selection is the model's least-loaded one (Selection::LeastLoaded): among the minimal
//    candidates with a free VC the port with the fewest VCs owned (ties to the lower dimension), else
//    among the misroutes; then that port's free VC with the most credits. Both ejection scans (adaptive
//    and negative-first) are first_free.
//    With TreeUp (the adaptive up phase of a k-ary n-tree switch, FatTreeRouting with
//    routing.algorithm=adaptive) a head below an ancestor of its destination (route compute's port is an
//    up port) may take any up port, in the relation's order: from the deterministic one (up_selection
//    first_free, sadp), from up port 0 (lowest) or from the one the relation draws (random: a hash of the
//    header's origin, sequence number and destination and the switch's id, FatTreeRouting::route's, so
//    that a run repeats per seed). first_free, lowest and random take the first with a usable VC,
//    sadp (Selection::MostCredits) the one whose usable VCs hold the most credits, each VC counting its
//    credits + 1 (ties to the order); then, on that port, the usable VC with the most credits. A head
//    going down, or ejecting, has route compute's one port.

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

  localparam int unsigned LocalPort = NumPorts - NiChannels;  // a router's first local port
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
  // A hybrid subnet switch under Adaptive keeps the class; the others scan the candidates.
  localparam bit KeepClass = Adaptive && Family >= 5 && Family <= 7;
  localparam bit Scan      = Adaptive && !KeepClass;
  if (!Scan && !NegFirst) begin : g_unused_min
    logic unused_min;
    assign unused_min = ^{min_move, min_plus, min_tie};
  end
  if (!Scan) begin : g_unused_min_port
    logic unused_min_port;
    assign unused_min_port = ^min_port;
  end
  if (!NegFirst) begin : g_unused_at0
    logic unused_at0;
    assign unused_at0 = ^min_at0;
  end else begin : g_unused_tie
    logic unused_tie;  // a mesh has no ring ties
    assign unused_tie = ^min_tie;
  end
  if (Adaptive && Family != 0 && Family != 3 && !FlatMoves) begin : g_bad_adaptive
    $error("drb_route_unit: Adaptive routes a k-ary n-cube, hypercube, flattened butterfly or hybrid (Family 0, 2..7)");
  end
  if (NegFirst && (Family != 0 || Wrap || Adaptive)) begin : g_bad_negfirst
    $error("drb_route_unit: NegFirst routes a mesh router (Family 0, Wrap 0), without Adaptive");
  end
  if (!TrunkCyclic) begin : g_unused_first
    logic unused_first;
    assign unused_first = ^trunk_first_i;
  end
  if (Trunk > 1 && (Family != 0 || Adaptive || NegFirst)) begin : g_bad_trunk
    $error("drb_route_unit: Trunk routes a k-ary n-cube router with dimension order (Family 0, no Adaptive or NegFirst)");
  end
  if (TreeUp > 4 || (TreeUp != 0 && (Family != 1 || Adaptive || NegFirst))) begin : g_bad_tree_up
    $error("drb_route_unit: TreeUp (0..4) routes a k-ary n-tree switch (Family 1), without Adaptive or NegFirst");
  end

  // The first free VC of a head's ejection port, {found, VC}.
  function automatic logic [VcW:0] first_free(input logic [NumVcs-1:0] f);
    first_free = '0;
    for (int unsigned c = 0; c < NumVcs; c++)
      if (f[c] && !first_free[VcW]) first_free = {1'b1, VcW'(c)};
  endfunction

  // Output VC c of port q may take a head of the class [first, first + count), ownership aside: it is of
  // the class, under atomic reallocation all its credits are back, and under virtual cut-through it has
  // credits for the packet's len flits (RouteUnit's usable VC; the
  // one-candidate selection's test, the scans below use in_class and fit).
  function automatic logic vc_fits(input logic [NumPorts*NumVcs*CrW-1:0] cr, input logic [PortW-1:0] q,
                                   input int unsigned c, input logic [3:0] first, input logic [3:0] count,
                                   input logic [drb_hdr_pkg::LengthW-1:0] len);
    vc_fits = 5'(c) >= {1'b0, first} && 5'(c) < {1'b0, first} + {1'b0, count} &&
              (!AtomicVc || cr[(32'(q)*NumVcs + c)*CrW +: CrW] == CrW'(Depth)) &&
              (!Vct || 32'(cr[(32'(q)*NumVcs + c)*CrW +: CrW]) >= 32'(len));
  endfunction

  // The VCs of the class [first, first + count), as a mask.
  function automatic logic [NumVcs-1:0] in_class(input logic [3:0] first, input logic [3:0] count);
    for (int unsigned c = 0; c < NumVcs; c++)
      in_class[c] = 5'(c) >= {1'b0, first} && 5'(c) < {1'b0, first} + {1'b0, count};
  endfunction

  // The class of this input VC (VcLayout::class_of_vc): the last class whose VCs hold it.
  function automatic logic [3:0] class_of_vc(input int unsigned v);
    class_of_vc = '0;
    for (int unsigned c = 0; c < 16; c++)
      if (ClassCount[4*c +: 4] != 0 && v >= 32'(ClassFirst[4*c +: 4]) && v < 32'(ClassFirst[4*c +: 4]) + 32'(ClassCount[4*c +: 4]))
        class_of_vc = 4'(c);
  endfunction
  localparam logic [3:0] InClass = class_of_vc(InVc);

  // Per output VC: under atomic reallocation, all its credits are back (always, without). The scans below
  // take a port's slice of it and of free_i, not whole vectors through functions: passed whole, Verilator
  // copied them at every call, and an 8-port 4-VC switch with the adaptive up phase compiled from 26 MB of
  // C++ (measured).
  // Under virtual cut-through, room for the head's whole packet as well (`fit`, what the scans read).
  logic [NumPorts*NumVcs-1:0] empty, room, fit;
  for (genvar k = 0; k < NumPorts * NumVcs; k++) begin : g_empty
    assign empty[k] = !AtomicVc || credits_i[k*CrW +: CrW] == CrW'(Depth);
    assign room[k]  = !Vct || 32'(credits_i[k*CrW +: CrW]) >= 32'(sel_len_i);
    assign fit[k]   = empty[k] && room[k];
  end

  // Of one port's usable VCs (u: free, of the class, fit), the one with the most credits (cr: the port's
  // counters), ties to the lower VC, {found, VC} (RouteUnit::most_credits).
  function automatic logic [VcW:0] most_credits(input logic [NumVcs-1:0] u, input logic [NumVcs*CrW-1:0] cr);
    logic [CrW-1:0] best;
    most_credits = '0;
    best         = '0;
    for (int unsigned c = 0; c < NumVcs; c++)
      if (u[c] && (!most_credits[VcW] || cr[c*CrW +: CrW] > best)) begin
        most_credits = {1'b1, VcW'(c)};
        best         = cr[c*CrW +: CrW];
      end
  endfunction

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
  logic [3:0]       group;
  logic [PortW-1:0] port;
  // A router ejects on its local port, of several the one with the fewest VCs owned that has a free one
  // (first on ties; RouteUnit::eject_channel: each sinks a flit a cycle, so packets spread over them); a
  // switch on the port route compute found (the terminal's).
  logic [PortW-1:0] eject_port;
  if (NiChannels == 1) begin : g_eject_one
    assign eject_port = PortW'(LocalPort);
  end else begin : g_eject_least
    localparam int unsigned UW = $clog2(NumVcs + 1);
    logic [UW-1:0] used, best_used;
    always_comb begin
      eject_port = PortW'(LocalPort);
      best_used  = UW'(NumVcs);
      used       = '0;
      for (int unsigned j = 0; j < NiChannels; j++) begin
        used = UW'(NumVcs);
        for (int unsigned c = 0; c < NumVcs; c++) used = used - UW'(free_i[(LocalPort + j)*NumVcs + c]);
        if (used < best_used) begin
          eject_port = PortW'(LocalPort + j);
          best_used  = used;
        end
      end
    end
  end
  assign group = sel_ack_i ? 4'(AckGroup) : 4'(sel_step_i);
  assign port  = (sel_eject_i && drb_shape_pkg::local_port_router(Family)) ? eject_port : sel_port_i;

  if (NegFirst) begin : g_sel_negfirst
    localparam int unsigned UW = $clog2(NumVcs + 1);
    // The misroutes' condition: came down a negative channel (entered on a + port, even), or from the NI.
    localparam bit May = Misroute && ((InPort >= LocalPort) ? MisrouteAtSource : (InPort % 2 == 0));
    logic unused_sub;  // one sub-class: a mesh's ring class is always 0
    assign unused_sub = sel_sub_i;
    logic [3:0]          cls, first, count;
    logic [NumVcs-1:0]   cm;                 // the class's VCs
    logic [NumPorts-1:0] ok;                 // per port: a usable VC of the class
    logic [NumPorts*UW-1:0] used;            //   and how many of its VCs have an owner
    logic                neg;                // the negative phase
    logic [Dims-1:0]     c_min, c_mis;       // per dimension: a minimal candidate, a misroute
    always_comb begin
      cls   = GroupBase[{group, 2'b00} +: 4];  // one sub-class
      first = ClassFirst[{cls, 2'b00} +: 4];
      count = ClassCount[{cls, 2'b00} +: 4];
      cm    = in_class(first, count);
      ok    = '0;
      used  = '0;
      for (int unsigned q = 0; q < NumPorts; q++) begin
        ok[q] = |(free_i[q*NumVcs +: NumVcs] & fit[q*NumVcs +: NumVcs] & cm);
        for (int unsigned c = 0; c < NumVcs; c++)
          used[q*UW +: UW] = used[q*UW +: UW] + UW'(!free_i[q*NumVcs + c]);
      end
      neg   = |(min_move & ~min_plus);
      c_min = neg ? (min_move & ~min_plus) : (min_move & min_plus);
      c_mis = May ? ~(min_move & ~min_plus) & ~min_at0 : '0;
    end

    logic [PortW-1:0] best, q;
    logic             found, mis;
    logic [UW-1:0]    best_used;
    always_comb begin
      best      = '0;
      found     = 1'b0;
      best_used = '0;
      q         = '0;
      // The minimal candidates, then (none with a free VC) the misroutes: the fewest owned VCs, ties to
      // the lower dimension.
      for (int unsigned d = 0; d < Dims; d++) begin
        q = PortW'(2 * d + 32'(neg));
        if (c_min[d] && ok[q] && (!found || used[32'(q)*UW +: UW] < best_used)) begin
          found     = 1'b1;
          best      = q;
          best_used = used[32'(q)*UW +: UW];
        end
      end
      mis = !found;
      for (int unsigned d = 0; d < Dims; d++) begin
        q = PortW'(2 * d + 1);
        if (mis && c_mis[d] && ok[q] && (!found || used[32'(q)*UW +: UW] < best_used)) begin
          found     = 1'b1;
          best      = q;
          best_used = used[32'(q)*UW +: UW];
        end
      end
    end
    // That port's usable VC with the most credits (found: it has one).
    logic unused_got;
    always_comb begin
      sel_valid_o                = found;
      sel_out_port_o             = best;
      sel_mask_o                 = free_i[32'(best)*NumVcs +: NumVcs] & fit[32'(best)*NumVcs +: NumVcs] & cm;
      {unused_got, sel_ovc_o}    = most_credits(sel_mask_o, credits_i[32'(best)*NumVcs*CrW +: NumVcs*CrW]);
      if (sel_eject_i) begin
        {sel_valid_o, sel_ovc_o} = first_free(free_i[32'(port)*NumVcs +: NumVcs]);
        sel_out_port_o           = port;
        sel_mask_o               = free_i[32'(port)*NumVcs +: NumVcs];
      end
    end
  end else if (TreeUp != 0) begin : g_sel_tree
    localparam int unsigned SW = CrW + VcW + 1;  // a port's score: at most NumVcs x 2^CrW
    logic unused_sub;  // one sub-class
    assign unused_sub = sel_sub_i;
    logic [3:0]       cls, first, count;
    logic [NumVcs-1:0] cm;                   // the class's VCs
    logic [NumPorts*SW-1:0] pscore;          // per port: its usable VCs' credits, each + 1
    logic             up;
    logic [31:0]      base, u;
    logic [PortW-1:0] cp, best;
    logic [SW-1:0]    score, best_score;
    logic             found;
    // random's first up port: FatTreeRouting's hash (splitmix64's finaliser over the packet's origin,
    // sequence number and destination and this switch), modulo the arity.
    logic [31:0]      draw;
    if (TreeUp == 4) begin : g_draw
      logic [63:0] hx;
      always_comb begin
        hx   = (64'(hdr_i[drb_hdr_pkg::AckOriginOff +: drb_hdr_pkg::AckOriginW]) << 40) ^
               (64'(hdr_i[drb_hdr_pkg::SeqOff +: drb_hdr_pkg::SeqW]) << 16) ^ 64'(node_id_i);
        hx   = hx ^ (64'(hdr_i.dest0) * 64'h9e3779b97f4a7c15);
        hx   = hx ^ (hx >> 31);
        hx   = hx * 64'hbf58476d1ce4e5b9;
        hx   = hx ^ (hx >> 29);
        draw = 32'(hx % 64'(TreeK));
      end
    end else begin : g_no_draw
      assign draw = '0;
    end
    always_comb begin
      cls   = GroupBase[{group, 2'b00} +: 4];
      first = ClassFirst[{cls, 2'b00} +: 4];
      count = ClassCount[{cls, 2'b00} +: 4];
      cm    = in_class(first, count);
      pscore = '0;
      for (int unsigned q = 0; q < NumPorts; q++)
        for (int unsigned c = 0; c < NumVcs; c++)
          if (free_i[q*NumVcs + c] && fit[q*NumVcs + c] && cm[c])
            pscore[q*SW +: SW] = pscore[q*SW +: SW] + SW'(credits_i[(q*NumVcs + c)*CrW +: CrW]) + SW'(1);
      // Up ports are TreeK .. 2 TreeK - 1; route compute's is TreeK + the destination's digit.
      up    = !sel_eject_i && 32'(sel_port_i) >= TreeK;
      base  = (TreeUp == 2) ? 32'd0 : (TreeUp == 4) ? draw : 32'(sel_port_i) - TreeK;
      best       = port;
      found      = 1'b0;
      best_score = '0;
      cp         = '0;
      score      = '0;
      u          = '0;
      for (int unsigned i = 0; i < TreeK; i++) begin
        u  = base + i;  // below 2 TreeK: one subtraction wraps it
        cp = PortW'(TreeK + ((u >= TreeK) ? u - TreeK : u));
        score = pscore[32'(cp)*SW +: SW];
        if (up && score != '0 && ((TreeUp == 3) ? score > best_score : !found)) begin
          found      = 1'b1;
          best       = cp;
          best_score = score;
        end
      end
    end
    // On that port (or route compute's), the usable VC of the class with the most credits, ties to the lower.
    always_comb begin
      sel_out_port_o             = best;
      sel_mask_o                 = free_i[32'(best)*NumVcs +: NumVcs] & fit[32'(best)*NumVcs +: NumVcs] & cm;
      {sel_valid_o, sel_ovc_o}   = most_credits(sel_mask_o, credits_i[32'(best)*NumVcs*CrW +: NumVcs*CrW]);
      if (sel_eject_i) begin
        {sel_valid_o, sel_ovc_o} = first_free(free_i[32'(port)*NumVcs +: NumVcs]);
        sel_out_port_o           = port;
        sel_mask_o               = free_i[32'(port)*NumVcs +: NumVcs];
      end
    end
  end else if (Trunk > 1) begin : g_sel_trunk
    // One candidate, a trunk of Trunk links: its members in order (from member 0, or cyclic from the one
    // trunk_first_i names), the first with a usable VC of the class, and on it the one with the most credits
    // (RouteUnit::pick_output_vc_t with trunks).
    logic [3:0]       cls, first, count;
    logic [CrW-1:0]   best_cr;
    int unsigned      m, q;
    always_comb begin
      m = 0;
      q = 0;
      cls            = GroupBase[{group, 2'b00} +: 4] + 4'(sel_sub_i);
      first          = ClassFirst[{cls, 2'b00} +: 4];
      count          = ClassCount[{cls, 2'b00} +: 4];
      sel_out_port_o = sel_eject_i ? port : PortW'(32'(port) * Trunk);
      sel_valid_o    = 1'b0;
      sel_ovc_o      = '0;
      best_cr        = '0;
      if (sel_eject_i) begin
        {sel_valid_o, sel_ovc_o} = first_free(free_i[32'(port)*NumVcs +: NumVcs]);
      end else begin
        for (int unsigned j = 0; j < Trunk; j++) begin
          m = TrunkCyclic ? 32'(trunk_first_i[32'(port)*TrW +: TrW]) + j : j;
          if (m >= Trunk) m = m - Trunk;
          q = 32'(port) * Trunk + m;
          if (!sel_valid_o) begin
            for (int unsigned c = 0; c < NumVcs; c++) begin
              if (free_i[q*NumVcs + c] && vc_fits(credits_i, PortW'(q), c, first, count, sel_len_i) &&
                  (!sel_valid_o || credits_i[(q*NumVcs + c)*CrW +: CrW] > best_cr)) begin
                sel_valid_o    = 1'b1;
                sel_ovc_o      = VcW'(c);
                sel_out_port_o = PortW'(q);
                best_cr        = credits_i[(q*NumVcs + c)*CrW +: CrW];
              end
            end
          end
        end
      end
      // iSLIP's request: the usable VCs of the member taken (of the first when none has one: none)
      sel_mask_o = free_i[32'(sel_out_port_o)*NumVcs +: NumVcs];
      if (!sel_eject_i) sel_mask_o = sel_mask_o & fit[32'(sel_out_port_o)*NumVcs +: NumVcs] & in_class(first, count);
    end
  end else if (!Scan) begin : g_sel
    // One candidate: the route's port and sub-class. (Written apart from the adaptive scan below: one scan
    // for both measured 10 levels deeper in the plain router, generic depth 64 -> 74, drb_router_v2; so
    // did taking the ejection's scan out of this loop (one scan before the branches: 64 -> 74, 31,716
    // cells), which the other branches share as first_free, and a usable-VC test (free, of the class,
    // fit) in place of the free test and vc_fits below (64 -> 77, 31,877 cells).)
    logic [3:0]     cls, first, count;
    logic [CrW-1:0] best_cr;
    always_comb begin
      cls   = KeepClass ? InClass : GroupBase[{group, 2'b00} +: 4] + 4'(sel_sub_i);
      first = ClassFirst[{cls, 2'b00} +: 4];
      count = ClassCount[{cls, 2'b00} +: 4];
    end
    // iSLIP's request, apart from the selection's scan (which vc_fits keeps shallow); a process of its own
    // for the reason below, the class mask written out rather than through in_class.
    always_comb begin
      sel_mask_o = free_i[32'(port)*NumVcs +: NumVcs];
      if (!sel_eject_i)
        for (int unsigned c = 0; c < NumVcs; c++)
          if (!fit[32'(port)*NumVcs + c] || 5'(c) < {1'b0, first} || 5'(c) >= {1'b0, first} + {1'b0, count})
            sel_mask_o[c] = 1'b0;
    end
    always_comb begin
      // (in the process, not a continuous assignment: Verilator 5.006 then compiled the 8-VC router
      // with a reference to a member it did not declare)
      sel_out_port_o = port;
      sel_valid_o    = 1'b0;
      sel_ovc_o      = '0;
      best_cr        = '0;
      for (int unsigned c = 0; c < NumVcs; c++) begin
        if (free_i[32'(port)*NumVcs + c]) begin
          if (sel_eject_i) begin
            if (!sel_valid_o) begin
              sel_valid_o = 1'b1;
              sel_ovc_o   = VcW'(c);
            end
          end else if (vc_fits(credits_i, port, c, first, count, sel_len_i)) begin
            if (!sel_valid_o || credits_i[(32'(port)*NumVcs + c)*CrW +: CrW] > best_cr) begin
              sel_valid_o = 1'b1;
              sel_ovc_o   = VcW'(c);
              best_cr     = credits_i[(32'(port)*NumVcs + c)*CrW +: CrW];
            end
          end
        end
      end
    end
  end else begin : g_sel_adaptive
    // The candidates in order of preference, (port, sub): the adaptive class on the route's (DOR) port,
    // on the other minimal ports, the escape class on the DOR port.
    localparam int unsigned NCand = 2 * Dims + 2;
    // AdaptiveRouting::adaptive_sub on a torus (esc0, esc1, adaptive), else (esc, adaptive).
    localparam int unsigned AdSub = (Family == 0 && Wrap) ? 2 : 1;
    logic [NCand-1:0]       cand_ok;
    logic [NCand*PortW-1:0] cand_port;
    logic [NCand*2-1:0]     cand_sub;
    logic [31:0]            d;
    logic [PortW-1:0]       p, q;
    always_comb begin
      cand_ok   = '0;
      cand_port = '0;
      cand_sub  = '0;
      d = '0;
      p = '0;
      q = '0;
      cand_ok[0]            = 1'b1;
      cand_port[0 +: PortW] = sel_port_i;
      cand_sub[0 +: 2]      = 2'(AdSub);
      for (int unsigned i = 0; i < Dims; i++) begin
        // position i's dimension d: the tie rule's side p, then on a tie the other side q; a flattened
        // butterfly's or a hybrid router's dimensions in increasing order, their one port each
        d = FlatMoves ? i : 32'(DimOrder[4*i +: 4]);
        p = (Family == 3) ? PortW'(d) : PortW'(2 * d + 32'(!min_plus[d]));  // a hypercube's one link of d
        q = PortW'(2 * d + 32'(min_plus[d]));
        if (FlatMoves) p = min_port[d*PortW +: PortW];
        cand_ok[2*i+1]                    = min_move[d] && (p != sel_port_i);
        cand_port[(2*i+1)*PortW +: PortW] = p;
        cand_sub[(2*i+1)*2 +: 2]          = 2'(AdSub);
        cand_ok[2*i+2]                    = !FlatMoves && min_tie[d] && (q != sel_port_i);
        cand_port[(2*i+2)*PortW +: PortW] = q;
        cand_sub[(2*i+2)*2 +: 2]          = 2'(AdSub);
      end
      cand_ok[NCand-1]                    = 1'b1;
      cand_port[(NCand-1)*PortW +: PortW] = sel_port_i;
      cand_sub[(NCand-1)*2 +: 2]          = {1'b0, sel_sub_i};
    end

    logic [3:0]       cls, first, count;
    logic [PortW-1:0] cp;
    logic [VcW:0]     vc;  // {found, VC} on candidate cp
    always_comb begin
      sel_valid_o    = 1'b0;
      sel_ovc_o      = '0;
      sel_out_port_o = port;
      sel_mask_o     = '0;
      cls            = '0;
      first          = '0;
      count          = '0;
      cp             = '0;
      vc             = '0;
      if (sel_eject_i) begin
        {sel_valid_o, sel_ovc_o} = first_free(free_i[32'(port)*NumVcs +: NumVcs]);
        sel_mask_o               = free_i[32'(port)*NumVcs +: NumVcs];
      end else begin
        for (int unsigned j = 0; j < NCand; j++) begin
          if (cand_ok[j] && !sel_valid_o) begin
            cp    = cand_port[j*PortW +: PortW];
            cls   = GroupBase[{group, 2'b00} +: 4] + 4'(cand_sub[j*2 +: 2]);
            first = ClassFirst[{cls, 2'b00} +: 4];
            count = ClassCount[{cls, 2'b00} +: 4];
            // The first candidate with a usable VC; among its VCs the most credits, ties to the lower.
            sel_mask_o = free_i[32'(cp)*NumVcs +: NumVcs] & fit[32'(cp)*NumVcs +: NumVcs] & in_class(first, count);
            vc = most_credits(sel_mask_o, credits_i[32'(cp)*NumVcs*CrW +: NumVcs*CrW]);
            if (vc[VcW]) begin
              {sel_valid_o, sel_ovc_o} = vc;
              sel_out_port_o           = cp;
            end
          end
        end
      end
    end
  end

endmodule
