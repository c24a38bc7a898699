// SPDX-License-Identifier: Apache-2.0
//
// The router's free-running W-bit timer that every AL reads (reference: LatencyAccumulator::timer(cycle)
// = (cycle / Tick) mod 2^W, cycle counted from the first clock edge after reset).

module drb_al_timer #(
  parameter int unsigned W    = drb_hdr_pkg::LatencyW,
  parameter int unsigned Tick = 1
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  output logic [W-1:0] timer_o
);

  logic [W-1:0] timer_q;
  logic         tick;

  if (Tick > 1) begin : g_prescale
    localparam int unsigned PreW = $clog2(Tick);
    localparam logic [PreW-1:0] PreLast = PreW'(Tick - 1);
    logic [PreW-1:0] pre_q;

    assign tick = (pre_q == PreLast);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   pre_q <= '0;
      else if (tick) pre_q <= '0;
      else           pre_q <= pre_q + 1'b1;
    end
  end else begin : g_every_cycle
    assign tick = 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)   timer_q <= '0;
    else if (tick) timer_q <= timer_q + 1'b1;
  end

  assign timer_o = timer_q;

endmodule
