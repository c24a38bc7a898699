// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_xbar_arbiter (5 inputs, the torus router's output). Inputs are free; properties:
// - the grant is one-hot or zero, only to requesters, and some input is granted whenever one requests
//   (work conserving); idx_o names the granted input;
// - priority first: when a requester has prio_i set, the grant carries it;
// - within a class, round robin: a requester that keeps its request loses at most NumIn - 1 used
//   arbitrations in a row while no priority request is present. The count restarts at a priority request:
//   priority grants move the one shared pointer, so across classes the wait has no such bound (a design
//   property of model and RTL alike, docs/cosim.md "Formal checks").

module drb_xbar_arbiter_fv (
  input logic       clk_i,
  input logic [4:0] req_i,
  input logic [4:0] prio_i,
  input logic       used_i
);
  localparam int unsigned N = 5;

  logic [N-1:0] gnt;
  logic         valid;
  logic [2:0]   idx;

  drb_xbar_arbiter #(.NumIn(N)) u_dut (
    .clk_i,
    .rst_ni  (1'b1),
    .req_i,
    .prio_i,
    .used_i,
    .gnt_o   (gnt),
    .valid_o (valid),
    .idx_o   (idx)
  );

  // Used arbitrations requester i lost in a row (3 bits per requester).
  logic [3*N-1:0] lost_q = '0;
  always_ff @(posedge clk_i) begin
    for (int unsigned i = 0; i < N; i++) begin
      if (!req_i[i] || (req_i & prio_i) != '0 || (gnt[i] && used_i)) lost_q[3*i +: 3] <= '0;
      else if (used_i && valid) lost_q[3*i +: 3] <= lost_q[3*i +: 3] + 3'd1;
    end
  end

  always_comb begin
    assert ((gnt & (gnt - 5'd1)) == '0);
    assert ((gnt & ~req_i) == '0);
    assert (valid == (req_i != '0));
    assert (valid == (gnt != '0));
    assert (!valid || gnt[idx]);
    assert ((req_i & prio_i) == '0 || (gnt & prio_i) != '0);
    for (int unsigned i = 0; i < N; i++) assert (lost_q[3*i +: 3] <= 3'(N - 1));
  end
endmodule
