// SPDX-License-Identifier: Apache-2.0
//
// Round-robin pick (reference: RrArbiter::pick in models/blocks/xbar_arbiter.h): of the requesters in
// req_i, the first at or after the pointer, wrapping; one-hot, zero when none requests. Combinational:
// the pointer is its user's, since the users move it on different events (the crossbar arbiter when the
// grant is used, the VC allocator when a grant is accepted, iSLIP's inputs past the VC that crossed) and
// iSLIP's switch allocation shares one input pointer among the picks for every output. Every round-robin
// choice of the router is this module: drb_xbar_arbiter, drb_vc_alloc (grant and iSLIP accept) and
// drb_switch_alloc (iSLIP's standing VC).
module drb_rr_pick #(
  /// Requesters.
  parameter int unsigned N = 5,
  /// Pointer width.
  parameter int unsigned W = (N > 1) ? $clog2(N) : 1
) (
  input  logic [N-1:0] req_i,
  input  logic [W-1:0] ptr_i,  // the first requester to consider
  output logic [N-1:0] gnt_o   // one-hot or zero
);

  logic [N-1:0] upper, sel;

  // Thermometer mask: requesters at or after the pointer.
  always_comb begin
    for (int unsigned i = 0; i < N; i++) upper[i] = req_i[i] && (W'(i) >= ptr_i);
  end

  assign sel   = (|upper) ? upper : req_i;
  assign gnt_o = sel & (~sel + 1'b1);  // lowest set bit

`ifndef SYNTHESIS
  always_comb begin
    assert ($onehot0(gnt_o));
    assert ((gnt_o & ~req_i) == '0);
    assert ((req_i == '0) == (gnt_o == '0));
  end
`endif

endmodule
