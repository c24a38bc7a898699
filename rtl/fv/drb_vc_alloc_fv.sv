// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_vc_alloc (4 input VCs, 3 output VCs; requests free, including an output VC that
// does not exist). Properties:
// - per output VC at most one grant, only to an input VC that asked for it, and one whenever any did
//   (work conserving); a request for a missing output VC is never granted;
// - round robin: an input VC that keeps asking for the same output VC is granted within NumIn cycles
//   (it loses at most NumIn - 1 in a row).

module drb_vc_alloc_fv (
  input logic       clk_i,
  input logic [3:0] req_i,
  input logic [7:0] req_ovc_i  // input VC i asks for req_ovc_i[2*i +: 2]
);
  localparam int unsigned NumIn = 4, NumOut = 3;

  logic [3:0] gnt;

  drb_vc_alloc #(.NumIn(NumIn), .NumOut(NumOut)) u_dut (
    .clk_i,
    .rst_ni    (1'b1),
    .req_i,
    .req_ovc_i,
    .req_port_i ('0),  // (iSLIP's request; drb_vc_alloc_islip_fv)
    .req_mask_i ('0),
    .gnt_o     (gnt),
    .gnt_vc_o  ()
  );

  // Cycles in a row input VC i asked for the same output VC and lost (3 bits each).
  logic [11:0] lost_q = '0;
  logic [7:0]  ovc_q = '0;
  always_ff @(posedge clk_i) begin
    ovc_q <= req_ovc_i;
    for (int unsigned i = 0; i < NumIn; i++) begin
      if (!req_i[i] || gnt[i] || req_ovc_i[2*i +: 2] == 2'd3) lost_q[3*i +: 3] <= '0;  // 3: no such VC
      else if (req_ovc_i[2*i +: 2] != ovc_q[2*i +: 2]) lost_q[3*i +: 3] <= 3'd1;  // a new request, lost once
      else lost_q[3*i +: 3] <= lost_q[3*i +: 3] + 3'd1;
    end
  end

  logic [3:0] asking;
  always_comb begin
    assert ((gnt & ~req_i) == '0);
    for (int unsigned o = 0; o < 4; o++) begin
      for (int unsigned i = 0; i < NumIn; i++) asking[i] = req_i[i] && req_ovc_i[2*i +: 2] == 2'(o);
      assert (((gnt & asking) & ((gnt & asking) - 4'd1)) == '0);
      if (o < NumOut) assert (asking == '0 || (gnt & asking) != '0);
      else assert ((gnt & asking) == '0);
    end
    for (int unsigned i = 0; i < NumIn; i++) assert (lost_q[3*i +: 3] <= 3'(NumIn - 1));
  end
endmodule
