// SPDX-License-Identifier: Apache-2.0
//
// Formal harness of drb_switch_alloc with iSLIP (Islip = 1; 3 ports x 2 VCs; requests, priorities and
// output ports free, including a port that does not exist). Properties:
// - at most one flit per input port and per output port a cycle, only from a VC that stood for a request,
//   and never towards a missing port;
// - the VCs standing for requests (bid_o) asked, and at most one of an input stands for each output;
// - some flit moves whenever some VC asks for an existing port (one iteration: the first output that
//   grants has its input accept something).

module drb_switch_alloc_islip_fv (
  input logic        clk_i,
  input logic [5:0]  req_i,
  input logic [5:0]  prio_i,
  input logic [11:0] out_port_i  // VC k wants port out_port_i[2*k +: 2]
);
  localparam int unsigned NumPorts = 3, NumVcs = 2;

  logic [5:0] gnt, bid;

  drb_switch_alloc #(.NumPorts(NumPorts), .NumVcs(NumVcs), .Islip(1'b1)) u_dut (
    .clk_i,
    .rst_ni     (1'b1),
    .req_i,
    .prio_i,
    .out_port_i,
    .gnt_o      (gnt),
    .bid_o      (bid)
  );

  logic [5:0] to_port, valid_req;
  always_comb begin
    assert ((gnt & ~bid) == '0);
    assert ((bid & ~req_i) == '0);
    for (int unsigned p = 0; p < NumPorts; p++) begin
      assert (gnt[2*p +: 2] != 2'b11);
      // Both VCs of an input stand only for two different outputs.
      if (bid[2*p +: 2] == 2'b11) assert (out_port_i[4*p +: 2] != out_port_i[4*p+2 +: 2]);
    end
    for (int unsigned k = 0; k < 6; k++) valid_req[k] = req_i[k] && out_port_i[2*k +: 2] != 2'd3;
    for (int unsigned o = 0; o < 4; o++) begin
      for (int unsigned k = 0; k < 6; k++) to_port[k] = gnt[k] && out_port_i[2*k +: 2] == 2'(o);
      if (o < NumPorts) assert ((to_port & (to_port - 6'd1)) == '0);
      else assert (to_port == '0);
    end
    if (valid_req != '0) assert (gnt != '0);
  end
endmodule
