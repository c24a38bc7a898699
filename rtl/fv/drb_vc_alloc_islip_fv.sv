// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_vc_alloc with iSLIP (Islip = 1; 4 input VCs, 3 ports x 2 VCs; requests, ports and
// VC masks free, including a port that does not exist and an empty mask). Properties (with the unit's own
// assertions: one grant per output VC, one accept per input VC, of a grant it got):
// - an input VC is granted only if it asked, on an existing port, and then one of the VCs it asked for;
// - no two input VCs are given the same output VC (port and VC);
// - some input VC is granted whenever one asks for a VC of an existing port (one iteration: the first
//   output VC that grants has its input VC accept something).

module drb_vc_alloc_islip_fv (
  input logic       clk_i,
  input logic [3:0] req_i,
  input logic [7:0] req_port_i,  // input VC i asks on port req_port_i[2*i +: 2] (3: none such)
  input logic [7:0] req_mask_i   //   for its VCs req_mask_i[2*i +: 2]
);
  localparam int unsigned NumIn = 4, NumVcs = 2, NumOut = 6;

  logic [3:0] gnt;
  logic [3:0] gnt_vc;

  drb_vc_alloc #(.NumIn(NumIn), .NumOut(NumOut), .NumVcs(NumVcs), .Islip(1'b1)) u_dut (
    .clk_i,
    .rst_ni     (1'b1),
    .req_i,
    .req_ovc_i  ('0),
    .req_port_i,
    .req_mask_i,
    .gnt_o      (gnt),
    .gnt_vc_o   (gnt_vc)
  );

  logic [3:0] valid;
  always_comb begin
    for (int unsigned i = 0; i < NumIn; i++) begin
      valid[i] = req_i[i] && req_port_i[2*i +: 2] != 2'd3 && req_mask_i[2*i +: 2] != '0;
      if (gnt[i]) assert (valid[i] && req_mask_i[2*i + 32'(gnt_vc[i])]);
      for (int unsigned j = i + 1; j < NumIn; j++)
        if (gnt[i] && gnt[j] && req_port_i[2*i +: 2] == req_port_i[2*j +: 2]) assert (gnt_vc[i] != gnt_vc[j]);
    end
    if (valid != '0) assert (gnt != '0);
  end
endmodule
