// SPDX-License-Identifier: Apache-2.0
//
// VC selection of one input VC (RouteUnit::pick_output_vc in systemc/router/route_unit.h), combinational,
// the second part of drb_route_unit (route compute is the first; a file each):
//  - each cycle the head waits for an output VC: of the candidate port, the free output VC of
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


module drb_vc_select #(
  parameter int unsigned Family     = 0,       /// drb_route_unit's Family
  parameter int unsigned TreeK      = 4,       /// k-ary n-tree switch arity (TreeUp's up ports)
  parameter int unsigned IdW        = drb_hdr_pkg::NodeW,  /// bits of node_id_i (the element id)
  parameter int unsigned Dims       = 2,       /// dimensions n
  parameter bit          Wrap       = 1'b1,    /// torus (1) or mesh (0)
  parameter logic [63:0] DimOrder   = 64'hfedcba9876543210,  /// position i, bits [4i +: 4]: its dimension
  parameter int unsigned NumVcs     = 2,       /// VCs per port
  parameter int unsigned CrW        = 4,       /// width of a credit counter
  parameter logic [63:0] GroupBase  = 64'h0,   /// per VC class group g, bits [4g +: 4]: its first class
  parameter logic [63:0] ClassFirst = 64'h0,   /// per class c, bits [4c +: 4]: its first VC
  parameter logic [63:0] ClassCount = 64'h0,   /// per class c, bits [4c +: 4]: its number of VCs
  parameter int unsigned AckGroup   = 1,       /// the group acks travel in
  parameter bit          Adaptive   = 1'b0,    /// the adaptive scan (or a hybrid subnet switch's kept class)
  parameter bit          NegFirst   = 1'b0,    /// negative-first's least-loaded scan with misroutes
  parameter bit          Misroute   = 1'b1,    ///   misroute when no minimal port has a free VC
  parameter bit          MisrouteAtSource = 1'b1,  ///   a head from the NI may misroute
  parameter int unsigned InPort     = 0,       /// the input port of this VC
  parameter int unsigned InVc       = 0,       /// the VC within that port
  parameter int unsigned TreeUp     = 0,       /// k-ary n-tree's up phase: 0 none, 1 first_free, 2 lowest,
                                               ///   3 sadp, 4 random
  parameter bit          AtomicVc   = 1'b0,    /// an output VC is reallocated once empty (Depth credits)
  parameter int unsigned Depth      = 4,       /// flits a VC buffers (AtomicVc's full credit count)
  parameter int unsigned NiChannels = 1,       /// a router's local ports (the last)
  parameter int unsigned Trunk      = 1,       /// links a direction
  parameter bit          TrunkCyclic = 1'b0,   ///   tried from trunk_first_i's member
  parameter int unsigned TrW        = (Trunk > 1) ? $clog2(Trunk) : 1,
  parameter bit          Vct        = 1'b0,    /// a VC takes a head only with credits for its whole packet
  parameter int unsigned NumPorts   = 5,       /// drb_shape_pkg::router_ports
  parameter int unsigned PortW      = 3,
  parameter int unsigned VcW        = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic [IdW-1:0]                node_id_i,   // (TreeUp's random draw)
  input  drb_hdr_pkg::hdr_t             hdr_i,       //   and the header it hashes
  input  logic                          sel_ack_i,   // the head is an ack
  input  logic [drb_hdr_pkg::StepW-1:0] sel_step_i,  // its step (a data head's class group)
  input  logic                          sel_eject_i,
  input  logic [drb_hdr_pkg::LengthW-1:0] sel_len_i,  // its packet's length in flits (Vct's room test)
  input  logic [2*Dims*TrW-1:0]         trunk_first_i,  // per trunk, the member tried first (TrunkCyclic)
  input  logic [PortW-1:0]              sel_port_i,
  input  logic                          sel_sub_i,
  input  logic [Dims-1:0]               min_move_i,  // route compute's minimal directions per dimension
  input  logic [Dims-1:0]               min_plus_i,
  input  logic [Dims-1:0]               min_tie_i,
  input  logic [Dims-1:0]               min_at0_i,   //   coordinates at 0
  input  logic [Dims*PortW-1:0]         min_port_i,  //   a flattened butterfly's or hybrid's ports
  input  logic [NumPorts*NumVcs-1:0]    free_i,      // output VC port*NumVcs+v has no owner
  input  logic [NumPorts*NumVcs*CrW-1:0] credits_i,
  output logic                          sel_valid_o,
  output logic [PortW-1:0]              sel_out_port_o,
  output logic [VcW-1:0]                sel_ovc_o,
  output logic [NumVcs-1:0]             sel_mask_o   // iSLIP's request: every usable VC of sel_out_port_o
);

  localparam int unsigned LocalPort = NumPorts - NiChannels;  // a router's first local port
  localparam bit FlatMoves = Family == 2 || (Family >= 4 && Family <= 7);
  // A hybrid subnet switch under Adaptive keeps the class; the others scan the candidates.
  localparam bit KeepClass = Adaptive && Family >= 5 && Family <= 7;
  localparam bit Scan      = Adaptive && !KeepClass;
  // (the names the scans below were written with)
  logic [Dims-1:0] min_move, min_plus, min_tie, min_at0;
  logic [Dims*PortW-1:0] min_port;
  assign min_move = min_move_i;
  assign min_plus = min_plus_i;
  assign min_tie  = min_tie_i;
  assign min_at0  = min_at0_i;
  assign min_port = min_port_i;
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
  if (!TrunkCyclic) begin : g_unused_first
    logic unused_first;
    assign unused_first = ^trunk_first_i;
  end
  logic unused_draw;  // TreeUp's random draw reads a few header fields and the id, the others none
  assign unused_draw = ^{node_id_i, hdr_i};

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
  end else if (Trunk > 1 && !Scan) begin : g_sel_trunk
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
    logic [PortW-1:0] cd, cp;
    logic [VcW:0]     vc;  // {found, VC} on candidate cp
    int unsigned      m;
    always_comb begin
      sel_valid_o    = 1'b0;
      sel_ovc_o      = '0;
      sel_out_port_o = sel_eject_i ? port : PortW'(32'(port) * Trunk);
      sel_mask_o     = '0;
      cls            = '0;
      first          = '0;
      count          = '0;
      cd             = '0;
      cp             = '0;
      vc             = '0;
      m              = 0;
      if (sel_eject_i) begin
        {sel_valid_o, sel_ovc_o} = first_free(free_i[32'(port)*NumVcs +: NumVcs]);
        sel_mask_o               = free_i[32'(port)*NumVcs +: NumVcs];
      end else begin
        // Each candidate is a direction cd; with trunks (Trunk > 1) its members cd Trunk + m are tried in
        // order, from member 0 or cyclic from trunk_first_i's (RouteUnit::pick_output_vc_t).
        for (int unsigned j = 0; j < NCand; j++) begin
          for (int unsigned t = 0; t < Trunk; t++) begin
            if (cand_ok[j] && !sel_valid_o) begin
              cd    = cand_port[j*PortW +: PortW];
              m     = TrunkCyclic ? 32'(trunk_first_i[32'(cd)*TrW +: TrW]) + t : t;
              if (m >= Trunk) m = m - Trunk;
              cp    = PortW'(32'(cd) * Trunk + m);
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
  end

endmodule
