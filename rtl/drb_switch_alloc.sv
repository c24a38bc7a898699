// SPDX-License-Identifier: Apache-2.0
//
// Switch allocator, separable input-first (reference: SwitchAllocator in systemc/router/switch_allocator.h,
// router.alloc.sa=separable with router.arbiter=rr). Every input VC that holds an output VC and may send
// (a credit, the link free) requests its output port. Input stage: per input port a drb_xbar_arbiter over
// its VCs (high-priority acks first, then round robin) picks one; output stage: per output port the
// crossbar arbiter (drb_xbar_arbiter, priority class first) grants one of the inputs whose pick wants it.
// Pointers: an output's moves past its grant; an input's moves past its pick only when that pick won.

module drb_switch_alloc #(
  /// Ports (input and output alike).
  parameter int unsigned NumPorts = 5,
  /// VCs per input port.
  parameter int unsigned NumVcs   = 2,
  parameter int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1,
  parameter int unsigned VcW      = (NumVcs > 1) ? $clog2(NumVcs) : 1
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic [NumPorts*NumVcs-1:0]       req_i,       // input VC p*NumVcs+v may send this cycle
  input  logic [NumPorts*NumVcs-1:0]       prio_i,      //   it carries a high-priority ack
  input  logic [NumPorts*NumVcs*PortW-1:0] out_port_i,  //   the output port it holds, bits [(p*NumVcs+v)*PortW +: PortW]
  output logic [NumPorts*NumVcs-1:0]       gnt_o        // its front flit crosses the switch this cycle
);

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
  logic [NumPorts*NumPorts-1:0] out_req, out_prio, out_gnt;
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
