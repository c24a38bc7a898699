// SPDX-License-Identifier: Apache-2.0
//
// Synthesis wrapper: drb_link_ctrl at the power thesis' torus parameters (a trunk of 4 members, checked
// every 2000 cycles, 1000-cycle transitions, all on at reset) between input and output registers. The
// block's own state keeps its asynchronous reset; the I/O registers have none.

module drb_link_ctrl_synth (
  input  logic         clk_i,
  input  logic         rst_ni,
  input  logic [3:0]   phit_i,
  input  logic [3:0]   busy_i,
  input  logic         inj_empty_i,
  input  logic         inj_pending_i,
  input  logic [10:0]  th_on_i,
  input  logic [10:0]  th_off_i,
  output logic [7:0]   state_o,
  output logic [3:0]   usable_o,
  output logic [3:0]   powered_o,
  output logic [12:0]  acc_o
);

  logic [3:0]  phit_q, busy_q, usable_d, powered_d;
  logic        inj_empty_q, inj_pending_q;
  logic [10:0] th_on_q, th_off_q;
  logic [7:0]  state_d;
  logic [12:0] acc_d;

  always_ff @(posedge clk_i) begin
    phit_q        <= phit_i;
    busy_q        <= busy_i;
    inj_empty_q   <= inj_empty_i;
    inj_pending_q <= inj_pending_i;
    th_on_q       <= th_on_i;
    th_off_q      <= th_off_i;
    state_o       <= state_d;
    usable_o      <= usable_d;
    powered_o     <= powered_d;
    acc_o         <= acc_d;
  end

  drb_link_ctrl #(
    .Members   (4),
    .TCheck    (2000),
    .TOn       (1000),
    .TOff      (1000),
    .InitAllOn (1)
  ) u_link_ctrl (
    .clk_i,
    .rst_ni,
    .phit_i        (phit_q),
    .busy_i        (busy_q),
    .inj_empty_i   (inj_empty_q),
    .inj_pending_i (inj_pending_q),
    .th_on_i       (th_on_q),
    .th_off_i      (th_off_q),
    .state_o       (state_d),
    .usable_o      (usable_d),
    .powered_o     (powered_d),
    .acc_o         (acc_d)
  );

endmodule
