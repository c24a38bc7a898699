// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrappers of the whole router (rtl/drb_router.sv), 4-flit buffers and the chapter-6 pipeline
// delays (1/1/1/1), each with DRB's blocks (DEC, AL, GMR) and without them (the plain VC router: a head
// ejects where dest0 is this node); the flows set the parameters per row (synth/CMakeLists.txt):
// * Family 0: the 8x8 torus router, 5 ports, dimension-order routing with two dateline classes (one group:
//   VCs split evenly between the classes), at 2, 4 and 8 VCs;
// * Family 1: a switch of the 4-ary 3-tree (64 terminals, the header's 6-bit node ids hold its 48 switch
//   ids), 8 ports, up/down routing; the same two classes serve DRB's two groups (metapath steps and acks,
//   GroupBase: group g in class g), as a DRB fat-tree's layout has them.
// * Adaptive (Family 0): the torus router with minimal adaptive routing (routing.algorithm=adaptive), at
//   4 VCs or more: three classes, the two dateline escape classes of one VC each and the adaptive class of
//   the rest; output VCs reallocated once empty (AtomicVc), as the model's adaptive routing has them.
// * NegFirst (Family 0, Wrap 0): the 8x8 mesh router with negative-first routing and misroutes;
//   Family 3 with Dims 6: the 64-node binary hypercube's router (7 ports, dimension order); Family 2 with
//   K 4, Dims 2, Conc 4: a switch of the 64-terminal flattened butterfly (10 ports). No rings, so, as on the
//   fat-tree, DRB's two groups take one class each.
// Every input and every combinational output is registered, so each reported path runs from a flip-flop to
// a flip-flop.

module drb_router_synth #(
  parameter int unsigned NumVcs = 2,     /// VCs per port
  parameter bit          Drb    = 1'b1,  /// DEC, AL and GMR in the router
  parameter int unsigned Family = 0,     /// 0: 8x8 torus router; 1: 4-ary 3-tree switch
  parameter bit          Adaptive = 1'b0,  /// minimal adaptive routing (Family 0, NumVcs >= 3)
  parameter bit          Wrap   = 1'b1,  /// Family 0: torus (1) or mesh (0)
  parameter bit          NegFirst = 1'b0,  /// Family 0 mesh: negative-first with misroutes
  parameter int unsigned Dims   = 2,     /// Family 0: 2 (the header's dateline bits); hypercube: 6
  parameter int unsigned K      = 8,     /// Family 0: radix; flattened butterfly: switches per dimension
  parameter int unsigned Conc   = 1,     /// flattened butterfly: terminals per switch
  parameter bit          SaIslip = 1'b0, /// switch allocation iSLIP (0: separable)
  parameter bit          VaIslip = 1'b0, /// VC allocation iSLIP (0: separable)
  parameter int unsigned P      = drb_shape_pkg::router_ports(Family, Dims, 4, K, Conc),  /// ports
  parameter int unsigned VcW    = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [5:0]         node_id_i,
  input  logic               cfg_we_i,
  input  logic [15:0]        cfg_threshold_i,
  input  logic [P-1:0]       in_valid_i,
  input  logic [P*VcW-1:0]   in_vc_i,
  input  logic [P*95-1:0]    in_flit_i,
  output logic [P-1:0]       in_credit_o,
  output logic [P*VcW-1:0]   in_credit_vc_o,
  output logic [P-1:0]       out_valid_o,
  output logic [P*VcW-1:0]   out_vc_o,
  output logic [P*95-1:0]    out_flit_o,
  input  logic [P-1:0]       out_credit_i,
  input  logic [P*VcW-1:0]   out_credit_vc_i,
  output logic [P-1:0]       ack_valid_o,
  output logic [P*93-1:0]    ack_hdr_o
);

  // The layout: two classes of NumVcs / 2 VCs (class 1 from VC NumVcs / 2); on the torus the dateline
  // sub-classes of the one group, on the fat-tree the classes of groups 0 and 1.
  localparam int unsigned Half = NumVcs / 2;
  // Adaptive: classes esc0 (VC 0), esc1 (VC 1), adaptive (VCs 2..NumVcs-1).
  localparam logic [63:0] Base = (Family == 0 && Wrap) ? 64'h0 : 64'h10;
  localparam logic [63:0] First = Adaptive ? 64'h210 : {56'd0, 4'(Half), 4'd0};
  localparam logic [63:0] Count = Adaptive ? {52'd0, 4'(NumVcs - 2), 8'h11} : {56'd0, 4'(Half), 4'(Half)};

  logic [5:0]         node_q;
  logic               cfg_we_q;
  logic [15:0]        cfg_threshold_q;
  logic [P-1:0]       in_valid_q, out_credit_q, in_credit_d, ack_valid_d;
  logic [P*VcW-1:0]   in_vc_q, out_credit_vc_q, in_credit_vc_d;
  logic [P*95-1:0]    in_flit_q;
  logic [P*93-1:0]    ack_hdr_d;

  always_ff @(posedge clk_i) begin
    node_q          <= node_id_i;
    cfg_we_q        <= cfg_we_i;
    cfg_threshold_q <= cfg_threshold_i;
    in_valid_q      <= in_valid_i;
    in_vc_q         <= in_vc_i;
    in_flit_q       <= in_flit_i;
    out_credit_q    <= out_credit_i;
    out_credit_vc_q <= out_credit_vc_i;
    in_credit_o     <= in_credit_d;
    in_credit_vc_o  <= in_credit_vc_d;
    ack_valid_o     <= ack_valid_d;
    ack_hdr_o       <= ack_hdr_d;
  end

  drb_router #(
    .Family(Family), .TreeK(4), .TreeStages(3), .K(K), .Dims(Dims), .Wrap(Wrap), .Conc(Conc), .NumPorts(P),
    .NumVcs(NumVcs), .Depth(4), .DRc(1), .DVa(1), .DDec(1), .OutDelay(2), .VcClasses(0),
    .Adaptive(Adaptive), .AtomicVc(Adaptive), .NegFirst(NegFirst), .SaIslip(SaIslip), .VaIslip(VaIslip),
    .GroupBase(Base), .ClassFirst(First), .ClassCount(Count), .AckGroup(1), .HighPrio(1'b0),
    .Drb(Drb), .Gmr(Drb)
  ) u_router (
    .clk_i, .rst_ni,
    .node_id_i       (node_q),
    .cfg_we_i        (cfg_we_q),
    .cfg_threshold_i (cfg_threshold_q),
    .cfg_every_hop_i (1'b0),
    .in_valid_i      (in_valid_q),
    .in_vc_i         (in_vc_q),
    .in_flit_i       (in_flit_q),
    .in_credit_o     (in_credit_d),
    .in_credit_vc_o  (in_credit_vc_d),
    .out_valid_o,
    .out_vc_o,
    .out_flit_o,
    .out_credit_i    (out_credit_q),
    .out_credit_vc_i (out_credit_vc_q),
    .ack_valid_o     (ack_valid_d),
    .ack_hdr_o       (ack_hdr_d),
    // the observation ports stay open: nothing is built for them
    /* verilator lint_off PINCONNECTEMPTY */
    .dbg_vc_state_o  (),
    .dbg_va_req_o    (),
    .dbg_va_gnt_o    (),
    .dbg_sa_req_o    (),
    .dbg_sa_gnt_o    (),
    .dbg_sa_bid_o    (),
    .dbg_out_port_o  (),
    .dbg_dec_pop_o   (),
    .dbg_al_wait_o   (),
    .dbg_state_next_o   (),
    .dbg_count_next_o   (),
    .dbg_credits_next_o ()
    /* verilator lint_on PINCONNECTEMPTY */
  );

endmodule
