// SPDX-License-Identifier: Apache-2.0
//
// Up/down route compute of a k-ary n-tree switch (FatTreeRouting::route, deterministic up phase: updown;
// models/topology/fat_tree.h for the wiring). Switch (stage e, offset o) has element id e * K^(n-1) + o;
// down ports 0..K-1 lead towards the terminals, up ports K..2K-1 towards the roots. For destination
// terminal d:
//   the switch is an ancestor of d (d / K^(e+1) == o / K^e): down port digit e of d;
//   otherwise: up port K + digit e of d (every packet to d takes the same switch at each stage).
// here_o says that d hangs on this switch (stage 0, o == d / K): DEC acts here (Interconnect::dec_id), and
// the down port is then d's ejection channel. One VC class: sub_o is 0.
// Ruft: a switch of a k-ary n-stage RUFT (RuftRouting; models/topology/ruft.h), the same ids, K ports: output
// digit e of d at stage e; d hangs on the last stage's switch o == d mod K^(n-1) (its output digit n-1).

module drb_updown_rc #(
  parameter int unsigned K      = 4,                   /// arity (2K ports)
  parameter int unsigned Stages = 3,                   /// n (K^n terminals, n stages of K^(n-1) switches)
  parameter bit          Ruft   = 1'b0,                /// a RUFT's switch (K ports, one way up the stages)
  parameter int unsigned NodeW  = drb_hdr_pkg::NodeW,  /// bits of a terminal id
  parameter int unsigned IdW    = NodeW,               /// bits of an element id
  parameter int unsigned PortW  = $clog2(Ruft ? K : 2 * K)
) (
  input  logic [IdW-1:0]   elem_id_i,
  input  logic [NodeW-1:0] dest_i,
  output logic [PortW-1:0] port_o,
  output logic             here_o,
  output logic             sub_o
);

  function automatic int unsigned kpow(int unsigned i);  // K^i
    kpow = drb_shape_pkg::ipow(K, i);
  endfunction
  localparam int unsigned PerStage = kpow(Stages - 1);
  localparam int unsigned W = (IdW > NodeW ? IdW : NodeW) + 1;

  if (K < 2 || Stages < 1 || kpow(Stages) > (1 << NodeW) || Stages * PerStage > (1 << IdW)) begin : g_bad_params
    $error("drb_updown_rc: need K >= 2, n >= 1, K^n terminal ids in NodeW bits and n K^(n-1) element ids in IdW bits");
  end

  logic [W-1:0] id, dst, stage, offset;
  assign id     = W'(elem_id_i);
  assign dst    = W'(dest_i);
  assign stage  = id / W'(PerStage);
  assign offset = id % W'(PerStage);

  // Per stage e a constant division each (the powers as localparams: a function call in the loop below
  // was evaluated by the Verilated model on every settle); the switch's stage selects one.
  logic [Stages*W-1:0] digit_e, anc_e;  // stage e: bits [e*W +: W]
  for (genvar e = 0; e < Stages; e++) begin : g_stage
    localparam int unsigned P = kpow(e), P1 = kpow(e + 1);
    assign digit_e[e*W +: W] = (dst / W'(P)) % W'(K);
    assign anc_e[e*W +: W]   = W'((dst / W'(P1)) == (offset / W'(P)));
  end
  logic [W-1:0] digit, anc;
  always_comb begin
    digit = '0;
    anc   = '0;
    for (int unsigned e = 0; e < Stages; e++) begin
      if (stage == W'(e)) begin
        digit = digit_e[e*W +: W];
        anc   = anc_e[e*W +: W];
      end
    end
  end
  if (Ruft) begin : g_ruft
    assign port_o = PortW'(digit);
    assign here_o = (stage == W'(Stages - 1)) && (offset == dst % W'(PerStage));
  end else begin : g_tree
    assign port_o = anc[0] ? PortW'(digit) : PortW'(K) + PortW'(digit);
    assign here_o = (id == dst / W'(K));
  end
  assign sub_o  = 1'b0;

  logic unused;
  assign unused = ^{digit[W-1:0], anc};

endmodule
