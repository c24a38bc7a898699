// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_rr_pick (5 requesters, every round-robin choice of the router). Inputs free;
// the unit's own assertions (one-hot, only requesters, some grant whenever one requests) and:
// - the grant is the first requester at or after the pointer, wrapping: no requester lies between the
//   pointer and the grant in round-robin order (pointers past the last requester wrap to requester 0).

module drb_rr_pick_fv (
  input logic [4:0] req_i,
  input logic [2:0] ptr_i
);
  localparam int unsigned N = 5;

  logic [N-1:0] gnt;

  drb_rr_pick #(.N(N)) u_dut (
    .req_i,
    .ptr_i,
    .gnt_o (gnt)
  );

  // Round-robin distance from the pointer (a pointer at or past N starts at requester 0).
  function automatic logic [2:0] rr_dist(input logic [2:0] i, input logic [2:0] ptr);
    logic [2:0] p;
    p = (ptr >= 3'(N)) ? 3'd0 : ptr;
    rr_dist = (i >= p) ? i - p : i + 3'(N) - p;
  endfunction

  always_comb begin
    for (int unsigned g = 0; g < N; g++)
      for (int unsigned j = 0; j < N; j++)
        if (gnt[g] && req_i[j]) assert (rr_dist(3'(g), ptr_i) <= rr_dist(3'(j), ptr_i));
  end
endmodule
