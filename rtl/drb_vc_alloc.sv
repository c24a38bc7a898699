// SPDX-License-Identifier: Apache-2.0
//
// VC allocator, separable with round-robin output arbiters (reference: VcAllocator in
// systemc/router/vc_allocator.h, router.alloc.va=separable with router.arbiter=rr). Each input VC that
// waits for an output VC presents one request: the output VC (output port * VCs + VC) the route unit chose
// for it. Per output VC a round-robin arbiter over all input VCs grants the requester at or after its
// pointer, wrapping; the pointer moves to the winner + 1 (mod NumIn) at the clock edge. A request that
// loses is simply presented again (the input VC's state stays "waiting").

module drb_vc_alloc #(
  /// Input VCs: input ports x VCs per port (input VC index = port * VCs + VC).
  parameter int unsigned NumIn  = 10,
  /// Output VCs: output ports x VCs per port.
  parameter int unsigned NumOut = 10,
  parameter int unsigned InW    = (NumIn > 1) ? $clog2(NumIn) : 1,
  parameter int unsigned OutW   = (NumOut > 1) ? $clog2(NumOut) : 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumIn-1:0]       req_i,      // input VC i waits for an output VC
  input  logic [NumIn*OutW-1:0]  req_ovc_i,  //   the output VC it asks for, bits [i*OutW +: OutW]
  output logic [NumIn-1:0]       gnt_o       // input VC i takes its output VC this cycle
);

  // Flat vectors (the Verilator/Yosys subset has no packed multi-dimensional arrays): output VC o's pointer
  // in ptr_q[o*InW +: InW], its requesters and winner in cand/win[o*NumIn +: NumIn].
  logic [NumOut*InW-1:0]   ptr_q;
  logic [NumOut*NumIn-1:0] cand, upper, sel, win;

  // Per output VC: its requesters, those at or after its pointer, the winner (lowest set bit).
  always_comb begin
    for (int unsigned o = 0; o < NumOut; o++) begin
      for (int unsigned i = 0; i < NumIn; i++) begin
        cand[o*NumIn+i]  = req_i[i] && (req_ovc_i[i*OutW +: OutW] == OutW'(o));
        upper[o*NumIn+i] = cand[o*NumIn+i] && (InW'(i) >= ptr_q[o*InW +: InW]);
      end
      sel[o*NumIn +: NumIn] = (|upper[o*NumIn +: NumIn]) ? upper[o*NumIn +: NumIn] : cand[o*NumIn +: NumIn];
      win[o*NumIn +: NumIn] = sel[o*NumIn +: NumIn] & (~sel[o*NumIn +: NumIn] + 1'b1);
    end
  end

  // An input VC asks for one output VC, so at most one arbiter can grant it.
  always_comb begin
    gnt_o = '0;
    for (int unsigned o = 0; o < NumOut; o++) gnt_o = gnt_o | win[o*NumIn +: NumIn];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      for (int unsigned o = 0; o < NumOut; o++) begin
        for (int unsigned i = 0; i < NumIn; i++) begin
          if (win[o*NumIn+i]) ptr_q[o*InW +: InW] <= (i == NumIn - 1) ? '0 : InW'(i + 1);
        end
      end
    end
  end

`ifndef SYNTHESIS
  // Each arbiter grants at most one input VC, and only one that asked for it.
  always_comb begin
    for (int unsigned o = 0; o < NumOut; o++) begin
      assert ($onehot0(win[o*NumIn +: NumIn]));
      assert ((win[o*NumIn +: NumIn] & ~cand[o*NumIn +: NumIn]) == '0);
    end
  end
`endif

endmodule
