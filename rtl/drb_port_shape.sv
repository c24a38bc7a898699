// SPDX-License-Identifier: Apache-2.0
//
// What each output port of a router leads to, from the router's family and its element id: combinational
// constants of its place in the topology, split out of drb_router (which had grown past the project's ~600
// lines) as the routing's other per-topology tables are (drb_dor_rc, drb_midimew_rc).
//
// term_o: the ports towards terminals, where the NI always sinks (no credits, no GMR, no dateline): a
// router's local ports (the last NiChannels); a k-ary n-tree switch's down ports at stage 0 (element ids
// below TreeK^(n-1)); a flattened butterfly switch's or a hybrid router's last Conc ports; a RUFT's last
// stage; none of a hybrid's subnet switches.
//
// dl_o: per port the dateline bits a head leaving through it gets ORed into its header (drb_router does the
// OR, on network links only). On a torus (Family 0) leaving +d from coordinate k-1 sets bit d, and leaving
// -d from coordinate 0, for every member of a trunk; on a midimew (Family 9) a jump ring's bit is set
// leaving + from a node whose jump passes N, and leaving - from one whose jump goes below 0; switches and
// hypercubes have no rings.

module drb_port_shape #(
  /// The router's family (drb_router's Family): 0 k-ary n-cube, 1 k-ary n-tree, 2 flattened butterfly,
  /// 3 hypercube, 4..7 hybrid router and subnet switches, 8 RUFT, 9 midimew.
  parameter int unsigned Family     = 0,
  /// k-ary n-tree, RUFT: switch arity,
  parameter int unsigned TreeK      = 4,
  ///   and stages (element ids stage * TreeK^(n-1) + offset).
  parameter int unsigned TreeStages = 3,
  /// Flattened butterfly, hybrid router: terminals per switch, router.
  parameter int unsigned Conc       = 1,
  /// k-ary n-cube, hypercube, midimew: the local ports (topology.ni_channels).
  parameter int unsigned NiChannels = 1,
  /// Radix of every dimension, unless Radix; a midimew's node count N.
  parameter int unsigned K          = 8,
  /// Dimensions n.
  parameter int unsigned Dims       = 2,
  /// Per dimension d, bits [8d +: 8]: its radix (0: K).
  parameter logic [63:0] Radix      = 64'h0,
  /// Torus (1) or mesh (0).
  parameter bit          Wrap       = 1'b1,
  /// Links a direction (topology.trunk): ports (2d + s) Trunk + m.
  parameter int unsigned Trunk      = 1,
  /// Midimew: the long jump b (the short one b - 1).
  parameter int unsigned Jump       = 2,
  /// Output ports.
  parameter int unsigned NumPorts   = 5,
  /// Bits of node_id_i (the element id).
  parameter int unsigned IdW        = drb_hdr_pkg::NodeW,
  /// Dateline bits a port: the header package's, one per dimension.
  parameter int unsigned DlW        = drb_hdr_pkg::DatelineW
) (
  input  logic [IdW-1:0]          node_id_i,
  output logic [NumPorts-1:0]     term_o,    // port q leads to a terminal
  output logic [NumPorts*DlW-1:0] dl_o       // port q's dateline bits at [q*DlW +: DlW]
);

  if ((Family == 0 || Family == 9) && DlW != Dims) begin : g_bad_layout
    $error("drb_port_shape: the dateline bits must be one per dimension");
  end

  // ---- the ports towards terminals
  if (drb_shape_pkg::local_port_router(Family)) begin : g_term_cube
    assign term_o = ~(NumPorts'(-1) >> NiChannels);  // the local ports, last
  end else if (Family == 2 || Family == 4) begin : g_term_conc
    assign term_o = ~(NumPorts'(-1) >> Conc);
  end else if (Family >= 5 && Family <= 7) begin : g_term_none
    assign term_o = '0;
  end else if (Family == 8) begin : g_term_ruft
    assign term_o = {NumPorts{32'(node_id_i) >= (TreeStages - 1) * drb_shape_pkg::ipow(TreeK, TreeStages - 1)}};
  end else begin : g_term_tree
    logic stage0;
    assign stage0 = 32'(node_id_i) < drb_shape_pkg::ipow(TreeK, TreeStages - 1);
    for (genvar q = 0; q < NumPorts; q++) begin : g_q
      assign term_o[q] = (q < TreeK) && stage0;
    end
  end

  // ---- the links' dateline bits (constant functions as drb_dor_rc's)
  function automatic int unsigned radix_of(int unsigned d);
    radix_of = drb_shape_pkg::dim_radix(Radix, K, d);
  endfunction
  function automatic int unsigned stride_of(int unsigned d);
    stride_of = drb_shape_pkg::dim_stride(Radix, K, d);
  endfunction

  if (Family == 9) begin : g_dl_midimew
    // A jump ring's dateline: + from a node whose jump passes N, - from one whose jump goes below 0.
    for (genvar q = 0; q < NumPorts; q++) begin : g_port
      localparam int unsigned J = (q < 2) ? Jump - 1 : Jump;
      for (genvar d = 0; d < DlW; d++) begin : g_bit
        if (d == q / 2 && q < 4) begin : g_ring
          assign dl_o[q*DlW + d] = (q % 2 == 0) ? (32'(node_id_i) + J >= K) : (32'(node_id_i) < J);
        end else begin : g_none
          assign dl_o[q*DlW + d] = 1'b0;
        end
      end
    end
  end else if (Family != 0) begin : g_dl_none  // switches and hypercubes have no rings
    assign dl_o = '0;
    logic unused_id;
    assign unused_id = ^node_id_i;
  end else for (genvar d = 0; d < Dims; d++) begin : g_dl
    localparam int unsigned NW = IdW;
    logic [NW-1:0] c;   // this router's coordinate in dimension d
    assign c = (node_id_i / NW'(stride_of(d))) % NW'(radix_of(d));
    if (!Wrap) begin : g_mesh
      logic unused_c;
      assign unused_c = ^c;
    end
    for (genvar q = 0; q < NumPorts; q++) begin : g_port
      if (Wrap && q / Trunk == 2 * d) begin : g_plus
        assign dl_o[q*DlW + d] = (c == NW'(radix_of(d) - 1));
      end else if (Wrap && q / Trunk == 2 * d + 1) begin : g_minus
        assign dl_o[q*DlW + d] = (c == '0);
      end else begin : g_none
        assign dl_o[q*DlW + d] = 1'b0;
      end
    end
  end

endmodule
