// SPDX-License-Identifier: Apache-2.0
//
// Cyclic trunk selection's pointers (RouteUnit::granted in systemc/router/route_unit.h,
// router.trunk_select=cyclic) of a k-ary n-cube router with Trunk links a direction: per trunk (direction
// 2d + s, ports (2d + s) Trunk .. (2d + s) Trunk + Trunk - 1) the member its next head tries first. A grant
// on member m of a trunk makes m + 1 its next first member; of several grants on one trunk in a cycle the
// last in input-VC order counts, as the model grants them in that order. The route units read the
// register, so this cycle's grants act from the next. A module of its own, beside the route units that
// read it, so that drb_router assembles units instead of holding their registers; drb_router instantiates
// it only for cyclic selection (otherwise every trunk starts at member 0).

module drb_trunk_ptr #(
  /// VC-allocation requesters: the router's input VCs.
  parameter int unsigned NumIn = 2,
  /// Dimensions: 2 Dims trunks.
  parameter int unsigned Dims  = 2,
  /// Links a direction (topology.trunk), at least 2.
  parameter int unsigned Trunk = 2,
  /// Bits of an output port.
  parameter int unsigned PortW = 4,
  /// Bits of a member index.
  parameter int unsigned TrW   = (Trunk > 1) ? $clog2(Trunk) : 1
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [NumIn-1:0]       gnt_i,    // VC allocation's grants, per input VC
  input  logic [NumIn*PortW-1:0] port_i,   //   and the output port each grant is on
  output logic [2*Dims*TrW-1:0]  first_o   // per trunk, the member its next head tries first
);

  if (Trunk < 2 || (1 << TrW) < Trunk || (1 << PortW) < 2 * Dims * Trunk) begin : g_bad_params
    $error("drb_trunk_ptr: Trunk >= 2 links a direction, member indices in TrW bits and the trunks' ports in PortW bits");
  end

  logic [2*Dims*TrW-1:0] first_q, first_d;

  always_comb begin
    first_d = first_q;
    for (int unsigned k = 0; k < NumIn; k++) begin
      if (gnt_i[k] && 32'(port_i[k*PortW +: PortW]) < 2 * Dims * Trunk)
        first_d[(32'(port_i[k*PortW +: PortW]) / Trunk)*TrW +: TrW] =
            TrW'((32'(port_i[k*PortW +: PortW]) % Trunk + 1) % Trunk);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) first_q <= '0;
    else first_q <= first_d;
  end

  assign first_o = first_q;

endmodule
