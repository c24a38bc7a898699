// SPDX-License-Identifier: Apache-2.0
//
// The DRB router of a k-ary n-cube, torus or mesh, or of a binary hypercube, or a switch of a k-ary n-tree or
// of a flattened butterfly (RouterCore in systemc/router/router_core.h: routers and switches are one
// element), built from its units: an input unit per port (drb_input_unit), a route unit per input VC
// (drb_route_unit: DEC + route compute, drb_vc_select: VC selection), the VC allocator (drb_vc_alloc), the
// switch allocator (drb_switch_alloc, whose stages are drb_xbar_arbiter), the crossbar (drb_crossbar), an
// output unit per port (drb_output_unit: owners, credits, AL resume, datelines, GMR), the AL timer
// (drb_al_timer), the ports' terminal and dateline constants (drb_port_shape) and cyclic trunk selection's
// pointers (drb_trunk_ptr). A router's ports 2d and
// 2d+1 are +/- dimension d (0..3 are +x, -x, +y, -y on a 2-D torus; with Trunk links a direction, the ports
// (2d + s) Trunk .. (2d + s) Trunk + Trunk - 1); the last are the local terminal's (injection in, ejection
// out; NiChannels of them, one a channel). A k-ary n-tree switch's ports 0..k-1 lead down (to terminals at
// stage 0), k..2k-1 up; its element id (node_id_i) gives its stage and offset. A flattened butterfly switch's
// ports d (K - 1) .. d (K - 1) + K - 2 reach the other switches of its dimension-d line, the last Conc its
// terminals; its element id gives its coordinates. A binary hypercube router's port d flips address bit d;
// its last, Dims, is the local terminal's. A hybrid's router (K^Dims of them, Conc terminals each) has port d
// towards its dimension-d subnet and its terminals last; a hybrid's subnet switch (a crossbar of K ports, a
// fat-tree switch of 2 TreeK, a RUFT switch of TreeK; TreeStages stages) and a RUFT's switch (TreeK ports,
// TreeStages stages, terminals in at stage 0 and out of the last) read their place from the element id
// (drb_hybrid_rc, drb_updown_rc). A midimew's router has ports 0, 1 for the jumps +-(b-1), 2, 3 for +-b and
// the local port 4, routed from a ROM of jump counts (drb_midimew_rc).
//
// Timing is the model's, cycle for cycle (docs/architecture.md, "Stage timing"): one clock is one step of
// the model. In a cycle, heads whose route-compute delay has passed are routed and, in the same cycle,
// request an output VC; VCs holding one from the cycle after (DVa) bid for the switch; a winner's flit
// enters its output channel OutDelay cycles later and its credit leaves upstream in the grant cycle. Each
// VC counts down the cycles its stage still takes. A flit or credit given on an input in cycle t counts
// from t + 1.
//
// Not in this router (the C++ router has them; the fabric refuses router.impl=rtl for them, docs/cosim.md
// says why): oldest-first arbitration, link power and faults, a wait-free DEC (router.delay.dec = 0),
// PR-DRB's contention capture.

module drb_router #(
  parameter int unsigned Family     = 0,       /// 0: k-ary n-cube router; 1: k-ary n-tree switch;
                                               /// 2: flattened butterfly switch (K per dimension, Dims);
                                               /// 3: binary hypercube router (Dims); hybrid (K, Dims, Conc):
                                               /// 4 router, 5 crossbar, 6 fat-tree switch, 7 RUFT switch;
                                               /// 8: RUFT switch (TreeK, TreeStages);
                                               /// 9: midimew router (K nodes, Jump, Jumps; Dims 2)
  parameter int unsigned TreeK      = 4,       /// k-ary n-tree, RUFT, hybrid subnet: switch arity
  parameter int unsigned TreeStages = 3,       ///   and stages (element ids stage * TreeK^(n-1) + offset)
  parameter int unsigned Conc       = 1,       /// flattened butterfly, hybrid: terminals per switch, router
  parameter int unsigned NiChannels = 1,       /// k-ary n-cube, hypercube, midimew: the terminal's channels, the
                                               /// local ports (topology.ni_channels)
  parameter int unsigned Trunk      = 1,       /// k-ary n-cube: links a direction (topology.trunk), ports
                                               /// (2d + s) Trunk + m
  parameter bit          TrunkCyclic = 1'b0,   ///   a trunk's next head tries the member after the last one
                                               ///   granted first (router.trunk_select=cyclic)
  parameter int unsigned IdW        = drb_hdr_pkg::NodeW,  /// bits of node_id_i (the element id)
  parameter int unsigned K          = 8,       /// radix of every dimension, unless Radix
  parameter int unsigned Dims       = 2,       /// dimensions n (the header package's DatelineW)
  parameter logic [63:0] Radix      = 64'h0,   /// per dimension d, bits [8d +: 8]: its radix (0: K)
  parameter bit          Wrap       = 1'b1,    /// torus (1) or mesh (0)
  parameter logic [63:0] DimOrder   = 64'hfedcba9876543210,  /// position i, bits [4i +: 4]: its dimension
  parameter logic        TiePositive = 1'b1,   /// ring ties go + (routing.tie=positive; 0: negative)
  parameter int unsigned TieRandom  = 0,       /// ring ties follow the header's tie bits (routing.tie=random)
  parameter int unsigned Jump       = 2,       /// midimew: the long jump b (the short one b - 1)
  parameter int unsigned JumpW      = 4,       ///   bits of a jump count
  parameter logic [((Family == 9) ? K : 1)*2*JumpW-1:0] Jumps = '0,  ///   per offset its two counts (drb_midimew_rc)
  parameter int unsigned NumVcs     = 2,       /// VCs per port
  parameter int unsigned Depth      = 8,       /// flits per VC buffer
  parameter int unsigned DRc        = 1,       /// route-compute delay (router.delay.rc)
  parameter int unsigned DVa        = 1,       /// VC-allocation delay (router.delay.va)
  parameter int unsigned DDec       = 1,       /// extra route compute after a DEC pop (router.delay.dec)
  parameter int unsigned OutDelay   = 2,       /// switch allocation + traversal (router.delay.sa + .st)
  parameter int unsigned VcClasses  = 0,       /// ring VC classes (routing.vc_classes: 0 dateline)
  parameter bit          Adaptive   = 1'b0,    /// minimal adaptive routing, DOR escape (routing.algorithm=adaptive; Family 0, 2..7)
  parameter bit          NegFirst   = 1'b0,    /// negative-first with misroutes (routing.algorithm=negative_first; Family 0 mesh)
  parameter bit          Misroute   = 1'b1,    ///   misroute when no minimal port has a free VC (routing.misroute)
  parameter bit          MisrouteAtSource = 1'b1,  ///   a head from the NI may misroute (routing.misroute_at_source)
  parameter int unsigned TreeUp     = 0,       /// k-ary n-tree up phase (Family 1): 0 up/down's one port; adaptive
                                               /// (routing.up_selection) 1 first_free, 2 lowest, 3 sadp
  parameter bit          AtomicVc   = 1'b0,    /// output VCs reallocated once empty (router.vc_realloc=atomic)
  parameter bit          Vct        = 1'b0,    /// virtual cut-through: a VC taken only with room for the packet (router.switching=vct)
  parameter int unsigned AlTick     = 1,       /// AL timer unit in cycles (al.tick): the timer moves every AlTick
  parameter bit          SaIslip    = 1'b0,    /// switch allocation iSLIP, one iteration (router.alloc.sa=islip)
  parameter bit          VaIslip    = 1'b0,    /// VC allocation iSLIP, one iteration (router.alloc.va=islip)
  parameter logic [63:0] GroupBase  = 64'h0,   /// VC layout (VcLayout): per group its first class, 4 bits each
  parameter logic [63:0] ClassFirst = 64'h0,   ///   per class its first VC
  parameter logic [63:0] ClassCount = 64'h0,   ///   per class its VCs
  parameter int unsigned AckGroup   = 1,       ///   the acks' group
  parameter bit          HighPrio   = 1'b0,    /// acks win the switch first (drb.ack_mode=high_priority)
  parameter bit          Drb        = 1'b1,    /// DEC, AL and GMR present (0: a plain VC router)
  parameter bit          Gmr        = 1'b0,    /// early acks (DRB2), needs Drb
  parameter int unsigned AckFlits   = 1,       /// an early ack's length
  parameter int unsigned NumPorts   = drb_shape_pkg::router_ports(Family, Dims, TreeK, K, Conc) + NiChannels - 1 +
                                      ((Family == 0) ? 2 * Dims * (Trunk - 1) : 0),
  parameter int unsigned PortW      = $clog2(NumPorts),
  parameter int unsigned VcW        = (NumVcs > 1) ? $clog2(NumVcs) : 1,
  parameter int unsigned CrW        = $clog2(Depth + 1)
) (
  input  logic                                  clk_i,
  input  logic                                  rst_ni,
  input  logic [IdW-1:0]                        node_id_i,
  input  logic                                  cfg_we_i,          // GMR threshold and mode
  input  logic [drb_hdr_pkg::LatencyW-1:0]      cfg_threshold_i,
  input  logic                                  cfg_every_hop_i,
  // Input channels: flits in, credits back upstream.
  input  logic [NumPorts-1:0]                   in_valid_i,
  input  logic [NumPorts*VcW-1:0]               in_vc_i,
  input  logic [NumPorts*drb_hdr_pkg::FlitW-1:0] in_flit_i,
  output logic [NumPorts-1:0]                   in_credit_o,
  output logic [NumPorts*VcW-1:0]               in_credit_vc_o,
  // Output channels: flits out, credits from downstream.
  output logic [NumPorts-1:0]                   out_valid_o,
  output logic [NumPorts*VcW-1:0]               out_vc_o,
  output logic [NumPorts*drb_hdr_pkg::FlitW-1:0] out_flit_o,
  input  logic [NumPorts-1:0]                   out_credit_i,
  input  logic [NumPorts*VcW-1:0]               out_credit_vc_i,
  // GMR's early acks, one per output port (in the grant cycle of the head that fired).
  output logic [NumPorts-1:0]                   ack_valid_o,
  output logic [NumPorts*drb_hdr_pkg::HdrW-1:0] ack_hdr_o,
  // Observation ports: state the router holds anyway, per input VC (index port * NumVcs + VC), for
  // waveforms and for the fabric's element adapter (systemc/cosim/rtl_router.h), which keeps the
  // model's per-hop statistics from them. They drive nothing inside: left open (synthesis), they cost
  // no cell.
  output logic [NumPorts*NumVcs*2-1:0]          dbg_vc_state_o,   // drb_router_pkg::Vc* of each input VC
  output logic [NumPorts*NumVcs-1:0]            dbg_va_req_o,     // VC allocation: requests, grants
  output logic [NumPorts*NumVcs-1:0]            dbg_va_gnt_o,
  output logic [NumPorts*NumVcs-1:0]            dbg_sa_req_o,     // switch allocation: requests, grants
  output logic [NumPorts*NumVcs-1:0]            dbg_sa_gnt_o,
  output logic [NumPorts*NumVcs-1:0]            dbg_sa_bid_o,     //   the requests that stood in its output stage
  output logic [NumPorts*NumVcs*PortW-1:0]      dbg_out_port_o,   // the output port an active VC holds
  output logic [NumPorts*NumVcs-1:0]            dbg_dec_pop_o,    // DEC popped the front destination
  output logic [NumPorts*NumVcs-1:0]            dbg_al_wait_o,    // a head starts waiting (AL's T1)
  // Next values of registers (this cycle's events taken; the model's InputVc / OutputVc after its step):
  output logic [NumPorts*NumVcs*2-1:0]          dbg_state_next_o, // each input VC's state,
  output logic [NumPorts*NumVcs*CrW-1:0]        dbg_count_next_o, //   the flits it buffers,
  output logic [NumPorts*NumVcs*CrW-1:0]        dbg_credits_next_o  // each output VC's credits
);

  localparam int unsigned FlitW = drb_hdr_pkg::FlitW;
  localparam int unsigned HdrW  = drb_hdr_pkg::HdrW;
  localparam int unsigned LatW  = drb_hdr_pkg::LatencyW;
  localparam int unsigned N     = NumPorts * NumVcs;    // input VCs = output VCs
  localparam int unsigned OutW  = (N > 1) ? $clog2(N) : 1;
  localparam int unsigned CntW  = $clog2(Depth + 1);

  if (NumPorts != drb_shape_pkg::router_ports(Family, Dims, TreeK, K, Conc) + NiChannels - 1 +
                  ((Family == 0) ? 2 * Dims * (Trunk - 1) : 0) ||
      (1 << PortW) < NumPorts || Family > 9 || (Family == 9 && Dims != 2) || NiChannels < 1 ||
      (NiChannels > 1 && !drb_shape_pkg::local_port_router(Family)) || Trunk < 1 || (Trunk > 1 && Family != 0) ||
      (TrunkCyclic && Trunk < 2))
  begin : g_bad_ports
    $error("drb_router: Family 0..9, NumPorts as drb_shape_pkg::router_ports (with NiChannels local ports, and Trunk links a direction on a k-ary n-cube), a midimew's Dims 2");
  end
  if ((Family == 0 || Family == 9) && (drb_hdr_pkg::DatelineW != Dims || (TieRandom != 0 && drb_hdr_pkg::TieW != Dims)))
  begin : g_bad_layout
    $error("drb_router: the header package's dateline (and tie) bits must be one per dimension");
  end

  // ---- per output port (drb_port_shape): towards a terminal, where the NI always sinks (no credits, no
  // GMR, no dateline), and the dateline bits of its link (a torus's or midimew's wrap links)
  localparam int unsigned DlW = drb_hdr_pkg::DatelineW;
  logic [NumPorts-1:0]     term;
  logic [NumPorts*DlW-1:0] dl;
  drb_port_shape #(
    .Family(Family), .TreeK(TreeK), .TreeStages(TreeStages), .Conc(Conc), .NiChannels(NiChannels), .K(K),
    .Dims(Dims), .Radix(Radix), .Wrap(Wrap), .Trunk(Trunk), .Jump(Jump), .NumPorts(NumPorts), .IdW(IdW), .DlW(DlW)
  ) u_ports (
    .node_id_i,
    .term_o (term),
    .dl_o   (dl)
  );
  if (Gmr && !Drb) begin : g_bad_gmr
    $error("drb_router: GMR needs the DRB blocks");
  end

  // ---- the AL timer (drb_al_timer): cycles since reset divided by AlTick, modulo 2^W
  // (LatencyAccumulator::timer), and timer(now + DVa), T1 of a head routed now
  logic [LatW-1:0] timer_q, timer_va;
  drb_al_timer #(.W(LatW), .Tick(AlTick), .Ahead(DVa)) u_timer (
    .clk_i, .rst_ni,
    .timer_o       (timer_q),
    .timer_ahead_o (timer_va)
  );

  // ---- input units
  logic [N*FlitW-1:0] front;
  logic [N-1:0]       nonempty, blocked_q, prio_q, eject_q, sub_q, hdr_valid_q;
  logic [N*2-1:0]     state_q;
  logic [N-1:0]       ready_q;
  logic [N*LatW-1:0]  t1_q;
  logic [N*PortW-1:0] route_port_q, out_port_q;
  logic [N*VcW-1:0]   out_vc_q;
  logic [N*HdrW-1:0]  hdr_q;
  /* verilator lint_off UNUSED */
  logic [N*CntW-1:0]  count;  // waveforms
  /* verilator lint_on UNUSED */

  logic [N-1:0]       pop, rc_route, rc_pop, rc_eject, rc_sub, rc_prio, blk, hdr_we, va_gnt;
  localparam int unsigned TrW = (Trunk > 1) ? $clog2(Trunk) : 1;
  logic [2*Dims*TrW-1:0] trunk_first_q;  // per trunk (direction), the member its next head tries first
  logic [N*PortW-1:0] rc_port, va_port;
  logic [N*VcW-1:0]   va_ovc;
  logic [N*HdrW-1:0]  hdr_d;
  logic [N-1:0]       lat_we, lat_pend;
  logic [N*LatW-1:0]  lat_d, lat_pend_val;

  for (genvar p = 0; p < NumPorts; p++) begin : g_in
    drb_input_unit #(
      .NumVcs(NumVcs), .Depth(Depth), .DRc(DRc), .DVa(DVa), .DDec(DDec), .PortW(PortW)
    ) u_in (
      .clk_i, .rst_ni,
      .timer_i        (timer_q),
      .in_valid_i     (in_valid_i[p]),
      .in_vc_i        (in_vc_i[p*VcW +: VcW]),
      .in_flit_i      (in_flit_i[p*FlitW +: FlitW]),
      .credit_valid_o (in_credit_o[p]),
      .credit_vc_o    (in_credit_vc_o[p*VcW +: VcW]),
      .pop_i          (pop[p*NumVcs +: NumVcs]),
      .rc_route_i     (rc_route[p*NumVcs +: NumVcs]),
      .rc_pop_i       (rc_pop[p*NumVcs +: NumVcs]),
      .rc_eject_i     (rc_eject[p*NumVcs +: NumVcs]),
      .rc_port_i      (rc_port[p*NumVcs*PortW +: NumVcs*PortW]),
      .rc_sub_i       (rc_sub[p*NumVcs +: NumVcs]),
      .rc_prio_i      (rc_prio[p*NumVcs +: NumVcs]),
      .blk_i          (blk[p*NumVcs +: NumVcs]),
      .hdr_we_i       (hdr_we[p*NumVcs +: NumVcs]),
      .hdr_d_i        (hdr_d[p*NumVcs*HdrW +: NumVcs*HdrW]),
      .lat_we_i       (lat_we[p*NumVcs +: NumVcs]),
      .lat_d_i        (lat_d[p*NumVcs*LatW +: NumVcs*LatW]),
      .va_gnt_i       (va_gnt[p*NumVcs +: NumVcs]),
      .va_port_i      (va_port[p*NumVcs*PortW +: NumVcs*PortW]),
      .va_ovc_i       (va_ovc[p*NumVcs*VcW +: NumVcs*VcW]),
      .front_o        (front[p*NumVcs*FlitW +: NumVcs*FlitW]),
      .nonempty_o     (nonempty[p*NumVcs +: NumVcs]),
      .state_o        (state_q[p*NumVcs*2 +: NumVcs*2]),
      .ready_o        (ready_q[p*NumVcs +: NumVcs]),
      .t1_o           (t1_q[p*NumVcs*LatW +: NumVcs*LatW]),
      .blocked_o      (blocked_q[p*NumVcs +: NumVcs]),
      .prio_o         (prio_q[p*NumVcs +: NumVcs]),
      .eject_o        (eject_q[p*NumVcs +: NumVcs]),
      .route_port_o   (route_port_q[p*NumVcs*PortW +: NumVcs*PortW]),
      .route_sub_o    (sub_q[p*NumVcs +: NumVcs]),
      .out_port_o     (out_port_q[p*NumVcs*PortW +: NumVcs*PortW]),
      .out_vc_o       (out_vc_q[p*NumVcs*VcW +: NumVcs*VcW]),
      .hdr_valid_o    (hdr_valid_q[p*NumVcs +: NumVcs]),
      .hdr_o          (hdr_q[p*NumVcs*HdrW +: NumVcs*HdrW]),
      .count_o        (count[p*NumVcs*CntW +: NumVcs*CntW]),
      .state_next_o   (dbg_state_next_o[p*NumVcs*2 +: NumVcs*2]),
      .count_next_o   (dbg_count_next_o[p*NumVcs*CntW +: NumVcs*CntW])
    );
  end

  // ---- output-unit state the route units select by
  logic [N-1:0]     free, can_send;
  logic [N*CrW-1:0] credits;

  // ---- route units: route compute, then selection (the VC-allocation request), per input VC
  logic [N-1:0]      va_req, sel_valid;
  logic [N*OutW-1:0] va_req_ovc;
  logic [N*PortW-1:0] sel_port;
  logic [N*VcW-1:0]  sel_ovc, va_gnt_vc;
  logic [N*NumVcs-1:0] sel_mask;
  logic [N*OutW-1:0] va_got_ovc;   // the output VC (port * VCs + VC) a VC-allocation grant gives
  logic [N-1:0]      in_va, t_now_blocked;
  logic [N*HdrW-1:0] h1;           // the working header after route compute

  for (genvar k = 0; k < N; k++) begin : g_rc
    logic              fire, pop_k, eject_k, sub_k;
    logic [PortW-1:0]  port_k;
    // Headers as bit vectors, fields by the package's offsets (Yosys 0.23 reads no struct members of a
    // variable declared inside a generate block).
    logic [HdrW-1:0]   hw, hdec, hsel;
    logic              sel_ack;
    logic [drb_hdr_pkg::StepW-1:0] sel_step;
    // The request reads the header before DEC: a head requests only when DEC did not pop, and then DEC
    // changed nothing (class and step come straight from the register or buffer, off DEC's path).
    assign sel_ack  = hw[drb_hdr_pkg::TclassOff] == drb_hdr_pkg::TclassAck;
    assign sel_step = hw[drb_hdr_pkg::StepOff +: drb_hdr_pkg::StepW];
    assign hw    = hdr_valid_q[k] ? hdr_q[k*HdrW +: HdrW] : front[k*FlitW +: HdrW];
    assign fire  = (state_q[k*2 +: 2] == drb_router_pkg::VcRouting) && ready_q[k];

    drb_route_unit #(
      .K(K), .Dims(Dims), .Radix(Radix), .Wrap(Wrap), .DimOrder(DimOrder), .TiePositive(TiePositive),
      .TieRandom(TieRandom), .Jump(Jump), .JumpW(JumpW), .Jumps(Jumps), .Family(Family), .TreeK(TreeK), .TreeStages(TreeStages), .Conc(Conc), .IdW(IdW), .NumVcs(NumVcs), .CrW(CrW), .VcClasses(VcClasses), .GroupBase(GroupBase),
      .ClassFirst(ClassFirst), .ClassCount(ClassCount), .AckGroup(AckGroup), .Dec(Drb),
      .Adaptive(Adaptive), .NegFirst(NegFirst), .Misroute(Misroute), .MisrouteAtSource(MisrouteAtSource),
      .TreeUp(TreeUp), .InPort(k / NumVcs), .InVc(k % NumVcs), .AtomicVc(AtomicVc), .Vct(Vct), .NiChannels(NiChannels), .Trunk(Trunk), .TrunkCyclic(TrunkCyclic), .Depth(Depth), .NumPorts(NumPorts), .PortW(PortW)
    ) u_route (
      .node_id_i,
      .hdr_i          (hw),
      .hdr_o          (hdec),
      .pop_o          (pop_k),
      .eject_o        (eject_k),
      .port_o         (port_k),
      .sub_o          (sub_k),
      .sel_ack_i      (sel_ack),
      .sel_step_i     (sel_step),
      .sel_len_i      (hw[drb_hdr_pkg::LengthOff +: drb_hdr_pkg::LengthW]),
      .trunk_first_i  (trunk_first_q),
      // (a head DEC pops requests nothing this cycle, so the route stage's output is selected on `fire`
      // alone, DEC's compare off this path)
      .sel_eject_i    (fire ? eject_k : eject_q[k]),
      .sel_port_i     (fire ? port_k : route_port_q[k*PortW +: PortW]),
      .sel_sub_i      (fire ? sub_k : sub_q[k]),
      .free_i         (free),
      .credits_i      (credits),
      .sel_valid_o    (sel_valid[k]),
      .sel_out_port_o (sel_port[k*PortW +: PortW]),
      .sel_ovc_o      (sel_ovc[k*VcW +: VcW]),
      .sel_mask_o     (sel_mask[k*NumVcs +: NumVcs])
    );
    assign rc_route[k] = fire && !pop_k;
    assign rc_pop[k]   = fire && pop_k;
    assign rc_eject[k] = eject_k;
    assign rc_port[k*PortW +: PortW] = port_k;
    assign rc_sub[k]   = sub_k;
    assign rc_prio[k]  = HighPrio && sel_ack;
    assign hsel = fire ? hdec : hw;
    assign h1[k*HdrW +: HdrW] = hsel;
    assign in_va[k]  = (state_q[k*2 +: 2] == drb_router_pkg::VcVcAlloc) || rc_route[k];
    assign va_req[k] = in_va[k] && sel_valid[k];
    assign va_req_ovc[k*OutW +: OutW] = OutW'(32'(sel_port[k*PortW +: PortW]) * NumVcs + 32'(sel_ovc[k*VcW +: VcW]));
    assign t_now_blocked[k] = rc_route[k] ? 1'b0 : blocked_q[k];
  end

  // ---- VC allocation
  drb_vc_alloc #(.NumIn(N), .NumOut(N), .NumVcs(NumVcs), .Islip(VaIslip)) u_va (
    .clk_i, .rst_ni,
    .req_i      (va_req),
    .req_ovc_i  (va_req_ovc),
    .req_port_i (sel_port),
    .req_mask_i (sel_mask),
    .gnt_o      (va_gnt),
    .gnt_vc_o   (va_gnt_vc)
  );
  // The output VC a grant gives: the one asked for (separable), or the one the head accepted (iSLIP).
  assign va_port = sel_port;

  // Cyclic trunk selection (RouteUnit::granted): per trunk the member its next head tries first, moved
  // past the member a grant took (drb_trunk_ptr); otherwise every trunk starts at member 0.
  if (TrunkCyclic && Trunk > 1) begin : g_trunk_cyclic
    drb_trunk_ptr #(.NumIn(N), .Dims(Dims), .Trunk(Trunk), .PortW(PortW), .TrW(TrW)) u_trunk (
      .clk_i, .rst_ni,
      .gnt_i   (va_gnt),
      .port_i  (va_port),
      .first_o (trunk_first_q)
    );
  end else begin : g_trunk_fixed
    assign trunk_first_q = '0;
  end
  if (VaIslip) begin : g_va_islip
    assign va_ovc = va_gnt_vc;
    for (genvar k = 0; k < N; k++) begin : g_got
      assign va_got_ovc[k*OutW +: OutW] = OutW'(32'(sel_port[k*PortW +: PortW]) * NumVcs + 32'(va_gnt_vc[k*VcW +: VcW]));
    end
  end else begin : g_va_sep
    assign va_ovc = sel_ovc;
    assign va_got_ovc = va_req_ovc;
    logic unused_va;
    assign unused_va = ^{va_gnt_vc, sel_mask};
  end

  // ---- switch allocation: Active VCs past their VA delay with a flit and a credit
  logic [N-1:0] act, sa_req, sa_gnt, sa_prio, sa_bid;
  for (genvar k = 0; k < N; k++) begin : g_sa_req
    assign act[k]    = (state_q[k*2 +: 2] == drb_router_pkg::VcActive) && ready_q[k] && nonempty[k];
    assign sa_req[k] = act[k] && can_send[32'(out_port_q[k*PortW +: PortW])*NumVcs + 32'(out_vc_q[k*VcW +: VcW])];
    assign sa_prio[k] = prio_q[k];
  end
  drb_switch_alloc #(.NumPorts(NumPorts), .NumVcs(NumVcs), .Islip(SaIslip)) u_sa (
    .clk_i, .rst_ni,
    .req_i      (sa_req),
    .prio_i     (sa_prio),
    .out_port_i (out_port_q),
    .gnt_o      (sa_gnt),
    .bid_o      (sa_bid)
  );
  assign pop = sa_gnt;

  logic [N-1:0] al_first;
  // ---- AL waits: a head that found no output VC, lost VC allocation, lacked a credit or lost the switch
  for (genvar k = 0; k < N; k++) begin : g_al
    logic head, waits, first;
    logic [HdrW-1:0] h;
    logic [LatW-1:0] t1, lat_enq;
    assign head  = front[k*FlitW + drb_hdr_pkg::FlitHead];
    // (switch: no credit, or a bid that lost; an iSLIP request another VC of the input stood for waits not)
    assign waits = (in_va[k] && !va_gnt[k]) || (act[k] && !sa_gnt[k] && head && (!sa_req[k] || sa_bid[k]));
    assign first = waits && !t_now_blocked[k];
    assign h     = h1[k*HdrW +: HdrW];
    assign t1    = rc_route[k] ? timer_va : t1_q[k*LatW +: LatW];  // timer(T1)
    logic [LatW-1:0] lat;
    logic            data;
    assign lat  = h[drb_hdr_pkg::LatencyOff +: LatW];
    assign data = h[drb_hdr_pkg::TclassOff] == drb_hdr_pkg::TclassData;
    // The subtraction runs beside VC allocation; the allocation's outcome only enables the write of the
    // latency field (the rest of the header is written by route compute alone).
    if (Drb) begin : g_enq
      drb_al u_al (
        .lat_i    (lat),
        .timer_i  (t1),
        .enq_i    (1'b1),
        .resume_i (1'b0),
        .lat_o    (lat_enq)
      );
    end else begin : g_no_enq
      logic unused_t1;
      assign unused_t1 = ^{t1, lat};
      assign lat_enq   = '0;
    end
    // The write itself waits one cycle in a register, so that the allocation's outcome drives one flop's
    // input instead of the latency field's write: the field is written at the next edge, and a head
    // leaving in between reads the pending value (g_edit).
    logic            pend_q;
    logic [LatW-1:0] pend_lat_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        pend_q     <= 1'b0;
        pend_lat_q <= '0;
      end else begin
        pend_q     <= Drb && first && data;
        pend_lat_q <= lat_enq;
      end
    end
    assign lat_pend[k] = pend_q;
    assign lat_pend_val[k*LatW +: LatW] = pend_lat_q;
    assign lat_we[k] = pend_q;
    assign lat_d[k*LatW +: LatW] = pend_lat_q;
    assign blk[k]    = waits;
    assign al_first[k] = first;
    assign hdr_we[k] = rc_route[k] || rc_pop[k];
    assign hdr_d[k*HdrW +: HdrW] = h;
  end

  // ---- the router's GMR configuration (threshold, every-hop), written through cfg_we_i
  logic [LatW-1:0] gmr_threshold_q;
  logic            gmr_every_hop_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      gmr_threshold_q <= '0;
      gmr_every_hop_q <= 1'b0;
    end else if (cfg_we_i) begin
      gmr_threshold_q <= cfg_threshold_i;
      gmr_every_hop_q <= cfg_every_hop_i;
    end
  end

  // ---- the edits a head gets as it leaves, per input VC beside switch allocation (the allocation only
  // selects): AL's resume for a head that waited (timer now), the output link's dateline bits, and GMR on
  // a network link, which may fire an early ack
  logic [N*HdrW-1:0] hout, ack;
  logic [N-1:0]      fire;
  for (genvar k = 0; k < N; k++) begin : g_edit
    logic [HdrW-1:0]  h, h_al, h_dl;
    logic [PortW-1:0] op;
    logic [LatW-1:0]  lat, lat_res;
    logic             data, net, head;
    assign h    = hdr_q[k*HdrW +: HdrW];
    assign op   = out_port_q[k*PortW +: PortW];
    assign lat  = lat_pend[k] ? lat_pend_val[k*LatW +: LatW] : h[drb_hdr_pkg::LatencyOff +: LatW];
    assign data = h[drb_hdr_pkg::TclassOff] == drb_hdr_pkg::TclassData;
    assign net  = !term[op];
    assign head = front[k*FlitW + drb_hdr_pkg::FlitHead];
    if (Drb) begin : g_resume
      drb_al u_al (
        .lat_i    (lat),
        .timer_i  (timer_q),
        .enq_i    (1'b0),
        .resume_i (blocked_q[k] && data),
        .lat_o    (lat_res)
      );
    end else begin : g_no_resume
      logic unused_data;
      assign unused_data = data;
      assign lat_res = lat;
    end
    always_comb begin
      h_al = h;
      h_al[drb_hdr_pkg::LatencyOff +: LatW] = lat_res;
      h_dl = h_al;
      if (net) h_dl[drb_hdr_pkg::DatelineOff +: drb_hdr_pkg::DatelineW] =
                 h_al[drb_hdr_pkg::DatelineOff +: drb_hdr_pkg::DatelineW] | dl[32'(op)*DlW +: DlW];
    end
    if (Gmr) begin : g_gmr
      drb_gmr_fire #(.AckFlits(AckFlits)) u_gmr (
        .threshold_i (gmr_threshold_q),
        .every_hop_i (gmr_every_hop_q),
        .valid_i     (net && head),
        .hdr_i       (h_dl),
        .hdr_o       (hout[k*HdrW +: HdrW]),
        .fire_o      (fire[k]),
        .ack_o       (ack[k*HdrW +: HdrW])
      );
    end else begin : g_no_gmr
      logic unused_head;
      assign unused_head = head;
      assign hout[k*HdrW +: HdrW] = h_dl;
      assign fire[k] = 1'b0;
      assign ack[k*HdrW +: HdrW] = '0;
    end
  end
  if (!Gmr) begin : g_unused_cfg
    logic unused_cfg;
    assign unused_cfg = ^{gmr_threshold_q, gmr_every_hop_q};
  end

  // ---- crossbar: per input port the granted VC's flit (a head with its edited header) and GMR's ack
  localparam int unsigned XW = 1 + HdrW + VcW + FlitW;   // {fire, ack, out VC, flit}
  logic [NumPorts*XW-1:0]    xin, xout;
  logic [NumPorts-1:0]       xsel_valid;
  logic [NumPorts*PortW-1:0] xsel;
  always_comb begin
    xin = '0;
    xsel_valid = '0;
    xsel = '0;
    for (int unsigned p = 0; p < NumPorts; p++) begin
      for (int unsigned v = 0; v < NumVcs; v++) begin
        if (sa_gnt[p*NumVcs+v]) begin
          xin[p*XW +: XW] = {fire[p*NumVcs+v] && front[(p*NumVcs+v)*FlitW + drb_hdr_pkg::FlitHead],
                             ack[(p*NumVcs+v)*HdrW +: HdrW],
                             out_vc_q[(p*NumVcs+v)*VcW +: VcW],
                             front[(p*NumVcs+v)*FlitW + drb_hdr_pkg::FlitTail],
                             front[(p*NumVcs+v)*FlitW + drb_hdr_pkg::FlitHead],
                             front[(p*NumVcs+v)*FlitW + drb_hdr_pkg::FlitHead]
                                 ? hout[(p*NumVcs+v)*HdrW +: HdrW] : front[(p*NumVcs+v)*FlitW +: HdrW]};
          for (int unsigned o = 0; o < NumPorts; o++) begin
            if (out_port_q[(p*NumVcs+v)*PortW +: PortW] == PortW'(o)) begin
              xsel_valid[o] = 1'b1;
              xsel[o*PortW +: PortW] = PortW'(p);
            end
          end
        end
      end
    end
  end
  drb_crossbar #(.NumPorts(NumPorts), .W(XW), .PortW(PortW)) u_xbar (
    .in_i        (xin),
    .sel_valid_i (xsel_valid),
    .sel_i       (xsel),
    .out_o       (xout)
  );

  // ---- observation
  assign dbg_vc_state_o = state_q;
  assign dbg_va_req_o   = va_req;
  assign dbg_va_gnt_o   = va_gnt;
  assign dbg_sa_req_o   = sa_req;
  assign dbg_sa_gnt_o   = sa_gnt;
  assign dbg_sa_bid_o   = sa_bid;
  assign dbg_out_port_o = out_port_q;
  assign dbg_dec_pop_o  = rc_pop;
  assign dbg_al_wait_o  = al_first;

  // ---- output units
  logic [N-1:0] take;
  always_comb begin
    take = '0;
    for (int unsigned k = 0; k < N; k++) begin
      if (va_gnt[k]) take[va_got_ovc[k*OutW +: OutW]] = 1'b1;
    end
  end

  for (genvar o = 0; o < NumPorts; o++) begin : g_out
    // A router's local ports are a terminal's by construction; a switch's terminal ports are `term`.
    localparam bit Net = !drb_shape_pkg::local_port_router(Family) || (o < NumPorts - NiChannels);
    drb_output_unit #(
      .NumVcs(NumVcs), .Depth(Depth), .Network(Net), .OutDelay(OutDelay)
    ) u_out (
      .clk_i, .rst_ni,
      .sink_i          (term[o]),
      .take_i          (take[o*NumVcs +: NumVcs]),
      .credit_valid_i  (out_credit_i[o]),
      .credit_vc_i     (out_credit_vc_i[o*VcW +: VcW]),
      .free_o          (free[o*NumVcs +: NumVcs]),
      .credits_o       (credits[o*NumVcs*CrW +: NumVcs*CrW]),
      .credits_next_o  (dbg_credits_next_o[o*NumVcs*CrW +: NumVcs*CrW]),
      .can_send_o      (can_send[o*NumVcs +: NumVcs]),
      .send_valid_i    (xsel_valid[o]),
      .send_vc_i       (xout[o*XW + FlitW +: VcW]),
      .send_flit_i     (xout[o*XW +: FlitW]),
      .send_ack_i      (xout[o*XW + FlitW + VcW + HdrW]),
      .send_ack_hdr_i  (xout[o*XW + FlitW + VcW +: HdrW]),
      .out_valid_o     (out_valid_o[o]),
      .out_vc_o        (out_vc_o[o*VcW +: VcW]),
      .out_flit_o      (out_flit_o[o*FlitW +: FlitW]),
      .ack_valid_o     (ack_valid_o[o]),
      .ack_hdr_o       (ack_hdr_o[o*HdrW +: HdrW])
    );
  end

endmodule
