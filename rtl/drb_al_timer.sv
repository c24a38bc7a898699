// SPDX-License-Identifier: Apache-2.0
//
// The router's free-running W-bit timer that every AL reads (reference: LatencyAccumulator::timer(cycle)
// = (cycle / Tick) mod 2^W, cycle counted from the first clock edge after reset). One per router
// (drb_router), so that the timer and its prescaler are one block with one bench (bench_al) instead of a
// copy inside the router. timer_ahead_o is the timer Ahead cycles from now, floor((cycle + Ahead) / Tick):
// the router's T1 of a head routed now, which reaches the switch DVa cycles later.

module drb_al_timer #(
  /// Bits of the timer (the header's latency field).
  parameter int unsigned W     = drb_hdr_pkg::LatencyW,
  /// Cycles a timer unit lasts (al.tick): the timer moves every Tick cycles.
  parameter int unsigned Tick  = 1,
  /// Cycles ahead of now that timer_ahead_o reads (the router's DVa).
  parameter int unsigned Ahead = 0
) (
  input  logic         clk_i,
  input  logic         rst_ni,
  output logic [W-1:0] timer_o,        // timer(cycle)
  output logic [W-1:0] timer_ahead_o   // timer(cycle + Ahead)
);

  localparam int unsigned PreW = (Tick > 1) ? $clog2(Tick) : 1;

  logic [W-1:0]    timer_q;
  logic [PreW-1:0] pre_q;  // the cycles of the current tick: cycle mod Tick
  logic            tick;

  if (Tick > 1) begin : g_prescale
    localparam logic [PreW-1:0] PreLast = PreW'(Tick - 1);

    assign tick = (pre_q == PreLast);
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)   pre_q <= '0;
      else if (tick) pre_q <= '0;
      else           pre_q <= pre_q + 1'b1;
    end
  end else begin : g_every_cycle
    assign tick  = 1'b1;
    assign pre_q = '0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni)   timer_q <= '0;
    else if (tick) timer_q <= timer_q + 1'b1;
  end

  assign timer_o = timer_q;
  // floor((cycle + Ahead) / Tick) = timer_q + (pre_q + Ahead) / Tick
  assign timer_ahead_o = (Tick == 1) ? timer_q + W'(Ahead) : timer_q + W'((32'(pre_q) + Ahead) / Tick);

endmodule
