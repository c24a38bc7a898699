// SPDX-License-Identifier: Apache-2.0
//
// Crossbar: output o carries the flit of the input its select names, when sel_valid_i[o]. Combinational;
// the switch allocator guarantees one input per output (and one output per input), so no input is lost.

module drb_crossbar #(
  parameter int unsigned NumPorts = 5,   /// input and output ports
  parameter int unsigned W        = 8,   /// bits a port carries
  parameter int unsigned PortW    = (NumPorts > 1) ? $clog2(NumPorts) : 1
) (
  input  logic [NumPorts*W-1:0]     in_i,         // input p's word, bits [p*W +: W]
  input  logic [NumPorts-1:0]       sel_valid_i,  // output o takes a word this cycle
  input  logic [NumPorts*PortW-1:0] sel_i,        //   from input sel_i[o*PortW +: PortW]
  output logic [NumPorts*W-1:0]     out_o
);

  always_comb begin
    out_o = '0;
    for (int unsigned o = 0; o < NumPorts; o++) begin
      for (int unsigned p = 0; p < NumPorts; p++) begin
        if (sel_valid_i[o] && sel_i[o*PortW +: PortW] == PortW'(p)) out_o[o*W +: W] = in_i[p*W +: W];
      end
    end
  end

endmodule
