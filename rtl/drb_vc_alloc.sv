// SPDX-License-Identifier: Apache-2.0
//
// VC allocator (reference: VcAllocator in systemc/router/vc_allocator.h with router.arbiter=rr).
//
// Separable (router.alloc.va=separable, Islip = 0): each input VC that waits for an output VC presents one
// request, the output VC (output port * VCs + VC) the route unit chose for it. Per output VC a round-robin
// arbiter over all input VCs grants the requester at or after its pointer, wrapping; the pointer moves to
// the winner + 1 (mod NumIn) at the clock edge. A request that loses is simply presented again (the input
// VC's state stays "waiting").
//
// iSLIP, one iteration (router.alloc.va=islip, Islip = 1): each waiting input VC asks for every usable VC of
// one output port (req_port_i, req_mask_i: the route unit's choice of port, as the separable request's).
// Grant: per output VC the same round-robin arbiter picks one asking input VC. Accept: per input VC, of the
// output VCs that granted it, the first at or after its accept pointer (over the port's VCs), wrapping.
// Pointers move only on accepted grants: the output VC's past the input VC, the input VC's past the VC.
module drb_vc_alloc #(
  /// Input VCs: input ports x VCs per port (input VC index = port * VCs + VC).
  parameter int unsigned NumIn  = 10,
  /// Output VCs: output ports x VCs per port.
  parameter int unsigned NumOut = 10,
  /// VCs per port (iSLIP's masks; NumOut = ports x NumVcs).
  parameter int unsigned NumVcs = 1,
  /// 0: separable; 1: iSLIP with one iteration.
  parameter bit          Islip  = 1'b0,
  parameter int unsigned InW    = (NumIn > 1) ? $clog2(NumIn) : 1,
  parameter int unsigned OutW   = (NumOut > 1) ? $clog2(NumOut) : 1,
  parameter int unsigned PortW  = (NumOut / NumVcs > 1) ? $clog2(NumOut / NumVcs) : 1,
  parameter int unsigned VcW    = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumIn-1:0]       req_i,       // input VC i waits for an output VC
  input  logic [NumIn*OutW-1:0]  req_ovc_i,   //   separable: the output VC it asks for, bits [i*OutW +: OutW]
  input  logic [NumIn*PortW-1:0] req_port_i,  //   iSLIP: the output port it asks on, [i*PortW +: PortW]
  input  logic [NumIn*NumVcs-1:0] req_mask_i, //     and that port's VCs it asks for, [i*NumVcs +: NumVcs]
  output logic [NumIn-1:0]       gnt_o,       // input VC i takes an output VC this cycle
  output logic [NumIn*VcW-1:0]   gnt_vc_o     //   iSLIP: which VC of its port (separable: the one it asked for)
);

  // Flat vectors (the Verilator/Yosys subset has no packed multi-dimensional arrays): output VC o's pointer
  // in ptr_q[o*InW +: InW], its requesters and grant in cand/win[o*NumIn +: NumIn].
  logic [NumOut*InW-1:0]   ptr_q;
  logic [NumOut*NumIn-1:0] cand, win;
  logic [NumOut*NumIn-1:0] moves;  // output VC o's pointer moves past input VC i

  // Per output VC: its requesters, and the grant from its pointer (drb_rr_pick).
  always_comb begin
    for (int unsigned o = 0; o < NumOut; o++) begin
      for (int unsigned i = 0; i < NumIn; i++) begin
        if (Islip)
          cand[o*NumIn+i] = req_i[i] && req_port_i[i*PortW +: PortW] == PortW'(o / NumVcs) &&
                            req_mask_i[i*NumVcs + o % NumVcs];
        else
          cand[o*NumIn+i] = req_i[i] && (req_ovc_i[i*OutW +: OutW] == OutW'(o));
      end
    end
  end
  for (genvar o = 0; o < NumOut; o++) begin : g_grant
    drb_rr_pick #(.N(NumIn), .W(InW)) u_pick (
      .req_i (cand[o*NumIn +: NumIn]),
      .ptr_i (ptr_q[o*InW +: InW]),
      .gnt_o (win[o*NumIn +: NumIn])
    );
  end

  if (!Islip) begin : g_sep
    // An input VC asks for one output VC, so at most one arbiter can grant it.
    always_comb begin
      gnt_o = '0;
      for (int unsigned o = 0; o < NumOut; o++) gnt_o = gnt_o | win[o*NumIn +: NumIn];
    end
    assign moves = win;
    for (genvar i = 0; i < NumIn; i++) begin : g_vc
      assign gnt_vc_o[i*VcW +: VcW] = VcW'(32'(req_ovc_i[i*OutW +: OutW]) % NumVcs);
    end
    logic unused_islip;
    assign unused_islip = ^{req_port_i, req_mask_i};
  end else begin : g_islip
    logic [NumIn*VcW-1:0]    acc_q;  // per input VC: the accept pointer over its port's VCs
    logic [NumIn*NumVcs-1:0] got, take;
    always_comb begin
      got = '0;
      for (int unsigned o = 0; o < NumOut; o++)  // only the asked port's output VCs can grant input VC i
        for (int unsigned i = 0; i < NumIn; i++)
          if (win[o*NumIn+i]) got[i*NumVcs + o % NumVcs] = 1'b1;
    end
    for (genvar i = 0; i < NumIn; i++) begin : g_accept
      drb_rr_pick #(.N(NumVcs), .W(VcW)) u_pick (
        .req_i (got[i*NumVcs +: NumVcs]),
        .ptr_i (acc_q[i*VcW +: VcW]),
        .gnt_o (take[i*NumVcs +: NumVcs])
      );
    end
    always_comb begin
      for (int unsigned i = 0; i < NumIn; i++) begin
        gnt_o[i] = |got[i*NumVcs +: NumVcs];
        gnt_vc_o[i*VcW +: VcW] = '0;
        for (int unsigned c = 0; c < NumVcs; c++)
          if (take[i*NumVcs+c]) gnt_vc_o[i*VcW +: VcW] = VcW'(c);
      end
      for (int unsigned o = 0; o < NumOut; o++)
        for (int unsigned i = 0; i < NumIn; i++)
          moves[o*NumIn+i] = win[o*NumIn+i] && take[i*NumVcs + o % NumVcs];
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        acc_q <= '0;
      end else begin
        for (int unsigned i = 0; i < NumIn; i++)
          if (gnt_o[i])
            acc_q[i*VcW +: VcW] <= (32'(gnt_vc_o[i*VcW +: VcW]) == NumVcs - 1) ? '0 : gnt_vc_o[i*VcW +: VcW] + 1'b1;
      end
    end
    logic unused_ovc;
    assign unused_ovc = ^req_ovc_i;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      for (int unsigned o = 0; o < NumOut; o++) begin
        for (int unsigned i = 0; i < NumIn; i++) begin
          if (moves[o*NumIn+i]) ptr_q[o*InW +: InW] <= (i == NumIn - 1) ? '0 : InW'(i + 1);
        end
      end
    end
  end

  // One grant per output VC and one accept per input VC, each only to a requester: drb_rr_pick's own
  // assertions, in every instance above.

endmodule
