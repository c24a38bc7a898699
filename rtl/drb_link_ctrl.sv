// SPDX-License-Identifier: Apache-2.0
//
// Link controller for one output trunk (reference: LinkController in models/blocks/link_ctrl.h): the
// power-saving mechanism's stage 1. A phit counter over the ON members, compared every TCheck cycles with
// the thresholds scaled by the number of ON members (no division), decides to turn one member off (highest
// index, idle, local injection queue empty, more than one ON) or one on (lowest-index OFF); a pending local
// message turns every OFF member on at once. Members in transition draw power and carry nothing; a
// transition takes TOn / TOff cycles. Member state encoding: 0 off, 1 turning on, 2 on, 3 turning off.

module drb_link_ctrl #(
  parameter int unsigned Members   = 4,
  parameter int unsigned TCheck    = 2000,
  parameter int unsigned TOn       = 1000,
  parameter int unsigned TOff      = 1000,
  parameter int unsigned InitAllOn = 1,     // 1: every member ON at reset; 0: member 0 only
  parameter int unsigned ThW       = $clog2(TCheck + 1),            // thresholds: phits per member and period
  parameter int unsigned AccW      = $clog2(Members * TCheck + 1),
  parameter int unsigned TickW     = $clog2(TCheck),
  parameter int unsigned TmrW      = $clog2((TOn > TOff ? TOn : TOff) + 1),
  parameter int unsigned NW        = $clog2(Members + 1)
) (
  input  logic                   clk_i,
  input  logic                   rst_ni,
  input  logic [Members-1:0]     phit_i,         // member j sent a phit this cycle
  input  logic [Members-1:0]     busy_i,         // member j carries a packet
  input  logic                   inj_empty_i,    // the local injection queue is empty
  input  logic                   inj_pending_i,  // it holds a message not yet started (congestion test)
  input  logic [ThW-1:0]         th_on_i,
  input  logic [ThW-1:0]         th_off_i,
  output logic [2*Members-1:0]   state_o,        // 2 bits per member
  output logic [Members-1:0]     usable_o,       // ON: offered to routing
  output logic [Members-1:0]     powered_o,      // ON or in transition
  output logic [AccW-1:0]        acc_o           // phits on ON members since the last check
);

  localparam logic [1:0] Off = 2'd0, TurningOn = 2'd1, On = 2'd2, TurningOff = 2'd3;
  localparam logic [TickW-1:0] LastTick = TickW'(TCheck - 1);
  localparam int unsigned LimW = AccW + NW;

  logic [2*Members-1:0]    st_q, st_d;
  logic [Members*TmrW-1:0] tmr_q, tmr_d;
  logic [AccW-1:0]         acc_q, total;
  logic [TickW-1:0]        tick_q;
  logic [Members-1:0]      on, off, idle_on, wake, sleep, phit_on;
  logic [NW-1:0]           n_on, n_phit;
  logic [LimW-1:0]         lim_on, lim_off;
  logic                    check, below, above;

  always_comb begin
    for (int unsigned j = 0; j < Members; j++) begin
      on[j]  = (st_q[2*j +: 2] == On);
      off[j] = (st_q[2*j +: 2] == Off);
    end
  end

  // Active members and this cycle's phits on them.
  assign phit_on = phit_i & on;
  always_comb begin
    n_on   = '0;
    n_phit = '0;
    for (int unsigned j = 0; j < Members; j++) begin
      n_on   = n_on + NW'(on[j]);
      n_phit = n_phit + NW'(phit_on[j]);
    end
  end

  assign total   = acc_q + AccW'(n_phit);
  assign check   = (tick_q == LastTick);
  assign lim_on  = LimW'(th_on_i) * LimW'(n_on);
  assign lim_off = LimW'(th_off_i) * LimW'(n_on);
  assign below   = (LimW'(total) < lim_off) && (n_on > NW'(1));
  assign above   = (LimW'(total) > lim_on);
  assign idle_on = on & ~busy_i;

  // Turn off: the highest-index idle ON member. Turn on: the lowest-index OFF member; every OFF member
  // when a local message is pending.
  always_comb begin
    sleep = '0;
    if (check && below && inj_empty_i) begin
      for (int unsigned j = 0; j < Members; j++) begin
        if (idle_on[j]) sleep = Members'(1) << j;
      end
    end
  end

  always_comb begin
    wake = inj_pending_i ? off : '0;
    if (check && !below && above) begin
      for (int unsigned j = Members; j > 0; j--) begin
        if (off[j-1]) wake = (inj_pending_i ? off : '0) | (Members'(1) << (j - 1));
      end
    end
  end

  // Timers of members in transition count down first; new transitions start at this edge.
  always_comb begin
    st_d  = st_q;
    tmr_d = tmr_q;
    for (int unsigned j = 0; j < Members; j++) begin
      if (st_q[2*j +: 2] == TurningOn || st_q[2*j +: 2] == TurningOff) begin
        tmr_d[TmrW*j +: TmrW] = tmr_q[TmrW*j +: TmrW] - 1'b1;
        if (tmr_q[TmrW*j +: TmrW] == TmrW'(1)) st_d[2*j +: 2] = (st_q[2*j +: 2] == TurningOn) ? On : Off;
      end
      if (wake[j]) begin
        st_d[2*j +: 2]        = TurningOn;
        tmr_d[TmrW*j +: TmrW] = TmrW'(TOn);
      end
      if (sleep[j]) begin
        st_d[2*j +: 2]        = TurningOff;
        tmr_d[TmrW*j +: TmrW] = TmrW'(TOff);
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int unsigned j = 0; j < Members; j++) begin
        st_q[2*j +: 2] <= (InitAllOn != 0 || j == 0) ? On : Off;
      end
      tmr_q  <= '0;
      acc_q  <= '0;
      tick_q <= '0;
    end else begin
      st_q   <= st_d;
      tmr_q  <= tmr_d;
      acc_q  <= check ? '0 : total;
      tick_q <= check ? '0 : tick_q + 1'b1;
    end
  end

  always_comb begin
    for (int unsigned j = 0; j < Members; j++) begin
      usable_o[j]  = on[j];
      powered_o[j] = !off[j];
    end
  end
  assign state_o = st_q;
  assign acc_o   = acc_q;

endmodule
