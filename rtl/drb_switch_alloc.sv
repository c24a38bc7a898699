// SPDX-License-Identifier: Apache-2.0
//
// Switch allocator (reference: SwitchAllocator in systemc/router/switch_allocator.h with router.arbiter=rr).
// Every input VC that holds an output VC and may send (a credit, the link free) requests its output port.
//
// Separable input-first (router.alloc.sa=separable, Islip = 0). Input stage: per input port a
// drb_xbar_arbiter over its VCs (high-priority acks first, then round robin) picks one; output stage: per
// output port the crossbar arbiter (drb_xbar_arbiter, priority class first) grants one of the inputs whose
// pick wants it. Pointers: an output's moves past its grant; an input's moves past its pick only when that
// pick won.
//
// iSLIP, one iteration (router.alloc.sa=islip, Islip = 1). Request: each input port requests every output
// one of its VCs wants; the VC standing for (input, output) is the first of those VCs at or after the
// input's VC pointer (drb_rr_pick), acks first. Grant: per output a drb_xbar_arbiter picks one requesting input (acks
// first). Accept: per input a drb_xbar_arbiter over the outputs that granted it (acks first) takes one.
// Pointers move only on accepted pairs: the output's past the input, the input's accept pointer past the
// output, its VC pointer past the VC that crosses.
module drb_switch_alloc #(
  /// Ports (input and output alike).
  parameter int unsigned NumPorts = 5,
  /// VCs per input port.
  parameter int unsigned NumVcs   = 2,
  /// 0: separable input-first; 1: iSLIP with one iteration.
  parameter bit          Islip    = 1'b0,
  parameter int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  parameter int unsigned VcW      = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic [NumPorts*NumVcs-1:0]       req_i,       // input VC p*NumVcs+v may send this cycle
  input  logic [NumPorts*NumVcs-1:0]       prio_i,      //   it carries a high-priority ack
  input  logic [NumPorts*NumVcs*PortW-1:0] out_port_i,  //   the output port it holds, bits [(p*NumVcs+v)*PortW +: PortW]
  output logic [NumPorts*NumVcs-1:0]       gnt_o,       // its front flit crosses the switch this cycle
  output logic [NumPorts*NumVcs-1:0]       bid_o        // it stood in the output stage (separable: req_i;
                                                        //   iSLIP: stands for its input's request of an output)
);

  logic [NumPorts*NumPorts-1:0] out_gnt;  // output o's grant over the inputs, bits [o*NumPorts +: NumPorts]

  if (!Islip) begin : g_sep

    // Input stage.
    logic [NumPorts-1:0]        pick_valid, won;
    logic [NumPorts*VcW-1:0]    pick_vc;
    logic [NumPorts*NumVcs-1:0] pick_gnt;
    logic [NumPorts*PortW-1:0]  pick_port;
    logic [NumPorts-1:0]        pick_prio;

    for (genvar p = 0; p < NumPorts; p++) begin : g_in
      drb_xbar_arbiter #(.NumIn(NumVcs), .IdxW(VcW)) u_arb (
        .clk_i,
        .rst_ni,
        .req_i   (req_i[p*NumVcs +: NumVcs]),
        .prio_i  (prio_i[p*NumVcs +: NumVcs]),
        .used_i  (won[p]),
        .gnt_o   (pick_gnt[p*NumVcs +: NumVcs]),
        .valid_o (pick_valid[p]),
        .idx_o   (pick_vc[p*VcW +: VcW])
      );
      assign pick_port[p*PortW +: PortW] = out_port_i[(p*NumVcs + 32'(pick_vc[p*VcW +: VcW]))*PortW +: PortW];
      assign pick_prio[p] = prio_i[p*NumVcs + 32'(pick_vc[p*VcW +: VcW])];
    end

    // Output stage: output o's requesters are the inputs whose pick holds o.
    logic [NumPorts*NumPorts-1:0] out_req, out_prio;
    always_comb begin
      for (int unsigned o = 0; o < NumPorts; o++) begin
        for (int unsigned p = 0; p < NumPorts; p++) begin
          out_req[o*NumPorts+p]  = pick_valid[p] && (pick_port[p*PortW +: PortW] == PortW'(o));
          out_prio[o*NumPorts+p] = out_req[o*NumPorts+p] && pick_prio[p];
        end
      end
    end

    for (genvar o = 0; o < NumPorts; o++) begin : g_out
      /* verilator lint_off UNUSED */
      logic             valid;  // the grant vector says it all
      logic [PortW-1:0] idx;
      /* verilator lint_on UNUSED */
      drb_xbar_arbiter #(.NumIn(NumPorts), .IdxW(PortW)) u_arb (
        .clk_i,
        .rst_ni,
        .req_i   (out_req[o*NumPorts +: NumPorts]),
        .prio_i  (out_prio[o*NumPorts +: NumPorts]),
        .used_i  (1'b1),  // every grant moves a flit
        .gnt_o   (out_gnt[o*NumPorts +: NumPorts]),
        .valid_o (valid),
        .idx_o   (idx)
      );
    end

    // An input won if some output granted it (at most one: its pick wants one output).
    always_comb begin
      won = '0;
      for (int unsigned o = 0; o < NumPorts; o++) won = won | out_gnt[o*NumPorts +: NumPorts];
      for (int unsigned p = 0; p < NumPorts; p++) gnt_o[p*NumVcs +: NumVcs] = won[p] ? pick_gnt[p*NumVcs +: NumVcs] : '0;
    end
    assign bid_o = req_i;
  end else begin : g_islip
    // Request: per (input p, output o) the VCs of p that want o, acks first, from p's VC pointer.
    logic [NumPorts*VcW-1:0]             vc_ptr_q;
    logic [NumPorts*NumPorts*NumVcs-1:0] want, cls, stand;         // bits [(p*NumPorts+o)*NumVcs +: NumVcs]
    logic [NumPorts*NumPorts-1:0]        o_req, o_prio;            // output o's requesters, [o*NumPorts + p]
    logic [NumPorts*NumPorts-1:0]        i_req, i_prio, acc;       // input p's grants, [p*NumPorts + o]
    logic [NumPorts-1:0]                 taken;                    // output o's grant was accepted
    always_comb begin
      for (int unsigned p = 0; p < NumPorts; p++) begin
        for (int unsigned o = 0; o < NumPorts; o++) begin
          for (int unsigned v = 0; v < NumVcs; v++) begin
            want[(p*NumPorts+o)*NumVcs+v] = req_i[p*NumVcs+v] && (out_port_i[(p*NumVcs+v)*PortW +: PortW] == PortW'(o));
          end
          cls[(p*NumPorts+o)*NumVcs +: NumVcs] = (|(want[(p*NumPorts+o)*NumVcs +: NumVcs] & prio_i[p*NumVcs +: NumVcs]))
                                               ? want[(p*NumPorts+o)*NumVcs +: NumVcs] & prio_i[p*NumVcs +: NumVcs]
                                               : want[(p*NumPorts+o)*NumVcs +: NumVcs];
        end
      end
    end
    // The VC standing for (p, o): one pick per output from input p's one VC pointer.
    for (genvar p = 0; p < NumPorts; p++) begin : g_stand
      for (genvar o = 0; o < NumPorts; o++) begin : g_out
        drb_rr_pick #(.N(NumVcs), .W(VcW)) u_pick (
          .req_i (cls[(p*NumPorts+o)*NumVcs +: NumVcs]),
          .ptr_i (vc_ptr_q[p*VcW +: VcW]),
          .gnt_o (stand[(p*NumPorts+o)*NumVcs +: NumVcs])
        );
      end
    end
    always_comb begin
      for (int unsigned p = 0; p < NumPorts; p++) begin
        for (int unsigned o = 0; o < NumPorts; o++) begin
          o_req[o*NumPorts+p]  = |stand[(p*NumPorts+o)*NumVcs +: NumVcs];
          o_prio[o*NumPorts+p] = |(stand[(p*NumPorts+o)*NumVcs +: NumVcs] & prio_i[p*NumVcs +: NumVcs]);
        end
      end
    end

    // Grant: per output, one requesting input; its pointer moves only when that input accepts.
    for (genvar o = 0; o < NumPorts; o++) begin : g_grant
      /* verilator lint_off UNUSED */
      logic             valid;
      logic [PortW-1:0] idx;
      /* verilator lint_on UNUSED */
      drb_xbar_arbiter #(.NumIn(NumPorts), .IdxW(PortW)) u_arb (
        .clk_i,
        .rst_ni,
        .req_i   (o_req[o*NumPorts +: NumPorts]),
        .prio_i  (o_prio[o*NumPorts +: NumPorts]),
        .used_i  (taken[o]),
        .gnt_o   (out_gnt[o*NumPorts +: NumPorts]),
        .valid_o (valid),
        .idx_o   (idx)
      );
    end

    always_comb begin
      for (int unsigned p = 0; p < NumPorts; p++) begin
        for (int unsigned o = 0; o < NumPorts; o++) begin
          i_req[p*NumPorts+o]  = out_gnt[o*NumPorts+p];
          i_prio[p*NumPorts+o] = out_gnt[o*NumPorts+p] && o_prio[o*NumPorts+p];
        end
      end
    end

    // Accept: per input, one granting output; its pointer moves whenever it accepts.
    for (genvar p = 0; p < NumPorts; p++) begin : g_accept
      /* verilator lint_off UNUSED */
      logic             valid;
      logic [PortW-1:0] idx;
      /* verilator lint_on UNUSED */
      drb_xbar_arbiter #(.NumIn(NumPorts), .IdxW(PortW)) u_arb (
        .clk_i,
        .rst_ni,
        .req_i   (i_req[p*NumPorts +: NumPorts]),
        .prio_i  (i_prio[p*NumPorts +: NumPorts]),
        .used_i  (1'b1),
        .gnt_o   (acc[p*NumPorts +: NumPorts]),
        .valid_o (valid),
        .idx_o   (idx)
      );
    end

    always_comb begin
      taken = '0;
      gnt_o = '0;
      bid_o = '0;
      for (int unsigned p = 0; p < NumPorts; p++) begin
        for (int unsigned o = 0; o < NumPorts; o++) begin
          taken[o] = taken[o] | acc[p*NumPorts+o];
          bid_o[p*NumVcs +: NumVcs] = bid_o[p*NumVcs +: NumVcs] | stand[(p*NumPorts+o)*NumVcs +: NumVcs];
          if (acc[p*NumPorts+o]) gnt_o[p*NumVcs +: NumVcs] = gnt_o[p*NumVcs +: NumVcs] | stand[(p*NumPorts+o)*NumVcs +: NumVcs];
        end
      end
    end

    // An input's VC pointer moves past the VC that crosses.
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        vc_ptr_q <= '0;
      end else begin
        for (int unsigned p = 0; p < NumPorts; p++) begin
          for (int unsigned v = 0; v < NumVcs; v++) begin
            if (gnt_o[p*NumVcs+v]) vc_ptr_q[p*VcW +: VcW] <= (v == NumVcs - 1) ? '0 : VcW'(v + 1);
          end
        end
      end
    end
  end

`ifndef SYNTHESIS
  // One flit per input port and per output port a cycle, and only from a VC that asked.
  always_comb begin
    for (int unsigned p = 0; p < NumPorts; p++) begin
      assert ($onehot0(gnt_o[p*NumVcs +: NumVcs]));
      assert ($onehot0(out_gnt[p*NumPorts +: NumPorts]));
    end
    assert ((gnt_o & ~req_i) == '0);
  end
`endif

endmodule
