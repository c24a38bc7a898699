// SPDX-License-Identifier: Apache-2.0
//
// Crossbar arbiter for one output port (reference: XbarArbiter in models/blocks/xbar_arbiter.h).
// NumIn-input round-robin with a priority class: when any requester has prio_i set (ack priority), only
// those compete. Within the competing set the grant goes to the first requester at or after the pointer,
// wrapping (drb_rr_pick). The pointer moves to grant + 1 (mod NumIn) only when the grant is used (used_i at
// the clock edge), so a grant that the output could not take is offered again.

module drb_xbar_arbiter #(
  parameter int unsigned NumIn = 5,
  parameter int unsigned IdxW  = (NumIn > 1) ? $clog2(NumIn) : 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [NumIn-1:0] req_i,
  input  logic [NumIn-1:0] prio_i,
  input  logic             used_i,   // the granted input moves a flit this cycle
  output logic [NumIn-1:0] gnt_o,    // one-hot
  output logic             valid_o,  // some input is granted
  output logic [IdxW-1:0]  idx_o     // index of the granted input (0 when none)
);

  localparam logic [IdxW-1:0] LastIdx = IdxW'(NumIn - 1);

  logic [IdxW-1:0]  ptr_q;
  logic [NumIn-1:0] hp_req, cand;

  assign hp_req = req_i & prio_i;
  assign cand   = (|hp_req) ? hp_req : req_i;

  drb_rr_pick #(.N(NumIn), .W(IdxW)) u_pick (
    .req_i (cand),
    .ptr_i (ptr_q),
    .gnt_o
  );
  assign valid_o = |cand;

  always_comb begin
    idx_o = '0;
    for (int unsigned i = 0; i < NumIn; i++) begin
      if (gnt_o[i]) idx_o = IdxW'(i);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else if (used_i && valid_o) begin
      ptr_q <= (idx_o == LastIdx) ? '0 : idx_o + 1'b1;
    end
  end

endmodule
