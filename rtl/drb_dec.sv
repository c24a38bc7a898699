// SPDX-License-Identifier: Apache-2.0
//
// DEC: detection and elimination of intermediate headers (the reference is dec_step() in
// models/blocks/dec.h). Combinational; it sits in the route-compute stage in front of the route function.
//
//   dest0 != node_id            -> route on dest0, header unchanged   (pop_o = 0, eject_o = 0)
//   dest0 == node_id, more = 1  -> pop: shift the destination stack, step + 1, dateline cleared
//   dest0 == node_id, more = 0  -> final destination: eject
//
// A popped header goes around once more (the next destination may be this node too); that loop is the
// router's, not this block's.

module drb_dec (
  input  logic [drb_hdr_pkg::NodeW-1:0] node_id_i,
  input  drb_hdr_pkg::hdr_t             hdr_i,
  output drb_hdr_pkg::hdr_t             hdr_o,
  output logic                          pop_o,
  output logic                          eject_o
);

  logic at_node;
  assign at_node = (hdr_i.dest0 == node_id_i);
  assign pop_o   = at_node & hdr_i.dest0_more;
  assign eject_o = at_node & ~hdr_i.dest0_more;

  always_comb begin
    hdr_o = hdr_i;
    if (pop_o) begin
      // Shift the stack by one; an empty slot (zero, more = 0) enters at the back.
      hdr_o.dest0_more = hdr_i.dest1_more;
      hdr_o.dest0      = hdr_i.dest1;
      hdr_o.dest1_more = hdr_i.dest2_more;
      hdr_o.dest1      = hdr_i.dest2;
      hdr_o.dest2_more = 1'b0;
      hdr_o.dest2      = '0;
      // Next routing step (next VC class group, modulo the field width); datelines restart with it.
      hdr_o.step       = hdr_i.step + 1'b1;
      hdr_o.dateline   = '0;
    end
  end

endmodule
